"""Property tests: whatever a level file contains, the loader answers with a Level or a
LevelError whose every line starts with the file's path, never another exception, never a hang.

Generated inputs: level dicts mutated at random paths (random keys, wrong types, deep
nesting), random documents written as TOML, byte-level mutations of a good file and raw
garbage. The default run is short; ``-m slow`` runs many more examples.
"""

from __future__ import annotations

import json
import math
import tomllib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import levels
from game.engine.levels import Level, LevelError, load_level_file
from tests.engine._levelgame import GOOD_LEVEL, LevelEnv, level_env  # noqa: F401 - fixture

FAST = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
SLOW = settings(max_examples=1500, deadline=2000, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                         HealthCheck.too_slow])

KNOWN_KEYS = ["format", "ruleset", "id", "title", "description", "difficulty", "order", "seats", "author",
              "include", "target_score", "chips", "floors", "tiles", "name", "faces", "effects", "effect",
              "target", "amount", "count", "spaces", "obstacles", "image", "en", "es", "it", "min", "max"]
KEYS = st.one_of(st.sampled_from(KNOWN_KEYS), st.sampled_from(KNOWN_KEYS).map(lambda k: k[:-1] + "x"),
                 st.text(min_size=1, max_size=8))
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(min_value=-10**20, max_value=10**20),
                    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
                    st.sampled_from(["levelgame", "sword", "swrod", "damage", "damag", "hard", "../x.toml",
                                     "/etc/passwd", "_chips.toml", "a.png", "" ]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(KEYS, inner, max_size=4)), max_leaves=25)

BASE = tomllib.loads(GOOD_LEVEL)


def _assert_clean(exc: LevelError, where: str) -> None:
    text = str(exc)
    assert text, "empty message"
    for line in text.splitlines():
        assert line.startswith(f"{where}: "), line
    assert "Traceback" not in text


def _mutate(data: Any, path: list[Any], value: Any, delete: bool) -> Any:
    """Set (or delete) the value at a path of keys/indexes, creating what is missing."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        key = head if isinstance(head, str) else str(head)
        out = dict(data)
        if delete and not rest:
            out.pop(key, None)
        else:
            out[key] = _mutate(out.get(key), rest, value, delete)
        return out
    if isinstance(data, list) and data:
        i = (head if isinstance(head, int) else len(str(head))) % len(data)
        out_l = list(data)
        if delete and not rest:
            del out_l[i]
        else:
            out_l[i] = _mutate(out_l[i], rest, value, delete)
        return out_l
    return _mutate({}, path, value, delete)


PATHS = st.lists(st.one_of(st.sampled_from(KNOWN_KEYS), st.integers(0, 3), KEYS), min_size=1, max_size=5)


def _check_dict(data: Any) -> None:
    try:
        lvl = Level.from_data(data, where="fuzz.toml")
    except LevelError as exc:
        _assert_clean(exc, "fuzz.toml")
    else:
        assert lvl.ruleset == "levelgame" and lvl.id
        json.dumps(lvl.data)  # what a save embeds stays JSON


@FAST
@given(path=PATHS, value=VALUES, delete=st.booleans())
def test_mutated_level_dicts_give_level_or_clean_error(level_env: LevelEnv, path: list[Any], value: Any,
                                                       delete: bool) -> None:
    _check_dict(_mutate(BASE, path, value, delete))


@FAST
@given(depth=st.integers(0, 3000), kind=st.sampled_from(["list", "dict"]), where=st.sampled_from(
    ["chips", "title", "x", "floors"]))
def test_deeply_nested_dicts_are_refused_cleanly(level_env: LevelEnv, depth: int, kind: str, where: str) -> None:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    data = dict(BASE)
    data[where] = value
    try:
        Level.from_data(data, where="fuzz.toml")
    except LevelError as exc:
        _assert_clean(exc, "fuzz.toml")
        if depth > levels.MAX_DEPTH:
            assert "nested too deeply" in str(exc)


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(x)}" for k, x in v.items() if x is not None) + "}"
    return '""'


def _toml_doc(data: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in data.items() if v is not None)


@FAST
@given(path=PATHS, value=VALUES, delete=st.booleans())
def test_generated_toml_documents_give_level_or_clean_error(level_env: LevelEnv, path: list[Any], value: Any,
                                                            delete: bool) -> None:
    data = _mutate(BASE, path, value, delete)
    if not isinstance(data, dict):
        data = {"x": data}
    p = level_env.write(level_env.mod, "gen.toml", _toml_doc(data))
    try:
        load_level_file(p)
    except LevelError as exc:
        _assert_clean(exc, "mods/levelgame/gen.toml")


MUTATION = st.tuples(st.integers(0, len(GOOD_LEVEL.encode())), st.sampled_from(["insert", "delete", "replace"]),
                     st.binary(min_size=1, max_size=4))


def _apply(raw: bytes, mutations: list[tuple[int, str, bytes]]) -> bytes:
    for pos, op, chunk in mutations:
        pos = pos % (len(raw) + 1)
        if op == "insert":
            raw = raw[:pos] + chunk + raw[pos:]
        elif op == "delete":
            raw = raw[:pos] + raw[pos + len(chunk):]
        else:
            raw = raw[:pos] + chunk + raw[pos + len(chunk):]
    return raw


@FAST
@given(mutations=st.lists(MUTATION, min_size=1, max_size=6))
def test_byte_mutations_of_a_good_file_give_level_or_clean_error(level_env: LevelEnv,
                                                                 mutations: list[tuple[int, str, bytes]]) -> None:
    p = level_env.write(level_env.mod, "mut.toml", _apply(GOOD_LEVEL.encode(), mutations))
    try:
        lvl = load_level_file(p)
    except LevelError as exc:
        _assert_clean(exc, "mods/levelgame/mut.toml")
    else:
        assert lvl.id == "mut" or lvl.id == lvl.model.id


@FAST
@given(raw=st.binary(max_size=3000))
def test_garbage_bytes_give_clean_error(level_env: LevelEnv, raw: bytes) -> None:
    p = level_env.write(level_env.mod, "junk.toml", raw)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    _assert_clean(exc.value, "mods/levelgame/junk.toml")


@FAST
@given(text=st.lists(st.sampled_from(list('[]{}="\'#\n ,.abc1=') + ["[[", "]]", '"""', "\'\'\'"]),
                    max_size=300).map("".join))
