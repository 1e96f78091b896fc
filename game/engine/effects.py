"""Named effect verbs: behaviour in level data is named, never coded.

A ruleset creates one ``EffectRegistry`` and declares each verb with its
parameter model and its handler::

    VERBS = EffectRegistry("dungeon")

    class Damage(VerbParams):
        effect: Literal["damage"]
        target: Literal["adjacent_monsters", "line"] = "adjacent_monsters"
        amount: int = 1

    @VERBS.verb(Damage)
    def damage(ctx, p: Damage) -> None: ...

``VERBS.union()`` is the type to use in the level model (a discriminated union
on ``effect``, so a typo gets "did you mean"); ``VERBS.run(ctx, effect)``
dispatches to the handler.
"""

from __future__ import annotations

from typing import Annotated, Any, Callable, Union, get_args

from pydantic import Field

from game.engine.schema import StrictModel


class VerbParams(StrictModel):
    """Base of every verb's parameter model; subclasses declare ``effect: Literal[name]``."""


class EffectRegistry:
    """Verbs of one ruleset: name -> (parameter model, handler)."""

    def __init__(self, namespace: str) -> None:
        self.namespace = namespace
        self._verbs: dict[str, tuple[type[VerbParams], Callable[..., Any]]] = {}

    def verb(self, model: type[VerbParams]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Decorator registering a handler for the verb named by ``model.effect``."""
        name = _verb_name(model)

        def deco(fn: Callable[..., Any]) -> Callable[..., Any]:
            if name in self._verbs:
                raise ValueError(f"{self.namespace}: verb {name!r} registered twice")
            self._verbs[name] = (model, fn)
            return fn

        return deco

    def names(self) -> list[str]:
        """Return the verb names."""
        return sorted(self._verbs)

    def union(self) -> Any:
        """Return the pydantic type accepting any registered verb (discriminated on ``effect``)."""
        models = tuple(m for m, _ in self._verbs.values())
        if not models:
            raise ValueError(f"{self.namespace}: no verbs registered")
        if len(models) == 1:
            return models[0]
        return Annotated[Union[models], Field(discriminator="effect")]  # type: ignore[valid-type]

    def run(self, ctx: Any, params: VerbParams) -> Any:
        """Run one effect's handler with the ruleset's context object."""
        name = getattr(params, "effect")
        try:
            _, fn = self._verbs[name]
        except KeyError:
            raise KeyError(f"{self.namespace}: unknown effect verb {name!r}") from None
        return fn(ctx, params)


def _verb_name(model: type[VerbParams]) -> str:
    field = model.model_fields.get("effect")
    if field is None:
        raise TypeError(f"{model.__name__} needs an 'effect: Literal[...]' field")
    args = get_args(field.annotation)
    if len(args) != 1 or not isinstance(args[0], str):
        raise TypeError(f"{model.__name__}.effect must be a Literal of one name")
    return args[0]
