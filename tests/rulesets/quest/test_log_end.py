"""The match log's last line when a quest is lost: the players lose together, which is not a draw
(found in the real window: the result said "Nobody wins", the log said "A draw.")."""

from __future__ import annotations

from game.engine.i18n import t
from game.engine.match import Match
from game.engine.rng import Rng


def test_a_lost_quest_ends_the_log_with_the_quest_lost_not_a_draw() -> None:
    rng = Rng(4)
    m = Match.new("quest", "tutorial", ["human"], 7)
    while not m.is_over():
        legal = m.legal_actions()
        m.apply(rng.choice(legal), m.to_act())
    res = m.result()
    assert res is not None and res.winners == (), "random play loses the tutorial quest"
    last = m.log[-1]
    for lang in ("en", "es", "it"):
        assert last.text_for(0, lang) == t("quest.result.nobody", lang)
        assert last.text_for(0, lang) != t("result.draw", lang)
