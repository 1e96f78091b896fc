"""The seat set-up of a new game: who plays each seat (human or bot, a name, a bot difficulty) and,
where the ruleset offers one, the hero, faction or deck the seat plays (``Ruleset.seat_choices``).

Split from newgame.py (the gallery and the level list) when the choice column came (issue 15, item 4).
"""

from __future__ import annotations

import html
import logging
from typing import Any

import pygame

from game.engine.i18n import t
from game.engine.limits import SEAT_NAME_CHARS
from game.engine.protocol import SeatSpec
from game.app import draw
from game.app.scene import Scene, fit_text
from game.scenes.seatchoice import ChoiceColumn

log = logging.getLogger(__name__)

DIFFICULTIES = ("easy", "normal", "hard", "random")


def _tooltip_on_dropdown(menu: Any, text: str) -> None:
    """Give a drop-down's visible button the tooltip (pygame_gui's drop-down itself never shows one)."""
    try:
        menu.set_tooltip(text)
        state = getattr(menu, "current_state", None)
        button = getattr(state, "selected_option_button", None)
        if button is not None:
            button.set_tooltip(text)
    except Exception as exc:  # noqa: BLE001 - a pygame_gui change costs the tooltip, never the screen
        log.debug("drop-down tooltip: %s", exc)


#: column x and width: seat, name, played by, difficulty (its header's "?" after it), and the choice column
_COLUMNS = {False: ((60, 222), (290, 330), (640, 200), (860, 200), None),
            True: ((60, 180), (248, 220), (478, 160), (648, 180), (884, 336))}


#: the names column's least width when a long seat role takes room from it (a name scrolls in its field)
NAME_MIN_W = 150


