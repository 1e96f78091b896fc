"""Level fuzzing of every SHIPPED level file (and the shared files they include): the real files,
mutated by hypothesis (type swaps, deleted keys, renamed keys, garbage values, several at once),
must load or fail with a LevelError whose every line names the file and a field; never another
exception, never a hang. The generic loader fuzzing is tests/engine/test_level_fuzz.py; this one
starts from our shipped content so the rulesets' own schemas and cross-checks are exercised.

Quick by default (a few examples per file); ``-m slow`` or ``MESA_FUZZ_EXAMPLES=N`` runs more
(``tools/fuzz_levels.py`` is the long run).
"""

from __future__ import annotations

import os
import re
import shutil
import time
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import paths
from game.engine.levels import Level, LevelError, _display, load_level_file
from tests.robustness._toml import dumps

LEVELS = paths.levels_dir()
FILES = sorted(p.relative_to(LEVELS).as_posix() for p in LEVELS.glob("*/*.toml"))
EXAMPLES = int(os.environ.get("MESA_FUZZ_EXAMPLES", "0")) or None
HANG_SECONDS = 10.0

#: a problem line after "file: ": a field path and a message, or a message about the whole file
#: (a ruleset's cross-checks come as "(top level): field: message; field: message"); path segments
#: may be quoted keys holding any character ('heroes.":".name')
_SEG = r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_\-\[\]/<>]+)"""
FIELD = re.compile(rf"""^(?:\(top level\): )?(?:include\[\d+\]: .+|{_SEG}(?:\.?{_SEG})*: .+)$""")
WHOLE_FILE = ("nested too deeply", "file too large", "not valid TOML", "end of file", "line ", "binary data",
              "include: too much")

GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=40),
    st.sampled_from(["", " ", "../../etc/passwd", "/etc/hosts", "C:\\x", "swrod", "damag", "tutorial",
                     "x" * 5000, "\u202e\u0000\ufffd", "-1", "1e309", "null", "true", "{}", "[]"]),
    st.lists(st.integers(), max_size=5), st.dictionaries(st.text(max_size=6), st.integers(), max_size=4),
    st.integers(min_value=2, max_value=60).map(lambda n: _deep(n)),
    st.integers(min_value=100, max_value=3000).map(lambda n: list(range(n))),
)


def _deep(n: int) -> Any:
    v: Any = 1
    for i in range(n):
        v = [v] if i % 2 else {"k": v}
    return v


def _swap_type(v: Any) -> Any:
    """Return a value of another JSON type that looks related (the classic modder slip)."""
    if isinstance(v, bool):
        return "yes" if v else 0
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return [v]
    if isinstance(v, str):
        return int(v) if v.isdigit() else [v]
    if isinstance(v, list):
        return {str(i): x for i, x in enumerate(v[:5])} if v else "none"
    if isinstance(v, dict):
        return list(v.values())[:5] or 0
    return "?"


def _typo(key: str, r: int) -> str:
    if len(key) < 2:
        return key + "x"
    i = r % (len(key) - 1)
    return [key[:i] + key[i + 1:], key[:i] + key[i + 1] + key[i] + key[i + 2:], key + "s", key.upper()][r % 4]


@st.composite
def mutations(draw: st.DrawFn, data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Apply one to three mutations at random places of a level's own data; return it and what was done."""
    import copy

    doc = copy.deepcopy(data)
    done: list[str] = []
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        parent: Any = doc
        key: Any = None
        trail: list[str] = []
        # walk down a random path
        while True:
            if isinstance(parent, dict) and parent:
                k = draw(st.sampled_from(sorted(parent, key=str)))
            elif isinstance(parent, list) and parent:
                k = draw(st.integers(min_value=0, max_value=len(parent) - 1))
            else:
                break
            child = parent[k]
            key = k
            trail.append(str(k))
            if not isinstance(child, (dict, list)) or not child or draw(st.integers(0, 3)) == 0:
                break
            parent = child
        if key is None:
            continue
        kind = draw(st.sampled_from(["delete", "rename", "swap", "garbage"]))
        if kind == "rename" and not isinstance(parent, dict):
            kind = "swap"
        if kind == "delete":
            del parent[key]
        elif kind == "rename":
            new = _typo(str(key), draw(st.integers(0, 1000)))
            parent[new] = parent.pop(key)
        elif kind == "swap":
            parent[key] = _swap_type(parent[key])
        else:
            parent[key] = draw(GARBAGE)
        done.append(f"{kind} {'.'.join(trail)}")
    return doc, done


def _target_level(rel: str) -> str:
    """The level file to load for a mutated file: itself, or the first level that includes it."""
    name = Path(rel).name
    if not name.startswith("_"):
        return rel
    folder = Path(rel).parent
    for p in sorted((LEVELS / folder).glob("*.toml")):
        if p.name.startswith("_"):
            continue
        inc = tomllib.loads(p.read_text(encoding="utf-8")).get("include", [])
        if name in inc:
            return (folder / p.name).as_posix()
    pytest.skip(f"{rel} is included by no level")
    return rel


def check_problem_lines(exc: LevelError, where: str) -> None:
    """Every line names the file, then a field (or says what is wrong with the whole file)."""
    text = str(exc)
    assert text and "Traceback" not in text
    for line in text.splitlines():
        assert line.startswith(f"{where}: "), line
        rest = line[len(where) + 2:]
        assert FIELD.match(rest) or rest.startswith(WHOLE_FILE), f"no field named: {line}"


@pytest.fixture(scope="module")
def copy_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("shipped") / "levels"
    shutil.copytree(LEVELS, root)
    return root


@pytest.mark.parametrize("rel", FILES)
def test_mutated_shipped_file_loads_or_names_file_and_field(rel: str, copy_root: Path,
                                                            request: pytest.FixtureRequest) -> None:
    slow = "slow" in (request.config.getoption("-m") or "") and "not slow" not in request.config.getoption("-m")
    n = EXAMPLES or (200 if slow else 4)
    original = (LEVELS / rel).read_bytes()
    data = tomllib.loads(original.decode("utf-8"))
    level_rel = _target_level(rel)
    path = copy_root / rel
    level_path = copy_root / level_rel
    where = _display(level_path)

    @settings(max_examples=n, deadline=None, database=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.function_scoped_fixture])
    @given(mutations(data))
    def one(mutated: tuple[dict[str, Any], list[str]]) -> None:
        doc, done = mutated
        path.write_text(dumps(doc), encoding="utf-8")
        t0 = time.perf_counter()
        try:
            level = load_level_file(level_path, root=copy_root, source="shipped")
        except LevelError as exc:
            check_problem_lines(exc, where)
        else:
            assert isinstance(level, Level)
        finally:
            path.write_bytes(original)
        assert time.perf_counter() - t0 < HANG_SECONDS, f"{rel}: {done} took too long"

    one()


def test_the_unmutated_copies_load(copy_root: Path) -> None:
    """The fuzz starts from good files: every shipped level loads from the copy."""
    for rel in FILES:
        if not Path(rel).name.startswith("_"):
            assert isinstance(load_level_file(copy_root / rel, root=copy_root, source="shipped"), Level)


def test_problem_line_check_is_able_to_fail() -> None:
    with pytest.raises(AssertionError):
        check_problem_lines(LevelError("a.toml", ["something broke"]), "b.toml")
    with pytest.raises(AssertionError):
        check_problem_lines(LevelError("a.toml", ["oops"]), "a.toml")
