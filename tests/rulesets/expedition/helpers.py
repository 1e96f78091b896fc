"""Shared helpers of the expedition rules tests: a small inline level, scripted dice, shortcuts.

The rules tests use their own level (``level_data``), not the shipped ones, so content changes never
move them: an 8x6 map (town, road, meadow, forest, deep water), two NPCs, a rumour, two monsters, a
few items. ``Scripted`` is an Rng whose ``randint``/``choice``/``randbelow`` answers can be queued.
"""

from __future__ import annotations

import copy
from typing import Any

from game.engine import paths
from game.engine.actions import Action
from game.engine.levels import Level, load_merged
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.state import ExpeditionState

_SKIRMISH: dict[str, Any] = {}


def skirmish_content() -> dict[str, Any]:
    """The shipped skirmish bodies, actions and equipment (read once)."""
    if not _SKIRMISH:
        root = paths.levels_dir()
        for name in ("_bodies.toml", "_actions.toml", "_equipment.toml"):
            part = load_merged(root / "skirmish" / name, root)
            part.pop("include", None)
            for k, v in part.items():
                _SKIRMISH.setdefault(k, {}).update(v)
    return copy.deepcopy(_SKIRMISH)


BASE: dict[str, Any] = {
    "format": 1, "ruleset": "expedition", "id": "rules-test", "title": "Rules test",
    "players": {"min": 1, "max": 3}, "mode": "cooperative",
    "goal": {"kind": "reach", "site": "tower"}, "rounds": 30, "events_every": 0,
    "biomes": {
        "meadow": {"name": "Meadow", "letter": "p", "monster_die": ["wolf"], "quantity_die": [2]},
        "forest": {"name": "Forest", "letter": "f", "monster_die": ["none"], "quantity_die": [1]},
        "road": {"name": "Road", "letter": "=", "dangerous": False},
        "water": {"name": "Water", "letter": "~", "walkable": False},
    },
    "monsters": {
        "wolf": {"name": "Wolf", "body": "arachnid", "stats": {"ap": 6, "hp": 2, "str": 0},
                 "actions": ["bite"], "reward": {"gold": 7, "normal": 1}},
        "ogre": {"name": "Ogre", "body": "golem", "stats": {"ap": 12, "hp": 30, "str": 8, "dr": 5},
                 "actions": ["slam"], "reward": {"gold": 50}},
    },
    "items": {
        "boots": {"name": "Boots", "bonus": {"stat": "resistance", "amount": 1}, "equipment": "swift_boots",
                  "price": 12, "copies": 3},
        "knife": {"name": "Knife", "equipment": "dagger", "price": 6, "copies": 3},
        "glass": {"name": "Glass", "bonus": {"stat": "vision", "amount": 1}, "price": 14, "copies": 3},
        "blade": {"name": "Blade", "rarity": "rare", "equipment": "longsword", "price": 30, "copies": 2},
        "charm": {"name": "Charm", "rarity": "rare", "bonus": {"stat": "agility", "amount": 1}, "price": 28},
        "idol": {"name": "Idol", "rarity": "quest", "price": 0, "copies": 0},
    },
    "heroes": {
        "a": {"name": "Ana", "resistance": 1, "agility": 1, "vision": 1, "gold": 21, "items": ["knife"]},
        "b": {"name": "Bo", "resistance": 2, "agility": 0, "vision": 3, "gold": 4, "items": []},
        "c": {"name": "Cy", "resistance": 0, "agility": 2, "vision": 0, "gold": 0, "items": []},
    },
    "npcs": {
        "hermit": {"name": "Hermit", "message": "Seek {site}.", "tells": "goal",
                   "quest": {"kind": "slay", "monster": "wolf", "gold": 9}},
        "miller": {"name": "Miller", "message": "The mill is at {site}.", "tells": "mill",
                   "quest": {"kind": "reach", "site": "mill", "gold": 5}},
    },
    "rumours": [{"npc": "hermit", "site": "mill"}],
    "party": ["a", "b", "c"],
    "map": {"rows": [
        "==pppfff",
        "=pppffff",
        "=pp~~fff",
        "=pp~~ppp",
        "=ppppppp",
        "====pppp",
    ]},
    "sites": [
        {"id": "town", "kind": "town", "at": [0, 0], "name": "Town"},
        {"id": "mill", "kind": "ruin", "at": [6, 4], "name": "Mill", "holds": "idol"},
        {"id": "tower", "kind": "tower", "at": [7, 0], "name": "Tower", "safe": True},
    ],
    "placed": [{"npc": "hermit", "at": [2, 1]}, {"npc": "miller", "at": [5, 5]}],
    "starts": [[1, 1], [1, 2], [1, 3]],
    "battle": {"round_limit": 4},
}


def level_data(**over: Any) -> dict[str, Any]:
    """The test level's data with top-level keys replaced, plus the skirmish content."""
    data = copy.deepcopy(BASE)
    data.update(skirmish_content())
    data.update(copy.deepcopy(over))
    return data


def level(**over: Any) -> Level:
    """The validated test level."""
    return Level.from_data(level_data(**over), where="rules test")


def new(heroes: int = 2, seed: int = 1, **over: Any) -> ExpeditionState:
    """A new game on the test level with ``heroes`` hero seats (plus the Dark Lord)."""
    rs = get_ruleset("expedition")
    st = rs.new_game(level(**over), [f"P{i}" for i in range(heroes)] + ["Dark"], seed)
    assert isinstance(st, ExpeditionState)
    return st


class Scripted(Rng):
    """An Rng whose ``randint`` / ``choice`` / ``randbelow`` answers can be queued (then it is random)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.ints: list[int] = []
        self.choices: list[Any] = []
        self.below: list[int] = []

    def randint(self, a: int, b: int) -> int:
        """The next queued number, else a random one."""
        return self.ints.pop(0) if self.ints else super().randint(a, b)

    def choice(self, seq: Any) -> Any:
        """The next queued value (it must be in ``seq``), else a random pick."""
        if self.choices:
            v = self.choices.pop(0)
            assert v in seq, f"scripted choice {v!r} not in {list(seq)!r}"
            return v
        return super().choice(seq)

    def randbelow(self, n: int) -> int:
        """The next queued index, else a random one."""
        return self.below.pop(0) if self.below else super().randbelow(n)


def scripted(st: ExpeditionState) -> Scripted:
    """Give a state a scripted Rng (its stream otherwise continues from seed 0)."""
    rng = Scripted(0)
    st.rng = rng
    return rng


def act(st: ExpeditionState, kind: str, **args: Any) -> list[Any]:
    """Apply an action (it must be legal)."""
    a = Action.of(kind, **args)
    legal = st.legal_actions()
    assert a in legal, f"{a.key} not legal; legal: {[x.key for x in legal]}"
    return st.apply(a)


def keys(st: ExpeditionState) -> list[str]:
    """The legal actions as keys."""
    return [str(a.key) for a in st.legal_actions()]


def place(st: ExpeditionState, seat: int, x: int, y: int) -> None:
    """Put a hero on a square."""
    st.heroes[seat].x, st.heroes[seat].y = x, y
