"""The dungeon tracker names the phase the player watches being played out (issue 15, left from session 7):
after the last Dungeon move the table replays every seat's Resolution and then the Village summary, while the
state the chrome shows is still frozen before that move; the tracker stayed on "Dungeon" all along. It now
lights Resolution, then Village, as their replays play, and reaches the next phase when it really starts."""

from __future__ import annotations

from typing import Any

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from tests.scenes.dungeon.conftest import frames, start, wait_until


def _lit(scene: Any) -> str | None:
    tracker = scene.chrome.tracker
    return tracker.phases[tracker.current] if tracker.current is not None else None


def test_tracker_follows_the_resolution_and_village_replays(app: Any) -> None:
    scene = start(app, "standard", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], seed=11)
    app.settings.animation_speed = 3.0
    scene.on_settings_changed()
    while scene.match.state.phase == "dungeon" and not scene.match.is_over():
        if not wait_until(app, lambda: scene.can_act() or scene.match.state.phase != "dungeon", 30):
            break
        if scene.match.state.phase != "dungeon":
            break
        legal = scene.legal
        scene.act(legal[-1] if scene.match.state.players[0].status == "place" else legal[0])
        frames(app, 1)
    resolution, village, dungeon = (t("dscene.phase.resolution"), t("dscene.phase.village"),
                                    t("dscene.phase.dungeon"))
    seen: list[str | None] = []
    for _ in range(900):
        app.step([], 1 / 30)
        lit = _lit(scene)
        if scene.resolution.replay is not None:
            assert lit == resolution, "a Resolution replay plays under a tracker on " + str(lit)
        if scene.village.lines is not None:
            assert lit == village, "the Village summary shows under a tracker on " + str(lit)
        if not seen or seen[-1] != lit:
            seen.append(lit)
        if not scene.queue.busy and scene.driver.frozen is None:
            break
    frames(app, 3)
    assert resolution in seen and village in seen, seen
    assert seen.index(resolution) < seen.index(village)
    after = seen[seen.index(village):]
    assert dungeon not in after[:1] and resolution not in after, seen  # never back to an earlier phase
    assert _lit(scene) == scene.chrome.tracker_state(scene.view)["current"], "the real phase once released"
