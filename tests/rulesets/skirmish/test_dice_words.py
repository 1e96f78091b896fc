"""Every check in the log shows each die and the stat that make its total ("1 + 2 + 1 + Str 1 = 5"),
in es, en and it (issue 15, item 5)."""

from __future__ import annotations

import re

from game.engine.levels import get_level
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from game.rulesets.skirmish.ruleset import RULESET


def _checks(limit: int = 400) -> list[tuple[dict, dict]]:
    """(event data, log text per language) of the check rolls of a bot-played tutorial fight."""
    m = Match.new("skirmish", get_level("skirmish", "tutorial"),
                  [SeatSpec("Ana", "bot", "easy"), SeatSpec("Dark", "bot", "easy")], 5)
    rng = Rng(3)
    out = []
    for _ in range(limit):
        if m.is_over():
            break
        seat = m.to_act()
        result = m.apply(RULESET.bot_policy(m.state, seat, m.legal_actions(), rng), seat)
        for e in result:
            if e.kind == "DiceRolled" and e.data.get("purpose") == "check":
                out.append((e.data, {lang: m.state.describe_event(e, lang) for lang in ("en", "es", "it")}))
        if len(out) >= 6:
            break
    return out


def test_check_log_line_adds_up_each_die_and_the_stat() -> None:
    checks = _checks()
    assert len(checks) >= 3
    for data, text in checks:
        dice = data["dice"]
        terms = re.findall(r"\d+", text["en"].split(" rolls ", 1)[1].split(" against ")[0])
        assert f"= {data['total']} against" in text["en"], text["en"]
        assert len(terms) >= len(dice) + 1, "each die, the bonus and the total are shown"
        stat = RULESET_STAT(data["act"])
        if stat:
            assert f"+ {stat} {data['modifier']} =" in text["en"] or f"− {stat} {-data['modifier']} =" in text["en"]
        for lang in ("es", "it"):
            assert f"= {data['total']}" in text[lang]


def RULESET_STAT(act: str) -> str | None:  # noqa: N802 - reads like the rule it checks
    """The short name of the stat an action's check adds (from the tutorial level)."""
    model = get_level("skirmish", "tutorial").model
    check = model.actions[act].check
    return {"str": "Str", "def": "Def", "per": "Per", "mag": "Mag"}.get(check.offense) if check else None
