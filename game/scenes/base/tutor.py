"""The guide over a game table: the tutorial's steps and the hint button's answer, drawn the same way.

Both point at the place of an action the player may take: the hit regions the panes registered this
frame whose payload stands for it (a board target, an action-bar button, the "End turn" pause), drawn
with a gold outline and one short sentence in a bubble beside it. The tutorial (``game.engine.tutorial``)
comes from the level's ``[[tutorial]]`` steps; when a step waits for an action that is not possible now,
or once the script has run out, the tutor points at the hint's move instead, so a newcomer who only ever
clicks the outlined place plays the whole game. "Leave tutorial" stops all of it at any time.
Bots' turns play on under the guide: it never blocks the driver.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.tutorial import TutorialRun, script_of
from game.scenes.base.chrome import actions_of
from game.scenes.base.driver import ACK
from game.scenes.base.hint import Hint, HintService
from game.ui import gfx
from game.ui import text as uitext
from game.ui.input import HitRegion
from game.ui.widgets import Button

log = logging.getLogger(__name__)


class _Marker:
    """A payload of the guide's own buttons."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


TUTOR_NEXT = _Marker("tutor-next")
TUTOR_LEAVE = _Marker("tutor-leave")
HINT = _Marker("hint")

BUBBLE_W = 330
TEXT_PX = 16
#: a bubble place's score for each rect the scene keeps clear that it covers (an open menu counts five)
KEPT = 2_000


