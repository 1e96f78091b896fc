"""Small overlay scenes: the error dialog, a plain message, the damaged-save question, the hot-seat
"pass to <name>" screen and the game-over result screen.
"""

from __future__ import annotations

import html
from typing import Any, Callable

import pygame

from game.app import draw, fonts, theme
from game.app.scene import Scene
from game.engine.i18n import t


HEADING_ID = "#heading_label"


class DialogScene(Scene):
    """A centred parchment-and-wood dialog over the dimmed scene below."""

    opaque = False
    name = "dialog"
    size = (640, 360)

    def heading_height(self, text: str, minimum: int = 40) -> int:
        """Return the height a heading label needs: its theme font's text height (which grows with the
        text size) plus a small margin, at least ``minimum``."""
        try:
            font = self.app.manager.get_theme().get_font([HEADING_ID, "label"])
            needed = font.get_rect(text or "Hg").height
        except (AttributeError, KeyError, TypeError, pygame.error):  # a theme without the font: ours at that size
            needed = fonts.font(24, bold=True).get_linesize()
        return max(minimum, needed + 4)

    def heading(self, text: str, minimum: int = 40) -> Any:
        """Create the dialog's heading label at its top, as high as its font needs; return it.

        (A fixed 44 px was 3 px short for the heading font at the largest text size.)
        """
        r = self.rect
        lines = self._heading_lines(text, r.w - 48)
        y = r.y + 16
        made: Any = None
        for line in lines:  # a heading wider than the dialog (huge text, a long translation) takes two lines
            h = self.heading_height(line, minimum if len(lines) == 1 else 0)
            made = self.label((r.x + 20, y, r.w - 40, h), line, HEADING_ID)
            y += h
        return made

    def _heading_lines(self, text: str, width: int) -> list[str]:
        """The heading's words in at most two lines no wider than ``width`` (one line when it fits)."""
        try:
            font = self.app.manager.get_theme().get_font([HEADING_ID, "label"])
            if font.get_rect(text).width <= width:
                return [text]
            words = text.split()
            for cut in range(len(words) - 1, 0, -1):  # the longest first line that fits; the rest below
                first = " ".join(words[:cut])
                if font.get_rect(first).width <= width:
                    return [first, " ".join(words[cut:])]
        except (AttributeError, KeyError, TypeError, pygame.error):  # a theme without the font: one line
            pass
        return [text]

    def below(self, element: Any, bottom_margin: int, gap: int = 8) -> tuple[int, int, int, int]:
        """Return the rect from ``gap`` px under ``element`` down to ``bottom_margin`` px above the dialog's bottom."""
        r = self.rect
        top = max(r.y + 64, element.rect.bottom + gap)
        return (r.x + 20, top, r.w - 40, r.bottom - bottom_margin - top)

    @property
    def rect(self) -> pygame.Rect:
        """Return the dialog's rectangle on the canvas."""
        w, h = self.size
        return pygame.Rect((1280 - w) // 2, (720 - h) // 2, w, h)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim what is below and draw the dialog frame."""
        draw.shade(surface, 160)
        draw.panel(surface, self.rect, "wood", radius=14)

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc and Enter close."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.dismiss()

    def dismiss(self) -> None:
        """Close the dialog."""
        self.app.pop()


class MessageScene(DialogScene):
    """A title, a message and an OK button."""

    name = "message"

    def __init__(self, app: Any, title: str, message: str) -> None:
        super().__init__(app)
        self.title, self.message = title, message

    def build_ui(self) -> None:
        """Create the text and the button."""
        r = self.rect
        title = self.heading(self.title)
        self.textbox(self.below(title, 76), html.escape(self.message), "#parchment_box")
        self.button((r.centerx - 90, r.bottom - 64, 180, 46), t("common.ok"), self.dismiss, object_id="#primary_button")


class ErrorScene(MessageScene):
    """The error dialog shown over the menu after a scene failed."""

    name = "error"
    size = (760, 420)

    def __init__(self, app: Any, message: str, log_path: str) -> None:
        super().__init__(app, t("error.title"), message)
        self.log_path = log_path

    def build_ui(self) -> None:
        """Create the explanation, the error and where the log is."""
        r = self.rect
        title = self.heading(self.title)
        body = (f"{html.escape(t('error.body'))}<br><br><b>{html.escape(self.message)}</b><br><br>"
                f"{html.escape(t('error.log'))}<br><i>{html.escape(self.log_path)}</i>")
        self.textbox(self.below(title, 76), body, "#parchment_box")
        self.button((r.centerx - 90, r.bottom - 64, 180, 46), t("common.ok"), self.dismiss, object_id="#primary_button")


class DamagedSaveScene(DialogScene):
    """A save that cannot be opened: what is wrong, how far its backup is behind; open the backup or cancel."""

    name = "damaged_save"
    size = (800, 470)

    def __init__(self, app: Any, damaged: Any, on_open: Callable[[Any], None]) -> None:
        super().__init__(app)
        self.damaged = damaged        # a game.engine.savedamage.Damaged
        self.on_open = on_open        # called with the backup's match once the player chooses it

    def body_text(self) -> str:
        """Return what the dialog says (plain text, paragraphs separated by blank lines)."""
        d = self.damaged
        parts = [t("damaged.body", name=d.path.name, msg=d.problem[:300])]
        if d.backup is not None:
            if d.moves is not None and d.backup_moves is not None and d.moves >= d.backup_moves:
                parts.append(t("damaged.behind", at=d.backup_moves, n=d.moves - d.backup_moves))
            else:
                parts.append(t("damaged.backup_at", at=d.backup_moves))
        else:
            parts.append(t("damaged.no_backup", msg=(d.backup_problem or "")[:300]))
        if d.kept is not None:
            parts.append(t("damaged.kept", path=str(d.kept)))
        return "\n\n".join(parts)

    def build_ui(self) -> None:
        """Create the explanation and the two buttons (Open the backup only when it loads)."""
        r = self.rect
        title = self.heading(t("damaged.title"))
        self.textbox(self.below(title, 76), html.escape(self.body_text()).replace("\n", "<br>"), "#parchment_box")
        bw = (r.w - 60) // 2
        self.button((r.x + 20, r.bottom - 64, bw, 46), t("damaged.open_backup"), self.open_backup,
                    object_id="#primary_button", enabled=self.damaged.backup is not None)
        self.button((r.x + 40 + bw, r.bottom - 64, bw, 46), t("common.cancel"), self.dismiss)

    def open_backup(self) -> None:
        """Set the damaged file aside and open the backup's game."""
        from game.engine.saves import open_backup

        match = open_backup(self.damaged)
        self.app.pop()
        self.on_open(match)


class PassScene(Scene):
    """Hot-seat curtain: hides the table until the named player is in front of the screen."""

    name = "pass"

    def __init__(self, app: Any, player: str, on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.on_ready = on_ready

    def build_ui(self) -> None:
        """Create the ready button."""
        # as wide as the curtain's panel allows: "Soy Jugadora Ana: mostrar…" was cut at huge text
        self.button((320, 430, 640, 60), t("pass.ready", name=self.player), self.ready, object_id="#primary_button")

    def ready(self) -> None:
        """Reveal the table to the player."""
        self.app.pop()
        if self.on_ready is not None:
            self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> None:
        """The button, or Enter/Space."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            self.ready()

    def draw(self, surface: pygame.Surface) -> None:
        """An opaque curtain: nothing of the table shows through."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        draw.panel(surface, (290, 180, 700, 340), "wood", radius=16)
        title = fonts.render(t("pass.title", name=self.player), 36, theme.BRASS_LIGHT, bold=True)
        surface.blit(title, ((1280 - title.get_width()) // 2, 220))
        f = fonts.font(18)
        y = 300
        for line in fonts.wrap(t("pass.body", name=self.player), f, 600):
            img = f.render(line, True, theme.TEXT)
            surface.blit(img, ((1280 - img.get_width()) // 2, y))
            y += f.get_linesize()


class ResultScene(DialogScene):
    """Game over: winners and scores, then rematch or back to the menu."""

    name = "result"
    size = (640, 420)
    #: the chart's height when the game can be replayed, and the screen's size then
    CHART_H = 300
    CHART_SIZE = (760, 640)

    def __init__(self, app: Any, winners: list[str], scores: list[tuple[str, str]],
                 on_rematch: Callable[[], None], reason: str = "", score_key: str = "result.score") -> None:
        super().__init__(app)
        self.winners, self.scores, self.on_rematch, self.reason = winners, scores, on_rematch, reason
        self.score_key = score_key  # the ruleset's line naming what a score counts ("Ana: 7 Valor"), else the plain one
        self.extras: Any = None   # the theatre's Replay button and chart (game/scenes/theatre/hooks.py)
        self.layout: tuple[tuple[int, int], bool] | None = None   # (size, Replay offered) as last built

    def build_ui(self) -> None:
        """Create the result text and the three buttons (four with Replay, and the chart: the theatre's hooks)."""
        from game.scenes.theatre.hooks import ResultExtras, finished_game

        match = finished_game(self.app)
        if match is not None and (self.extras is None or self.extras.match is not match):
            self.extras = ResultExtras(self.app, match)
        (w, h), extra = self.layout = self.wanted_layout()
        wider = 140 if self.large_text() else 0  # large text: the buttons' words stay whole
        self.size = (w + wider, h)
        r = self.rect
        title = self.heading(t("result.title"), 44)
        lines = [t("result.winners", names=list(self.winners)) if self.winners else t("result.no_winner")]
        if self.reason:
            lines.append(f"<i>{html.escape(self.reason)}</i>")
        for name, score in self.scores:
            lines.append(html.escape(score_line(self.score_key, name, score)))
        gap = "<br>" if self.large_text() else "<br><br>"  # large text: no blank line, the scores stay in view
        body = "<b>" + html.escape(lines[0]) + "</b>" + gap + "<br>".join(lines[1:])
        box = self.below(title, 80 + (self.chart_h() if self.size[1] > 420 else 0), gap=10)
        self.body_box = self.textbox(box, body, "#parchment_box")
        n = 4 if extra else 3
        bw = (r.w - 30 - 10 * n) // n
        row = [(t("result.look"), self.app.pop, None), (t("result.rematch"), self.on_rematch, "#primary_button")]
        if extra:
            row.append((t("theatre.replay"), lambda: self.extras.replay(), None))
        row.append((t("result.menu"), self.app.go_to_menu, None))
        for i, (label, fn, oid) in enumerate(row):
            self.button((r.x + 20 + i * (bw + 10), r.bottom - 64, bw, 46), label, fn, object_id=oid)

    def large_text(self) -> bool:
        """True at the large and huge text sizes."""
        return bool(self.app.settings.text_scale > 1.05)

    def chart_h(self) -> int:
        """The chart's height: shorter at large text, so the result's words above it need no scrolling."""
        return self.CHART_H - (70 if self.large_text() else 0)

    def chart_rect(self) -> pygame.Rect:
        """Where the chart of the game is drawn (above the buttons)."""
        r = self.rect
        h = self.chart_h()
        return pygame.Rect(r.x + 20, r.bottom - 74 - h, r.w - 40, h - 6)

    def update(self, dt: float) -> None:
        """Lay the screen out again when the game's replay (off the UI thread) ends otherwise than expected
        (no chart, or no replay): only then, so a click in that frame is not lost."""
        if self.extras is not None and self.extras.settled() and self.layout != self.wanted_layout():
            self.rebuild_ui()

    def wanted_layout(self) -> tuple[tuple[int, int], bool]:
        """(the screen's size, whether Replay is offered) for what the replay has given so far."""
        ex = self.extras
        if ex is None:
            return type(self).size, False
        return (self.CHART_SIZE if ex.has_chart else type(self).size), ex.can_replay

    def wakeup_in(self) -> float | None:
        """Look again soon while the replay is being prepared."""
        return 0.1 if self.extras is not None and self.extras.preparing else None

    def draw(self, surface: pygame.Surface) -> None:
        """The dialog, and the chart of the game when there is one."""
        super().draw(surface)
        if self.extras is not None and self.size[1] > 420:
            self.extras.draw(surface, self.chart_rect())

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click on a chart point opens the theatre there; else as every dialog."""
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self.extras is not None \
                and self.extras.click(event.pos):
            return
        super().handle_event(event)

    def dismiss(self) -> None:
        """Esc looks at the final table."""
        self.app.pop()


def score_line(key: str, name: str, score: str) -> str:
    """One seat's score in words: ``key`` (a plural entry agrees with the number), else ``result.score``."""
    from game.engine import i18n

    try:
        count: float | None = float(score)
    except ValueError:
        count = None
    if not i18n.has(key):
        key = "result.score"
    if count is not None and count.is_integer():
        return t(key, name=name, score=score, count=int(count))
    return t(key, name=name, score=score, count=count if count is not None else 0)
