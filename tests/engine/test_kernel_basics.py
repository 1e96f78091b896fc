"""Kernel building blocks: the seeded RNG, dice (seed 003 conventions), zones and decks,
actions, events and the translation layer."""

from __future__ import annotations

import string
from collections import Counter
from pathlib import Path
from typing import Iterator

import pytest

from game.engine import i18n
from game.engine.actions import Action
from game.engine.dice import (
    DiceExpr, SuccessDie, check_3d6, exploding_value, roll, roll_exploding_die, roll_pool,
)
from game.engine.events import Event, card_moved, chip_drawn, dice_rolled, game_over, phase_began, shuffled
from game.engine.rng import Rng
from game.engine.zones import HIDDEN, Deck, Zone, draw_random

MASK = (1 << 64) - 1


class ScriptedRng(Rng):
    """An Rng whose randint answers come from a script (to test dice rules exactly)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


# --- rng ----------------------------------------------------------------------------------------

def _reference_splitmix64(seed: int, n: int) -> list[int]:
    """SplitMix64 as published (Steele, Lea, Flood), seeded the way Rng mixes its seed."""
    state = (seed * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & MASK
    out = []
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 + 5, -3])
def test_rng_is_splitmix64_and_platform_independent(seed: int) -> None:
    rng = Rng(seed)
    assert [rng.next_u64() for _ in range(8)] == _reference_splitmix64(seed, 8)
    assert rng.draws == 8


def test_rng_same_seed_same_sequence_different_seed_differs() -> None:
    a, b, c = Rng(42), Rng(42), Rng(43)
    seq_a = [a.randint(1, 6) for _ in range(50)]
    assert seq_a == [b.randint(1, 6) for _ in range(50)]
    assert seq_a != [c.randint(1, 6) for _ in range(50)]


def test_rng_round_trips_mid_sequence() -> None:
    rng = Rng(9)
    for _ in range(13):
        rng.random()
    copy = Rng.from_json(rng.to_json())
    assert copy == rng and copy.draws == rng.draws
    assert [copy.randbelow(1000) for _ in range(20)] == [rng.randbelow(1000) for _ in range(20)]


@pytest.mark.parametrize("bad", [None, [], {"state": 5}, {"state": "zz"}, {}])
def test_rng_from_json_rejects_bad_data(bad: object) -> None:
    with pytest.raises(ValueError):
        Rng.from_json(bad)


def test_rng_ranges_are_inclusive_and_roughly_uniform() -> None:
    rng = Rng(5)
    counts = Counter(rng.randint(1, 6) for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < c < 1200 for c in counts.values()), counts
    floats = [rng.random() for _ in range(2000)]
    assert all(0.0 <= f < 1.0 for f in floats) and 0.4 < sum(floats) / len(floats) < 0.6
    assert all(0 <= rng.randbelow(3) < 3 for _ in range(100))


def test_rng_rejects_empty_ranges() -> None:
    rng = Rng(1)
    with pytest.raises(ValueError):
        rng.randbelow(0)
    with pytest.raises(ValueError):
        rng.randint(3, 2)
    with pytest.raises(IndexError):
        rng.choice([])


def test_rng_shuffle_sample_choice_fork() -> None:
    items = list(range(30))
    a, b = items[:], items[:]
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    assert a == b and sorted(a) == items and a != items
    picked = Rng(4).sample(items, 10)
    assert len(set(picked)) == 10 and set(picked) <= set(items)
    assert Rng(4).choice("abc") in "abc"
    parent = Rng(8)
    child = parent.fork()
    assert child != parent
    again = Rng(8).fork()
    assert [child.next_u64() for _ in range(3)] == [again.next_u64() for _ in range(3)]


# --- dice (seed 003 conventions) ----------------------------------------------------------------

def test_seed003_six_counts_five_and_rerolls() -> None:
    faces = roll_exploding_die(ScriptedRng([6, 6, 3]))
    assert faces == [6, 6, 3]
    assert exploding_value(faces) == 5 + 5 + 3
    r = DiceExpr.parse("2d").roll(ScriptedRng([6, 2, 4]))
    assert r.dice == ((6, 2), (4,)) and r.total == 5 + 2 + 4
    assert exploding_value([4]) == 4 and exploding_value([6, 1]) == 6


def test_seed003_six_explodes_with_real_rng_and_counts_five() -> None:
    rng = Rng(11)
    exploded = 0
    for _ in range(2000):
        faces = roll_exploding_die(rng)
        assert all(f == 6 for f in faces[:-1]) and faces[-1] != 6
        assert exploding_value(faces) == 5 * (len(faces) - 1) + faces[-1]
        exploded += len(faces) > 1
    assert 200 < exploded < 470  # about one in six


def test_seed003_damage_notation_minimum() -> None:
    expr = DiceExpr.parse("1d-2|1")
    assert (expr.count, expr.modifier, expr.minimum) == (1, -2, 1)
    assert str(expr) == "1d-2|1"
    assert expr.roll(ScriptedRng([1])).total == 1   # 1 - 2 = -1, at least 1
    assert expr.roll(ScriptedRng([2])).total == 1   # 0 -> 1
    assert expr.roll(ScriptedRng([5])).total == 3
    assert expr.roll(ScriptedRng([6, 4])).total == 5 + 4 - 2
    assert DiceExpr.parse("2d+1").roll(ScriptedRng([1, 1])).total == 3
    assert DiceExpr.parse("1d6").count == 1


@pytest.mark.parametrize("text", ["", "d", "0d", "21d", "1d8", "abc", "1d+", "1d|x", "1d-2|"])
def test_dice_notation_errors_say_the_expected_form(text: str) -> None:
    with pytest.raises(ValueError, match="dice expression"):
        DiceExpr.parse(text)


def test_seed003_check_succeeds_only_above_difficulty() -> None:
    ok, margin, r = check_3d6(ScriptedRng([3, 3, 3]), bonus=2, difficulty=11)
    assert (ok, margin, r.total) == (False, 0, 11)
    ok, margin, _ = check_3d6(ScriptedRng([3, 3, 4]), bonus=2, difficulty=11)
    assert (ok, margin) == (True, 1)
    ok, margin, r = check_3d6(ScriptedRng([6, 6, 1, 1, 1]), bonus=0, difficulty=11)
    assert r.total == 5 + 5 + 1 + 1 + 1 and ok and margin == 2


def test_roll_is_deterministic_and_serialisable() -> None:
    a, b = roll("3d", Rng(21)), roll("3d", Rng(21))
    assert a == b and a.to_json()["total"] == a.total


def test_success_dice_pool() -> None:
    die = SuccessDie("vision", ("eye", "eye", "blank", "blank", "blank", "star"), frozenset({"eye", "star"}))
    result = roll_pool([die, die, die], Rng(2))
    assert len(result.faces) == 3
    assert result.successes == sum(die.is_success(f) for _, f in result.faces)
    assert roll_pool([die] * 3, Rng(2)) == result
    with pytest.raises(ValueError):
        SuccessDie("x", ("a",), frozenset({"b"}))
    with pytest.raises(ValueError):
        SuccessDie("x", (), frozenset())


# --- zones --------------------------------------------------------------------------------------

def test_zone_visibility_and_view() -> None:
    hand = Zone("hand", ["a", "b"], owner=1, visibility="owner")
    assert hand.view(1)["items"] == ["a", "b"]
    assert hand.view(0)["items"] == [HIDDEN, HIDDEN] and hand.view(None)["items"] == [HIDDEN, HIDDEN]
    table = Zone("table", ["x"])
    assert table.view(None)["items"] == ["x"]
    bag = Zone("bag", ["x", "y"], visibility="none")
    assert bag.view(0)["items"] == [HIDDEN, HIDDEN]


def test_deck_draws_top_or_bottom_and_reshuffles_by_policy() -> None:
    deck = Deck("deck", ["bottom", "mid", "top"])
    rng = Rng(1)
    assert deck.draw(rng) == "top" and deck.draw(rng, bottom=True) == "bottom"
    discard = Zone("discard", ["d1", "d2", "d3"])
    assert deck.draw(rng, discard) == "mid"
    drawn = deck.draw_many(5, rng, discard)
    assert sorted(drawn) == ["d1", "d2", "d3"] and discard.items == []
    never = Deck("n", [], policy="never")
    assert never.draw(rng, Zone("d", ["x"])) is None


def test_zone_and_deck_round_trip_and_reject_bad_data() -> None:
    deck = Deck("deck", ["a", "b"], owner=0, policy="never")
    again = Deck.from_json(deck.to_json())
    assert again == deck
    assert Zone.from_json(Zone("z", ["q"], 1, "owner").to_json()) == Zone("z", ["q"], 1, "owner")
    for bad in (None, {"items": "ab"}, {"items": [1]}, {"items": [], "visibility": "some"}):
        with pytest.raises(ValueError):
            Zone.from_json(bad)
    with pytest.raises(ValueError):
        Deck.from_json({"items": [], "policy": "sometimes"})


def test_draw_random_is_seeded_and_removes_the_item() -> None:
    bag_a, bag_b = list("abcdef"), list("abcdef")
    picks_a = [draw_random(bag_a, Rng(5)) for _ in range(1)] + [draw_random(bag_a, Rng(6))]
    picks_b = [draw_random(bag_b, Rng(5)) for _ in range(1)] + [draw_random(bag_b, Rng(6))]
    assert picks_a == picks_b and len(bag_a) == 4 and not set(picks_a) & set(bag_a)


# --- actions ------------------------------------------------------------------------------------

def test_action_key_is_stable_and_sorted() -> None:
    a = Action.of("place", space=3, floor=1, face="sword")
    b = Action.of("place", face="sword", floor=1, space=3)
    assert a == b and hash(a) == hash(b)
    assert a.key == "place face=sword floor=1 space=3" == str(a)
    assert Action.of("pass").key == "pass"
    assert Action.of("pick", cards=["a", "b"], ok=True, who=None).key == "pick cards=[a,b] ok=yes who=-"


def test_action_json_round_trip_and_access() -> None:
    a = Action.of("move", path=[1, [2, 3]], hero="nyx")
    again = Action.from_json(a.to_json())
    assert again == a and again.get("path") == (1, (2, 3)) and again["hero"] == "nyx"
    assert a.params == {"path": (1, (2, 3)), "hero": "nyx"}
    assert a.get("none", 5) == 5
    with pytest.raises(KeyError):
        _ = a["none"]


@pytest.mark.parametrize("bad", [None, [], {"kind": ""}, {"kind": 5}, {"kind": "x", "args": []},
                                 {"kind": "x", "args": {"a": 1.5}}, {"kind": "x" * 65},
                                 {"kind": "x", "args": {str(i): i for i in range(17)}}])
def test_action_from_json_rejects_bad_data(bad: object) -> None:
    with pytest.raises(ValueError):
        Action.from_json(bad)


def test_action_rejects_unsupported_values() -> None:
    with pytest.raises(ValueError):
        Action.of("x", a={"no": "dicts"})
    with pytest.raises(ValueError):
        Action.of("x", a=list(range(65)))


# --- events -------------------------------------------------------------------------------------

def test_event_flags_and_barriers() -> None:
    assert dice_rolled(0, "attack", [6, 2], 7).barrier
    assert chip_drawn(1, "sword").random
    assert shuffled("deck").barrier
    assert not phase_began("combat").barrier and not game_over([0]).barrier
    hidden = card_moved("c1", "deck", "hand", seat=1, hidden=True, drawn=True)
    assert hidden.random and hidden.private_to == 1
    assert card_moved("c1", "hand", "table", revealed=True).reveal


def test_private_event_public_view_hides_details() -> None:
    ev = card_moved("secret", "deck", "hand", seat=0, hidden=True, drawn=True)
    assert ev.visible_to(0) and not ev.visible_to(1) and not ev.visible_to(None)
    pub = ev.public()
    assert "secret" not in str(pub.to_json()) and pub.random
    open_ev = phase_began("x")
    assert open_ev.public() is open_ev


def test_event_json_round_trip_and_bad_data() -> None:
    for ev in (dice_rolled(0, "hit", [1]), card_moved("c", "a", "b", seat=1, hidden=True), game_over([1])):
        assert Event.from_json(ev.to_json()) == ev
    for bad in (None, {}, {"kind": 1}, {"kind": "x", "data": []}):
        with pytest.raises(ValueError):
            Event.from_json(bad)  # type: ignore[arg-type]


# --- i18n ---------------------------------------------------------------------------------------

@pytest.fixture
def lang() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


def test_every_engine_catalogue_key_has_es_en_it_with_same_placeholders() -> None:
    path = Path(i18n.__file__).with_name("strings.toml")
    entries = i18n.load_catalog(path)
    assert entries
    fmt = string.Formatter()
    for key, table in entries.items():
        assert set(table) == {"es", "en", "it"}, key
        assert all(v.strip() for v in table.values()), key
        fields = {lang: {f for _, f, _, _ in fmt.parse(v) if f} for lang, v in table.items()}
        assert fields["es"] == fields["en"] == fields["it"], (key, fields)


def test_t_translates_formats_and_falls_back(lang: None) -> None:
    i18n.add_strings({"test_h3.greet": {"en": "Hello {who}", "es": "Hola {who}"}})
    assert i18n.t("test_h3.greet", "es", who="Ana") == "Hola Ana"
    assert i18n.t("test_h3.greet", "it", who="Ana") == "Hello Ana"  # missing Italian -> English
    i18n.set_language("es")
    assert i18n.t("test_h3.greet", who="Ana") == "Hola Ana"
    assert i18n.t("test_h3.no_such_key") == "test_h3.no_such_key"
    assert i18n.t("test_h3.greet", "en") == "Hello {who}"  # no kwargs: raw text
    assert i18n.t("test_h3.greet", "en", nobody="x") == "Hello {who}"  # bad placeholders never raise
    i18n.add_strings({"test_h3.only_it": {"it": "Ciao"}})
    assert i18n.t("test_h3.only_it", "es") == "Ciao"
    assert i18n.t("result.winner", "it", who="Nyx") == "Nyx vince!"


def test_set_language_unknown_falls_back_to_english(lang: None) -> None:
    i18n.set_language("fr")
    assert i18n.language() == "en"
    i18n.set_language("it")
    assert i18n.language() == "it"


def test_localize_level_text(lang: None) -> None:
    from game.engine.schema import Translations

    table = {"en": "Cellar", "es": "Sótano"}
    assert i18n.localize(table, "es") == "Sótano"
    assert i18n.localize(table, "it") == "Cellar"
    assert i18n.localize({"it": "Cantina"}, "es") == "Cantina"
    assert i18n.localize({"en": "", "es": "Sótano"}, "en") == "Sótano"
    assert i18n.localize("Plain", "it") == "Plain"
    assert i18n.localize(None) == "" and i18n.localize({}) == ""
    assert i18n.localize(Translations(en="Cellar", it="Cantina"), "it") == "Cantina"
    assert i18n.localize(Translations(en="Cellar"), "es") == "Cellar"
    i18n.set_language("es")
    assert i18n.localize(table) == "Sótano"


def test_system_language_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(i18n.locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert i18n.system_language() == "it"
    monkeypatch.setenv("LC_ALL", "es_AR.UTF-8")
    assert i18n.system_language() == "es"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert i18n.system_language() == "it"  # French is skipped, the next candidate wins


def test_bad_catalogues_are_refused(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text('[menu.x]\nen = "a"\nfr = "b"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="unexpected keys"):
        i18n.load_catalog(p)
    p.write_text('[menu.x]\nen = 5\n', encoding="utf-8")
    with pytest.raises(ValueError, match="must be strings"):
        i18n.load_catalog(p)
    p.write_text('menu = 5\n', encoding="utf-8")
    with pytest.raises(ValueError, match="expected a table"):
        i18n.load_catalog(p)
