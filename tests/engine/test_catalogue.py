"""The level catalogue: unchanged files are not read again, changed files and includes are,
folders past the cap are reported, and messages still name file and field.

Runs against the private ``levelgame`` ruleset and temporary folders (tests/engine/_levelgame.py).
Files get an explicit modification time so the tests do not depend on the clock's resolution,
except where the "racy" case (a change within the same clock tick) is the point.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from game.engine import catalogue, levelrefs, levelscan
from game.engine.levels import LevelError, count_levels, discover_levels, get_level
from tests.engine._levelgame import GOOD_LEVEL, LevelEnv, level_env  # noqa: F401 - fixture
from tests.engine.test_validate_cli import _run

HOUR_AGO = time.time_ns() - 3600 * 10**9


def _age(*files: Path, ns: int = HOUR_AGO) -> None:
    """Give files an old modification time (installed long ago)."""
    for f in files:
        os.utime(f, ns=(ns, ns))


def _write_old(env: LevelEnv, folder: Path, name: str, text: str, ns: int = HOUR_AGO) -> Path:
    p = env.write(folder, name, text)
    _age(p, ns=ns)
    return p


def _ids(entries: list) -> list[str]:
    return [e.id for e in entries if e.ok]


@pytest.fixture(autouse=True)
def _cold() -> None:
    catalogue.clear()


def test_second_open_reads_and_validates_nothing(level_env: LevelEnv) -> None:
    shared = _write_old(level_env, level_env.mod, "_shared.toml", "[[floors]]\nspaces = 2\n")
    for i in range(3):
        _write_old(level_env, level_env.mod, f"m{i}.toml", 'include = ["_shared.toml"]\n' + GOOD_LEVEL)
    _write_old(level_env, level_env.shipped, "cellar.toml", GOOD_LEVEL.replace("order = 5", "order = 1"))
    first = discover_levels("levelgame")
    assert _ids(first) == ["cellar", "m0", "m1", "m2"]
    s = catalogue.stats()
    assert (s.parses, s.loads) == (5, 4)  # four levels and the shared file, parsed once
    second = discover_levels("levelgame")
    s = catalogue.stats()
    assert (s.parses, s.loads, s.level_hits, s.content_checks) == (5, 4, 4, 0)
    assert all(a.level is b.level for a, b in zip(first, second))  # the same validated Level objects
    assert shared.exists()


def test_changed_file_is_read_again_and_others_are_not(level_env: LevelEnv) -> None:
    a = _write_old(level_env, level_env.mod, "a.toml", GOOD_LEVEL)
    _write_old(level_env, level_env.mod, "b.toml", GOOD_LEVEL)
    discover_levels("levelgame")
    loads = catalogue.stats().loads
    a.write_text(GOOD_LEVEL.replace("target_score = 3", "target_score = 7"), encoding="utf-8")
    _age(a, ns=HOUR_AGO + 10**9)
    entries = {e.id: e for e in discover_levels("levelgame")}
    assert entries["a"].level.model.target_score == 7
    assert entries["b"].level.model.target_score == 3
    assert catalogue.stats().loads == loads + 1


def test_changed_include_makes_its_levels_load_again(level_env: LevelEnv) -> None:
    shared = _write_old(level_env, level_env.mod, "_shared.toml", "target_score = 4\n")
    _write_old(level_env, level_env.mod, "uses.toml", 'include = ["_shared.toml"]\n'
               + GOOD_LEVEL.replace("target_score = 3\n", ""))
    _write_old(level_env, level_env.mod, "alone.toml", GOOD_LEVEL)
    assert get_level("levelgame", "uses").model.target_score == 4
    loads = catalogue.stats().loads
    shared.write_text("target_score = 8\n", encoding="utf-8")
    _age(shared, ns=HOUR_AGO + 10**9)
    assert get_level("levelgame", "uses").model.target_score == 8
    assert catalogue.stats().loads == loads + 1  # 'alone' was not loaded again


def test_same_size_change_within_one_clock_tick_is_seen(level_env: LevelEnv) -> None:
    """A file edited twice within the stamp's resolution keeps its stamp: its content is compared."""
    p = level_env.write(level_env.mod, "racy.toml", GOOD_LEVEL)
    st = p.stat()
    assert get_level("levelgame", "racy").model.target_score == 3
    p.write_text(GOOD_LEVEL.replace("target_score = 3", "target_score = 9"), encoding="utf-8")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))  # same size, same mtime: only the bytes differ
    assert p.stat().st_size == st.st_size
    assert get_level("levelgame", "racy").model.target_score == 9
    assert catalogue.stats().content_checks >= 1


