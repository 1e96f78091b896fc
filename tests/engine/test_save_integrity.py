"""Save integrity (issue 16, item 4): every line of a version-3 save carries its checksum, so random bit
flips are refused (or, for the file's last newline, load like a crash's cut line and replay exactly);
version-2 saves without checksums still load."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.bench import saveflip
from game.engine import journal, savefile, saves
from game.engine.registry import all_rulesets

RULESETS = sorted(r.id for r in all_rulesets())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_random_bit_flips_are_refused_or_replay_to_their_snapshot(ruleset_id: str, tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)
    st = saveflip.run(ruleset_id, 60, tmp_path, seed=5, actions=50)
    assert st.flips == 60 and not st.failures, st.failures
    # only a flip of the very last newline may load (it becomes a cut last record, as after a crash)
    assert st.refused >= st.flips - 1, st.to_json()


def test_a_flip_in_a_text_that_would_still_parse_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    saveflip.played_autosave("dungeon", path, 20, seed=3)
    raw = path.read_bytes()
    head = raw.split(b"\n")[1]
    assert b'"seed":' in head
    flipped = raw.replace(b'"seed":', b'"seed": ', 1)  # valid JSON, same meaning: still not the file written
    path.write_bytes(flipped)
    with pytest.raises(saves.SaveError, match=r"head: damaged: its checksum does not match"):
        saves.load_match(path)
    assert saveflip.check_one(path) is None


def _unsealed_v2(raw: bytes) -> bytes:
    """The same save as version 2 wrote it: no checksums, version 2 in the summary line."""
    out = []
    for line in raw.split(b"\n")[:-1]:
        body = savefile.unseal(line)
        assert body is not None
        out.append(body)
    top = json.loads(out[0])
    top["version"] = 2
    out[0] = savefile.dumps(top).encode("utf-8")
    return b"\n".join(out) + b"\n"


def test_version_2_saves_without_checksums_still_load_and_are_continued_as_version_3(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    match = saveflip.played_autosave("skirmish", path, 30, seed=4)
    path.write_bytes(_unsealed_v2(path.read_bytes()))
    back = saves.load_match(path)
    assert back.state.digest() == match.state.digest() and len(back.history) == len(match.history)
    assert saves.replay(saves.load_save(path))[2] == []
    # the next autosave of a version-2 file rewrites it whole (with checksums); the old file is the backup
    legal = back.legal_actions()
    back.apply(legal[0])
    saves.autosave(back, path)
    saves.flush()
    journal.forget(path)
    assert json.loads(path.read_bytes().split(b"\n")[0])["version"] == savefile.SAVE_VERSION == 3
    assert json.loads(saves.backup_path(path).read_bytes().split(b"\n")[0])["version"] == 2
    assert saves.load_match(path).state.digest() == back.state.digest()


def test_seal_and_unseal() -> None:
    line = b'{"n":1,"seat":0}'
    sealed = savefile.seal(line)
    assert json.loads(sealed)["c"] == sealed[-10:-2].decode()
    assert savefile.unseal(sealed) == line
    assert savefile.unseal(line) is None
    assert savefile.unseal(sealed.replace(b'"n":1', b'"n":2')) is None
    assert savefile.unseal(sealed[:-3] + b'X"}') is None
    with pytest.raises(ValueError):
        savefile.seal(b"{}")
