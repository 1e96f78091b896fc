"""Player settings: a small JSON file in the user config folder, written atomically.

A missing or broken file gives the defaults, never a failure: any bytes (not UTF-8, UTF-16,
a FIFO, a huge file, 100,000 nested brackets, a list where a word belongs) give defaults
for what is wrong, a log line, and a short problem text (``read_settings``) that the menu
shows once. Every field is applied live by the app (``App.apply_settings``).
"""

from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from game.engine import i18n, paths

log = logging.getLogger(__name__)

FILE_NAME = "settings.json"
TEXT_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.25, "huge": 1.5}  # each step about 2-3 px taller at 12 px
ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
BOT_PACES = (0.2, 0.5, 0.9, 1.5, 2.5)
#: a settings file larger than this is not read (the real one is a few hundred bytes)
MAX_SETTINGS_BYTES = 64 * 1024


@dataclass
class Settings:
    """Every player setting, with its default."""

    language: str = ""
    fullscreen: bool = False
    animation_speed: float = 1.0
    bot_pace: float = 0.9
    volume: float = 0.7
    muted: bool = False
    colorblind: bool = False
    text_size: str = "normal"

    def __post_init__(self) -> None:
        if not self.language:
            self.language = i18n.system_language()

    @property
    def text_scale(self) -> float:
        """Return the font scale factor of the text size setting."""
        return TEXT_SIZES.get(self.text_size, 1.0)

    @property
    def effective_volume(self) -> float:
        """Return the volume to play sounds at (0 when muted)."""
        return 0.0 if self.muted else self.volume

    def to_json(self) -> dict[str, Any]:
        """Return JSON-safe data."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any, problems: list[str] | None = None) -> "Settings":
        """Build settings from JSON data, keeping defaults for missing or bad fields (logged, and added to ``problems``)."""
        out = cls()
        problems = problems if problems is not None else []
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, using defaults")
            problems.append("expected a JSON object")
            return out
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            try:
                setattr(out, f.name, _check(f.name, value))
            except ValueError as exc:
                log.warning("settings: %s: %s; keeping %r", f.name, exc, getattr(out, f.name))
                problems.append(f"{f.name}: {exc}")
        return out


def _check(name: str, value: Any) -> Any:
    """Validate one field; raise ValueError saying what was expected."""
    if name in ("language", "text_size") and not isinstance(value, str):  # a list or a table is no word
        raise ValueError(f"expected one of {', '.join(i18n.LANGUAGES if name == 'language' else TEXT_SIZES)}")
    if name == "language":
        if value not in i18n.LANGUAGES:
            raise ValueError(f"expected one of {', '.join(i18n.LANGUAGES)}")
        return value
    if name in ("fullscreen", "muted", "colorblind"):
        if not isinstance(value, bool):
            raise ValueError("expected true or false")
        return value
    if name == "text_size":
        if value not in TEXT_SIZES:
            raise ValueError(f"expected one of {', '.join(TEXT_SIZES)}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("expected a number")
    limits = {"animation_speed": (0.25, 8.0), "bot_pace": (0.0, 5.0), "volume": (0.0, 1.0)}
    lo, hi = limits[name]
    if not lo <= value <= hi:  # compared exactly: float() of a 400-digit integer would overflow
        raise ValueError(f"expected a number from {lo} to {hi}")
    return float(value)


def settings_path() -> Path:
    """Return the settings file path."""
    return paths.config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; defaults (and a log line) when the file is missing or broken."""
    return read_settings(path)[0]


def _read_bytes(path: Path) -> bytes:
    """The file's bytes; OSError (or ValueError for a FIFO, a device or a huge file) when it cannot be used."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ValueError("not a regular file")
        if st.st_size > MAX_SETTINGS_BYTES:
            raise ValueError(f"file too large ({st.st_size} bytes)")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read(MAX_SETTINGS_BYTES + 1)[:MAX_SETTINGS_BYTES]
    finally:
        os.close(fd)


def read_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Read settings; return them and a short problem text (None when the file was fine or missing).

    Never raises: whatever the file holds, the result is usable settings (defaults for what is wrong).
    """
    path = path or settings_path()
    try:
        raw = _read_bytes(path)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        log.warning("settings: cannot read %s: %s; using defaults", path, why)
        return Settings(), f"{FILE_NAME}: cannot be read ({why})"
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        log.warning("settings: %s is not UTF-8 text (byte %d); using defaults", path, exc.start)
        return Settings(), f"{FILE_NAME}: not UTF-8 text"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)[:200]
        log.warning("settings: %s is not valid JSON (%s); using defaults", path, why)
        return Settings(), f"{FILE_NAME}: not valid JSON ({why})"
    problems: list[str] = []
    settings = Settings.from_json(data, problems)
    return settings, (f"{FILE_NAME}: {'; '.join(problems)}"[:300] if problems else None)


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write settings atomically (temp file, fsync, rename) and return the path."""
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(settings.to_json(), fh, indent=2, sort_keys=True)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
