"""What a hot-seat game played whole with the mouse in the real window found (docs/rules/expedition.md, "A
game played in the window"): a token that stopped one square short of where its walk ended; a click on a
square no move reaches that gave no buzz and a vague reason; a city screen whose cards, rows and buttons moved
under the mouse (a second click bought the next card, a quest row that rose after a sale was taken by
mistake, quests beyond the ninth pushed down into the action bar); a trade screen that did not say which
message was a lie."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import Action
from game.engine.i18n import t
from game.scenes.expedition.panes.city import align
from game.scenes.expedition.panes.marks import path_to
from tests.scenes.expedition.conftest import (advance, click, click_action, frames, human_step, start, visible_point,
                                              wait_until)


def _keyed(scene: Any, first: str) -> list[Any]:
    return [r for r in scene.router.regions if r.key and r.key[0] == first]


def _sounds(app: Any) -> list[str]:
    played: list[str] = []
    app.play_sound = played.append
    return played


def _to_city(app: Any, scene: Any) -> None:
    town = next(s.at for s in scene.match.level.model.sites if s.kind == "town")
    assert advance(scene, lambda st: st.child is None and str(st.step) == "city" and st.to_act() == 0,
                   prefer=("leave",), avoid=("end", "stay"), toward=tuple(town))
    frames(app, 2)
    assert scene.mode() == "city"


def test_a_walk_ends_with_the_token_painted_on_its_square(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    ev = scene.reader.ev
    x, y, cost = max(ev.reach, key=lambda r: r[2])
    assert cost >= 2, "a walk of several squares"
    click(app, scene.cam.cell_rect(x, y).center)
    assert (scene.match.state.heroes[0].x, scene.match.state.heroes[0].y) == (x, y)
    # big frames, as on a loaded machine: the walk's last step and its end fall in the same frame
    for _ in range(60):
        frames(app, 1, dt=0.25)
        if not scene.map.moving and not scene.is_animating():
            break
    frames(app, 2, dt=0.25)
    board = scene.reader.board()
    assert scene.map.painted[0] == scene.map.token_pos(board, 0, (x, y)), "the token stands where the hero is"


def test_an_unreachable_square_buzzes_and_says_why(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    played = _sounds(app)
    terrain = scene.reader.board().terrain
    lit = {(x, y) for x, y, _c in scene.reader.ev.reach}
    hero = scene.reader.board().hero(0)
    assert hero is not None
    far = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if terrain.walkable(x, y)
               and (x, y) not in lit and (x, y) != hero.at and scene.cam.shows(x, y)
               and path_to(scene.reader.board(), hero.at, (x, y), limit=99))
    steps = len(path_to(scene.reader.board(), hero.at, far, limit=99))
    budget = scene.reader.ev.move_budget
    click(app, scene.cam.cell_rect(*far).center)
    assert played == ["illegal"], "the refusal buzz"
    assert scene.toast.items[-1].text == t("expedition_scene.too_far_n", far=steps, n=budget)
    assert str(steps) in scene.toast.items[-1].text and str(budget) in scene.toast.items[-1].text
    water = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if not terrain.walkable(x, y)
                 and scene.cam.shows(x, y))
    click(app, scene.cam.cell_rect(*water).center)
    assert played == ["illegal", "illegal"]
    assert scene.toast.items[-1].text == t("expedition_scene.impassable_biome", biome=terrain.look(*water).name)
    # the last move spent: a click on the map says no moves are left
    assert advance(scene, lambda st: st.child is None and str(st.step) in ("search", "contact")
                   and st.to_act() == 0 and st.moves_left == 0, prefer=("move", "escape", "quick", "claim"),
                   avoid=("end", "fight", "battle", "ask"))
    frames(app, 2)
    step = scene.step.rect if scene.step.visible else None
    spot = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if terrain.walkable(x, y)
                and scene.cam.shows(x, y) and not (step and step.collidepoint(scene.cam.cell_rect(x, y).center))
                and scene.reader.board().hero(0).at != (x, y))
    click(app, scene.cam.cell_rect(*spot).center)
    assert played[-1] == "illegal"
    assert scene.toast.items[-1].text == t("expedition_scene.no_moves_left")
    assert app.errors == []


def test_align_keeps_places_of_cards_bought_or_sold() -> None:
    assert align([], ["a", "b", "c"]) == [0, 1, 2]
    assert align(["a", "b", "c", "d"], ["a", "c", "d"]) == [0, None, 1, 2], "b bought: its place stays empty"
    assert align(["a", None, "c", "d"], ["a", "c"]) == [0, None, 1, None]
    assert align(["a", None], ["a", "z"]) == [0, None, 1], "a card bought goes at the end"
    assert align(["h", "h", "h", "h"], ["a", "b", "c", "d"]) == [0, 1, 2, 3], "an unrelated row starts afresh"


def test_the_city_screen_never_moves_under_the_mouse(app: Any) -> None:
    scene = start(app)
    _to_city(app, scene)
    hero = scene.match.state.heroes[0]
    hero.gold = 60  # enough to buy twice (a test fixture: the rules are not in question here)
    scene.driver.invalidate()
    scene.reader.forget()
    frames(app, 2)
    buttons = {r.key[1]: r.rect.copy() for r in _keyed(scene, "button")}
    click(app, visible_point(scene, _keyed(scene, "market")[0]))  # face down: browses
    frames(app, 2)
    assert {r.key[1]: r.rect for r in _keyed(scene, "button")} == buttons, "the buttons keep their places"
    browse = next(r for r in _keyed(scene, "button") if r.key[1] == t("expedition_scene.browse"))
    assert not browse.legal and browse.reason == t("expedition_scene.browsed")
    market = [(r.rect.copy(), r.payload) for r in _keyed(scene, "market")]
    quests = {r.payload: r.rect.copy() for r in _keyed(scene, "quest") if isinstance(r.payload, Action)}
    assert len(market) == 4 and all(isinstance(p, Action) and p.kind == "buy" for _r, p in market)
    first = market[0]
    click(app, first[0].center)
    frames(app, 2)
    after = [r.rect for r in _keyed(scene, "market")]
    assert first[0] not in after, "the bought card leaves its place empty"
    assert after == [r for r, _p in market[1:]], "the other cards do not slide"
    sells = [r for r in _keyed(scene, "sell") if isinstance(r.payload, Action)]
    assert sells
    click(app, visible_point(scene, sells[0]))
    frames(app, 2)
    still = {r.payload: r.rect for r in _keyed(scene, "quest") if isinstance(r.payload, Action)}
    assert still == quests, "selling moves no quest row"
    offered = {a for a in scene.legal if a.kind == "quest"}
    assert offered and offered == set(still), "every quest on offer has its row on the screen"
    sold = sells[0].rect.copy()
    assert sold not in [r.rect for r in _keyed(scene, "sell")], "the sold card leaves its place empty"
    taken = next(iter(sorted(still, key=lambda a: still[a].y)))
    click(app, still[taken].center)
    frames(app, 3)
    assert scene.match.history[-1].action == taken
    left = {r.payload: r.rect for r in _keyed(scene, "quest") if isinstance(r.payload, Action)}
    assert taken not in left and left == {a: r for a, r in still.items() if a != taken}, \
        "taking a quest moves no other row: a second click there takes nothing"
    before = len(scene.match.history)
    click(app, still[taken].center)
    assert len(scene.match.history) == before
    assert scene.text_problems() == []
    assert app.errors == []


def test_the_trade_screen_says_which_message_is_known_and_which_a_lie(app: Any) -> None:
    scene = start(app, humans=2)
    st = scene.match.state
    assert advance(scene, lambda s: s.child is None and str(s.step) == "offer" and s.to_act() == 0
                   and len(s.heroes[0].known) > 0, prefer=("talk", "trade", "move"), avoid=("end", "done"),
                   toward=(2, 2), limit=4000)
    frames(app, 2)
    assert scene.mode() == "trade"
    card = scene.reader.trade_card()
    words = [w for w, _a in card.infos[1:]]
    known = len(st.heroes[0].known)
    assert all(w.startswith(t("expedition_scene.tell_known", words="")) for w in words[:known])
    assert all(w.startswith(t("expedition_scene.tell_lie", words="")) for w in words[known:])
    assert len(words) > known, "the level's rumours are offered, marked as lies"
    assert wait_until(app, lambda: not scene.is_animating(), 5)
    assert scene.text_problems() == []


__all__ = ["human_step"]


def test_a_search_lost_to_the_luck_die_says_so() -> None:
    """The log said "finds nothing (2 successes)" after a search with enough successes: the luck die failed,
    and now the words say so (a search short of successes keeps its words)."""
    from game.engine.events import Event
    from game.engine.levels import get_level
    from game.engine.registry import get_ruleset
    from game.rulesets.expedition.kinds import Ev
    from game.rulesets.expedition.words import describe_event

    st = get_ruleset("expedition").new_game(get_level("expedition", "tutorial"), ["Ana", "Bo", "Dark"], 1)
    for lang in ("en", "es", "it"):
        luck = describe_event(st, Event(Ev.SEARCH, {"seat": 0, "successes": 2, "lucky": False, "found": False}), lang)
        assert luck == t("expedition.event.not_found_luck", lang, who="Ana", hits=2)
        short = describe_event(st, Event(Ev.SEARCH, {"seat": 0, "successes": 1, "lucky": True, "found": False}), lang)
        assert short == t("expedition.event.not_found", lang, who="Ana", hits=1)


def test_before_a_hand_over_the_next_players_squares_are_not_clickable(app: Any) -> None:
    """Hot-seat: Player 1's last click passed the turn; until the screen is passed, Player 2's squares are not
    lit or clickable from Player 1's screen, and a click on the map says who plays now."""
    scene = start(app, humans=2)
    frames(app, 2)
    end = next(a for a in scene.legal if a.kind == "end")
    click_action(app, scene, end)  # Player 1 ends the turn: a "Pass to Player 2" button waits in the bar
    frames(app, 3)
    assert scene.match.to_act() == 1 and app.top is scene
    assert scene.viewer == 0 and scene.driver.ack is not None and not scene.can_act(), "the hand-over is pending"
    assert not _keyed(scene, "sq"), "no square of Player 2's move on Player 1's screen"
    played = _sounds(app)
    terrain = scene.reader.board().terrain
    spot = next((x, y) for y in range(terrain.rows) for x in range(terrain.cols) if terrain.walkable(x, y)
                and scene.cam.shows(x, y) and scene.reader.board().site_at((x, y)) is None
                and scene.reader.board().npc_at((x, y)) is None
                and all(h.at != (x, y) for h in scene.reader.board().heroes))
    before = len(scene.match.history)
    click(app, scene.cam.cell_rect(*spot).center)
    assert len(scene.match.history) == before
    assert played == ["illegal"]
    assert scene.toast.items[-1].text == t("expedition_scene.plays_now", name=scene.seat_name(1))


