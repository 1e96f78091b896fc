"""What a newcomer's first hour found on the tables of dungeon, skirmish and sanctuary (issue 15, "Looked at"
in docs/UI.md): where the tutorial's bubble goes, what the hint button does during a step, text cut or
overlapping at huge text, and es/it words that read wrong; each at the size and languages it was seen in."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from tests.scenes.driving import click, frames, open_game
from tests.scenes.lookover_help import _app, _dungeon_tutorial, _fresh_fonts, sized_app  # noqa: F401 - fixtures


@pytest.mark.parametrize("lang", ["es", "it"])
def test_dungeon_tutorial_bubble_keeps_the_entrance_summaries_clear(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                    lang: str) -> None:
    """Seen at es huge: "Keep a side of your first map" sat on both sides' summaries, the words to choose by."""
    app = _app(tmp_path, monkeypatch, lang, "huge")
    try:
        scene = _dungeon_tutorial(app)
        guide = scene.guide
        click(app, guide.next_rect.center)  # the welcome, read
        frames(app, 3)
        assert guide.bubble is not None and guide.targets
        card = scene.table_view().player(0).pending_map
        words = scene.words
        drawn = scene.village.drawn()
        summaries = [r for r in drawn if r.text in {words.side_summary(card, k) for k in (0, 1)}]
        assert len(summaries) == 2, [r.text for r in drawn]
        for r in summaries:
            assert not guide.bubble.colliderect(r.rect), (r.text, guide.bubble)
        names = [r for r in drawn if r.text in {t("dscene.depths_side", n=k + 1, name=words.side_name(card, k))
                                                 for k in (0, 1)}]
        assert len(names) == 2 and len({r.size for r in names}) == 1, "both sides' names at one size"
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_dungeon_what_now_box_takes_the_room_no_button_needs(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at es huge: the box's words at 12 px under 90 px of empty panel; they now grow into that room."""
    from game.ui import gfx

    app = _app(tmp_path, monkeypatch, "es", "huge")
    try:
        scene = _dungeon_tutorial(app)
        box = scene.hand.spots()["hint"]
        hand = scene.hand.rect
        assert box.y - hand.y == 340, "no buttons under the drawn chip: the box starts below it"
        body = [r for r in scene.whatnow.drawn() if r.text != t("dscene.what_now") and box.contains(r.box)]
        assert body and not scene.whatnow.truncated
        assert body[0].size * gfx.text_scale() >= 15, "the level's hint is read at a large size, not the minimum"
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_dungeon_market_bag_list_is_as_tall_as_its_rows(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Market's bag list kept 176 px (four rows) for two rows of chips, leaving the "What now" box two lines;
    it keeps three rows (a dozen chips, tests/scenes/test_tutor_fixes.py) unless the bag needs more."""
    from game.scenes.dungeon.panes import hand as handmod

    app = _app(tmp_path, monkeypatch, "es", "huge")
    try:
        scene = _dungeon_tutorial(app)
        pane = scene.hand
        monkeypatch.setattr(handmod.HandPane, "_market", lambda self: True)
        n = len(scene.table_view().player(0).bag)
        per = (pane.rect.w - 24) // 46
        short = pane.bag_box()
        assert short.h < 176 and -(-n // per) <= 3
        assert scene.hand.spots()["hint"].y == short.bottom + 8
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_dungeon_tutorial_go_down_step_speaks_of_a_full_floor() -> None:
    """The step outlined on "Continue down" said "Draw again and fill the floor" when the floor was full."""
    from game.engine.levels import get_level
    from game.engine.tutorial import script_of

    steps = script_of(get_level("dungeon", "tutorial"))
    down = next(s for s in steps if s.kind == "continue")
    for lang in ("en", "es", "it"):
        words = down.words(lang)
        assert t("dscene.continue", lang) in words, (lang, words)

def test_skirmish_item_moves_and_aims_read_as_es_and_it_write_them() -> None:
    """The log said "Rodela pasa a el suelo", "Brocchiere passa a lo zaino" and "Mirare a il corpo"."""
    from game.engine.actions import Action
    from game.engine.events import Event
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec

    m = Match.new("skirmish", "tutorial", [SeatSpec("Ana"), SeatSpec("Bo", "bot", "random")], 7)
    use = next(a for a in m.legal_actions() if a.kind == "use" and a.get("target"))
    m.apply(use, m.to_act())
    st = m.state
    aims = [a for a in m.legal_actions() if a.kind == "aim"]
    assert len(aims) >= 2 and isinstance(aims[0], Action)
    item = next(iter(st.items))
    cid = next(iter(st._by_id))
    for lang, bad in (("es", (" a el ", " de el ")), ("it", (" a lo ", " a il ", " a la "))):
        lines = [st.describe_event(Event("ItemMoved", {"item": item, "to": to}), lang) for to in ("ground", "pack", cid)]
        words = [st.describe(a, lang) for a in aims]
        assert all(w != a.key for w, a in zip(words, aims))
        for line in lines + words:
            assert line and not any(b in f" {line} " for b in bad), (lang, line)
        assert lines[0] != lines[1], "the ground and the pack read differently"

@pytest.mark.parametrize("lang,size", [("it", "normal"), ("es", "huge")])
def test_skirmish_tutorial_bubble_sits_in_the_empty_column_not_on_the_detail_card(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch, lang: str, size: str) -> None:
    """Seen in it normal: the steps' bubbles covered the detail card (the hero's stats and parts) while the
    heroes' column under the one hero card stood empty; now the bubble goes there, as wide as the column."""
    from tests.scenes.test_tutor_play import default_seats

    app = _app(tmp_path, monkeypatch, lang, size)
    try:
        scene = open_game(app, "skirmish", "tutorial", default_seats("skirmish"), 7)
        frames(app, 3)
        guide = scene.guide
        detail = scene.detail.box(scene.sview)
        free = scene.tutor_free_areas()
        assert free, "one hero card: room below it"
        for _step in range(2):  # the track, read (a Next button); then "attack with Slash" (beside the menu)
            assert guide.bubble is not None
            assert any(area.contains(guide.bubble) for area in free), (guide.bubble, free)
            assert not guide.bubble.colliderect(detail)
            assert guide.next_rect is not None or not any(guide.bubble.colliderect(r.rect) for r in guide.targets)
            assert not guide.text_problems(), guide.text_problems()
            if guide.next_rect is None:
                break
            click(app, guide.next_rect.center)
            frames(app, 3)
        assert guide.next_rect is None and guide.targets, "the second step points at the menu"
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_sanctuary_key_reminder_breaks_between_keys_at_huge_text(app: Any, lang: str) -> None:
    """Seen at en huge: the reminder in the corner wrapped as "... Ctrl+Z undo / · Space pass"."""
    from game.ui import gfx
    from game.ui import text as uitext

    gfx.set_text_scale(1.5)
    try:
        lines = uitext.join_lines(t("game.keys", lang), 280, 12)
        assert len(lines) >= 2, "at huge text the reminder takes two lines in the corner"
        assert " · ".join(lines) == t("game.keys", lang)
        for line in lines:
            assert not line.startswith("·") and not line.endswith("·")
            assert gfx.text_size(line, 12)[0] <= 280 or " · " not in line
    finally:
        gfx.set_text_scale(app.settings.text_scale)

def test_sanctuary_refusals_speak_the_players_language() -> None:
    """Seen at es huge: a hand card's tooltip said "first each player keeps a hand or asks for a new one" and
    "Sacred Spring costs 2 Will and only 0 is left" in Spanish and Italian games: refusals were English only."""
    import random

    from game.engine import i18n
    from game.engine.actions import Action
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec

    m = Match.new("sanctuary", "quick", [SeatSpec("Ana"), SeatSpec("Bo", "bot", "random")], 3)
    rng = random.Random(5)
    seen: dict[str, set[str]] = {"en": set(), "es": set(), "it": set()}
    before = i18n.language()
    try:
        for _ in range(80):
            if m.is_over():
                break
            st = m.state
            seat = m.to_act()
            legal = set(m.legal_actions())
            tries = [Action.of("play", card=c) for c in st.players[seat].hand]
            tries += [Action.of("attack", card=c) for c in st.players[seat].chars]
            tries += [Action.of("block", blocker="x", attacker="y"), Action.of("nonsense")]
            for a in tries:
                if a in legal:
                    continue
                words = {}
                for lang in ("en", "es", "it"):
                    i18n.set_language(lang)
                    words[lang] = st.explain_illegal(a)
                    seen[lang].add(words[lang])
                    assert "{" not in words[lang] and "sanctuary.refuse" not in words[lang], words
                assert words["es"] != words["en"] and words["it"] != words["en"], words
            i18n.set_language(before)
            m.apply(rng.choice(sorted(legal, key=lambda a: a.key)), seat)
    finally:
        i18n.set_language(before)
    assert len(seen["es"]) >= 5, seen["es"]
    english = ("cannot", " only ", " is left", "needs a target", "each turn")
    for lang in ("es", "it"):
        assert not [w for w in seen[lang] if any(e in f" {w} " for e in english)], seen[lang]

def test_a_turn_the_rules_end_after_one_play_is_one_pass_not_several_turns(app: Any) -> None:
    """Seen in the sanctuary tutorial (en huge): after playing Thorn Sentry with all her Will, the pause said
    "Player 1 could not play anything on 2 turns: they passed" for the phases of that one turn."""
    from game.engine.levels import get_level
    from tests.scenes.driving import ack_region, to_next_human, wait_until
    from tests.scenes.test_tutor_play import default_seats

    scene = open_game(app, "sanctuary", get_level("sanctuary", "tutorial"), default_seats("sanctuary"), 7)
    assert to_next_human(app, scene)
    scene.act(next(a for a in scene.legal if a.kind == "keep"))
    assert wait_until(app, lambda: scene.can_act() or ack_region(scene) is not None)
    st = scene.match.state
    will = st.players[0].will
    plays = [a for a in scene.legal if a.kind == "play" and st.card(a.get("card")).cost == will]
    assert plays, "a card that spends all the Will"
    scene.act(plays[0])
    assert wait_until(app, lambda: ack_region(scene) is not None or scene.can_act())
    ack = scene.driver.ack
    assert ack is not None, "the rules ended Ana's turn: it waits for her 'End turn'"
    assert ack.summary == t("game.ack.auto_pass", name=scene.seat_name(0)), ack.summary

def test_sanctuary_tutorial_does_not_outline_pass_while_cards_can_be_paid() -> None:
    """Seen in the real window (en huge): "Play on, or pass... The outline shows a good move" outlined Pass with
    2 Will and three payable cards in hand: the step waited for a pass, which Will Harvest always allows, so
    the guide pointed at it at once. The step now waits for any move and the outline is the hint's move."""
    from game.engine.levels import get_level
    from game.engine.tutorial import script_of

    steps = script_of(get_level("sanctuary", "tutorial"))
    assert [s for s in steps if s.wait == "action" and s.kind == "pass"] == []
    play_on = next(s for s in steps if "Will" in s.words("en") and s.wait == "any")
    for lang in ("en", "es", "it"):
        assert play_on.words(lang) and play_on.words(lang) != play_on.words("en") or lang == "en"

@pytest.mark.parametrize("lang", ["it", "es"])
def test_dungeon_bag_label_is_whole_and_its_count_sits_on_the_bag(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                   lang: str) -> None:
    """Seen at it huge: "Sacchetto: 11 gett…" above the bag; the word stays, the number goes on the bag."""
    app = _app(tmp_path, monkeypatch, lang, "huge")
    try:
        scene = _dungeon_tutorial(app)
        drawn = scene.hand.drawn()
        n = len(scene.table_view().player(0).bag)
        word = next(r for r in drawn if r.text == t("dscene.bag_word"))
        count = next(r for r in drawn if r.text == str(n))
        assert not word.cut and not count.cut
        bag = scene.hand.spots()["bag"]
        assert count.rect.collidepoint(bag[0] + 34, bag[1] + 30) and word.rect.bottom <= bag[1] - 40
        assert not [r.text for r in drawn if r.cut], "nothing in the hero's panel is cut"
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_skirmish_menu_gives_the_action_name_room_before_the_odds(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at it huge: "Pugno » Gnarl a…  5 PA · superare 12: 66%": where the name would be cut, the odds keep
    only their percentage; where it fits, they stay whole."""
    from game.scenes.skirmish.panes.menu import MenuRow
    from tests.scenes.test_tutor_play import default_seats

    app = _app(tmp_path, monkeypatch, "it", "huge")
    try:
        scene = open_game(app, "skirmish", "tutorial", default_seats("skirmish"), 7)
        frames(app, 2)
        menu = scene.menu
        rect = pygame.Rect(330, 200, 372, 32)
        beat = t("skirmish_scene.chance", diff=12, chance=66)
        full = f"{t('skirmish_scene.ap', n=5)} · {beat}"
        long_row = MenuRow(rect, None, "Pugno » Gnarl attaccabrighe 2", full, "one")
        short_row = MenuRow(rect, None, "Curare", full, "one")
        assert menu.fitted_detail(short_row) == full
        fitted = menu.fitted_detail(long_row)
        assert fitted == f"{t('skirmish_scene.ap', n=5)} · 66%"
        from game.ui import gfx

        assert gfx.text_size(long_row.label, 11, True)[0] <= menu.label_box(rect, fitted).w
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_skirmish_minion_names_wrap_under_their_ap_level_at_huge_text(tmp_path: Any,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen at it huge: "Gnarl attacca…  PA 3" on an active minion's card, while a knocked-out one (no AP
    level) wrapped the same name; the second line now runs under the AP level. And the detail card's two
    columns of parts ("mano destra: Spada l…") split the width by their longest lines."""
    import random

    from game.engine.i18n import localize
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = _app(tmp_path, monkeypatch, "it", "huge")
    try:
        m = Match.new("skirmish", "01_toll_bridge", [SeatSpec("Ana"), SeatSpec("Bot", "bot", "random")], 7)
        rnd = random.Random(3)
        for _ in range(200):  # past the advantage picks, to Ana's turn on the arena
            if m.to_act() == 0 and m.state.decision() and m.state.decision()["type"] == "opportunity":
                break
            m.apply(rnd.choice(m.legal_actions()))
        app.push(MenuScene(app))
        scene = open_match(app, m)
        frames(app, 5)
        names = {localize(c.name, "it") for c in scene.sview.combatants}
        drawn = scene.arena.drawn()
        cut = [r.text for r in drawn if r.cut and any(n.startswith(r.text.rstrip("…")) for n in names)]
        assert cut == []
        assert any(r.text.startswith("attaccabrighe") for r in drawn), "a long name took two lines"
        parts = scene.detail.drawn()
        assert len(parts) >= 8 and not [r.text for r in parts if r.cut], "the detail card's parts are whole"
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_hint_pressed_during_a_tutorial_step_answers_at_once(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the dungeon tutorial (es huge): pressing Hint while a step waited ("Place the chip...") changed
    nothing; the answer only showed after the step. Now the bubble gives the hint and outlines its move, and
    the step comes back after that move."""
    from game.engine.bots import Budget
    from game.scenes.base import hint as hintmod
    from tests.scenes.driving import region, visible_point, wait_until

    monkeypatch.setattr(hintmod.HintService, "budget", Budget(iterations=8, seconds=None, depth=8))
    app = _app(tmp_path, monkeypatch, "en", "normal")
    try:
        scene = _dungeon_tutorial(app)
        guide = scene.guide
        click(app, guide.next_rect.center)  # the welcome, read
        frames(app, 2)
        step_words = guide.message()
        assert guide.run is not None and guide.run.step is not None and guide.run.step.wait == "action"
        click(app, visible_point(scene, region(scene, "hint")))
        assert wait_until(app, lambda: guide.message().startswith(t("hint.says", move="", why="")[:4]), 60)
        assert guide.message() != step_words
        hint = guide.hint()
        assert hint is not None and hint.action is not None
        assert guide.targets and hint.action in [a for r in guide.targets
                                                 for a in (r.payload if isinstance(r.payload, list) else [r.payload])]
        click(app, visible_point(scene, guide.targets[0]))  # following it moves the script as the step's move
        frames(app, 2)
        assert not guide.hint_shown
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()
