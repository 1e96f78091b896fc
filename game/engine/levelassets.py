"""Images a level file refers to: kept inside the level's folder, capped in bytes and pixels.

``resolve_asset`` checks one image path (relative, ``.png``/``.svg``, inside the root,
at most 2 MB and 2048x2048 pixels read from the header, never decoded);
``_check_assets`` walks a validated model for every ``AssetPath`` field so a missing
or oversized image is reported when the level is loaded. Every image looked at is
told to the level catalogue, so adding a missing image makes the level load again.
"""

from __future__ import annotations

import re
import stat as _stat
import types
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from pydantic import BaseModel

from game.engine import catalogue
from game.engine.levelerrors import MAX_PROBLEMS, LevelError, _is_model, _key, _short, _union_members, _unwrap
from game.engine.levelfiles import _bad_relative, _display, _inside, root_for

if TYPE_CHECKING:  # pragma: no cover
    from game.engine.levelmodel import Level

MAX_ASSET_BYTES = 2 * 1024 * 1024
MAX_IMAGE_SIDE = 2048            # pixels per side, read from the file header before decoding
ASSET_SUFFIXES = (".png", ".svg")


def image_dimensions(path: Path) -> tuple[int, int] | None:
    """Return (width, height) read from a PNG header or an SVG root tag, without decoding; None if unreadable."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        if len(head) < 24 or head[12:16] != b"IHDR":
            return None
        return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    text = head.decode("utf-8", "replace")
    m = re.search(r"<svg\b[^>]*>", text, re.S)
    if not m:
        return None
    tag = m.group(0)

    def num(name: str) -> float | None:
        a = re.search(rf'\b{name}\s*=\s*["\']\s*([0-9.]+)', tag)
        try:
            return float(a.group(1)) if a else None
        except ValueError:
            return None

    w, h = num("width"), num("height")
    if w is None or h is None:
        vb = re.search(r'viewBox\s*=\s*["\']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)', tag)
        if not vb:
            return None
        w, h = float(vb.group(1)), float(vb.group(2))
    return int(w), int(h)


def resolve_asset(level: "Level", relpath: str, field: str = "image") -> Path:
    """Return the real path of an image a level refers to, kept inside its folder and capped.

    Only .png and .svg files of at most 2 MB below the level's root folder, whose
    header says at most 2048x2048 pixels (read without decoding the image).
    """
    where = _display(level.path) if level.path is not None else f"<level {level.id}>"
    if level.path is None:
        raise LevelError(where, [f"{field}: {relpath!r}: this level has no folder to load images from"])
    root = level.root or root_for(level.path)
    if not isinstance(relpath, str):
        raise LevelError(where, [f"{field}: expected a relative path as text (got {_short(relpath)})"])
    bad = _bad_relative(relpath)
    if bad:
        raise LevelError(where, [f"{field}: {relpath!r}: {bad}"])
    if not relpath.lower().endswith(ASSET_SUFFIXES):
        raise LevelError(where, [f"{field}: {relpath!r}: only {' and '.join(ASSET_SUFFIXES)} images are allowed"])
    target = Path(level.path).parent / relpath
    try:
        real = target.resolve()
    except (OSError, RuntimeError):
        raise LevelError(where, [f"{field}: {relpath!r}: file not found or unreadable"]) from None
    if not _inside(real, root):
        raise LevelError(where, [f"{field}: {relpath!r} leaves the folder {root.name}/: refused"])
    try:
        st = real.stat()
    except OSError:
        catalogue.note(real, None)  # adding the image later makes the level load again
        raise LevelError(where, [f"{field}: {relpath!r}: file not found"]) from None
    catalogue.note(real, catalogue.stamp_of(st))
    if not _stat.S_ISREG(st.st_mode):
        raise LevelError(where, [f"{field}: {relpath!r}: not a regular file"])
    if st.st_size > MAX_ASSET_BYTES:
        raise LevelError(where, [f"{field}: {relpath!r}: image too large ({st.st_size} bytes; "
                                 f"the limit is {MAX_ASSET_BYTES})"])
    dims = image_dimensions(real)
    if dims is None:
        raise LevelError(where, [f"{field}: {relpath!r}: not a readable PNG or SVG image"])
    if max(dims) > MAX_IMAGE_SIDE or min(dims) <= 0:
        raise LevelError(where, [f"{field}: {relpath!r}: image too large ({dims[0]}x{dims[1]} pixels; "
                                 f"at most {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE})"])
    return real


def _asset_refs(value: Any, tp: Any, where: str, out: list[tuple[str, str]], metadata: Iterable[Any] = ()) -> None:
    """Collect (field path, value) of every AssetPath in a validated model, guided by the types."""
    if isinstance(value, str):
        if _has_marker(tp, metadata):
            out.append((where, value))
        return
    if isinstance(value, BaseModel):
        for name, f in type(value).model_fields.items():
            if not _may_hold_assets(f.annotation, tuple(f.metadata)):
                continue
            _asset_refs(getattr(value, name, None), f.annotation, f"{where}.{_key(name)}" if where else name,
                        out, f.metadata)
        return
    inner = _unwrap(tp)
    members = _union_members(inner)
    options = members if members is not None else [inner]
    if isinstance(value, (list, tuple)):
        item_types = [typing.get_args(o)[0] for o in options
                      if typing.get_origin(o) in (list, tuple, set, frozenset) and typing.get_args(o)]
        for i, v in enumerate(value):
            for it in item_types or [None]:
                _asset_refs(v, it, f"{where}[{i}]", out)
    elif isinstance(value, dict):
        value_types = [typing.get_args(o)[1] for o in options
                       if typing.get_origin(o) is dict and len(typing.get_args(o)) == 2]
        for k, v in value.items():
            for vt in value_types or [None]:
                _asset_refs(v, vt, f"{where}.{_key(k)}", out)


_ASSET_TYPES: dict[Any, bool] = {}


def _may_hold_assets(tp: Any, metadata: tuple[Any, ...] = ()) -> bool:
    """True when an AssetPath may sit somewhere inside a field of this type (cached per type)."""
    if _has_marker(tp, metadata):
        return True
    try:
        return _ASSET_TYPES[tp]
    except (KeyError, TypeError):
        pass
    result = _type_holds_assets(tp, set())
    try:
        _ASSET_TYPES[tp] = result
    except TypeError:  # an unhashable type annotation: just do not cache
        pass
    return result


def _type_holds_assets(tp: Any, seen: set[int]) -> bool:
    if id(tp) in seen:
        return False
    seen.add(id(tp))
    if _has_marker(tp):
        return True
    if _is_model(tp):
        return any(_has_marker(f.annotation, f.metadata) or _type_holds_assets(f.annotation, seen)
                   for f in tp.model_fields.values())
    return any(_type_holds_assets(a, seen) for a in typing.get_args(tp) if not isinstance(a, (str, int, float)))


def _has_marker(tp: Any, metadata: Iterable[Any] = ()) -> bool:
    """True when a type (or field metadata) carries schema.ASSET_MARKER, also inside Optional/unions."""
    from game.engine.schema import ASSET_MARKER

    if any(m is ASSET_MARKER for m in metadata):
        return True
    if typing.get_origin(tp) is typing.Annotated:
        args = typing.get_args(tp)
        return any(m is ASSET_MARKER for m in args[1:]) or _has_marker(args[0])
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return any(_has_marker(a) for a in typing.get_args(tp))
    return False


def _check_assets(level: "Level") -> list[str]:
    """Check every image a file-based level refers to (AssetPath fields)."""
    if level.path is None:
        return []
    refs: list[tuple[str, str]] = []
    _asset_refs(level.model, type(level.model), "", refs)
    problems: list[str] = []
    for loc, rel in refs:
        if not rel:
            continue
        try:
            resolve_asset(level, rel, loc)
        except LevelError as exc:
            problems.extend(exc.problems)
    return problems[:MAX_PROBLEMS]

