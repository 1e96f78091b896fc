"""The shipped quest content: four spheres, twelve heroes, a pool of 80+ player cards built from named
verbs, four legal two-sphere decks, a tutorial and the scenarios (stages, 30+ encounter cards, every
encounter keyword), names in three languages, and every scenario played to its end by bots at 1, 2
and 4 seats."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game.engine.levels import Level, discover_levels, get_level
from game.engine.rng import Rng
from game.rulesets.quest import RULESET
from game.rulesets.quest.effects import VERBS
from game.rulesets.quest.level import DECK_KINDS, ENCOUNTER_KINDS

ENTRIES = [e for e in discover_levels("quest", include_mods=False)]
SCENARIOS = [e for e in ENTRIES if e.ok]
#: the scenarios built on the full card pool (the tutorial has its own small starter pool)
FULL = [e for e in SCENARIOS if e.level.model.difficulty != "tutorial"]


def _cards(level: Level) -> dict[str, Any]:
    return {c.id: c for c in level.model.cards}


def _pool() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for e in FULL:
        out.update(_cards(e.level))
    return out


def test_every_shipped_level_loads_and_there_is_a_tutorial_and_two_more():
    assert [e.error for e in ENTRIES if not e.ok] == []
    assert any(e.level.model.difficulty == "tutorial" for e in SCENARIOS)
    assert len(FULL) >= 3
    assert {e.level.model.difficulty for e in FULL} >= {"easy", "normal", "hard"}


def test_four_spheres_named_in_three_languages():
    for e in SCENARIOS:
        spheres = e.level.model.spheres
        assert len(spheres) == 4, e.id
        for s in spheres:
            assert not isinstance(s.name, str) and s.name.es and s.name.it, s.id


def test_at_least_twelve_heroes_three_per_sphere():
    pool = _pool()
    heroes = [c for c in pool.values() if c.kind == "hero"]
    assert len(heroes) >= 12
    per = Counter(c.sphere for c in heroes)
    spheres = {s.id for s in FULL[0].level.model.spheres}
    assert set(per) == spheres and min(per.values()) >= 3
    assert any(c.effects for c in heroes), "some heroes have an action ability"


def test_player_pool_of_eighty_cards_with_every_player_keyword():
    pool = _pool()
    deck_cards = [c for c in pool.values() if c.kind in DECK_KINDS]
    assert len(deck_cards) >= 80
    kinds = Counter(c.kind for c in deck_cards)
    assert min(kinds["ally"], kinds["attachment"], kinds["event"]) >= 15
    per_sphere = Counter(c.sphere for c in deck_cards)
    assert all(per_sphere[s.id] >= 15 for s in FULL[0].level.model.spheres)
    keywords = {k for c in pool.values() for k in c.keywords}
    assert {"ranged", "sentinel", "restricted"} <= keywords
    verbs = {e.effect for c in deck_cards for e in c.effects}
    assert {"draw", "add_resource", "heal", "ready", "damage_enemy", "place_progress", "reduce_threat", "boost",
            "cancel_shadow"} <= verbs


def test_the_content_uses_every_verb():
    used = {e.effect for en in FULL for c in en.level.model.cards for e in (*c.effects, *c.shadow)}
    used |= {e.effect for en in FULL for st in en.level.model.stages for e in st.effects}
    assert set(VERBS.names()) <= used, sorted(set(VERBS.names()) - used)


def test_every_card_effect_is_a_registered_verb():
    names = set(VERBS.names())
    for e in SCENARIOS:
        m = e.level.model
        for c in m.cards:
            for eff in (*c.effects, *c.shadow):
                assert eff.effect in names, (e.id, c.id, eff.effect)
        for st in m.stages:
            for eff in st.effects:
                assert eff.effect in names, (e.id, eff.effect)


def test_four_ready_made_decks_one_per_sphere_pair_and_legal():
    m = FULL[0].level.model
    cards = _cards(FULL[0].level)
    assert len(m.decks) >= 4
    pairs = set()
    for d in m.decks:
        heroes = [cards[h] for h in d.heroes]
        assert len(heroes) == 3 and all(h.kind == "hero" for h in heroes)
        spheres = {h.sphere for h in heroes}
        assert len(spheres) == 2, d.id
        pairs.add(frozenset(spheres))
        total = sum(d.cards.values())
        assert 30 <= total <= 50 and max(d.cards.values()) <= 3, d.id
        for cid in d.cards:
            c = cards[cid]
            assert c.kind in DECK_KINDS
            assert c.sphere in spheres or c.sphere == "neutral", (d.id, cid)  # every card can be paid for
    assert len(pairs) >= 4
    used_heroes = [h for d in m.decks for h in d.heroes]
    assert len(used_heroes) == len(set(used_heroes)), "each hero in one deck: four decks can sit together"


def test_scenarios_have_stages_and_a_full_encounter_deck():
    for e in SCENARIOS:
        m = e.level.model
        cards = _cards(e.level)
        assert 2 <= len(m.stages) <= 3, e.id
        assert sum(m.encounter.values()) >= 30, e.id
        kinds = Counter(cards[c].kind for c in m.encounter)
        assert all(kinds[k] >= 2 for k in ENCOUNTER_KINDS), (e.id, kinds)
        assert any(cards[c].shadow for c in m.encounter), e.id
        assert any(cards[c].effects for c in m.encounter if cards[c].kind == "treachery"), e.id


def test_encounter_keywords_surge_doomed_guarded_archery_victory_are_used():
    for e in FULL:
        cards = _cards(e.level)
        enc = [cards[c] for c in e.level.model.encounter]
        used = {k for c in enc for k in c.keywords}
        assert {"surge", "guarded"} <= used, e.id
        assert any(c.doomed for c in enc), e.id
        assert any(c.victory for c in enc), e.id
    assert any(cards[c].archery for e in FULL for cards in [_cards(e.level)] for c in e.level.model.encounter)


def test_every_name_is_written_in_three_languages():
    for e in FULL:
        m = e.level.model
        for c in m.cards:
            assert not isinstance(c.name, str) and c.name.es and c.name.it, c.id
        for d in m.decks:
            assert not isinstance(d.name, str) and d.name.es and d.name.it, d.id
        for s in m.stages:
            assert not isinstance(s.name, str) and s.name.es and s.name.it, e.id
        assert not isinstance(m.title, str) and m.title.es and m.title.it


def test_every_player_card_can_be_played_from_some_deck():
    m = FULL[0].level.model
    in_decks = {cid for d in m.decks for cid in d.cards} | {h for d in m.decks for h in d.heroes}
    pool = {c.id for c in m.cards if c.kind in (*DECK_KINDS, "hero")}
    # the pool is larger than the decks on purpose (for modders' decks), but most cards are dealt
    assert len(in_decks & pool) >= 0.75 * len(pool)


def _play_to_end(level: Level, seats: int, seed: int) -> tuple[Any, int]:
    st = RULESET.new_game(level, ["bot"] * seats, seed)
    rng = Rng(seed * 7 + 1)
    n = 0
    while st.to_act() is not None:
        legal = st.legal_actions()
        action = RULESET.bot_policy(st, st.to_act(), legal, rng) or rng.choice(legal)
        st.apply(action)
        n += 1
        assert st.invariants() == [], (seed, n, action.key)
        assert n < RULESET.max_game_length
    return st.result(), n


@pytest.mark.parametrize("seats", [1, 2, 4])
@pytest.mark.parametrize("entry", SCENARIOS, ids=[e.id for e in SCENARIOS])
def test_every_scenario_is_played_to_its_end_by_bots(entry, seats):
    res, n = _play_to_end(entry.level, seats, 11 + seats)
    assert res is not None and n > 0
    assert res.reason in ("victory", "defeat", "rounds"), res.reason


def test_the_policy_bots_both_win_and_lose_the_scenarios():
    outcomes = Counter()
    for e in FULL:
        for seed in range(6):
            res, _ = _play_to_end(e.level, 1 + seed % 2, 100 + seed)
            outcomes[bool(res.winners)] += 1
    assert outcomes[True] >= 1 and outcomes[False] >= 1, outcomes


def test_shipped_levels_are_found_by_id():
    for e in FULL:
        assert get_level("quest", e.id).model.title == e.level.model.title


def _midgame(level: Level, seed: int) -> Any:
    """A four-seat game (one seat per ready-made deck) played by the policy into its second round."""
    st = RULESET.new_game(level, ["bot"] * 4, seed)
    rng = Rng(seed)
    decks = [d.id for d in level.model.decks]
    while st.to_act() is not None and (st.round < 2 or st.phase.value != "planning"):
        legal = st.legal_actions()
        seat = st.to_act()
        wanted = [a for a in legal if a.kind == "deck" and a["deck"] == decks[seat % len(decks)]]
        st.apply(wanted[0] if wanted else RULESET.bot_policy(st, seat, legal, rng) or legal[0])
    assert st.to_act() is not None, "the game should still run in round 2"
    return st


@pytest.mark.parametrize("entry", FULL, ids=[e.id for e in FULL])
def test_every_cards_effects_resolve_on_a_live_table(entry):
    """Each card of the scenario runs its effects (every ``when``, shadows too) on a real mid-game table."""
    from game.rulesets.quest.plays import candidates, chosen_kind
    from game.rulesets.quest.verbs import run_list

    base = _midgame(entry.level, 5)
    seen: set[str] = set()
    ran = 0
    for iid, cid in sorted(base.cid.items()):
        if cid in seen:
            continue
        seen.add(cid)
        st = base.clone()
        d = st.defn(iid)
        seat = int(iid[0]) if iid[0].isdigit() else None
        if seat is not None and st.players[seat].eliminated:
            continue
        if seat is not None and iid not in st.table:
            for zone in (st.players[seat].hand, st.players[seat].deck, st.players[seat].discard):
                if iid in zone:
                    zone.remove(iid)
            if d.kind == "attachment":
                st.players[seat].attachments.append(iid)
                st.enter_play(iid).attached_to = st.players[seat].heroes[0]
            elif d.kind == "ally":
                st.players[seat].allies.append(iid)
                st.enter_play(iid)
            else:
                st.players[seat].discard.append(iid)
        kind = chosen_kind(d, tuple({e.when for e in d.effects}))
        options = candidates(st, kind) if kind else [None]
        target = options[0] if options else None
        ev: list = []
        run_list(st, [*d.effects, *d.shadow], iid, seat, target, ev)
        ran += len(d.effects) + len(d.shadow)
        assert st.invariants() == [], (cid, st.invariants())
    assert ran >= 60


def test_every_card_that_does_something_says_so_in_three_languages():
    from game.rulesets.quest.text import effects_text

    for e in FULL:
        names = _cards(e.level)
        for c in e.level.model.cards:
            effects = [*c.effects, *c.shadow]
            if effects:
                texts = {lang: effects_text(effects, lang, names) for lang in ("en", "es", "it")}
                assert all(texts.values()) and len(set(texts.values())) == 3, (c.id, texts)


def test_no_two_shipped_cards_share_a_name_in_any_language():
    seen: dict[tuple[str, str], str] = {}
    for e in SCENARIOS:
        for c in e.level.model.cards:
            for lang in ("en", "es", "it"):
                name = c.name if isinstance(c.name, str) else (c.name.get(lang) or c.name.en)
                other = seen.setdefault((lang, name), c.id)
                assert other == c.id, (lang, name, other, c.id)


@pytest.mark.parametrize("lang, loose", [("es", (" a el ", " de el ")),
                                         ("it", (" a il ", " a lo ", " a la ", " a l'", " di il ", " da il "))])
def test_card_texts_contract_a_preposition_and_its_article(lang: str, loose: tuple[str, ...]) -> None:
    """A played tooltip read "cura 1 de daño a el personaje vinculado" (session 7): "a {target}" before a target
    with its article is written as the language does ("al personaje", it "al personaggio")."""
    from game.rulesets.quest.text import effects_text

    seen = 0
    for e in SCENARIOS:
        names = _cards(e.level)
        for c in e.level.model.cards:
            for effects in (c.effects, c.shadow):
                text = " " + effects_text(list(effects), lang, names)
                seen += bool(effects)
                assert not [w for w in loose if w in text], (e.id, c.id, text)
    assert seen > 20