class Guide:
    """The tutorial run (when the level has one), the hint service, and their drawing over the table."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        steps = script_of(scene.match.level)
        self.run: TutorialRun | None = TutorialRun(steps) if steps else None
        self.hints = HintService(scene.match, scene.driver.wake)
        self.hint_shown = False          # the player pressed the hint button for this position
        self.texts = uitext.TextRecorder()
        self.targets: list[HitRegion] = []
        self.bubble: pygame.Rect | None = None
        self.bubble_text = ""  # the words the bubble was sized for (drawn even if the hint arrives before the draw)
        self.next_rect: pygame.Rect | None = None
        self.leave_rect: pygame.Rect | None = None
        self.hint_rect: pygame.Rect | None = None
        self._seen_done = True
        self.button_px = TEXT_PX - 2
        self.labels = [t("hint.button")]

    # ================================================================= state
    @property
    def tutoring(self) -> bool:
        """True while the tutorial guides (it has a script, the player has not left it, the game goes on)."""
        return self.run is not None and not self.run.left and not self.scene.match.is_over()

    def on_action(self, action: Action) -> None:
        """The player in front applied ``action``: the script may move on; a shown hint is spent."""
        self.hint_shown = False
        if self.tutoring and self.run is not None:
            self.run.on_action(action)

    def next(self) -> None:
        """The Next button of a step or an explanation."""
        if self.run is not None:
            self.run.next()

    def leave(self) -> None:
        """Leave the tutorial: the game goes on without the guide."""
        if self.run is not None:
            self.run.leave()
            self.scene.toast.show(t("tutor.left"), "info")

    def ask_hint(self) -> None:
        """The hint button: start (or show again) the hint for the seat in front."""
        scene = self.scene
        if not scene.can_act():
            scene.toast.show(t("hint.not_now"), "info")
            return
        self.hint_shown = True
        self._request()

    def on_click(self, payload: Any) -> bool:
        """Handle a click on one of the guide's buttons; False when the payload is not the guide's."""
        if payload is TUTOR_NEXT:
            self.next()
        elif payload is TUTOR_LEAVE:
            self.leave()
        elif payload is HINT:
            self.ask_hint()
        else:
            return False
        self.scene.driver.dirty = True
        return True

    def wants_hint(self) -> bool:
        """True when a hint should be asked for: the tutor points at the hint's move now."""
        run = self.run
        scene = self.scene
        if not self.tutoring or run is None or not scene.can_act():
            return False
        if run.done:
            return True
        if run.waits_for_next():
            return False
        st = run.step
        return st is not None and (st.wait == "any" or (st.wait == "action" and not run.expected(scene.legal)))

    def hint(self) -> Hint | None:
        """The finished hint for this position when it is to be shown."""
        return self.hints.ready(self.scene.viewer) if (self.hint_shown or self.wants_hint()) else None

    def update(self) -> None:
        """Per frame: let the script adapt to the position, and ask for the hint the tutor needs."""
        scene = self.scene
        job = self.hints.job
        if job is not None and job.done.is_set() and not self._seen_done:
            self._seen_done = True
            scene.driver.dirty = True  # the answer arrived: draw it
            if job.error:
                scene.toast.show(t("hint.failed", msg=job.error), "error")
        if not scene.can_act():
            return
        if self.tutoring and self.run is not None:
            self.run.adapt(scene.legal)
        if self.wants_hint():
            self._request()

    def _request(self) -> None:
        before = self.hints.job
        job = self.hints.request(self.scene.viewer, self.scene.lang)
        if job is not before:
            self._seen_done = False

    # ================================================================= what to point at
    def target_actions(self) -> list[Action]:
        """The actions the guide points at now (the step's, else the hint's)."""
        scene = self.scene
        if not scene.can_act():
            return []
        if self.tutoring and self.run is not None and not self.run.done and not self.run.waits_for_next():
            asked = self._asked()
            if asked is not None:  # the player pressed Hint during a step: the hint's move, as asked
                return [asked]
            expected = self.run.expected(scene.legal)
            if expected:
                return expected
        hint = self.hint()
        return [hint.action] if hint is not None and hint.action is not None else []

    def _asked(self) -> Action | None:
        """The hint's move when the player pressed Hint for this position and it is ready (else None)."""
        if not self.hint_shown:
            return None
        hint = self.hint()
        return hint.action if hint is not None else None

    def find_targets(self) -> list[HitRegion]:
        """The regions registered this frame to point at: the Next button, the pause, or the actions'."""
        router = self.scene.router
        if self.tutoring and self.run is not None and self.run.waits_for_next():
            return [r for r in router.regions if r.payload is TUTOR_NEXT]
        if self.scene.driver.ack is not None:
            return [r for r in router.regions if r.payload is ACK]
        wanted = set(self.target_actions())
        if not wanted:
            return []
        order = list(wanted)
        firsts = [self.scene.guide_first(a) for a in order]
        first = [f for f in firsts if f is not None]
        if first and len(first) == len(firsts):  # a click the table needs before any of them (a chip's face)
            return [r for r in router.regions if any(_same_payload(r.payload, f) for f in first)]
        ready = {a for a, f in zip(order, firsts) if f is None}
        out = [r for r in router.regions if r.legal and any(a in ready for a in actions_of(r.payload))]
        # one region per action: the most precise one (standing for the fewest actions), topmost first
        out.sort(key=lambda r: len(actions_of(r.payload)))
        return out

    def message(self) -> str:
        """The sentence in the bubble ("" for none)."""
        lang = self.scene.lang
        run = self.run
        scene = self.scene
        if self.tutoring and run is not None:
            st = run.step
            if st is not None and run.explaining:
                return st.after_words(lang)
            if st is not None and st.wait != "ack" and self.hint_shown:  # Hint pressed during a step: it answers
                hint = self.hint()
                if hint is not None and hint.action is not None:
                    return hint_words(scene, hint)
                if self.hints.thinking:
                    return t("hint.thinking")
            if st is not None and (st.wait != "action" or run.expected(scene.legal)):
                return st.words(lang) if (scene.can_act() or st.wait == "ack") else ""
        hint = self.hint()
        if hint is not None and hint.action is not None:
            return hint_words(scene, hint)
        if self.hint_shown and self.hints.thinking:
            return t("hint.thinking")
        if self.tutoring and run is not None and scene.can_act():
            return t("tutor.thinking") if run.done or self.hints.thinking else ""
        return ""

    # ================================================================= regions and drawing
    def register(self, router: Any) -> None:
        """Register the guide's buttons (the hint button, "Leave tutorial") on top of the table."""
        scene = self.scene
        self.next_rect = None
        self.bubble = None
        self.targets = []
        if not getattr(scene, "guided", True):  # the replay theatre: nobody plays, no hint, no tutorial
            self.hint_rect = self.leave_rect = None
            scene.log_panel.header_extra = 0
            return
        self.hint_rect, self.leave_rect, self.button_px = self._title_buttons()
        router.add(HitRegion(self.hint_rect, payload=HINT, tooltip=t("hint.tooltip"), highlight=False,
                             key="hint", legal=scene.can_act(), reason=t("hint.not_now")))
        if self.leave_rect is not None:
            router.add(HitRegion(self.leave_rect, payload=TUTOR_LEAVE, tooltip=t("tutor.leave_tip"),
                                 highlight=False, key="tutor-leave"))
        self.next_rect = None
        self.bubble = None
        self.targets = []

    def _title_buttons(self) -> tuple[pygame.Rect, pygame.Rect | None, int]:
        """The hint button (and "Leave tutorial" while tutoring) at the right of the log panel's title row, as
        large as fits (14 px down to 10) beside the title; where they do not fit there (huge text, long words),
        they take a row of their own under the title, which always keeps its words."""
        panel = self.scene.log_panel
        lr = self.scene.log_rect
        row_h = gfx.line_height(panel.size + 1, True) + 6
        title = t("game.log")
        title_w = gfx.text_size(title, panel.size + 1, True)[0] + 22
        long_words = [t("hint.button")] + ([t("tutor.leave")] if self.tutoring else [])
        short_words = [t("hint.button_short")] + ([t("tutor.leave_short")] if self.tutoring else [])

        def width(words: list[str], px: int) -> int:
            return sum(gfx.text_size(w, px, True)[0] + 20 for w in words) + 6 * len(words) + 6

        choice = None
        for words, room in ((long_words, lr.w - title_w), (short_words, lr.w - title_w), (long_words, lr.w - 12),
                            (short_words, lr.w - 12)):
            px = next((p for p in range(14, 9, -1) if width(words, p) <= room), None)
            if px is not None:
                choice = (words, px, room == lr.w - title_w)
                break
        words, px, beside = choice if choice is not None else (short_words, 10, False)
        panel.title = title
        self.labels = words
        h = max(16, min(row_h - 6, gfx.line_height(px, True) + 6)) if beside else gfx.line_height(px, True) + 6
        panel.header_extra = 0 if beside else h + 4
        top = lr.y + 3 if beside else lr.y + row_h
        rects: list[pygame.Rect] = []
        x = lr.right - 6
        for w in words:
            bw = gfx.text_size(w, px, True)[0] + 20
            x -= bw
            rects.append(pygame.Rect(x, top, bw, h))
            x -= 6
        return rects[0], (rects[1] if len(rects) > 1 else None), px

    def layout_bubble(self, router: Any) -> None:
        """After every region is registered: find the targets, place the bubble and its Next button."""
        if not getattr(self.scene, "guided", True):  # the replay theatre: no step, no outline (it showed step 1)
            self.targets, self.bubble, self.next_rect = [], None, None
            return
        text = self.message()
        needs_next = self.tutoring and self.run is not None and self.run.waits_for_next()
        if not text:
            self.targets = self.find_targets() if not needs_next else []
            return
        board = self.scene.board_rect
        canvas = pygame.Rect(0, 0, 1280, 720)
        width = min(BUBBLE_W, board.w - 20)
        block = uitext.fit_block(text, width - 24, 260, TEXT_PX, 12)
        lh = gfx.line_height(block.size)
        bh = gfx.line_height(TEXT_PX - 1, True) + 14 if needs_next else 0
        box = pygame.Rect(0, 0, width, len(block.lines) * lh + 20 + bh)
        if needs_next:
            bw = gfx.text_size(t("tutor.next"), TEXT_PX - 1, True)[0] + 30
            self.next_rect = pygame.Rect(0, 0, bw, bh - 6)
            self._place(box, None, board, canvas, text, bh)
            self.next_rect.bottomright = (box.right - 10, box.bottom - 8)
            router.add(HitRegion(self.next_rect, payload=TUTOR_NEXT, highlight=False, key="tutor-next"))
            self.targets = self.find_targets()
        else:
            self.targets = self.find_targets()
            near = None
            for r in self.targets[:6]:
                near = r.rect.copy() if near is None else near.union(r.rect)
            score = self._place(box, near, board, canvas, text)
            wide = min(board.w - 20, width * 3 // 2)
            if score >= KEPT and wide > width:  # nowhere clear of what the scene keeps: wider and shorter
                block = uitext.fit_block(text, wide - 24, 260, TEXT_PX, 12)
                other = pygame.Rect(0, 0, wide, len(block.lines) * gfx.line_height(block.size) + 20)
                if self._place(other, near, board, canvas, text) < score:
                    box = other
        self.bubble = box
        self.bubble_text = text

    def _place(self, box: pygame.Rect, near: pygame.Rect | None, board: pygame.Rect, canvas: pygame.Rect,
               text: str | None = None, extra: int = 0) -> float:
        """Put the bubble beside the targets (below, above, right, left), in an empty place the scene names
        (``tutor_free_areas``) or, for a step to read, at the board's foot, top or middle: the first place inside
        the canvas that covers no target and no open menu (``menu_rects``), then none of the words the scene
        keeps clear (``tutor_keep_clear``), then the fewest places to click and the fewest things to read.
        Returns the place's score (``KEPT`` or more: it covers something kept clear, or worse)."""
        inner = canvas.inflate(-8, -8)
        spots: list[tuple[str, tuple[int, int]]] = []
        if near is not None:
            spots = [("midtop", (near.centerx, near.bottom + 12)), ("midbottom", (near.centerx, near.top - 12)),
                     ("midleft", (near.right + 12, near.centery)), ("midright", (near.left - 12, near.centery))]
        free = getattr(self.scene, "tutor_free_areas", None)  # empty places of the table the scene knows of
        areas = free() if free is not None and text is not None else []
        sizes: dict[int, tuple[int, int]] = {}  # spot -> the bubble's size there (narrower in a narrow place)
        for area in areas:
            if area.w < box.w:  # the words wrapped to the place's width (and smaller, to its height)
                block = uitext.fit_block(text or "", area.w - 24, max(40, min(260, area.h - 20 - extra)), TEXT_PX,
                                         12)
                sizes[len(spots)] = (area.w, len(block.lines) * gfx.line_height(block.size) + 20 + extra)
            spots.append(("midtop", area.midtop))
        spots += [("midbottom", (board.centerx, board.bottom - 16)), ("midtop", (board.centerx, board.y + 16)),
                  ("midleft", (board.x + 16, board.centery)), ("midright", (board.right - 16, board.centery)),
                  ("topleft", (board.x + 16, board.y + 16)), ("topright", (board.right - 16, board.y + 16)),
                  ("bottomleft", (board.x + 16, board.bottom - 16)),
                  ("bottomright", (board.right - 16, board.bottom - 16))]
        targets = [r.rect for r in self.targets[:12]]
        clickable = [r.rect for r in self.scene.router.regions
                     if r.legal and (actions_of(r.payload) or r.payload is ACK)]
        # things to read or hover that cannot be clicked now (an offer too dear, a chip on the board): kept
        # clear where that costs nothing, but never before a place to click
        readable = [r.rect for r in self.scene.router.regions if r.rect not in clickable and r.rect.w < board.w
                    and r.payload not in (HINT, TUTOR_LEAVE, TUTOR_NEXT)]
        keep = getattr(self.scene, "tutor_keep_clear", None)  # words the player reads now (a detail card)
        kept = keep() if keep is not None else []
        menus = self.menu_rects()  # an open choice menu: never under the bubble
        best: tuple[float, int] | None = None
        best_at: tuple[str, tuple[int, int]] = spots[0]
        size = box.size
        for order, (anchor, pos) in enumerate(spots):
            box.size = sizes.get(order, size)
            setattr(box, anchor, pos)
            box.clamp_ip(inner)
            if any(box.colliderect(t_) for t_ in targets):
                score = 10_000
            elif any(box.colliderect(m) for m in menus):
                score = 5 * KEPT
            else:  # what the scene keeps clear before any number of places to click (a few dozen at most)
                score = (sum(1 for c in clickable if box.colliderect(c)) * 40
                         + sum(1 for c in readable if box.colliderect(c)) * 3
                         + sum(KEPT + 8 * _share(box, c) for c in kept if box.colliderect(c)) + order)
            if best is None or (score, order) < best:
                best, best_at = (score, order), (anchor, pos)
        box.size = sizes.get(best[1] if best is not None else 0, size)
        setattr(box, best_at[0], best_at[1])
        box.clamp_ip(inner)
        return best[0] if best is not None else 0.0

    def menu_rects(self) -> list[pygame.Rect]:
        """The scene's open menus (``menu_rects``): the bubble keeps off them, the outline is not painted over."""
        menus = getattr(self.scene, "menu_rects", None)
        return [pygame.Rect(m) for m in menus()] if menus is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        """Outline the targets, draw the bubble, Next, "Leave tutorial" and the hint button."""
        pal = gfx.palette()
        self.texts.begin()
        hovered = self.scene.router.hovered
        hkey = hovered.key if hovered is not None else None
        menus = self.menu_rects()
        clip = surface.get_clip()
        for r in self.targets[:6]:
            outline = r.rect.inflate(6, 6)
            holes = [m for m in menus if not m.contains(r.rect)]  # a card under an open menu: not over it
            for part in _outside(outline.inflate(12, 12), holes):
                surface.set_clip(part.clip(clip))
                gfx.highlight(surface, outline, pal.accent, 4, 8)
            surface.set_clip(clip)
        if self.hint_rect is not None:
            label = self.labels[0]
            Button(self.hint_rect, label, HINT, self.scene.can_act(), None, self.button_px).draw(surface, hkey == "hint")
        if self.leave_rect is not None:
            Button(self.leave_rect, self.labels[-1], TUTOR_LEAVE, True, None, self.button_px).draw(
                surface, hkey == "tutor-leave")
        box = self.bubble
        if box is None:
            return
        gfx.shadow(surface, box, 10, (2, 4), blur=4)
        gfx.panel(surface, box, colour=pal.ink, edge=pal.accent, radius=10)
        inner = box.inflate(-24, -20)
        if self.next_rect is not None:
            inner.h = self.next_rect.top - 6 - inner.y
        text = self.bubble_text or self.message()
        self.texts.block(surface, text, inner, TEXT_PX, 12, pal.ink_light)
        if self.next_rect is not None:
            Button(self.next_rect, t("tutor.next"), TUTOR_NEXT, True, None, TEXT_PX - 1, primary=True).draw(
                surface, hkey == "tutor-next")

    def text_problems(self) -> list[str]:
        """Guide text cut or outside its box in the last drawing."""
        return self.texts.problems()


def _outside(area: pygame.Rect, holes: list[pygame.Rect]) -> list[pygame.Rect]:
    """``area`` less the ``holes``, as rects that do not overlap (the whole area when no hole touches it)."""
    parts = [area]
    for hole in holes:
        out: list[pygame.Rect] = []
        for p in parts:
            cut = p.clip(hole)
            if cut.w <= 0 or cut.h <= 0:
                out.append(p)
                continue
            out += [r for r in (pygame.Rect(p.x, p.y, p.w, cut.y - p.y),                   # above the hole
                                pygame.Rect(p.x, cut.bottom, p.w, p.bottom - cut.bottom),  # below it
                                pygame.Rect(p.x, cut.y, cut.x - p.x, cut.h),               # left of it
                                pygame.Rect(cut.right, cut.y, p.right - cut.right, cut.h))  # right of it
                    if r.w > 0 and r.h > 0]
        parts = out
    return parts


def _share(box: pygame.Rect, rect: pygame.Rect) -> float:
    """How much of the smaller of two rects the other covers (0 to 1): a sliver is not the whole card."""
    clip = box.clip(rect)
    least = min(box.w * box.h, rect.w * rect.h)
    return clip.w * clip.h / least if least > 0 else 0.0


def _same_payload(have: Any, want: Any) -> bool:
    """Payload equality that never raises (payloads may be any objects)."""
    try:
        return bool(have == want)
    except Exception:  # noqa: BLE001
        return False


def hint_words(scene: Any, hint: Any) -> str:
    """The bubble's hint: "Hint: <move>. <why>", or only "Hint: <why>" when the why already names the move."""
    if hint.names_move:
        return t("hint.says_why", why=hint.reason)
    return t("hint.says", move=scene.describe(hint.action), why=hint.reason)
