"""Issue 15 item 11: the log announces Will Harvest, refusals give the right reason, the Will and deck
tooltips say the player's own Communion and Meditation, and the rules text says when Combat's window
for Manipulations opens."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.engine.actions import Action
from game.engine.i18n import t
from game.engine.protocol import IllegalAction

from .helpers import at, clear_hands, fetch, in_hand, started

ROOT = Path(__file__).resolve().parents[3]


def test_seed004_3_will_harvest_is_announced_in_the_log():
    st = started()
    events = []
    while st.turn < 2 or st.phase.value == "harvest":  # play on into the next turn's Duel
        events += st.apply(Action.of("pass") if Action.of("pass") in st.legal_actions() else st.legal_actions()[-1])
    phases = [e.data.get("phase") for e in events if e.kind == "PhaseBegan"]
    assert "harvest" in phases
    i = phases.index("harvest")
    assert phases[i - 1] == "meditation" and phases[i + 1] == "duel"  # Meditation, Will Harvest, Duel
    line = st.describe_event(next(e for e in events if e.kind == "PhaseBegan" and e.data.get("phase") == "harvest"),
                             "en")
    assert line and "Will Harvest" in line


def test_issue15_11_manipulation_without_a_target_in_play_says_so():
    st = at(started(), "harvest")
    clear_hands(st)
    for c in list(st.players[1].chars):
        st.players[1].chars.remove(c)
    bolt = fetch(st, 0, "bolt")
    st.players[0].will = 5
    with pytest.raises(IllegalAction) as err:
        st.apply(Action.of("play", card=bolt))
    reason = str(err.value)
    assert "None" not in reason and "there is none in play now" in reason and "opposing Character" in reason


def test_issue15_11_manipulation_with_a_wrong_target_names_what_it_needs():
    st = at(started(), "harvest")
    clear_hands(st)
    foe = fetch(st, 1, "squire", "chars", entered=1)
    mine = fetch(st, 0, "knight", "chars", entered=1)
    bolt = fetch(st, 0, "bolt")
    st.players[0].will = 5
    assert Action.of("play", card=bolt, target=foe) in st.legal_actions()
    with pytest.raises(IllegalAction) as err:
        st.apply(Action.of("play", card=bolt, target=mine))
    assert "cannot target Knight: it needs an opposing Character" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        st.apply(Action.of("play", card=bolt))
    assert "needs a target: choose an opposing Character" in str(err.value)


def test_issue15_11_block_during_will_harvest_says_blocks_come_in_combat():
    st = at(started(), "harvest")
    clear_hands(st)
    a = fetch(st, 0, "knight", "chars", entered=1)
    b = fetch(st, 1, "squire", "chars", entered=1)
    with pytest.raises(IllegalAction) as err:
        st.apply(Action.of("block", blocker=b, attacker=a))
    reason = str(err.value)
    assert "only in Combat" in reason and "untapped" not in reason


def test_issue15_11_will_and_deck_tooltips_say_the_players_own_phases():
    from game.scenes.sanctuary import scene as _scene  # noqa: F401 - loads the scene's catalogue

    for lang in ("en", "es", "it"):
        will = t("sanctuary_scene.tip.will", lang, n=3, name="Ana")
        draws = t("sanctuary_scene.deck_zoom.draws", lang, name="Ana")
        assert "Ana" in will and "{" not in will, lang
        assert "Ana" in draws and "{" not in draws, lang
    assert "Ana's own next Communion" in t("sanctuary_scene.tip.will", "en", n=3, name="Ana")
    assert "each of their own Meditations" in t("sanctuary_scene.deck_zoom.draws", "en", name="Ana")
    assert "the next Communion" not in t("sanctuary_scene.tip.will", "en", n=3, name="Ana")


def test_issue15_11_rules_text_says_when_combats_window_opens():
    ref = tomllib.loads((ROOT / "game/rulesets/sanctuary/reference.toml").read_text(encoding="utf-8"))
    combat = next(s for s in ref["section"] if s["title"]["en"] == "Combat")["body"]
    assert "blockers are declared, before any combat damage" in combat["en"]
    assert "bloqueadores, antes de cualquier daño" in combat["es"]
    assert "bloccanti, prima di qualsiasi danno" in combat["it"]


def test_issue15_6_damage_and_destruction_lines_agree_in_every_language():
    """Seen in the sanctuary tutorial (it): "Pescatrice di Perle subisce 1 danni" and "Anguilla della Risacca è
    distrutto" (a feminine card with a masculine participle; Spanish said "es destruido" the same way)."""
    from game.engine.protocol import Event

    st = started()
    cid = st.players[1].hand[0]
    one = st.describe_event(Event("DamageDealt", {"target": cid, "amount": 1}), "it")
    three = st.describe_event(Event("DamageDealt", {"target": cid, "amount": 3}), "it")
    assert one is not None and one.endswith("subisce 1 danno") and three is not None and three.endswith("3 danni")
    for lang, gendered in (("it", ("distrutto", "distrutta")), ("es", ("destruido", "destruida"))):
        line = st.describe_event(Event("Destroyed", {"card": cid}), lang)
        assert line and st.name(cid, lang) in line and not any(w in line for w in gendered), line
