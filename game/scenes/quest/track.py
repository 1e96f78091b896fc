"""The quest's seven phases made whole on the phase track at every text size (issue 15: no cut text).

Why a module of its own: at huge text the round label, the seven phase names and "<name> to play" are
wider than the strip, and the shared tracker (game/ui/widgets/tracker.py) ends the row in "…" (at 1.5,
Italian lacked about 200 px). The quest scene asks this plan for the words to give the tracker, from the
tracker's own measures: first the full names and "<name> to play"; where that does not fit, the seat's
name alone (the turn strip below and the action bar already say who plays and that a bot thinks); where
that does not fit either, the longest names of the phases *not* current take their short catalogue form
("Pianif."), one by one, the longest first. The current phase always shows its whole name. The plan is
measured for the round label shown, the phase lit and the widest right-hand words, so it stays the same
while a bot thinks instead of changing from move to move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from game.engine.i18n import t

from game.ui import gfx

#: the tracker's measures (game/ui/widgets/tracker.py): left margin, gap after the label, chip padding,
#: the gap and arrow after a chip, the room kept beside the seat's name and before it
LEFT, LABEL_GAP, CHIP_PAD, CHIP_GAP, ARROW, NAME_ROOM, NAME_GAP = 16, 14, 18, 4, 10, 44, 8


@dataclass(frozen=True)
class TrackPlan:
    """Which phases show their short word, and whether the seat's name stands alone on the right."""

    short: frozenset[int] = frozenset()
    name_only: bool = False

    def names(self, full: Sequence[str], short: Sequence[str], current: int | None) -> list[str]:
        """The words for the tracker: the short form where planned, never for the current phase."""
        return [s if i in self.short and i != current else f for i, (f, s) in enumerate(zip(full, short))]


def track_width(names: Sequence[str], current_extra: int, label: str, actor: str, size: int) -> int:
    """How wide the tracker draws ``label``, the phase chips and ``actor`` (font ``size``, bold where it may be)."""
    x = LEFT + (gfx.text_size(label, size + 1, True)[0] + LABEL_GAP if label else 0)
    for i, name in enumerate(names):
        x += gfx.text_size(name, size - 1, True)[0] + CHIP_PAD + (CHIP_GAP + ARROW if i < len(names) - 1 else 0)
    x += current_extra + NAME_GAP
    return x + (gfx.text_size(actor, size, True)[0] + NAME_ROOM if actor else 0)


def plan_track(width: int, size: int, full: Sequence[str], short: Sequence[str], label: str,
               actors: Sequence[str], names: Sequence[str], current: int | None = None) -> TrackPlan:
    """The plan that makes the whole row fit ``width``: ``label`` the round label shown, ``actors`` the
    right-hand words it may show ("<name> to play", "<name> is thinking…"; the widest counts, so a bot's
    turn does not change the row), ``names`` the seats' names, ``current`` the phase lit (never shortened)."""
    actor = max(actors, key=lambda s: gfx.text_size(s, size, True)[0], default="")
    if track_width(full, 0, label, actor, size) <= width:
        return TrackPlan()
    alone = max(names, key=lambda s: gfx.text_size(s, size, True)[0], default="")
    chosen: set[int] = set()
    saving = sorted((i for i in range(len(full)) if i != current and short[i] != full[i]),
                    key=lambda i: gfx.text_size(short[i], size - 1, True)[0] - gfx.text_size(full[i], size - 1, True)[0])
    for i in [None, *saving]:
        if i is not None:
            chosen.add(i)
        words = [short[j] if j in chosen else full[j] for j in range(len(full))]
        if track_width(words, 0, label, alone, size) <= width:
            break
    return TrackPlan(frozenset(chosen), True)


class SceneTrack:
    """The quest scene's phase track plan, kept per language, text size, seats, round label and phase lit."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.plan = TrackPlan()
        self._key: Any = None

    def lit(self) -> int | None:
        """The index of the phase lit (None in set-up)."""
        from game.scenes.quest.table import PHASES

        ph = self.scene.table.phase
        return PHASES.index(ph) if ph in PHASES else None

    def names(self, view: dict[str, Any]) -> list[str]:
        """The words for the tracker now (the plan made again when what it depends on changed)."""
        from game.scenes.quest.table import PHASES
        from game.scenes.quest.words import w

        s = self.scene
        full = [s.phase_name(p) for p in PHASES]
        short = [w(f"phase_short.{p}", s.lang) for p in PHASES]
        names = tuple(seat.name for seat in s.match.seats)
        label = s.round_label(view) or ""
        key = (s.lang, gfx.text_scale(), names, label, self.lit())
        if key != self._key:
            actors = [t("game.turn", name=n) for n in names] + [
                t("game.bot_thinking", name=seat.name) for i, seat in enumerate(s.match.seats) if s.match.is_bot(i)]
            self.plan = plan_track(s.tracker_rect.w, s.chrome.tracker.size, full, short, label,
                                   actors + [t("result.title")], list(names) + [t("result.title")], self.lit())
            self._key = key
        return self.plan.names(full, short, self.lit())


class TrackWords:
    """The quest scene's words for the shared tracker (a mixin before the base scene: it overrides its two)."""

    track: SceneTrack

    def phases(self, view: dict[str, Any]) -> list[str] | None:
        """The seven phases, translated; where the track is short of room, some not lit in a short form."""
        return self.track.names(view)

    def tracker_actor_text(self) -> str:
        """Whose turn it is; the seat's name alone where the track needs the room (the strip says the rest)."""
        seat = self.driver.shown_seat()  # type: ignore[attr-defined]
        if seat is not None and self.track.plan.name_only:
            return str(self.seat_name(seat))  # type: ignore[attr-defined]
        return str(super().tracker_actor_text())  # type: ignore[misc]
