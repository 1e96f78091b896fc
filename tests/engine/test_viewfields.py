"""game/engine/viewfields.py: a view's fields read as typed values, a malformed field as an empty one
(the sanctuary and quest view records read through these)."""

from __future__ import annotations

from game.engine.viewfields import as_dict, as_ids, as_int, as_str


def test_good_fields_come_through() -> None:
    assert as_int(7) == 7 and as_dict({"a": 1}) == {"a": 1} and as_str("x") == "x"
    assert as_ids(["c1", "c2"]) == ("c1", "c2") and as_ids(("c1",)) == ("c1",)


def test_malformed_fields_become_empty_values() -> None:
    assert as_int(True) == 0 and as_int("3") == 0 and as_int(None, 5) == 5 and as_int(2.5, -1) == -1
    assert as_dict([1]) == {} and as_dict(None) == {}
    assert as_ids("c1") == () and as_ids(["c1", 3, None, "c2"]) == ("c1", "c2") and as_ids({"c1": 1}) == ()
    assert as_str(3) is None and as_str(None) is None


def test_the_view_records_read_through_them() -> None:
    from game.rulesets.quest import views as quest_views
    from game.rulesets.sanctuary import views as sanctuary_views

    for mod in (quest_views, sanctuary_views):
        assert mod._int is as_int and mod._dict is as_dict and mod._ids is as_ids
    assert quest_views._str is as_str
