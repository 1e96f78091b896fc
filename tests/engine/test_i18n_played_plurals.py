"""Every plural line a played game writes knows its number: seeded random games of every ruleset, in es/en/it,
log no "plural entry without a count" (the catalogue test renders keys with made-up arguments; this one
renders the arguments the rules really pass)."""

from __future__ import annotations

import logging
import random

import pytest

from game.engine.match import Match
from game.engine.registry import all_rulesets


@pytest.mark.parametrize("rid", [rs.id for rs in all_rulesets()])
def test_played_log_lines_give_every_plural_its_number(rid: str, caplog: pytest.LogCaptureFixture) -> None:
    try:
        m = Match.new(rid, None, ["bot", "bot"], 3)
    except ValueError:  # a ruleset whose first level takes one seat
        m = Match.new(rid, None, ["bot"], 3)
    rng = random.Random(1)
    with caplog.at_level(logging.WARNING, logger="game.engine.i18n"):
        for _ in range(60):
            if m.is_over():
                break
            m.apply(rng.choice(m.legal_actions()))
        for line in m.log:
            for lang in ("en", "es", "it"):
                line.text_for(None, lang)
    assert len(m.log) > 5
    missing = [r.getMessage() for r in caplog.records if "without a count" in r.getMessage()]
    assert missing == []
