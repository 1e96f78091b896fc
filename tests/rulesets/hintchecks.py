"""Shared checks for every ruleset's ``explain_hint`` (the hint's sentence why, issue 15 item 2).

Each ruleset's ``tests/rulesets/<id>/test_hints.py`` sets up its own positions; the checks every ruleset
shares live here: seeded random playouts of every shipped level asking for the sentence of every legal
action in es/en/it (it never raises, and it never shows a raw key or a stray placeholder), and the
hidden-information check (two states a seat cannot tell apart get the same sentences).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator

from game.engine.actions import Action
from game.engine.levels import Level, discover_levels
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng

LANGS = ("es", "en", "it")
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def shipped_levels(ruleset: str) -> list[Level]:
    """Every shipped level of a ruleset (mods left out)."""
    return [e.level for e in discover_levels(ruleset, include_mods=False) if e.level is not None]


def seats_for(m_ruleset: Any, level: Level) -> list[SeatSpec]:
    """The fewest seats the level takes, all human (the hint is for the seat in front)."""
    lo, _ = m_ruleset.seat_range(level)
    return [SeatSpec(f"P{i}") for i in range(lo)]


def check_sentence(text: Any, where: str) -> None:
    """A sentence is None (no specific reason) or a finished, translated line."""
    if text is None:
        return
    assert isinstance(text, str) and text.strip(), where
    assert not _PLACEHOLDER.search(text), f"{where}: placeholder left in {text!r}"
    assert ".hint." not in text, f"{where}: raw key {text!r}"


def positions(m: Match, seed: int, limit: int,
              every: int = 1) -> Iterator[tuple[int, dict[str, Any], list[Action]]]:
    """Play a seeded random game (the ruleset's policy half the time) and yield (seat, view, legal) positions."""
    rng = Rng(seed)
    policy = getattr(m.ruleset, "bot_policy", None)
    for step in range(limit):
        if m.is_over():
            return
        seat, legal = m.to_act(), m.legal_actions()
        if seat is None or not legal:
            return
        if step % every == 0:
            yield seat, m.state.view(seat), legal
        act = None
        if policy is not None and rng.randbelow(2):
            act = policy(m.state, seat, legal, rng)
        m.apply(act if act in legal else rng.choice(legal), seat)


def never_raises(ruleset: str, level: Level, seed: int, limit: int, every: int = 1) -> int:
    """Ask for the sentence of every legal action at many positions; return how many said something."""
    m = Match.new(ruleset, level, seats_for(get_ruleset(ruleset), level), seed)
    said = 0
    for i, (seat, view, legal) in enumerate(positions(m, seed, limit, every)):
        lang = LANGS[i % len(LANGS)]
        for a in legal:
            text = m.ruleset.explain_hint(a, view, lang)
            check_sentence(text, f"{level.id} step {i} seat {seat} {a.key} ({lang})")
            said += text is not None
    return said


def same_sentences_for_indistinguishable_states(
        m: Match, seat: int, tries: int = 20,
        differ: Callable[[Any, Any], bool] | None = None) -> int:
    """States the seat cannot tell apart (determinized from its view) get the same sentences; returns how many
    other states were compared (the caller asserts at least one)."""
    view = m.state.view(seat)
    legal = list(m.state.legal_actions())
    real = {a.key: m.ruleset.explain_hint(a, view, "en") for a in legal}
    compared = 0
    for k in range(tries):
        other = m.ruleset.determinize(view, seat, Rng(1000 + k))
        if differ is not None and not differ(other, m.state):
            continue
        if differ is None and other.to_json() == m.state.to_json():
            continue
        other_view = other.view(seat)
        assert other_view == view
        assert {a.key: m.ruleset.explain_hint(a, other_view, "en") for a in other.legal_actions()} == real
        compared += 1
    return compared
