"""Hostile level files through ``python -m game validate``: path traversal and absolute paths,
symlinks out of the folder, huge files, huge or malformed images, deep nesting, invalid UTF-8 and
binary garbage are all refused with one clear line naming the file, quickly, without a traceback.

They start from a real shipped level (dungeon/standard) copied into a mod pack, so the only
thing wrong with each file is the hostile part. No ruleset has an image field yet, so images
go through ``game.engine.levels.resolve_asset`` (the loader's gate for every image a level names)
and the app's decoder ``game.ui.gfx.load_image`` (in a child with a memory limit).
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

from game.cli import build_parser
from game.engine import paths
from game.engine.levels import LevelError, load_level_file, resolve_asset

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 15.0


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(w: int, h: int, *, rows: int = 2, end: bool = True) -> bytes:
    """A PNG that claims w x h pixels but carries only a few rows (a tiny file)."""
    raw = b"".join(b"\x00" + b"\x80" * (4 * min(w, 64)) for _ in range(rows))
    out = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
    return out + _chunk(b"IDAT", zlib.compress(raw)) + (_chunk(b"IEND", b"") if end else b"")


@pytest.fixture()
def pack(tmp_path: Path) -> Path:
    """A mod pack ``pack/dungeon/`` holding the shipped standard level and its shared files."""
    folder = tmp_path / "pack" / "dungeon"
    folder.mkdir(parents=True)
    src = paths.levels_dir() / "dungeon"
    for p in src.glob("_*.toml"):
        shutil.copy(p, folder / p.name)
    shutil.copy(src / "standard.toml", folder / "good.toml")
    (tmp_path / "outside").mkdir()
    return folder


def _good(pack: Path) -> str:
    return (pack / "good.toml").read_text(encoding="utf-8")


def _with_include(pack: Path, first: str) -> str:
    text = _good(pack)
    assert 'include = ["' in text
    return text.replace('include = ["', f'include = ["{first}", "', 1)


def validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the validate command on one path in-process; return (exit code, output)."""
    args = build_parser().parse_args(["validate", str(path)])
    t0 = time.perf_counter()
    code = args._module.run(args)
    took = time.perf_counter() - t0
    out, err = capsys.readouterr()
    assert took < SECONDS, f"validate took {took:.1f}s on {path.name}"
    assert "Traceback" not in out + err
    return code, out


def _refused(pack: Path, name: str, capsys: pytest.CaptureFixture[str], *words: str) -> str:
    code, out = validate(pack / name, capsys)
    assert code == 1, out
    problems = out.strip().splitlines()[:-1]
    assert problems and all(name in line for line in problems), out
    assert any(w.lower() in out.lower() for w in words), f"expected one of {words}: {out}"
    assert len(out) < 4000
    return out


