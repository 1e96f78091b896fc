"""The dungeon table is made of panes over the typed view: no pane reads rule state or string-keyed view
dicts, nothing passes unknown attributes through to the scene, every pane records the text it draws,
and the files and classes stay small."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from tests.scenes.dungeon.conftest import frames, start

SCENE_DIR = Path(__file__).resolve().parents[3] / "game" / "scenes" / "dungeon"


def _sources() -> dict[str, str]:
    return {str(p.relative_to(SCENE_DIR)): p.read_text(encoding="utf-8") for p in sorted(SCENE_DIR.rglob("*.py"))}


def test_panes_read_no_rule_state_and_no_view_dicts() -> None:
    for name, src in _sources().items():
        assert not re.search(r"\.state\b", src), f"{name} reads the rule state"
        assert not re.search(r"view\.get\(|\[\"players\"\]", src), f"{name} looks view keys up by string"
        if name != "scene.py":  # the scene builds the typed view from the base's view dict; panes never touch it
            assert not re.search(r"\.view\b", src), f"{name} reads the view dict"
        assert "__getattr__" not in src and "__setattr__" not in src, f"{name} passes attributes through"
        assert "ScenePart" not in src and "_OWNED" not in src, name


def test_files_and_classes_stay_small() -> None:
    for name, src in _sources().items():
        assert src.count("\n") <= 500, f"{name} has {src.count(chr(10))} lines"
        for node in ast.walk(ast.parse(src)):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= 400, f"{name}: class {node.name} has {size} lines"


def test_every_pane_that_draws_words_records_them(app: Any) -> None:
    scene = start(app)
    frames(app, 3)
    drawn = {p.name: [r.text for r in p.drawn()] for p in scene.panes if hasattr(p, "drawn")}
    assert drawn["village"] and drawn["hand"] and drawn["whatnow"] and drawn["heroes"], drawn
    assert scene.seat_name(0) in " ".join(drawn["hand"]), "the hero card names the seat"
    assert [r.text for r in scene.drawn_texts()] == [x for p in scene.panes if hasattr(p, "drawn")
                                                    for x in drawn[p.name]]
    assert scene.text_problems() == []
