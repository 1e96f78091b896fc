"""The shared input and animation layer every scene draws with.

Modules (import what you need; none of them imports game.app or game.scenes):

- ``gfx`` (a package, like ``anim``, ``input``, ``widgets`` and ``dice_tray``: split by job,
  every name re-exported by the package): palettes (warm tabletop, Okabe-Ito colour-blind safe), seat colours
  and symbols, fonts and text drawing, cached SVG/PNG loading, rounded panels.
- ``anim``: easings, tweens, sequential/parallel groups, the AnimationQueue
  (blocking, speed, skip) and the EventAnimator mapping engine events to motion
  and sound.
- ``input``: HitRegion and InputRouter turning pygame events into Intents.
- ``widgets``: Tooltip, Toast, LogPanel, Inspector, PhaseTracker, Button,
  ActionBar, Counter, Banner.
- ``layout``: Grid, CardFan, Row, Stack and fit-to-rect helpers.
- ``dice_tray``: the pymunk dice tray showing faces the rules already rolled.
- ``physics``: pymunk flights for chips leaving a bag and cards flicked to a pile.
- ``sound``: synthesized sound effects with volume and mute.
- ``text``: text fitting (shrink, "…", names between words, wrapped blocks)
  and the record of what was drawn (``text_problems`` for every scene).
- ``floaters``, ``drops``, ``payload``, ``layers``: floating numbers, the drop
  matcher, frozen payload references, cached static layers.
- ``cards``: card frames, the pile overlay and arrows of card tables.
"""

from __future__ import annotations

from pathlib import Path

from game.engine import i18n

i18n.load_catalog(Path(__file__).with_name("strings.toml"))
