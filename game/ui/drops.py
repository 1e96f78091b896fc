"""One drop matcher: which legal action a dragged thing means when it is dropped on a region.

Why a module of its own: a drag carries the actions the dragged piece may take
(a card in hand: play it here or on that card; an item: equip, stow, drop), and a
drop region stands for a place (a ``Zone``, a card). Scenes wrote this matching
twice with the same shape: keep only the candidates that are still legal, take
the first one some rule pairs with the target, and say why not otherwise.
``DropMatcher`` is that shape once:

```python
drops = DropMatcher(lambda: self._legal_set, reason=lambda payload, target: t("x.no_drop"))
drops.rule(lambda a, z: z.kind == "ground" and a.kind == "drop")
drops.redirect(lambda target: Zone("chars") if mine(target) else None)   # try again there
router.add(HitRegion(rect, zone, drop_target=True, accepts=drops.accepts(zone)))
action = drops.match(intent.payload, intent.target)                      # on Drop
```
"""

from __future__ import annotations

from typing import Any, Callable, Container, Iterable

from game.engine.actions import Action

Rule = Callable[[Action, Any], bool]


class DropMatcher:
    """Matches a drag's candidate actions against a drop target (see the module docstring)."""

    def __init__(self, legal: Callable[[], Container[Action]],
                 reason: Callable[[Any, Any], str] | str = "") -> None:
        self._legal = legal
        self._reason = reason
        self.rules: list[Rule] = []
        self._redirects: list[Callable[[Any], Any]] = []

    def rule(self, fn: Rule) -> Rule:
        """Add a rule ``fn(action, target) -> bool`` (usable as a decorator); rules are tried in order."""
        self.rules.append(fn)
        return fn

    def redirect(self, fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """When nothing matches ``target``, try ``fn(target)`` instead (None: no second try)."""
        self._redirects.append(fn)
        return fn

    def candidates(self, payload: Any) -> list[Action]:
        """The still-legal actions a drag payload carries (a list or tuple of Actions; anything else: none)."""
        if not isinstance(payload, (list, tuple)):
            return []
        legal = self._legal()
        return [a for a in payload if isinstance(a, Action) and a in legal]

    def match(self, payload: Any, target: Any, _depth: int = 0) -> Action | None:
        """The first candidate action some rule pairs with ``target`` (None when the drop means nothing)."""
        acts = self.candidates(payload)
        for a in acts:
            if any(r(a, target) for r in self.rules):
                return a
        if acts and _depth < 3:
            for fn in self._redirects:
                other = fn(target)
                if other is not None and other != target:
                    hit = self.match(payload, other, _depth + 1)
                    if hit is not None:
                        return hit
        return None

    def reason(self, payload: Any, target: Any) -> str | None:
        """None when ``payload`` may drop on ``target``, else why not, in words."""
        if self.match(payload, target) is not None:
            return None
        return self._reason(payload, target) if callable(self._reason) else self._reason

    def accepts(self, target: Any) -> Callable[[Any], str | None]:
        """A ``HitRegion.accepts`` check for ``target``."""
        return lambda payload: self.reason(payload, target)

    def targets(self, payload: Any, targets: Iterable[Any]) -> list[Any]:
        """The targets among ``targets`` where ``payload`` may drop."""
        return [t for t in targets if self.match(payload, t) is not None]