def test_missing_include_or_image_created_later_is_seen(level_env: LevelEnv) -> None:
    _write_old(level_env, level_env.mod, "needs.toml", 'include = ["_later.toml"]\n' + GOOD_LEVEL)
    _write_old(level_env, level_env.mod, "art.toml", GOOD_LEVEL + '\n[[tiles]]\nid = "hall"\nimage = "hall.png"\n')
    entries = {e.id: e for e in discover_levels("levelgame")}
    assert "include[0]: '_later.toml': file not found" in (entries["needs"].error or "")
    assert "tiles[0].image: 'hall.png': file not found" in (entries["art"].error or "")
    _write_old(level_env, level_env.mod, "_later.toml", "target_score = 5\n")
    png = (b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + (16).to_bytes(4, "big")
           + (16).to_bytes(4, "big") + b"\x08\x06\x00\x00\x00" + b"\x00" * 4)
    (level_env.mod / "hall.png").write_bytes(png)
    _age(level_env.mod / "hall.png")
    entries = {e.id: e for e in discover_levels("levelgame")}
    assert entries["needs"].ok and entries["art"].ok, (entries["needs"].error, entries["art"].error)


def test_cached_errors_still_name_file_and_field(level_env: LevelEnv) -> None:
    _write_old(level_env, level_env.mod, "bad.toml", GOOD_LEVEL.replace('"easy"', '"esay"'))
    expected = "mods/levelgame/bad.toml: difficulty: unknown value 'esay' (did you mean 'easy'?)"
    for _ in range(2):  # loaded, then from the catalogue
        (entry,) = discover_levels("levelgame")
        assert (entry.error or "").startswith(expected)
        with pytest.raises(LevelError) as exc:
            get_level("levelgame", "bad")
        assert str(exc.value).startswith(expected)
    assert catalogue.stats().loads == 1


def test_parse_errors_are_kept_and_repeated(level_env: LevelEnv) -> None:
    _write_old(level_env, level_env.mod, "syntax.toml", 'ruleset = "levelgame"\ntitle = \n')
    for _ in range(2):
        (entry,) = discover_levels("levelgame")
        assert "mods/levelgame/syntax.toml: line 2, column 9: not valid TOML" in (entry.error or "")
    assert catalogue.stats().parses == 1


def test_files_past_the_cap_are_reported_in_the_list(level_env: LevelEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levelscan, "MAX_LEVELS_PER_DIR", 3)
    for i in range(5):
        _write_old(level_env, level_env.mod, f"m{i}.toml", GOOD_LEVEL)
    entries = discover_levels("levelgame")
    assert _ids(entries) == ["m0", "m1", "m2"]
    notice = entries[-1]
    assert notice.skipped == 2 and not notice.ok and notice.source == "mod"
    assert notice.error == ("mods/levelgame/: 2 level files left out: at most 3 level files are read per folder "
                            "(the first 3 by name); move the others to another folder or remove them")
    assert count_levels("levelgame", refresh=True) == 3
    with pytest.raises(LevelError, match="no level 'm4'"):
        get_level("levelgame", "m4")


def test_validate_reports_files_past_the_cap(level_env: LevelEnv, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levelscan, "MAX_LEVELS_PER_DIR", 2)
    for i in range(3):
        _write_old(level_env, level_env.mod, f"m{i}.toml", GOOD_LEVEL)
    line = "mods/levelgame/: 1 level file left out: at most 2 level files are read per folder"
    code, out, _ = _run("validate", capsys=capsys)
    assert code == 1 and line in out
    assert out.strip().splitlines()[-1] == "2 levels checked, 1 broken"
    code, out, _ = _run("validate", str(level_env.mod), capsys=capsys)
    assert code == 1 and line in out


