"""Which drawn text is cut ("…") or shows a raw translation key, on every screen, per language and text size.

    python tools/cutsweep.py [--langs es,en,it] [--sizes normal,huge] [--frames 60] [--only NAME] [--seed 1]
                             [--overlaps]

Runs ``python -m game smoke``'s scenes (menus, dialogs, every ruleset's level list, rules, seats and game
scenes on every shipped level, with random input) once per language and text size, and records every line
of text the frames render through the shared font layer (``game.ui.gfx.fonts.render``). A line is reported

- **cut** when it ends in "…" and no catalogue string ends that way on purpose ("Preparing the replay…");
- **raw key** when it looks like a catalogue key (``dscene.what_now``) instead of words.

With ``--overlaps`` it also reports text that ends a frame **partly hidden** (a tile or chip over part of
a line) or **text on text** (two visible lines whose glyphs touch), from the finished frame's pixels
(``tools/overlaps.py``).

The report lists, per scene, each such line once with the language/size combinations it was seen in
(issue 15: "screenshots at normal and huge text in es/en/it show no cut, overlapping or untranslated text").
Exit status 1 when anything was found. Random input reaches many states but not all: a clean sweep is
evidence, not proof; the scene tests check the states that matter with ``TextRecorder.problems()``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ELLIPSIS = "…"
KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
NOT_KEYS = (".toml", ".json", ".log", ".png", ".svg", ".py")


def _purposeful() -> list[re.Pattern[str]]:
    """Patterns of catalogue strings that end in "…" on purpose (placeholders match anything)."""
    from game.engine import i18n

    out = []
    for entry in i18n.catalog_keys().values():
        for text in entry.values():
            if isinstance(text, str) and text.rstrip().endswith(ELLIPSIS):
                parts = re.split(r"\{[^}]*\}", text.rstrip())
                out.append(re.compile("^" + ".*".join(re.escape(p) for p in parts) + "$", re.S))
                # a wrapped string's last line ("move…" of "Thinking about your move…") ends the same way
                tail = parts[-1].split()
                for k in range(1, len(tail) + 1):
                    if " ".join(tail[-k:]) == ELLIPSIS:
                        continue  # a lone "…" is a cut, whatever a catalogue ends with
                    out.append(re.compile("^" + re.escape(" ".join(tail[-k:])) + "$"))
    return out


class Sweep:
    """Collects findings: (kind, scene, text) -> set of "lang/size" seen in."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        self.scene = "?"
        self.combo = "?"

    def look(self, s: str) -> None:
        """Classify one rendered line."""
        line = s.strip()
        if not line:
            return
        if line.endswith(ELLIPSIS):  # purposeful ones are left out at the end, once every catalogue is loaded
            self.found[("cut", self.scene, line)].add(self.combo)
        elif KEY.match(line) and not line.endswith(NOT_KEYS):
            self.found[("raw key", self.scene, line)].add(self.combo)


def _patch(sweep: Sweep) -> None:
    """Route the font layer's line rendering through ``sweep.look`` (the cache still serves the surface), and
    pygame_gui's "Label Rect is too small for text" warnings (its labels draw their own text) into the report."""
    import warnings

    def warned(message: Any, category: Any, filename: str, lineno: int, file: Any = None, line: Any = None) -> None:
        text = str(message)
        if "too small for text" in text:
            sweep.found[("label too small", sweep.scene, text)].add(sweep.combo)

    warnings.showwarning = warned
    warnings.simplefilter("always")
    from game.ui import gfx
    from game.ui.gfx import fonts

    original = fonts.render

    def render(s: str, size: int, colour: Any, bold: bool = False) -> Any:
        sweep.look(s)
        return original(s, size, colour, bold)

    fonts.render = render  # type: ignore[assignment]
    gfx.render = render  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    """Run the sweep and print the report."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--langs", default="es,en,it")
    ap.add_argument("--sizes", default="normal,huge")
    ap.add_argument("--frames", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only")
    ap.add_argument("--overlaps", action="store_true",
                    help="also report text partly hidden or lying on other text (tools/overlaps.py)")
    ap.add_argument("--shots", help="with --overlaps: save the first frame of each finding in this folder")
    args = ap.parse_args(argv)

    from game.cli.smoke import Smoke
    from game.engine import paths

    sweep = Sweep()
    _patch(sweep)
    watches: list[Any] = []

    class Swept(Smoke):
        """Smoke whose every scene starts in the swept language and size, and names itself to the sweep."""

        lang = "en"
        size = "normal"

        def run_scene(self, name: str, make: Any, gentle: bool = False, quiet: bool = False) -> None:
            old = self.app.settings
            new = type(old)(**{**vars(old), "language": self.lang, "text_size": self.size})
            self.app.settings = new
            self.app.apply_settings(old)
            sweep.scene = name
            for mod in [m for n, m in sys.modules.items() if n.startswith("game.scenes.") and n.endswith(".cards")]:
                clear = getattr(mod, "clear_cache", None)
                if callable(clear):
                    clear()  # painted card faces are cached: a cut name is seen in the scene that paints it
            if args.overlaps and not getattr(self.app, "_watched", False):
                from tools.overlaps import OverlapWatch

                shots = Path(args.shots) if args.shots else None
                if shots is not None:
                    shots.mkdir(parents=True, exist_ok=True)
                watch = OverlapWatch(lambda kind, words: sweep.found[(kind, sweep.scene, words)].add(sweep.combo),
                                     shots)
                watch.install(self.app)
                self.app._watched = True
                watches.append(watch)
            super().run_scene(name, make, gentle, quiet)

    with paths.temporary_home("mesa-cutsweep-"):
        for lang in args.langs.split(","):
            for size in args.sizes.split(","):
                smoke = Swept(args.frames, args.seed, None, args.only)
                smoke.lang, smoke.size = lang, size
                sweep.combo = f"{lang}/{size}"
                smoke.run_all()
                for f in smoke.failures:
                    print(f"smoke failure ({lang}/{size}): {f}")
    purposeful = _purposeful()
    rows = sorted(((k, v) for k, v in sweep.found.items()
                   if not (k[0] == "cut" and any(p.match(k[2]) for p in purposeful))), key=lambda kv: (kv[0][1], kv[0][0], kv[0][2]))
    for (kind, scene, text), combos in rows:
        print(f"{scene}\t{kind}\t{','.join(sorted(combos))}\t{text}")
    if watches:
        print(f"overlaps: {sum(w.frames for w in watches)} settled frame(s) checked")
    print(f"cutsweep: {len(rows)} finding(s)")
    return 1 if rows else 0


if __name__ == "__main__":
    sys.exit(main())
