"""What a seat sees of a quest game (``view``), and the state a bot samples back from a view.

The view is the state's JSON with the secrets replaced by ``"?"``: other seats' hands, every player
deck, the encounter deck and the face-down shadow cards; plus derived, read-only extras for scenes
and bots (current stats of cards in play, the staging threat, the committed willpower, the priority
holder and the current decision). ``state_data_from_view`` drops the extras and deals the unknown
cards back at random, so ``determinize`` gives a full state consistent with what the seat knows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.rng import Rng
from game.rulesets.quest.parts import Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

HIDDEN = "?"
#: keys the view adds to the state's JSON (dropped again by ``state_data_from_view``)
EXTRAS = ("viewer", "cards", "stats", "staging_threat", "willpower", "holder", "decision", "tip", "to_act",
          "stage_points")
_STATS = ("willpower", "attack", "defense", "threat", "hp")


def decision(st: QuestState) -> dict[str, Any] | None:
    """The decision the table waits for: who decides and what (step, window, the attack or strike)."""
    seat = st.to_act()
    if seat is None:
        return None
    out: dict[str, Any] = {"seat": seat, "step": st.step.value, "phase": st.phase.value}
    if st.step is Step.ACTIONS:
        out["window"] = st.window.value
    if st.attack is not None:
        out["enemy"] = st.attack.enemy
        out["defender"] = st.attack.defender
    if st.strike is not None:
        out["enemy"] = st.strike.enemy
        out["attackers"] = list(st.strike.attackers)
    if st.step is Step.ARCHERY:
        out["archery_left"] = st.archery_left
    return out


class Views:
    """The seat's view (mixed into ``QuestState``)."""

    def view(self: QuestState, seat: int | None) -> dict[str, Any]:  # type: ignore[misc]
        """Return the state as ``seat`` sees it: hidden cards as "?", no RNG, plus derived extras."""
        out = self.to_json()
        out["rng"] = None
        for p, pl in enumerate(out["players"]):
            pl["deck"] = [HIDDEN] * len(pl["deck"])
            if p != seat:
                pl["hand"] = [HIDDEN] * len(pl["hand"])
        enc = out["encounter"]
        enc["deck"] = [HIDDEN] * len(enc["deck"])
        enc["shadows"] = {e: (c if e in self.shadows_up else HIDDEN) for e, c in enc["shadows"].items()}
        out["viewer"] = seat
        out["to_act"] = self.to_act()
        out["cards"] = dict(self.cid)
        out["stats"] = {c: {s: (self.stat(c, s) if s != "hp" else self.hp(c)) for s in _STATS} for c in self.table}
        out["staging_threat"] = self.staging_threat()
        out["stage_points"] = [self.stage_points(i) for i in range(len(self.model.stages))]
        out["willpower"] = sum(self.stat(c, "willpower") for p in self.players for c in p.heroes + p.allies
                               if self.table[c].committed)
        out["holder"] = self.stack.holder if self.step is Step.ACTIONS else None
        out["decision"] = decision(self)
        tip = self.model.tips.get(self.phase.value)
        if tip is not None:
            out["tip"] = tip if isinstance(tip, str) else tip.model_dump(exclude_none=True)
        return out


_SORTED: dict[tuple[int, str], tuple[dict[str, str], list[str]]] = {}


def _sorted_ids(ids: dict[str, str], prefix: str) -> list[str]:
    """The instance ids of a seat ("<seat>.") or of the encounter side ("": "e." and "s."), sorted;
    memoised per ids table (``card_ids`` shares one per level and deck choice), read-only."""
    hit = _SORTED.get((id(ids), prefix))
    if hit is not None and hit[0] is ids:
        return hit[1]
    if len(_SORTED) > 256:
        _SORTED.clear()
    if prefix:
        out = sorted(c for c in ids if c.startswith(prefix))
    else:
        out = sorted(c for c in ids if c[:2] in ("e.", "s."))
    _SORTED[(id(ids), prefix)] = (ids, out)
    return out


def state_data_from_view(view: dict[str, Any], seat: int, rng: Rng, ids: dict[str, str]) -> dict[str, Any]:
    """Return state JSON consistent with ``seat``'s view: unknown cards dealt at random where "?" stands."""
    data = {k: v for k, v in view.items() if k not in EXTRAS}
    players = [dict(p) for p in data.get("players", [])]
    enc = dict(data.get("encounter") or {})
    visible: set[str] = set()
    for p in players:
        for z in ("deck", "hand", "discard", "heroes", "allies", "attachments", "engaged"):
            visible |= {c for c in p.get(z, []) if c != HIDDEN}
    for z in ("deck", "discard", "staging", "victory"):
        visible |= {c for c in enc.get(z, []) if c != HIDDEN}
    if enc.get("active"):
        visible.add(enc["active"])
    visible |= {c for c in (enc.get("shadows") or {}).values() if c != HIDDEN}
    stack = data.get("stack") or {}
    visible |= {i["card"] for i in stack.get("items", []) if isinstance(i, dict) and i.get("kind") == "play"}
    for s, p in enumerate(players):
        unknown = [c for c in _sorted_ids(ids, f"{s}.") if c not in visible]
        rng.shuffle(unknown)
        hand = list(p.get("hand", []))
        for i, c in enumerate(hand):
            if c == HIDDEN and unknown:
                hand[i] = unknown.pop()
        p["hand"] = hand
        p["deck"] = [unknown.pop() if unknown else HIDDEN for _ in p.get("deck", [])]
    unknown = [c for c in _sorted_ids(ids, "") if c not in visible]
    rng.shuffle(unknown)
    shadows = dict(enc.get("shadows") or {})
    for e in sorted(shadows):
        if shadows[e] == HIDDEN and unknown:
            shadows[e] = unknown.pop()
    enc["shadows"] = shadows
    enc["deck"] = [unknown.pop() if unknown else HIDDEN for _ in enc.get("deck", [])]
    data["players"] = players
    data["encounter"] = enc
    data["rng"] = Rng(rng.next_u64()).to_json()
    return data
