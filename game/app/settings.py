"""Player settings: a small JSON file in the user config folder, written atomically.

A missing or broken file gives the defaults (the problem is logged, never fatal).
Every field is applied live by the app (``App.apply_settings``).
"""

from __future__ import annotations

import json
import logging
import os
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
    def from_json(cls, data: Any) -> "Settings":
        """Build settings from JSON data, keeping defaults for missing or bad fields (logged)."""
        out = cls()
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, using defaults")
            return out
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            try:
                setattr(out, f.name, _check(f.name, value))
            except ValueError as exc:
                log.warning("settings: %s: %s; keeping %r", f.name, exc, getattr(out, f.name))
        return out


def _check(name: str, value: Any) -> Any:
    """Validate one field; raise ValueError saying what was expected."""
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
    if not lo <= float(value) <= hi:
        raise ValueError(f"expected a number from {lo} to {hi}")
    return float(value)


def settings_path() -> Path:
    """Return the settings file path."""
    return paths.config_dir() / FILE_NAME


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; defaults (and a log line) when the file is missing or broken."""
    path = path or settings_path()
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        log.warning("settings: cannot read %s: %s; using defaults", path, exc)
        return Settings()
    try:
        data = json.loads(raw)
    except ValueError as exc:
        log.warning("settings: %s is not valid JSON (%s); using defaults", path, exc)
        return Settings()
    return Settings.from_json(data)


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