def _guide_keeps_clear() -> bool:
    """True when the kit's guide reads a scene's ``tutor_keep_clear`` (the lookover branch brings it)."""
    import inspect

    from game.scenes.base.tutor import Guide

    return "tutor_keep_clear" in inspect.getsource(Guide)


def test_the_guides_bubble_leaves_the_decision_panel_readable(app: Any) -> None:
    """Playing the tutorial, the guide's bubble sat on the Danger panel's title and odds while pointing at its
    buttons; the scene names the panel as text to keep clear (``tutor_keep_clear``) and the bubble goes
    elsewhere (the last check needs the kit's guide to read that hook)."""
    scene = start(app)
    frames(app, 2)
    guide = scene.guide
    assert guide.tutoring, "the tutorial level starts its guide"
    terrain = scene.reader.board().terrain
    wild = [(x, y, c) for x, y, c in scene.reader.ev.reach if terrain.look(x, y).dangerous]
    assert wild, "a dangerous square in reach"
    x, y, _c = wild[0]
    click(app, scene.cam.cell_rect(x, y).center)
    for _ in range(6):  # the move's "after" words, with their Next button
        frames(app, 3)
        if guide.next_rect is not None and guide.run is not None and guide.run.waits_for_next():
            click(app, guide.next_rect.center)
    assert wait_until(app, lambda: str(scene.match.state.step) == "danger" and scene.can_act()
                      and bool(guide.targets) and guide.bubble is not None, 20)
    frames(app, 2)
    assert scene.step.visible
    panel = scene.tutor_keep_clear()
    assert panel == [scene.step.rect], "the Danger panel is named as text to keep clear"
    if not _guide_keeps_clear():
        pytest.skip("the kit's guide does not read tutor_keep_clear on this branch (lookover adds it)")
    words = [d for d in scene.step.drawn() if d.text]
    assert words, "the panel's title, lines and odds"
    covered = [d.text for d in words if guide.bubble.colliderect(d.box)]
    assert not covered, f"the Danger panel stays readable, the bubble covers {covered}"
    assert not any(guide.bubble.colliderect(r.rect) for r in guide.targets[:6]), "the outlined buttons too"


