"""The table chrome of a game scene: phase tracker, log panel, action bar, toasts, inspector, tooltips.

It draws what the match driver (``driver.py``) has released: the tracker and the status words
follow the driver's *shown* state (the one before beats whose animation still plays) and the
log shows the released lines, with runs of automatic steps folded into one row that lists them
on hover (``logfold.py``). It never changes rule state: clicks come back to the scene as intents.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.base.driver import ACK, PASS_KINDS
from game.scenes.base.logfold import LogFolder
from game.ui import gfx
from game.ui.input import HitRegion, InputRouter
from game.ui.widgets import (
    ActionBar,
    Banner,
    Button,
    Inspector,
    LogPanel,
    PhaseTracker,
    Toast,
    Tooltip,
)


class _Cancel:
    """Payload of the Cancel button of a pending choice."""

    def __repr__(self) -> str:
        return "cancel"


CANCEL = _Cancel()


def actions_of(payload: Any) -> list[Action]:
    """The actions a region's payload stands for (none when it is not an Action or a list of them)."""
    if isinstance(payload, Action):
        return [payload]
    if isinstance(payload, (list, tuple)) and payload and all(isinstance(a, Action) for a in payload):
        return list(payload)
    return []


def _spot(regions: list[HitRegion]) -> tuple[int, int]:
    """Where a choice's card lies on the board, for numbering (the first region's top-left; nothing first)."""
    return (regions[0].rect.x, regions[0].rect.y) if regions else (0, 0)


