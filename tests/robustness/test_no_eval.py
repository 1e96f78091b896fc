"""Nothing in the program evaluates or unpickles data: an AST scan of every module in game/.

Refused anywhere in game/: the builtins ``eval``, ``exec``, ``compile``, ``__import__`` and
``breakpoint``; importing ``pickle``, ``cPickle``, ``_pickle``, ``marshal``, ``shelve``, ``dill``,
``cloudpickle``, ``jsonpickle``; ``yaml.load``/``yaml.unsafe_load``/``yaml.full_load`` (only
``yaml.safe_load`` would do); ``pickle.loads`` and friends however imported; and
``importlib.import_module`` of anything but a constant or an f-string whose fixed part names a
package of ours (``f"game.rulesets.{name}"``: the name is an identifier found on disk or checked
against the registry, never free text from a file).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parents[2] / "game"

BANNED_BUILTINS = {"eval", "exec", "compile", "__import__", "breakpoint"}
BANNED_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "jsonpickle"}
BANNED_ATTRS = {("yaml", "load"), ("yaml", "unsafe_load"), ("yaml", "full_load"), ("yaml", "load_all"),
                ("yaml", "unsafe_load_all"), ("yaml", "full_load_all")}
IMPORT_PREFIXES = ("game.",)


def _dotted(node: ast.AST) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def scan(source: str, name: str = "<src>") -> list[str]:
    """Return one line per forbidden construct found in ``source``."""
    found: list[str] = []
    tree = ast.parse(source, filename=name)
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] in BANNED_MODULES:
                    found.append(f"{where}: import {a.name}")
        elif isinstance(node, ast.ImportFrom):
            mod = (node.module or "").split(".")[0]
            if mod in BANNED_MODULES:
                found.append(f"{where}: from {node.module} import ...")
            if mod == "yaml" and any(a.name in {"load", "unsafe_load", "full_load", "load_all"} for a in node.names):
                found.append(f"{where}: from yaml import load")
            if mod == "builtins" and any(a.name in BANNED_BUILTINS for a in node.names):
                found.append(f"{where}: from builtins import eval/exec")
            if mod == "importlib" and any(a.name == "__import__" for a in node.names):
                found.append(f"{where}: from importlib import __import__")
        elif isinstance(node, ast.Call):
            fn = node.func
            dotted = _dotted(fn)
            if isinstance(fn, ast.Name) and fn.id in BANNED_BUILTINS:
                found.append(f"{where}: {fn.id}(...)")
            elif dotted in {f"builtins.{b}" for b in BANNED_BUILTINS}:
                found.append(f"{where}: {dotted}(...)")
            elif isinstance(fn, ast.Attribute) and tuple(dotted.split(".")[-2:]) in BANNED_ATTRS:
                found.append(f"{where}: {dotted}(...)")
            elif dotted.endswith("import_module") or dotted == "importlib.__import__":
                arg = node.args[0] if node.args else None
                if not _our_module_name(arg):
                    found.append(f"{where}: {dotted}() of a name not fixed to a package of ours")
            elif dotted in {"getattr"} and len(node.args) >= 2 and isinstance(node.args[0], ast.Name) \
                    and node.args[0].id == "builtins":
                found.append(f"{where}: getattr(builtins, ...)")
    return found


def _our_module_name(arg: ast.AST | None) -> bool:
    """True for "game.x" constants and f-strings starting with a fixed "game.<package>." part."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value.startswith(IMPORT_PREFIXES)
    if isinstance(arg, ast.JoinedStr) and arg.values:
        first = arg.values[0]
        return (isinstance(first, ast.Constant) and isinstance(first.value, str)
                and first.value.startswith(IMPORT_PREFIXES) and first.value.count(".") >= 2)
    return False


def _modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def test_the_scan_covers_the_whole_program() -> None:
    files = _modules()
    assert len(files) > 50
    assert {p.parent.name for p in files} >= {"engine", "app", "scenes", "ui", "cli"}


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(GAME).as_posix())
def test_no_module_evaluates_or_unpickles_data(path: Path) -> None:
    found = scan(path.read_text(encoding="utf-8"), path.relative_to(GAME.parent).as_posix())
    assert not found, "\n".join(found)


@pytest.mark.parametrize("snippet", [
    "eval(text)", "exec(code)", "compile(src, 'f', 'exec')", "__import__(name)", "import pickle",
    "import pickle as p\np.loads(b)", "from pickle import loads", "import marshal", "import shelve",
    "import yaml\nyaml.load(s)", "from yaml import load", "import builtins\nbuiltins.eval(s)",
    "import importlib\nimportlib.import_module(name)", "importlib.import_module(f'{pkg}.x')",
    "import_module('os')", "import dill",
])
def test_the_scan_catches_each_forbidden_construct(snippet: str) -> None:
    assert scan(snippet), snippet


@pytest.mark.parametrize("snippet", [
    "re.compile('x')", "json.loads(s)", "tomllib.loads(t)", "importlib.import_module(f'game.rulesets.{n}')",
    "importlib.import_module('game.app.main')", "yaml.safe_load(s)", "ast.literal_eval(s)",
])
def test_the_scan_allows_safe_look_alikes(snippet: str) -> None:
    assert not scan(snippet), snippet
