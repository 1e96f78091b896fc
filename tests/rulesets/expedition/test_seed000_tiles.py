"""Seed 000 "o cuando una loseta lo diga" (tile events), the view's counters, Tiled names, goal-less messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.engine.levels import Level, LevelError, load_level_file
from game.rulesets.expedition.explore import card_amount, is_dangerous
from game.rulesets.expedition.kinds import Ev, EventStep, Step
from game.rulesets.expedition.views import ExpeditionView
from game.rulesets.expedition.words import describe_event, message_text
from tests.rulesets.expedition.helpers import BASE, act, level_data, new, place, scripted
from tests.rulesets.expedition.test_level_files import LEVEL, tmj, write

EVENTS = {
    "calm": {"name": "Calm", "step": "danger", "amount": -1, "duration": 2},
    "fog": {"name": "Fog", "step": "search", "amount": -1, "duration": 1},
}


def _sites(**tower: object) -> list[dict]:
    sites = [dict(s) for s in BASE["sites"]]
    sites[2].update(tower)
    return sites


def test_seed000_events_a_tile_names_an_event_that_comes_into_play_on_entering_it() -> None:
    biomes = dict(BASE["biomes"], meadow=dict(BASE["biomes"]["meadow"], event="calm"))
    st = new(events=EVENTS, biomes=biomes)
    assert not st.cards
    events = act(st, "move", x=2, y=2)  # a meadow: the calm card comes into play before step 2
    drawn = [e for e in events if e.kind == Ev.CARD]
    assert [e.data for e in drawn] == [{"card": "calm", "step": "danger", "amount": -1, "rounds": 2,
                                        "at": [2, 2], "seat": 0}]
    assert card_amount(st, EventStep.DANGER) == -1 and not is_dangerous(st, 2, 2)
    assert st.step != Step.DANGER  # only the step the card names changed: no monsters this time
    assert "calm" in describe_event(st, drawn[0], "en").lower() or "Calm" in describe_event(st, drawn[0], "en")
    assert [c.card for c in st.cards] == ["calm"] and st.cards[0].left == 2
    assert not st.invariants()


def test_seed000_events_a_site_event_wins_over_its_biome_and_is_not_played_twice() -> None:
    biomes = dict(BASE["biomes"], road=dict(BASE["biomes"]["road"], event="calm"))
    st = new(events=EVENTS, biomes=biomes, sites=_sites(event="fog"))
    assert st.model.tile_event(7, 0) == "fog" and st.model.tile_event(0, 1) == "calm"
    assert st.model.tile_event(2, 2) is None
    place(st, 0, 0, 2)
    act(st, "move", x=0, y=1)
    assert [c.card for c in st.cards] == ["calm"]
    place(st, 0, 0, 3)
    st.step = Step.MOVE
    st.moves_left = 1
    before = len(st.cards)
    events = act(st, "move", x=0, y=4)  # a road again: calm is already in play
    assert len(st.cards) == before and not [e for e in events if e.kind == Ev.CARD]


def test_seed000_events_a_tile_may_draw_a_card_from_the_event_deck() -> None:
    biomes = dict(BASE["biomes"], meadow=dict(BASE["biomes"]["meadow"], event="draw"))
    st = new(events=EVENTS, biomes=biomes)
    rng = scripted(st)
    rng.below = [1]  # the deck is sorted: calm, fog -> fog
    events = act(st, "move", x=2, y=2)
    drawn = [e for e in events if e.kind == Ev.CARD]
    assert len(drawn) == 1 and drawn[0].data["card"] == "fog" and drawn[0].random
    assert st.event_deck == ["calm"]


def test_seed000_events_a_stay_enters_no_tile() -> None:
    biomes = dict(BASE["biomes"], meadow=dict(BASE["biomes"]["meadow"], event="calm"))
    st = new(events=EVENTS, biomes=biomes)
    place(st, 0, 2, 2)
    act(st, "stay")
    assert not st.cards


@pytest.mark.parametrize(("where", "change"), [
    ("biomes.meadow.event: unknown event 'clam'", {"biomes": dict(BASE["biomes"], meadow=dict(
        BASE["biomes"]["meadow"], event="clam"))}),
    ("sites[2].event: unknown event 'fgo'", {"sites": _sites(event="fgo")}),
])
def test_seed000_events_a_tile_event_must_be_a_known_card(where: str, change: dict) -> None:
    with pytest.raises(LevelError) as info:
        Level.from_data(level_data(events=EVENTS, **change), where="t")
    assert where in str(info.value)


def test_seed000_3_the_typed_view_carries_successes_heals_and_talks() -> None:
    st = new(heroes=2)
    st.successes = 4
    st.heals = 2
    st.talked = ["hermit"]
    st.traded = [1]
    ev = ExpeditionView.of(st.view(0), st.level)
    assert (ev.successes, ev.heals, ev.talked, ev.traded) == (4, 2, ("hermit",), (1,))
    st.successes, st.heals, st.talked, st.traded = 0, 0, [], []
    ev = ExpeditionView.of(st.view(1), st.level)
    assert (ev.successes, ev.heals, ev.talked, ev.traded) == (0, 0, (), ())


def test_seed000_4_a_talk_shows_in_the_view_of_the_contact_step() -> None:
    st = new(heroes=2)
    place(st, 0, 1, 1)  # next to the hermit at [2, 1]
    st.step = Step.CONTACT
    act(st, "talk", npc="hermit")
    ev = ExpeditionView.of(st.view(0), st.level)
    assert ev.talked == ("hermit",) and ev.step == "contact"


def test_seed000_tiled_site_names_in_three_languages(tmp_path: Path) -> None:
    data = tmj()
    props = data["layers"][1]["objects"][0]["properties"]
    props += [{"name": "name_es", "type": "string", "value": "Vado Musgoso"},
              {"name": "name_it", "type": "string", "value": "Guado Muschioso"},
              {"name": "event", "type": "string", "value": "draw"}]
    path = write(tmp_path, tiled=data)
    m = load_level_file(path, root=path.parent.parent).model
    name = m.site("mossford").name
    assert (name.en, name.es, name.it) == ("Mossford", "Vado Musgoso", "Guado Muschioso")
    assert m.site("mossford").event == "draw"
    assert m.site("hut").name == "Hut"  # a plain name stays one text


@pytest.mark.parametrize(("prop", "expected"), [
    ({"name": "name_fr", "value": "Gué"}, "properties.name_fr: unknown language 'fr'"),
    ({"name": "name_es", "value": 7}, "properties.name_es: expected a text property"),
])
def test_seed000_tiled_site_names_are_checked(tmp_path: Path, prop: dict, expected: str) -> None:
    data = tmj()
    data["layers"][1]["objects"][0]["properties"].append(prop)
    path = write(tmp_path, tiled=data)
    with pytest.raises(LevelError) as info:
        load_level_file(path, root=path.parent.parent)
    text = str(info.value)
    assert "map.tiled: maps/marsh.tmj" in text and "layers[1].objects[0]" in text and expected in text


def test_seed000_4_on_a_goal_less_level_a_goal_message_names_no_empty_site() -> None:
    for goal in ({"kind": "gold", "count": 60}, {"kind": "quests", "count": 1}):
        st = new(heroes=2, goal=goal)
        assert st.goal_site is None
        place(st, 0, 1, 1)
        st.step = Step.CONTACT
        act(st, "talk", npc="hermit")  # tells = "goal"
        k = st.heroes[0].known[0]
        for lang in ("en", "es", "it"):
            words = message_text(st, k.npc, k.site, lang)
            assert "?" not in words and "{site}" not in words and " ." not in words
        assert "Seek" not in message_text(st, k.npc, k.site, "en")
    st = new(heroes=2)
    assert message_text(st, "hermit", "tower", "en") == "Seek Tower."


def test_seed000_4_a_goal_less_message_without_a_quest_wishes_luck() -> None:
    npcs = dict(BASE["npcs"], hermit={"name": "Hermit", "message": "Seek {site}.", "tells": "goal"})
    st = new(heroes=2, goal={"kind": "gold", "count": 60}, npcs=npcs)
    words = message_text(st, "hermit", "", "es")
    assert words and "?" not in words and "{site}" not in words


def test_seed000_tiled_names_and_tile_events_are_documented() -> None:
    root = Path(__file__).resolve().parents[3]
    levels = (root / "docs" / "LEVELS.md").read_text(encoding="utf-8")
    rules = (root / "docs" / "rules" / "expedition.md").read_text(encoding="utf-8")
    assert "name_es" in levels and "name_it" in levels and "event" in levels
    assert "event" in rules and '"draw"' in rules
    assert LEVEL  # the Tiled test level the names test extends


def test_seed000_events_a_shipped_level_has_tiles_that_call_events() -> None:
    from game.engine.levels import get_level
    from game.engine.registry import get_ruleset

    level = get_level("expedition", "lantern_road")
    m = level.model
    shrine, stones = m.site("hill_shrine"), m.site("standing_stones")
    assert m.tile_event(*shrine.at) == "quiet_night" and m.tile_event(*stones.at) == "draw"
    st = get_ruleset("expedition").new_game(level, ["Ana", "Dark"], 4)
    st.cards = []
    x, y = shrine.at
    start = next((sx, sy) for sx, sy in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)) if m.grid().walkable[sy][sx])
    place(st, 0, *start)
    events = act(st, "move", x=x, y=y)
    assert [e.data["card"] for e in events if e.kind == Ev.CARD] == ["quiet_night"]
    assert not is_dangerous(st, x + 1, y) and not st.invariants()
