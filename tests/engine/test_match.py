"""Tests of game.engine.match: apply, history, the three-language log, and the undo rules of DESIGN.md."""

from __future__ import annotations

import random
from typing import Iterator

import pytest

from game.engine import i18n
from game.engine.actions import Action
from game.engine.match import LOG_KINDS, Match
from game.engine.protocol import IllegalAction, SeatSpec
from tests.engine import _coin_game as cg

STEP1, STEP2 = Action.of("step", n=1), Action.of("step", n=2)
ROLL, DRAW, REVEAL, PASS = Action.of("roll"), Action.of("draw"), Action.of("reveal"), Action.of("pass")


@pytest.fixture(autouse=True)
def coingame() -> Iterator[None]:
    """Register the private coin game for every test here."""
    with cg.registered():
        yield


def new(seats: list[str] | None = None, seed: int = 3, **level: int) -> Match:
    """A coin-game match (human vs bot by default)."""
    return Match.new(cg.RULESET_ID, cg.make_level(**level), seats or ["human", "bot"], seed)


def fingerprint(m: Match) -> tuple[str, list[Action], int | None]:
    """What must be identical after undo: digest, legal actions, seat to act."""
    return m.state.digest(), m.state.legal_actions(), m.to_act()


# --- making and applying -----------------------------------------------------------------------

def test_new_match_exposes_its_parts() -> None:
    m = new(["Ana", "bot:hard"], seed=11)
    assert m.ruleset_id == cg.RULESET_ID and m.seed == 11 and m.level.id == "coin-field"
    assert m.seats == [SeatSpec("Ana", "human"), SeatSpec("Bot 2", "bot", "hard")]
    assert m.history == [] and m.log == []
    assert m.to_act() == 0 and not m.is_over()
    assert m.is_bot(1) and not m.is_bot(0)


def test_new_match_refuses_a_wrong_seat_count() -> None:
    with pytest.raises(ValueError, match="2 to 3 seats"):
        new(["human"])
    with pytest.raises(ValueError, match="2 to 3 seats"):
        new(["human"] * 4)


def test_apply_records_history_and_log_in_three_languages() -> None:
    m = new(["Ana", "Bea"])
    events = m.apply(STEP2)
    assert events == []
    entry = m.history[0]
    assert (entry.index, entry.seat, entry.action, entry.events, entry.barrier) == (0, 0, STEP2, (), False)
    line = m.log[0]
    assert (line.index, line.seat, line.kind) == (0, 0, "action")
    assert set(line.text) == {"en", "es", "it"}
    for lang in ("en", "es", "it"):
        assert line.text[lang] == cg.WORDS["step"][lang].format(who="Ana", n=2)
    assert m.to_act() == 1


def test_action_words_are_computed_before_applying() -> None:
    # describe() names the seat to act; after apply the turn has passed, so a late call would say "Bea"
    m = new(["Ana", "Bea"])
    m.apply(PASS)
    assert m.log[0].text["en"] == "Ana passes"


def test_random_event_is_logged_and_marks_a_barrier() -> None:
    m = new(["Ana", "Bea"])
    events = m.apply(ROLL)
    assert len(events) == 1 and events[0].random
    assert m.history[0].barrier
    rolled = events[0].data["total"]
    event_lines = [ln for ln in m.log if ln.kind == "event"]
    assert [ln.text["es"] for ln in event_lines] == [f"el dado muestra {rolled}"]
    assert all(ln.kind in LOG_KINDS for ln in m.log)


def test_private_event_is_logged_in_its_public_form() -> None:
    m = new(["Ana", "Bea"])
    m.apply(DRAW)
    card = m.state.hands[0][0]
    line = [ln for ln in m.log if ln.kind == "event"][0]
    assert line.private_to == 0
    assert line.text["en"] == "Ana takes a card" and card not in line.text["en"]
    assert line.text_for(1, "it") == "Ana prende una carta"
    assert line.text_for(None, "en") == "Ana takes a card"
    assert line.text_for(0, "en") == f"you draw {card}"
    assert m.log_for(1, "en") == ["Ana draws", "Ana takes a card"]
    assert m.log_for(0, "es") == ["Ana roba", f"robas {card}"]


def test_illegal_action_passes_unchanged_and_changes_nothing() -> None:
    m = new()
    before = fingerprint(m)
    with pytest.raises(IllegalAction, match="no card to reveal"):
        m.apply(REVEAL)
    assert fingerprint(m) == before and m.history == [] and m.log == []


def test_apply_with_the_wrong_seat_says_whose_turn_it_is() -> None:
    m = new(["Ana", "Bea"])
    with pytest.raises(IllegalAction, match="Ana's turn"):
        m.apply(STEP1, seat=1)
    m.apply(STEP1, seat=0)
    assert m.to_act() == 1


def test_game_over_gets_a_system_line_and_refuses_actions() -> None:
    m = new(["Ana", "Bea"], target=3)
    m.apply(STEP2)
    m.apply(STEP1)
    m.apply(STEP2)
    assert m.is_over() and m.result().winners == (0,)
    assert m.log[-1].kind == "system" and m.log[-1].seat is None
    assert m.log[-1].text["es"] == i18n.t("result.won", "es", who=["Ana"]) == "¡Gana Ana!"
    assert m.log[-1].text["en"] == "Ana wins!"
    with pytest.raises(IllegalAction):
        m.apply(PASS)


