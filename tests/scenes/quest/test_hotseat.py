"""What a two-handed hot-seat game in the real window found on the quest table (issue 14): an undefended
attack on another seat said "your heroes" to the seat in front and drew an arrow into empty space; the
pause after the rules passed for a player said "End turn" in a game without turns; the tutorial's combat
sentence showed at the next click of any kind (a commit). Each is pinned here."""

from __future__ import annotations

from types import SimpleNamespace as NS
from typing import Any

import pygame
import pytest

from game.engine.actions import Action
from game.engine.i18n import set_language, t
from game.ui import gfx
from tests.scenes.quest.standin import MountedTable, view


@pytest.fixture(autouse=True)
def _screen() -> Any:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    set_language("en")
    yield
    gfx.set_text_scale(1.0)
    set_language("en")


def test_an_undefended_attack_on_another_seat_names_whose_heroes_take_it() -> None:
    other = MountedTable(view(2, "combat", attack=dict(enemy="E1", seat=1)))
    line = other.words_of.defend_preview(other.table, Action.of("defend"))
    assert line == "Undefended: 3 damage to one of Bruno's heroes"
    mine = MountedTable(view(2, "combat", attack=dict(enemy="E0", seat=0)))
    assert mine.words_of.defend_preview(mine.table, Action.of("defend")) == \
        "Undefended: 3 damage to one of your heroes"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_the_other_seats_undefended_line_is_translated(lang: str) -> None:
    set_language(lang)
    host = MountedTable(view(2, "combat", attack=dict(enemy="E1", seat=1)))
    line = host.words_of.defend_preview(host.table, Action.of("defend"))
    assert "Bruno" in line and "3" in line and "Undefended" not in line


