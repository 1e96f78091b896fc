"""Issue 15 item 12: action arguments are type-checked, so ``True`` is not taken for the number 1."""

from __future__ import annotations

import pytest

from game.engine.actions import Action, same_action, type_mismatch
from game.engine.protocol import IllegalAction
from tests.rulesets.dungeon.helpers import make_level, new


def _with_bools(action: Action) -> Action:
    """The same action with every number 1 (or 0) written as True (or False)."""
    return Action(action.kind, tuple((k, bool(v) if isinstance(v, int) and v in (0, 1) else v)
                                     for k, v in action.args))


def test_issue15_12_true_is_not_one() -> None:
    a, b = Action.of("place", floor=1, space=1), Action.of("place", floor=True, space=True)
    assert a == b  # Python's own equality cannot tell them apart...
    assert not same_action(a, b)  # ...the kernel's can
    assert type_mismatch(b, a) == ("floor", "yes/no", "number")
    assert same_action(a, Action.of("place", space=1, floor=1))
    assert not same_action(Action.of("x", v=[1, 2]), Action.of("x", v=[True, 2]))


def test_issue15_12_apply_refuses_a_bool_for_a_number() -> None:
    st = new(make_level())
    legal = [a for a in st.legal_actions() if any(isinstance(v, int) and not isinstance(v, bool)
                                                 and v in (0, 1) for _, v in a.args)]
    while not legal:  # walk on until an action with a 0 or 1 argument is offered
        st.apply(st.legal_actions()[0])
        legal = [a for a in st.legal_actions() if any(isinstance(v, int) and not isinstance(v, bool)
                                                     and v in (0, 1) for _, v in a.args)]
    good = legal[0]
    bad = _with_bools(good)
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply(bad)
    assert "wrong type" in str(err.value)
    assert st.to_json() == before  # refused without touching the state
    st.apply(good)  # the well-typed twin is still accepted
