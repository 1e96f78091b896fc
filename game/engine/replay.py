"""The replay cursor: any position of a saved game, by action index, stepping cheaply both ways.

A save holds level + seed + seats + every action, so every position of the game can be
rebuilt exactly. ``ReplayCursor(data)`` plays the game once through a fresh ``Match``
(checking each action is the right seat's and legal, as ``saves.replay`` does), keeping:

- a clone of the state every ``SNAPSHOT_EVERY`` actions (seeking rebuilds from the nearest
  one at or before the target and applies the few actions after it; one step forward from
  the current position applies one action);
- every action's events and log lines (the match's own, in every language, with the private
  wording of secret events), so the theatre's log is the game's log;
- the turn and round boundaries, read from the game itself: a *turn* starts where the seat to
  act changes, a *round* where the state's ``round`` (sanctuary: ``turn``) counter moves.

Position ``i`` is the state after the first ``i`` actions (0: the start, ``len(cursor)``: the
end). The theatre (game/scenes/theatre/) reads positions through ``position(i)``; the secrets of
a finished game are in ``game.engine.reveal``. Pure Python, no pygame.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.protocol import GameState, SeatSpec
from game.engine.savefile import SaveError, check_save

#: a clone of the state is kept every this many actions (a seek applies at most this many)
SNAPSHOT_EVERY = 32
#: state fields read as the round counter, in order of preference
ROUND_FIELDS = ("round", "turn")


@dataclass(frozen=True)
class Step:
    """One action of the game: who played it, what it was, its events, and where it stands."""

    index: int
    seat: int
    action: Action
    events: tuple[Event, ...]
    round: int


class ReplayCursor:
    """Positions of one saved game by action index (see the module docstring)."""

    def __init__(self, data: dict[str, Any], where: str = "save", every: int = SNAPSHOT_EVERY) -> None:
        from game.engine.match import Match
        from game.engine.saves import _level_from_save, _ruleset_of

        check_save(data, where)
        self.data = data
        self.where = where
        self.every = max(1, int(every))
        rs = _ruleset_of(data, where)
        self.ruleset_id: str = rs.id
        self.level = _level_from_save(data, where)
        self.seats = [SeatSpec.from_json(s) for s in data["seats"]]
        self.seed: int = data["seed"]
        self.branch: dict[str, Any] | None = data.get("branch")
        try:
            state = rs.new_game(self.level, self.seats, self.seed)
        except Exception as exc:  # noqa: BLE001 - a save that cannot start is a SaveError
            raise SaveError(where, "seed", f"new_game failed: {type(exc).__name__}: {exc}") from None
        self.match = Match(rs.id, self.level, self.seats, self.seed, state)
        self._snaps: list[GameState] = [state.clone()]
        self.steps: list[Step] = []
        self.rounds: list[int] = [0]      # positions where a round starts
        self.turns: list[int] = [0]       # positions where a turn starts
        last_round = _round_of(state)
        last_actor = state.to_act()
        for i, (seat, raw) in enumerate(data["actions"]):
            action = Action.from_json(raw)
            if self.match.to_act() != seat:
                raise SaveError(where, f"actions[{i}]", f"saved for seat {seat} but seat {self.match.to_act()} "
                                                        "is to act")
            try:
                events = self.match.apply(action, seat)
            except Exception as exc:  # noqa: BLE001 - IllegalAction or a ruleset bug: the save is unusable
                raise SaveError(where, f"actions[{i}]", f"{action.key}: {type(exc).__name__}: {exc}") from None
            st = self.match.state
            rnd = _round_of(st)
            self.steps.append(Step(i, seat, action, tuple(events), rnd))
            n = i + 1
            actor = st.to_act()
            if rnd != last_round:
                self.rounds.append(n)
            if rnd != last_round or (actor is not None and actor != last_actor):
                self.turns.append(n)
            last_round, last_actor = rnd, actor
            if n % self.every == 0:
                self._snaps.append(st.clone())
        self.final = self.match.state
        self._at = len(self.steps)
        self._state = self.final

    # --- what the game is ----------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of actions (the last position)."""
        return len(self.steps)

    @property
    def finished(self) -> bool:
        """True when the game ended (its secrets may be shown)."""
        return self.final.to_act() is None

    @property
    def at(self) -> int:
        """The current position."""
        return self._at

    @property
    def state(self) -> GameState:
        """The state at the current position (read only: the cursor keeps it)."""
        return self._state

    # --- moving --------------------------------------------------------------------------------
    def seek(self, i: int) -> GameState:
        """Move to position ``i`` (clamped to 0..len) and return its state (read only)."""
        i = max(0, min(len(self.steps), int(i)))
        if i == self._at:
            return self._state
        if i == len(self.steps):
            state = self.final
        elif 0 < i - self._at <= self.every and self._state is not self.final:
            state = self._state       # forward within the same stretch: apply the few actions after
            for step in self.steps[self._at:i]:
                state.apply(step.action)
        else:
            k = i // self.every
            state = self._snaps[k].clone()
            for step in self.steps[k * self.every:i]:
                state.apply(step.action)
        self._at, self._state = i, state
        return state

    def forward(self) -> GameState:
        """One action forward."""
        return self.seek(self._at + 1)

    def back(self) -> GameState:
        """One action back."""
        return self.seek(self._at - 1)

    def next_turn(self) -> GameState:
        """To the start of the next turn (the end when there is none)."""
        return self.seek(_after(self.turns, self._at, len(self.steps)))

    def prev_turn(self) -> GameState:
        """To the start of this turn, or of the one before when already there."""
        return self.seek(_before(self.turns, self._at))

    def next_round(self) -> GameState:
        """To the start of the next round (the end when there is none)."""
        return self.seek(_after(self.rounds, self._at, len(self.steps)))

    def prev_round(self) -> GameState:
        """To the start of this round, or of the one before when already there."""
        return self.seek(_before(self.rounds, self._at))

    # --- what a position holds -----------------------------------------------------------------
    def digest(self, i: int | None = None) -> str:
        """The digest of the state at position ``i`` (the current one by default)."""
        if i is not None:
            self.seek(i)
        return self._state.digest()

    def log_upto(self, i: int | None = None) -> list[Any]:
        """The game's log lines written by the first ``i`` actions (LogLine objects, kept ones only)."""
        n = self._at if i is None else i
        return [line for line in self.match.log if line.index < n]

    def history_upto(self, i: int | None = None) -> list[Any]:
        """The match history entries of the first ``i`` actions."""
        n = self._at if i is None else i
        return self.match.history[:n]

    def round_at(self, i: int | None = None) -> int:
        """The round number at position ``i`` (the state's own counter)."""
        n = self._at if i is None else i
        if n <= 0:
            return _round_of(self._snaps[0])
        return self.steps[min(n, len(self.steps)) - 1].round


