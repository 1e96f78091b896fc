"""One priority stack for responses: push, ask in order, resolve last in first out.

Skirmish reactions, sanctuary Manipulations and quest action windows all work the same way:
something is pushed; a window opens in which eligible responders, in a given order, may respond
(pushing something of their own, which opens a fresh window over it) or pass; when every eligible
responder has passed, the top item resolves, and a fresh window opens over the next one. Only the
eligibility and order differ, so a ruleset gives them as a hook::

    stack = PriorityStack()                  # a Record: saved with the state
    stack.push({"card": c, "seat": seat})    # opens a window over it
    who = stack.next_responder(order)        # the first eligible responder who has not passed
    stack.pass_(who)
    if stack.next_responder(order) is None:  # everybody passed
        item = stack.pop()                   # resolve it; a fresh window opens over the next item

``order`` is the list of responders eligible now, in the order they are asked (a ruleset builds it
from its rules: skirmish's AP rule and needle clamp, sanctuary's alternating priority, quest's turn
order). Responders are seat numbers or any JSON-safe ids. ``holder`` may keep who holds priority
when a ruleset passes it around explicitly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from game.engine.records import Json, Record


@dataclass(eq=False)
class PriorityStack(Record):
    """Pushed items (last on top), who passed in the open window, who holds priority."""

    items: list[Json] = field(default_factory=list)
    passed: list[Json] = field(default_factory=list)
    holder: Json = None

    # ----------------------------------------------------------------- looking
    def __len__(self) -> int:
        return len(self.items)

    def __bool__(self) -> bool:
        return bool(self.items)

    def top(self) -> Any:
        """Return the item on top (IndexError when empty)."""
        return self.items[-1]

    def has_passed(self, who: Any) -> bool:
        """True when ``who`` passed in the open window."""
        return who in self.passed

    def next_responder(self, order: Iterable[Any]) -> Any:
        """Return the first responder of ``order`` who has not passed in this window, else None."""
        for who in order:
            if who not in self.passed:
                return who
        return None

    def all_passed(self, order: Iterable[Any]) -> bool:
        """True when every responder of ``order`` has passed in this window."""
        return self.next_responder(order) is None

    # ----------------------------------------------------------------- changing
    def open_window(self, holder: Any = None) -> None:
        """Start a fresh window (nobody has passed); optionally give priority to ``holder``."""
        self.passed = []
        self.holder = holder

    def push(self, item: Any, holder: Any = None) -> int:
        """Put an item on top and open a fresh window over it; return its index."""
        self.items.append(item)
        self.open_window(holder)
        return len(self.items) - 1

    def pass_(self, who: Any) -> None:
        """Record that ``who`` passes in the open window."""
        if who not in self.passed:
            self.passed.append(who)

    def pop(self, holder: Any = None) -> Any:
        """Take the top item off to resolve it; a fresh window opens over the next one."""
        item = self.items.pop()
        self.open_window(holder)
        return item

    def clear(self) -> None:
        """Empty the stack and close the window."""
        self.items = []
        self.passed = []
        self.holder = None
