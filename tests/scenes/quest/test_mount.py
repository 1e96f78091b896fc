"""The quest table's panes over a hand-made view (no match): what they draw, the regions they give
with Action payloads, the previews before confirming, and text that fits at every size and language."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine.actions import Action
from game.engine.i18n import set_language
from game.ui import gfx
from game.ui.payload import Ref
from tests.scenes.quest.standin import MountedTable, view


@pytest.fixture(autouse=True)
def _screen() -> Any:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    set_language("en")
    yield
    gfx.set_text_scale(1.0)
    set_language("en")


def _draw(host: MountedTable) -> pygame.Surface:
    surface = pygame.Surface((1280, 720))
    host.draw_board(surface, host.view)
    return surface


def _regions(host: MountedTable) -> dict[Any, Any]:
    return {r.key: r for r in host.targets(host.view, host.legal)}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("size", ["normal", "huge"])
@pytest.mark.parametrize("lang", ["es", "en", "it"])
@pytest.mark.parametrize("phase", ["quest", "combat"])
def test_table_text_fits_for_one_to_four_players(players: int, size: str, lang: str, phase: str) -> None:
    gfx.set_text_scale(TEXT_SIZES[size])
    set_language(lang)
    host = MountedTable(view(players, phase))
    _draw(host)
    assert host.drawn_texts(), "the table writes something"
    assert host.text_problems() == []


def test_other_seats_are_compact_and_the_seat_in_front_large() -> None:
    host = MountedTable(view(4))
    _draw(host)
    L = host.L
    assert sorted(L.others) == [1, 2, 3]
    assert all(L.mine.h > 2 * box.h for box in L.others.values())
    mine_hero, other_hero = L.cards["H0a"], L.cards["H1a"]
    assert mine_hero.h > 1.5 * other_hero.h
    solo = MountedTable(view(1))
    _draw(solo)
    assert not solo.L.others and solo.L.mine.h > L.mine.h


def test_card_regions_carry_their_action_and_commit_by_click_or_drag() -> None:
    commit = Action.of("commit", card="H0c")
    host = MountedTable(view(1), [commit, Action.of("pass")])
    _draw(host)
    regs = _regions(host)
    reg = regs[("card", "H0c")]
    assert reg.payload == commit and reg.draggable
    assert regs[("card", "H0b")].payload == Ref.of("card", "H0b")  # nothing to do with it: inspect only
    assert host.regions.match(commit, Ref.of("quest")) == commit
    assert host.regions.match(Action.of("pass"), Ref.of("quest")) is None
    quest = next(r for r in regs.values() if r.payload == Ref.of("quest"))
    assert quest.drop_target and quest.accepts(commit) is None


def test_commit_preview_shows_willpower_against_threat() -> None:
    host = MountedTable(view(1))  # Ember Warden (willpower 2) committed; staging threat 5
    _draw(host)
    words = " ".join(" ".join(host.texts.texts()).split())
    assert "Willpower 2 against threat 5: threat +3 for each player" in words
    # pointing at Ilse (willpower 3) before committing her: 5 against 5
    tip = host.rule_hint(Action.of("commit", card="H0c"))
    assert "Willpower 5 against threat 5: nothing happens" in tip


def test_defender_preview_shows_damage_before_confirming() -> None:
    defend = Action.of("defend", card="H0c")
    host = MountedTable(view(1, "combat"), [defend, Action.of("no_defender")])
    _draw(host)
    assert "Ilse Pathfinder defends: 2 damage (3 attack − 1 defense)" in host.texts.texts()
    assert "Ilse Pathfinder defends: 2 damage" in host.rule_hint(defend)
    assert "Undefended: 3 damage to one of your heroes" in host.rule_hint(Action.of("no_defender"))
    brannoc = host.words_of.defend_preview(host.table, Action.of("defend", card="H0b"))
    assert brannoc.startswith("Brannoc of the Long Wall defends: 1 damage")


def test_attackers_preview_sums_attack_minus_defense() -> None:
    v = view(1, "combat", attack=dict(enemy="F0", attackers=["H0a"], seat=0))
    host = MountedTable(v)
    _draw(host)  # Ember Warden (2) + Brannoc (3) against the Troll's defense 2: 3 damage
    line = host.words_of.attack_preview(host.table, Action.of("attacker", card="H0b"))
    assert line == "Attack on Hill Troll Brute: 3 damage (5 attack − 2 defense)"
    assert "Attack on Hill Troll Brute: 0 damage (2 attack − 2 defense)" in host.texts.texts()


def test_hand_cards_say_what_they_do_or_why_not() -> None:
    play = Action.of("play", card="V2")
    host = MountedTable(view(1, "planning"), [play])
    _draw(host)
    regs = _regions(host)
    assert regs[("hand", "V2")].payload == play
    blocked = regs[("hand", "V1")]
    assert blocked.legal is False and blocked.reason


def test_every_card_zooms_and_discards_are_browsable() -> None:
    host = MountedTable(view(2))
    _draw(host)
    regs = _regions(host)
    for key in [("card", "S1"), ("card", "LL"), ("card", "H1a"), ("card", "T1"), ("hand", "V1")]:
        assert regs[key].inspect == Ref.of("card", key[1]), key
    host.words_of.zoom_card(host.inspector, "S1")
    assert host.inspector.visible and host.inspector.title == "Hill Troll Brute"
    piles = {r.payload for r in regs.values() if isinstance(r.payload, Ref) and r.payload.is_("pile")}
    assert {Ref.of("pile", "discard", 0), Ref.of("pile", "discard", 1), Ref.of("pile", "encounter_discard")} <= piles


def test_shadow_cards_lie_face_down_behind_their_enemy() -> None:
    host = MountedTable(view(1, "combat"))
    _draw(host)
    regs = _regions(host)
    shadow = regs[("shadow", "E0/0")]
    enemy = host.L.cards["E0"]
    assert shadow.inspect == Ref.of("card", "E0") and shadow.rect.y < enemy.y
    assert "shadow card" in shadow.tooltip


def test_turn_strip_shows_the_step_the_turn_order_and_the_open_window() -> None:
    host = MountedTable(view(3, "quest", window="3c", priority=1, first_player=2))
    _draw(host)
    words = host.texts.texts()
    assert "Quest: Commit characters to the quest" in words
    assert "Actions: Bruno may play" in words
    order = [seat for seat, _ in host.pane("turn").seat_rects(host.table)]
    assert order == [2, 0, 1]  # from the first player, clockwise
    closed = MountedTable(view(2, "quest", window=None, priority=None))
    _draw(closed)
    assert "No action window" in closed.texts.texts()
    assert not any(w.startswith("Actions:") for w in closed.texts.texts())


def test_an_attachment_drags_from_the_hand_onto_its_character() -> None:
    on_ilse = Action.of("play", card="V2", target="H0c")
    on_warden = Action.of("play", card="V2", target="H0a")
    host = MountedTable(view(1, "planning"), [on_ilse, on_warden])
    _draw(host)
    regs = _regions(host)
    hand = regs[("hand", "V2")]
    assert hand.draggable and hand.payload == [on_ilse, on_warden]
    ilse, enemy = regs[("card", "H0c")], regs[("card", "E0")]
    assert ilse.drop_target and ilse.accepts(hand.payload) is None
    assert enemy.accepts(hand.payload)  # refused, with the reason in words
    assert host.regions.match(hand.payload, ilse.payload) == on_ilse


def test_each_possible_defender_shows_the_damage_it_would_take() -> None:
    from game.scenes.quest.panes.combat import ENEMY_ARROW

    acts = [Action.of("defend", card="H0c"), Action.of("defend", card="H0b"), Action.of("no_defender")]
    host = MountedTable(view(1, "combat", attack=dict(enemy="E0", seat=0)), acts)
    surface = _draw(host)
    for iid in ("H0c", "H0b"):  # a red shield sits on each possible defender
        r = host.L.cards[iid]
        rad = max(10, r.w // 7)
        x, y = r.x + round(r.w * 0.3) - rad * 6 // 10, r.y + round(r.h * 0.42) - rad * 6 // 10
        assert tuple(surface.get_at((x, y)))[:3] == ENEMY_ARROW, iid
    r = host.L.cards["H0a"]  # not offered as a defender: no shield
    rad = max(10, r.w // 7)
    x, y = r.x + round(r.w * 0.3) - rad * 6 // 10, r.y + round(r.h * 0.42) - rad * 6 // 10
    assert tuple(surface.get_at((x, y)))[:3] != ENEMY_ARROW
    assert host.words_of.defend_damage(host.table, "H0c") == 2  # attack 3 - defense 1
    assert host.words_of.defend_damage(host.table, "H0b") == 1  # attack 3 - defense 2
    assert host.words_of.defend_damage(host.table, "nobody") is None


def test_keyword_effects_and_outcomes_float_over_their_cards() -> None:
    from game.engine.events import Event

    host = MountedTable(view(1, "quest"))
    _draw(host)
    events = [Event("Doomed", {"card": "S1", "amount": 2}), Event("Surge", {"card": "S3"}),
              Event("Damaged", {"card": "H0a", "amount": 3}), Event("ThreatChanged", {"seat": 0, "amount": 2,
                                                                                       "threat": 27})]
    host.pane_animations(events, host.table)
    texts: list[str] = []
    for _ in range(200):  # one after another, in order
        host.queue.update(0.05)
        texts += [f.text for f in host.motion.floaters.items if f.text not in texts]
    assert "Doomed: threat +2 for each player" in texts
    assert "Surge: one more card" in texts
    assert "-3" in texts and "+2" in texts
    assert texts.index("Doomed: threat +2 for each player") < texts.index("Surge: one more card") < texts.index("-3")
