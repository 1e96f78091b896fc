"""Shared helpers for the dungeon tests: small levels built in code on the shipped tokens and chips."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from game.engine.levels import Level
from game.engine.registry import get_ruleset
from game.rulesets.dungeon.state import DungeonState, Status

LEVELS = Path(__file__).resolve().parents[3] / "levels" / "dungeon"
RULESET = get_ruleset("dungeon")


def shared(name: str) -> dict[str, Any]:
    """Return one shipped include file as data."""
    with (LEVELS / name).open("rb") as fh:
        return tomllib.load(fh)


TOKENS = shared("_tokens.toml")["tokens"]
CHIPS = shared("_chips.toml")["chips"]

PLAIN3 = [". . . . . .", ". . . . . .", ". . . . . ."]
PLAIN2 = [". . . . . .", ". . . . . ."]


def card(cid: str, side0: list[str], side1: list[str] | None = None) -> dict[str, Any]:
    """A two-sided map card (side 1 defaults to side 0)."""
    return {"id": cid, "sides": [{"name": f"{cid} A", "floors": side0},
                                 {"name": f"{cid} B", "floors": side1 or side0}]}


def make_level(entrance: list[dict[str, Any]] | None = None, depths: list[dict[str, Any]] | None = None,
               bags: list[list[str]] | None = None, health: int = 10, fixed: bool = True,
               **extra: Any) -> Level:
    """A level with the given maps and one hero per bag (fixed bag order and maps by default)."""
    bags = bags or [["sword_coin"] * 6]
    heroes = {f"h{i}": {"name": f"Hero {i}", "health": health, "bag": b} for i, b in enumerate(bags)}
    entrance = entrance or [card(f"e{i}", PLAIN3) for i in range(1, 5)]
    data: dict[str, Any] = {
        "format": 1, "ruleset": "dungeon", "id": "test", "title": "Test",
        "tokens": TOKENS, "chips": CHIPS, "heroes": heroes, "seat_heroes": list(heroes),
        "entrance": entrance, "depths": depths if depths is not None else [card(f"d{i}", PLAIN2) for i in range(1, 4)],
        "fixed_bag_order": fixed, "fixed_maps": fixed,
        "market": {"stock": {"sword_coin": 2, "wand_gem": 1, "gem_potion": 1}, "prices": [2, 4, 6],
                   "unlock_rounds": [1, 2, 3], "max_buys": 2},
    }
    data.update(extra)
    return Level.from_data(data)


def new(level: Level, seats: int = 1, seed: int = 1) -> DungeonState:
    """Start a game on a test level."""
    return RULESET.new_game(level, [f"P{i}" for i in range(seats)], seed)  # type: ignore[return-value]


def act(st: DungeonState, kind: str, **args: Any) -> list[Any]:
    """Apply an action by kind and arguments (checked against the legal list)."""
    from game.engine.actions import Action

    return st.apply(Action.of(kind, **args))


def board_state(floors: list[str], chips: dict[tuple[int, int], str] | None = None, hero_floor: int | None = None,
                health: int = 10, depths: list[tuple[list[str], int]] | None = None, **extra: Any) -> DungeonState:
    """A state whose seat 0 dungeon is the given Entrance side (plus Depths) with chips set directly.

    ``chips`` maps (floor, space), both 1-based, to a face; ``depths`` lists (floors, shift).
    Used to test Resolution without playing the placement out.
    """
    dcards = [card(f"d{i}", f) for i, (f, _) in enumerate(depths or [])] + [card("dx", PLAIN2)]
    level = make_level([card("e1", floors), card("e2", PLAIN3), card("e3", PLAIN3), card("e4", PLAIN3)],
                       dcards, health=health, **extra)
    st = new(level)
    p = st.players[0]
    st.entrance_pile.insert(0, p.pending_map)  # type: ignore[arg-type]
    p.pending_map = None
    st.entrance_pile.remove("e1")
    p.maps = [("e1", 0, 0)]
    offset = 0
    for i, (_, shift) in enumerate(depths or []):
        offset += shift
        st.depths_pile.remove(f"d{i}")
        p.maps.append((f"d{i}", 0, offset))
    board = st.board(0)
    p.hero_row = (hero_floor or board.floors) - 1
    bag = list(p.bag)
    p.chips = []
    for (fl, sp), face in (chips or {}).items():
        r, c = board.pos_of(fl, sp)
        p.chips.append((bag.pop(), face, r, c))
    p.bag = bag
    p.status = Status.DRAW if bag else Status.DONE
    return st


FIXTURES = Path(__file__).resolve().parent / "fixtures"


def v1_fixture() -> dict[str, Any]:
    """A state written by state version 1 (level embedded), with what the old code did next."""
    import json

    with (FIXTURES / "state_v1.json").open(encoding="utf-8") as fh:
        return json.load(fh)
