"""Performance measurement for ``python -m game bench`` (DESIGN.md, "Performance budgets"; issue 7).

Every figure is measured in one run next to its floor on the same machine:
start-up against a bare pygame window, busy-board frames against a bare blit
loop of the same sprites, idle CPU, bot decision times, simulate throughput,
peak memory across every scene and, when a bundle exists, the frozen build.
The modules here are imported lazily by ``game.cli.bench`` so that the command
line (and with it the app's start-up) never pays for them.

- ``common``: statistics, child-process helpers, the budgets.
- ``startup``: process start to first menu frame (and the ``--startup-probe`` child side).
- ``positions``: busy positions of every ruleset (played well into a game by bots).
- ``frames``: busy-board frame times and the bare blit floor.
- ``probes``: child processes (idle CPU, peak memory), run as ``python -m game.bench.probes``.
- ``decisions``: bot decision times; ``throughput``: simulate actions/games per second.
- ``frozen``: the PyInstaller bundle, when one was built; ``report``: the table with PASS/MISS.
"""

from __future__ import annotations

from game.bench.common import BUDGETS

__all__ = ["BUDGETS"]
