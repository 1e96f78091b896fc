"""The expedition's events as animations: a hero's token slides square by square along the rules' path
(from where it stood), monsters pop up around the hero, a battle's result is a banner back on the map,
gold won floats over the hero; and every pane keeps to the file and class size rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.engine.events import Event
from game.engine.i18n import t
from game.scenes.expedition.panes.marks import path_to
from tests.scenes.expedition.conftest import frames, start


def test_a_walk_slides_the_token_square_by_square_from_where_it_stood(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    board = scene.reader.board()
    hero = board.hero(0)
    x, y, _cost = max(scene.reader.ev.reach, key=lambda r: r[2])
    path = path_to(board, hero.at, (x, y))
    assert scene.map.drawn_at[0] == hero.at
    walk = scene.map.animate([Event("HeroMoved", {"seat": 0, "to": [x, y], "path": [list(p) for p in path]})],
                             scene.reader.ev)[0]
    walk.start()
    walk.update(0.001)
    seen = [scene.map.shown[0]["p"]]
    for _ in range(len(path) * 4):
        walk.update(0.04)
        if 0 in scene.map.shown:
            seen.append(scene.map.shown[0]["p"])
    assert abs(seen[0][0] - hero.at[0]) + abs(seen[0][1] - hero.at[1]) < 0.1, "the walk starts where the token stood"
    assert any(p not in {(float(a), float(b)) for a, b in [hero.at] + path} for p in seen), "it slides between"
    walk.finish()
    assert 0 not in scene.map.shown, "at the end the token stands on its square"


def test_monsters_pop_up_around_the_hero(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    ev = scene.reader.ev
    e = Event("MonstersAppeared", {"seat": 0, "monster": "wolf", "count": 2, "at": [[1, 1], [2, 1]]})
    pop = scene.map.animate([e], ev)[0]
    pop.start()
    pop.update(0.001)
    assert set(scene.map.pop) == {"wolf-0", "wolf-1"} and all(v < 0.5 for v in scene.map.pop.values())
    pop.finish()
    assert scene.map.pop == {}


def test_seed000_2_5_battle_result_banner_and_gold_over_the_hero(app: Any) -> None:
    scene = start(app)
    frames(app, 2)
    events = [Event("BattleEnded", {"seat": 0, "won": True, "defeated": 2, "count": 2, "heroes": []}),
              Event("RewardTaken", {"seat": 0, "gold": 8, "items": []})]
    for a in scene.reader.outcome(events):
        scene.queue.play(a)
    frames(app, 3)
    assert scene.banner.text == t("expedition_scene.battle_won")
    assert t("expedition_scene.battle_sub", n=2, m=2) in scene.banner.sub
    seen = set()
    for _ in range(30):
        frames(app, 1)
        seen |= {f.text for f in scene.map.floats.items}
    assert "+8" in seen, "the gold won floats over the hero"


def test_scene_files_and_classes_stay_small() -> None:
    import ast

    root = Path(__file__).resolve().parents[3] / "game" / "scenes" / "expedition"
    for path in root.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert len(source.splitlines()) <= 500, f"{path.name} is over 500 lines"
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                assert size <= 400, f"{path.name}: class {node.name} has {size} lines"


def test_issue15_the_monster_die_names_its_monster_whole_and_the_tray_says_who_comes(app: Any,
                                                                                      monkeypatch: Any) -> None:
    """The monsters roll's die shows the monster's first word whole (on two lines when the die is narrow,
    never "Saquead"), and the tray's words say "2 × <monster>" instead of a meaningless total."""
    from game.engine.events import dice_rolled
    from game.ui import gfx
    from game.ui.dice_tray.faces import Face

    scene = start(app)
    frames(app, 2)
    mid = next(iter(scene.reader.model.monsters))
    name = scene.reader.monster(mid)[0]
    ev = dice_rolled(0, "monsters", [mid, 2], 2, seat=0)
    face = scene.reader.dice_faces(ev)[0]
    assert isinstance(face, Face) and face.label == name.split()[0]
    assert scene.reader.roll_words(ev) == f"2 × {name}"
    assert scene.reader.roll_words(dice_rolled(0, "escape", [3, 5], 8, seat=0)) is None
    drawn: list[str] = []
    real = gfx.text
    monkeypatch.setattr(gfx, "text", lambda surf, s, *a, **k: (drawn.append(s), real(surf, s, *a, **k))[1])
    gfx.set_text_scale(1.5)
    try:
        scene.dice_tray.die_surface(Face("Strillatrice"), None, 56)
    finally:
        gfx.set_text_scale(1.0)
    assert drawn and "".join(drawn).replace("\n", "").replace("-", "") == "Strillatrice", drawn
    assert not any(s.endswith("…") for s in drawn)