class TableChrome:
    """The widgets around the board, fed by the scene (``host``) and its driver."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.router = InputRouter((1280, 720))
        self.tooltip = Tooltip((0, 0, 1280, 720))
        self.toast = Toast((host.board_rect.centerx, host.board_rect.y + 20))
        self.inspector = Inspector((0, 0, 1280, 720))
        self.banner = Banner((0, 0, 1280, 720))
        self.tracker = PhaseTracker(host.tracker_rect)
        self.log_panel = LogPanel(host.log_rect, title=t("game.log"))
        self.action_bar = ActionBar(host.bar_rect, size=16)
        self.regions: list[HitRegion] = []
        self.bar_actions: list[Action] = []
        self.numbered: dict[Action, int] = {}  # choices told apart by a number (``labels``)
        self.bar_override = False
        self.bar_lang = ""
        self.folder: LogFolder | None = None
        self.log_seen = 0
        self.log_lang = ""
        self.log_viewer: Any = object()
        self.played: tuple[int, str] | None = None  # (the frozen state, the phase a replay showed in it)

    # ================================================================= log
    def sync_log(self, rebuild: bool = False) -> None:
        """Bring the log panel up to the lines the driver has released (rebuilt after undo or a language
        change); automatic steps fold (``logfold``)."""
        host = self.host
        match, lang, viewer = host.match, host.lang, host.viewer
        lines = match.log
        upto = min(len(lines), host.driver.log_upto())
        panel = self.log_panel
        if rebuild or self.folder is None or self.log_lang != lang or upto < self.log_seen \
                or self.log_viewer != viewer:
            panel.clear()
            panel.title = t("game.log")
            self.folder = LogFolder(match.ruleset_id, lang)
            self.log_seen = 0
            self.log_lang = lang
            self.log_viewer = viewer
        history = match.history
        for line in lines[self.log_seen:upto]:
            text = line.text_for(viewer, lang)
            if not text:
                continue
            kind = None
            if line.kind == "action" and 0 <= line.index < len(history):
                kind = history[line.index].action.kind
            if self.folder.add(text, line.seat, auto=bool(getattr(line, "auto", False)), index=line.index,
                               action_kind=kind):
                panel.add(text, self.folder.rows[-1].mark)
            else:  # a folded run grew: its seat's colour when it is one seat's, else the neutral mark
                row = self.folder.rows[-1]
                _replace_last(panel, row.text, row.mark)
        self.log_seen = max(self.log_seen, upto)

    def follow_language(self) -> None:
        """Re-word the whole log when the language changed since it was written (every line is kept in each
        language: ``LogLine.text_for``). Called before each drawing: the table also draws under a pause
        overlay, where the settings screen changes the language without the table being on top."""
        if self.log_lang and self.log_lang != self.host.lang:
            self.sync_log(rebuild=True)

    def log_rows(self) -> list[Any]:
        """The rows the log shows (folded runs included), oldest first."""
        return list(self.folder.rows) if self.folder is not None else []

    def register_log(self, router: InputRouter) -> None:
        """The log panel's wheel region, then one hover region per folded row showing every line in it."""
        panel = self.log_panel
        panel.register(router)
        if self.folder is None or not any(r.folded for r in self.folder.rows[-len(panel.entries):]):
            return
        rows = {id(e): r for e, r in zip(reversed(panel.entries), reversed(self.folder.rows))}
        tr = panel.text_rect
        lh = gfx.line_height(panel.size)
        shown = panel.visible_lines()
        y = tr.bottom - lh * len(shown)
        spans: dict[int, pygame.Rect] = {}
        for _text, entry, _first in shown:
            row = rows.get(id(entry))
            if row is not None and row.folded:
                r = pygame.Rect(tr.x, y, tr.w, lh)
                spans[id(entry)] = spans[id(entry)].union(r) if id(entry) in spans else r
            y += lh
        for key, rect in spans.items():
            row = rows[key]
            router.add(HitRegion(rect, payload=panel, tooltip="\n".join(row.lines), highlight=False,
                                 key=("log-fold", key)))

    # ================================================================= regions and the bar
    def collect_regions(self, view: dict[str, Any]) -> None:
        """Ask the scene for targets, mark their legality, build the action bar, register all."""
        host = self.host
        legal = host.legal
        legal_set = host.driver.legal_set
        acting = host.can_act()
        waiting_reason = None
        seat = host.match.to_act()
        if seat is not None and not acting:
            waiting_reason = t("game.waiting_for", name=host.seat_name(seat))
            if host.driver.ack is not None:
                waiting_reason = host.driver.ack.summary
        regions: list[HitRegion] = []
        covered: set[Action] = set()
        for r in list(host.targets(view, legal)):
            acts = actions_of(r.payload)
            if acts:
                ok = any(a in legal_set for a in acts)
                covered.update(a for a in acts if a in legal_set)
                if r.tooltip is None:
                    r.tooltip = "\n".join(host.rule_hint(a) for a in acts[:4])
                if not ok:
                    r.legal = False
                    r.reason = r.reason or host.explain(acts[0])
                elif not acting:
                    r.legal = False
                    r.reason = waiting_reason
            regions.append(r)
        self.regions = regions
        self._fill_bar(legal, covered, acting)
        router = self.router
        router.begin_frame()
        self.register_log(router)
        router.add_many(regions)
        if acting or self.bar_override:
            for b in self.action_bar.buttons:
                region = b.region()
                if b.payload == "cancel":
                    region.payload = CANCEL
                router.add(region)
        ack = self.ack_layout()
        if ack is not None:  # on top of everything but the inspector
            router.add(HitRegion(ack[1], payload=ACK, tooltip=host.driver.ack.summary, highlight=False, key="ack"))
        guide = getattr(host, "guide", None)
        if guide is not None:  # the hint button, the tutorial's buttons and what they point at
            guide.register(router)
            guide.layout_bubble(router)
        self.inspector.register(router)

    def _fill_bar(self, legal: list[Action], covered: set[Action], acting: bool) -> None:
        host = self.host
        legal_set = host.driver.legal_set
        if not self.bar_override or not all(a in legal_set for a in self.bar_actions):
            self.bar_override = False
            bar = [a for a in legal if a not in covered] if acting else []
            if bar != self.bar_actions or self.bar_lang != host.lang:
                self.bar_actions = bar
                self.bar_lang = host.lang
                self.action_bar.set_items([(w, a, True, host.rule_hint(a), a.kind in PASS_KINDS)
                                           for w, a in zip(self.labels(bar), bar)])

    def choose_among(self, actions: list[Action]) -> None:
        """Several actions for one target: offer them on the action bar (with Cancel)."""
        host = self.host
        self.bar_actions = list(actions)
        self.action_bar.set_items([(w, a, True, host.rule_hint(a)) for w, a in zip(self.labels(actions), actions)]
                                  + [(t("common.cancel"), "cancel", True, None)])
        self.bar_override = True

    # ================================================================= choices with the same words
    def labels(self, actions: list[Action]) -> list[str]:
        """The words of choices shown together. Choices whose words are the same (two cards of one name)
        get a number in board order (left to right, then top down); the card each one means wears that
        number on the board while the choices show (``draw_meant``), and hovering a choice outlines it."""
        words = [self.host.describe(a) for a in actions]
        groups: dict[str, list[int]] = {}
        for i, w in enumerate(words):
            groups.setdefault(w, []).append(i)
        self.numbered = {}
        for w, idx in groups.items():
            if len(idx) < 2:
                continue
            spots = [self.meant(actions[i]) for i in idx]
            order = sorted(range(len(idx)), key=lambda j: (not spots[j], _spot(spots[j]), j))
            for n, j in enumerate(order, 1):
                words[idx[j]] = t("game.choice_numbered", words=w, n=n)
                self.numbered[actions[idx[j]]] = n
        return words

    def meant(self, action: Action) -> list[HitRegion]:
        """The board regions an action means: those standing for it with the fewest other actions."""
        hits = [r for r in self.regions if action in actions_of(r.payload)]
        if not hits:
            return []
        fewest = min(len(actions_of(r.payload)) for r in hits)
        return [r for r in hits if len(actions_of(r.payload)) == fewest]

    def draw_meant(self, surface: pygame.Surface) -> None:
        """While numbered choices show, each card they mean wears its number; the choice under the mouse
        outlines the card it means."""
        bar = self.action_bar
        if not bar.buttons or not (self.host.can_act() or self.bar_override):
            return
        shown = {b.payload for b in bar.buttons}
        pal = gfx.palette()
        for action, n in self.numbered.items():
            if action not in shown:
                continue
            for r in self.meant(action)[:1]:
                badge = gfx.render(str(n), 15, pal.ink, bold=True)
                box = badge.get_rect().inflate(12, 4)
                box.w = max(box.w, box.h)
                box.topleft = (r.rect.x + 2, r.rect.y + 2)
                pygame.draw.rect(surface, pal.legal, box, border_radius=box.h // 2)
                surface.blit(badge, badge.get_rect(center=box.center))
        hovered = self.router.hovered
        if hovered is not None and isinstance(hovered.payload, Action) and hovered.payload in shown \
                and any(b.rect == hovered.rect for b in bar.buttons):
            for r in self.meant(hovered.payload):
                gfx.highlight(surface, r.rect, pal.legal, 3)

    def menu_rects(self) -> list[pygame.Rect]:
        """The open choice menu over the table: a pending choice (its choices and Cancel) or the action bar's
        column rising over the board (empty when neither shows); the guide keeps its bubble and outline off it."""
        bar = self.action_bar
        if not bar.buttons or not (self.host.can_act() or self.bar_override):
            return []
        if not (self.bar_override or bar.stacked):
            return []
        back = bar.buttons[0].rect.unionall([b.rect for b in bar.buttons[1:]])
        return [back.inflate(12, 12) if bar.stacked else back]

    # ================================================================= drawing
    def tracker_state(self, view: dict[str, Any]) -> dict[str, Any]:
        """What the tracker shows for ``view`` now: round, phases, current phase and the seat to act."""
        host = self.host
        phases = host.phases(view)
        current = host.phase_text(view)
        if phases is None:
            phases = [current] if current else []
        return {"phases": phases, "current": current if current in phases else None,
                "round_label": host.round_label(view), "seat": host.match.to_act()}

    def shown_tracker(self, view: dict[str, Any]) -> dict[str, Any]:
        """The tracker as the driver shows it (the state before moves still animating), with the phase the
        animations are playing out (``playing_phase``: a replay of a later phase) as the current one; that
        phase stays lit until those moves are released (no flicker back between two replays)."""
        host = self.host
        frozen = host.driver.frozen
        state = frozen or self.tracker_state(view)
        if frozen is None:
            self.played = None
            return state
        hook = getattr(host, "playing_phase", None)
        playing = hook() if hook is not None else None
        if playing is not None and playing in state["phases"]:
            self.played = (id(frozen), playing)
        elif self.played is not None and self.played[0] == id(frozen):
            playing = self.played[1]
        else:
            self.played = None
            return state
        return dict(state, current=playing)

    def draw_tracker(self, surface: pygame.Surface, view: dict[str, Any]) -> None:
        """The tracker as the driver shows it (``shown_tracker``)."""
        host = self.host
        state = self.shown_tracker(view)
        self.tracker.set(phases=state["phases"], current=state["current"], seat=host.driver.shown_seat(),
                         seat_name=host.tracker_actor_text(), round_label=state["round_label"])
        self.tracker.draw(surface)

    def actor_text(self) -> str:
        """The tracker's right-hand words: whose turn it is, a bot thinking, or the game over."""
        host = self.host
        seat = host.driver.shown_seat()
        if seat is None:
            return t("result.title")
        job = host.driver.bot_job
        if host.match.is_bot(seat) and job is not None and job.seat == seat:
            return t("game.bot_thinking", name=host.seat_name(seat))
        return t("game.turn", name=host.seat_name(seat))

    def draw_bar(self, surface: pygame.Surface) -> None:
        """The action bar when the seat in front may act (or a pause or a choice waits), else the status."""
        host = self.host
        if self.action_bar.buttons and (host.can_act() or self.bar_override):
            self.action_bar.draw(surface, self.router)
            return
        seat = host.driver.shown_seat()
        pal = gfx.palette()
        if seat is not None:
            if seat == host.viewer and host.driver.frozen is None:
                text = t("game.keys")
            elif host.match.is_bot(seat):
                text = t("game.bot_thinking", name=host.seat_name(seat))
            else:
                text = t("game.waiting_for", name=host.seat_name(seat))
            gfx.text(surface, text, host.bar_rect.center, 16, pal.ink_light, "center")

    def ack_layout(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """Where a pause shows (its panel and its button): above the action bar, or at the board's foot."""
        ack = self.host.driver.ack
        if ack is None:
            return None
        host = self.host
        size = 16
        lh = gfx.line_height(size)
        bw = min(360, gfx.text_size(ack.label, size + 1, bold=True)[0] + 48)
        tw = gfx.text_size(ack.summary, size)[0] if ack.summary else 0
        w = min(host.board_rect.w - 20, max(bw, tw) + 40)
        h = (lh + 10 if ack.summary else 0) + lh + 28
        box = pygame.Rect(0, 0, w, h)
        bottom = host.bar_rect.bottom - 4 if host.bar_rect.h > 0 else host.board_rect.bottom - 10
        box.midbottom = (host.board_rect.centerx, bottom)
        button = pygame.Rect(0, 0, bw, lh + 16)
        button.midbottom = (box.centerx, box.bottom - 8)
        return box, button

    def draw_ack(self, surface: pygame.Surface) -> None:
        """A pause: its one-line summary and the button that ends it ("End turn", "Pass to ...")."""
        lay = self.ack_layout()
        if lay is None:
            return
        ack = self.host.driver.ack
        box, rect = lay
        pal = gfx.palette()
        gfx.shadow(surface, box, 10, (2, 4), blur=4)
        gfx.panel(surface, box, radius=10)
        if ack.summary:
            gfx.text(surface, ack.summary, (box.centerx, box.y + 8), 16, pal.ink, "midtop", max_width=box.w - 24)
        hovered = self.router.hovered is not None and self.router.hovered.key == "ack"
        Button(rect, ack.label, ACK, True, None, 17, primary=True).draw(surface, hovered)

    def draw_top(self, surface: pygame.Surface) -> None:
        """Ghost, banner, pause summary, toasts, inspector and tooltip over everything."""
        self.router.draw_ghost(surface)
        self.banner.draw(surface)
        self.draw_ack(surface)
        guide = getattr(self.host, "guide", None)
        if guide is not None:
            guide.draw(surface)
        self.toast.draw(surface)
        self.inspector.draw(surface)
        if not self.inspector.visible:
            self.tooltip.draw(surface, self.router.tooltip_text, self.router.mouse)

    # ================================================================= time
    def update(self, dt: float) -> None:
        """Advance the widgets."""
        for w in (self.toast, self.inspector, self.banner, self.tracker):
            w.update(dt)
        self.router.update(dt)

    @property
    def animating(self) -> bool:
        """True while a widget moves."""
        return bool(self.toast.animating or self.inspector.animating or self.banner.animating
                    or self.tracker.animating or self.router.wants_tick)


def _replace_last(panel: LogPanel, text: str, seat: int | None) -> None:
    """Replace the newest entry of a log panel (a folded run grew by one line)."""
    if panel.entries:
        panel.entries.pop()
        if hasattr(panel, "_wrapped"):
            panel._wrapped = None  # re-wrapped on the next draw
    panel.add(text, seat)


def make_animator(scene: Any) -> tuple[Any, Any]:
    """The scene's dice tray and EventAnimator (dice tumble over the board, sounds, phase banners)."""
    from game.ui import anim
    from game.ui.dice_tray import DiceTray

    board = scene.board_rect
    tray = DiceTray(pygame.Rect(board.centerx - 200, board.centery - 120, 400, 240),
                    seed=int(scene.match.seed), sounds=_AppSounds(scene.app))
    return tray, anim.EventAnimator(scene.queue, tray=tray, sounds=_AppSounds(scene.app), banner=scene.banner,
                                    viewer=scene.viewer, label=scene.banner_words)


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
