"""State JSON and whole saves written before the kernel port (state version 1) still load and play on."""

from __future__ import annotations

import copy
import json

from game.engine.rng import Rng
from game.rulesets.skirmish import RULESET


def test_state_json_written_before_the_port_still_loads():
    """tests/rulesets/skirmish/data/state_v1_tutorial.json was written by state version 1 (embedded level)."""
    from pathlib import Path

    fixture = json.loads((Path(__file__).parent / "data" / "state_v1_tutorial.json").read_text(encoding="utf-8"))
    old = fixture["state"]
    assert old["version"] == 1 and "bodies" in old["level"] and old["window"] is not None
    st = RULESET.from_json(copy.deepcopy(old))
    assert st.to_json()["version"] == 2 and st.to_json()["level"]["hash"] == st.level.content_hash
    assert [a.key for a in st.legal_actions()] == fixture["legal"]
    assert st.chain == old["chain"]
    rng = Rng(fixture["continuation_seed"])
    for step in fixture["continuation"]:
        action = rng.choice(st.legal_actions())
        assert action.key == step["action"]
        events = st.apply(action)
        assert [[e.kind, json.loads(json.dumps(e.data))] for e in events] == step["events"]


def test_a_match_saved_before_the_port_loads_replays_and_undoes(tmp_path):
    """tests/rulesets/skirmish/data/save_v1_tutorial.json is a whole save written by the code before the port."""
    import shutil
    from pathlib import Path

    from game.engine import saves

    src = Path(__file__).parent / "data" / "save_v1_tutorial.json"
    raw = json.loads(src.read_text(encoding="utf-8"))
    assert raw["snapshot"]["version"] == 1 and "bodies" in raw["snapshot"]["level"]
    path = tmp_path / "old.json"
    shutil.copy(src, path)
    match = saves.load_match(path)
    assert match.state.to_json()["version"] == 2 and match.state.to_act() is not None
    state, digest, problems = saves.replay(saves.load_save(path))
    assert problems == [] and digest == match.state.digest()
    # a version-1 save carries no undo anchor: undo never reaches behind the load point (the save
    # format's rule, docs/SAVES.md), but an action played after loading can be undone
    assert match.can_undo(match.history[-1].seat) == (False, "undo.barrier")
    seat = match.to_act()
    before = len(match.history)
    match.apply(match.legal_actions()[0])
    assert not match.history[-1].barrier and match.can_undo(seat)[0]
    match.undo(seat)
    assert len(match.history) == before
    saves.save_match(match, tmp_path / "new.json")
    again = saves.load_match(tmp_path / "new.json")
    assert again.state.digest() == match.state.digest()
    assert len(json.dumps(again.state.to_json())) < len(json.dumps(raw["snapshot"])) / 2
