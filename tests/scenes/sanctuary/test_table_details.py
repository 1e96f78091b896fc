"""Sanctuary table details a player would see as unfinished (issue #5): the piles open (the discard pile as
a browsable overlay of every card, the hidden deck as a zoom with its count and the empty-deck rule), crowded
battle rows stay readable and clickable, and log lines about automatic steps take the right seat's colour."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.protocol import SeatSpec
from game.rulesets.sanctuary.parts import Perm
from tests.scenes.sanctuary.conftest import advance, click, frames, mouse, region, start


def _key(app: Any, key: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)], 1 / 30)
    app.step([], 1 / 30)


def _wheel(app: Any, pos: tuple[int, int], dy: int) -> None:
    app.step([mouse(pygame.MOUSEMOTION, pos)], 1 / 30)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy),
                                 touch=False)], 1 / 30)
    app.step([], 1 / 30)


def _table(app: Any, level: str = "ember_vs_gear", seed: int = 3) -> Any:
    """A game against a bot that is waiting in the human's Will Harvest of turn 3 or later."""
    scene = start(app, level, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed)
    assert advance(scene, lambda st: st.phase == "harvest" and st.turn >= 3 and st.to_act() == 0 and not st.stack)
    frames(app, 3)
    assert scene.viewer == 0 and app.top is scene
    return scene


def _to_discard(scene: Any, seat: int, n: int) -> list[str]:
    """Move ``n`` cards of a seat's deck to its discard pile (straight in the state); return the pile."""
    pl = scene.match.state.players[seat]
    for c in pl.deck[:n]:
        pl.deck.remove(c)
        pl.discard.append(c)
    assert scene.match.state.invariants() == []
    scene.driver.cache_key = None  # the state was changed by hand: view it again
    return list(pl.discard)


# ----------------------------------------------------------------------------------------- the discard pile


@pytest.mark.parametrize("whose,button", [("opp", 1), ("opp", 3), ("me", 1), ("me", 3)])
def test_click_or_right_click_on_a_discard_pile_opens_all_its_cards_newest_first(app: Any, whose: str,
                                                                                 button: int) -> None:
    from game.scenes.sanctuary.piles import PileScene

    scene = _table(app)
    seat = scene.L.opp if whose == "opp" else scene.L.me
    pile = _to_discard(scene, seat, 5)
    frames(app, 2)
    click(app, region(scene, ("discard", seat)).rect.center, button=button)
    frames(app, 2)
    overlay = app.top
    assert isinstance(overlay, PileScene) and overlay.seat == seat
    assert overlay.cards == list(reversed(pile)), "every card of the pile, newest first"
    for iid in pile:
        reg = next((r for r in overlay.router.regions if r.key == ("pilecard", iid)), None)
        assert reg is not None, f"{iid} has its own place in the overlay"
        assert scene.cname(iid) in (reg.tooltip or ""), "hovering a card names it"
    rects = list(overlay.card_rects.values())
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "cards do not overlap"
    assert all(pygame.Rect(0, 0, 1280, 720).contains(r) for r in rects)
    assert scene.match.state.invariants() == [] and app.errors == []


def test_a_card_in_the_discard_overlay_zooms_and_esc_then_closes_the_overlay(app: Any) -> None:
    from game.scenes.sanctuary.piles import PileScene

    scene = _table(app)
    pile = _to_discard(scene, scene.L.opp, 4)
    n = len(scene.match.history)
    click(app, region(scene, ("discard", scene.L.opp)).rect.center, button=3)
    overlay = app.top
    assert isinstance(overlay, PileScene)
    newest = pile[-1]
    click(app, overlay.card_rects[newest].center, button=3)
    assert overlay.inspector.visible, "right-click on a card zooms it"
    assert overlay.inspector.title == scene.cname(newest)
    assert "Cost" in overlay.inspector.body, "with its full text"
    _key(app, pygame.K_ESCAPE)
    assert not overlay.inspector.visible and app.top is overlay, "Esc closes the zoom first"
    click(app, overlay.card_rects[pile[0]].center)
    assert overlay.inspector.visible and overlay.inspector.title == scene.cname(pile[0]), "a click zooms too"
    click(app, (640, 360))
    assert not overlay.inspector.visible
    _key(app, pygame.K_ESCAPE)
    assert app.top is scene, "Esc closes the overlay"
    assert len(scene.match.history) == n, "looking at a pile changes nothing"
    assert app.errors == []