class SeatSetupScene(Scene):
    """Who plays: each seat human or bot (with a difficulty), a name and its hero/faction/deck; then start."""

    name = "seats"

    def __init__(self, app: Any, ruleset_id: str, level: Any) -> None:
        super().__init__(app)
        from game.engine.registry import get_ruleset

        self.ruleset_id = ruleset_id
        self.level = level
        self.ruleset = get_ruleset(ruleset_id)
        lo, hi = self.ruleset.seat_range(level)
        self.lo, self.hi = max(1, lo), max(lo, hi)
        self.count = self.lo if self.lo > 1 else min(2, self.hi)
        self.seats: list[dict[str, str]] = []
        self._ensure_seats()
        self.choices = ChoiceColumn(self.ruleset, level, self.hi)
        self.choices.settle(self.count)
        self.choice_buttons: list[Any] = []
        self.choice_lines: dict[int, list[str]] = {}  # a deck name too long for one line: its two lines
        self.choice_header: Any = None
        import time

        self.seed = int(time.time() * 1000) % 1_000_000
        self.entries: list[Any] = []
        self.kind_menus: list[Any] = []
        self.diff_menus: list[Any] = []
        self.seed_entry: Any = None

    def _ensure_seats(self) -> None:
        # a tutorial's opponents start easy: a newcomer who follows the guide should be able to win
        # (in a cooperative ruleset a bot is a partner: an easy one would only make the team weaker)
        level_word = str(getattr(self.level.model, "difficulty", "") or "")
        opponents = not getattr(self.ruleset, "cooperative", False)
        difficulty = "easy" if level_word == "tutorial" and opponents else "normal"
        while len(self.seats) < self.hi:
            i = len(self.seats)
            kind = "human" if i == 0 else "bot"
            self.seats.append({"kind": kind, "difficulty": difficulty, "name": ""})

    def _default_name(self, i: int) -> str:
        return t("seats.player_n" if self.seats[i]["kind"] == "human" else "seats.bot_n", n=i + 1)

    def roles(self) -> list[str]:
        """Each seat's role in words ("Hero", "Dark Lord"), as the rows show them."""
        try:
            roles = list(self.ruleset.seat_roles(self.level, self.count))
        except Exception as exc:  # noqa: BLE001
            log.warning("seat_roles: %s", exc)
            roles = []
        roles += ["player"] * (self.count - len(roles))
        out = []
        from game.engine import i18n

        for i, r in enumerate(roles[: self.count]):
            if r in (c.id for c in self.choices.options(i, self.count)):  # the role is the hero it may change:
                out.append(self.choices.header())                        # the choice column names the hero
                continue
            keys = [k for k in (f"{self.ruleset_id}.role.{r}", f"role.{r}") if i18n.has(k)]
            out.append(t(keys[0]) if keys else str(r).replace("_", " ").capitalize())
        return out

    def build_ui(self) -> None:
        """Create the seat rows, the player count, the seed and the start button."""
        import pygame_gui

        mgr = self.app.manager
        self.label((40, 24, 1200, 50), t("seats.title", level=self.level.title()), "#heading_label")
        self.label((60, 90, 300, 40), t("seats.count"))
        self.button((360, 90, 44, 40), "−", lambda: self.set_count(self.count - 1), enabled=self.count > self.lo)
        self.label((410, 90, 50, 40), str(self.count), "#center_label")
        self.button((466, 90, 44, 40), "+", lambda: self.set_count(self.count + 1), enabled=self.count < self.hi)
        roles = self.roles()
        self.entries, self.kind_menus, self.diff_menus = [], [], []
        kinds = [t("seats.human"), t("seats.bot")]
        diffs = [t(f"difficulty.{d}") for d in DIFFICULTIES]
        with_choice = self.choices.any(self.count)
        (sx, sw), (nx, nw), (kx, kw), (dx, dw), cc = _COLUMNS[with_choice]
        grow = self._role_room([f"{i + 1}. {roles[i]}" for i in range(self.count)], sw, nw)
        sw, nx, nw = sw + grow, nx + grow, nw - grow  # a long role ("3. Signore Oscuro", huge): room from the names
        # column headers: what each column of the rows below sets
        self.headers = [self.label((sx, 144, sw, 30), t("seats.col.seat"), "#muted_label"),
                        self.label((nx, 144, nw, 30), t("seats.col.name"), "#muted_label"),
                        self.label((kx, 144, kw, 30), t("seats.col.kind"), "#muted_label"),
                        self.label((dx, 144, dw if with_choice else 160, 30), t("seats.col.difficulty"),
                                   "#muted_label")]
        # the README promises the difficulty help on hover: a drop-down cannot show a tooltip, this button can
        help_rect = (dx + dw + 2, 142, 40, 34) if with_choice else (1022, 142, 48, 34)
        self.diff_help = self.button(help_rect, t("seats.difficulty.what"), None,
                                     tooltip=html.escape(t("difficulty.help")).replace("\n", "<br>"))
        self.choice_buttons = []
        self.choice_lines = {}
        self.choice_header = self.label((cc[0], 144, cc[1], 30), self.choices.header(), "#muted_label") \
            if cc is not None else None
        y = 180
        row_h = min(64, (566 - 180) // max(1, self.count))
        for i in range(self.count):
            seat = self.seats[i]
            role = self.label((sx, y, sw, 44), f"{i + 1}. {roles[i]}")
            if role.text != f"{i + 1}. {roles[i]}":  # shortened at large text: the whole role on hover
                role.set_tooltip(html.escape(f"{i + 1}. {roles[i]}"))
            entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(nx, y, nw, 44), manager=mgr,
                                                                 placeholder_text=self._default_name(i)))
            entry.set_text_length_limit(SEAT_NAME_CHARS)
            if seat["name"]:
                entry.set_text(seat["name"])
            self.entries.append(entry)
            km = self.add(pygame_gui.elements.UIDropDownMenu(kinds, kinds[0 if seat["kind"] == "human" else 1],
                                                             pygame.Rect(kx, y, kw, 44), manager=mgr))
            self.kind_menus.append(km)
            dm = self.add(pygame_gui.elements.UIDropDownMenu(diffs, diffs[DIFFICULTIES.index(seat["difficulty"])],
                                                             pygame.Rect(dx, y, dw, 44), manager=mgr))
            _tooltip_on_dropdown(dm, html.escape(t("difficulty.help")).replace("\n", "<br>"))
            if seat["kind"] != "bot":
                dm.disable()
            self.diff_menus.append(dm)
            if cc is not None:
                self.choice_buttons.append(self._choice_button(i, (cc[0], y, cc[1], 44), row_h))
            y += row_h
        self.label((60, 580, 120, 40), t("seats.seed"))
        self.seed_entry = self.add(pygame_gui.elements.UITextEntryLine(pygame.Rect(180, 580, 200, 40), manager=mgr))
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        self.seed_entry.set_text(str(self.seed))
        self.label((395, 580, 600, 40), t("seats.seed_hint"), "#muted_label")
        humans = sum(1 for s in self.seats[: self.count] if s["kind"] == "human")
        if humans > 1:
            self.label((60, 620, 900, 30), t("seats.hotseat_hint"), "#muted_label")
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)
        self.button((980, 640, 260, 56), t("seats.start"), self.start, object_id="#primary_button")

    def _role_room(self, texts: list[str], width: int, name_width: int) -> int:
        """How many px the seat column must grow for its longest role to read whole (the names column keeps
        ``NAME_MIN_W``); 0 when every role fits."""
        try:
            font = self.app.manager.get_theme().get_font(["label"])
            need = max((font.get_rect(x).width for x in texts), default=0) + 12
        except (AttributeError, TypeError, ValueError, pygame.error):  # a theme without the font: as laid out
            return 0
        return max(0, min(need - width, name_width - NAME_MIN_W))

    def _choice_button(self, seat: int, rect: tuple[int, int, int, int], pitch: int = 64) -> Any:
        """A seat's hero/faction/deck control: a button showing the pick; a click moves to the next one. A name
        too long for one line (a sanctuary deck at large text) takes two, the button growing into the row's
        room (``pitch``, the rows' spacing); only where two lines do not fit either is it shortened."""
        text = self.choices.label(seat, self.count)
        short = self.choices.short_label(seat, self.count)
        tip = self.choices.tooltip(seat, self.count)
        enabled = bool(self.choices.options(seat, self.count))
        font = self._theme_font("button")
        lines = _two_lines(short, font, rect[2] - 24) \
            if _too_wide(text, font, rect[2] - 28) and _too_wide(short, font, rect[2] - 24) else None
        need = 2 * font.get_rect("Ag").height + 2 if lines else 0
        if lines and need <= pitch - 4:
            h = max(rect[3], need)
            top = max(176, rect[1] + rect[3] // 2 - h // 2)  # under the column's header
            b = self.button((rect[0], top, rect[2], h), "", lambda: self.cycle_choice(seat), tooltip=tip,
                            enabled=enabled)
            self.choice_lines[seat] = lines  # drawn over it (draw_top): a pygame_gui button shows one line
            return b
        b = self.button(rect, text, lambda: self.cycle_choice(seat), tooltip=tip, enabled=enabled)
        if b.text != text:  # too wide (large text): the name alone, "(the level's)" left to the tooltip
            b.set_text(short)
            fit_text(b, short, 24)  # a name still too long: shortened, the whole in the tooltip
        return b

    def choice_text(self, seat: int) -> str:
        """The words the seat's choice control shows (its two lines joined by a newline when it has two)."""
        lines = self.choice_lines.get(seat)
        return "\n".join(lines) if lines else str(self.choice_buttons[seat].text)

    def _tooltip_rects(self) -> list[pygame.Rect]:
        """Where pygame_gui shows a tooltip now (the two-line names drawn after the widgets never cover one)."""
        try:
            from pygame_gui.elements import UITooltip

            return [pygame.Rect(el.rect) for el in self.app.manager.get_sprite_group().sprites()
                    if isinstance(el, UITooltip) and el.visible]
        except (AttributeError, TypeError, ImportError):
            return []

    def _theme_font(self, kind: str) -> Any:
        """The theme's font for ``kind`` of element (None when the theme cannot say)."""
        try:
            return self.app.manager.get_theme().get_font([kind])
        except (AttributeError, TypeError, ValueError, pygame.error):
            return None

    def draw_top(self, surface: pygame.Surface) -> None:
        """The two-line names of the choice buttons (over the buttons pygame_gui drew)."""
        super().draw_top(surface)
        tips = self._tooltip_rects()
        for seat, lines in self.choice_lines.items():
            if seat >= len(self.choice_buttons):
                continue
            b = self.choice_buttons[seat]
            if any(b.rect.colliderect(r) for r in tips):  # a tooltip shows over the button: it stays on top
                continue
            font = getattr(b, "font", None)
            if font is None:
                continue
            colour = b.colours.get("normal_text" if b.is_enabled else "disabled_text", pygame.Color(243, 230, 200))
            imgs = [font.render_premul(line, colour) for line in lines]
            lh = font.get_rect("Ag").height
            y = b.rect.centery - lh * len(imgs) // 2
            for img in imgs:
                surface.blit(img, (b.rect.centerx - img.get_width() // 2, y), special_flags=pygame.BLEND_PREMULTIPLIED)
                y += lh

    def cycle_choice(self, seat: int, step: int = 1) -> None:
        """Give a seat the next (``step`` -1: the previous) hero, faction or deck (the others' lists follow: a
        hero is played once)."""
        self._read()
        self.choices.cycle(seat, self.count, step)
        self.rebuild_ui()

    def _read(self) -> None:
        for i, entry in enumerate(self.entries):
            self.seats[i]["name"] = entry.get_text().strip()[:40]
        if self.seed_entry is not None:
            try:
                self.seed = int(self.seed_entry.get_text() or 0)
            except ValueError:
                pass

    def set_count(self, n: int) -> None:
        """Change the number of seats within the level's range."""
        self._read()
        self.count = max(self.lo, min(self.hi, n))
        self.choices.settle(self.count)
        self.rebuild_ui()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons and drop-downs; Esc goes back."""
        import pygame_gui

        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 3:  # right-click: the previous one
            hit = next((i for i, b in enumerate(self.choice_buttons)
                        if b.is_enabled and b.rect.collidepoint(event.pos)), None)
            if hit is not None:
                self.cycle_choice(hit, -1)
                return
        if self.handle_ui_event(event):
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for i, km in enumerate(self.kind_menus):
                if event.ui_element is km:
                    self._read()
                    self.seats[i]["kind"] = "human" if event.text == t("seats.human") else "bot"
                    self.rebuild_ui()
                    return
            for i, dm in enumerate(self.diff_menus):
                if event.ui_element is dm:
                    labels = [t(f"difficulty.{d}") for d in DIFFICULTIES]
                    if event.text in labels:
                        self.seats[i]["difficulty"] = DIFFICULTIES[labels.index(event.text)]
                    return
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def update(self, dt: float) -> None:
        """Keep the difficulty help on each drop-down's button (opening and closing one rebuilds it)."""
        super().update(dt)
        for dm in self.diff_menus:
            button = getattr(getattr(dm, "current_state", None), "selected_option_button", None)
            if button is not None and not getattr(button, "tool_tip_text", None):
                _tooltip_on_dropdown(dm, html.escape(t("difficulty.help")).replace("\n", "<br>"))

    def seat_specs(self) -> list[SeatSpec]:
        """Return the seats as chosen (empty names get a default)."""
        self._read()
        return [SeatSpec(s["name"] or self._default_name(i), s["kind"], s["difficulty"],
                         self.choices.choice_of(i, self.count))
                for i, s in enumerate(self.seats[: self.count])]

    def start(self) -> None:
        """Start the game with these seats."""
        from game.scenes.play import start_new_game

        start_new_game(self.app, self.ruleset_id, self.level, self.seat_specs(), self.seed)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table and a panel behind the rows."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        draw.panel(surface, (40, 80, 1200, 550), "wood", radius=12)


def _too_wide(text: str, font: Any, width: int) -> bool:
    """True when ``text`` is wider than ``width`` px in a widget's ``font`` (False for a font that cannot say)."""
    try:
        return font is not None and bool(font.size(text)[0] > width)
    except (AttributeError, TypeError, ValueError, pygame.error):
        return False


def _two_lines(text: str, font: Any, width: int) -> list[str] | None:
    """``text`` on two lines no wider than ``width`` px in ``font`` (after a ": " when that fits, else at the
    most even space), or None when it needs more."""
    if font is None or width <= 0:
        return None
    cuts = [i for i, ch in enumerate(text) if ch == " "]
    if not cuts:
        return None
    colon = text.find(": ")
    order = ([colon + 1] if colon > 0 else []) + sorted(cuts, key=lambda i: abs(len(text) / 2 - i))
    for i in order:
        lines = [text[:i].rstrip(), text[i:].strip()]
        try:
            if all(line and font.size(line)[0] <= width for line in lines):
                return lines
        except (AttributeError, TypeError, ValueError, pygame.error):
            return None
    return None
