"""The quest effect verbs act as their names say (run through the registry on a tutorial game)."""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.rulesets.quest.effects import VERBS
from game.rulesets.quest.parts import Attack
from tests.rulesets.quest.helpers import engage_with, game, instance, to_staging, to_top

_MODELS = {name: VERBS._verbs[name][0] for name in VERBS.names()}


def run(st: Any, controller: int | None, source: str | None, chosen: str | None = None,
        **effect: Any) -> list[Event]:
    """Run one effect given as keyword arguments (``chosen``: the action's chosen target)."""
    from game.rulesets.quest.verbs import run_list

    model = _MODELS[effect["effect"]](**effect)
    ev: list[Event] = []
    run_list(st, [model], source, controller, chosen, ev)
    return ev


def test_draw_and_discard_random_hand() -> None:
    st = game(2)
    hands = [len(p.hand) for p in st.players]
    run(st, 0, None, effect="draw", amount=2)
    assert [len(p.hand) for p in st.players] == [hands[0] + 2, hands[1]]
    ev = run(st, None, None, effect="discard_random_hand", amount=1, who="each_player")
    assert [len(p.hand) for p in st.players] == [hands[0] + 1, hands[1] - 1]
    assert all(e.random for e in ev if e.kind == "DiscardedFromHand")


def test_add_resource_heal_ready_and_boost() -> None:
    st = game(1)
    h = st.players[0].heroes[0]
    run(st, 0, h, effect="add_resource", amount=2, target="self")
    assert st.table[h].resources == 1 + 2
    st.table[h].damage = 3
    run(st, 0, None, h, effect="heal", amount=2, target="chosen_character")
    assert st.table[h].damage == 1
    st.table[h].exhausted = True
    run(st, 0, None, h, effect="ready", target="chosen_hero")
    assert not st.table[h].exhausted
    w = st.stat(h, "willpower")
    run(st, 0, None, effect="boost", stat="willpower", amount=2, target="each_hero", until="end_of_phase")
    assert st.stat(h, "willpower") == w + 2
    st.set_phase(type(st.phase)("planning"), [])
    assert st.stat(h, "willpower") == w  # the boost ended with the phase


def test_damage_enemy_and_place_progress() -> None:
    st = game(1)
    wolf = engage_with(st, 0, "ash_wolf")
    run(st, 0, None, wolf, effect="damage_enemy", amount=3, target="chosen_enemy")
    assert wolf not in st.table and wolf in st.encounter.discard
    ford = to_staging(st, "misty_ford")
    run(st, 0, None, ford, effect="place_progress", amount=2, target="chosen_location")
    assert st.table[ford].progress == 2
    run(st, 0, None, effect="place_progress", amount=2, target="quest")
    assert st.encounter.progress == 2


def test_threat_verbs() -> None:
    st = game(2)
    t = [p.threat for p in st.players]
    run(st, 0, None, effect="reduce_threat", amount=3)
    assert st.players[0].threat == t[0] - 3 and st.players[1].threat == t[1]
    run(st, None, None, effect="raise_threat", amount=2, who="each_player")
    assert [p.threat for p in st.players] == [t[0] - 1, t[1] + 2]


def test_cancel_shadow_and_attack_bonus() -> None:
    st = game(1)
    wolf = engage_with(st, 0, "ash_wolf")
    shadow = to_top(st, "misty_ford")
    st.encounter.deck.remove(shadow)
    st.encounter.shadows[wolf] = shadow
    run(st, 0, None, wolf, effect="cancel_shadow", target="chosen_enemy")
    assert st.encounter.shadows == {} and shadow in st.encounter.discard
    st.attack = Attack(enemy=wolf, seat=0)
    run(st, None, shadow, effect="attack_bonus", amount=2, when="shadow")
    assert st.attack.bonus == 2


def test_return_to_hand_and_exhaust_and_damage_each() -> None:
    st = game(1)
    smith = next(c for c in st.players[0].deck if st.cid[c] == "wandering_smith")
    st.players[0].deck.remove(smith)
    st.players[0].allies.append(smith)
    st.enter_play(smith)
    run(st, None, None, effect="exhaust", target="each_character")
    assert all(st.table[c].exhausted for c in st.characters(0))
    run(st, None, None, effect="damage_each", amount=1, target="each_exhausted")
    assert smith in st.table and st.table[smith].damage == 1
    run(st, 0, None, smith, effect="return_to_hand", target="chosen_ally")
    assert smith in st.players[0].hand and smith not in st.table


def test_add_to_staging_and_engage_player() -> None:
    st = game(2)
    st.players[1].threat = 45
    ev = run(st, None, None, effect="add_to_staging", card="hill_marauder")
    marauder = next(c for c in st.encounter.staging if st.cid[c] == "hill_marauder")
    assert any(e.kind == "AddedToStaging" for e in ev)
    run(st, None, marauder, effect="engage_player", who="highest_threat")
    assert marauder in st.players[1].engaged


def test_damage_character_defender_and_random() -> None:
    st = game(1)
    wolf = engage_with(st, 0, "ash_wolf")
    brannoc = instance(st, "brannoc_the_wall", "0.")
    st.attack = Attack(enemy=wolf, seat=0, defender=brannoc)
    run(st, None, None, effect="damage_character", amount=2, target="defender")
    assert st.table[brannoc].damage == 2
    ev = run(st, None, None, effect="damage_character", amount=1, target="random_hero")
    assert sum(st.table[h].damage for h in st.players[0].heroes) == 3
    assert any(e.kind == "RandomPick" and e.random for e in ev)


def test_issue15_6_an_effect_for_the_cards_player_is_said_to_them() -> None:
    """"tu: riduce la minaccia di 2" read like a label: an effect for the card's own player is an instruction
    ("reduce threat by 2", "reduce la amenaza en 2", "riduci la minaccia di 2"); another player keeps the name."""
    from game.rulesets.quest.effects import Draw, ReduceThreat
    from game.rulesets.quest.text import effect_text

    mine = ReduceThreat(effect="reduce_threat", amount=2)
    assert effect_text(mine, "en") == "reduce threat by 2"
    assert effect_text(mine, "es") == "reduce la amenaza en 2"
    assert effect_text(mine, "it") == "riduci la minaccia di 2"
    assert effect_text(Draw(effect="draw", amount=1), "it") == "pesca 1 carta"
    everyone = ReduceThreat(effect="reduce_threat", amount=1, who="each_player")
    assert effect_text(everyone, "es") == "cada jugador: reduce la amenaza en 1"
