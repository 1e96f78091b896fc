"""Invariants of a quest state, in words (tests and ``simulate`` call them after every action).

Cards are conserved (every instance of the level and the chosen decks is in exactly one zone);
damage stays below hit points; threat stays within 0..50 for players still in; the table state
exists exactly for the cards in play; staging holds only enemies and locations; shadows sit on
engaged enemies; the stack holds only events or card actions of seats still in the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rulesets.quest.parts import P_OVER, P_SETUP, THREAT_OUT, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


class Checks:
    """The state's invariants (mixed into ``QuestState``)."""

    def zones(self: QuestState) -> dict[str, list[str]]:  # type: ignore[misc]
        """Every zone by name with its cards (for the conservation check and tests)."""
        out: dict[str, list[str]] = {}
        for s, p in enumerate(self.players):
            for z in ("deck", "hand", "discard", "heroes", "allies", "attachments", "engaged"):
                out[f"{s}.{z}"] = list(getattr(p, z))
        enc = self.encounter
        out["e.deck"], out["e.discard"], out["e.staging"] = list(enc.deck), list(enc.discard), list(enc.staging)
        out["e.victory"] = list(enc.victory)
        out["e.active"] = [enc.active] if enc.active else []
        out["e.shadows"] = list(enc.shadows.values())
        out["stack"] = [i["card"] for i in self.stack.items if isinstance(i, dict) and i.get("kind") == "play"]
        return out

    def invariants(self: QuestState) -> list[str]:  # type: ignore[misc]
        """Return broken invariants in words (empty when all hold)."""
        bad: list[str] = []
        seen: dict[str, str] = {}
        for zone, cards in self.zones().items():
            for c in cards:
                if c in seen:
                    bad.append(f"card {c} is in {seen[c]} and {zone}")
                seen[c] = zone
                if c not in self.cid:
                    bad.append(f"unknown card {c} in {zone}")
        if self.phase is not P_SETUP or self.step is not Step.DECK:
            missing = sorted(set(self.cid) - set(seen))
            if missing:
                bad.append(f"cards lost: {missing[:5]}")
        in_play = {c for s, p in enumerate(self.players) for c in p.heroes + p.allies + p.attachments + p.engaged}
        in_play |= set(self.encounter.staging)
        if self.encounter.active:
            in_play.add(self.encounter.active)
        if set(self.table) != in_play:
            bad.append(f"table state for {sorted(set(self.table) ^ in_play)[:5]} does not match the cards in play")
        for c, cs in self.table.items():
            if c not in self.cid:
                continue
            d = self.defn(c)
            if d.hp and cs.damage >= d.hp:
                bad.append(f"{c} has {cs.damage} damage with {d.hp} hit points")
            if d.kind == "attachment" and cs.attached_to not in self.table:
                bad.append(f"attachment {c} is attached to {cs.attached_to}, not in play")
            if d.kind == "location" and cs.progress >= d.quest_points:
                bad.append(f"location {c} has all its progress but is still in play")
        for c in self.encounter.staging:
            if c in self.cid and self.defn(c).kind not in ("enemy", "location"):
                bad.append(f"{c} ({self.defn(c).kind}) in the staging area")
        engaged = {e for p in self.players for e in p.engaged}
        for e in self.encounter.shadows:
            if e not in engaged:
                bad.append(f"shadow card on {e}, which is not engaged")
        for s, p in enumerate(self.players):
            if not p.eliminated and self.phase is not P_OVER and not 0 <= p.threat < THREAT_OUT:
                bad.append(f"seat {s} threat {p.threat} out of bounds")
            if p.eliminated and (p.heroes or p.allies or p.engaged):
                bad.append(f"eliminated seat {s} still has cards in play")
            if not p.eliminated and self.phase not in (P_SETUP, P_OVER) and not p.heroes:
                bad.append(f"seat {s} has no hero but is still in")
        stages = self.model.stages
        if self.encounter.stage >= len(stages):
            bad.append("quest stage out of range")
        elif self.phase is not P_OVER and self.encounter.progress >= self.stage_points(self.encounter.stage):
            bad.append("quest stage complete but not advanced")
        for item in self.stack.items:
            if not isinstance(item, dict) or item.get("kind") not in ("play", "use"):
                bad.append(f"stack item {item!r} is neither a played event nor a card action")
        return bad
