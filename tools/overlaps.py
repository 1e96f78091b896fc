"""Text drawn on the screen that ends up partly hidden or lying on other text (``cutsweep.py --overlaps``).

Why pixels: a scene draws text through the shared font layer (``gfx.render``), then blits it wherever its
layout says; whether a later tile, chip or line of text lands on it shows only in the finished frame. The
watch swaps the app's screen for a ``pygame.Surface`` subclass that notes every blit of a rendered line
(its words, colour, place and the clip in force), and after each frame compares the line's solid glyph
pixels with what the frame shows there. Every surface made after ``install`` is such a spy too, so a line
painted on a cached layer (a board, a side of the table) comes along when the layer is blitted on the screen:

- **partly hidden**: between 15 % and 85 % of the line's solid pixels (inside the clip it was drawn with)
  still show its colour and at least 25 are gone. A line that a panel, a dimmer or a pause covers whole
  keeps ~0 % (an overlay, on purpose); a line left alone keeps ~100 %.
- **text on text**: two lines that both still show (more than 15 %) whose solid glyph pixels touch.

Only settled frames are checked (no fade, no scene animating): a frame in the middle of a fade or a flight
blends every colour.

Limits: lines that reach the screen through a scaled, rotated or converted copy, or a subsurface, are not
seen, nor are pygame_gui's own labels. A report is a lead to look at, not a
verdict: a tooltip or the guide's bubble over the board is an overlay the player asked for or can move.
"""

from __future__ import annotations

import weakref
from typing import Any, Callable

import pygame

#: a line is partly hidden when between these fractions of its solid pixels still show its colour
HIDDEN_LOW, HIDDEN_HIGH = 0.15, 0.85
#: and at least this many of its solid pixels are gone
HIDDEN_PIXELS = 25
#: solid pixels two visible lines must share (one line's glyphs on the other's) to be text on text
TOUCH_PIXELS = 3


class Line:
    """One rendered line blitted on the screen: its words, colour, rect, solid pixels and clip."""

    __slots__ = ("text", "colour", "rect", "mask", "kept")

    def __init__(self, text: str, colour: tuple[int, int, int], rect: pygame.Rect, mask: pygame.mask.Mask) -> None:
        self.text, self.colour, self.rect, self.mask = text, colour, rect, mask
        self.kept = 1.0


