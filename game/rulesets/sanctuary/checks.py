"""Sanctuary invariants, and the checks a loaded state needs beyond its declared field types.

``invariants`` (cards conserved, bounds, phase consistency) runs after every action in
``simulate`` and the tests; ``validate`` runs after ``from_json``: card ids that must exist, each
seat's own Sanctuary, a sane priority window, then the invariants. Errors name the field path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.protocol import StateError
from game.rulesets.sanctuary.parts import P_COMBAT, P_DUEL, P_OVER, S_PRIORITY, STEPS_OF

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState

ZONES = ("deck", "hand", "discard", "chars", "attachments", "techs")
_STACK_KEYS = {"card", "seat", "target"}


class Checks:
    """Invariants and load-time validation (mixed into ``SanctuaryState``)."""

    def invariants(self: SanctuaryState) -> list[str]:  # type: ignore[misc]
        """Return broken invariants: conservation, bounds, phase consistency."""
        bad: list[str] = []
        seen: dict[str, str] = {}
        over = self.phase is P_OVER
        owner_card = self.owner_card
        for p, pl in enumerate(self.players):
            mine = str(p)
            for z in ZONES:
                where = f"player {p} {z}"
                for c in getattr(pl, z):
                    if c in seen:
                        bad.append(f"card {c} is in both {seen[c]} and {where}")
                    seen[c] = where
                    if c not in owner_card or c[0] != mine:
                        bad.append(f"card {c} in player {p} {z} does not belong to that player")
            if pl.will < 0:
                bad.append(f"player {p} has negative Will")
            if len(pl.attachments) > self.attachment_limit(p):
                bad.append(f"player {p} has more Attachments than the Sanctuary allows")
            if pl.attachments_this_turn > 1:
                bad.append(f"player {p} played more than one Attachment this turn")
            if not over and pl.structure <= 0:
                bad.append(f"player {p} is at Structure {pl.structure} but the game goes on")
        for s in self.stack.items:
            c = s["card"]
            if c in seen:
                bad.append(f"card {c} is on the stack and in {seen[c]}")
            seen[c] = "stack"
        expected = {c for c in self.owner_card if not c.endswith(".S")}
        if set(seen) != expected:
            missing = sorted(expected - set(seen))[:5]
            extra = sorted(set(seen) - expected)[:5]
            bad.append(f"cards not conserved: missing {missing}, unknown {extra}")
        in_play = {c for pl in self.players for z in ("chars", "attachments", "techs") for c in getattr(pl, z)}
        in_play |= {pl.sanctuary for pl in self.players}
        if set(self.perm) != in_play:
            bad.append("cards in play and their table state differ")
        for pl in self.players:
            for tc in pl.techs:
                perm = self.perm[tc]
                if perm.carrier not in pl.chars:
                    bad.append(f"technology {tc} has no carrier in play")
                if not perm.durability or perm.durability <= 0:
                    bad.append(f"technology {tc} at Durability {perm.durability} is still in play")
            for c in pl.chars:
                dmg = self.perm[c].damage
                if dmg < 0 or (not over and dmg >= self.strength(c)):
                    bad.append(f"character {c} has damage {dmg} against Strength {self.strength(c)}")
        if self.step not in STEPS_OF[self.phase]:
            bad.append(f"step {self.step.value!r} does not belong to phase {self.phase.value!r}")
        if self.phase is P_COMBAT and self.combat is None:
            bad.append("combat phase without combat data")
        if self.phase is P_DUEL and self.step is S_PRIORITY and self.duel is None:
            bad.append("duel priority without a duel")
        if self.stack.items and self.step is not S_PRIORITY and not over:
            bad.append("cards on the stack outside a priority step")
        if over and self.winners is None:
            bad.append("the game is over without a result")
        return bad

    def validate(self: SanctuaryState) -> None:  # type: ignore[misc]
        """Check what the field types cannot say (ids that must exist, the window, invariants); StateError."""
        known = self.owner_card
        if len(self.seat_names) != 2:
            raise StateError("seats: expected two seat names")
        if len(self.players) != 2:
            raise StateError("players: expected two players")
        for i, pl in enumerate(self.players):
            for z in ZONES:
                for x in getattr(pl, z):
                    if x not in known:
                        raise StateError(f"players[{i}].{z}: unknown card {x!r}")
            if pl.sanctuary != f"{i}.S":
                raise StateError(f"players[{i}].sanctuary: expected '{i}.S'")
        for c in self.perm:
            if c not in known:
                raise StateError(f"perm.{c}: unknown card")
        _check_window(self, known)
        if self.duel is not None and (self.duel.challenger not in known or self.duel.target not in known):
            raise StateError("duel: unknown card")
        cb = self.combat
        if cb is not None and not (all(a in known for a in cb.attackers)
                                   and all(a in known and b in known for a, b in cb.blocks.items())
                                   and all(a in known for a in cb.gone)):
            raise StateError("combat: unknown card")
        try:
            broken = self.invariants()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateError(f"inconsistent state: {exc}") from None
        if broken:
            raise StateError("inconsistent state: " + "; ".join(broken[:3]))


def _check_window(st: SanctuaryState, known: dict[str, Any]) -> None:
    """The stack's items are ``{card, seat, target}`` of known cards; priority and passes are seats."""
    stack = st.stack
    for i, it in enumerate(stack.items):
        where = f"stack.items[{i}]"
        if not isinstance(it, dict) or not set(it) <= _STACK_KEYS or it.get("card") not in known \
                or it.get("seat") not in (0, 1) or isinstance(it.get("seat"), bool):
            raise StateError(f"{where}: expected card, seat and target")
        if it.get("target") is not None and it.get("target") not in known:
            raise StateError(f"{where}.target: unknown card {it.get('target')!r}")
        stack.items[i] = {"card": it["card"], "seat": it["seat"], "target": it.get("target")}
    if stack.holder not in (0, 1) or isinstance(stack.holder, bool):
        raise StateError("stack.holder: expected 0 or 1")
    passed = stack.passed
    if not all(p in (0, 1) and not isinstance(p, bool) for p in passed) or len(set(passed)) != len(passed):
        raise StateError("stack.passed: expected the seats that passed in a row")