def test_validate_on_a_path_without_level_files_is_an_error(level_env: LevelEnv,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    empty = level_env.home / "empty"
    empty.mkdir()
    code, out, _ = _run("validate", str(empty), capsys=capsys)
    assert code == 1
    assert f"{empty.as_posix()}/: no level files found" in out
    level_env.write(level_env.mod, "_only_shared.toml", "target_score = 4\n")
    code, out, _ = _run("validate", str(level_env.mod), capsys=capsys)
    assert code == 1 and "mods/levelgame/: no level files found" in out


def test_validate_with_no_level_anywhere_is_an_error(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run("validate", capsys=capsys)
    assert code == 1 and "no level files found" in out


def test_gallery_counts_are_kept_until_the_catalogue_changes(level_env: LevelEnv) -> None:
    _write_old(level_env, level_env.mod, "a.toml", GOOD_LEVEL)
    assert count_levels("levelgame", refresh=True) == 1
    _write_old(level_env, level_env.mod, "b.toml", GOOD_LEVEL)
    assert count_levels("levelgame") == 1  # kept: drawing a frame lists no folder
    discover_levels("levelgame")  # the level list sees the new file: the catalogue changed
    assert count_levels("levelgame") == 2
    (level_env.mod / "b.toml").unlink()
    assert count_levels("levelgame", refresh=True) == 1


def test_gallery_draw_lists_no_folder(level_env: LevelEnv, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes import newgame

    _write_old(level_env, level_env.mod, "a.toml", GOOD_LEVEL)
    assert newgame.count_level_files("levelgame", refresh=True) == 1
    calls: list[Path] = []
    real = levelscan.find_level_files
    monkeypatch.setattr(levelscan, "find_level_files", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    for _ in range(3):
        assert newgame.count_level_files("levelgame") == 1
    assert calls == []


def test_levels_from_the_catalogue_can_be_found_by_hash(level_env: LevelEnv) -> None:
    _write_old(level_env, level_env.mod, "a.toml", GOOD_LEVEL)
    lvl = get_level("levelgame", "a")
    levelrefs.clear()
    again = get_level("levelgame", "a")  # a catalogue hit: no Level is built, it is still registered
    assert again is lvl and levelrefs.lookup(lvl.content_hash) is lvl


def test_threads_share_one_catalogue(level_env: LevelEnv) -> None:
    for i in range(6):
        _write_old(level_env, level_env.mod, f"m{i}.toml", GOOD_LEVEL)
    results: list[list[str]] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(5):
                results.append(_ids(discover_levels("levelgame")))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert results == [[f"m{i}" for i in range(6)]] * 20


def test_levels_module_still_offers_every_name_other_code_imports() -> None:
    import game.engine.levels as levels

    used = ["Level", "LevelEntry", "LevelError", "_display", "_suggest", "check_level_model", "discover_levels",
            "find_level_files", "get_level", "image_dimensions", "is_level_file", "json_schema", "load_entry",
            "load_level_file", "load_merged", "mark_duplicates", "read_toml", "resolve_asset", "root_for",
            "MAX_DEPTH", "MAX_PROBLEMS", "MAX_INCLUDE_DEPTH", "MAX_ASSET_BYTES", "MAX_TOTAL_BYTES",
            "MAX_LEVELS_PER_DIR"]
    assert [n for n in used if not hasattr(levels, n)] == []
    assert sorted(set(levels.__all__) - set(dir(levels))) == []


def test_level_modules_stay_under_500_lines() -> None:
    engine = Path(levelscan.__file__).parent
    files = [*engine.glob("level*.py"), engine / "catalogue.py"]
    assert len(files) >= 7
    assert {f.name: n for f in files if (n := len(f.read_text(encoding="utf-8").splitlines())) >= 500} == {}