class OverlapWatch:
    """Install on an app (``install``); ``report(kind, words)`` is called for each finding of a frame."""

    def __init__(self, report: Callable[[str, str], None], shots: Any = None) -> None:
        self.report_to = report
        self.shots = shots          # a folder: the first frame of each finding is saved there, the lines boxed
        self.seen: dict[tuple[str, str], int] = {}
        self.screen: pygame.Surface | None = None
        #: rendered lines by surface id (the weak reference tells a reused id from the line's own surface)
        self.rendered: dict[int, tuple[Any, str, tuple[int, int, int], pygame.mask.Mask]] = {}
        self.lines: list[Line] = []
        self.frames = 0  # settled frames checked

    # ================================================================= hooks
    def install(self, app: Any) -> None:
        """Note every rendered line (``gfx.render``), make every new surface a ``Spy`` that keeps the lines
        blitted on it (and hands them on when it is blitted itself), and check the screen after each draw."""
        from game.ui import gfx
        from game.ui.gfx import fonts

        original = fonts.render
        rendered = self.rendered

        def render(s: str, size: int, colour: Any, bold: bool = False) -> pygame.Surface:
            surf = original(s, size, colour, bold)
            known = rendered.get(id(surf))
            if (known is None or known[0]() is not surf) and s.strip() and (len(colour) < 4 or colour[3] == 255):
                rendered[id(surf)] = (weakref.ref(surf), s, tuple(colour[:3]), pygame.mask.from_surface(surf, 254))
            return surf

        fonts.render = render  # type: ignore[assignment]
        gfx.render = render  # type: ignore[attr-defined]
        base = pygame.Surface
        self._undo = [(fonts, "render", original), (gfx, "render", original), (pygame, "Surface", base),
                      (app, "screen", app.screen), (app, "draw", app.draw)]

        class Spy(base):  # type: ignore[misc, valid-type]
            """A surface that keeps the lines of text blitted on it, in its own coordinates."""

            def __init__(self, *a: Any, **k: Any) -> None:
                super().__init__(*a, **k)
                self.spied: list[Line] = []

            def fill(self, colour: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
                done = super().fill(colour, rect, special_flags)
                if rect is None:
                    self.spied = []  # a surface cleared to draw again (a cached layer)
                elif special_flags == 0:
                    _cover(self, done)
                return done

            def blit(self, source: pygame.Surface, dest: Any, area: Any = None, special_flags: int = 0) -> pygame.Rect:
                done = super().blit(source, dest, area, special_flags)
                if special_flags != 0 or source.get_alpha() not in (None, 255):
                    return done
                spied = getattr(self, "spied", None)
                if spied is None or len(spied) > 4000:
                    return done
                at = _topleft(dest)
                clip = self.get_clip()
                hit = rendered.get(id(source))
                if hit is not None and hit[0]() is source and area is None:
                    line = _trim(Line(hit[1], hit[2], source.get_rect(topleft=at), hit[3]), clip)
                    if line is not None:
                        # a line drawn where another began is a layer drawn again over its old words
                        spied[:] = [o for o in spied if abs(o.rect.x - line.rect.x) > 2 or abs(o.rect.y - line.rect.y) > 2
                                    or o.text == line.text]
                        spied.append(line)
                    return done
                _cover(self, done)  # a picture or panel over old lines: they are gone from this surface
                inner = getattr(source, "spied", None)
                if inner:  # a layer with text on it: its lines come along, moved and clipped
                    src = pygame.Rect(area) if area is not None else source.get_rect()
                    window = pygame.Rect(at, src.size).clip(clip)
                    for ln in inner:
                        moved = _trim(Line(ln.text, ln.colour, ln.rect.move(at[0] - src.x, at[1] - src.y), ln.mask),
                                      window)
                        if moved is not None:
                            spied.append(moved)
                return done

        pygame.Surface = Spy  # type: ignore[misc]  # every surface the game makes from now on
        size = app.screen.get_size()
        app.screen = Spy(size, pygame.SRCALPHA if app.screen.get_flags() & pygame.SRCALPHA else 0, app.screen)
        draw = app.draw

        def watched() -> None:
            app.screen.spied = []
            draw()
            self.screen = app.screen
            self.lines = app.screen.spied
            if settled(app):
                self.frames += 1
                self.check(app.screen)

        app.draw = watched

    def uninstall(self) -> None:
        """Put back what ``install`` replaced (the font layer, ``pygame.Surface``, the app's screen and draw)."""
        for owner, name, value in reversed(getattr(self, "_undo", [])):
            setattr(owner, name, value)
        self._undo = []

    def report(self, kind: str, words: str, *rects: pygame.Rect) -> None:
        """Pass a finding on; with ``shots``, save the frame (the lines boxed in magenta) the first time."""
        self.report_to(kind, words)
        key = (kind, words.split(" (")[0])
        if self.shots is None or key in self.seen or self.screen is None:
            return
        n = self.seen[key] = len(self.seen) + 1
        frame = self.screen.copy()
        for r in rects:
            pygame.draw.rect(frame, (255, 0, 255), r.inflate(4, 4), 2)
        pygame.image.save(frame, str(self.shots / f"overlap_{n:03d}.png"))
        self.report_to(kind, f"{words} [overlap_{n:03d}.png]")

    # ================================================================= checking a frame
    def check(self, screen: pygame.Surface) -> None:
        """Compare each noted line with the finished frame; report text on text, then lines partly hidden
        (under a tile, a chip, a panel edge)."""
        bounds = screen.get_rect()
        shown: list[Line] = []
        for ln in self.lines:
            r = ln.rect.clip(bounds)
            if r.w <= 0 or r.h <= 0:
                continue
            same = pygame.mask.from_threshold(screen.subsurface(r), ln.colour, (2, 2, 2, 255))
            kept = ln.mask.overlap_area(same, (r.x - ln.rect.x, r.y - ln.rect.y))
            ln.kept = kept / ln.mask.count()
            if ln.kept > HIDDEN_LOW and not self.outline(ln):
                shown.append(ln)
        explained: set[int] = set()
        rects = [ln.rect for ln in shown]
        for i, a in enumerate(shown):
            for j in a.rect.collidelistall(rects):
                if j <= i:
                    continue
                b = shown[j]
                if a.text == b.text:
                    continue
                if a.mask.overlap_area(b.mask, (b.rect.x - a.rect.x, b.rect.y - a.rect.y)) >= TOUCH_PIXELS:
                    explained.update((i, j))
                    self.report("text on text", f"{a.text} | {b.text}", a.rect, b.rect)
        for i, ln in enumerate(shown):
            lost = ln.mask.count() * (1 - ln.kept)
            if i not in explained and ln.kept < HIDDEN_HIGH and lost >= HIDDEN_PIXELS:
                self.report("partly hidden", f"{ln.text} ({round(100 * ln.kept)}% shows)", ln.rect)

    def outline(self, ln: Line) -> bool:
        """True when ``ln`` is one copy of a line drawn several times a pixel or two apart (a shadow, an
        outline): the copies hide each other on purpose."""
        return any(o is not ln and o.text == ln.text and abs(o.rect.x - ln.rect.x) <= 3
                   and abs(o.rect.y - ln.rect.y) <= 3 for o in self.lines)


def settled(app: Any) -> bool:
    """True when nothing on screen moves: no fade between scenes and no scene animating (a toast fading, a
    flight, a banner, the dice): frames in between blend colours and would report everything."""
    if getattr(app, "_fade", None) is not None:
        return False
    try:
        return not any(scene.is_animating() for scene in list(app.stack))
    except Exception:  # noqa: BLE001 - a broken scene is smoke's to report
        return False


def _cover(surface: Any, rect: pygame.Rect) -> None:
    """Forget the lines of ``surface`` that ``rect`` covers whole (painted over)."""
    if rect.w > 0 and rect.h > 0:
        surface.spied[:] = [ln for ln in surface.spied if not rect.contains(ln.rect)]


def _trim(line: Line, window: pygame.Rect) -> Line | None:
    """``line`` with only its solid pixels inside ``window`` (None when fewer than 8 are left)."""
    shown = line.rect.clip(window)
    if shown.w <= 0 or shown.h <= 0:
        return None
    mask = line.mask
    if shown != line.rect:
        cut = pygame.mask.Mask(line.rect.size)
        cut.draw(pygame.mask.Mask(shown.size, fill=True), (shown.x - line.rect.x, shown.y - line.rect.y))
        mask = mask.overlap_mask(cut, (0, 0))
    if mask.count() < 8:
        return None
    return Line(line.text, line.colour, pygame.Rect(line.rect), mask)


def _topleft(dest: Any) -> tuple[int, int]:
    """The top-left corner a blit's ``dest`` names (a point or a rect)."""
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    if hasattr(dest, "__len__") and len(dest) == 4:
        return int(dest[0]), int(dest[1])
    return int(dest[0]), int(dest[1])
