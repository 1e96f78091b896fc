"""Issue 15 item 6: a damage count agrees with its noun in every language ("1 danno", "2 danni")."""

from __future__ import annotations

import pytest

from game.engine.events import Event
from game.engine.levels import get_level
from game.engine.match import Match


@pytest.mark.parametrize(("damage", "it_word"), [(1, "1 danno"), (2, "2 danni")])
def test_issue15_6_monster_and_trap_damage_agree_with_the_count(damage: int, it_word: str) -> None:
    st = Match.new("dungeon", get_level("dungeon", "standard"), ["Ana", "Bea"], 6).state
    attacked = Event("MonsterAttacked", {"seat": 0, "monster": "rat", "damage": damage, "blocked": 1})
    sprung = Event("TrapSprung", {"seat": 0, "trap": "spikes", "damage": damage})
    for ev in (attacked, sprung):
        line = st.describe_event(ev, "it")
        assert line is not None and it_word in line, line
        assert "{" not in line and "danni" not in line.replace("2 danni", "")
        for lang in ("en", "es"):
            words = st.describe_event(ev, lang)
            assert words is not None and f"{damage} " in words and "{" not in words, words


def test_issue15_6_one_point_of_damage_is_singular_in_italian_in_every_ruleset() -> None:
    """Every log line about damage taken or removed agrees with its number in Italian ("1 danno")."""
    from game.engine.i18n import t

    one = [t("dungeon.event.hurt_by", "it", who="Ana", token="Trappola", count=1),
           t("sanctuary.event.damage", "it", target="Ana", n=1),
           t("skirmish.event.damage", "it", who="Ana", amount=1, count=1),
           t("skirmish.event.healed", "it", who="Ana", amount=1, count=1)]
    assert all("1 danno" in line for line in one), one
    two = [t("dungeon.event.hurt_by", "it", who="Ana", token="Trappola", count=2),
           t("sanctuary.event.damage", "it", target="Ana", n=2),
           t("skirmish.event.damage", "it", who="Ana", amount=2, count=2)]
    assert all("2 danni" in line for line in two), two