def test_an_undefended_attack_draws_no_arrow_only_a_defended_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arrow of an undefended attack on another seat pointed at the middle of that seat's strip, where
    nothing is: only an attack with a defender draws an arrow (enemy to defender)."""
    from game.scenes.quest.panes import combat

    drawn: list[tuple] = []
    monkeypatch.setattr(combat, "arrow", lambda surface, a, b, *args, **kw: drawn.append((a, b)))
    for enemy, seat in (("E1", 1), ("E0", 0)):
        host = MountedTable(view(2, "combat", attack=dict(enemy=enemy, seat=1 - seat)))
        host.draw_board(pygame.Surface((1280, 720)), host.view)
    assert drawn == []
    host = MountedTable(view(2, "combat", attack=dict(enemy="E0", defender="H0c", seat=0)))
    host.draw_board(pygame.Surface((1280, 720)), host.view)
    assert drawn == [(host.rect_of("E0").midbottom, host.rect_of("H0c").midtop)]


def test_the_pause_after_an_automatic_pass_says_continue_in_quest_and_end_turn_elsewhere() -> None:
    from game.scenes.base.driver import MatchDriver

    assert MatchDriver.ack_button(NS(match=NS(ruleset_id="quest"))) == "Continue"  # type: ignore[arg-type]
    assert MatchDriver.ack_button(NS(match=NS(ruleset_id="dungeon"))) == t("game.end_turn")  # type: ignore[arg-type]
    for lang in ("es", "it"):
        assert t("quest_scene.ack.button", lang) not in ("", "Continue", "quest_scene.ack.button")


def test_the_tutorials_combat_sentence_waits_for_a_defence_not_for_any_click() -> None:
    """Its "An enemy attacks" step waited for any action, so the next player's commit in the quest phase
    ended it and the sentence showed while nobody was attacked."""
    from game.engine.levels import get_level
    from game.engine.tutorial import script_of

    steps = script_of(get_level("quest", "tutorial"))
    combat = next(st for st in steps if "An enemy attacks" in st.words("en"))
    assert not combat.matches(Action.of("commit", card="1.h0"))
    assert not combat.matches(Action.of("done"))
    assert combat.matches(Action.of("defend", card="0.h1"))


def test_a_played_event_waiting_on_the_stack_shows_in_the_turn_strip() -> None:
    """Sudden Strike played in the resource window went nowhere visible until both players had passed: the
    strip now names what waits on the stack, who played it and on what (newest first)."""
    stack = {"items": [{"kind": "play", "card": "V1", "seat": 1, "target": "E0"},
                       {"kind": "play", "card": "V3", "seat": 0}]}
    host = MountedTable(view(2, "quest", window="3c", priority=0, stack=stack))
    host.draw_board(pygame.Surface((1280, 720)), host.view)
    assert host.table.stack == (("V1", 1, "E0"), ("V3", 0, None))
    line = "Waiting to resolve: Rally the Line (Ana), Rally the Line (Bruno) on Barrow Ghoul"
    assert line in host.texts.texts()
    assert host.text_problems() == []
    regions = {r.key: r for r in host.targets(host.view, host.legal)}
    assert any("every player has passed" in (r.tooltip or "") for r in regions.values())
    quiet = MountedTable(view(2, "quest", window="3c", priority=0))
    quiet.draw_board(pygame.Surface((1280, 720)), quiet.view)
    assert not any(t_.startswith("Waiting to resolve") for t_ in quiet.texts.texts())


def test_the_opening_hand_shows_its_cards_inside_the_keep_or_redraw_panel() -> None:
    """"Keep these 6 cards" was said over a panel that hid the fanned hand below it: the hand's cards now lie
    in a row inside the panel, above the buttons, each zoomable; nothing overlaps at normal or huge text."""
    from game.scenes.quest.panes.setup import SetupPane

    acts = [Action.of("keep"), Action.of("mulligan")]
    for size in ("normal", "huge"):
        gfx.set_text_scale({"normal": 1.0, "huge": 1.5}[size])
        host = MountedTable(view(2, "setup", step="mulligan"), acts)
        host.draw_board(pygame.Surface((1280, 720)), host.view)
        setup = next(p for p in host.panes if isinstance(p, SetupPane))
        cards = setup.hand_rects(host.table)
        assert [cid for cid, _ in cards] == ["v1", "a1", "v1"], size
        panel, buttons = setup.panel(), setup.boxes(host.table)
        assert all(panel.contains(r) and r.bottom <= buttons[0][1].y for _, r in cards), size
        assert not any(a.colliderect(b) for (_, a), (_, b) in zip(cards, cards[1:])), size
        keys = {r.key for r in host.targets(host.view, host.legal)}
        assert {("setup-card", iid) for iid in ("V1", "V2", "V3")} <= keys, size
        assert host.text_problems() == [], (size, host.text_problems())


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_a_travel_is_logged_once_not_twice(lang: str) -> None:
    """The log said "Player 1 travels to Sunken Road" twice in a row: the action's line and the event's. The
    event now says what changed (the active location)."""
    from game.engine.registry import get_ruleset

    get_ruleset("quest")  # its catalogue
    action = t("quest.action.travel", lang, who="Ana", card="Sunken Road")
    event = t("quest.event.Travelled", lang, who="Ana", card="Sunken Road")
    assert "Sunken Road" in event and event != action and "Ana" not in event


def test_a_choice_between_two_copies_of_a_card_says_which_one() -> None:
    """A choice menu showed "uses Herb Warden on Herb Warden" twice (two copies in play): the line now says
    whose copy it is, or which one from the left on the same side."""
    host = MountedTable(view(2, "quest"))
    words = host.words_of
    assert words.copy_mark(Action.of("play", card="V1", target="A1")) == "Bruno's"
    assert words.copy_mark(Action.of("play", card="V1", target="A0")) == "Ana's"
    assert words.copy_mark(Action.of("play", card="V1", target="H0a")) == "Ana's"  # Ember Warden: one each side
    solo = MountedTable(view(1, "quest"))
    assert solo.words_of.copy_mark(Action.of("play", card="V1", target="H0a")) == ""  # one copy: nothing
    # two copies on the same side: their place from the left
    v = view(1, "quest")
    v["players"][0]["allies"] = ["A0", "A9"]
    v["cards"]["A9"] = "a1"
    v["table"]["A9"] = {}
    v["stats"]["A9"] = dict(v["stats"]["A0"])
    same = MountedTable(v)
    same.draw_board(pygame.Surface((1280, 720)), same.view)
    assert same.words_of.copy_mark(Action.of("use", card="V1", target="A0")) == "1 of 2 from the left"
    assert same.words_of.copy_mark(Action.of("use", card="V1", target="A9")) == "2 of 2 from the left"


@pytest.mark.parametrize("lang", ["es", "it"])
def test_card_traits_are_translated_on_the_type_line(lang: str) -> None:
    """The Spanish tutorial at huge text showed "Héroe · wayfarer": every trait of the shipped cards has its
    words in es and it; a modder's trait without an entry shows as written."""
    from game.engine.levels import discover_levels
    from game.scenes.quest.cards import kind_word

    cards = [c for e in discover_levels("quest") if e.ok for c in e.level.model.cards]
    traits = {x for c in cards for x in (getattr(c, "traits", None) or ())}
    assert len(traits) > 20
    same = {("es", "noble"), ("it", "goblin"), ("it", "troll")}  # the same word in that language
    for trait in traits:
        shown = kind_word({"kind": "hero", "traits": [trait]}, lang).split(" · ")[1]
        assert shown == t(f"quest_scene.trait.{trait}", lang), (trait, shown)
        assert shown != trait or (lang, trait) in same, (trait, shown)
    assert kind_word({"kind": "ally", "traits": ["moon-knight"]}, lang).endswith("moon-knight")
