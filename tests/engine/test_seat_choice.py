"""Issue 15 item 4 in the kernel: a seat's hero, faction or deck (SeatSpec.choice), saved with the match,
parsed from ``play --seats``, settled (unknown ids and clashes refused) and drawn for ``random``."""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest

from game.engine.choices import Choice, resolve_random, settle
from game.engine.match import Match
from game.engine.protocol import SeatSpec, seat_specs


def test_issue15_4_seatspec_round_trip_keeps_the_choice() -> None:
    spec = SeatSpec("Ana", "bot", "hard", "ember")
    data = spec.to_json()
    assert data["choice"] == "ember"
    assert SeatSpec.from_json(json.loads(json.dumps(data))) == spec


def test_issue15_4_seatspec_without_choice_saves_as_before_and_old_saves_load() -> None:
    assert SeatSpec("Ana").to_json() == {"name": "Ana", "kind": "human", "difficulty": "normal"}
    old = {"name": "Bo", "kind": "bot", "difficulty": "easy"}  # a save written before the choice existed
    assert SeatSpec.from_json(old) == SeatSpec("Bo", "bot", "easy", None)


@pytest.mark.parametrize("bad", [3, True, "", "Ember Deck", "x" * 60, ["ember"], "../up"])
def test_issue15_4_a_bad_choice_in_a_save_is_refused_naming_the_field(bad: Any) -> None:
    with pytest.raises(ValueError, match=r"^seat\.choice: "):
        SeatSpec.from_json({"name": "Ana", "choice": bad})


def test_issue15_4_seats_text_takes_a_choice_after_at() -> None:
    specs = seat_specs(["human@brannoc", "bot:hard@kestrel", "Ana@random", "bot", "Bea"])
    assert [(s.kind, s.difficulty, s.choice) for s in specs] == [
        ("human", "normal", "brannoc"), ("bot", "hard", "kestrel"), ("human", "normal", "random"),
        ("bot", "normal", None), ("human", "normal", None)]
    assert specs[2].name == "Ana" and specs[4].name == "Bea"
    with pytest.raises(ValueError, match=r"seats\[0\]\.choice"):
        seat_specs(["human@Not An Id"])


def test_issue15_4_settle_keeps_defaults_refuses_unknown_and_clash_and_moves_a_default_seat_on() -> None:
    opts = [["a", "b", "c"], ["a", "b", "c"], None]
    plain = [SeatSpec("x"), SeatSpec("y"), SeatSpec("z")]
    assert settle(plain, opts, ["a", "b", None], unique=True, pool=["a", "b", "c"]) == ["a", "b", None]
    took_b = [SeatSpec("x", choice="b"), SeatSpec("y"), SeatSpec("z")]
    assert settle(took_b, opts, ["a", "b", None], unique=True, pool=["a", "b", "c"]) == ["b", "a", None]
    took_a = [SeatSpec("x"), SeatSpec("y", choice="a"), SeatSpec("z")]
    assert settle(took_a, opts, ["a", "b", None], unique=True, pool=["a", "b", "c"]) == ["b", "a", None]
    with pytest.raises(ValueError, match=r"seats\[1\]\.choice: hero 'a' is already taken by seat 1"):
        settle([SeatSpec("x", choice="a"), SeatSpec("y", choice="a"), SeatSpec("z")], opts, ["a", "b", None],
               unique=True, kind="hero")
    with pytest.raises(ValueError, match=r"seats\[0\]\.choice: unknown deck 'q'"):
        settle([SeatSpec("x", choice="q")], opts, ["a"], unique=False, kind="deck")
    with pytest.raises(ValueError, match=r"seats\[2\]\.choice: seat 3 has no"):
        settle([SeatSpec("x"), SeatSpec("y"), SeatSpec("z", choice="a")], opts, ["a", "b", None], unique=True)
    same = [SeatSpec("x", choice="a"), SeatSpec("y", choice="a")]
    assert settle(same, opts, ["b", "c"], unique=False) == ["a", "a"]


class _Offers:
    """A ruleset stand-in offering three heroes to every seat."""

    id = "fake"
    seat_choice_unique = True

    def seat_choices(self, level: Any, seat: int, n: int, lang: str | None = None) -> list[Choice]:
        return [Choice(c, c.upper()) for c in ("a", "b", "c")]