# --- undo --------------------------------------------------------------------------------------

def test_undo_reasons_are_translated_keys() -> None:
    for key in ("undo.nothing", "undo.barrier", "undo.other_player"):
        assert i18n.has(key)
        assert {i18n.t(key, lang) for lang in ("en", "es", "it")} != {key}


def test_undo_nothing_before_any_action() -> None:
    m = new()
    assert m.can_undo(0) == (False, "undo.nothing")
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        m.undo(0)


def test_undo_own_action_restores_the_exact_state() -> None:
    m = new(["Ana", "Bea"])
    before = fingerprint(m)
    m.apply(STEP2)
    assert m.can_undo(0) == (True, "")
    assert m.undo(0) == 1
    assert fingerprint(m) == before
    assert m.history == [] and m.log == []


def test_undo_takes_back_the_bot_actions_after_it_too() -> None:
    m = new(["human", "bot"])
    m.apply(STEP1)            # human
    m.apply(STEP1)            # bot
    before = fingerprint(m)
    m.apply(STEP2)            # human
    m.apply(STEP1)            # bot answers
    assert m.to_act() == 0
    assert m.can_undo(0) == (True, "")
    assert m.undo(0) == 2
    assert fingerprint(m) == before
    assert len(m.history) == 2 and all(line.index < 2 for line in m.log) and len(m.log) == 2


def test_cannot_undo_past_a_die_roll() -> None:
    m = new()
    m.apply(ROLL)             # human rolls: the outcome is known
    assert m.can_undo(0) == (False, "undo.barrier")
    m.apply(STEP1)            # bot
    m.apply(STEP2)            # human
    m2 = new()
    m2.apply(ROLL)
    m2.apply(STEP1)
    after_roll_and_bot = fingerprint(m2)
    assert m.undo(0) == 1     # only back to after the roll and the bot's step
    assert fingerprint(m) == after_roll_and_bot
    assert m.can_undo(0) == (False, "undo.barrier")


def test_cannot_undo_past_a_bot_roll_after_the_own_action() -> None:
    m = new()
    m.apply(STEP1)            # human
    m.apply(ROLL)             # bot rolls: a random outcome after the human's action
    assert m.can_undo(0) == (False, "undo.barrier")


def test_cannot_undo_past_a_hidden_draw() -> None:
    m = new()
    m.apply(DRAW)
    assert m.history[0].barrier
    assert m.can_undo(0) == (False, "undo.barrier")


def test_cannot_undo_past_a_reveal() -> None:
    m = new()
    m.apply(DRAW)
    m.apply(PASS)
    m.apply(REVEAL)
    assert m.history[-1].events[0].reveal and not m.history[-1].events[0].random
    assert m.can_undo(0) == (False, "undo.barrier")


def test_cannot_undo_another_humans_action() -> None:
    m = new(["Ana", "Bea"])
    m.apply(STEP1)            # Ana
    m.apply(STEP2)            # Bea (human)
    assert m.can_undo(0) == (False, "undo.other_player")
    with pytest.raises(IllegalAction, match="another player"):
        m.undo(0)
    assert m.can_undo(1) == (True, "")


def test_undo_goes_over_bots_but_not_other_humans_with_three_seats() -> None:
    m = new(["Ana", "bot", "Cleo"])
    m.apply(STEP1)            # Ana
    m.apply(STEP1)            # bot
    assert m.can_undo(0) == (True, "")
    m.apply(STEP2)            # Cleo
    assert m.can_undo(0) == (False, "undo.other_player")
    assert m.can_undo(2) == (True, "")


def test_repeated_undo_walks_back_to_the_last_barrier() -> None:
    m = new(["human", "bot"], target=100)
    m.apply(ROLL)
    m.apply(STEP1)
    marks = [fingerprint(m)]
    for _ in range(3):
        m.apply(STEP2)        # human
        m.apply(STEP1)        # bot
        marks.append(fingerprint(m))
    for expected in reversed(marks[:-1]):
        assert m.undo(0) == 2
        assert fingerprint(m) == expected
    assert m.can_undo(0) == (False, "undo.barrier")


def test_undo_after_game_over_reopens_the_game() -> None:
    m = new(["Ana", "Bea"], target=2)
    m.apply(STEP1)
    m.apply(STEP1)
    before = fingerprint(m)
    m.apply(STEP2)
    assert m.is_over() and m.log[-1].kind == "system"
    assert m.undo(0) == 1
    assert fingerprint(m) == before and not m.is_over()
    assert all(line.kind != "system" for line in m.log)


