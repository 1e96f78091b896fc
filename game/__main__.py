"""Entry point for ``python -m game``: the command line (see game.cli)."""

from game.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
