"""The application icon, rasterized from ``assets/icon.svg``: a PNG for the window and
an ICO (PNG-compressed entries, Windows Vista and later) for the executable.

``python -m game.app.icon OUTDIR`` writes both; build.spec calls ``write_icons``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

SIZES = (16, 32, 48, 64, 128, 256)


def _png_bytes(svg: Path, size: int) -> bytes:
    import pygame

    img = pygame.image.load_sized_svg(str(svg), (size, size))
    canvas = pygame.Surface((size, size), pygame.SRCALPHA)
    canvas.blit(img, ((size - img.get_width()) // 2, (size - img.get_height()) // 2))
    buf = io.BytesIO()
    pygame.image.save(canvas, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """Return an ICO file holding the given PNG images (size -> PNG data)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    return header + entries + blobs


def write_icons(out_dir: Path | str, svg: Path | str | None = None) -> tuple[Path, Path]:
    """Rasterize the icon SVG into ``out_dir``/icon.png (256 px) and icon.ico; return both paths."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.engine import paths

    svg = Path(svg) if svg else paths.assets_dir() / "icon.svg"
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    pngs = {s: _png_bytes(svg, s) for s in SIZES}
    png_path, ico_path = out / "icon.png", out / "icon.ico"
    png_path.write_bytes(pngs[256])
    ico_path.write_bytes(ico_bytes(pngs))
    return png_path, ico_path


if __name__ == "__main__":  # pragma: no cover - build helper
    write_icons(sys.argv[1] if len(sys.argv) > 1 else "build/icon")
