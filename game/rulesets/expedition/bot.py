"""The expedition bot's policy (rollouts and the search bot's default): a plain legal-move picker.

A first version so the game can be played by bots end to end; exp-content replaces it with hero bots
that explore toward the goal, weigh escape against fighting, trade and lie. It reads only the state
it is given (a determinization of its own view) and always returns one of ``legal``. Battles are
played by the skirmish bot (the host routes ``bot_policy`` to the child while a battle is live).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Act, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState


def policy(st: "ExpeditionState", seat: int, legal: list[Action], rng: Rng) -> Any:
    """Move toward the goal's site when it is known, auto-resolve battles, never dither in an offer."""
    if not legal:
        return None
    kinds = {a.kind: a for a in legal}
    if st.step == Step.OFFER:
        return kinds.get(Act.SEND) or kinds.get(Act.CANCEL) or legal[-1]
    if Act.QUICK in kinds:
        return kinds[Act.QUICK]
    if st.step == Step.MOVE and st.goal_site:
        from game.rulesets.expedition.explore import distance

        site = st.model.site(st.goal_site)
        moves = [a for a in legal if a.kind == Act.MOVE]
        if site is not None and moves:
            return min(moves, key=lambda a: (distance((a["x"], a["y"]), tuple(site.at)), a.key))
    return rng.choice(legal)
