"""``RulesetScene``: the base of every game scene (see docs/APP.md, "Writing a ruleset scene").

A game scene is a match driver (``driver.py``: turn flow, bots, autosave, undo, hot-seat
curtain, result, pacing) plus the table chrome (``chrome.py``: tracker, log, action bar,
toasts, inspector, tooltips) plus the board the subclass draws. This class composes the two
and keeps the hooks and members ruleset scenes use: ``draw_board``, ``targets``,
``on_events``, ``inspect``, and the words hooks of ``words.py`` (``phase_text``, ``phases``,
``round_label``, ``rule_hint``, ``describe``...);
``self.match``, ``self.view``, ``self.legal``, ``self.viewer``, ``self.act(action)``,
``self.queue``, ``self.toast``... A scene never changes rule state itself: it picks an
Action and the driver applies it.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.base.chrome import CANCEL, TableChrome, actions_of, make_animator
from game.scenes.base.driver import ACK, PASS_KINDS, MatchDriver
from game.scenes.base.words import TableWords
from game.ui import anim
from game.ui.input import Click, Command, Drop, IllegalClick, Inspect, SkipAnimation

log = logging.getLogger(__name__)

_ROUTED = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
           pygame.WINDOWLEAVE)


class _Via:
    """A scene attribute that lives on its driver or chrome (reads and writes go there)."""

    def __init__(self, part: str, name: str) -> None:
        self.part, self.name = part, name

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: Any, value: Any) -> None:
        setattr(getattr(obj, self.part), self.name, value)


class RulesetScene(TableWords, Scene):
    """The base of every game scene: a Match driven by a MatchDriver, shown with a TableChrome."""

    name = "game"
    #: the board area subclasses draw in (logical canvas coordinates)
    board_rect = pygame.Rect(10, 56, 900, 590)
    log_rect = pygame.Rect(920, 56, 350, 590)
    bar_rect = pygame.Rect(10, 654, 900, 46)
    tracker_rect = pygame.Rect(10, 8, 1260, 40)

    # the chrome's widgets and state
    router = _Via("chrome", "router")
    tooltip = _Via("chrome", "tooltip")
    toast = _Via("chrome", "toast")
    inspector = _Via("chrome", "inspector")
    banner = _Via("chrome", "banner")
    tracker = _Via("chrome", "tracker")
    log_panel = _Via("chrome", "log_panel")
    action_bar = _Via("chrome", "action_bar")
    _bar_actions = _Via("chrome", "bar_actions")
    _bar_override = _Via("chrome", "bar_override")
    _bar_lang = _Via("chrome", "bar_lang")
    # the driver's
    viewer = _Via("driver", "viewer")
    humans = _Via("driver", "humans")
    _cache_key = _Via("driver", "cache_key")
    _legal_set = _Via("driver", "legal_set")
    _bot_job = _Via("driver", "bot_job")
    _curtain_for = _Via("driver", "curtain_for")
    closed = _Via("driver", "closed")

    def __init__(self, app: Any, match: Any) -> None:
        super().__init__(app)
        app.apply_palette()  # the ui layer may be imported for the first time just now
        self.match = match
        self.ruleset = match.ruleset
        self.queue = anim.AnimationQueue()
        self.chrome = TableChrome(self)
        self.driver = MatchDriver(self, match)
        self.animator = self._make_animator()
        from game.scenes.base.tutor import Guide

        self.guide = Guide(self)  # the level's tutorial (when it has one) and the hint button

    # ================================================================= hooks for subclasses
    def draw_board(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """Draw the board for ``view`` (what the seat in front may know) inside ``board_rect``."""

    def targets(self, view: dict[str, Any], legal: list[Action]) -> list[Any]:
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

    def playing_phase(self) -> str | None:
        """The phase (as ``phases`` words it) whose moves the animations are playing out now, when it is later
        than the one the frozen tracker shows (a replay of Resolution); None by default."""
        return None

    def guide_first(self, action: Action) -> Any | None:
        """The payload of a click the table needs before ``action``'s own region plays it (e.g. turning
        a chip to the face the action places), or None; the tutor and the hint outline that one first."""
        return None

    def inspect(self, payload: Any) -> None:
        """Right-click on a region: show it large (default: the action's description)."""
        if isinstance(payload, Action):
            self.inspector.open(self.describe(payload), self.rule_hint(payload))
        elif isinstance(payload, (list, tuple)) and payload and isinstance(payload[0], Action):
            self.inspector.open(self.describe(payload[0]), "\n".join(self.describe(a) for a in payload))

    # ================================================================= helpers for subclasses
    @property
    def state(self) -> Any:
        """The live game state (read only: change it only through ``act``)."""
        return self.match.state

    @property
    def lang(self) -> str:
        """The current language code."""
        return i18n.language()

    def can_act(self) -> bool:
        """True when the seat in front may act now (human, its turn, nothing blocking, no pause waiting)."""
        seat = self.match.to_act()
        d = self.driver
        return (seat is not None and seat == d.viewer and not self.match.is_bot(seat)
                and not self.queue.blocking and d.curtain_for is None and d.ack is None)

    @property
    def view(self) -> dict[str, Any]:
        """What the seat in front of the screen may know (cached per move)."""
        self.driver.refresh()
        return self.driver.view

    @property
    def legal(self) -> list[Action]:
        """The legal actions of the seat to act (cached per move)."""
        self.driver.refresh()
        return self.driver.legal

    def tracker_state(self) -> dict[str, Any]:
        """What the tracker shows now (the driver keeps it while later moves still animate)."""
        return self.chrome.tracker_state(self.view)

    def tracker_actor_text(self) -> str:
        """The tracker's right-hand words: whose turn it is, a bot thinking, or the game over."""
        return self.chrome.actor_text()

    # ================================================================= acting
    def act(self, action: Action) -> bool:
        """Apply an action for the seat in front (human input); toast the reason when illegal."""
        if not self.can_act():
            seat = self.match.to_act()
            if seat is not None and seat != self.viewer:
                self.toast.show(t("game.waiting_for", name=self.seat_name(seat)), "info")
            return False
        if action not in self.driver.legal_set:
            self.toast.show(t("game.illegal", reason=self.explain(action)), "error")
            self.app.play_sound("illegal")
            return False
        if not self._apply(action, self.viewer):
            return False
        self.guide.on_action(action)
        return True

    def explain(self, action: Action) -> str:
        """Return why an action is not legal now, in words."""
        try:
            return self.state.explain_illegal(action)
        except Exception:  # noqa: BLE001
            log.exception("explain_illegal(%s)", action.key)
            return action.key

    def _apply(self, action: Action, seat: int | None) -> bool:
        """Apply an action of ``seat`` (human or bot): the driver saves it and queues its beat."""
        return self.driver.apply(action, seat)

    def autosave(self) -> None:
        """Write the autosave (atomically, keeping the previous one as backup)."""
        self.driver.autosave()

    def undo(self) -> None:
        """Undo the last action of the seat in front of the screen (the reason when refused)."""
        self.guide.hints.forget()
        self.driver.undo()

    def confirm(self) -> None:
        """Space: acknowledge a pause, or play the one pass-like action when exactly one is legal."""
        if self.driver.ack is not None and self.match.to_act() is not None:
            self.driver.acknowledge()
            return
        if not self.can_act():
            return
        passes = [a for a in self.legal if a.kind in PASS_KINDS]
        if len(passes) == 1:
            self.act(passes[0])
        elif len(self.legal) == 1:
            self.act(self.legal[0])

    def _bot_for(self, seat: int) -> Any:
        """The bot playing ``seat``: the level's script when the ruleset offers one, else the difficulty's bot."""
        return self.driver.bot_for(seat)

    # ================================================================= scene life cycle
    def enter(self) -> None:
        """Start (or resume) showing the match."""
        super().enter()
        self._apply_speed()
        self.sync_log(rebuild=True)
        self.autosave()

    def close(self) -> None:
        """Forget a running bot decision (its thread ends on its own)."""
        self.driver.closed = True
        self.driver.bot_job = None

    def on_settings_changed(self) -> None:
        """Re-word everything in the new language and follow the new speeds."""
        super().on_settings_changed()
        self._apply_speed()
        self.log_panel.title = t("game.log")
        self.sync_log(rebuild=True)
        self.driver.cache_key = None
        self.driver.dirty = True

    def _apply_speed(self) -> None:
        anim.set_speed(self.app.settings.animation_speed)

    def _make_animator(self) -> Any:
        self._tray_hold = 0.0
        self.dice_tray, animator = make_animator(self)
        if self.dice_tray is not None:  # dice land where the player's choices stay in sight
            self.dice_tray.bounds = pygame.Rect(self.board_rect)
            self.dice_tray.keep_clear = self.decision_rects
        return animator

    def decision_rects(self) -> list[pygame.Rect]:
        """Where the player must choose: the legal targets and buttons registered last frame (not the ones
        as large as a quarter of the board, like a whole-board drop zone); the dice tray keeps off them."""
        limit = self.board_rect.w * self.board_rect.h // 4
        out = []
        for r in self.router.regions:
            if not r.legal or r.payload is None:
                continue
            rect = r.rect
            if 0 < rect.w * rect.h <= limit:
                out.append(rect)
        return out

    def menu_rects(self) -> list[pygame.Rect]:
        """Open menus over the table (a pending choice, the bar's column; scenes add their own): the guide's
        bubble keeps off them and its outline of a card under one is not painted over it."""
        return self.chrome.menu_rects()

    def sync_log(self, rebuild: bool = False) -> None:
        """Bring the log panel up to the lines released so far (rebuilt after undo or a language change)."""
        self.chrome.sync_log(rebuild)

    def show_result(self) -> None:
        """Push the result screen (winners and scores)."""
        from game.scenes.base.result import show_result

        show_result(self)

    def rematch(self) -> None:
        """Start the same level with the same seats and the next seed."""
        from game.scenes.base.result import rematch

        rematch(self.app, self.match)

    # ================================================================= per frame
    def update(self, dt: float) -> None:
        """Advance animations and widgets, then the turn flow."""
        self.queue.update(dt)
        self.chrome.update(dt)
        tray = self.dice_tray
        if tray is not None and tray.dice:
            tray.update(dt)
            if tray.busy:
                self._tray_hold = 0.0
            else:
                self._tray_hold += dt
                if self._tray_hold > 1.6 and not self.queue.busy:
                    tray.clear()
        self.driver.step()
        self.guide.update()

    def is_animating(self) -> bool:
        """True while anything moves (the loop then ticks instead of sleeping)."""
        if self.queue.busy or self.chrome.animating:
            return True
        tray = self.dice_tray
        return bool(tray is not None and tray.dice)

    def wakeup_in(self) -> float | None:
        """When the loop must run a frame without input: a change not drawn yet, a bot to start or its pace."""
        due = self.driver.wakeup_in()
        if self.guide.hints.thinking:  # a hint's search runs: look again soon (it also wakes the loop)
            due = 0.1 if due is None else min(due, 0.1)
        return due

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
            self.on_click(intent.target if actions_of(intent.target) else intent.payload)
        elif isinstance(intent, IllegalClick):
            self.app.play_sound("illegal")
            self.toast.show(intent.reason, "error")
        elif isinstance(intent, Inspect):
            self.inspect(intent.payload)

    def on_click(self, payload: Any) -> None:
        """A legal region was clicked: play its action (a chooser when it stands for several)."""
        if payload is ACK:
            self.driver.acknowledge()
        elif self.guide.on_click(payload):
            return
        elif payload is CANCEL:
            self.on_intent_cancel()
        elif isinstance(payload, Action):
            self._bar_override = False
            self.act(payload)
        elif actions_of(payload):
            legal = [a for a in payload if a in self.driver.legal_set]
            if len(legal) == 1:
                self.act(legal[0])
            elif legal:
                self.choose_among(legal)

    def choose_among(self, actions: list[Action]) -> None:
        """Several actions for one target: offer them on the action bar."""
        self.chrome.choose_among(actions)

    def on_intent_cancel(self) -> None:
        """Drop a pending choice among several actions."""
        self._bar_override = False
        self._bar_actions = []

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
        self.chrome.collect_regions(view)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table, tracker, board, log and action bar."""
        self.driver.dirty = False
        view = self.view
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        self._collect_regions(view)
        self._draw_tracker(surface, view)
        self.draw_board(surface, view)
        self.chrome.follow_language()  # a language changed under a pause overlay: the log follows
        self.log_panel.draw(surface)
        self._draw_bar(surface)
        self.router.draw_highlights(surface)
        self.chrome.draw_meant(surface)
        if self.dice_tray is not None and self.dice_tray.dice:
            if not self.dice_tray.busy:  # a new decision came while the dice rest: step aside
                self.dice_tray.avoid(self.decision_rects())
            self.dice_tray.draw(surface)

    def _draw_tracker(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        self.chrome.draw_tracker(surface, view)

    def _draw_bar(self, surface: pygame.Surface) -> None:
        self.chrome.draw_bar(surface)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Ghost, banner, pause summary, toasts, inspector and tooltip over everything."""
        self.chrome.draw_top(surface)

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
