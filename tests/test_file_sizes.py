"""Files you can read in one sitting: the app, ui and scene layers keep files and classes small.

Why: issue 12 split the big modules of ``game/app`` and ``game/ui`` by job (the house rule: a
file about 500 lines at most, a class about 400); this keeps them, and every scene (issue 12: no file in
``game/scenes`` over 500 lines, no class over 400), that way as scenes grow.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("game/app", "game/ui", "game/scenes")
MAX_FILE_LINES = 500
MAX_CLASS_LINES = 400


#: the public names each split module had before the split (all importable from it still)
PUBLIC = {
    "game.ui.widgets": (
        "ActionBar", "Banner", "Button", "Colour", "Counter", "Inspector", "LogEntry", "LogPanel", "PhaseTracker",
        "Toast", "Tooltip"
    ),
    "game.ui.anim": (
        "Animation", "AnimationQueue", "Await", "Busy", "Call", "EASINGS", "EPS", "Ease", "EventAnimator", "Func",
        "Group", "Handler", "Parallel", "Prop", "Sequence", "Tween", "Wait", "easing", "fade", "flip", "in_back",
        "in_cubic", "in_out_back", "in_out_cubic", "in_out_quad", "in_quad", "lerp", "linear", "move", "out_back",
        "out_cubic", "out_elastic", "out_quad", "pulse", "set_speed", "shake", "speed"
    ),
    "game.ui.gfx": (
        "Colour", "IMAGE_CACHE_BYTES", "MAX_IMAGE_SIDE", "OKABE_ITO", "PALETTES", "Palette", "SHADOW_CACHE_BYTES",
        "SYMBOLS", "SurfaceCache", "WARM", "bars", "clear_image_cache", "draw_prop", "draw_seat_badge",
        "draw_symbol", "fit_text_size", "font", "highlight", "image_cache_stats", "iter_points_on_circle",
        "lerp_colour", "line_height", "load_image", "load_svg", "palette", "panel", "placeholder", "readable_ink",
        "render", "rounded_rect", "seat_colour", "seat_ink", "seat_symbol", "set_palette", "set_text_scale",
        "shadow", "symbol_points", "text", "text_scale", "text_size", "tinted", "vignette_background", "with_alpha",
        "wrap"
    ),
    "game.ui.dice_tray": (
        "Colour", "CustomDie", "D6_FACES", "DiceTray", "ENTRY_GAP", "ENTRY_WINDOW", "EXPLODE_DELAY", "FELT_DECEL",
        "FELT_SPIN_DECEL", "Face", "HARD_LIMIT", "LABEL_STRIP", "LAST_TUMBLE", "MAX_DICE", "PIPS", "SETTLE_SPEED",
        "SOFT_LIMIT", "STEP", "normalize"
    ),
    "game.ui.input": (
        "Circle", "Click", "ClickEmpty", "Command", "DEFAULT_SHORTCUTS", "DRAG_THRESHOLD", "DragCancel",
        "DragStart", "Drop", "HitRegion", "Hover", "IllegalClick", "InputRouter", "Inspect", "Intent", "Point",
        "Scroll", "SkipAnimation", "gfx_text_not_allowed", "letterbox", "to_logical", "to_window"
    ),
    "game.app.main": (
        "App", "FADE_SECONDS", "FPS", "IDLE_NAP", "IDLE_TIMEOUT_MS", "LOGICAL_SIZE", "SETTLE_SECONDS", "STRINGS",
        "WAKE_EVENT", "enable_dpi_awareness", "load_strings", "run"
    ),
}


def _sources() -> list[Path]:
    """Every Python file of the checked layers."""
    return sorted(p for layer in LAYERS for p in (ROOT / layer).rglob("*.py"))


def test_no_file_in_app_or_ui_is_over_500_lines() -> None:
    files = _sources()
    assert len(files) > 20, "the layers were found"
    long = {str(p.relative_to(ROOT)): n for p in files
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_FILE_LINES}
    assert not long, f"split these by job: {long}"


def test_no_class_in_app_or_ui_is_over_400_lines() -> None:
    big: dict[str, int] = {}
    for p in _sources():
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                n = node.end_lineno - node.lineno + 1
                if n > MAX_CLASS_LINES:
                    big[f"{p.relative_to(ROOT)}:{node.name}"] = n
    assert not big, f"split these by job: {big}"


def test_split_modules_still_export_their_names() -> None:
    """The old import paths keep working for scenes written against them."""
    from game.app.main import LOGICAL_SIZE, WAKE_EVENT, App, load_strings, run
    from game.ui import anim, gfx
    from game.ui.dice_tray import D6_FACES, EXPLODE_DELAY, HARD_LIMIT, CustomDie, DiceTray, Face, normalize
    from game.ui.input import Circle, Click, HitRegion, InputRouter, letterbox, to_logical
    from game.ui.widgets import (ActionBar, Banner, Button, Counter, Inspector, LogPanel, PhaseTracker, Toast,
                                 Tooltip)

    assert LOGICAL_SIZE == (1280, 720) and isinstance(WAKE_EVENT, int)
    assert callable(run) and callable(load_strings) and hasattr(App, "scene_failed") and hasattr(App, "run_once")
    for name in ("Tween", "Sequence", "Parallel", "Prop", "AnimationQueue", "EventAnimator", "set_speed", "move"):
        assert hasattr(anim, name), name
    for name in ("palette", "text", "wrap", "panel", "load_svg", "seat_colour", "draw_prop", "set_text_scale"):
        assert hasattr(gfx, name), name
    assert callable(gfx.palette) and gfx.palette().name in gfx.PALETTES, "gfx.palette is the function"
    assert HARD_LIMIT > EXPLODE_DELAY and normalize([[3]]) and len(D6_FACES) == 6 and Face and CustomDie and DiceTray
    assert Circle and Click and HitRegion and InputRouter and letterbox and to_logical
    assert all((ActionBar, Banner, Button, Counter, Inspector, LogPanel, PhaseTracker, Toast, Tooltip))
    for module, names in PUBLIC.items():
        mod = importlib.import_module(module)
        missing = [n for n in names if not hasattr(mod, n)]
        assert not missing, f"{module} lost {missing}"
