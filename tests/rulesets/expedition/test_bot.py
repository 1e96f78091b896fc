"""The expedition hero bots: path-finding toward the goal or a clue, escape or fight by need, claims,
contacts (a true clue to a partner, sometimes a lie to a rival), replies, help, the city; and they
never read another seat's secrets (their choice is the same whatever the other seat was told)."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.bots import BUDGETS, make_bot
from game.engine.levels import get_level
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition import bot
from game.rulesets.expedition.kinds import Act, Step
from game.rulesets.expedition.state import ExpeditionState, Info, Offer


def _game(level_id: str, heroes: int = 2, seed: int = 1) -> ExpeditionState:
    st = get_ruleset("expedition").new_game(get_level("expedition", level_id), [f"P{i}" for i in range(heroes + 1)],
                                            seed)
    assert isinstance(st, ExpeditionState)
    return st


def _pick(st: ExpeditionState, seat: int | None = None) -> Action:
    who = st.to_act() if seat is None else seat
    assert who is not None
    legal = st.legal_actions()
    a = bot.policy(st, who, legal, Rng(3))
    assert a is not None and a in legal
    return a


def _walk_square(st: ExpeditionState, sid: str) -> tuple[int, int]:
    site = st.model.site(sid)
    assert site is not None
    return (site.at[0], site.at[1])


def test_distance_field_walks_around_water_and_peaks() -> None:
    st = _game("lantern_road")
    target = _walk_square(st, "beacon_tower")
    field = bot.distance_field(st, target)
    m = st.model
    for (x, y), d in list(field.items())[:400]:
        assert m.biomes[m.biome_at(x, y)].walkable
        if d:
            # one step closer is always a walkable neighbour
            assert any(field.get(n) == d - 1 for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    h = st.heroes[0]
    manhattan = abs(h.x - target[0]) + abs(h.y - target[1])
    assert field[(h.x, h.y)] >= manhattan


def test_moves_toward_a_fixed_goal() -> None:
    st = _game("lantern_road")
    target = _walk_square(st, "beacon_tower")
    field = bot.distance_field(st, target)
    h = st.heroes[0]
    before = field[(h.x, h.y)]
    a = _pick(st)
    assert a.kind == Act.MOVE
    assert field[(a["x"], a["y"])] < before
    # the best square a move reaches, give or take the safety of a road
    best = min(field[(m["x"], m["y"])] for m in st.legal_actions() if m.kind == Act.MOVE)
    assert field[(a["x"], a["y"])] <= best + 1


def test_secret_goal_seeks_a_clue_then_follows_it() -> None:
    st = _game("sunken_bell")
    h = st.heroes[0]
    assert bot.believed_goal(st, h) is None
    tgt = bot.target(st, h)
    npc_squares = {(p.at[0], p.at[1]) for p in st.model.placed if st.model.npcs[p.npc].tells == "goal"}
    assert tgt is not None and any(abs(tgt[0] - x) + abs(tgt[1] - y) <= 1 for x, y in npc_squares)
    # heard from an NPC in person: go there
    h.known.append(Info(npc="bram", site="dry_well"))
    assert bot.believed_goal(st, h) == "dry_well"
    assert bot.target(st, h) == _walk_square(st, "dry_well")


def test_a_rivals_word_does_not_outweigh_an_npc_in_a_race() -> None:
    st = _game("sunken_bell")
    h = st.heroes[0]
    h.known.append(Info(npc="bram", site="chapel_ruin", teller=1))  # maybe a lie
    assert bot.believed_goal(st, h) is None
    assert bot.target(st, h) != _walk_square(st, "chapel_ruin")  # first ask someone who knows
    h.known.append(Info(npc="pim", site="dry_well"))
    assert bot.believed_goal(st, h) == "dry_well"


def test_a_partners_word_is_trusted_in_a_cooperative_level() -> None:
    st = _game("sunken_bell")
    h = st.heroes[0]
    h.known.append(Info(npc="bram", site="chapel_ruin", teller=1))
    assert bot.believed_goal(st, h) is None
    st.model = st.model.model_copy(update={"mode": "cooperative"})
    assert bot.believed_goal(st, h) == "chapel_ruin"


def test_escapes_unless_a_fight_is_wanted() -> None:
    st = _game("lantern_road")
    st.step = Step.DANGER
    h = st.heroes[0]
    assert _pick(st).kind == Act.ESCAPE
    # a slay quest for a monster of this biome, in full health: fight
    m = st.model
    h.x, h.y = next((x, y) for y, row in enumerate(m.map.rows) for x, ch in enumerate(row)
                    if m.biome_at(x, y) == "forest")
    h.quests = [n for n, npc in m.npcs.items() if npc.quest and npc.quest.monster == "toll_reaver"]
    assert h.quests and "toll_reaver" in m.biomes["forest"].monster_die
    assert _pick(st).kind == Act.FIGHT
    h.health = 2  # hurt: run
    assert _pick(st).kind == Act.ESCAPE


def test_claims_the_mix_worth_most() -> None:
    st = _game("lantern_road")
    st.step = Step.CLAIM
    for successes, want in ((2, (1, 0)), (3, (0, 1)), (4, (2, 0)), (5, (1, 1)), (6, (0, 2))):
        st.successes = successes
        a = _pick(st)
        assert (a["normal"], a["rare"]) == want, successes


def test_talks_to_an_unheard_npc_then_goes_on() -> None:
    st = _game("lantern_road")
    st.step = Step.CONTACT
    p = st.model.placed[0]
    h = st.heroes[0]
    h.x, h.y = p.at[0], p.at[1]
    st.heroes[1].x, st.heroes[1].y = 0, 0
    a = _pick(st)
    assert a.kind == Act.TALK and a["npc"] == p.npc
    st.apply(a)
    assert [k.npc for k in h.known] == [p.npc]
    # heard already: in the next contact step the bot goes on
    st.step, st.talked = Step.CONTACT, []
    assert _pick(st).kind == Act.DONE


def _at_contact_with_partner(level_id: str) -> ExpeditionState:
    st = _game(level_id)
    st.step = Step.CONTACT
    a, b = st.heroes[0], st.heroes[1]
    a.x, a.y = 22, 15
    b.x, b.y = 22, 15
    st.talked = [p.npc for p in st.model.placed]
    return st


def test_tells_a_partner_the_true_clue() -> None:
    st = _at_contact_with_partner("lantern_road")
    h = st.heroes[0]
    h.known.append(Info(npc="old_shepherd", site="beacon_tower"))
    h.known.append(Info(npc="captain_odo", site="beacon_tower"))
    a = _pick(st)
    assert a.kind == Act.TRADE and a["hero"] == 1
    st.apply(a)
    tell = _pick(st)
    assert tell.kind == Act.TELL and 0 <= tell["info"] < len(h.known)
    st.apply(tell)
    assert _pick(st).kind == Act.SEND


def test_nothing_to_tell_a_partner_means_no_trade() -> None:
    st = _at_contact_with_partner("lantern_road")
    assert _pick(st).kind == Act.DONE


def test_gives_a_partner_the_item_their_quest_asks_for() -> None:
    st = _at_contact_with_partner("lantern_road")
    me, partner = st.heroes[0], st.heroes[1]
    me.items = ["hunting_knife", "hedge_charm"]
    partner.quests = ["sister_ivet"]  # bring a hedge-witch charm
    a = _pick(st)
    assert a.kind == Act.TRADE and a["hero"] == 1
    st.apply(a)
    give = _pick(st)
    assert give.kind == Act.GIVE and me.items[give["slot"]] == "hedge_charm"
    st.apply(give)
    st.apply(_pick(st))  # send
    assert st.to_act() == 1 and _pick(st).kind == Act.ACCEPT
    st.apply(_pick(st))
    assert "hedge_charm" in partner.items and "hedge_charm" not in me.items


def test_sometimes_lies_to_a_rival_with_a_rumour_naming_another_site() -> None:
    st = _at_contact_with_partner("sunken_bell")
    h = st.heroes[0]
    h.known.append(Info(npc="bram", site="dry_well"))
    lies = set()
    for rnd in range(1, 13):
        st.round = rnd
        idx = bot._tell_index(st, h)
        if idx is None:
            continue
        assert idx >= len(h.known)  # never the truth to a rival
        rumour = st.model.rumours[idx - len(h.known)]
        assert rumour.site != "dry_well"
        lies.add(idx)
    assert len(lies) >= 2  # not always the same lie
    st.round = 2
    told = bot._tell_index(st, h)
    if told is None:
        st.round = 3
        told = bot._tell_index(st, h)
    a = _pick(st)
    assert a.kind == Act.TRADE
    st.apply(a)
    tell = _pick(st)
    assert tell.kind == Act.TELL and tell["info"] == told
    st.apply(tell)
    assert _pick(st).kind == Act.SEND


def test_replies_accept_gifts_and_news_refuse_to_be_robbed_by_a_rival() -> None:
    st = _game("sunken_bell")
    st.heroes[1].items = ["hunting_knife"]
    st.step = Step.REPLY
    st.offer = Offer(to=1, give=[], take=[0], info=-1)
    assert st.to_act() == 1
    assert _pick(st).kind == Act.REFUSE
    st.offer = Offer(to=1, give=[0], take=[], info=-1)
    assert _pick(st).kind == Act.ACCEPT
    st.offer = Offer(to=1, give=[], take=[], info=2)
    assert _pick(st).kind == Act.ACCEPT


def test_answers_help_in_a_cooperative_level_when_healthy() -> None:
    from game.rulesets.expedition.state import Encounter

    st = _game("lantern_road")
    st.step = Step.ANSWER
    st.encounter = Encounter(monster="thornback", count=1, asked=[1], waiting=1)
    assert st.to_act() == 1
    assert _pick(st).kind == Act.ACCEPT
    st.heroes[1].health = 1
    assert _pick(st).kind == Act.REFUSE
    race = _game("sunken_bell")
    race.step = Step.ANSWER
    race.encounter = Encounter(monster="thornback", count=1, asked=[1], waiting=1)
    assert _pick(race).kind == Act.REFUSE


def test_asks_a_hero_in_reach_then_auto_resolves() -> None:
    from game.rulesets.expedition.state import Encounter

    st = _game("lantern_road")
    st.step = Step.HELP
    st.encounter = Encounter(monster="thornback", count=1)
    assert _pick(st).kind == Act.ASK
    st.encounter.asked = [1]
    assert _pick(st).kind == Act.QUICK


def test_heals_in_town_and_takes_quests_in_a_quest_level() -> None:
    st = _game("marsh_lights")
    st.step = Step.CITY
    h = st.heroes[0]
    h.health = 2
    assert _pick(st).kind == Act.HEAL
    h.health = 99
    h.health = min(h.health, 20)
    from game.rulesets.expedition.explore import max_health

    h.health = max_health(st, h)
    a = _pick(st)
    assert a.kind == Act.QUEST


def test_hurt_heroes_head_for_a_town() -> None:
    st = _game("lantern_road")
    h = st.heroes[0]
    h.x, h.y = 10, 13
    h.health = 1
    towns = [(s.at[0], s.at[1]) for s in st.model.sites if s.kind == "town"]
    assert bot.target(st, h) in towns


def _views_equal_but_secrets_differ() -> tuple[ExpeditionState, ExpeditionState]:
    a = _game("sunken_bell", heroes=2, seed=7)
    b = _game("sunken_bell", heroes=2, seed=7)
    cands = a.model.goal_candidates()
    b.goal_site = next(c for c in cands if c != a.goal_site)  # the secret goal differs
    a.heroes[1].known.append(Info(npc="bram", site=a.goal_site or ""))
    b.heroes[1].known.append(Info(npc="pim", site=b.goal_site or ""))
    return a, b


def test_bot_never_reads_another_seats_secrets() -> None:
    a, b = _views_equal_but_secrets_differ()
    va, vb = a.view(0), b.view(0)
    assert va == vb  # seat 0 cannot tell the two games apart
    assert "bram" not in str(va["heroes"][1]) and b.goal_site not in str(vb.get("goal_site"))
    rs = get_ruleset("expedition")
    budget = BUDGETS["normal"].replace(seconds=None, iterations=60)
    picks = []
    for st in (a, b):
        player = make_bot("normal", 11, budget=budget, strict=True)
        picks.append(player.choose(rs, st.view(0), 0, st.legal_actions()))
    assert picks[0] == picks[1]
    # the policy on a determinization of seat 0's view sees only seat 0's own messages
    det = rs.determinize(va, 0, Rng(5))
    assert isinstance(det, ExpeditionState)
    assert det.heroes[0].known == a.heroes[0].known


def test_policy_always_returns_a_legal_action_through_a_whole_game() -> None:
    st = _game("caravan_season", heroes=3, seed=4)
    rs = get_ruleset("expedition")
    rng = Rng(9)
    for _ in range(3000):
        if st.result() is not None:
            break
        seat = st.to_act()
        assert seat is not None
        legal = st.legal_actions()
        pick = rs.bot_policy(st, seat, legal, rng)
        assert pick is None or pick in legal
        st.apply(pick if pick is not None else legal[0])
    assert st.result() is not None