def test_bracket_and_quote_soup_gives_clean_error(level_env: LevelEnv, text: str) -> None:
    p = level_env.write(level_env.mod, "soup.toml", text)
    with pytest.raises(LevelError) as exc:
        load_level_file(p)
    _assert_clean(exc.value, "mods/levelgame/soup.toml")


@FAST
@given(includes=st.lists(st.one_of(st.sampled_from(["_a.toml", "../_a.toml", "/_a.toml", "_a.toml\x00", "..",
                                                     "_missing.toml", "sub/../_a.toml", "mut.toml", ""]),
                                   st.text(max_size=20), st.integers(), st.none()), max_size=5))
def test_random_include_lists_give_level_or_clean_error(level_env: LevelEnv, includes: list[Any]) -> None:
    level_env.write(level_env.mod, "_a.toml", "target_score = 5\n")
    data = dict(BASE)
    data["include"] = includes
    p = level_env.write(level_env.mod, "inc.toml", _toml_doc(data))
    try:
        load_level_file(p)
    except LevelError as exc:
        _assert_clean(exc, "mods/levelgame/inc.toml")


@pytest.fixture
def only_when_asked(request: pytest.FixtureRequest) -> None:
    """Skip a long run unless the marker expression asks for slow tests (``-m slow``)."""
    expr = request.config.getoption("markexpr", "") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("long fuzz run: use -m slow")


@pytest.mark.slow
@SLOW
@given(path=PATHS, value=VALUES, delete=st.booleans())
def test_slow_many_mutated_level_dicts(only_when_asked: None, level_env: LevelEnv, path: list[Any], value: Any, delete: bool) -> None:
    _check_dict(_mutate(BASE, path, value, delete))


@pytest.mark.slow
@SLOW
@given(mutations=st.lists(MUTATION, min_size=1, max_size=12))
def test_slow_many_byte_mutations(only_when_asked: None, level_env: LevelEnv, mutations: list[tuple[int, str, bytes]]) -> None:
    p = level_env.write(level_env.mod, "mut.toml", _apply(GOOD_LEVEL.encode(), mutations))
    try:
        load_level_file(p)
    except LevelError as exc:
        _assert_clean(exc, "mods/levelgame/mut.toml")
