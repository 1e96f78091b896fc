"""The quest card table with the real rules: it opens for 1 to 4 players, the turn flows through its
regions (Action payloads), a whole tutorial game plays to the end by mouse (human with a bot), the hand
stays private in hot-seat, every card zooms and discards browse."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import Action
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from game.ui.payload import Ref
from tests.scenes.driving import click, frames, open_game, to_next_human, visible_point, wait_until


def start(app: Any, seats: list[SeatSpec], level: str = "tutorial", seed: int = 3) -> Any:
    """Open a quest game above the menu and return its scene."""
    from game.engine.levels import get_level

    return open_game(app, "quest", get_level("quest", level), seats, seed)


def advance(app: Any, scene: Any, until: Any) -> None:
    """Apply the plain bot's choices straight to the match until ``until(state)`` holds, then draw."""
    from game.rulesets.quest.bot import policy
    from tests.scenes.driving import advance_with

    assert advance_with(scene, policy, until), "the position never came"
    frames(app, 2)


def _regions_for(scene: Any, action: Action) -> list[Any]:
    return [r for r in scene.router.regions if r.legal and (r.payload == action or (
        isinstance(r.payload, (list, tuple)) and action in r.payload))]


def click_action(app: Any, scene: Any, action: Action) -> None:
    """Play ``action`` like a player: its own region (a card, a bar button), or the card whose choices offer it."""
    frames(app, 1)
    for _ in range(5):  # a beat released now may still pause the table ("End turn"): get past it first
        if scene.can_act():
            break
        to_next_human(app, scene)
        frames(app, 1)
    for _ in range(3):
        exact = [r for r in _regions_for(scene, action) if r.payload == action]
        if exact:
            click(app, visible_point(scene, exact[-1]))
            return
        groups = _regions_for(scene, action)
        assert groups, f"no region stands for {action.key}"
        click(app, visible_point(scene, groups[-1]))
    raise AssertionError(f"clicking never reached {action.key}")


def play_out(app: Any, scene: Any, limit: int = 2500) -> int:
    """Click the human seats' turns with the plain bot's choices until the game ends; return the clicks."""
    from game.rulesets.quest.bot import policy

    rng = Rng(5)
    m = scene.match
    clicks = 0
    for _ in range(limit):
        if m.is_over():
            break
        assert to_next_human(app, scene, 120), "the human never got the turn"  # a liveness wait: bots think in a worker thread
        if m.is_over():
            break
        before = len(m.history)
        action = policy(m.state, m.to_act(), m.legal_actions(), rng)
        click_action(app, scene, action)
        clicks += 1
        assert len(m.history) > before, f"the click on {action.key} played nothing"
        assert app.errors == []
    return clicks


def test_quest_has_its_own_scene() -> None:
    from game.scenes import scene_class_for
    from game.scenes.quest import SCENE, QuestScene

    assert SCENE is QuestScene and scene_class_for("quest") is QuestScene


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_scene_opens_for_one_to_four_players(app: Any, players: int) -> None:
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "bot", "random") for i in range(1, players)]
    scene = start(app, seats)
    frames(app, 3)
    assert app.errors == [] and type(scene).__name__ == "QuestScene"
    assert sorted(scene.L.others) == list(range(1, players))
    assert scene.text_problems() == []
    assert scene.invariants() == []


def test_a_whole_tutorial_game_plays_to_the_end_by_mouse_with_a_bot(app: Any) -> None:
    scene = start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "normal")])
    clicks = play_out(app, scene)
    assert scene.match.is_over(), f"not over after {clicks} clicks"
    assert clicks > 10 and app.errors == []
    reason = scene.match.result().reason
    words = scene.result_reason(reason)
    assert words and words != reason, "the end is told in words"


def test_committing_by_click_and_by_drag_onto_the_quest_card(app: Any) -> None:
    from tests.scenes.driving import drag, drop_point

    scene = start(app, [SeatSpec("Ana")])
    m = scene.match
    rng = Rng(2)
    from game.rulesets.quest.bot import policy

    while not any(a.kind == "commit" for a in m.legal_actions()):
        assert not m.is_over()
        m.apply(policy(m.state, m.to_act(), m.legal_actions(), rng), m.to_act())
    scene.driver.invalidate()
    frames(app, 2)
    commits = [a for a in scene.legal if a.kind == "commit"]
    assert len(commits) >= 2
    first, second = commits[0], commits[1]
    click_action(app, scene, first)
    assert m.history[-1].action == first
    frames(app, 2)
    assert scene.table.find(first["card"]).committed
    words = " ".join(" ".join(scene.texts.texts()).split())
    assert "against threat" in words, "willpower against threat is shown"
    reg = next(r for r in scene.router.regions if r.payload == second)
    quest = next(r for r in scene.router.regions if r.payload == Ref.of("quest"))
    drag(app, visible_point(scene, reg), drop_point(scene, quest))
    assert m.history[-1].action == second


