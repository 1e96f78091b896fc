"""Where things live: shipped resources (checkout, installed package or frozen
bundle) and the user's folders (platformdirs: settings, saves, mods, logs).

``MESA_HOME`` overrides the user folders (tests and portable installs use it);
``temporary_home()`` points them at a throw-away folder for a while (the bench, the smoke run).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Iterator

APP_NAME = "mesa-de-heroes"
APP_AUTHOR = "MesaDeHeroes"


def resource_root() -> Path:
    """Return the folder holding ``assets/`` and ``levels/``."""
    env = os.environ.get("MESA_RESOURCES")
    if env:
        return Path(env)
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    here = Path(__file__).resolve().parent.parent  # game/
    for cand in (here.parent, here / "_data"):
        if (cand / "levels").is_dir() or (cand / "assets").is_dir():
            return cand
    return here.parent


def levels_dir() -> Path:
    """Return the shipped levels folder."""
    return resource_root() / "levels"


def assets_dir() -> Path:
    """Return the shipped assets folder."""
    return resource_root() / "assets"


def _user_base(kind: str) -> Path:
    home = os.environ.get("MESA_HOME")
    if home:
        return Path(home) / kind
    import platformdirs

    if kind == "data":
        return Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR))
    if kind == "config":
        return Path(platformdirs.user_config_dir(APP_NAME, APP_AUTHOR))
    return Path(platformdirs.user_log_dir(APP_NAME, APP_AUTHOR))


def user_data_dir() -> Path:
    """Return the user data folder (saves and mods live below it)."""
    return _user_base("data")


def mods_dir() -> Path:
    """Return the user mods folder: ``mods/<ruleset>/*.toml``."""
    return user_data_dir() / "mods"


def saves_dir() -> Path:
    """Return the saves folder."""
    return user_data_dir() / "saves"


def config_dir() -> Path:
    """Return the settings folder."""
    return _user_base("config")


def log_dir() -> Path:
    """Return the log folder."""
    return _user_base("log")


@contextlib.contextmanager
def temporary_home(prefix: str = "mesa-home-") -> Iterator[Path]:
    """Point the user folders at a fresh temporary MESA_HOME for the ``with`` block; then put the previous
    MESA_HOME back (or none) and remove the folder."""
    home = Path(tempfile.mkdtemp(prefix=prefix))
    old = os.environ.get("MESA_HOME")
    os.environ["MESA_HOME"] = str(home)
    try:
        yield home
    finally:
        if old is None:
            os.environ.pop("MESA_HOME", None)
        else:
            os.environ["MESA_HOME"] = old
        shutil.rmtree(home, ignore_errors=True)
