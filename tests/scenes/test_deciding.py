"""``driver.deciding()``: who decides now and whether a human here plays that seat, read by panes.

Panes never ask the match who is to act (issue 12: panes read the driver or the typed view); the
sanctuary panes' prompt, waiting reason and mulligan box follow what the driver answers.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from game.rulesets.sanctuary.views import SanctuaryView
from tests.scenes.driving import frames, open_game

ROOT = Path(__file__).resolve().parents[2]


def _sanctuary(app: Any, seats: list[Any]) -> Any:
    from game.engine.levels import get_level

    return open_game(app, "sanctuary", get_level("sanctuary", "quick"), seats, 3)


def test_deciding_names_the_seat_to_act_and_whether_a_human_plays_it(app: Any) -> None:
    scene = _sanctuary(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    match, driver = scene.match, scene.driver
    seen = set()
    for _ in range(400):
        seat = match.to_act()
        assert driver.deciding() == (seat, seat == 0 if seat is not None else False)
        if seat is None:
            break
        seen.add(seat)
        match.apply(match.legal_actions()[0])
    assert seen == {0, 1}, "both the human's and the bot's decisions were checked"


def test_sanctuary_panes_take_the_deciding_seat_from_the_driver(app: Any) -> None:
    from game.scenes.sanctuary.geometry import PHASE_SHOWN_AS

    scene = _sanctuary(app, [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")])
    frames(app, 2)
    view = SanctuaryView.from_view(scene.view)
    me, other = scene.viewer, 1 - scene.viewer
    phase = t(f"sanctuary.phase.{PHASE_SHOWN_AS.get(view.phase, view.phase)}")

    def waiting(seat: int) -> str:
        return t("sanctuary_scene.prompt.waiting", name=scene.seat_name(seat), phase=phase)

    answers: dict[str, tuple[int | None, bool]] = {}
    scene.driver.deciding = lambda: answers["now"]  # type: ignore[method-assign]
    answers["now"] = (None, False)
    assert scene.middle.prompt_text(view) == t("sanctuary_scene.prompt.over")
    assert scene.table_regions.waiting_reason() == t("sanctuary_scene.prompt.over")
    answers["now"] = (other, False)
    assert scene.middle.prompt_text(view) == waiting(other)
    assert scene.table_regions.waiting_reason() == t("game.waiting_for", name=scene.seat_name(other))
    answers["now"] = (me, False)  # the seat in front, were a bot playing it: the prompt waits for it
    assert scene.middle.prompt_text(view) == waiting(me)
    answers["now"] = (me, True)
    assert scene.middle.prompt_text(view) not in (waiting(me), t("sanctuary_scene.prompt.over")), \
        "the player deciding is told what to do, not to wait"


def test_sanctuary_scene_never_asks_the_match_who_decides() -> None:
    pattern = re.compile(r"\bmatch\.(to_act|is_bot)\(")
    found = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "game" / "scenes" / "sanctuary").rglob("*.py"))
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert not found, f"ask the driver (driver.deciding()) instead: {found}"
