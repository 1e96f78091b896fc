"""The command line, a contract other tools call (see README and DESIGN.md)::

    python -m game                         launch the app at the menu
    python -m game play RULESET [--level ID] [--seed N] [--seats human,bot]
    python -m game validate [PATH ...]
    python -m game schema RULESET
    python -m game simulate RULESET [--level ID] [--games N] [--seed S] [--bots B,B] [--json]
    python -m game play --replay FILE      open a save or a shared game in the replay theatre
    python -m game replay SAVEFILE [--json] [--share OUTFILE]
    python -m game smoke [--frames N] [--screenshots DIR]
    python -m game bench [--json FILE]

Each subcommand lives in its own module ``game/cli/<name>.py`` exposing
``add_arguments(parser)`` and ``run(args) -> int``. The windowed build has no
stdout, so nothing outside the command line may rely on print.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys

COMMANDS = {
    "play": "start a game of one ruleset directly",
    "validate": "check level files (all shipped levels and mods by default)",
    "schema": "print the JSON Schema of a ruleset's level files",
    "simulate": "play bot-vs-bot games headlessly and check invariants",
    "replay": "replay a save file headlessly and print the final state digest",
    "smoke": "open every scene with every level headlessly under random input",
    "bench": "measure the performance budgets",
}


def _ensure_streams() -> None:
    """Give a windowed (frozen) build somewhere harmless to write."""
    import os

    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115


def setup_logging(verbose: bool = False) -> None:
    """Log to the user log folder (and to stderr when it exists)."""
    from game.engine import paths

    handlers: list[logging.Handler] = []
    try:
        logdir = paths.log_dir()
        logdir.mkdir(parents=True, exist_ok=True)
        handlers.append(logging.FileHandler(logdir / "mesa.log", encoding="utf-8"))
    except OSError:
        pass
    if sys.stderr is not None and verbose:
        handlers.append(logging.StreamHandler(sys.stderr))
    logging.basicConfig(level=logging.DEBUG if verbose else logging.INFO, handlers=handlers or None,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Return the argument parser; with ``only``, import just that subcommand's module.

    Every subcommand is listed, but a module is imported only when it is needed
    (the one on the command line, or all of them for --help), to keep start-up light.
    """
    parser = argparse.ArgumentParser(prog="python -m game", description="Mesa de Héroes")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug details to stderr")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text)
        if only is not None and name != only:
            continue
        try:
            mod = importlib.import_module(f"game.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"game.cli.{name}":
                raise
            p.set_defaults(_module=None)
            continue
        mod.add_arguments(p)
        p.set_defaults(_module=mod)
    return parser


def _command_in(argv: list[str]) -> str | None:
    for arg in argv:
        if arg in COMMANDS:
            return arg
        if not arg.startswith("-"):
            return None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    _ensure_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv in (["-v"], ["--verbose"]):
        # the plain double-click path: no parser, no subcommand imports
        setup_logging(bool(argv))
        return launch_app()
    parser = build_parser(only=_command_in(argv))
    args = parser.parse_args(argv)
    setup_logging(getattr(args, "verbose", False))
    if args.command is None:
        return launch_app()
    if getattr(args, "_module", None) is None:
        sys.stderr.write(f"'{args.command}' is not available in this build.\n")
        return 2
    return int(args._module.run(args) or 0)


def launch_app() -> int:
    """Open the window at the main menu."""
    try:
        app = importlib.import_module("game.app.main")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("game.app"):
            sys.stderr.write("The application shell is not part of this build yet.\n")
            return 2
        raise
    return int(app.run() or 0)


def gui_main() -> int:
    """Entry point of the windowed executable."""
    return main([])
