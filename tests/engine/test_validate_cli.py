"""The ``validate`` and ``schema`` commands: one line per problem naming file and field,
a summary, exit codes, and never a traceback (also run as real subprocesses)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import build_parser
from game.engine import registry
from tests.engine._levelgame import GOOD_LEVEL, LevelEnv, LevelGameRuleset, level_env  # noqa: F401

REPO = Path(__file__).resolve().parents[2]
# run the real command line with the private test ruleset registered first
WITH_LEVELGAME = ("import sys; from game.engine import registry; from tests.engine._levelgame import RULESET; "
                  "registry.register(RULESET); from game.cli import main; raise SystemExit(main(sys.argv[1:]))")


def _run(*argv: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    args = build_parser().parse_args(list(argv))
    code = args._module.run(args)
    out, err = capsys.readouterr()
    return code, out, err


def _subprocess(env: LevelEnv, *argv: str, with_levelgame: bool = True) -> subprocess.CompletedProcess[str]:
    environ = dict(os.environ, MESA_HOME=str(env.home), MESA_RESOURCES=str(env.resources), PYTHONIOENCODING="utf-8")
    cmd = [sys.executable, "-c", WITH_LEVELGAME, *argv] if with_levelgame else [sys.executable, "-m", "game", *argv]
    return subprocess.run(cmd, cwd=REPO, env=environ, capture_output=True, text=True, timeout=120, encoding="utf-8")


def _broken_folder(env: LevelEnv) -> Path:
    folder = env.home / "pack" / "levelgame"
    env.write(folder, "good.toml", GOOD_LEVEL)
    env.write(folder, "_shared.toml", "target_score = 4\n")
    env.write(folder, "swrod.toml", GOOD_LEVEL.replace('"torch", "key"', '"torch", "swrod"'))
    env.write(folder, "typo_key.toml", GOOD_LEVEL.replace("order = 5", "ordr = 5"))
    env.write(folder, "syntax.toml", 'ruleset = "levelgame"\ntitle = \n')
    env.write(folder, "garbage.toml", bytes(range(256)))
    env.write(folder, "latin1.toml", GOOD_LEVEL.encode().replace(b"Count", b"C\xf3unt"))
    env.write(folder, "escape.toml", 'include = ["../../../../etc/x.toml"]\n' + GOOD_LEVEL)
    env.write(folder, "verb.toml", GOOD_LEVEL.replace('effect = "damage"', 'effect = "damge"'))
    with (folder / "huge.toml").open("wb") as fh:
        fh.truncate(10 * 1024 * 1024)
    return folder


EXPECTED_PROBLEMS = {
    "swrod.toml": "chips[1].faces[1]: unknown value 'swrod' (did you mean 'sword'?)",
    "typo_key.toml": "ordr: unknown key 'ordr' (did you mean 'order'?)",
    "syntax.toml": "line 2, column 9: not valid TOML",
    "garbage.toml": "binary data",
    "latin1.toml": "line 4: not valid UTF-8 text",
    "escape.toml": "include[0]: '../../../../etc/x.toml' leaves the folder",
    "verb.toml": "chips[0].effects[0]: unknown effect 'damge' (did you mean 'damage'?)",
    "huge.toml": "file too large",
}


def test_validate_subprocess_on_broken_folder_names_each_file_and_field(level_env: LevelEnv) -> None:
    folder = _broken_folder(level_env)
    proc = _subprocess(level_env, "validate", str(folder))
    out = proc.stdout
    assert proc.returncode == 1, (out, proc.stderr)
    assert "Traceback" not in out + proc.stderr
    lines = out.strip().splitlines()
    for name, problem in EXPECTED_PROBLEMS.items():
        assert any(line.endswith(name + ": " + problem) or (name + ": " + problem) in line for line in lines), (
            name, lines)
    assert not any("good.toml" in line for line in lines[:-1])
    assert lines[-1] == f"{len(EXPECTED_PROBLEMS) + 1} levels checked, {len(EXPECTED_PROBLEMS)} broken"


def test_validate_real_entry_point_never_shows_a_traceback(level_env: LevelEnv) -> None:
    # through `python -m game` itself; these files are broken whatever rulesets exist
    folder = level_env.home / "loose"
    level_env.write(folder, "unknown_rs.toml", 'ruleset = "no-such-ruleset"\ntitle = "x"\n')
    level_env.write(folder, "syntax.toml", "[[[")
    level_env.write(folder, "nul.toml", b"\x00\x01\x02")
    level_env.write(folder, "deep.toml", "x = " + "[" * 5000)
    proc = _subprocess(level_env, "validate", str(folder), with_levelgame=False)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stdout + proc.stderr
    for name in ("unknown_rs.toml: ruleset: unknown ruleset 'no-such-ruleset'", "syntax.toml: ",
                 "nul.toml: binary data", "deep.toml: nested too deeply"):
        assert name in proc.stdout, proc.stdout
    assert proc.stdout.strip().splitlines()[-1] == "4 levels checked, 4 broken"


def test_validate_good_folder_exits_zero(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    folder = level_env.home / "pack" / "levelgame"
    level_env.write(folder, "one.toml", GOOD_LEVEL)
    level_env.write(folder, "two.toml", 'include = ["_shared.toml"]\n' + GOOD_LEVEL)
    level_env.write(folder, "_shared.toml", "[[floors]]\nspaces = 2\n")
    code, out, _ = _run("validate", str(folder), capsys=capsys)
    assert code == 0
    assert out.strip().splitlines() == ["2 levels checked, 0 broken"]
    code, out, _ = _run("validate", "--list", str(folder / "one.toml"), capsys=capsys)
    assert code == 0 and "one.toml: ok (levelgame/one)" in out and out.strip().endswith("1 level checked, 0 broken")


def test_validate_without_paths_checks_shipped_levels_mods_and_stray_folders(
        level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    level_env.write(level_env.shipped, "cellar.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "mine.toml", GOOD_LEVEL)
    level_env.write(level_env.mod, "bad.toml", GOOD_LEVEL.replace('"easy"', '"esay"'))
    level_env.write(level_env.mods / "levelgam", "lost.toml", GOOD_LEVEL)
    level_env.write(level_env.mods, "loose.toml", GOOD_LEVEL)
    level_env.write(level_env.mod / "pack", "buried.toml", GOOD_LEVEL)
    code, out, _ = _run("validate", str(level_env.mods), capsys=capsys)
    assert code == 1
    assert "mods/levelgame/pack/buried.toml: the game does not list this file" in out
    code, out, _ = _run("validate", capsys=capsys)
    assert code == 1
    assert "mods/levelgame/bad.toml: difficulty: unknown value 'esay' (did you mean 'easy'?)" in out
    assert "mods/levelgam/: no ruleset 'levelgam' (did you mean 'levelgame'?)" in out
    assert "mods/loose.toml: level files go in a ruleset folder" in out
    assert "cellar" not in out and "mine.toml" not in out
    assert out.strip().splitlines()[-1] == "3 levels checked, 3 broken"


def test_validate_reports_duplicates_and_folder_mismatch(level_env: LevelEnv,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = level_env.home / "pack" / "levelgame"
    level_env.write(folder, "a.toml", GOOD_LEVEL.replace("format = 1", 'format = 1\nid = "same"'))
    level_env.write(folder, "b.toml", GOOD_LEVEL.replace("format = 1", 'format = 1\nid = "same"'))
    other = level_env.home / "pack" / "othergame"
    level_env.write(other, "stray.toml", GOOD_LEVEL)  # says ruleset levelgame, lives in othergame/

    class Other(LevelGameRuleset):
        id = "othergame"

    registry.register(Other())
    try:
        code, out, _ = _run("validate", str(level_env.home / "pack"), capsys=capsys)
    finally:
        registry.unregister("othergame")
    lines = out.strip().splitlines()
    assert code == 1
    assert any("levelgame/b.toml: id: 'same' is already used by" in line for line in lines)
    assert not any(line.split(": ")[0].endswith("a.toml") for line in lines)
    assert any(line.endswith("othergame/stray.toml: ruleset: says 'levelgame' but the file is in the othergame/ "
                             "folder") for line in lines), lines
    assert lines[-1] == "3 levels checked, 2 broken"


def test_validate_missing_path_and_shared_file(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    shared = level_env.write(level_env.mod, "_broken.toml", "x = = 1")
    code, out, _ = _run("validate", str(level_env.home / "nothere.toml"), str(shared), capsys=capsys)
    assert code == 1
    assert "nothere.toml: no such file or folder" in out
    assert "mods/levelgame/_broken.toml: line 1" in out


def test_validate_turns_unexpected_errors_into_a_problem_of_that_file(
        level_env: LevelEnv, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine import levelmodel

    def boom(*_a: object, **_k: object) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(levelmodel, "load_merged", boom)
    p = level_env.write(level_env.mod, "x.toml", GOOD_LEVEL)
    code, out, _ = _run("validate", str(p), capsys=capsys)
    assert code == 1
    assert "mods/levelgame/x.toml: could not be read: RuntimeError: disk on fire" in out
    assert "Traceback" not in out


def test_schema_prints_indented_json_schema(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run("schema", "levelgame", capsys=capsys)
    assert code == 0
    schema = json.loads(out)
    assert {"chips", "title", "ruleset"} <= set(schema["properties"])
    assert out.splitlines()[1].startswith('  "')  # indent 2
    target = level_env.home / "levelgame.schema.json"
    code, out, _ = _run("schema", "levelgame", "-o", str(target), capsys=capsys)
    assert code == 0 and out == "" and json.loads(target.read_text(encoding="utf-8")) == schema


def test_schema_unknown_ruleset_suggests_and_exits_2(level_env: LevelEnv, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run("schema", "levelgam", capsys=capsys)
    assert code == 2 and out == ""
    assert "unknown ruleset 'levelgam' (did you mean 'levelgame'?); known: " in err and "levelgame" in err


def test_schema_subprocess_unknown_ruleset(level_env: LevelEnv) -> None:
    proc = _subprocess(level_env, "schema", "zzz-nothing", with_levelgame=False)
    assert proc.returncode == 2
    assert "unknown ruleset 'zzz-nothing'" in proc.stderr and "Traceback" not in proc.stderr