def test_a_click_outside_or_on_the_close_button_closes_the_overlay(app: Any) -> None:
    scene = _table(app)
    _to_discard(scene, scene.L.opp, 3)
    click(app, region(scene, ("discard", scene.L.opp)).rect.center)
    overlay = app.top
    assert overlay is not scene
    panel, _ = overlay.layout()
    click(app, (panel.x + 10, panel.bottom - 8))  # inside the panel, on no card: stays
    assert app.top is overlay
    click(app, (panel.centerx, min(715, panel.bottom + 20)) if panel.bottom < 700 else (5, 715))
    assert app.top is scene, "a click outside the panel closes it"
    click(app, region(scene, ("discard", scene.L.opp)).rect.center)
    overlay = app.top
    click(app, overlay.close_rect().center)
    assert app.top is scene, "so does the close button"


def test_a_long_discard_pile_scrolls_with_the_wheel_keys_and_arrows_to_every_card(app: Any) -> None:
    scene = _table(app)
    pile = _to_discard(scene, scene.L.me, 24)
    click(app, region(scene, ("discard", scene.L.me)).rect.center)
    overlay = app.top
    assert len(overlay.card_rects) < len(pile), "the pile does not fit at once"
    assert overlay.max_scroll > 0
    seen = list(overlay.card_rects)
    _, grid = overlay.layout()
    for _ in range(overlay.max_scroll):
        _wheel(app, grid.center, -1)
        seen += list(overlay.card_rects)
    assert overlay.scroll == overlay.max_scroll
    assert set(seen) == set(pile), "scrolling reaches every card"
    assert list(overlay.card_rects)[-1] == pile[0], "the oldest card is last"
    _key(app, pygame.K_HOME)
    assert overlay.scroll == 0 and list(overlay.card_rects)[0] == pile[-1]
    _key(app, pygame.K_DOWN)
    assert overlay.scroll == 1
    up = next(r for r in overlay.router.regions if r.key == "pile-up")
    click(app, up.rect.center)
    assert overlay.scroll == 0, "the up arrow scrolls back"
    assert app.errors == []


def test_an_empty_discard_pile_opens_and_says_so(app: Any) -> None:
    from game.engine.i18n import t

    scene = _table(app)
    seat = scene.L.opp
    scene.match.state.players[seat].deck.extend(scene.match.state.players[seat].discard)
    scene.match.state.players[seat].discard.clear()
    scene.driver.cache_key = None  # the state was changed by hand: view it again
    frames(app, 2)
    assert "0" in region(scene, ("discard", seat)).tooltip
    click(app, region(scene, ("discard", seat)).rect.center)
    overlay = app.top
    assert overlay is not scene and overlay.cards == [] and overlay.card_rects == {}
    assert overlay.message() == t("sanctuary_scene.discard_empty"), "the overlay says the pile is empty"
    frames(app, 2)
    assert app.errors == []


# ----------------------------------------------------------------------------------------- the deck


def test_the_deck_zoom_gives_its_count_and_the_empty_deck_rule_but_never_its_cards(app: Any) -> None:
    scene = _table(app)
    seat = scene.L.opp
    deck = list(scene.match.state.players[seat].deck)
    reg = region(scene, ("deck", seat))
    assert str(len(deck)) in reg.tooltip and "Structure" in reg.tooltip, "the tooltip: count and the rule"
    click(app, reg.rect.center, button=3)
    insp = scene.inspector
    assert insp.visible
    assert scene.seat_name(seat) in insp.title
    assert f"{len(deck)} cards left" in insp.body
    assert "1 Structure" in insp.body and "empty" in insp.body.lower(), "the empty-deck rule (RULES.md)"
    names = {scene.cname(c) for c in deck}
    assert not any(name in insp.body or name in insp.title for name in names), "no card of the deck is shown"
    click(app, (640, 360))
    assert not insp.visible
    # an empty deck says what the next draw costs; a left click opens the zoom too
    scene.match.state.players[seat].discard.extend(scene.match.state.players[seat].deck)
    scene.match.state.players[seat].deck.clear()
    scene.driver.cache_key = None  # the state was changed by hand: view it again
    frames(app, 2)
    click(app, region(scene, ("deck", seat)).rect.center)
    assert insp.visible and "0 cards left" in insp.body and "is empty" in insp.body
    assert app.errors == []


# ----------------------------------------------------------------------------------------- the log


