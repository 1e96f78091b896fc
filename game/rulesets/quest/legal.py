"""Legal actions of each step (in a stable order, each once) and refusals in words.

The builders are the flow's ``actions`` (flow.py); ``Refusals.explain_illegal`` says why an action
that is not legal now is refused, in the player's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.quest import combat
from game.rulesets.quest.cards import owner_of
from game.rulesets.quest.parts import Kind
from game.rulesets.quest.phases.encounter import engage_options
from game.rulesets.quest.phases.questing import travel_options
from game.rulesets.quest.phases.setup import allowed_decks
from game.rulesets.quest.plays import (
    ENTER_WHENS,
    PLAY_WHENS,
    attach_spots,
    has_action,
    targets_for,
)

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState


def _with_targets(kind: str, card: str, targets: list[str | None]) -> list[Action]:
    # built directly (the arguments already in Action.of's sorted order: card < target): the action
    # windows build these lists at every decision and in every search iteration
    return [Action(kind, (("card", card),)) if tg is None else Action(kind, (("card", card), ("target", tg)))
            for tg in targets]


def deck_actions(st: QuestState, seat: int) -> list[Action]:
    """Set-up: the decks the seat may choose."""
    return [Action.of(Kind.DECK, deck=d) for d in allowed_decks(st)]


def mulligan_actions(st: QuestState, seat: int) -> list[Action]:
    """Set-up: keep, or the one mulligan."""
    out = [Action.of(Kind.KEEP)]
    if not st.players[seat].mulliganed:
        out.append(Action.of(Kind.MULLIGAN))
    return out


def _pool(st: QuestState, seat: int) -> dict[str, int]:
    """The resources the seat can pay with per sphere ("neutral": every hero's), as ``can_pay`` counts them."""
    out = {"neutral": 0}
    for h in st.players[seat].heroes:
        r = st.table[h].resources
        out["neutral"] += r
        sphere = st.defn(h).sphere
        if sphere != "neutral":
            out[sphere] = out.get(sphere, 0) + r
    return out


def _pays(pool: dict[str, int], d: Any, cost: int) -> bool:
    """``can_pay`` from a precomputed pool (a sphere without a hero pays nothing)."""
    return pool.get(d.sphere, 0) >= cost


def _window_events(st: QuestState, seat: int, pool: dict[str, int]) -> Iterator[tuple[str, Any]]:
    """The seat's affordable action events in hand, the first copy of each card."""
    seen: set[str] = set()
    for c in st.players[seat].hand:
        d = st.defn(c)
        if d.kind != "event" or st.cid[c] in seen or not _pays(pool, d, d.cost):
            continue
        seen.add(st.cid[c])  # copies of one card are the same choice: offer the first
        yield c, d


def _window_abilities(st: QuestState, seat: int, pool: dict[str, int]) -> Iterator[tuple[str, Any]]:
    """The seat's cards in play with an action usable now (``plays.ability_ready``, pool-priced)."""
    p = st.players[seat]
    for c in p.heroes + p.allies + p.attachments:
        d = st.defn(c)
        if not has_action(d):
            continue
        cs = st.table.get(c)
        if cs is None or cs.used or owner_of(c) != seat or (d.action_exhaust and cs.exhausted):
            continue
        if _pays(pool, d, d.action_cost):
            yield c, d


def window_plays(st: QuestState, seat: int) -> list[Action]:
    """What a seat may do in an action window besides passing: action events and card actions."""
    pool = _pool(st, seat)
    out: list[Action] = []
    for c, d in _window_events(st, seat, pool):
        out += _with_targets(Kind.PLAY, c, targets_for(st, d, PLAY_WHENS))
    for c, d in _window_abilities(st, seat, pool):
        out += _with_targets(Kind.USE, c, targets_for(st, d, ("action",)))
    return out


def has_window_play(st: QuestState, seat: int) -> bool:
    """True when ``window_plays`` would offer anything (stops at the first play found)."""
    pool = _pool(st, seat)
    for _c, d in _window_events(st, seat, pool):
        if targets_for(st, d, PLAY_WHENS):
            return True
    for _c, d in _window_abilities(st, seat, pool):
        if targets_for(st, d, ("action",)):
            return True
    return False


_PASS = Action.of(Kind.PASS)


def window_actions(st: QuestState, seat: int) -> list[Action]:
    """An action window: pass, play an action event, use a card's action."""
    return [_PASS] + window_plays(st, seat)


def plan_plays(st: QuestState, seat: int) -> list[Action]:
    """2a: the allies and attachments the seat can pay for (attachments on each possible character)."""
    out: list[Action] = []
    seen: set[str] = set()
    pool = _pool(st, seat)
    for c in st.players[seat].hand:
        d = st.defn(c)
        if d.kind not in ("ally", "attachment") or st.cid[c] in seen or not _pays(pool, d, d.cost):
            continue
        seen.add(st.cid[c])
        if d.kind == "ally":
            out += _with_targets(Kind.PLAY, c, targets_for(st, d, ENTER_WHENS))
        else:
            out += [Action(Kind.PLAY, (("card", c), ("on", ch))) for ch in attach_spots(st, seat, c)]
    return out


def plan_actions(st: QuestState, seat: int) -> list[Action]:
    """2a: play allies and attachments, or be done."""
    return plan_plays(st, seat) + [Action.of(Kind.DONE)]


def commit_actions(st: QuestState, seat: int) -> list[Action]:
    """3a: commit a ready character, or be done."""
    ready = [c for c in st.characters(seat) if st.is_ready(c)]
    return [Action.of(Kind.COMMIT, card=c) for c in ready] + [Action.of(Kind.DONE)]


def travel_actions(st: QuestState, seat: int) -> list[Action]:
    """4a: travel to a location, or not."""
    return [Action.of(Kind.TRAVEL, card=c) for c in travel_options(st)] + [Action.of(Kind.DONE)]


def engage_actions(st: QuestState, seat: int) -> list[Action]:
    """5a: engage an enemy of the staging area, or not."""
    return [Action.of(Kind.ENGAGE, card=c) for c in engage_options(st)] + [Action.of(Kind.DONE)]


def archery_actions(st: QuestState, seat: int) -> list[Action]:
    """Archery: the character that takes the next point."""
    return [Action.of(Kind.ARCHERY, card=c) for c in st.characters(seat)]


def enemy_actions(st: QuestState, seat: int) -> list[Action]:
    """6c1: the enemy that attacks next."""
    return [Action.of(Kind.ATTACKED_BY, enemy=e) for e in combat.waiting_enemies(st, seat)]


def defend_actions(st: QuestState, seat: int) -> list[Action]:
    """6c2: a ready character defends, or nobody (2a4: a sentinel from another seat)."""
    chars = combat.sentinels(st, seat) if st.attack is not None and seat != st.attack.seat else \
        combat.defenders(st, seat)
    return [Action.of(Kind.DEFEND, card=c) for c in chars] + [Action.of(Kind.NO_DEFENDER)]


def take_actions(st: QuestState, seat: int) -> list[Action]:
    """6c5: the hero that takes the undefended attack."""
    return [Action.of(Kind.TAKE, card=h) for h in st.players[seat].heroes]


def strike_actions(st: QuestState, seat: int) -> list[Action]:
    """6d1: declare an attack against an enemy, or end the attacks."""
    return [Action.of(Kind.STRIKE, enemy=e) for e in combat.strike_targets(st, seat)] + [Action.of(Kind.END_ATTACKS)]


def attacker_actions(st: QuestState, seat: int) -> list[Action]:
    """6d1: one more attacker; resolve once there is at least one."""
    out = [Action.of(Kind.ATTACKER, card=c) for c in combat.attacker_options(st)]
    if st.strike is not None and st.strike.attackers:
        out.append(Action.of(Kind.RESOLVE))
    return out


class Refusals:
    """Why an action is refused (mixed into ``QuestState``)."""

    def explain_illegal(self: QuestState, action: Action) -> str:  # type: ignore[misc]
        """Return, in words, why an action that is not legal now is refused."""
        from game.engine.i18n import language

        lang = language()
        if self.to_act() is None:
            return t("quest.refuse.over", lang)
        kinds = {a.kind for a in self.legal_actions()}
        if action.kind not in kinds:
            return t("quest.refuse.kind", lang, kind=action.kind, step=t(f"quest.step.{self.step.value}", lang))
        return t("quest.refuse.args", lang, action=action.key)
