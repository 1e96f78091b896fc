"""Level files: discovery, safe loading, includes, validation and clear errors (the public face).

A level is one TOML file in ``levels/<ruleset>/`` (shipped) or in the user's
``mods/<ruleset>/`` folder. Files are untrusted data: size-capped, parsed with
tomllib only, nesting bounded, includes resolved relative to the file and kept
inside its root folder (symlinks resolved), and validated against the
ruleset's typed model. Every problem becomes a ``LevelError`` whose lines read
``path: field.path: what was expected`` with a suggestion for typos, e.g.::

    mods/dungeon/crypt.toml: chips[3].faces[1]: unknown value 'swrod' (did you mean 'sword'?); expected one of: ...

A broken file never stops the others: ``discover_levels`` returns it with its
message so the menu can show it as broken. ``docs/LEVELS.md`` is the modder's
guide to the format.

The work is split by job; this module re-exports the names the rest of the program uses:

- ``levelerrors``: ``LevelError`` and the words of every problem (pydantic errors as field paths);
- ``levelfiles``: reading files safely and merging includes (``load_merged``, ``read_toml``);
- ``levelassets``: images a level refers to (``resolve_asset``, ``image_dimensions``);
- ``levelmodel``: ``Level``, ``LevelEntry``, ``load_level_file``, ``json_schema``;
- ``levelscan``: ``discover_levels``, ``get_level``, ``count_levels`` and the folder cap;
- ``catalogue``: the one cache of parsed files and validated levels all of the above share.
"""

from __future__ import annotations

from game.engine.catalogue import clear as clear_catalogue
from game.engine.levelassets import ASSET_SUFFIXES, MAX_ASSET_BYTES, MAX_IMAGE_SIDE, image_dimensions, resolve_asset
from game.engine.levelerrors import (
    MAX_DEPTH, MAX_PROBLEMS, LevelError, _safe, _short, _suggest, format_validation_error,
)
from game.engine.levelfiles import (
    MAX_FILE_BYTES, MAX_INCLUDE_DEPTH, MAX_INCLUDED_FILES, MAX_TOTAL_BYTES, SHIPPED_PREFIX, _display,
    load_merged, read_toml, root_for,
)
from game.engine.levelmodel import Level, LevelEntry, check_level_model, json_schema, load_level_file
from game.engine.levelscan import (
    MAX_LEVELS_PER_DIR, cached_level_file, cap_problem, count_levels, discover_levels, find_level_files,
    folder_levels, get_level, is_level_file, load_entry, mark_duplicates,
)

__all__ = [
    "ASSET_SUFFIXES", "MAX_ASSET_BYTES", "MAX_DEPTH", "MAX_FILE_BYTES", "MAX_IMAGE_SIDE", "MAX_INCLUDED_FILES",
    "MAX_INCLUDE_DEPTH", "MAX_LEVELS_PER_DIR", "MAX_PROBLEMS", "MAX_TOTAL_BYTES", "SHIPPED_PREFIX",
    "Level", "LevelEntry", "LevelError", "_display", "_safe", "_short", "_suggest", "cached_level_file",
    "cap_problem", "check_level_model", "clear_catalogue", "count_levels", "discover_levels", "find_level_files",
    "folder_levels", "format_validation_error", "get_level", "image_dimensions", "is_level_file", "json_schema",
    "load_entry", "load_level_file", "load_merged", "mark_duplicates", "read_toml", "resolve_asset", "root_for",
]