def test_every_card_in_play_zooms_and_the_discard_browses(app: Any) -> None:
    scene = start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    advance(app, scene, lambda st: st.phase.value == "planning" and st.to_act() == 0)
    cards = [r for r in scene.router.regions if isinstance(r.inspect, Ref) and r.inspect.is_("card")]
    assert cards, "cards on the table"
    for reg in cards:
        scene.inspect(reg.inspect)
        assert scene.inspector.visible and scene.inspector.title not in ("", "?"), reg.key
        scene.inspector.close()
    overlay = scene.open_pile(("encounter_discard",))
    frames(app, 2)
    assert app.top is overlay and overlay.text_problems() == []


def test_hot_seat_shows_only_the_acting_players_hand(app: Any) -> None:
    scene = start(app, [SeatSpec("Ana"), SeatSpec("Bea")])
    advance(app, scene, lambda st: st.phase.value == "planning")
    assert to_next_human(app, scene)
    me = scene.table.player(scene.viewer)
    other = scene.table.player(1 - scene.viewer)
    assert me is not None and other is not None
    assert other.hand is None, "the other seat's hand is hidden"
    hand_keys = [r.key for r in scene.router.regions if r.key and r.key[0] == "hand"]
    assert me.hand is not None and len(hand_keys) == len(me.hand)


def test_encounter_cards_are_revealed_one_by_one_with_their_keywords(app: Any) -> None:
    scene = start(app, [SeatSpec("Ana")])
    app.settings.animation_speed = 1.0
    scene.on_settings_changed()  # follows the new animation speed
    advance(app, scene, lambda st: st.step.value == "commit" and st.to_act() == 0)
    assert to_next_human(app, scene)
    for a in [a for a in scene.legal if a.kind == "commit"][:2]:
        click_action(app, scene, a)
    before = len(scene.match.history)
    done = next(a for a in scene.legal if a.kind == "done")
    click_action(app, scene, done)
    assert len(scene.match.history) > before
    revealed = [e for e in scene.match.history[-1].events if e.kind == "Revealed"]
    assert revealed, "the staging step revealed encounter cards"
    captions: list[str] = []
    flights: list[int] = []
    for _ in range(240):
        if scene.motion.caption is not None and (not captions or captions[-1] != scene.motion.caption["text"]):
            captions.append(scene.motion.caption["text"])
        flights.append(len(scene.motion.flying))
        frames(app, 1)
        if not scene.queue.busy and captions:
            break
    names = [scene.words_of.name(scene.table.cards.get(e.data["card"])) for e in revealed]
    assert captions[:len(names)] == [f"Revealed: {n}" for n in names]
    assert max(flights) == 1, "one card in flight at a time"


def test_set_up_is_a_clear_choice_of_deck_then_keep_or_a_new_hand(app: Any) -> None:
    scene = start(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    assert to_next_human(app, scene)
    frames(app, 2)
    decks = [r for r in scene.router.regions if r.key and r.key[0] == "setup"]
    legal_decks = [a for a in scene.legal if a.kind == "deck"]
    assert legal_decks and sorted(r.payload.key for r in decks) == sorted(a.key for a in legal_decks)
    assert not [b for b in scene.action_bar.buttons if getattr(b.payload, "kind", None) == "deck"], \
        "the decks are not dumped on the narrow bar"
    words = scene.frame_texts.texts()
    assert "Choose your deck" in words
    deck = scene.deck_def(decks[0].payload["deck"])
    assert deck is not None and any(w.startswith(str(deck.name.en)[:6]) for w in words)
    before = len(scene.match.history)
    click(app, visible_point(scene, decks[0]))
    assert scene.match.history[before].action == decks[0].payload
    assert wait_until(app, lambda: scene.table.step == "mulligan" and scene.can_act()
                      or to_next_human(app, scene) and scene.table.step == "mulligan", 15)
    frames(app, 2)
    choice = {r.payload.kind: r for r in scene.router.regions if r.key and r.key[0] == "setup"}
    assert set(choice) == {"keep", "mulligan"}
    assert "Your opening hand" in scene.frame_texts.texts()
    hand = [r for r in scene.router.regions if r.key and r.key[0] == "hand"]
    assert len(hand) == 6, "the opening hand is shown under the choice"
    before = len(scene.match.history)
    click(app, visible_point(scene, choice["keep"]))
    assert scene.match.history[before].action.kind == "keep"


@pytest.mark.parametrize("players", [1, 3])
def test_the_quest_card_shows_the_points_this_many_players_need(app: Any, players: int) -> None:
    """A stage needs quest_points + quest_points_per_player x (players - 1): the card says that, not the base."""
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "bot", "random") for i in range(1, players)]
    scene = start(app, seats, level="01_mill_road")
    frames(app, 3)
    stage = scene.table.stage
    needs = scene.match.state.stage_points(stage.index)
    base = scene.model.stages[stage.index].quest_points
    assert stage.points == needs
    assert (needs > base) == (players > 1), (needs, base)


