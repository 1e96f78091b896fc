#!/usr/bin/env python3
"""How often a seat has nothing to do in a turn, per ruleset, level, deck and seat (docs/BOTS.md, "Idle turns").

    python tools/idle_turns.py                          # every ruleset, every shipped level, 10 games each
    python tools/idle_turns.py --rulesets sanctuary --games 20 --seed 1
    python tools/idle_turns.py --rulesets quest --bots policy --json

Bots (the ruleset's policy alone by default: cheap, and it plays a card whenever one is worth playing)
play every shipped level; in quest, where the seats choose their decks, game ``i`` gives seat ``s`` the
deck ``(i + s) mod n`` of the level's list, so every deck is played. A *turn* of a seat is:

- sanctuary: one of the seat's own turns (``state.turn`` while the seat is the active player; the
  passive player's answers in the other seat's turn do not count);
- quest: one round, for every seat still in the game;
- the others: one round (``state.round``) in which the seat had at least one decision.

A seat's turn is **idle** when every decision it had was a pass (pass, done, end of attacks...) or it
had no decision at all (sanctuary passes for a seat that can only pass), and **cardless** when no
card could be played in it (no legal ``play`` action; only rulesets that have one), and **stuck**
when it was cardless although the seat held three cards or more (cards in hand, none affordable: the
boredom the ready-made decks must avoid; a cardless turn with an empty hand follows a turn that
played everything). Printed: a table per level, deck and seat (turns, idle, cardless, stuck,
cardless among the first five turns, the longest run of cardless turns in a game), and with
``--json`` one JSON object. Exit 1 on a game error.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

#: action kinds that do nothing: passing, ending a step, declining
PASS_KINDS = frozenset({"pass", "done", "end_turn", "end_attack", "end_attacks", "end_block", "no_duel",
                        "no_defender", "discard"})
#: the kind of a card play, in the rulesets with cards in hand
CARD_KIND = "play"
#: the opening turns a new player notices most
EARLY = 5
#: a cardless turn with at least this many cards in hand is *stuck*: cards held, none affordable
STUCK_HAND = 3
ALL_RULESETS = ("dungeon", "skirmish", "sanctuary", "expedition", "quest")


def _kind(action: Any) -> str:
    return str(getattr(action.kind, "value", action.kind))


def turn_of(ruleset_id: str, st: Any) -> tuple[int, list[int]] | None:
    """Return (turn number, seats whose turn it is) for ``st``, or None outside the turns (set-up, end)."""
    seat = st.to_act()
    if ruleset_id == "sanctuary":
        if st.phase.value in ("setup", "over"):
            return None
        return int(st.turn), [int(st.active)]
    if ruleset_id == "quest":
        if st.round < 1 or st.phase.value in ("setup", "over"):
            return None
        return int(st.round), [s for s, p in enumerate(st.players) if not p.eliminated]
    if seat is None:
        return None
    return int(getattr(st, "round", 0)), [int(seat)]


def hand_size(ruleset_id: str, st: Any, seat: int) -> int:
    """Cards in the seat's hand (-1 when the ruleset has no hand)."""
    players = getattr(st, "players", None)
    if ruleset_id not in ("sanctuary", "quest") or not players:
        return -1
    return len(getattr(players[seat], "hand", []))


def deck_of(ruleset_id: str, st: Any, seat: int) -> str:
    """Return the deck (or hero) a seat plays, '-' when the ruleset has none."""
    if ruleset_id == "sanctuary":
        return str(st.model.players[seat].deck)
    if ruleset_id == "quest":
        return str(st.players[seat].deck_id or "-")
    return "-"


@dataclass
class Turn:
    """What one seat could do in one of its turns."""

    decisions: int = 0
    doing: bool = False
    card: bool = False
    #: the most cards the seat held in this turn (-1: the ruleset has no hand)
    hand: int = -1