def test_auto_pass_and_turn_log_lines_take_the_colour_of_the_seat_they_are_about(app: Any) -> None:
    from game.engine.i18n import t

    scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    assert advance(scene, lambda st: st.turn >= 4)
    scene.sync_log(rebuild=True)
    names = [scene.seat_name(0), scene.seat_name(1)]
    autopass = {t("sanctuary.event.autopass", who=names[s]): s for s in (0, 1)}
    lines = [ln for ln in scene.match.log if ln.text_for(scene.viewer, scene.lang)]
    rows = scene.chrome.log_rows()
    assert [e.text for e in scene.log_panel.entries] == [r.text for r in rows]
    assert [x for r in rows for x in r.lines] == [ln.text_for(scene.viewer, scene.lang) for ln in lines]
    row_of = [r for r in rows for _ in r.lines]  # the row each line is shown in
    folded = [r for r in rows if r.folded]
    # only automatic steps fold (forced passes, and now every line the flow marks automatic), never an action
    automatic = {ln.text_for(scene.viewer, scene.lang) for ln in lines if ln.auto} | set(autopass)
    assert folded and all(set(r.lines) <= automatic for r in folded), "only automatic steps fold"
    assert any(set(r.lines) & set(autopass) for r in folded), "runs of forced passes fold"
    checked = crossed = turns = 0
    for line, row in zip(lines, row_of):
        text = line.text_for(scene.viewer, scene.lang)
        if text in autopass:  # a folded run of several seats' passes has no one colour
            assert line.seat == autopass[text] and row.seat in (line.seat, None), f"{text!r}: seat {row.seat}"
            checked += 1
            # set off by the other seat's pass: the line's seat is not the actor's
            crossed += scene.match.history[line.index].seat != autopass[text]
        for s in (0, 1):
            for n in range(1, 5):
                if text == t("sanctuary.event.turn", n=n, who=names[s]):
                    assert row.seat == s, f"{text!r} is coloured as seat {row.seat}"
                    turns += 1
    assert checked and crossed, "the game had auto-passes set off by the other seat"
    assert turns >= 3
    # action lines keep the actor's colour
    for line, row in zip(lines, row_of):
        if line.kind == "action":
            assert row.seat == line.seat == scene.match.history[line.index].seat


def test_log_colours_survive_undo_and_a_rebuild(app: Any) -> None:
    scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    assert advance(scene, lambda st: st.turn >= 3)
    scene.sync_log(rebuild=True)
    before = [(e.text, e.seat) for e in scene.log_panel.entries]
    scene.sync_log(rebuild=True)
    assert [(e.text, e.seat) for e in scene.log_panel.entries] == before
    incremental = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    from game.rulesets.sanctuary import bot
    from game.engine.rng import Rng

    rng = Rng(11)
    while incremental.match.state.turn < 3:  # the same moves, synced one action at a time
        m = incremental.match
        m.apply(bot.policy(m.state, m.to_act(), m.legal_actions(), rng), m.to_act())
        incremental.sync_log()
    assert [(e.text, e.seat) for e in incremental.log_panel.entries] == before


# ----------------------------------------------------------------------------------------- crowded rows


def _crowd(scene: Any, per_side: int, techs: int) -> None:
    """Put ``per_side`` Characters of each seat into play (every other one tapped) and ``techs``
    Technologies under them, straight in the state (cards from the deck, hand or discard pile)."""
    st = scene.match.state
    for p in (0, 1):
        pl = st.players[p]
        pool = [(z, c) for z in ("deck", "discard", "hand") for c in getattr(pl, z)]
        chars = [(z, c) for z, c in pool if st.card(c).type == "character"][:per_side - len(pl.chars)]
        for i, (z, c) in enumerate(chars):
            getattr(pl, z).remove(c)
            pl.chars.append(c)
            st.perm[c] = Perm(carrier=None)
            st.perm[c].tapped = i % 2 == 0
        tech = [(z, c) for z, c in pool if st.card(c).type == "technology"][:techs]
        for j, (z, c) in enumerate(tech):
            getattr(pl, z).remove(c)
            pl.techs.append(c)
            st.perm[c] = Perm(carrier=pl.chars[(j * 3) % len(pl.chars)] if j < 3 else pl.chars[0])
            st.perm[c].durability = st.card(c).durability
    assert st.invariants() == []
    scene.driver.cache_key = None  # the state was changed by hand: view it again


def _overlap(a: pygame.Rect, b: pygame.Rect) -> float:
    """How much of the smaller rect the two share (0 to 1)."""
    c = a.clip(b)
    return c.w * c.h / max(1, min(a.w * a.h, b.w * b.h))


def _clickable_point(scene: Any, iid: str) -> tuple[int, int] | None:
    """A point where the top-most region is the card itself (its info/drop region or its action)."""
    rect = scene.L.cards[iid][2]
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            r = scene.router.region_at(p)
            if r is not None and r.key in (("target", iid), ("act", iid)):
                return p
    return None


