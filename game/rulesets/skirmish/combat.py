"""Fights other rulesets build: a level made from their combatants and content, and what comes back.

Expedition (and any game hosting a skirmish as a child, see engine/host.py) plays its battles
with these rules:

- ``build_level(combatants, content=...)`` wraps the combatants in a level ``roster`` with the
  bodies, actions and equipment the caller supplies (a mod's own included), validates it like any
  level file and registers it by content hash (``levelrefs``), so a state can name it. The same
  inputs always give the same level and hash, so a parent can rebuild it to load a save
  (``child_level``). With ``content`` given, nothing is read from disk; without it the shipped
  tables are used (``default_content``).
- ``start_combat(...)`` builds the level and starts the fight, from a seed or from an ``Rng`` the
  parent forked.
- ``fight_summary(state)`` (``SkirmishState.hosted_summary()``) is what the parent is handed when
  the fight ends: winners, survivors with remaining HP and wounds per limb, items lost, won or
  left on the ground.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from pydantic import BaseModel

from game.engine.levels import Level, LevelError
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState

#: the shipped content files (bodies, actions, equipment) under levels/skirmish/
CONTENT_FILES = ("_bodies.toml", "_actions.toml", "_equipment.toml")
#: the level keys a caller's content may fill
CONTENT_KEYS = ("bodies", "actions", "equipment", "hero_base_actions")


def default_content() -> dict[str, Any]:
    """Return the shipped content tables (bodies, actions, equipment) as plain level data (reads disk)."""
    from game.engine import paths
    from game.engine.levels import load_merged

    root = paths.levels_dir()
    out: dict[str, Any] = {}
    for name in CONTENT_FILES:
        part = load_merged(root / "skirmish" / name, root)
        part.pop("include", None)
        for key, value in part.items():
            if isinstance(value, dict):
                out.setdefault(key, {}).update(value)
    return out


def _plain(value: Any) -> Any:
    """Level data from content given as models (BodyDef, ActionDef, ItemDef...) or plain tables."""
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def level_data(combatants: Sequence[Any], *, content: Mapping[str, Any] | None = None, combat_level: int = 0,
               round_limit: int | None = None, title: Any = "Skirmish", ground: Sequence[str] = (),
               level_id: str = "combat") -> dict[str, Any]:
    """Return the level data of a fight (deterministic: equal inputs, equal data and content hash)."""
    roster = [_plain(c) for c in combatants]
    data: dict[str, Any] = {"format": 1, "ruleset": "skirmish", "id": level_id, "title": _plain(title),
                            "difficulty": "normal", "combat_level": combat_level,
                            "roster": roster, "ground": list(ground)}
    if round_limit is not None:  # no limit unless asked: the fight ends as the seed says
        data["round_limit"] = round_limit
    for key, value in (content if content is not None else default_content()).items():
        if key in CONTENT_KEYS:
            data[key] = _plain(value)
    return data


def build_level(combatants: Sequence[Any], *, content: Mapping[str, Any] | None = None, combat_level: int = 0,
                round_limit: int | None = None, title: Any = "Skirmish", ground: Sequence[str] = (),
                level_id: str = "combat") -> Level:
    """Validate a fight's level (ValueError naming the field otherwise); it is registered by content hash."""
    data = level_data(combatants, content=content, combat_level=combat_level, round_limit=round_limit,
                      title=title, ground=ground, level_id=level_id)
    try:
        return Level.from_data(data, where="start_combat", default_id=level_id)
    except LevelError as exc:
        raise ValueError(str(exc)) from None


def start_combat(combatants: Sequence[Any], *, seed: int = 0, rng: Rng | None = None,
                 seats: Sequence[Any] | None = None, content: Mapping[str, Any] | None = None,
                 combat_level: int = 0, round_limit: int | None = None, title: Any = "Skirmish",
                 ground: Sequence[str] = (), level_id: str = "combat") -> "SkirmishState":
    """Start a fight between combatants another ruleset built (RosterEntry models or their dicts).

    Each combatant gives id, name, side ("heroes"/"minions"), seat (0-based controller), body,
    stats {ap, hp, str, def, per, mag, dr}, and optionally equipment, pack, actions,
    base_actions (the heroes' Punch/Kick/Heal) and advantages. ``content`` supplies bodies,
    actions and equipment (tables of data or models; default: the shipped tables, read from disk).
    ``rng`` (e.g. forked from a parent game's) replaces ``seed``.
    """
    from game.rulesets.skirmish.ruleset import RULESET

    level = build_level(combatants, content=content, combat_level=combat_level, round_limit=round_limit,
                        title=title, ground=ground, level_id=level_id)
    n = len({r.seat for r in level.model.roster})
    names = list(seats) if seats is not None else [f"Seat {i + 1}" for i in range(n)]
    return RULESET.new_game(level, names, rng if rng is not None else seed)


def _origin(iid: str) -> str:
    """Who an item instance started with: its id's prefix (a combatant id, or ``ground``)."""
    return iid.split(".", 1)[0]


def fight_summary(st: "SkirmishState") -> dict[str, Any]:
    """What a hosting game is handed: winners, survivors and wounds, items lost, won and on the ground."""
    fighters = []
    holder_of: dict[str, str] = {}
    for c in st.combatants:
        for iid in c["equipped"]:
            holder_of[iid] = c["id"]
        for iid in c["pack"]:
            holder_of[iid] = c["id"]
    for c in st.combatants:
        hp = c["stats"]["hp"]
        mine = [iid for iid in st.items if holder_of.get(iid) == c["id"]]
        fighters.append({
            "id": c["id"], "side": c["side"], "seat": c["seat"], "kind": c["kind"],
            "active": st.active(c), "hp": hp, "hp_left": max(0, hp - st.total_damage(c)),
            "damage": c["damage"], "limb_damage": dict(c["limb_damage"]),
            "disabled_limbs": [p["id"] for p in st.limbs(c) if not st.part_active(c, p["id"])],
            "equipped": {iid: st.items[iid] for iid in c["equipped"]},
            "pack": {iid: st.items[iid] for iid in c["pack"]},
            "lost": {iid: st.items[iid] for iid in st.items
                     if _origin(iid) == c["id"] and holder_of.get(iid) != c["id"]},
            "won": {iid: st.items[iid] for iid in mine if _origin(iid) != c["id"]},
        })
    outcome = st.outcome or {}
    return {
        "over": st.outcome is not None,
        "reason": outcome.get("reason"),
        "winners": list(outcome.get("winners", [])),
        "winning_side": ("heroes" if outcome.get("reason") == "heroes_win"
                         else "minions" if outcome.get("reason") == "dark_lord_wins" else None),
        "rounds": st.round,
        "survivors": [f["id"] for f in fighters if f["active"]],
        "fallen": [f["id"] for f in fighters if not f["active"]],
        "fighters": fighters,
        "ground": {iid: st.items[iid] for iid in st.ground},
    }