@dataclass
class Tally:
    """Turns of one (level, deck, seat) over every game."""

    turns: int = 0
    idle: int = 0
    cardless: int = 0
    stuck: int = 0
    early: int = 0
    early_cardless: int = 0
    longest: int = 0
    has_cards: bool = False
    games: int = 0
    runs: list[int] = field(default_factory=list)

    def add_game(self, turns: list[Turn], has_cards: bool) -> None:
        """Add one game's turns of this seat, in order."""
        self.games += 1
        self.has_cards = self.has_cards or has_cards
        run = longest = 0
        for i, t in enumerate(turns):
            self.turns += 1
            self.idle += not t.doing
            self.cardless += not t.card
            self.stuck += not t.card and t.hand >= STUCK_HAND
            if i < EARLY:
                self.early += 1
                self.early_cardless += not t.card
            run = run + 1 if not t.card else 0
            longest = max(longest, run)
        self.runs.append(longest)
        self.longest = max(self.longest, longest)

    def row(self) -> dict[str, Any]:
        """The figures as a JSON-able dict (shares in percent)."""
        def pct(a: int, b: int) -> float:
            return round(100.0 * a / b, 1) if b else 0.0
        return {"games": self.games, "turns": self.turns, "idle_pct": pct(self.idle, self.turns),
                "cardless_pct": pct(self.cardless, self.turns) if self.has_cards else None,
                "stuck_pct": pct(self.stuck, self.turns) if self.has_cards else None,
                "early_cardless_pct": pct(self.early_cardless, self.early) if self.has_cards else None,
                "longest_cardless_run": self.longest if self.has_cards else None,
                "mean_longest_run": round(sum(self.runs) / len(self.runs), 1) if self.has_cards and self.runs else None}


def play_game(ruleset: Any, level: Any, bot_kind: str, seed: int, game_index: int,
              make: Callable[[str, int], Any], seats: int | None = None,
              keep: bool = False) -> tuple[dict[int, list[Turn]], dict[int, str], bool]:
    """Play one game; return each seat's turns in order, each seat's deck and whether cards exist."""
    from game.cli.simulate import seat_count
    from game.engine.protocol import SeatSpec

    seats = seat_count(ruleset, level, seats)
    st = ruleset.new_game(level, [SeatSpec(f"Bot {i + 1}", "bot", "normal") for i in range(seats)], seed)
    bots = [make(bot_kind, seed * 101 + s + 1) for s in range(seats)]
    turns: dict[tuple[int, int], Turn] = {}
    order: dict[int, list[tuple[int, int]]] = {s: [] for s in range(seats)}
    has_cards = False
    for _ in range(ruleset.max_game_length):
        seat = st.to_act()
        if seat is None:
            break
        now = turn_of(ruleset.id, st)
        if now is not None:
            for s in now[1]:
                key = (now[0], s)
                if key not in turns:
                    turns[key] = Turn()
                    order[s].append(key)
        legal = st.legal_actions()
        kinds = {_kind(a) for a in legal}
        has_cards = has_cards or CARD_KIND in kinds
        if now is not None:
            for s in now[1]:
                t = turns[(now[0], s)]
                t.hand = max(t.hand, hand_size(ruleset.id, st, s))
        if now is not None and seat in now[1]:
            t = turns[(now[0], seat)]
            t.decisions += 1
            t.doing = t.doing or bool(kinds - PASS_KINDS)
            t.card = t.card or CARD_KIND in kinds
        decks = [a for a in legal if _kind(a) == "deck"]
        if decks:  # quest: rotate the decks over games and seats so every deck is played
            options = sorted(decks, key=lambda a: str(a.get("deck")))
            action = options[(game_index + seat) % len(options)]
        elif keep and "keep" in kinds:  # a new player keeps the opening hand
            action = next(a for a in legal if _kind(a) == "keep")
        else:
            action = bots[seat].choose(ruleset, st.view(seat), seat, legal)
        st.apply(action)
    else:
        raise RuntimeError(f"{ruleset.id}/{level.id} seed {seed}: no end within max_game_length")
    result = {s: [turns[k] for k in keys] for s, keys in order.items()}
    return result, {s: deck_of(ruleset.id, st, s) for s in range(seats)}, has_cards


