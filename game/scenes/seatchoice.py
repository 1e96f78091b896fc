"""The seat set-up's choice column: each seat's hero, faction or deck (issue 15, item 4).

No pygame here: what a seat may choose (``Ruleset.seat_choices``), what it has chosen, the label and
tooltip of its control, and what a click moves to. The scene (seats.py) draws one button per seat
that cycles through "as the level says", "random" and the ruleset's options, and reads
``choice_of`` into the SeatSpec it starts the match with. With a unique kind (a hero) a seat is never
offered what another seat chose. The last choices of each level are kept for the session.
"""

from __future__ import annotations

import html
import logging
from typing import Any

from game.engine import i18n
from game.engine.choices import RANDOM, Choice, settle
from game.engine.protocol import SeatSpec
from game.engine.i18n import t

log = logging.getLogger(__name__)

#: the choices last made on each level this session: (ruleset id, level id, content hash) -> per seat
_LAST: dict[tuple[str, str, str], list[str]] = {}
#: the column's value for "as the level says" (SeatSpec.choice None)
DEFAULT = ""


class ChoiceColumn:
    """The choices of the seats of one level: options per seat, picks, labels and clicks."""

    def __init__(self, ruleset: Any, level: Any, n_max: int) -> None:
        self.ruleset = ruleset
        self.level = level
        self.key = (str(ruleset.id), str(level.id), str(getattr(level, "content_hash", "")))
        self.picks: list[str] = list(_LAST.get(self.key, []))[:n_max]
        self.picks += [DEFAULT] * (n_max - len(self.picks))
        self.kind = str(getattr(ruleset, "seat_choice_kind", "hero") or "hero")
        self.unique = bool(getattr(ruleset, "seat_choice_unique", True))
        self._cache: dict[tuple[int, int, str], list[Choice]] = {}

    # --- what a seat may choose -------------------------------------------------------------------
    def options(self, seat: int, count: int) -> list[Choice]:
        """The ruleset's options for a seat at this many seats (empty when it has none or fails)."""
        lang = i18n.language()
        key = (seat, count, lang)
        if key not in self._cache:
            try:
                self._cache[key] = list(self.ruleset.seat_choices(self.level, seat, count, lang) or [])
            except Exception as exc:  # noqa: BLE001 - a ruleset bug costs the column, never the screen
                log.warning("seat_choices: %s", exc)
                self._cache[key] = []
        return self._cache[key]

    def any(self, count: int) -> bool:
        """True when at least one of the first ``count`` seats has something to choose."""
        return any(self.options(i, count) for i in range(count))

    def header(self) -> str:
        """The column header, named by the ruleset (Hero, Faction, Deck)."""
        key = f"seats.choice_col.{self.kind}"
        return t(key) if i18n.has(key) else t("seats.col.choice")

    def values(self, seat: int, count: int) -> list[str]:
        """What the seat's control cycles through: the level's default, random, then the free options."""
        opts = self.options(seat, count)
        if not opts:
            return [DEFAULT]
        taken = {p for i, p in enumerate(self.picks[:count]) if i != seat and p not in (DEFAULT, RANDOM)}
        return [DEFAULT, RANDOM] + [c.id for c in opts if not (self.unique and c.id in taken)]

    def settle(self, count: int) -> None:
        """Drop picks that are no longer offered (fewer seats, another seat took the hero)."""
        for i in range(len(self.picks)):
            if i >= count or self.picks[i] not in self.values(i, count):
                self.picks[i] = DEFAULT

    def resolved(self, count: int) -> list[str | None]:
        """What each seat will play as the picks stand (a default seat whose hero was taken moves on).

        The same ``settle`` the rulesets' ``new_game`` runs, on the ruleset's ``seat_choice_defaults``;
        a random pick counts as no pick (it is drawn when the game starts).
        """
        try:
            defaults = list(self.ruleset.seat_choice_defaults(self.level, count))[:count]
            defaults += [None] * (count - len(defaults))
            specs = [SeatSpec("-", choice=self.choice_of(i, count) if self.picks[i] != RANDOM else None)
                     for i in range(count)]
            opts = [[c.id for c in self.options(i, count)] for i in range(count)]
            pool = list(dict.fromkeys(x for o in opts for x in o))
            return settle(specs, opts, defaults, unique=self.unique, pool=pool)
        except Exception as exc:  # noqa: BLE001 - the screen shows "as the level says" instead
            log.debug("seat_choice_defaults: %s", exc)
            return [None] * count

    def _in_game(self, seat: int, count: int) -> bool:
        """True when the level leaves this seat's pick to the game itself (a quest deck chosen at the table)."""
        try:
            defaults = list(self.ruleset.seat_choice_defaults(self.level, count))
        except Exception:  # noqa: BLE001 - then the level is said to decide
            return False
        return seat < len(defaults) and defaults[seat] is None and bool(self.options(seat, count))

    def name_of(self, seat: int, count: int, cid: str | None) -> str:
        """The label of an option id for a seat ("" when unknown)."""
        return next((c.label for c in self.options(seat, count) if c.id == cid), "") if cid else ""

    # --- what the control shows and does ------------------------------------------------------------
    def label(self, seat: int, count: int) -> str:
        """The control's text: the chosen option's name, "random", the level's pick (or "as the level says")."""
        if not self.options(seat, count):
            return t("seats.choice.none")
        pick = self.picks[seat]
        if pick == DEFAULT:
            if self._in_game(seat, count):
                return t("seats.choice.in_game")
            resolved = self.resolved(count)
            name = self.name_of(seat, count, resolved[seat] if seat < len(resolved) else None)
            return t("seats.choice.default_is", name=name) if name else t("seats.choice.default")
        if pick == RANDOM:
            return t("seats.choice.random")
        return next((c.label for c in self.options(seat, count) if c.id == pick), pick)

    def short_label(self, seat: int, count: int) -> str:
        """The control's text without "(the level's)" after the level's pick: the name alone, for a narrow
        control (the tooltip still says whose pick it is)."""
        if self.options(seat, count) and self.picks[seat] == DEFAULT and not self._in_game(seat, count):
            resolved = self.resolved(count)
            name = self.name_of(seat, count, resolved[seat] if seat < len(resolved) else None)
            if name:
                return name
        return self.label(seat, count)

    def tooltip(self, seat: int, count: int) -> str:
        """The control's tooltip (HTML): the option's name and one-line description, and how to change it."""
        if not self.options(seat, count):
            return html.escape(t("seats.choice.none_help", kind=self.header().lower()))
        pick = self.picks[seat]
        if pick == DEFAULT:
            desc = t("seats.choice.in_game_help" if self._in_game(seat, count) else "seats.choice.default_help")
        elif pick == RANDOM:
            desc = t("seats.choice.random_help")
        else:
            desc = next((c.description for c in self.options(seat, count) if c.id == pick), "")
        return (f"<b>{html.escape(self.label(seat, count))}</b><br>{html.escape(desc)}"
                f"<br><i>{html.escape(t('seats.choice.click'))}</i>")

    def cycle(self, seat: int, count: int, step: int = 1) -> str:
        """Move a seat's pick to the next (or previous) value and return it; remembered for the level."""
        vals = self.values(seat, count)
        cur = self.picks[seat] if self.picks[seat] in vals else DEFAULT
        self.picks[seat] = vals[(vals.index(cur) + step) % len(vals)]
        _LAST[self.key] = list(self.picks)
        return self.picks[seat]

    def choice_of(self, seat: int, count: int) -> str | None:
        """The SeatSpec choice of a seat: None for the level's default (or when it has nothing to choose)."""
        pick = self.picks[seat] if seat < len(self.picks) else DEFAULT
        if pick == DEFAULT or not self.options(seat, count):
            return None
        return pick
