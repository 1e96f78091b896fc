"""Helpers for the skirmish tests: build small fights from rosters and script dice."""

from __future__ import annotations

from typing import Any

from game.engine.levels import Level
from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET, default_content
from game.rulesets.skirmish.state import SkirmishState

HUMANOID = "humanoid"


def fighter(cid: str, side: str, seat: int, ap: int = 10, hp: int = 12, *, body: str = HUMANOID,
            equipment: list[dict[str, Any]] | None = None, pack: list[str] | None = None,
            actions: list[str] | None = None, base: bool | None = None,
            advantages: dict[str, int] | None = None, **stats: int) -> dict[str, Any]:
    """A roster entry with sensible defaults."""
    st = {"ap": ap, "hp": hp, "str": 0, "def": 0, "per": 0, "mag": 0, "dr": 0}
    st.update(stats)
    return {"id": cid, "name": cid.replace("_", " ").title(), "side": side, "seat": seat, "body": body,
            "stats": st, "equipment": equipment or [], "pack": pack or [], "actions": actions or [],
            "base_actions": side == "heroes" if base is None else base, "advantages": advantages or {}}


def make(roster: list[dict[str, Any]], *, extra: dict[str, Any] | None = None, seed: int = 1,
         combat_level: int = 0, ground: list[str] | None = None,
         round_limit: int | None = 20) -> SkirmishState:
    """Start a fight from a roster over the shipped content plus extra tables."""
    content = default_content()
    for key, table in (extra or {}).items():
        content.setdefault(key, {}).update(table)
    data = {"format": 1, "ruleset": "skirmish", "id": "test", "title": "test", "roster": roster,
            "combat_level": combat_level, "ground": ground or [], **content}
    if round_limit is not None:  # None: no limit, as in a shipped level without the variant
        data["round_limit"] = round_limit
    level = Level.from_data(data, where="test")
    n = len({r["seat"] for r in roster})
    return RULESET.new_game(level, [f"S{i}" for i in range(n)], seed)


def refresh(st: SkirmishState) -> None:
    """Forget cached decisions after a test changed the state by hand."""
    st._index()


def set_levels(st: SkirmishState, levels: dict[str, int], needle: int | None = None) -> None:
    """Put AP levels (and the needle) where a test wants them, then run automatic steps."""
    for cid, lvl in levels.items():
        st.c(cid)["ap_level"] = lvl
    if needle is not None:
        st.needle = needle
    refresh(st)
    st.settle([])


class ScriptedRng(Rng):
    """An Rng whose d6 faces come from a script (then from the seed)."""

    def __init__(self, faces: list[int], seed: int = 3) -> None:
        super().__init__(seed)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:  # noqa: D401 - same contract as Rng.randint
        if self.faces and (a, b) == (1, 6):
            return self.faces.pop(0)
        return super().randint(a, b)


def script(st: SkirmishState, faces: list[int]) -> ScriptedRng:
    """Make the state's next d6 faces come from ``faces``."""
    rng = ScriptedRng(faces)
    st.rng = rng
    return rng


def find(st: SkirmishState, kind: str, **args: Any):
    """Return the one legal action of this kind whose arguments match."""
    hits = [a for a in st.legal_actions() if a.kind == kind and all(a.get(k) == v for k, v in args.items())]
    assert len(hits) == 1, f"expected one {kind} {args}, got {hits} among {[a.key for a in st.legal_actions()]}"
    return hits[0]


def has(st: SkirmishState, kind: str, **args: Any) -> bool:
    """True when some legal action of this kind matches the arguments."""
    return any(a.kind == kind and all(a.get(k) == v for k, v in args.items()) for a in st.legal_actions())


def play(st: SkirmishState, kind: str, limb: str | None = None, **args: Any) -> list:
    """Apply the one matching use/react action, then aim it (body when ``limb`` is None); return all events."""
    from game.engine.actions import Action

    events = st.apply(find(st, kind, **args))
    if st.pending is not None and st.pending.get("type") == "aim":
        events += st.apply(Action.of("aim", limb=limb))
    else:
        assert limb is None, f"{kind} {args} could not be aimed at {limb}"
    return events
