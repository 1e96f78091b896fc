"""Sanctuary beyond the seed clauses: hidden information, saves, levels, effect verbs, content, bots."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from game.engine import i18n
from game.engine.actions import Action
from game.engine.levels import Level, LevelError, discover_levels
from game.engine.protocol import StateError
from game.engine.rng import Rng
from game.rulesets.sanctuary import bot
from game.rulesets.sanctuary.effects import VERBS
from game.rulesets.sanctuary.text import card_text
from tests.rulesets.sanctuary.helpers import RS, act, at, clear_hands, fetch, level_data, new, pass_phase

SHIPPED = [e for e in discover_levels("sanctuary", include_mods=False)]


@pytest.fixture
def only_when_asked(request: pytest.FixtureRequest) -> None:
    """Skip a long run unless the marker expression asks for slow tests (``-m slow``)."""
    expr = request.config.getoption("markexpr", "") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long run: use -m slow")


def _random_game(level, seed: int, check_every: int = 0):
    st = RS.new_game(level, ["A", "B"], seed)
    rng = Rng(seed + 99)
    n = 0
    while st.to_act() is not None:
        legal = st.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        st.apply(rng.choice(legal))
        n += 1
        assert not st.invariants(), (seed, n, st.invariants())
        if check_every and n % check_every == 0:
            data = st.to_json()
            assert RS.from_json(data).to_json() == data
        assert n < RS.max_game_length
    return st, n


# --- shipped levels and playouts ------------------------------------------------------------------------

def test_every_shipped_level_loads():
    ids = {e.id for e in SHIPPED}
    assert all(e.ok for e in SHIPPED), [e.error for e in SHIPPED if not e.ok]
    pairings = {f"{a}_vs_{b}" for i, a in enumerate(("ember", "tide", "grove", "gear"))
                for b in ("ember", "tide", "grove", "gear")[i + 1:]}
    assert {"tutorial", "quick"} | pairings <= ids


@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_random_playouts_keep_invariants_and_round_trip(entry):
    for seed in range(2):
        st, n = _random_game(entry.level, seed, check_every=25)
        assert st.result() is not None and n > 10


@pytest.mark.slow
@pytest.mark.parametrize("entry", SHIPPED, ids=lambda e: e.id)
def test_many_random_playouts(entry, only_when_asked):
    for seed in range(60):
        _random_game(entry.level, 1000 + seed, check_every=50)


# --- hidden information ----------------------------------------------------------------------------------

def test_view_hides_other_hand_and_every_deck_order():
    st = new(4)
    v = st.view(0)
    assert v["rng"] is None
    assert v["players"][0]["hand"] == st.players[0].hand
    assert v["players"][1]["hand"] == ["?"] * 6
    assert v["players"][0]["deck"] == ["?"] * 34 and v["players"][1]["deck"] == ["?"] * 34
    assert v["cards"]["0.S"] == "temple"
    spectator = st.view(None)
    assert spectator["players"][0]["hand"] == ["?"] * 6


def test_determinize_samples_hidden_cards_consistently():
    st = at(new(4), "harvest")
    clear_hands(st)
    fetch(st, 0, "knight")
    fetch(st, 1, "giant", "chars")
    st.players[0].will = 3
    v = st.view(0)
    seen = set()
    for k in range(6):
        d = RS.determinize(v, 0, Rng(k))
        assert not d.invariants()
        assert d.players[0].hand == st.players[0].hand
        assert len(d.players[1].hand) == len(st.players[1].hand)
        assert d.legal_actions() == st.legal_actions()
        seen.add(tuple(d.players[1].hand))
    assert len(seen) > 1  # the opponent's hand is really sampled


def test_events_of_draws_are_private():
    st = at(new(), "contemplation", active=1)
    clear_hands(st)
    evs = []
    while st.active == 1:
        evs += act(st, "pass")
    draws = [e for e in evs if e.kind == "CardMoved" and e.data.get("to") == "hand"]
    assert draws and all(e.private_to == 0 and e.random for e in draws)
    assert draws[0].public().data.get("card") is None


# --- saves ---------------------------------------------------------------------------------------------

def test_from_json_rejects_bad_data_naming_the_field():
    st = new(2)
    good = st.to_json()
    for mutate, field in [
        (lambda d: d.pop("players"), "players"),
        (lambda d: d.update(version=99), "version"),
        (lambda d: d["players"][0]["hand"].append("9.99"), "players[0].hand"),
        (lambda d: d["players"][1].update(will="lots"), "players[1].will"),
        (lambda d: d.update(phase="nap"), "phase"),
        (lambda d: d["players"][0]["hand"].pop(), "not conserved"),
        (lambda d: d.update(level={"ruleset": "sanctuary"}), "level"),
        (lambda d: d.update(rng=None), "rng"),
    ]:
        import copy

        data = copy.deepcopy(good)
        mutate(data)
        with pytest.raises(StateError, match=field.replace("[", r"\[").replace("]", r"\]")):
            RS.from_json(data)


def test_clone_is_independent():
    st = at(new(3), "harvest")
    clear_hands(st)
    c = st.clone()
    fetch(c, 0, "squire", "chars")
    c.players[0].structure = 1
    assert st.players[0].structure == 20 and not st.players[0].chars
    assert c.to_json() != st.to_json()


# --- level files ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("change, message", [
    (lambda d: d["decks"]["d"]["cards"].update(squier=1), "unknown card (did you mean 'squire'?)"),
    (lambda d: d["decks"]["d"]["cards"].update(squire=5), "5 copies"),
    (lambda d: d["decks"]["d"]["cards"].pop("squire"), "36 cards"),
    (lambda d: d["cards"]["squire"].update(faction="ember"), "neither neutral"),
    (lambda d: d["players"][0].update(deck="dd"), "unknown deck"),
    (lambda d: d["players"][0].update(stacked=["giant"] * 5), "stacked[4]"),
    (lambda d: d["cards"]["bolt"].update(target="none"), "acts on the target"),
    (lambda d: d["cards"]["bolt"]["effects"][0].update(effect="damnage"), "did you mean 'damage'"),
    (lambda d: d["cards"]["archer"]["abilities"][0].update(cost=0, tap=False), "at least 1 Will or turn"),
    (lambda d: d["cards"]["blade"].update(durability=0), "durability >= 1"),
])
def test_level_errors_name_the_problem(change, message):
    import copy

    data = copy.deepcopy(level_data())
    change(data)
    with pytest.raises(LevelError) as exc:
        Level.from_data(data)
    assert message in str(exc.value)


def test_content_four_factions_with_thirty_cards_and_ready_decks():
    lv = next(e.level for e in SHIPPED if e.id == "ember_vs_tide")
    levels = {e.id: e.level for e in SHIPPED}
    pool = {}
    for lvl in levels.values():
        pool.update(lvl.model.cards)
    decks = {}
    for lvl in levels.values():
        decks.update(lvl.model.decks)
    assert set(decks) == {"ember", "tide", "grove", "gear"}
    for faction in decks:
        cards = [c for c in pool.values() if c.faction == faction]
        types = {c.type for c in cards}
        assert types == {"sanctuary", "character", "attachment", "technology", "manipulation"}
        assert len([c for c in cards if c.type != "sanctuary"]) >= 30
        deck = decks[faction]
        assert sum(deck.cards.values()) == 40 and max(deck.cards.values()) <= 3
        assert pool[deck.sanctuary].faction == faction
    assert lv.model.deck_size == 40


def test_card_text_in_three_languages_for_every_card():
    pool = {}
    for e in SHIPPED:
        pool.update(e.level.model.cards)
    for cid, card in pool.items():
        for lang in ("en", "es", "it"):
            text = card_text(card, lang)
            assert "sanctuary." not in text, (cid, lang, text)


# --- strings --------------------------------------------------------------------------------------------

def test_every_string_has_three_languages():
    keys = {k: v for k, v in i18n.catalog_keys().items() if k.startswith("sanctuary.")}
    assert len(keys) > 60
    for k, v in keys.items():
        assert set(v) >= {"en", "es", "it"} and all(v[x] for x in ("en", "es", "it")), k
    for verb in VERBS.names():
        assert any(k.startswith(f"sanctuary.verb.{verb}") for k in keys), verb


def test_reference_has_every_section_in_three_languages():
    path = Path(__file__).resolve().parents[3] / "game/rulesets/sanctuary/reference.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert len(data["section"]) >= 6
    for sec in data["section"]:
        for part in ("title", "body"):
            assert all(sec[part].get(x) for x in ("en", "es", "it"))


def test_describe_actions_and_events_in_words():
    st = at(new(), "duel", "declare")
    clear_hands(st)
    a = fetch(st, 0, "knight", "chars")
    b = fetch(st, 1, "squire", "chars")
    for lang in ("en", "es", "it"):
        for action in st.legal_actions():
            text = st.describe(action, lang)
            assert "sanctuary." not in text and "Knight" in text or action.kind == "no_duel"
    evs = act(st, "duel", challenger=a, target=b)
    evs += [e for _ in range(4) if st.phase == "duel" for e in act(st, "pass")]
    lines = [st.describe_event(e, "es") for e in evs]
    assert any(line and "gana el duelo" in line for line in lines)


# --- effect verbs ---------------------------------------------------------------------------------------

def _run(st, seat, effect, source=None, target=None):
    from game.rulesets.sanctuary.effects import EffectContext
    from game.rulesets.sanctuary.level import CardDef

    card = CardDef.model_validate({"name": "x", "type": "manipulation", "target": "any_character"
                                   if target and st.is_character_in_play(target) else "any_technology"
                                   if target else "none", "effects": [effect]})
    ev = []
    VERBS.run(EffectContext(st, seat, source, target, ev), card.effects[0])
    return ev


def test_verbs_act_as_named():
    st = at(new(), "harvest")
    clear_hands(st)
    k0 = fetch(st, 0, "knight", "chars")
    g1 = fetch(st, 1, "giant", "chars")
    s1 = fetch(st, 1, "squire", "chars")
    _run(st, 0, {"effect": "damage", "to": "all_enemy_characters", "amount": 2})
    assert s1 not in st.perm and st.perm[g1].damage == 2
    _run(st, 0, {"effect": "strengthen", "to": "target", "amount": -4, "duration": "permanent"}, target=g1)
    assert g1 not in st.perm  # Strength 2 with 2 damage: destroyed
    _run(st, 0, {"effect": "strengthen", "to": "target", "amount": 3, "duration": "permanent"}, target=k0)
    assert st.strength(k0) == 7
    _run(st, 0, {"effect": "tap", "to": "target"}, target=k0)
    assert st.perm[k0].tapped
    _run(st, 0, {"effect": "ready", "to": "target"}, target=k0)
    assert not st.perm[k0].tapped
    w = st.players[1].will = 3
    _run(st, 0, {"effect": "drain_will", "amount": 5})
    assert st.players[1].will == 0 and w == 3
    _run(st, 0, {"effect": "gain_will", "who": "controller", "amount": 2})
    assert st.players[0].will == 2
    hand = len(st.players[0].hand)
    _run(st, 0, {"effect": "draw", "who": "controller", "amount": 2})
    assert len(st.players[0].hand) == hand + 2
    s = st.players[0].structure
    _run(st, 0, {"effect": "fortify", "amount": 3})
    assert st.players[0].structure == s + 3
    _run(st, 0, {"effect": "damage", "to": "opponent_sanctuary", "amount": 2})
    assert st.players[1].structure == 18
    tc = fetch(st, 0, "blade", "techs", carrier=k0)
    _run(st, 0, {"effect": "repair", "to": "target", "amount": 2}, target=tc)
    assert st.perm[tc].durability == 4
    _run(st, 1, {"effect": "corrode", "to": "target", "amount": 4}, target=tc)
    assert tc not in st.perm and tc in st.players[0].discard
    h1 = len(st.players[1].hand)
    evs = _run(st, 0, {"effect": "discard_random", "who": "opponent", "amount": 1})
    assert len(st.players[1].hand) == h1 - 1 and any(e.random for e in evs)
    _run(st, 0, {"effect": "destroy", "to": "target"}, target=k0)
    assert k0 not in st.perm
    assert not st.invariants()


def test_technology_leaves_play_with_its_carrier():
    st = at(new(), "harvest")
    clear_hands(st)
    c = fetch(st, 0, "squire", "chars")
    blade = fetch(st, 0, "blade")
    st.players[0].will = 1
    act(st, "play", card=blade, target=c)
    assert st.strength(c) == 4 and st.carrier_of(blade) == c
    st.destroy(c, [], "test")
    assert blade not in st.perm and blade in st.players[0].discard


def test_manipulation_whose_target_left_fizzles_to_the_discard():
    st = at(new(), "contemplation")
    clear_hands(st)
    k = fetch(st, 1, "squire", "chars")
    bolt = fetch(st, 0, "bolt")
    st.players[0].will = 1
    act(st, "play", card=bolt, target=k)
    st.destroy(k, [], "test")
    evs = []
    while st.stack:
        evs += act(st, "pass")
    assert any(e.kind == "Fizzled" for e in evs) and bolt in st.players[0].discard


def test_players_who_can_only_pass_pass_automatically():
    st = at(new(), "contemplation")
    clear_hands(st, anchor=False)
    fetch(st, 0, "zap")
    evs = act(st, "pass")
    assert any(e.kind == "AutoPass" and e.data["seat"] == 1 for e in evs)
    assert st.turn == 4


def test_turn_limit_is_a_safety_net():
    st = at(new(turn_limit=10), "contemplation", turn=10)
    clear_hands(st)
    st.players[0].structure = 15
    pass_phase(st)
    assert st.result() is not None and st.result().winners == (1,) and st.result().reason == "turn_limit"


# --- the tutorial's scripted opponent and stacked decks -------------------------------------------------

def test_stacked_deck_is_drawn_in_order():
    lvl = next(e.level for e in SHIPPED if e.id == "tutorial")
    st = RS.new_game(lvl, ["You", "Tutor"], 11)
    names = [st.owner_card[c] for c in st.players[1].hand]
    assert names == list(lvl.model.players[1].stacked[:6])
    assert RS.seat_roles(lvl, 2) == ["player", "scripted"]


def test_scripted_opponent_follows_its_script():
    lvl = next(e.level for e in SHIPPED if e.id == "tutorial")
    st = RS.new_game(lvl, ["You", "Tutor"], 11)
    act(st, "keep")
    assert RS.script_choice(st.view(1), 1, st.legal_actions()) == Action.of("keep")
    act(st, "keep")
    assert st.first_player == 0  # the tutorial lets you go first
    assert RS.script_choice(st.view(0), 0, st.legal_actions()) is None  # your seat has no script
    # play the game out: the script never challenges to a duel and only plays its listed card types
    rng = Rng(3)
    while st.to_act() is not None and st.turn < 12:
        seat = st.to_act()
        legal = st.legal_actions()
        if seat == 1:
            a = RS.script_choice(st.view(1), 1, legal)
            assert a in legal and a.kind != "duel"
            if a.kind == "play":
                assert st.card(a["card"]).type in ("attachment", "character", "technology")
        else:
            a = RS.bot_policy(st, 0, legal, rng) or legal[0]
        st.apply(a)


# --- bots -----------------------------------------------------------------------------------------------

def _policy_vs_random(games: int) -> int:
    wins = 0
    for g in range(games):
        lvl = SHIPPED[g % len(SHIPPED)].level
        st = RS.new_game(lvl, ["A", "B"], 500 + g)
        smart = g % 2
        rng = Rng(g)
        while st.to_act() is not None:
            seat = st.to_act()
            legal = st.legal_actions()
            a = RS.bot_policy(st, seat, legal, rng) if seat == smart else rng.choice(legal)
            st.apply(a)
        wins += st.result().winners == (smart,)
    return wins


def test_greedy_policy_beats_random_play():
    assert _policy_vs_random(24) >= 21


def test_heuristic_prefers_the_stronger_side():
    st = at(new(), "harvest")
    clear_hands(st)
    base = st.heuristic(0)
    fetch(st, 0, "giant", "chars")
    assert st.heuristic(0) > base and st.heuristic(0) > st.heuristic(1)
    st.players[1].structure = 2
    assert st.heuristic(0) > 0.8 and 0 <= st.heuristic(1) < 0.2
    assert bot.evaluate(st, 0) == st.heuristic(0)


@pytest.mark.slow
def test_normal_search_bot_beats_random_bot_95_percent(only_when_asked):
    from game.engine.bots import make_bot

    games, wins = 40, 0
    for g in range(games):
        lvl = SHIPPED[g % len(SHIPPED)].level
        st = RS.new_game(lvl, ["A", "B"], 900 + g)
        smart = g % 2
        bots = {smart: make_bot("normal", g), 1 - smart: make_bot("random", g)}
        while st.to_act() is not None:
            s = st.to_act()
            st.apply(bots[s].choose(RS, st.view(s), s, st.legal_actions()))
        wins += st.result().winners == (smart,)
    # measured 97% (194 of 200 games, see docs/rules/sanctuary.md); 90% here so a loaded machine,
    # where the normal bot's wall-clock budget buys fewer iterations, does not make the test flaky
    assert wins >= 36


def test_from_json_on_mutated_saves_raises_state_error_or_loads():
    import copy

    st, _ = _random_game(SHIPPED[1].level, 7)
    mid = RS.new_game(SHIPPED[1].level, ["A", "B"], 7)
    rng = Rng(7)
    for _ in range(30):
        mid.apply(rng.choice(mid.legal_actions()))
    good = mid.to_json()
    garbage = [None, -1, 10**9, "x", "0.S", "1.00", [], {}, ["?"], {"card": "x"}, True,
               "combat", "attack", "block", "duel", "declare", "priority", "end", "discard", "over", 0, 1]

    def leaves(node, path=()):
        if isinstance(node, dict):
            for k, v in node.items():
                if k != "level":
                    yield from leaves(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                yield from leaves(v, path + (i,))
        yield path

    paths = [p for p in leaves(good) if p]
    for i in range(600):
        data = copy.deepcopy(good)
        path = paths[rng.randbelow(len(paths))]
        node = data
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = garbage[rng.randbelow(len(garbage))]
        try:
            loaded = RS.from_json(data)
        except StateError:
            continue
        assert not loaded.invariants()
        if loaded.to_act() is not None:  # a loaded state can go on
            loaded.apply(loaded.legal_actions()[0])


def test_a_mod_adds_cards_and_a_deck_with_the_deck_file_format(tmp_path, monkeypatch):
    import shutil

    from game.engine import paths

    monkeypatch.setenv("MESA_HOME", str(tmp_path))
    folder = paths.mods_dir() / "sanctuary"
    folder.mkdir(parents=True)
    shipped = paths.levels_dir() / "sanctuary"
    for name in ("_neutral.toml", "_ember.toml"):
        shutil.copy(shipped / name, folder / name)
    (folder / "_frost.toml").write_text('''
[cards.frost_shrine]
name = { en = "Frost Shrine", es = "Santuario de Escarcha", it = "Santuario di Brina" }
type = "sanctuary"
faction = "frost"
structure = 18
will = 2
attachment_limit = 3

[cards.frost_wolf]
name = "Frost Wolf"
type = "character"
faction = "frost"
cost = 2
strength = 3

[cards.frost_chill]
name = "Chill"
type = "manipulation"
faction = "frost"
cost = 1
target = "enemy_character"
effects = [{ effect = "tap", to = "target" }, { effect = "strengthen", to = "target", amount = -1 }]

[decks.frost]
name = "Frost pack"
sanctuary = "frost_shrine"
[decks.frost.cards]
frost_wolf = 3
frost_chill = 3
neutral_wandering_sellsword = 3
neutral_stone_hauler = 3
neutral_road_warden = 3
neutral_waystone = 3
neutral_old_shield = 3
neutral_second_wind = 3
neutral_quick_study = 3
neutral_ambush = 3
''', encoding="utf-8")
    (folder / "frost_vs_ember.toml").write_text('''
format = 1
ruleset = "sanctuary"
title = "Frost vs Ember"
include = ["_neutral.toml", "_ember.toml", "_frost.toml"]
max_copies = 4
deck_size = 30
[[players]]
deck = "frost"
[[players]]
deck = "ember"
''', encoding="utf-8")
    entries = [e for e in discover_levels("sanctuary") if e.source == "mod"]
    assert [e.id for e in entries] == ["frost_vs_ember"]
    assert not entries[0].ok and "decks.ember.cards: 40 cards" in entries[0].error  # deck_size applies to both
    text = (folder / "frost_vs_ember.toml").read_text().replace("deck_size = 30\n", "")
    (folder / "frost_vs_ember.toml").write_text(text.replace("max_copies = 4", "max_copies = 4\n"), encoding="utf-8")
    (folder / "_frost.toml").write_text((folder / "_frost.toml").read_text().replace("frost_wolf = 3", "frost_wolf = 4")
                                        .replace("frost_chill = 3", "frost_chill = 4")
                                        .replace("neutral_ambush = 3", "neutral_ambush = 4\nember_cinder_imp = 1"),
                                        encoding="utf-8")
    entries = [e for e in discover_levels("sanctuary") if e.source == "mod"]
    assert not entries[0].ok and "neither neutral nor the sanctuary's 'frost'" in entries[0].error
    fixed = (folder / "_frost.toml").read_text().replace("\nember_cinder_imp = 1", "")
    fixed = "\n".join(line.replace(" = 3", " = 4") if line.startswith("neutral_") else line
                      for line in fixed.splitlines())
    (folder / "_frost.toml").write_text(fixed, encoding="utf-8")  # 10 cards x 4 copies = 40
    entries = [e for e in discover_levels("sanctuary") if e.source == "mod"]
    assert entries[0].ok, entries[0].error
    st, n = _random_game(entries[0].level, 3)
    assert st.result() is not None


def test_every_action_and_event_of_a_game_reads_in_three_languages():
    st = RS.new_game(SHIPPED[2].level, ["Ana", "Bo"], 21)
    rng = Rng(21)
    lines = 0
    while st.to_act() is not None:
        legal = st.legal_actions()
        for lang in ("en", "es", "it"):
            for a in legal:
                text = st.describe(a, lang)
                assert text and "sanctuary." not in text and "{" not in text, (a, lang, text)
        for e in st.apply(rng.choice(legal)):
            for lang in ("en", "es", "it"):
                line = st.describe_event(e, lang)
                assert line is None or ("sanctuary." not in line and "{" not in line), (e, line)
                lines += line is not None
    assert lines > 20


def test_tutorial_tips_show_to_the_player_not_the_script():
    lvl = next(e.level for e in SHIPPED if e.id == "tutorial")
    st = RS.new_game(lvl, ["You", "Tutor"], 2)
    assert "new hand" in st.view(0)["tip"]["en"] and "tip" not in st.view(1)
    act(st, "keep")
    act(st, "keep")
    assert st.phase == "harvest" and "Attachment" in st.view(0)["tip"]["en"]
    plain = RS.new_game(SHIPPED[1].level, ["A", "B"], 2)
    assert "tip" not in plain.view(0)
