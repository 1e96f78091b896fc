"""Issue 15 item 9: fights end only as seed 003 says (no default round limit), a round limit is a
named variant a level declares (shown in the level list), a player may concede, and the rules text
agrees with the rules."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.engine.actions import Action
from game.engine.levels import Level, discover_levels
from game.engine.protocol import IllegalAction
from game.rulesets.skirmish import RULESET
from game.rulesets.skirmish.combat import level_data
from tests.rulesets.skirmish.helpers import fighter, make

ROOT = Path(__file__).resolve().parents[3]


def _duel(**kw):
    """Two patient combatants that only ever wait: nothing but a limit or a concession ends it."""
    return make([fighter("hero", "heroes", 0, ap=1, hp=30), fighter("foe", "minions", 1, ap=1, hp=30, base=False)],
                **kw)


def _wait_rounds(st, rounds: int) -> None:
    while st.to_act() is not None and st.round <= rounds:
        st.apply(next(a for a in st.legal_actions() if a.kind == "wait"))


def test_seed003_combat_continues_while_two_enemies_are_active_no_default_round_limit():
    st = _duel(round_limit=None)
    assert st.model.round_limit is None
    _wait_rounds(st, 40)  # twice the old default of 20 rounds
    assert st.to_act() is not None and st.result() is None and st.round > 40


def test_issue15_9_shipped_levels_have_no_round_limit_unless_a_named_variant():
    entries = [e for e in discover_levels("skirmish") if e.ok and e.source != "mod"]
    assert entries
    variants = [e for e in entries if e.level.model.round_limit is not None]
    assert variants, "one shipped level shows the round-limit variant"
    for e in entries:
        m = e.level.model
        notes = RULESET.level_notes(e.level, "en")
        if m.round_limit is None:
            assert notes == []
        else:
            assert m.variant is not None, f"{e.path.name}: a round limit needs a variant name"
            assert notes and str(m.round_limit) in notes[0] and "Nightfall" in notes[0]
    tutorial = next(e for e in entries if e.level.model.difficulty == "tutorial")
    assert tutorial.level.model.round_limit is None


def test_issue15_9_round_limit_variant_is_a_draw():
    st = _duel(round_limit=3)
    _wait_rounds(st, 10)
    assert st.result() is not None and st.result().reason == "round_limit" and st.result().winners == ()
    assert st.round == 3
    assert RULESET.level_notes(st.level, "es")[0].startswith("Contra el reloj")  # no name: the default one


def test_issue15_9_combat_helpers_have_no_limit_by_default():
    data = level_data([fighter("h", "heroes", 0), fighter("m", "minions", 1, base=False)])
    assert "round_limit" not in data
    assert Level.from_data(data, where="test").model.round_limit is None


@pytest.mark.parametrize("seat, winner", [(0, 1), (1, 0)])
def test_issue15_9_a_player_may_concede(seat, winner):
    st = _duel(round_limit=None)
    while st.to_act() != seat:
        st.apply(next(a for a in st.legal_actions() if a.kind == "wait"))
    assert not any(a.kind == "concede" for a in st.legal_actions())  # bots never pick it
    other = 1 - seat
    with pytest.raises(IllegalAction):
        st.apply(Action.of("concede", seat=other))  # only the seat deciding now
    with pytest.raises(IllegalAction):
        st.apply(Action.of("concede", seat=bool(seat) if seat == 1 else True))
    events = st.apply(Action.of("concede", seat=seat))
    assert st.to_act() is None
    assert st.result().winners == (winner,) and st.result().reason == "conceded"
    assert [e.kind for e in events] == ["GameOver"]
    assert "concedes" in st.describe(Action.of("concede", seat=seat), "en")
    with pytest.raises(IllegalAction):
        st.apply(Action.of("concede", seat=seat))


def test_issue15_9_concession_survives_save_and_load():
    st = _duel(round_limit=None)
    st.apply(Action.of("concede", seat=st.to_act()))
    back = RULESET.from_json(st.to_json())
    assert back.result() == st.result()


def test_issue15_9_reference_text_agrees_with_the_rules():
    ref = tomllib.loads((ROOT / "game/rulesets/skirmish/reference.toml").read_text(encoding="utf-8"))
    fight = ref["section"][0]["body"]
    for lang, words in (("en", ("variant", "concede")), ("es", ("variante", "rendirse")),
                        ("it", ("variante", "arrendersi"))):
        assert all(w in fight[lang] for w in words), lang
    waits = next(s for s in ref["section"] if s["title"]["en"] == "Wait points")["body"]
    for lang, (wait, prepare) in (("en", ("Wait", "Prepare")), ("es", ("Esperar", "Preparar")),
                                  ("it", ("Aspettare", "Prepararsi"))):
        assert wait in waits[lang] and prepare in waits[lang], lang  # the two are allowed with a limb on hold
    doc = (ROOT / "docs/rules/skirmish.md").read_text(encoding="utf-8")
    assert "round_limit = 20          # then a draw" not in doc and "concede" in doc