def test_a_site_name_with_an_article_reads_right_inside_a_sentence() -> None:
    """Italian at huge text showed "arde ancora a Il vecchio faro" and "raggiungere Il vecchio faro": a site's
    leading article goes to lower case inside a sentence and contracts with the preposition before it."""
    from game.engine.levels import get_level
    from game.rulesets.expedition.words import npc_words, put_site

    assert put_site("burns at {site}.", "The old lighthouse", "en") == "burns at the old lighthouse."
    assert put_site("{site} waits", "The old lighthouse", "en") == "The old lighthouse waits"
    assert put_site("llegar a {site}", "El viejo faro", "es") == "llegar al viejo faro"
    assert put_site("aún arde en {site}.", "El viejo faro", "es") == "aún arde en el viejo faro."
    assert put_site("arde ancora a {site}.", "Il vecchio faro", "it") == "arde ancora al vecchio faro."
    assert put_site("sta a {site}", "Le pietre erette", "it") == "sta alle pietre erette"
    assert put_site("sussurrano di {site}.", "L'antica torre", "it") == "sussurrano dell'antica torre."
    assert put_site("arde ancora a {site}.", "Saltmere", "it") == "arde ancora a Saltmere."
    model = get_level("expedition", "tutorial").model
    words = npc_words(model, "ferrywoman", "Il vecchio faro", "it")
    assert "al vecchio faro" in words and "a Il" not in words