def branch_match(cursor: ReplayCursor, at: int, seats: Any) -> Any:
    """A new Match going on from position ``at`` of ``cursor``'s game, with ``seats`` (specs or
    ``"human"``/``"bot"`` per seat; the names stay). Its first ``at`` actions are the source's (so its
    own save replays from the seed), undo stops at the branch point, and ``match.branch`` notes where
    it came from (saved as ``branch``, docs/SAVES.md). ValueError when the game is over there.
    """
    import json

    from game.engine.match import Match

    at = max(0, min(len(cursor), int(at)))
    specs: list[SeatSpec] = []
    for old, new in zip(cursor.seats, list(seats)):
        if isinstance(new, SeatSpec):
            specs.append(new)
        elif new in ("human", "bot"):
            specs.append(SeatSpec(old.name, new, old.difficulty, old.choice))
        else:
            raise ValueError(f"seats: expected 'human', 'bot' or a SeatSpec, got {new!r}")
    if len(specs) != len(cursor.seats):
        raise ValueError(f"seats: expected {len(cursor.seats)} seats, got {len(specs)}")
    state = cursor.seek(at).clone()
    if state.to_act() is None:
        raise ValueError("the game is over at this position: there is nothing to play on")
    m = Match(cursor.ruleset_id, cursor.level, specs, cursor.seed, state)
    m.history = list(cursor.history_upto(at))
    m.log = list(cursor.log_upto(at))
    m._floor = at
    m._anchor = json.dumps(state.to_json(), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    m._journal_low = at
    m.branch = {"at": at, "source_actions": len(cursor), "source_digest": cursor.final.digest(),
                "source_saved_at": str(cursor.data.get("saved_at", ""))[:64]}
    return m


def _round_of(state: GameState) -> int:
    """The state's round counter (``round``, else ``turn``), 0 when it keeps none."""
    for name in ROUND_FIELDS:
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return 0


def _after(marks: list[int], at: int, end: int) -> int:
    k = bisect.bisect_right(marks, at)
    return marks[k] if k < len(marks) else end


def _before(marks: list[int], at: int) -> int:
    k = bisect.bisect_left(marks, at)
    return marks[k - 1] if k > 0 else 0


def open_replay(path: Any) -> ReplayCursor:
    """Load a save file (or a shared game) into a cursor; SaveError naming the file and the field."""
    from game.engine.saves import display_path, load_save

    return ReplayCursor(load_save(path), display_path(path))


__all__ = ["ROUND_FIELDS", "SNAPSHOT_EVERY", "ReplayCursor", "Step", "branch_match", "open_replay"]
