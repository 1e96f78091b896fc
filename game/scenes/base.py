"""``RulesetScene``: the base of every game scene (see docs/APP.md, "Writing a ruleset scene").

It holds a ``Match`` and does everything that is the same for every ruleset:

* turn flow: bot seats choose in a worker thread (the loop sleeps meanwhile; the
  thread wakes it) and their action is applied at the bot-pace setting; human
  seats act with the mouse on board targets or on the action bar;
* input: hover highlight + tooltip with the rule, an illegal click answered by a
  toast with ``state.explain_illegal``, right-click inspects, Ctrl+Z undo (with the
  reason when refused), Esc pause, Space confirm/pass, F1 rules;
* the game log panel, the phase/turn tracker, the event animations, autosave after
  every action, the hot-seat "pass to <name>" curtain, and the result screen.

Subclasses override the hooks: ``draw_board``, ``targets``, ``on_events``,
``phase_text`` (and optionally ``phases``, ``inspect``, ``layout``). A scene
never changes rule state itself: it picks an Action and the base applies it.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.engine.protocol import IllegalAction
from game.ui import anim, gfx
from game.ui.input import (Click, ClickEmpty, Command, DragCancel, Drop, HitRegion, IllegalClick, InputRouter,
                           Inspect, Scroll, SkipAnimation)
from game.ui.widgets import ActionBar, Banner, Inspector, LogPanel, PhaseTracker, Toast, Tooltip

log = logging.getLogger(__name__)

#: action kinds Space may confirm when exactly one of them is legal
PASS_KINDS = frozenset({"pass", "stop", "end_turn", "end", "done", "continue", "confirm", "next", "skip",
                        "finish", "end_phase", "ready", "proceed"})

_ROUTED = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
           pygame.WINDOWLEAVE)


@dataclass
class BotJob:
    """One bot decision running in a worker thread."""

    seat: int
    move: int                      # len(match.history) when it started (stale after an undo)
    started: float
    done: threading.Event = field(default_factory=threading.Event)
    action: Action | None = None
    error: str | None = None


class RulesetScene(Scene):
    """The base of every game scene: a Match, its turn flow, input, log, tracker, saves."""

    name = "game"
    #: the board area subclasses draw in (logical canvas coordinates)
    board_rect = pygame.Rect(10, 56, 900, 590)
    log_rect = pygame.Rect(920, 56, 350, 590)
    bar_rect = pygame.Rect(10, 654, 900, 46)
    tracker_rect = pygame.Rect(10, 8, 1260, 40)

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app)
        app.apply_palette()  # the ui layer may be imported for the first time just now
        self.match = match
        self.ruleset = match.ruleset
        self.router = InputRouter((1280, 720))
        self.queue = anim.AnimationQueue()
        self.tooltip = Tooltip((0, 0, 1280, 720))
        self.toast = Toast((self.board_rect.centerx, self.board_rect.y + 20))
        self.inspector = Inspector((0, 0, 1280, 720))
        self.banner = Banner((0, 0, 1280, 720))
        self.tracker = PhaseTracker(self.tracker_rect)
        self.log_panel = LogPanel(self.log_rect, title=t("game.log"))
        self.action_bar = ActionBar(self.bar_rect, size=16)
        humans = [i for i, s in enumerate(match.seats) if s.kind == "human"]
        self.humans = humans
        self.viewer: int | None = humans[0] if humans else None
        to_act = match.to_act()
        if to_act in humans:
            self.viewer = to_act
        self.animator = self._make_animator()
        self._curtain_for: int | None = None
        self._needs_curtain = len(humans) > 1 and self._hidden()
        # a hot-seat game resumed from a save (Continue, Load) shows the curtain before anyone's hand:
        # whoever opened it may not be the player to act
        self._resume_curtain = self._needs_curtain and bool(match.history) and to_act in humans
        self._bot_job: BotJob | None = None
        self._bots: dict[int, Any] = {}
        self._log_seen = 0
        self._log_lang = ""
        self._cache_key: tuple | None = None
        self._view: dict[str, Any] = {}
        self._legal: list[Action] = []
        self._legal_set: set[Action] = set()
        self._words: dict[tuple[Action, str], str] = {}
        self._regions: list[HitRegion] = []
        self._bar_actions: list[Action] = []
        self._result_shown = False  # a finished game (Continue after the end) shows its result again
        self._last_saved = -1
        self.closed = False

    # ================================================================= hooks for subclasses
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the board for ``view`` (what the seat in front may know) inside ``board_rect``."""

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[HitRegion]:
        """Return hit regions on the board; each payload is an Action or a list of Actions.

        Regions whose actions are not legal now are shown as illegal and a click on
        them says why (``state.explain_illegal``). Legal actions no region stands for
        go to the action bar.
        """
        return []

    def on_events(self, events: list[Event]) -> None:
        """Queue animations for the events of the action just applied (default: EventAnimator)."""
        self.animator.viewer = self.viewer
        self.animator.feed(events)

    def phase_text(self, view: dict[str, Any]) -> str | None:
        """Return the current phase/turn in words for the tracker (default: the view's ``phase``, translated
        by a catalogue key ``<ruleset>.phase.<id>`` or ``phase.<id>`` when the ruleset has one)."""
        phase = view.get("phase")
        if not isinstance(phase, (str, int)) or isinstance(phase, bool) or phase == "":
            return None
        for key in (f"{self.match.ruleset_id}.phase.{phase}", f"phase.{phase}"):
            if i18n.has(key):
                return t(key)
        return str(phase).replace("_", " ")

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """Return every phase name in order (the tracker shows the current one among them), or None."""
        return None

    def round_label(self, view: dict[str, Any]) -> str | None:
        """Return the round or turn label for the tracker (default: from view ``round`` or ``turn``)."""
        for key in ("round", "turn"):
            v = view.get(key)
            if isinstance(v, int) and not isinstance(v, bool):
                if key == "round":
                    return t("ui.round", n=v) if i18n.has("ui.round") else t("game.round_n", n=v)
                return t("game.turn_n", n=v)
        return None

    def inspect(self, payload: Any) -> None:
        """Right-click on a region: show it large (default: the action's description)."""
        if isinstance(payload, Action):
            self.inspector.open(self.describe(payload), self.rule_hint(payload))
        elif isinstance(payload, (list, tuple)) and payload and isinstance(payload[0], Action):
            self.inspector.open(self.describe(payload[0]), "\n".join(self.describe(a) for a in payload))

    def rule_hint(self, action: Action) -> str:
        """Return the tooltip text for an action (default: its description; rulesets may add the rule)."""
        return self.describe(action)

    # ================================================================= helpers for subclasses
    @property
    def state(self) -> Any:
        """The live game state (read only: change it only through ``act``)."""
        return self.match.state

    @property
    def lang(self) -> str:
        """The current language code."""
        return i18n.language()

    def describe(self, action: Action) -> str:
        """Return an action in words in the current language (memoized per position)."""
        self._refresh_cache()
        memo_key = (action, self.lang)
        text = self._words.get(memo_key)
        if text is None:
            try:
                text = self.state.describe(action, self.lang) or action.key
            except Exception:  # noqa: BLE001 - wording never breaks play
                log.exception("describe(%s)", action.key)
                text = action.key
            self._words[memo_key] = text
        return text

    def seat_name(self, seat: int | None) -> str:
        """Return a seat's display name."""
        if seat is None or not 0 <= seat < len(self.match.seats):
            return "-"
        return self.match.seats[seat].name

    def can_act(self) -> bool:
        """True when the seat in front of the screen may act now (human, its turn, nothing blocking)."""
        seat = self.match.to_act()
        return (seat is not None and seat == self.viewer and not self.match.is_bot(seat)
                and not self.queue.blocking and self._curtain_for is None)

    @property
    def view(self) -> dict[str, Any]:
        """What the seat in front of the screen may know (cached per move)."""
        self._refresh_cache()
        return self._view

    @property
    def legal(self) -> list[Action]:
        """The legal actions of the seat to act (cached per move)."""
        self._refresh_cache()
        return self._legal

    def _hidden(self) -> bool:
        try:
            return bool(self.match.state.is_hidden_information())
        except Exception:  # noqa: BLE001
            log.exception("is_hidden_information")
            return True

    def _refresh_cache(self) -> None:
        key = (id(self.match.state), len(self.match.history), self.viewer)
        if key == self._cache_key:
            return
        self._cache_key = key
        self._words = {}
        self._view = self.match.state.view(self.viewer)
        self._legal = list(self.match.legal_actions()) if not self.match.is_over() else []
        self._legal_set = set(self._legal)

    # ================================================================= acting
    def act(self, action: Action) -> bool:
        """Apply an action for the seat in front (human input); toast the reason when illegal."""
        if not self.can_act():
            seat = self.match.to_act()
            if seat is not None and seat != self.viewer:
                self.toast.show(t("game.waiting_for", name=self.seat_name(seat)), "info")
            return False
        if action not in self._legal_set:
            self.toast.show(t("game.illegal", reason=self.explain(action)), "error")
            self.app.play_sound("illegal")
            return False
        return self._apply(action, self.viewer)

    def explain(self, action: Action) -> str:
        """Return why an action is not legal now, in words."""
        try:
            return self.state.explain_illegal(action)
        except Exception:  # noqa: BLE001
            log.exception("explain_illegal(%s)", action.key)
            return action.key

    def _apply(self, action: Action, seat: int | None) -> bool:
        try:
            events = self.match.apply(action, seat)
        except IllegalAction as exc:
            self.toast.show(t("game.illegal", reason=exc.reason), "error")
            return False
        self._cache_key = None
        self.autosave()
        self.sync_log()
        self.on_events(list(events))
        return True

    def autosave(self) -> None:
        """Write the autosave (atomically, keeping the previous one as backup)."""
        n = len(self.match.history)
        if n == self._last_saved:
            return
        try:
            from game.engine.saves import autosave_path, save_match

            save_match(self.match, autosave_path())
            self._last_saved = n
        except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
            log.error("autosave failed: %s", exc)
            self.toast.show(t("game.autosave_failed", msg=str(exc)), "error")

    def undo(self) -> None:
        """Undo the last action of the seat in front of the screen (the reason when refused)."""
        seat = self.viewer
        if seat is None:
            self.toast.show(t("undo.nothing"), "info")
            return
        ok, reason = self.match.can_undo(seat)
        if not ok:
            self.toast.show(t(reason or "undo.nothing"), "error")
            return
        self._bot_job = None  # a decision for the old position is stale
        self.queue.skip()
        self.match.undo(seat)
        self._cache_key = None
        self._last_saved = -1
        self.autosave()
        self.sync_log(rebuild=True)
        self.toast.show(t("game.undone"), "good")

    def confirm(self) -> None:
        """Space: play the one pass-like action when exactly one is legal."""
        if not self.can_act():
            return
        passes = [a for a in self.legal if a.kind in PASS_KINDS]
        if len(passes) == 1:
            self.act(passes[0])
        elif len(self.legal) == 1:
            self.act(self.legal[0])

    # ================================================================= bots
    def _bot_for(self, seat: int) -> Any:
        """The bot playing ``seat``: the level's script when the ruleset offers one, else the difficulty's bot."""
        bot = self._bots.get(seat)
        if bot is None:
            from game.engine.bots import make_bot

            spec = self.match.seats[seat]
            seed = (int(self.match.seed) * 7919 + seat * 104729) & 0x7FFFFFFF
            try:
                bot = make_bot(spec.difficulty, seed)
            except ValueError:
                bot = make_bot("normal", seed)
            script = getattr(self.ruleset, "script_choice", None)
            if callable(script):
                bot = ScriptedBot(script, bot)
            self._bots[seat] = bot
        return bot

    def _start_bot(self, seat: int) -> None:
        job = BotJob(seat, len(self.match.history), time.monotonic())
        state = self.match.state
        view = state.view(seat)
        legal = list(state.legal_actions())
        ruleset = self.ruleset
        bot = self._bot_for(seat)

        def work() -> None:
            try:
                job.action = bot.choose(ruleset, view, seat, legal)
            except Exception as exc:  # noqa: BLE001 - reported on the main thread
                log.exception("bot for seat %s failed", seat)
                job.error = f"{type(exc).__name__}: {exc}"
            job.done.set()
            try:
                from game.app.main import WAKE_EVENT

                pygame.event.post(pygame.event.Event(WAKE_EVENT))
            except pygame.error:  # the window is gone
                pass

        self._bot_job = job
        threading.Thread(target=work, name=f"bot-{seat}", daemon=True).start()

    def _drive_bot(self) -> None:
        seat = self.match.to_act()
        if seat is None or not self.match.is_bot(seat):
            return
        job = self._bot_job
        if job is None or job.seat != seat or job.move != len(self.match.history):
            self._start_bot(seat)
            return
        if not job.done.is_set() or self.queue.blocking:
            return
        if time.monotonic() - job.started < self.app.settings.bot_pace:
            return
        self._bot_job = None
        action = job.action
        if action is None or action not in set(self.match.legal_actions()):
            why = job.error or (f"illegal choice {action.key}" if action is not None else "no choice")
            log.error("bot %s: %s; playing the first legal action", self.seat_name(seat), why)
            self.toast.show(t("game.bot_failed", name=self.seat_name(seat), msg=why), "error")
            legal = self.match.legal_actions()
            if not legal:
                return
            action = legal[0]
        self._apply(action, seat)

    # ================================================================= scene life cycle
    def enter(self) -> None:
        """Start (or resume) showing the match."""
        super().enter()
        self._apply_speed()
        self.sync_log(rebuild=True)
        self.autosave()

    def close(self) -> None:
        """Forget a running bot decision (its thread ends on its own)."""
        self.closed = True
        self._bot_job = None

    def on_settings_changed(self) -> None:
        """Re-word everything in the new language and follow the new speeds."""
        super().on_settings_changed()
        self._apply_speed()
        self.log_panel.title = t("game.log")
        self.sync_log(rebuild=True)
        self._cache_key = None

    def _apply_speed(self) -> None:
        anim.set_speed(self.app.settings.animation_speed)

    def _make_animator(self) -> Any:
        from game.ui.dice_tray import DiceTray

        self._tray_hold = 0.0
        tray = DiceTray(pygame.Rect(self.board_rect.centerx - 200, self.board_rect.centery - 120, 400, 240),
                        seed=int(self.match.seed), sounds=_AppSounds(self.app))
        self.dice_tray = tray
        return anim.EventAnimator(self.queue, tray=tray, sounds=_AppSounds(self.app), banner=self.banner,
                                  viewer=self.viewer)

    # ================================================================= per frame
    def sync_log(self, rebuild: bool = False) -> None:
        """Bring the log panel up to date with the match log (rebuilt after undo or a language change)."""
        lines = self.match.log
        if rebuild or self._log_lang != self.lang or len(lines) < self._log_seen:
            self.log_panel.clear()
            self._log_seen = 0
            self._log_lang = self.lang
        for line in lines[self._log_seen:]:
            text = line.text_for(self.viewer, self.lang)
            if text:
                self.log_panel.add(text, line.seat)
        self._log_seen = len(lines)

    def update(self, dt: float) -> None:
        """Advance animations and widgets, then the turn flow."""
        self.queue.update(dt)
        for w in (self.toast, self.inspector, self.banner, self.tracker):
            w.update(dt)
        tray = self.dice_tray
        if tray is not None and tray.dice:
            tray.update(dt)
            if tray.busy:
                self._tray_hold = 0.0
            else:
                self._tray_hold += dt
                if self._tray_hold > 1.6 and not self.queue.busy:
                    tray.clear()
        self.router.update(dt)
        if self.app.top is not self or self.closed:
            return
        if self.queue.blocking:
            return
        if self.match.is_over():
            if not self._result_shown and not self.queue.busy:
                self._result_shown = True
                self.show_result()
            return
        self._check_curtain()
        self._drive_bot()

    def _check_curtain(self) -> None:
        seat = self.match.to_act()
        if seat is None or self.match.is_bot(seat) or (seat == self.viewer and not self._resume_curtain):
            return
        if len(self.humans) > 1 and self._hidden():
            if self._curtain_for == seat:
                return
            from game.scenes.dialogs import PassScene

            self._curtain_for = seat
            self.app.push(PassScene(self.app, self.seat_name(seat), lambda s=seat: self._reveal(s)))
        else:
            self.viewer = seat
            self._cache_key = None
            self.sync_log(rebuild=True)

    def _reveal(self, seat: int) -> None:
        self._curtain_for = None
        self._resume_curtain = False
        self.viewer = seat
        self._cache_key = None
        self.sync_log(rebuild=True)

    def show_result(self) -> None:
        """Push the result screen (winners and scores)."""
        from game.scenes.dialogs import ResultScene

        res = self.match.result()
        winners = [self.seat_name(w) for w in (res.winners if res else ())]
        scores: list[tuple[str, str]] = []
        if res is not None and res.scores:
            for i, sc in enumerate(res.scores):
                val = int(sc) if float(sc).is_integer() else round(float(sc), 2)
                scores.append((self.seat_name(i), str(val)))
        reason = ""
        if res is not None and res.reason:
            reason = self.result_reason(res.reason)
        self.app.play_sound("victory")
        self.app.push(ResultScene(self.app, winners, scores, self.rematch, reason))

    def result_reason(self, reason: str) -> str:
        """Return a result's reason in words: ``<ruleset>.result.<reason>``, then ``result.<reason>``.

        A reason with no translation is left out rather than shown as a raw id.
        """
        rid = self.match.ruleset_id
        for key in (f"{rid}.result.{reason}", f"{rid}.event.over.{reason}", f"result.{reason}", reason):
            if i18n.has(key):
                return t(key)
        log.warning("no translation for the result reason %r of %s", reason, rid)
        return ""

    def rematch(self) -> None:
        """Start the same level with the same seats and the next seed."""
        from game.scenes.play import start_new_game

        m = self.match
        start_new_game(self.app, m.ruleset_id, m.level, m.seats, int(m.seed) + 1)

    def is_animating(self) -> bool:
        """True while anything moves (the loop then ticks instead of sleeping)."""
        if self.queue.busy or self.toast.animating or self.inspector.animating or self.banner.animating \
                or self.tracker.animating or self.router.wants_tick:
            return True
        tray = self.dice_tray
        return bool(tray is not None and tray.dice)

    def wakeup_in(self) -> float | None:
        """While a bot decides: when its pace delay ends (its thread also wakes the loop)."""
        job = self._bot_job
        if self.match.is_over():
            return None if self._result_shown else 0.05
        seat = self.match.to_act()
        if seat is not None and self.match.is_bot(seat) and (job is None or job.move != len(self.match.history)):
            return 0.0
        if job is not None and job.done.is_set():
            return max(0.0, self.app.settings.bot_pace - (time.monotonic() - job.started))
        return None

    # ================================================================= input
    def handle_event(self, event: pygame.event.Event) -> None:
        """Route mouse and keys through the InputRouter and act on the intents."""
        if self.handle_ui_event(event):
            return
        if event.type not in _ROUTED:
            return
        for intent in self.router.handle(event, blocked=self.queue.blocking):
            self.on_intent(intent)

    def on_intent(self, intent: Any) -> None:
        """Act on one intent from the router."""
        if self.inspector.handle(intent):
            return
        if self.log_panel.handle(intent):
            return
        if isinstance(intent, SkipAnimation):
            self.queue.skip()
            if self.dice_tray is not None and hasattr(self.dice_tray, "skip"):
                self.dice_tray.skip()
        elif isinstance(intent, Command):
            self.on_command(intent.name)
        elif isinstance(intent, Click):
            self.on_click(intent.payload)
        elif isinstance(intent, Drop):
            self.on_click(intent.target if _is_action(intent.target) else intent.payload)
        elif isinstance(intent, IllegalClick):
            self.app.play_sound("illegal")
            self.toast.show(intent.reason, "error")
        elif isinstance(intent, Inspect):
            self.inspect(intent.payload)
        elif isinstance(intent, (ClickEmpty, DragCancel, Scroll)):
            pass

    def on_click(self, payload: Any) -> None:
        """A legal region was clicked: play its action (a chooser when it stands for several)."""
        if payload is _CANCEL:
            self.on_intent_cancel()
        elif isinstance(payload, Action):
            self._bar_override = False
            self.act(payload)
        elif isinstance(payload, (list, tuple)) and payload and all(isinstance(a, Action) for a in payload):
            legal = [a for a in payload if a in self._legal_set]
            if len(legal) == 1:
                self.act(legal[0])
            elif legal:
                self.choose_among(legal)

    def choose_among(self, actions: list[Action]) -> None:
        """Several actions for one target: offer them on the action bar."""
        self._bar_actions = list(actions)
        self.action_bar.set_items([(self.describe(a), a, True, self.rule_hint(a)) for a in actions]
                                  + [(t("common.cancel"), "cancel", True, None)])
        self._bar_override = True

    def on_command(self, name: str) -> None:
        """Keyboard shortcuts: undo, pause, confirm, rules (F11 is the app's)."""
        if name == "undo":
            self.undo()
        elif name == "pause":
            from game.scenes.pause import PauseScene

            self.app.push(PauseScene(self.app, self))
        elif name == "confirm":
            self.confirm()
        elif name == "rules":
            self.open_rules()

    def open_rules(self) -> None:
        """Show this ruleset's rules reference."""
        from game.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.match.ruleset_id))

    # ================================================================= drawing
    def _collect_regions(self, view: dict[str, Any]) -> None:
        """Ask the subclass for targets, mark their legality, build the action bar, register all."""
        legal = self.legal
        acting = self.can_act()
        waiting_reason = None
        seat = self.match.to_act()
        if seat is not None and not acting:
            waiting_reason = t("game.waiting_for", name=self.seat_name(seat))
        regions: list[HitRegion] = []
        covered: set[Action] = set()
        raw = list(self.targets(view, legal))
        for r in raw:
            acts = _actions_of(r.payload)
            if acts:
                ok = any(a in self._legal_set for a in acts)
                covered.update(a for a in acts if a in self._legal_set)
                if r.tooltip is None:
                    r.tooltip = "\n".join(self.rule_hint(a) for a in acts[:4])
                if not ok:
                    r.legal = False
                    r.reason = r.reason or self.explain(acts[0])
                elif not acting:
                    r.legal = False
                    r.reason = waiting_reason
            regions.append(r)
        self._regions = regions
        if not getattr(self, "_bar_override", False) or not all(a in self._legal_set for a in self._bar_actions):
            self._bar_override = False
            bar = [a for a in legal if a not in covered] if acting else []
            if bar != self._bar_actions or self._bar_lang != self.lang:
                self._bar_actions = bar
                self._bar_lang = self.lang
                self.action_bar.set_items([(self.describe(a), a, True, self.rule_hint(a), a.kind in PASS_KINDS)
                                           for a in bar])
        router = self.router
        router.begin_frame()
        self.log_panel.register(router)
        router.add_many(regions)
        if acting or getattr(self, "_bar_override", False):
            for b in self.action_bar.buttons:
                region = b.region()
                if b.payload == "cancel":
                    region.payload = _CANCEL
                router.add(region)
        self.inspector.register(router)

    _bar_lang = ""
    _bar_override = False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, tracker, board, log and action bar."""
        view = self.view
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        self._collect_regions(view)
        self._draw_tracker(surface, view)
        self.draw_board(surface, view)
        self.log_panel.draw(surface)
        self._draw_bar(surface)
        self.router.draw_highlights(surface)
        if self.dice_tray is not None and self.dice_tray.dice:
            self.dice_tray.draw(surface)

    def tracker_actor_text(self) -> str:
        """The tracker's right-hand words: whose turn it is, a bot thinking, or the game over."""
        seat = self.match.to_act()
        if seat is None:
            return t("result.title")
        if self.match.is_bot(seat) and self._bot_job is not None:
            return t("game.bot_thinking", name=self.seat_name(seat))
        return t("game.turn", name=self.seat_name(seat))

    def _draw_tracker(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        seat = self.match.to_act()
        name = self.tracker_actor_text()
        phases = self.phases(view)
        current = self.phase_text(view)
        if phases is None:
            phases = [current] if current else []
        self.tracker.set(phases=phases, current=current if current in phases else None, seat=seat,
                         seat_name=name, round_label=self.round_label(view))
        self.tracker.draw(surface)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        if self.action_bar.buttons and (self.can_act() or self._bar_override):
            self.action_bar.draw(surface, self.router)
            return
        seat = self.match.to_act()
        pal = gfx.palette()
        if seat is not None:
            if seat == self.viewer:
                text = t("game.keys")
            elif self.match.is_bot(seat):
                text = t("game.bot_thinking", name=self.seat_name(seat))
            else:
                text = t("game.waiting_for", name=self.seat_name(seat))
            gfx.text(surface, text, self.bar_rect.center, 16, pal.ink_light, "center")

    def draw_top(self, surface: pygame.Surface) -> None:
        """Ghost, banner, toasts, inspector and tooltip over everything."""
        self.router.draw_ghost(surface)
        self.banner.draw(surface)
        self.toast.draw(surface)
        self.inspector.draw(surface)
        if not self.inspector.visible:
            self.tooltip.draw(surface, self.router.tooltip_text, self.router.mouse)

    def on_intent_cancel(self) -> None:
        """Drop a pending choice among several actions."""
        self._bar_override = False
        self._bar_actions = []

    # ================================================================= checks
    def invariants(self) -> list[str]:
        """Rule invariants plus the scene's own sanity checks (smoke calls this every frame)."""
        out = list(self.match.state.invariants())
        legal = self.legal
        if len(set(legal)) != len(legal):
            out.append("legal_actions() has duplicates")
        if not self.match.is_over() and not legal:
            out.append("no legal action although the game is not over")
        if self.viewer is not None and "rng" in self.view and self.view.get("rng") is not None:
            out.append("view() leaks the RNG")
        return out


class ScriptedBot:
    """A bot seat that first asks the ruleset's ``script_choice(view, seat, legal)`` (a level's scripted
    player, e.g. a tutorial opponent); when the script has no say (None, or an action not legal now)
    the seat's ordinary bot decides."""

    def __init__(self, script: Any, fallback: Any) -> None:
        self.script = script
        self.fallback = fallback
        self.difficulty = getattr(fallback, "difficulty", "normal")

    def choose(self, ruleset: Any, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Return the script's action when it gives a legal one, otherwise the fallback bot's."""
        act = self.script(view, seat, legal)
        if act is not None and act in legal:
            return act
        return self.fallback.choose(ruleset, view, seat, legal)


class _Cancel:
    """Payload of the Cancel button of a pending choice."""

    def __repr__(self) -> str:
        return "cancel"


_CANCEL = _Cancel()


def _is_action(x: Any) -> bool:
    return isinstance(x, Action) or (isinstance(x, (list, tuple)) and bool(x) and isinstance(x[0], Action))


def _actions_of(payload: Any) -> list[Action]:
    if isinstance(payload, Action):
        return [payload]
    if isinstance(payload, (list, tuple)) and payload and all(isinstance(a, Action) for a in payload):
        return list(payload)
    return []


class _AppSounds:
    """Adapter giving the EventAnimator the app's sound player (volume and mute honoured)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play a named sound."""
        try:
            return bool(self.app.sounds.play(name, volume))
        except Exception:  # noqa: BLE001 - sound never breaks the table
            return False


def seat_regions(rects: Sequence[pygame.Rect], actions: Iterable[Action | list[Action]]) -> list[HitRegion]:
    """Convenience: one HitRegion per rect/action pair (for simple boards)."""
    return [HitRegion(r, a) for r, a in zip(rects, actions)]
