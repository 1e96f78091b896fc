"""Shipped content: enough heroes, minions (varied limbs), equipment built from named verbs,
encounters of rising combat level plus a tutorial; level errors that name the field; catalogues
complete in three languages."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.levels import Level, LevelError, discover_levels, get_level
from game.rulesets.skirmish import default_content
from game.rulesets.skirmish.effects import VERBS

PKG = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "skirmish"


def _model():
    return get_level("skirmish", "04_forge_below").model


def test_at_least_four_hero_archetypes_and_eight_minion_kinds():
    m = _model()
    assert len(m.heroes) >= 4
    assert len(m.minions) >= 8
    layouts = {k.body for k in m.minions.values()}
    assert len(layouts) >= 5
    limb_kinds = {p.kind for b in layouts for p in m.bodies[b].parts if p.limb}
    assert {"tentacle", "wing", "hand", "pseudopod", "legs"} <= limb_kinds
    hands = Counter(p.kind for p in m.bodies["four_armed"].parts if p.limb)
    assert hands["hand"] == 4  # several arms


def test_at_least_fifteen_pieces_of_equipment_of_every_kind():
    m = _model()
    assert len(m.equipment) >= 15
    kinds = {i.kind for i in m.equipment.values()}
    assert {"weapon", "shield", "armour", "wand", "spell"} <= kinds
    for iid, item in m.equipment.items():
        for aid in item.actions:
            assert aid in m.actions, (iid, aid)


def test_reactions_built_from_named_verbs():
    m = _model()
    by_verb: dict[str, list[str]] = {}
    for aid, a in m.actions.items():
        if a.reaction is not None:
            for e in a.effects:
                by_verb.setdefault(e.effect, []).append(aid)
    # block, protect, dodge, counter, paralysis
    assert {"negate", "redirect", "harden", "damage", "cancel"} <= set(by_verb)
    assert set(VERBS.names()) >= {"damage", "heal", "add_wait", "disarm", "negate", "cancel", "redirect", "harden"}


def test_encounters_rise_in_combat_level_and_a_tutorial_exists():
    entries = [e for e in discover_levels("skirmish", include_mods=False) if e.ok]
    tutorials = [e for e in entries if e.level.model.difficulty == "tutorial"]
    assert tutorials
    fights = [e.level.model for e in entries if e.level.model.difficulty != "tutorial"]
    assert len(fights) >= 4
    levels = [f.combat_level for f in sorted(fights, key=lambda f: f.order)]
    assert levels == sorted(levels) and len(set(levels)) >= 4


def test_default_content_is_the_shared_tables():
    content = default_content()
    assert {"bodies", "actions", "equipment"} <= set(content)
    assert "punch" in content["actions"] and "humanoid" in content["bodies"]


def _base(**over):
    data = {"format": 1, "ruleset": "skirmish", "id": "broken", "title": "x", **default_content(),
            "heroes": {"h": {"name": "H", "body": "humanoid", "stats": {"ap": 10, "hp": 10}}},
            "minions": {"m": {"name": "M", "body": "humanoid", "stats": {"ap": 8, "hp": 8}}},
            "party": ["h"], "encounter": [{"kind": "m"}]}
    data.update(over)
    return data


def test_a_good_inline_level_loads():
    assert Level.from_data(_base()).model.party == ["h"]


@pytest.mark.parametrize("over, words", [
    ({"party": ["hx"]}, "party[0]: unknown hero 'hx'"),
    ({"encounter": [{"kind": "mm"}]}, "encounter[0].kind: unknown minion 'mm' (did you mean 'm'?)"),
    ({"ground": ["longswrd"]}, "ground[0]: unknown item 'longswrd' (did you mean 'longsword'?)"),
    ({"heroes": {"h": {"name": "H", "body": "humanoid", "stats": {"ap": 10, "hp": 10},
                       "equipment": [{"item": "greataxe", "parts": ["hand_r"]}]}}},
     "heroes.h.equipment[0].parts: 'greataxe' needs parts of kinds ['hand', 'hand']"),
    ({"heroes": {"h": {"name": "H", "body": "humanoid", "stats": {"ap": 10, "hp": 10},
                       "equipment": [{"item": "dagger", "parts": ["paw"]}]}}}, "no part 'paw'"),
    ({"heroes": {"h": {"name": "H", "body": "blob", "stats": {"ap": 10, "hp": 10}}}}, "unknown body 'blob'"),
    ({"combat_level": 99}, "combat_level"),
    ({"actions": {"zap": {"name": "Zap", "cost": 2, "effects": [{"effect": "dmage"}]}}}, "did you mean 'damage'"),
    ({"actions": {"zap": {"name": "Zap", "cost": 2, "effects": [{"effect": "cancel"}]}}}, "only works in a reaction"),
    ({"actions": {"zap": {"name": "Zap", "cost": 2, "effects": [{"effect": "damage", "dice": "3x"}]}}},
     "bad dice expression"),
])
def test_level_errors_name_the_field(over, words):
    with pytest.raises(LevelError) as exc:
        Level.from_data(_base(**over), where="mods/skirmish/broken.toml")
    assert words in str(exc.value)
    assert "mods/skirmish/broken.toml" in str(exc.value)


def test_catalogue_has_every_language():
    entries = i18n.load_catalog(PKG / "strings.toml")
    assert len(entries) > 40
    for key, langs in entries.items():
        assert set(langs) == {"en", "es", "it"}, key
        assert all(v.strip() for v in langs.values()), key


def test_reference_sections_in_every_language():
    data = tomllib.loads((PKG / "reference.toml").read_text(encoding="utf-8"))
    sections = data["section"]
    assert len(sections) >= 8
    for s in sections:
        for field in ("title", "body"):
            assert set(s[field]) == {"en", "es", "it"}
            assert all(v.strip() for v in s[field].values())


def test_level_text_has_every_language():
    for e in discover_levels("skirmish", include_mods=False):
        m = e.level.model
        texts = [m.title, m.description] + [h.name for h in m.heroes.values()] + \
                [k.name for k in m.minions.values()] + [i.name for i in m.equipment.values()] + \
                [a.name for a in m.actions.values()]
        for text in texts:
            assert not isinstance(text, str), text
            assert text.es and text.it, text.en
