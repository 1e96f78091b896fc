"""Images a level file refers to: kept inside the level's folder, capped in bytes and pixels.

``resolve_asset`` checks one image path (relative, ``.png``/``.svg``, inside the root, really a
PNG or an SVG by its magic bytes (``image_format``), at most 2 MB and 2048x2048 pixels read from
the header, never decoded);
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


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: other image (and container) formats told apart by their first bytes, so a file is judged by what it is
_MAGIC = ((b"BM", "BMP"), (b"GIF87a", "GIF"), (b"GIF89a", "GIF"), (b"\xff\xd8\xff", "JPEG"),
          (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"), (b"\x00\x00\x01\x00", "ICO"), (b"qoif", "QOI"),
          (b"\x00\x00\x00\x0cjXL", "JPEG XL"), (b"\xff\x0a", "JPEG XL"), (b"PK\x03\x04", "ZIP"),
          (b"\x1f\x8b", "GZIP"), (b"8BPS", "PSD"))
_SVG_PROLOGUE = re.compile(r"\s*(?:<\?xml[^>]*\?>|<!--.*?-->|<!DOCTYPE[^>]*>)", re.S)
#: what each allowed file name ending must really be
SUFFIX_FORMAT = {".png": "PNG", ".svg": "SVG"}


def image_format(head: bytes) -> str | None:
    """Return the format a file's first bytes say ("PNG", "SVG", "BMP", ...), None when unknown.

    An SVG is a text whose first tag (after an XML declaration, comments and a doctype) is
    ``<svg``: an ``<svg`` somewhere inside other bytes does not make a file an SVG.
    """
    if head.startswith(PNG_SIGNATURE):
        return "PNG"
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    if head[:4] in (b"RIFF", b"\x00\x00\x00\x18", b"\x00\x00\x00\x1c") and b"ftyp" in head[4:12]:
        return "video or HEIF"
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:  # a text cut in the middle of a character at the end of the head is fine
        if exc.start < len(head) - 4:
            return None
        text = head[:exc.start].decode("utf-8")
    text = text.lstrip("\ufeff")
    pos = 0
    while True:
        m = _SVG_PROLOGUE.match(text, pos)
        if not m:
            break
        pos = m.end()
    rest = text[pos:].lstrip()
    if rest.startswith("<svg") and rest[4:5] in (" ", "\t", "\r", "\n", ">", "/"):
        return "SVG"
    return None


def read_image_header(path: Path) -> tuple[str | None, tuple[int, int] | None]:
    """Return (format from the magic bytes, (width, height) from a PNG header or an SVG root tag), never decoding."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None, None
    fmt = image_format(head)
    if fmt == "PNG":
        if len(head) < 24 or head[12:16] != b"IHDR":
            return fmt, None
        return fmt, (int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"))
    if fmt != "SVG":
        return fmt, None
    text = head.decode("utf-8", "replace")
    m = re.search(r"<svg\b[^>]*>", text, re.S)
    if not m:
        return fmt, None
    tag = m.group(0)

    def num(name: str) -> float | None:
        a = re.search(rf'\b{name}\s*=\s*["\']\s*([0-9.eE+]+)', tag)
        try:
            return float(a.group(1)) if a else None
        except ValueError:
            return None

    w, h = num("width"), num("height")
    if w is None or h is None:
        vb = re.search(r'viewBox\s*=\s*["\']\s*[-0-9.]+[\s,]+[-0-9.]+[\s,]+([0-9.]+)[\s,]+([0-9.]+)', tag)
        if not vb:
            return fmt, None
        w, h = float(vb.group(1)), float(vb.group(2))
    if not (w < 1e9 and h < 1e9):  # inf, nan or absurd: reported as too large
        return fmt, (1 << 30, 1 << 30)
    return fmt, (int(w), int(h))


def image_dimensions(path: Path) -> tuple[int, int] | None:
    """Return (width, height) of a PNG or SVG read from its header, without decoding; None if unreadable.

    The format comes from the magic bytes and must match the name's ending (``.png`` a PNG, ``.svg``
    an SVG): a BMP named ``.png`` is None, whatever text it carries.
    """
    fmt, dims = read_image_header(Path(path))
    expected = SUFFIX_FORMAT.get(Path(path).suffix.lower())
    if fmt not in SUFFIX_FORMAT.values() or (expected is not None and fmt != expected):
        return None
    return dims


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
    fmt, _ = read_image_header(real)
    expected = SUFFIX_FORMAT[Path(relpath).suffix.lower()]
    if fmt != expected:
        article = "an" if fmt and fmt[0] in "AEFHILMNORSX" else "a"  # an SVG, an ICO; a PNG, a BMP
        what = f"{article} {fmt} file" if fmt else "not an image this program reads"
        raise LevelError(where, [f"{field}: {relpath!r}: {what}, named {Path(relpath).suffix.lower()}: only "
                                 f"real PNG and SVG images are allowed"])
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

