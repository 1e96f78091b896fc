"""Frozen payload references: equal by value, hashable, immutable, arguments frozen."""

from __future__ import annotations

import dataclasses

import pytest

from game.ui.payload import Ref, freeze


def test_refs_are_equal_by_value_and_hashable() -> None:
    a, b = Ref.of("deck", 0), Ref.of("deck", 0)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Ref.of("deck", 1) and a != Ref.of("discard", 0)
    assert a.is_("deck") and a[0] == 0 and len(a) == 1
    assert repr(a) == "deck(0)"


def test_ref_arguments_are_frozen_and_the_ref_cannot_change() -> None:
    r = Ref.of("cards", ["a", "b"], {"z": 1, "y": [2]})
    assert r.args == (("a", "b"), (("y", (2,)), ("z", 1)))
    hash(r)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.kind = "other"  # type: ignore[misc]


def test_freeze_refuses_unhashable_leaves() -> None:
    assert freeze({"b", "a"}) == ("a", "b")
    with pytest.raises(TypeError):
        freeze(bytearray(b"x"))