@pytest.mark.parametrize("per_side,techs", [(8, 3), (10, 4), (12, 5)])
def test_a_crowded_battle_row_keeps_every_card_inside_separate_clickable_and_named(app: Any, per_side: int,
                                                                                 techs: int) -> None:
    from game.scenes.sanctuary.scene import CARD

    scene = _table(app)
    _crowd(scene, per_side, techs)
    frames(app, 20)
    L = scene.L
    screen = pygame.Rect(0, 0, 1280, 720)
    for seat in (0, 1):
        chars = scene.match.state.players[seat].chars
        assert len(chars) == per_side
        row = L.row[seat]
        rects = [L.cards[c][2] for c in chars]
        assert sum(1 for c in chars if scene.match.state.perm[c].tapped) >= per_side // 2 - 1
        for c, r in zip(chars, rects):
            assert row.contains(r) and screen.contains(r), f"{c} {r} leaves the row {row}"
        worst = max(_overlap(a, b) for i, a in enumerate(rects) for b in rects[i + 1:])
        assert worst <= 0.05, f"cards overlap by {worst:.0%}"
        for tc in scene.match.state.players[seat].techs:
            tab = L.tabs[tc]
            assert row.contains(tab), f"the tab of {tc} leaves the row"
            carrier = scene.match.state.perm[tc].carrier
            for c, r in zip(chars, rects):
                if c != carrier:
                    assert not tab.colliderect(r), f"the tab of {tc} covers {c}"
            reg = region(scene, ("target", tc))
            assert reg is not None and scene.router.region_at((tab.centerx, tab.bottom - 3)) is reg, \
                "the visible part of a tab is its own target"
        for c in chars:
            assert _clickable_point(scene, c) is not None, f"{c} cannot be clicked anywhere"
            w = L.card_size[c][0]
            assert w >= CARD[0] * 0.5, "cards never shrink below half size"
            lines, size = scene.plate_of(c)
            assert " ".join(lines) == scene.cname(c) and size >= 8, f"the name plate shows {lines} at {size}px"
            assert c in L.compact or w == CARD[0], "a shrunken card gets its name plate"
    # right-click still zooms a card of the crowd with its full text
    c = scene.match.state.players[scene.L.opp].chars[-1]
    click(app, _clickable_point(scene, c), button=3)
    assert scene.inspector.visible and scene.inspector.title == scene.cname(c)
    assert app.errors == [] and scene.invariants() == []


def test_few_cards_keep_one_line_at_full_size(app: Any) -> None:
    from game.scenes.sanctuary.scene import CARD

    scene = _table(app)
    _crowd(scene, 4, 2)
    frames(app, 10)
    for seat in (0, 1):
        chars = scene.match.state.players[seat].chars
        assert all(scene.L.card_size[c] == CARD for c in chars), "a row with room draws cards at full size"
        assert len({round(scene.L.cards[c][0][1]) for c in chars}) == 1, "in one line"
        assert not any(c in scene.L.compact for c in chars)


@pytest.mark.parametrize("n,tapped,tabs", [(1, 0, 6), (6, 3, 1), (16, 16, 2), (24, 12, 1), (30, 30, 0)])
def test_plan_row_stays_inside_the_row_and_bounds_the_overlap(n: int, tapped: int, tabs: int) -> None:
    from game.scenes.sanctuary.scene import CARD, COMPACT_TAB, MIN_SCALE, plan_row

    row = pygame.Rect(312, 318, 590, 194)
    angles = [90.0 if i < tapped else 0.0 for i in range(n)]
    plan = plan_row(row, angles, [tabs] * n)
    assert MIN_SCALE <= plan.scale <= 1.0 and plan.lines in (1, 2)
    rects = []
    for a, (cx, cy) in zip(angles, plan.centers):
        w, h = (CARD[1], CARD[0]) if a else CARD
        r = pygame.Rect(0, 0, round(w * plan.scale), round(h * plan.scale))
        r.center = (round(cx), round(cy))
        rects.append(r)
        assert row.contains(r), f"{r} leaves {row}"
        if tabs and plan.tab == COMPACT_TAB:
            assert r.bottom - plan.tab[2] + plan.tab[0] <= row.bottom, "the first tab stays in the row"
    if len(rects) > 1:
        worst = max(_overlap(a, b) for i, a in enumerate(rects) for b in rects[i + 1:])
        if plan.scale > MIN_SCALE:
            assert worst == 0, "cards overlap only once they are as small as they get"
        else:
            assert worst < 0.6, f"the overlap is bounded ({worst:.0%})"
