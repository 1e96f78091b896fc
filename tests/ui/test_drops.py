"""The drop matcher: only legal candidates match, rules are tried in order, redirects give a second try,
and accepts() says why a drop is refused."""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import Action
from game.ui.drops import DropMatcher


@dataclass(frozen=True)
class Zone:
    name: str


def _matcher(legal: set[Action]) -> DropMatcher:
    m = DropMatcher(lambda: legal, reason=lambda payload, target: f"not on {target.name}")
    m.rule(lambda a, z: a.kind == "play" and a.get("zone") == z.name)
    m.rule(lambda a, z: a.kind == "discard" and z.name == "bin")
    return m


def test_a_drop_means_the_first_legal_candidate_a_rule_pairs_with_the_target() -> None:
    row, col, trash = (Action.of("play", zone="row"), Action.of("play", zone="col"), Action.of("discard"))
    m = _matcher({row, col, trash})
    assert m.match([row, col, trash], Zone("col")) == col
    assert m.match([row, col, trash], Zone("bin")) == trash
    assert m.match([row, col], Zone("bin")) is None
    assert m.targets([row, trash], [Zone("row"), Zone("col"), Zone("bin")]) == [Zone("row"), Zone("bin")]


def test_illegal_candidates_and_odd_payloads_never_match() -> None:
    row = Action.of("play", zone="row")
    m = _matcher(set())
    assert m.match([row], Zone("row")) is None, "no longer legal"
    assert m.match("card-7", Zone("row")) is None and m.match(None, Zone("row")) is None


def test_accepts_gives_the_reason_or_none() -> None:
    row = Action.of("play", zone="row")
    m = _matcher({row})
    assert m.accepts(Zone("row"))([row]) is None
    assert m.accepts(Zone("col"))([row]) == "not on col"


def test_a_redirect_tries_another_target() -> None:
    row = Action.of("play", zone="row")
    m = _matcher({row})
    m.redirect(lambda target: Zone("row") if target.name == "my-card" else None)
    assert m.match([row], Zone("my-card")) == row
    assert m.match([row], Zone("their-card")) is None