def test_the_unchanged_copy_is_valid(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out = validate(pack / "good.toml", capsys)
    assert code == 0, out


def test_path_traversal_in_include_is_refused(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outside = pack.parent.parent / "outside" / "_stolen.toml"
    outside.write_text((pack / "_chips.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (pack / "trav.toml").write_text(_with_include(pack, "../../outside/_stolen.toml"), encoding="utf-8")
    _refused(pack, "trav.toml", capsys, "leaves the folder")
    (pack / "trav2.toml").write_text(_with_include(pack, "../../../../../../etc/passwd.toml"), encoding="utf-8")
    _refused(pack, "trav2.toml", capsys, "leaves the folder", "not found")


@pytest.mark.parametrize("target", ["/etc/hosts.toml", "C:\\\\Windows\\\\win.toml", "~/x.toml"])
def test_absolute_paths_in_include_are_refused(pack: Path, capsys: pytest.CaptureFixture[str], target: str) -> None:
    (pack / "abs.toml").write_text(_with_include(pack, target), encoding="utf-8")
    _refused(pack, "abs.toml", capsys, "absolute path", "relative")


@pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="symlinks")
def test_symlinks_out_of_the_folder_are_refused(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    outside = pack.parent.parent / "outside"
    (outside / "level.toml").write_text(_good(pack), encoding="utf-8")
    (pack / "link.toml").symlink_to(outside / "level.toml")
    _refused(pack, "link.toml", capsys, "leaves its folder", "link")
    (outside / "_chips.toml").write_text((pack / "_chips.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (pack / "_evil.toml").symlink_to(outside / "_chips.toml")
    (pack / "inclink.toml").write_text(_with_include(pack, "_evil.toml"), encoding="utf-8")
    _refused(pack, "inclink.toml", capsys, "leaves the folder", "link")


def test_huge_files_are_refused_without_reading_them(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (pack / "huge.toml").write_text(_good(pack) + "\n#" + "x" * (5 << 20) + "\n", encoding="utf-8")
    _refused(pack, "huge.toml", capsys, "too large")
    with open(pack / "sparse.toml", "wb") as fh:  # 4 GB that takes no disk: must not be read
        fh.truncate(4 << 30)
    _refused(pack, "sparse.toml", capsys, "too large")
    # a small level that includes a huge shared file
    (pack / "_big.toml").write_text("#" + "y" * (3 << 20) + "\n", encoding="utf-8")
    (pack / "bigincl.toml").write_text(_with_include(pack, "_big.toml"), encoding="utf-8")
    _refused(pack, "bigincl.toml", capsys, "too large", "too much")


@pytest.mark.parametrize("kind", ["arrays", "inline-tables", "dotted-key", "table-header", "array-tables"])
def test_deep_nesting_is_refused(pack: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    tail = {
        "arrays": "\nx = " + "[" * 5000 + "]" * 5000 + "\n",
        "inline-tables": "\nx = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
        "dotted-key": "\n[deep]\n" + ".".join(["k"] * 5000) + " = 1\n",
        "table-header": "\n[" + ".".join(["t"] * 3000) + "]\nv = 1\n",
        "array-tables": "".join("\n[[x" + ".y" * i + "]]" for i in range(300)) + "\n",
    }[kind]
    (pack / "deep.toml").write_text(_good(pack) + tail, encoding="utf-8")
    _refused(pack, "deep.toml", capsys, "nested too deeply")


def test_invalid_utf8_is_refused_with_its_line(pack: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _good(pack).encode("utf-8")
    (pack / "utf8.toml").write_bytes(good + b'\nauthor = "\xff\xfe\xc3("\n')
    out = _refused(pack, "utf8.toml", capsys, "UTF-8")
    line = good.count(b"\n") + 2
    assert f"line {line}" in out


@pytest.mark.parametrize("kind", ["noise", "png", "nul-in-text", "zip"])
def test_binary_garbage_is_refused(pack: Path, capsys: pytest.CaptureFixture[str], kind: str) -> None:
    data = {
        "noise": bytes((i * 7919 + 13) % 256 for i in range(20000)),
        "png": png(64, 64),
        "nul-in-text": _good(pack).encode("utf-8").replace(b"\n", b"\n\x00", 3),
        "zip": b"PK\x03\x04" + bytes(range(256)) * 8,
    }[kind]
    (pack / "bin.toml").write_bytes(data)
    _refused(pack, "bin.toml", capsys, "binary", "UTF-8", "TOML")


# --- images -------------------------------------------------------------------------------------

@pytest.fixture()
def level(pack: Path):  # noqa: ANN201
    return load_level_file(pack / "good.toml", root=pack.parent, source="mod")


def _asset_refused(level, rel: str, *words: str) -> str:  # noqa: ANN001
    with pytest.raises(LevelError) as info:
        resolve_asset(level, rel, "chips.demo.image")
    msg = str(info.value)
    assert msg.startswith(str(level.path)) or "good.toml" in msg.splitlines()[0], msg
    assert "chips.demo.image" in msg, msg
    assert any(w in msg for w in words), msg
    return msg


def test_image_paths_out_of_the_folder_are_refused(level, pack: Path) -> None:  # noqa: ANN001
    (pack.parent.parent / "outside" / "x.png").write_bytes(png(8, 8))
    _asset_refused(level, "../../outside/x.png", "leaves the folder")
    _asset_refused(level, "/etc/x.png", "absolute")
    _asset_refused(level, "x.exe", "only")
    if hasattr(os, "symlink") and sys.platform != "win32":
        (pack / "link.png").symlink_to(pack.parent.parent / "outside" / "x.png")
        _asset_refused(level, "link.png", "leaves the folder")


def test_a_10_mb_image_is_refused(level, pack: Path) -> None:  # noqa: ANN001
    (pack / "big.png").write_bytes(png(64, 64) + b"\x00" * (10 << 20))
    _asset_refused(level, "big.png", "too large")


def test_small_good_and_truncated_images_pass_the_gate(level, pack: Path) -> None:  # noqa: ANN001
    """The gate checks place, type and bytes; the decoder copes with what is inside (next test)."""
    (pack / "ok.png").write_bytes(png(16, 16))
    (pack / "cut.png").write_bytes(png(16, 16)[:40])
    assert resolve_asset(level, "ok.png").name == "ok.png"
    assert resolve_asset(level, "cut.png").name == "cut.png"


DECODE = r"""
import os, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
pygame.display.init(); pygame.display.set_mode((64, 64))
from game.ui import gfx
for name in sys.argv[1:]:
    t = time.perf_counter()
    s = gfx.load_image(name, (64, 64))
    print(name, s.get_size(), round(time.perf_counter() - t, 2))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS")
def test_the_decoder_survives_images_claiming_absurd_sizes_and_cut_files(pack: Path) -> None:
    (pack / "claims.png").write_bytes(png(100_000, 100_000))
    (pack / "cut.png").write_bytes(png(16, 16)[:40])
    (pack / "noise.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    files = [str(pack / n) for n in ("claims.png", "cut.png", "noise.png")]
    proc = subprocess.run([sys.executable, "-c", DECODE, *files], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0, proc.stderr[-1500:]
    lines = proc.stdout.strip().splitlines()
    assert len(lines) == 3 and all("(64, 64)" in ln for ln in lines), proc.stdout
    assert all(float(ln.rsplit(" ", 1)[1]) < 10 for ln in lines)


def test_an_image_claiming_huge_pixel_sizes_is_refused_by_the_gate(level, pack: Path) -> None:  # noqa: ANN001
    (pack / "wide.png").write_bytes(png(20_000, 20_000))
    _asset_refused(level, "wide.png", "2048", "pixels", "too large")