def test_random_play_with_random_undos_always_restores_exactly() -> None:
    """Property: whenever undo is allowed, the state equals the one recorded at that point."""
    undos = 0
    for seed in range(25):
        pick = random.Random(seed)
        m = new(["human", "bot"], seed=seed, target=40, max_turns=60)
        marks = [fingerprint(m)]
        while not m.is_over():
            if pick.random() < 0.25:
                ok, reason = m.can_undo(0)
                if ok:
                    undone = m.undo(0)
                    del marks[len(marks) - undone:]
                    assert fingerprint(m) == marks[-1], f"seed {seed}"
                    assert m.to_act() == 0
                    undos += 1
                    continue
                assert reason in ("undo.nothing", "undo.barrier")
            m.apply(pick.choice(m.state.legal_actions()))
            marks.append(fingerprint(m))
            assert len(marks) == len(m.history) + 1
        assert m.state.invariants() == []
    assert undos >= 25  # the property was really exercised


# --- to_save / from_save -----------------------------------------------------------------------

def test_to_save_from_save_round_trip_keeps_everything() -> None:
    m = new(["Ana", "bot"])
    for a in (STEP1, DRAW, STEP2, STEP1):
        m.apply(a)
    data = m.to_save()
    back = Match.from_save(data)
    assert back.state.digest() == m.state.digest()
    assert back.state.legal_actions() == m.state.legal_actions()
    assert back.seats == m.seats and back.seed == m.seed and back.level.data == m.level.data
    assert [(e.seat, e.action) for e in back.history] == [(e.seat, e.action) for e in m.history]
    assert back.log == m.log
    assert back.to_save()["snapshot"] == data["snapshot"]


def test_to_save_is_independent_of_the_live_state() -> None:
    m = new()
    data = m.to_save()
    m.apply(STEP2)
    assert data["snapshot"]["scores"] == [0, 0]


def test_loaded_match_can_undo_from_the_saved_anchor() -> None:
    m = new(["human", "bot"])
    m.apply(ROLL)
    m.apply(STEP1)
    target = fingerprint(m)
    m.apply(STEP2)
    m.apply(STEP1)
    back = Match.from_save(m.to_save())
    assert back.can_undo(0) == (True, "")
    assert back.undo(0) == 2
    assert fingerprint(back) == target
    assert back.history[0].barrier  # the saved floor says where the last barrier was
    assert back.can_undo(0) == (False, "undo.barrier")


def test_a_version_1_save_without_an_anchor_keeps_undo_at_the_load_point() -> None:
    # a version-1 save carries no undo anchor: undo stops where it was loaded (the game is not replayed)
    m = new(["human", "bot"])
    m.apply(STEP1)
    m.apply(STEP1)
    data = m.to_save()
    for key in ("snapshot_at", "undo", "log_dropped"):
        del data[key]
    data["version"] = 1
    back = Match.from_save(data)
    before = fingerprint(back)
    assert back.can_undo(0) == (False, "undo.barrier")
    assert fingerprint(back) == before
    back.apply(STEP2)
    assert back.can_undo(0) == (True, "")
    back.undo(0)
    assert fingerprint(back) == before


# --- whose line an event is -------------------------------------------------------------------------

def test_an_event_line_belongs_to_the_seat_the_event_names() -> None:
    from game.engine.events import Event

    m = new(["Ana", "Bea"])
    state = m.state
    assert state.event_seat(Event("X", {"seat": 1}), 0) == 1
    assert state.event_seat(Event("X", {"seat": True}), 0) == 0  # a flag is not a seat
    assert state.event_seat(Event("X", {"card": "c1"}), 1) == 1  # nobody named: the actor
    m.apply(ROLL)
    line = [ln for ln in m.log if ln.kind == "event"][0]
    assert line.seat == m.history[0].seat == 0


def test_a_ruleset_may_say_whom_an_event_is_about(monkeypatch: pytest.MonkeyPatch) -> None:
    m = new(["Ana", "Bea"])
    cls = type(m.state)
    monkeypatch.setattr(cls, "event_seat", lambda self, ev, actor: 1 - actor, raising=False)
    m.apply(ROLL)
    assert [ln.seat for ln in m.log] == [0, 1]  # the action is Ana's, the roll's line Bea's
    monkeypatch.setattr(cls, "event_seat", lambda self, ev, actor: None, raising=False)
    m.apply(ROLL)
    assert m.log[-1].seat is None  # about nobody


@pytest.mark.parametrize("answer", [7, -1, "0", 1.0])
def test_a_bad_event_seat_falls_back_to_the_actor(monkeypatch: pytest.MonkeyPatch, answer: object) -> None:
    m = new(["Ana", "Bea"])
    monkeypatch.setattr(type(m.state), "event_seat", lambda self, ev, actor: answer, raising=False)
    m.apply(ROLL)
    assert m.log[-1].kind == "event" and m.log[-1].seat == 0


def test_an_event_seat_that_raises_is_logged_and_falls_back(monkeypatch: pytest.MonkeyPatch,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    def broken(self: object, ev: object, actor: int) -> int:
        raise KeyError("seat")

    m = new(["Ana", "Bea"])
    monkeypatch.setattr(type(m.state), "event_seat", broken, raising=False)
    m.apply(ROLL)
    assert m.log[-1].seat == 0
    assert any("event_seat" in r.getMessage() for r in caplog.records)
