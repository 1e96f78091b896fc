"""docs/LEVELS.md's quest example is a complete mod scenario: it validates from the mods folder (reusing the
shipped cards with ``shipped:`` includes), bots play it to the end, and the typo the guide shows is
reported as the guide says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine.levels import LevelError, load_level_file
from game.engine.rng import Rng
from game.rulesets.quest import RULESET

DOC = Path(__file__).resolve().parents[3] / "docs" / "LEVELS.md"


def _example() -> str:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- quest-example -->\s*```toml\n(.*?)```", text, re.S)
    assert found, "docs/LEVELS.md lost its quest example"
    return found.group(1)


@pytest.fixture
def mods(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    folder = tmp_path / "home" / "data" / "mods" / "quest"
    folder.mkdir(parents=True)
    return folder


def test_the_guides_quest_example_validates_and_is_played_to_the_end(mods: Path):
    path = mods / "hollow_bell.toml"
    path.write_text(_example(), encoding="utf-8")
    level = load_level_file(path)
    m = level.model
    assert level.id == "hollow_bell"
    assert {"bell_keeper", "bell_ringer", "cracked_peal"} <= {c.id for c in m.cards}
    assert m.allowed_decks == ["bell_wardens", "hearth_steel", "tide_root"]
    assert sum(m.encounter.values()) >= 30 and len(m.stages) == 2
    for seats in (1, 2):
        st = RULESET.new_game(level, ["bot"] * seats, 3)
        rng = Rng(3)
        while st.to_act() is not None:
            st.apply(RULESET.bot_policy(st, st.to_act(), st.legal_actions(), rng))
            assert st.invariants() == []
        assert st.result() is not None


def test_the_guides_typo_message(mods: Path):
    path = mods / "hollow_bell.toml"
    path.write_text(_example().replace("wild_grey_wolf = 4", "wild_grey_wolff = 4"), encoding="utf-8")
    with pytest.raises(LevelError) as exc:
        load_level_file(path)
    assert "encounter.wild_grey_wolff: unknown card (did you mean 'wild_grey_wolf'?)" in str(exc.value)
    assert "hollow_bell.toml" in str(exc.value)