def test_issue15_4_random_choice_is_drawn_from_the_seed_among_free_options() -> None:
    specs = [SeatSpec("x", choice="b"), SeatSpec("y", choice="random"), SeatSpec("z", choice="random")]
    first = resolve_random(_Offers(), None, specs, 7)
    assert first == resolve_random(_Offers(), None, specs, 7)  # the same seed, the same draw
    picks = [s.choice for s in first]
    assert picks[0] == "b" and sorted(picks) == ["a", "b", "c"]
    drawn = {tuple(s.choice for s in resolve_random(_Offers(), None, specs, seed)) for seed in range(30)}
    assert len(drawn) == 2  # both orders of a and c happen
    plain = [SeatSpec("x"), SeatSpec("y")]
    assert resolve_random(_Offers(), None, plain, 7) == plain


def test_issue15_4_a_match_saves_and_loads_its_seat_choices() -> None:
    m = Match.new("dungeon", "standard", ["human@tobin", "bot:easy@random"], 3)
    assert m.seats[0].choice == "tobin" and m.seats[1].choice in ("kestrel", "brannoc", "ilsabet")
    assert m.state.players[1].hero == m.seats[1].choice  # the save holds the pick, not "random"
    for _ in range(5):
        m.apply(m.state.legal_actions()[0])
    data = json.loads(json.dumps(m.to_save()))
    back = Match.from_save(data)
    assert back.seats == m.seats and back.state.digest() == m.state.digest()


def test_issue15_4_play_cli_passes_the_choice_and_refuses_a_clash(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: Any) -> None:
    from game.cli import play

    opened: list[Any] = []
    monkeypatch.setattr("game.app.main.run", lambda first: opened.append(first) or 0)
    monkeypatch.setattr("game.scenes.play.scene_for_match", lambda app, match: match)
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    args = parser.parse_args(["dungeon", "--level", "standard", "--seed", "4", "--seats", "human@ilsabet,bot:hard"])
    assert play.run(args) == 0
    match = opened[0](None)
    assert [s.choice for s in match.seats] == ["ilsabet", None]
    assert [p.hero for p in match.state.players] == ["ilsabet", "brannoc"]
    args = parser.parse_args(["dungeon", "--level", "standard", "--seats", "human@ilsabet,bot@ilsabet"])
    assert play.run(args) == 2
    assert "already taken by seat 1" in capsys.readouterr().err


def _shipped() -> list[tuple[str, str]]:
    from game.engine.levels import discover_levels
    from game.engine.registry import all_rulesets

    return [(rs.id, e.level.id) for rs in all_rulesets() for e in discover_levels(rs.id)
            if e.ok and e.source == "shipped" and e.level is not None]


@pytest.mark.parametrize("rid,lid", _shipped())
def test_issue15_4_every_offered_choice_starts_a_game_and_reads_in_every_language(rid: str, lid: str) -> None:
    from game.engine.levels import get_level
    from game.engine.registry import get_ruleset

    rs, level = get_ruleset(rid), get_level(rid, lid)
    lo, hi = rs.seat_range(level)
    for n in sorted({lo, hi}):
        defaults = rs.seat_choice_defaults(level, n)
        assert len(defaults) == n
        for seat in (0, n - 1):
            offers = {lang: rs.seat_choices(level, seat, n, lang) or [] for lang in ("en", "es", "it")}
            ids = [c.id for c in offers["en"]]
            assert len(set(ids)) == len(ids) and all(ids == [c.id for c in o] for o in offers.values())
            for lang, opts in offers.items():
                for c in opts:
                    assert c.label and c.description and ".choice." not in c.description, (lang, c)
            for cid in ids:
                specs = [SeatSpec(f"S{i}", choice=cid if i == seat else None) for i in range(n)]
                st = rs.new_game(level, specs, 11)
                assert st.invariants() == [] and rs.from_json(st.to_json()).digest() == st.digest()


def test_issue15_4_a_choice_where_the_ruleset_offers_none_is_refused() -> None:
    from tests.tinygame import registered, tiny_level

    with registered(), pytest.raises(ValueError, match=r"seats\[0\]\.choice: seat 1 has no hero to choose"):
        Match.new("tiny", tiny_level("classic"), ["human@kestrel", "bot"], 1)
    with registered():
        assert Match.new("tiny", tiny_level("classic"), ["human@random", "bot"], 1).seats[0].choice is None