@pytest.mark.parametrize("lang", ["es", "it"])
def test_at_huge_text_every_quest_of_the_city_has_its_row(make_app: Any, lang: str) -> None:
    """Spanish at huge text showed two quest rows and pushed the other quests into the action bar, stacked over
    the screen: the market and the hero's items now share a row, and quest rows grow lower before any is
    left out."""
    from game.engine.levels import get_level
    from game.engine.protocol import SeatSpec
    from tests.scenes.driving import open_game, to_next_human

    app = make_app(lang, "huge", bot_pace=60.0)
    lv = get_level("expedition", "tutorial")
    seats = [SeatSpec("Ana", "human"), SeatSpec("Bruno", "human"), SeatSpec("Dark", "bot", "random")]
    scene = open_game(app, "expedition", lv, seats, 5)
    town = next(s.at for s in lv.model.sites if s.kind == "town")
    assert advance(scene, lambda st: st.child is None and str(st.step) == "city" and st.to_act() == 0,
                   prefer=("leave",), avoid=("end", "stay", "quick"), toward=tuple(town))
    assert to_next_human(app, scene, 20)
    browse = next(a for a in scene.legal if a.kind == "browse")
    scene.act(browse)
    frames(app, 4)
    offered = {a for a in scene.legal if a.kind == "quest"}
    rows = {r.payload for r in _keyed(scene, "quest") if isinstance(r.payload, Action)}
    assert len(offered) >= 8 and rows == offered, "every quest on offer is on the city screen"
    assert scene.text_problems() == []
    assert app.errors == []


def test_the_arena_stays_until_the_last_blow_has_played(app: Any) -> None:
    """In the window the map came back the moment the battle's last blow was struck, and that blow's dice
    rolled over the map: the arena's last frame now stays (nothing in it clickable) until the battle's events
    have played, then the map and the outcome come back."""
    from game.engine.rng import Rng
    from game.rulesets.skirmish.ruleset import RULESET as SKIRMISH

    scene = start(app)
    assert advance(scene, human_step("help"), prefer=("fight",), avoid=("quick",))
    frames(app, 2)
    battle = next(a for a in scene.legal if a.kind == "battle")
    click_action(app, scene, battle)
    assert wait_until(app, lambda: scene.mode() == "battle", 10)
    seen: list[tuple[bool, str]] = []
    release = scene.release_battle

    def watched() -> None:
        seen.append((scene.held is not None, scene.mode()))
        release()

    scene.release_battle = watched
    m = scene.match
    rng = Rng(3)
    for _ in range(400):
        assert wait_until(app, lambda: scene.can_act() or m.state.child is None or m.is_over(), 20)
        if m.state.child is None or m.is_over():
            break
        action = SKIRMISH.bot_policy(m.state.child.state, m.state.child.state.to_act(), m.legal_actions(), rng)
        click_action(app, scene, action)
    assert m.state.child is None
    assert wait_until(app, lambda: scene.mode() != "battle", 10), "then back to the map"
    assert seen and seen[0][0] and seen[0][1] == "battle", "the arena was held until the battle's events played"
    assert scene.held is None
    assert app.errors == []


@pytest.mark.parametrize("lang", ["es", "it"])
def test_issue15_city_quest_rows_wrap_long_words_instead_of_cutting_them(make_app: Any, lang: str) -> None:
    """sunken_bell's city at es huge cut its quest rows ("…"): a row is as tall as its words need, up to three
    lines where the screen has room, in one column or two."""
    import pygame

    from game.scenes.expedition.panes.city import CityCard, CityPane, Offer

    app = make_app(lang, "huge")
    scene = start(app)
    frames(app, 2)
    pane = CityPane(scene)
    words = ("Lleva la carta sellada del guardián del faro hundido a la vieja capilla de las marismas antes "
             "del tercer día, sin que la vean (12 de oro)")
    longer = words.replace(" (12 de oro)", " los saqueadores del camino (12 de oro)")
    for n, text in ((3, longer), (6, words), (8, words), (12, words)):  # lantern_road offered a dozen
        card = CityCard("Saltmere", "Ana", 12, "7/7", quests=tuple(Offer(None, f"{i + 1}. {text}") for i in range(n)))
        pane.forget()
        pane.draw(pygame.Surface((1280, 720)), card)
        quests = [r for r in pane.drawn() if words[:20] in r.text.replace("\n", " ")]
        assert len(quests) == n, "every quest has its row"
        assert not [r.text for r in quests if r.cut], (n, [r.text for r in quests if r.cut])
