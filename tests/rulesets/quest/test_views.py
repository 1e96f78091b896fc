"""What a seat may know: hands, decks, the encounter deck's order and face-down shadows are hidden;
determinize deals them back consistently; log lines and rules text in three languages."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.engine import i18n
from game.engine.protocol import canonical_json
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.quest import combat
from game.rulesets.quest.cards import card_table
from game.rulesets.quest.effects import VERBS
from game.rulesets.quest.text import card_text
from tests.rulesets.quest.helpers import engage_with, game, to_top, tutorial

PKG = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "quest"


def test_determinize_hides_hands_decks_encounter_order_and_face_down_shadows() -> None:
    st = game(2)
    wolf = engage_with(st, 0, "ash_wolf")
    combat.auto_shadows(st, [])
    v = st.view(0)
    text = canonical_json({k: x for k, x in v.items() if k != "cards"})  # "cards" is the public id table
    secrets = st.players[1].hand + st.players[0].deck + st.players[1].deck + st.encounter.deck
    for c in secrets + [st.encounter.shadows[wolf]]:
        assert f'"{c}"' not in text, c
    assert v["players"][1]["hand"] == ["?"] * len(st.players[1].hand)
    assert v["players"][0]["hand"] == st.players[0].hand
    assert set(v["encounter"]["deck"]) == {"?"} and v["encounter"]["shadows"][wolf] == "?"
    d = get_ruleset("quest").determinize(v, 0, Rng(5))
    assert d.players[0].hand == st.players[0].hand
    assert len(d.players[1].hand) == len(st.players[1].hand) and "?" not in d.players[1].hand
    assert sorted(d.encounter.deck + [d.encounter.shadows[wolf]]) == sorted(st.encounter.deck + [st.encounter.shadows[wolf]])
    assert not d.invariants()
    assert d.legal_actions() == st.legal_actions()


def test_drawn_cards_are_private_to_their_seat() -> None:
    st = game(2)
    from game.rulesets.quest.phases import round as rnd

    ev: list = []
    rnd.auto_gain(st, ev)
    draws = [e for e in ev if e.kind == "CardDrawn"]
    assert draws and all(e.private_to == e.data["seat"] for e in draws)
    assert all("card" not in e.public().data for e in draws)


def test_a_turned_shadow_is_public() -> None:
    st = game(1)
    wolf = engage_with(st, 0, "ash_wolf")
    shadow = to_top(st, "chill_wind")
    st.encounter.deck.remove(shadow)
    st.encounter.shadows[wolf] = shadow
    st.shadows_up.append(wolf)
    assert st.view(None)["encounter"]["shadows"][wolf] == shadow


def test_every_string_has_three_languages_and_every_verb_has_text() -> None:
    keys = {k: v for k, v in i18n.catalog_keys().items() if k.startswith("quest.")}
    assert len(keys) > 150
    for k, v in keys.items():
        assert all(v.get(x) for x in ("en", "es", "it")), k
    for verb in VERBS.names():
        assert i18n.has(f"quest.verb.{verb}"), verb  # one text, or plural forms (quest.verb.draw.one ...)


def test_every_card_has_rules_text_in_three_languages() -> None:
    lv = tutorial()
    names = card_table(lv)
    spheres = {s.id: s for s in lv.model.spheres}
    for c in lv.model.cards:
        for lang in ("en", "es", "it"):
            text = card_text(c, lang, names, spheres)
            assert "quest." not in text and "{" not in text, (c.id, lang, text)
    mend = names["mend"]
    assert "2" in card_text(mend, "it", names, spheres) and "Rammendare" in card_text(mend, "it", names, spheres)


def test_the_rules_reference_covers_every_phase_and_keyword_in_three_languages() -> None:
    data = tomllib.loads((PKG / "reference.toml").read_text(encoding="utf-8"))
    sections = data["section"]
    for sec in sections:
        for part in ("title", "body"):
            assert all(sec[part].get(x) for x in ("en", "es", "it"))
    text = " ".join(sec["body"]["en"] for sec in sections).lower()
    for word in ("resource", "planning", "quest", "travel", "encounter", "combat", "refresh", "ranged", "sentinel",
                 "restricted", "surge", "doomed", "guarded", "archery", "victory", "when revealed", "shadow"):
        assert word in text, word
    it = " ".join(sec["body"]["it"] for sec in sections).lower()
    for word in ("gittata", "sentinella", "limitato", "impeto", "perfidia", "quando rivelata"):
        assert word in it, word


def test_actions_and_events_in_words() -> None:
    st = game(2)
    for lang in ("en", "es", "it"):
        for a in st.legal_actions():
            text = st.describe(a, lang)
            assert "quest." not in text and "{" not in text, text
    ev: list = []
    from game.rulesets.quest.phases import questing

    to_top(st, "chill_wind")
    questing.reveal(st, ev)
    lines = [st.describe_event(e, "it") for e in ev]
    assert any(line and "Vento Gelido" in line for line in lines)
    assert all(line is None or ("quest." not in line and "{" not in line) for line in lines)
