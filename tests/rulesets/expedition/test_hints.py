"""The expedition's hint sentence (game/rulesets/expedition/hints.py): dice chances and where a move leads."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.i18n import localize
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.botmap import distance_field
from game.rulesets.expedition.kinds import ESCAPE_HITS
from tests.rulesets.hintchecks import never_raises, positions, same_sentences_for_indistinguishable_states, shipped_levels

LEVELS = shipped_levels("expedition")


def _match(level: str = "tutorial", seed: int = 3, heroes: int = 2) -> Match:
    return Match.new("expedition", level, [SeatSpec(f"P{i}") for i in range(heroes)] + [SeatSpec("Dark")], seed)


def test_escape_says_the_dice_and_the_chance_the_rules_give() -> None:
    for seed in range(3, 12):
        m = _match(seed=seed)
        for _seat, view, legal in positions(m, seed, 300):
            esc = next((a for a in legal if a.kind == "escape"), None)
            if esc is None:
                continue
            nums = view["numbers"]
            said = m.ruleset.explain_hint(esc, view, "en")
            assert said == (f"Escape: {nums['escape_dice']} dice, about {round(100 * nums['escape_chance'])}% to roll "
                            f"the {ESCAPE_HITS} hits you need.")
            return
    pytest.fail("no escape was offered")


def test_a_move_toward_the_public_goal_names_it_and_the_steps_left() -> None:
    m = _match()
    for seat, view, legal in positions(m, 3, 60):
        st = m.state
        goal = st.model.site(view["goal_site"])
        field = distance_field(st, tuple(goal.at))
        h = st.heroes[seat]
        for a in (x for x in legal if x.kind == "move"):
            to = (int(a["x"]), int(a["y"]))
            if field.get(to, 999) >= field[(h.x, h.y)]:
                continue
            said = m.ruleset.explain_hint(a, view, "en")
            name = localize(goal.name, "en")
            assert name.startswith("The ")
            name = "the " + name[4:]  # inside the sentence the site's article is lower case ("Go toward the old…")
            left = field[to]
            assert said == (f"Go to {name}, the goal: this move gets you there." if left == 0 else
                            f"Go toward {name}, the goal: {left} {'step' if left == 1 else 'steps'} left from there.")
            return
    pytest.fail("no move toward the goal was legal")


@pytest.mark.parametrize(("lang", "start"), [("es", ("Ve hacia el viejo faro", "Ve al viejo faro")),
                                             ("it", ("Vai verso il vecchio faro", "Vai al vecchio faro"))])
def test_the_goal_is_named_as_a_sentence_needs_it(lang: str, start: tuple[str, str]) -> None:
    """The tutorial's goal "El viejo faro" / "Il vecchio faro" inside the hint: article lowered, contracted."""
    m = _match()
    for seat, view, legal in positions(m, 3, 60):
        for a in (x for x in legal if x.kind == "move"):
            said = m.ruleset.explain_hint(a, view, lang) or ""
            if "faro" in said:
                assert said.startswith(start), said
                return
    pytest.fail("no hint named the goal")


def test_a_secret_goal_is_never_named() -> None:
    m = _match("sunken_bell", seed=4)
    names = {localize(s.name, lang) for sid in m.state.model.goal_candidates() for lang in ("en", "es", "it")
             for s in [m.state.model.site(sid)]}
    for seat, view, legal in positions(m, 4, 150):
        assert view["goal_site"] is None
        known = {localize(m.state.model.site(k.site).name, "en") for k in m.state.heroes[seat].known
                 if k.site and m.state.model.site(k.site) is not None} if seat < len(m.state.heroes) else set()
        for a in legal:
            said = m.ruleset.explain_hint(a, view, "en") or ""
            named = {n for n in names if n in said}
            assert named <= known, (a.key, said)  # a goal candidate appears only when this hero was told of it


def test_the_sentence_is_the_same_when_only_hidden_information_differs() -> None:
    m = _match("sunken_bell", seed=4)
    for seat, _view, legal in positions(m, 4, 30):
        if any(a.kind == "move" for a in legal):
            break
    assert same_sentences_for_indistinguishable_states(m, m.to_act()) >= 1


def test_in_a_battle_the_skirmish_speaks() -> None:
    skirmish = get_ruleset("skirmish")
    for seed in range(6):
        m = _match(seed=seed)
        rng = Rng(seed)
        for _step in range(800):
            if m.is_over():
                break
            seat, legal = m.to_act(), m.legal_actions()
            child = getattr(m.state, "child", None)
            if child is not None:
                uses = [a for a in legal if a.kind == "use"]
                if uses:
                    view = m.state.view(seat)
                    said = m.ruleset.explain_hint(uses[0], view, "en")
                    inner = child.state.view(child.child_seat(seat))
                    assert said == skirmish.explain_hint(uses[0], inner, "en")
                    assert said is None or "%" in said
                    return
            fight = next((a for a in legal if a.kind in ("fight", "battle")), None)
            m.apply(fight or m.ruleset.bot_policy(m.state, seat, legal, rng) or legal[0], seat)
    pytest.fail("no battle was played")


@pytest.mark.parametrize("level", LEVELS, ids=[lv.id for lv in LEVELS])
def test_the_sentence_never_raises_on_random_positions_in_every_language(level: Any) -> None:
    said = sum(never_raises("expedition", level, seed, 80, every=2) for seed in (1, 2))
    assert said > 0
