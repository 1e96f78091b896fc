"""New game: the gallery of rulesets and the level list of one ruleset (shipped and
mod levels, broken files shown with their error); the seat set-up is in seats.py.
"""

from __future__ import annotations

import html
import logging
from typing import Any

import pygame

from game.app import draw, fonts, theme
from game.app.scene import Scene, fit_text
from game.ui.text import shorten_for, too_wide_for
from game.engine import paths
from game.engine.i18n import localize, t
from game.scenes import has_dedicated_scene, ruleset_name, ruleset_tagline
from game.scenes.seats import DIFFICULTIES, SeatSetupScene, _tooltip_on_dropdown  # noqa: F401 - their old home

log = logging.getLogger(__name__)


def count_level_files(ruleset_id: str, *, refresh: bool = False) -> int:
    """Count the level files the list of a ruleset reads (shipped and mods) without loading them.

    The count comes from the level catalogue and is kept until the catalogue changes,
    so drawing a frame lists no folder; ``refresh`` lists the folders again.
    """
    from game.engine.levels import count_levels

    return count_levels(ruleset_id, refresh=refresh)


class GalleryScene(Scene):
    """Every registered ruleset as a card with art; a click opens its levels."""

    name = "gallery"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        from game.engine.registry import all_rulesets

        self.rulesets = all_rulesets()
        for rs in self.rulesets:  # listed once as the gallery opens; frames reuse the counts
            count_level_files(rs.id, refresh=True)
        self.hover: int | None = None
        self.cards: list[pygame.Rect] = []
        self.drawn: list[tuple[str, str, str, pygame.Rect]] = []  # the cards' lines as last drawn
        self._layout()

    def _layout(self) -> None:
        n = max(1, len(self.rulesets))
        cols = min(n, 5)
        rows = (n + cols - 1) // cols
        gap = 18
        cw = min(320 if n <= 3 else 260, (1280 - 60 - gap * (cols - 1)) // cols)  # few games: roomier cards
        ch = min(470, (720 - 120 - 80 - gap * (rows - 1)) // rows)
        x0 = (1280 - (cols * cw + (cols - 1) * gap)) // 2
        self.cards = [pygame.Rect(x0 + (i % cols) * (cw + gap), 100 + (i // cols) * (ch + gap), cw, ch)
                      for i in range(len(self.rulesets))]

    def _art_height(self, rs: Any, card: pygame.Rect) -> int:
        """The picture's height: half the card, less where the words need it (at large text the pitch would
        end in "…" under a full-size picture), never under half that."""
        full = min(card.w - 24, card.h // 2 - 20)
        w = card.w - 24
        name_lines = 1 if fonts.font(17, bold=True).size(ruleset_name(rs.id))[0] <= w else 2
        tag = fonts.font(12)
        small = fonts.font(13, italic=True)
        words = (name_lines * fonts.font(19, bold=True).get_linesize() + 2
                 + len(fonts.wrap(ruleset_tagline(rs.id), tag, w)) * tag.get_linesize() + 4
                 + 2 * small.get_linesize() + 62)
        room = card.h - 24 - full - words
        return full if room >= 0 else max(full // 2, full + room)

    def _draw_card_text(self, surface: pygame.Surface, rs: Any, card: pygame.Rect, y: int) -> int:
        """A card's name (one line, else two at a smaller size, never cut where two lines fit), its pitch and,
        above the button, its players and levels (wrapped to two lines at large text); return the last y."""
        w = card.w - 24
        name = ruleset_name(rs.id)
        # one line at the largest size from 21 down to 17 that fits, else two lines from 19 down to 15, else cut
        tries = [(size, 1) for size in range(21, 16, -1)] + [(size, 2) for size in range(19, 14, -1)]
        name_font = fonts.font(15, bold=True)
        lines = [fonts.fit(name, name_font, w)]
        for size, most in tries:
            fnt = fonts.font(size, bold=True)
            wrapped = fonts.wrap(name, fnt, w)
            if len(wrapped) <= most and all(fnt.size(x)[0] <= w for x in wrapped):
                name_font, lines = fnt, wrapped
                break
        for line in lines:
            self._put(surface, rs.id, "name", line, name_font, theme.INK, (card.x + 12, y))
            y += name_font.get_linesize()
        y += 2
        f = fonts.font(14)
        small = fonts.font(13, italic=True)
        lo, hi = rs.min_seats, rs.max_seats
        players = t("gallery.players_one", n=lo) if lo == hi else t("gallery.players", lo=lo, hi=hi)
        facts = [f"{players} · {t('gallery.levels', n=count_level_files(rs.id))}"]
        if small.size(facts[0])[0] > w:  # large text: the players and the levels on a line each
            facts = [fonts.fit(players, small, w), fonts.fit(t("gallery.levels", n=count_level_files(rs.id)), small, w)]
        facts_y = card.bottom - 62 - small.get_linesize() * len(facts)
        for size in (14, 13, 12):  # the pitch whole at a slightly smaller size before "…" (huge text)
            f = fonts.font(size)
            tag = fonts.wrap(ruleset_tagline(rs.id), f, w)
            room = max(1, (facts_y - 4 - y) // f.get_linesize())
            if len(tag) <= room:
                break
        if len(tag) > room:  # never over the players line: the last line that fits ends with …
            tag = tag[:room - 1] + [fonts.fit(" ".join(tag[room - 1:]), f, w)]
        for line in tag:
            self._put(surface, rs.id, "pitch", line, f, (70, 50, 32), (card.x + 12, y))
            y += f.get_linesize()
        for k, line in enumerate(facts):
            self._put(surface, rs.id, "facts", line, small, (90, 66, 40), (card.x + 12, facts_y + k * small.get_linesize()))
        return y

    def _put(self, surface: pygame.Surface, rid: str, part: str, line: str, fnt: Any, colour: Any,
             pos: tuple[int, int]) -> None:
        """Draw one line of a card and record it (ruleset, part, text, rect) for the text-fit tests."""
        img = fnt.render(line, True, colour)
        surface.blit(img, pos)
        self.drawn.append((rid, part, line, img.get_rect(topleft=pos)))

    def build_ui(self) -> None:
        """Create the back button and one choose button per card."""
        self.button((30, 650, 180, 46), t("common.back"), self.app.pop)
        for i, (rs, r) in enumerate(zip(self.rulesets, self.cards)):
            b = self.button((r.x + 14, r.bottom - 54, r.w - 28, 42), t("gallery.choose"),
                            lambda i=i: self.choose(i), object_id="#primary_button",  # the pitch whole on hover
                            tooltip=f"<b>{html.escape(ruleset_name(rs.id))}</b><br>{html.escape(ruleset_tagline(rs.id))}")
            if b.text != t("gallery.choose"):  # large text: the short word, whole, rather than "Choose a l…"
                b.set_text(t("gallery.choose_short"))

    def choose(self, index: int) -> None:
        """Open the level list of a ruleset (many mod files are checked off the UI thread first: levelwarm)."""
        from game.scenes.levelwarm import level_list_scene

        self.app.push(level_list_scene(self.app, self.rulesets[index].id))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Card hover and click; Esc goes back."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.cards) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next((i for i, r in enumerate(self.cards) if r.collidepoint(event.pos)), None)
            if hit is not None:
                self.choose(hit)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the cards: art, name, pitch, player count, level count, table-view mark."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        title = fonts.render(t("gallery.title"), 34, theme.BRASS_LIGHT, bold=True)
        surface.blit(title, ((1280 - title.get_width()) // 2, 30))
        if not self.rulesets:
            msg = fonts.render(t("gallery.none"), 20, theme.TEXT)
            surface.blit(msg, ((1280 - msg.get_width()) // 2, 340))
        self.drawn: list[tuple[str, str, str, pygame.Rect]] = []
        for i, (rs, r) in enumerate(zip(self.rulesets, self.cards)):
            lift = -6 if i == self.hover else 0
            card = r.move(0, lift)
            draw.panel(surface, card, "parchment", border=theme.BRASS_LIGHT if i == self.hover else theme.BRASS,
                       radius=12)
            art_h = self._art_height(rs, card)
            art = draw.svg(f"gallery/{rs.id}.svg", (card.w - 24, art_h)) or draw.svg("gallery/_generic.svg",
                                                                                    (card.w - 24, art_h))
            if art is not None:
                surface.blit(art, (card.centerx - art.get_width() // 2, card.y + 12))
            y = card.y + 12 + (art.get_height() if art is not None else art_h) + 12  # the art's real height
            y = self._draw_card_text(surface, rs, card, y)
            if not has_dedicated_scene(rs.id):
                badge = fonts.render(t("gallery.table_view"), 12, theme.PARCHMENT, bold=True)
                br = pygame.Rect(0, 0, badge.get_width() + 14, badge.get_height() + 4)
                br.topright = (card.right - 8, card.y + 8)
                pygame.draw.rect(surface, theme.FELT, br, border_radius=8)
                pygame.draw.rect(surface, theme.BRASS, br, 1, border_radius=8)
                surface.blit(badge, (br.x + 7, br.y + 2))


def _too_wide(button: Any, text: str, padding: int) -> bool:
    """True when ``text`` is wider than ``button`` less ``padding`` in the button's font."""
    font = getattr(button, "font", None)
    try:
        return font is not None and too_wide_for(text, font, button.rect.width - padding)
    except (AttributeError, TypeError, ValueError, pygame.error):
        return False


class LevelSelectScene(Scene):
    """The levels of one ruleset: shipped first, then mods (marked); broken ones greyed with their error."""

    name = "levels"

    def __init__(self, app: Any, ruleset_id: str) -> None:
        super().__init__(app)
        from game.engine.levels import discover_levels

        self.ruleset_id = ruleset_id
        self.entries = discover_levels(ruleset_id)
        self.selected = next((i for i, e in enumerate(self.entries) if e.ok), 0 if self.entries else None)
        self.detail: Any = None

    def build_ui(self) -> None:
        """Create the level list, the detail box and the buttons."""
        import pygame_gui

        self.label((40, 24, 1200, 50), t("levels.title", ruleset=ruleset_name(self.ruleset_id)), "#heading_label")
        # at large text the list takes 140 px from the detail box: long titles ("Patto della Brace contro
        # Custodi della Marea") read whole there, the detail box wraps its text anyway
        row_w = 576 if self.app.settings.text_scale > 1.05 else 436
        box = self.add(pygame_gui.elements.UIScrollingContainer(pygame.Rect(40, 84, row_w + 24, 550),
                                                                manager=self.app.manager,
                                                                allow_scroll_x=False))
        self.list_buttons = []
        y = 0
        for i, e in enumerate(self.entries):
            title = e.level.title() if e.level else e.path.name
            if e.skipped:  # a folder with more level files than are read: say how many were left out
                from game.engine import levelscan

                title = t("levels.left_out", n=e.skipped, max=levelscan.MAX_LEVELS_PER_DIR)
            tag = []
            if e.source == "mod":
                tag.append(t("levels.mod"))
            if not e.ok and not e.skipped:
                tag.append(t("levels.broken"))
            if e.ok and e.level is not None:  # a variant (a skirmish round limit) shows in the list
                tag += [n.split(":")[0] for n in self._notes(e.level)]
            text = f"{title}  [{' · '.join(tag)}]" if tag else title
            oid = "#level_selected" if i == self.selected else ("#level_broken" if not e.ok else "#level_item")
            b = pygame_gui.elements.UIButton(pygame.Rect(0, y, row_w, 48), text, manager=self.app.manager,
                                             container=box, object_id=pygame_gui.core.ObjectID(object_id=oid))
            if _too_wide(b, text, 28):  # a long title at large text takes the theme's smaller face first
                b.kill()
                b = pygame_gui.elements.UIButton(pygame.Rect(0, y, row_w, 48), text, manager=self.app.manager,
                                                 container=box,
                                                 object_id=pygame_gui.core.ObjectID(object_id=oid + "_small"))
            if fit_text(b, text, 28):  # still too long: shortened, its tag kept, the whole on hover
                if tag:
                    suffix = f"  [{' · '.join(tag)}]"
                    b.set_text(shorten_for(title, b.font, row_w - 28, suffix))
                b.set_tooltip(html.escape(text))
            self._callbacks[b] = lambda i=i: self.select(i)
            self.list_buttons.append(b)
            y += 54
        box.set_scrollable_area_dimensions((row_w, max(y, 10)))
        self.detail = self.textbox((row_w + 84, 84, 1240 - row_w - 84, 480), self.detail_html(), "#parchment_box")
        ok = self.selected is not None and self.entries[self.selected].ok
        self.start_btn = self.button((940, 580, 300, 54), t("levels.choose"), self.next, object_id="#primary_button",
                                     enabled=ok)
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)
        self.label((240, 655, 1000, 36), t("levels.mods_folder", path=str(paths.mods_dir() / self.ruleset_id)),
                   "#muted_label")

    def detail_html(self) -> str:
        """The detail box's text for the selected level (pygame_gui's HTML subset)."""
        if not self.entries:
            return html.escape(t("levels.none"))
        if self.selected is None:
            return html.escape(t("levels.pick_one"))
        e = self.entries[self.selected]
        if e.skipped:
            from game.engine import levelscan

            cap = levelscan.MAX_LEVELS_PER_DIR
            return (f"<b>{html.escape(t('levels.left_out', n=e.skipped, max=cap))}</b><br><br>"
                    f"{html.escape(t('levels.left_out_detail', max=cap))}<br><br>"
                    f"<font color='#8e2a1a'>{html.escape(self._error_text(e))}</font>")
        if not e.ok:
            return (f"<b>{html.escape(e.path.name)}</b><br><br>{html.escape(t('levels.broken_detail'))}<br><br>"
                    f"<font color='#8e2a1a'>{html.escape(self._error_text(e))}</font>")
        lvl = e.level
        m = lvl.model
        px = round(21 * self.app.settings.text_scale)  # a heading that follows the text size setting
        parts = [f"<font pixel_size={px}><b>{html.escape(lvl.title())}</b></font>"]
        diff = str(getattr(m, "difficulty", "?"))
        word = t(f"level_difficulty.{diff}")
        facts = [t("levels.difficulty", d=diff if word.startswith("level_difficulty.") else word)]
        try:
            lo, hi = self._seat_range(lvl)
            facts.append(t("gallery.players_one", n=lo) if lo == hi else t("gallery.players", lo=lo, hi=hi))
        except Exception as exc:  # noqa: BLE001 - a ruleset bug shows as text, not a crash
            log.warning("seat_range: %s", exc)
        author = getattr(m, "author", None)
        if author:
            facts.append(t("levels.author", author=localize(author)))
        if e.source == "mod":
            facts.append(t("levels.mod"))
        parts.append("<i>" + html.escape(" · ".join(facts)) + "</i>")
        notes = self._notes(lvl)
        if notes:
            parts.append("<b>" + html.escape(" · ".join(notes)) + "</b>")
        desc = lvl.description()
        if desc:
            parts.append(html.escape(desc).replace("\n", "<br>"))
        return "<br><br>".join(parts)

    def _error_text(self, entry: Any) -> str:
        """A broken entry's problems in the player's language (file names and field paths as written)."""
        from game.engine.i18n import language
        from game.engine.levelwords import localized_error

        return localized_error(entry.error, list(entry.problems), language())

    def _notes(self, level: Any) -> list[str]:
        """The ruleset's notes on a level's variant rules (a round limit), [] when it has none."""
        from game.engine.registry import get_ruleset

        try:
            return list(get_ruleset(self.ruleset_id).level_notes(level))
        except Exception as exc:  # noqa: BLE001 - a ruleset bug shows as no note, not a crash
            log.warning("level_notes: %s", exc)
            return []

    def _seat_range(self, level: Any) -> tuple[int, int]:
        from game.engine.registry import get_ruleset

        return get_ruleset(self.ruleset_id).seat_range(level)

    def select(self, index: int) -> None:
        """Show a level's details (and its error when broken)."""
        if self.selected == index and self.entries[index].ok:
            self.next()
            return
        self.selected = index
        self.rebuild_ui()

    def next(self) -> None:
        """Go to the seat set-up of the selected level."""
        if self.selected is None or not self.entries[self.selected].ok:
            return
        self.app.push(SeatSetupScene(self.app, self.ruleset_id, self.entries[self.selected].level))

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc goes back, Enter continues."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.next()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = ((self.selected or 0) + step) % len(self.entries)
                self.rebuild_ui()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