def measure(ruleset_ids: list[str], games: int, seed: int, bot_kind: str, levels: list[str] | None = None,
            echo: Callable[[str], None] | None = None, seats: int | None = None,
            keep: bool = False) -> list[dict[str, Any]]:
    """Play ``games`` games per shipped level of each ruleset; return one row per (level, deck, seat)."""
    from game.cli.simulate import seat_count
    from game.engine.levels import discover_levels
    from game.engine.registry import get_ruleset

    make = _maker()
    rows: list[dict[str, Any]] = []
    for rid in ruleset_ids:
        ruleset = get_ruleset(rid)
        for entry in discover_levels(rid, include_mods=False):
            if not entry.ok or (levels and entry.id not in levels):
                continue
            tallies: dict[tuple[str, int], Tally] = {}
            try:
                seat_count(ruleset, entry.level, seats)
            except ValueError:
                continue  # the level does not seat that many
            for i in range(games):
                per_seat, decks, has_cards = play_game(ruleset, entry.level, bot_kind, seed + i, i, make,
                                                       seats, keep)
                for s, turns in per_seat.items():
                    tallies.setdefault((decks[s], s), Tally()).add_game(turns, has_cards)
            for (deck, s), tally in sorted(tallies.items(), key=lambda kv: (kv[0][1], kv[0][0])):
                if not tally.turns:
                    continue  # a seat without turns of its own (expedition's Dark Lord)
                row = {"ruleset": rid, "level": entry.id, "deck": deck, "seat": s, **tally.row()}
                rows.append(row)
                if echo is not None:
                    echo(_line(row))
    return rows


def _maker() -> Callable[[str, int], Any]:
    def make(kind: str, seed: int) -> Any:
        from game.engine.bots import make_bot
        from game.engine.bots.policy import PolicyBot

        return PolicyBot(seed) if kind == "policy" else make_bot(kind, seed, strict=True)
    return make


def _cell(v: Any, suffix: str = "") -> str:
    return "-" if v is None else f"{v}{suffix}"


def _line(r: dict[str, Any]) -> str:
    return (f"| {r['ruleset']} | {r['level']} | {r['deck']} | {r['seat']} | {r['turns']} | {r['idle_pct']} % | "
            f"{_cell(r['cardless_pct'], ' %')} | {_cell(r['stuck_pct'], ' %')} | {_cell(r['early_cardless_pct'], ' %')} | "
            f"{_cell(r['longest_cardless_run'])} |")


HEADER = ("| ruleset | level | deck | seat | turns | idle | cardless | stuck | cardless, first 5 | longest cardless run |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def main(argv: list[str] | None = None) -> int:
    """Measure and print the table (and JSON with --json)."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rulesets", default=",".join(ALL_RULESETS))
    ap.add_argument("--levels", default="", help="comma separated level ids (default: every shipped level)")
    ap.add_argument("--games", type=int, default=10, help="games per level (default 10)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="policy", help="policy (default), random, easy, normal or hard")
    ap.add_argument("--seats", type=int, default=None, help="seats per game (default: the level's usual count)")
    ap.add_argument("--keep", action="store_true", help="always keep the opening hand, as a new player may")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    print(HEADER, flush=True)
    try:
        rows = measure([r for r in args.rulesets.split(",") if r], args.games, args.seed, args.bots,
                       [x for x in args.levels.split(",") if x] or None,
                       echo=lambda line: print(line, flush=True), seats=args.seats, keep=args.keep)
    except Exception as exc:  # noqa: BLE001 - report and fail
        print(f"idle_turns: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"games": args.games, "seed": args.seed, "bots": args.bots, "rows": rows}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