def test_a_cards_current_stats_show_on_its_face_not_only_the_printed_ones(app: Any) -> None:
    """An attachment's "+1 attack" changes the number drawn on the hero (found in the real window: the hero
    kept showing its printed attack while the rules counted the boost)."""
    from game.scenes.quest import cards as art

    scene = start(app, [SeatSpec("Ana")])
    card = scene.card_def("corvan_ironbrow")
    attack = art.num(card, "attack")
    assert isinstance(attack, int)
    assert art.current_stats(card, {"attack": attack}) == (), "printed values need no repaint"
    changed = art.current_stats(card, {"attack": attack + 1})
    assert changed == (("attack", attack, attack + 1),)
    face = art.face("corvan_ironbrow", card, (110, 150), "en")
    boosted = face.copy()
    art.draw_current_stats(boosted, card, changed)
    diff = [(x, y) for x in range(0, 110, 2) for y in range(100, 150, 2) if face.get_at((x, y)) != boosted.get_at((x, y))]
    assert diff, "the boosted badge is painted over the printed one"
    assert all(y > 120 for _x, y in diff), "only the stat row along the bottom changes"


def test_a_click_on_an_engaged_enemy_reaches_the_enemy_not_the_shadow_tucked_behind_it(app: Any) -> None:
    """The shadow card sits behind its enemy with only an edge showing; its region used to be added after the
    enemy's and took clicks on the enemy's face (found in the real window: attacking did nothing and the
    tooltip said the already revealed shadow was face down)."""
    scene = start(app, [SeatSpec("Ana")])
    advance(app, scene, lambda st: bool(st.encounter.shadows) and st.to_act() == 0)
    frames(app, 2)
    enemies = [iid for iid in scene.match.state.encounter.shadows if iid in scene.L.cards]
    assert enemies, "an engaged enemy with its shadow is on the table"
    for iid in enemies:
        face = scene.L.cards[iid]
        hit = scene.router.region_at(face.center)
        assert hit is not None and hit.key == ("card", iid), f"the middle of {iid} belongs to the enemy, got {hit and hit.key}"
        edge = [r for r in scene.router.regions if r.key and r.key[0] == "shadow" and r.key[1].startswith(iid + "/")]
        assert edge, "the shadow keeps a region of its own"
        visible = [p for p in ((x, y) for x in range(edge[0].rect.left, edge[0].rect.right, 2)
                               for y in range(edge[0].rect.top, edge[0].rect.bottom, 2)) if not face.collidepoint(p)]
        assert visible and scene.router.region_at(visible[0]).key[0] == "shadow", "its visible edge shows the shadow"


def test_the_turn_strip_waits_with_the_tracker_while_a_move_animates(app: Any) -> None:
    """The strip under the encounter band used to name the new step while the phase tracker (held by the
    driver until the animation reaches it) still showed the old phase."""
    from game.ui import anim

    scene = start(app, [SeatSpec("Ana")])
    advance(app, scene, lambda st: st.to_act() == 0 and any(a.kind == "pass" for a in st.legal_actions()))
    frames(app, 2)
    turn = next(p for p in scene.panes if p.name == "turn")
    before = turn.shown(scene.table)
    hold = anim.Wait(30.0, blocking=True)
    original = scene.on_events
    scene.on_events = lambda events: (original(events), scene.queue.play(hold))  # type: ignore[method-assign]
    scene.act(next(a for a in scene.legal if a.kind == "pass"))
    frames(app, 3)
    now = turn.shown(scene.table)
    current = scene.step_words(scene.table)
    assert current != before.step, "passing the window moved the round on"
    assert now == before, "while the move animates the strip shows what the tracker shows: the step before"
    scene.queue.skip()
    frames(app, 3)
    assert turn.shown(scene.table).step == scene.step_words(scene.table), "then it catches up"


def test_the_damage_line_of_a_strike_with_no_attacker_yet_is_not_the_enemys_undefended_attack(app: Any) -> None:
    """Choosing an enemy to attack, before the first attacker is declared, showed "Undefended: N damage to
    one of your heroes", the line of the enemy's own attack (found in the real window)."""
    from game.rulesets.quest.bot import policy
    from tests.scenes.driving import advance_with

    def striker(state: Any, seat: int, legal: list, rng: Any) -> Any:
        """The bot, but it quests with one hero only (the others stay ready) and always strikes."""
        strike = next((a for a in legal if a.kind == "strike"), None)
        if strike is not None:
            return strike
        a = policy(state, seat, legal, rng)
        if a.kind == "commit" and any(state.table[c].committed for p in state.players for c in p.heroes):
            return next((b for b in legal if b.kind == "done"), a)
        return a

    scene = start(app, [SeatSpec("Ana")])
    assert advance_with(scene, striker, lambda st: st.strike is not None and not st.strike.attackers
                        and st.to_act() == 0), "a strike waiting for its first attacker"
    frames(app, 2)
    combat = next(p for p in scene.panes if p.name == "combat")
    line = combat.damage_line(scene.table)
    enemy = scene.table.find(scene.table.attack["enemy"])
    assert line and scene.words_of.name(enemy.cid) in line, "the strike's line names the enemy attacked"
    undefended = scene.words_of.defend_preview(scene.table, Action.of("defend"))
    assert line != undefended
