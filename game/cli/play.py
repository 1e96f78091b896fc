"""``python -m game play RULESET [--level ID] [--seed N] [--seats human@HERO,bot] [--table]``: open the
window straight into a game (the menu is underneath: quitting the game returns to it).
``python -m game play --replay FILE`` opens a save or a shared game in the replay theatre.
"""

from __future__ import annotations

from dataclasses import replace

import argparse
import logging
import sys
import time
from typing import Any

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the arguments."""
    parser.add_argument("ruleset", nargs="?", help="ruleset id (e.g. dungeon)")
    parser.add_argument("--level", help="level id (default: the ruleset's first level)")
    parser.add_argument("--seed", type=int, help="random seed (default: from the clock)")
    parser.add_argument("--seats", help="comma-separated seats: human, bot, bot:easy|normal|hard|random, or a "
                                        "player name (default: one human, bots for the rest); each may end in "
                                        "@CHOICE, the hero, faction or deck that seat plays where the ruleset "
                                        "offers one (its id in the level, or random): "
                                        "human@brannoc,bot:hard@kestrel")
    parser.add_argument("--replay", metavar="FILE",
                        help="open a save or a shared game in the replay theatre instead of playing")
    parser.add_argument("--table", action="store_true",
                        help="play in the generic table view even when the ruleset has a scene of its own")


def _error(msg: str) -> int:
    log.error("play: %s", msg)
    if sys.stderr is not None:
        sys.stderr.write(f"play: {msg}\n")
    return 2


def run(args: argparse.Namespace) -> int:
    """Check the arguments, make the match, open the window at its scene."""
    from game.engine.levels import LevelError, get_level
    from game.engine.match import Match
    from game.engine.registry import get_ruleset

    if getattr(args, "replay", None):
        return _replay(args.replay)
    if not args.ruleset:
        return _error("a ruleset id is needed (or --replay FILE)")
    try:
        rs = get_ruleset(args.ruleset)
    except KeyError as exc:
        return _error(str(exc).strip("'\""))
    try:
        level = get_level(rs.id, args.level)
    except LevelError as exc:
        return _error(str(exc))
    lo, hi = rs.seat_range(level)
    seats = [s.strip() for s in args.seats.split(",")] if args.seats else ["human"] + ["bot"] * (max(2, lo) - 1)
    seats = seats[:hi] if len(seats) > hi else seats
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    try:
        match = Match.new(rs.id, level, localized_seats(seats), seed)
    except ValueError as exc:
        return _error(str(exc))

    from game.app.main import run as run_app
    from game.scenes.play import scene_for_match

    if getattr(args, "table", False):
        from game.scenes.table import TableScene

        return run_app(lambda app: TableScene(app, match))
    return run_app(lambda app: scene_for_match(app, match))


def _replay(file: str) -> int:
    """Check the save replays, then open the window at its theatre (the menu underneath)."""
    from game.engine.replay import open_replay
    from game.engine.saves import SaveError

    try:
        cursor = open_replay(file)
    except SaveError as exc:
        return _error(str(exc))
    from game.app.main import run as run_app
    from game.scenes.theatre import TheatreScene

    def first(app: Any) -> Any:
        return TheatreScene(app, cursor)

    return run_app(first)


def localized_seats(tokens: list[str], lang: str | None = None) -> list[Any]:
    """The seats of ``--seats`` with the default names in the player's language ("Jugador 1", "Bot 2"), as
    the seat set-up screen names them; a seat given by name keeps its name (the language: the settings')."""
    from game.app.main import load_strings
    from game.engine.i18n import t
    from game.engine.protocol import seat_specs

    load_strings()
    if lang is None:
        from game.app.settings import read_settings

        lang = read_settings()[0].language
    specs = seat_specs(tokens)
    for i, token in enumerate(tokens):
        kind = token.split("@", 1)[0]
        if kind in ("human", "bot") or kind.startswith("bot:"):
            key = "seats.player_n" if specs[i].kind == "human" else "seats.bot_n"
            specs[i] = replace(specs[i], name=t(key, lang, n=i + 1))
    return specs
