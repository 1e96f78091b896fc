"""Typed state records: JSON round trip, located errors, deep independent clones, limits, codecs."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Annotated, Literal

import pytest

from game.engine.levels import Level, get_level
from game.engine.records import DERIVED, Between, Json, MaxLen, Record, RecordError
from game.engine.rng import Rng


class Mood(enum.Enum):
    CALM = "calm"
    ANGRY = "angry"


@dataclass(eq=False)
class Part(Record):
    id: str
    damage: Annotated[int, Between(0, 99)] = 0


@dataclass(eq=False)
class Hero(Record):
    name: Annotated[str, MaxLen(12)]
    hp: int
    mood: Mood = Mood.CALM
    side: Literal["heroes", "minions"] = "heroes"
    parts: list[Part] = field(default_factory=list)
    bag: list[str] = field(default_factory=list)
    pos: tuple[int, int] = (0, 0)
    marks: dict[str, int] = field(default_factory=dict)
    note: Json = None
    target: str | None = None
    src: str = field(default="", metadata={"json": "from"})
    index: dict = field(default_factory=dict, metadata=DERIVED)

    def after_load(self) -> None:
        self.index = {p.id: p for p in self.parts}


@dataclass(eq=False)
class Table(Record):
    rng: Rng
    heroes: list[Hero] = field(default_factory=list)
    turn: int = 0


def _hero() -> Hero:
    h = Hero("Nyx", 10, Mood.ANGRY, "heroes", [Part("arm", 2), Part("leg")], ["a", "b"], (1, 2), {"x": 1},
             {"deep": [1, {"k": "v"}]}, None, "pack")
    h.after_load()
    return h


def test_round_trip_keeps_every_field_and_json_keys() -> None:
    h = _hero()
    data = h.to_json()
    assert data["from"] == "pack" and "src" not in data and "index" not in data
    assert data["mood"] == "angry" and data["pos"] == [1, 2]
    back = Hero.from_json(data)
    assert back.to_json() == data
    assert back.mood is Mood.ANGRY and back.pos == (1, 2)
    assert back.index["arm"] is back.parts[0]


def test_clone_is_deep_and_rebuilds_derived() -> None:
    h = _hero()
    c = h.clone()
    c.parts[0].damage = 9
    c.bag.append("z")
    c.marks["x"] = 5
    c.note["deep"][1]["k"] = "changed"
    assert h.parts[0].damage == 2 and h.bag == ["a", "b"] and h.marks == {"x": 1}
    assert h.note == {"deep": [1, {"k": "v"}]}
    assert c.index["arm"] is c.parts[0] and c.index["arm"] is not h.parts[0]


def test_errors_name_the_field_path() -> None:
    data = Table(Rng(3), [_hero()]).to_json()
    data["heroes"][0]["parts"][1]["damage"] = "lots"
    with pytest.raises(RecordError, match=r"^heroes\[0\]\.parts\[1\]\.damage: expected an integer"):
        Table.from_json(data)
    data["heroes"][0]["parts"][1]["damage"] = 500
    with pytest.raises(RecordError, match=r"heroes\[0\]\.parts\[1\]\.damage: expected a number in 0\.\.99"):
        Table.from_json(data)


@pytest.mark.parametrize("key, value, message", [
    ("mood", "sad", "one of 'calm', 'angry'"),
    ("side", "neutral", "one of 'heroes', 'minions'"),
    ("name", "x" * 13, "at most 12"),
    ("hp", True, "an integer"),
    ("pos", [1], "a list of 2 values"),
    ("marks", {"x": "1"}, "marks.x: expected an integer"),
    ("note", float("nan"), "a finite number"),
])
def test_bad_values_are_refused(key: str, value: object, message: str) -> None:
    data = _hero().to_json()
    data[key] = value
    with pytest.raises(RecordError, match=message):
        Hero.from_json(data, "hero")


def test_unknown_and_missing_fields() -> None:
    data = _hero().to_json()
    data["extra"] = 1
    with pytest.raises(RecordError, match="hero.extra: unknown field"):
        Hero.from_json(data, "hero")
    data = _hero().to_json()
    del data["hp"]
    with pytest.raises(RecordError, match="hero.hp: missing"):
        Hero.from_json(data, "hero")
    data = _hero().to_json()
    del data["bag"]  # a field with a default may be left out (older saves)
    assert Hero.from_json(data).bag == []


def test_rng_codec_round_trips_and_copies() -> None:
    t = Table(Rng(7))
    t.rng.next_u64()
    c = t.clone()
    assert c.rng is not t.rng and c.rng.to_json() == t.rng.to_json()
    assert c.rng.next_u64() == t.rng.next_u64()
    assert Table.from_json(t.to_json()).rng.to_json() == t.rng.to_json()


@dataclass(eq=False)
class Holder(Record):
    level: Level


def test_level_codec_saves_a_reference_and_resolves_it() -> None:
    level = get_level("dungeon")
    data = Holder(level).to_json()
    assert data["level"] == {"ruleset": "dungeon", "id": level.id, "hash": level.content_hash}
    assert Holder.from_json(data).level is level
    data["level"]["hash"] = "0" * 16
    with pytest.raises(RecordError, match="level.hash: no loaded level"):
        Holder.from_json(data)


@dataclass(eq=False, slots=True)
class Slotted(Record):
    name: str
    bag: list[str] = field(default_factory=list)


def test_fast_paths_give_what_the_general_paths_give() -> None:
    h = _hero()
    assert Hero._record_fast is not None and Slotted._compile() and Slotted._record_fast is None
    fast = h.clone()
    Hero._record_fast, saved = None, Hero._record_fast  # the general paths alone
    try:
        slow = h.clone()
        assert slow.to_json() == fast.to_json() == h.to_json()
        assert fast.parts[0] is not h.parts[0] and fast.bag is not h.bag and fast.index["arm"] is fast.parts[0]
    finally:
        Hero._record_fast = saved
    s = Slotted("a", ["x"])  # slots: the general paths
    c = s.clone()
    assert c.to_json() == {"name": "a", "bag": ["x"]} and c.bag is not s.bag
    assert Slotted.from_json(c.to_json()).bag == ["x"]


class Text(str):
    pass


def test_lists_and_tables_of_plain_values_check_in_one_pass_and_still_name_the_bad_entry() -> None:
    data = _hero().to_json()
    data["bag"] = ["a", Text("b")]  # a str subclass is still a text (the per-entry path)
    assert Hero.from_json(data).bag == ["a", "b"]
    data["bag"] = ["a", 3]
    with pytest.raises(RecordError, match=r"hero.bag\[1\]: expected a text"):
        Hero.from_json(data, "hero")
    data = _hero().to_json()
    data["marks"] = {"x": 1, "y": True}
    with pytest.raises(RecordError, match="hero.marks.y: expected an integer"):
        Hero.from_json(data, "hero")
    loaded = Hero.from_json(_hero().to_json())
    assert loaded.marks == {"x": 1} and loaded.bag == ["a", "b"]

class Spot(tuple):  # type: ignore[type-arg]
    """An immutable value with its own JSON shape (registered below with copy=None)."""


def _load_spot(v: object, path: str) -> Spot:
    if not isinstance(v, dict) or set(v) != {"r", "c"}:
        raise RecordError(f"{path}: expected a spot {{r, c}}")
    return Spot((v["r"], v["c"]))


@dataclass(eq=False)
class Spots(Record):
    spots: list[Spot] = field(default_factory=list)


def test_codec_without_copy_shares_immutable_values() -> None:
    from game.engine.records import register_codec

    register_codec(Spot, lambda s: {"r": s[0], "c": s[1]}, _load_spot, None)
    a = Spots([Spot((1, 2)), Spot((3, 4))])
    assert a.to_json() == {"spots": [{"r": 1, "c": 2}, {"r": 3, "c": 4}]}
    b = a.clone()
    assert b.spots is not a.spots and b.spots[0] is a.spots[0]
    assert Spots.from_json(a.to_json()).spots == [(1, 2), (3, 4)]
    with pytest.raises(RecordError, match=r"spots\[1\]: expected a spot"):
        Spots.from_json({"spots": [{"r": 1, "c": 2}, [3, 4]]})
