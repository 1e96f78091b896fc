"""What a sanctuary seat may do: the legal-action builder of each step, and why an action is refused.

The builders are named in the declared flow (flow.py); ``can_do_more_than_pass`` is the priority
window's eligibility rule (a seat with nothing but "pass" passes automatically). Copies of one
card in hand are one choice: only the first copy is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import i18n
from game.engine.actions import Action
from game.engine.i18n import t
from game.rulesets.sanctuary.parts import P_COMBAT, P_HARVEST, P_SETUP, S_BLOCK, Kind
from game.rulesets.sanctuary.turn import next_hand_size

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState

PASS = Action(Kind.PASS.value)
KEEP = Action(Kind.KEEP.value)
MULLIGAN = Action(Kind.MULLIGAN.value)
NO_DUEL = Action(Kind.NO_DUEL.value)
END_ATTACK = Action(Kind.END_ATTACK.value)
END_BLOCK = Action(Kind.END_BLOCK.value)


def _act(kind: str, **args: Any) -> Action:
    """Build an action whose arguments are plain strings and ints (a faster ``Action.of``)."""
    return Action(kind, tuple(sorted(args.items())))


# --- the builders of each step ---------------------------------------------------------------------------

def mulligan_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Keep the hand, or ask for a new one while a smaller hand is still possible."""
    out = [KEEP]
    if next_hand_size(st, seat) >= 0:
        out.append(MULLIGAN)
    return out


def discard_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Discard one card (copies of one card are the same choice)."""
    firsts: dict[str, str] = {}
    for c in st.players[seat].hand:
        firsts.setdefault(st.owner_card[c], c)
    return [_act("discard", card=c) for c in firsts.values()]


def declare_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Challenge one opposing Character with a ready one, or no duel."""
    return [_act("duel", challenger=a, target=b) for a, b in duel_pairs(st)] + [NO_DUEL]


def attack_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Declare one more attacker, or end the declaration."""
    done = st.combat.attackers if st.combat else []
    return [_act("attack", card=c) for c in attack_candidates(st) if c not in done] + [END_ATTACK]


def block_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Block one attacker with one ready Character, or end the blocks."""
    return [_act("block", blocker=b, attacker=a) for b, a in block_pairs(st)] + [END_BLOCK]


def targets(st: SanctuaryState, seat: int, kind: str) -> list[str]:
    """Return the cards a target kind names for ``seat`` now."""
    me, opp = st.players[seat], st.players[1 - seat]
    if kind == "enemy_character":
        return list(opp.chars)
    if kind == "own_character":
        return list(me.chars)
    if kind == "any_character":
        return list(st.players[0].chars) + list(st.players[1].chars)
    if kind == "enemy_technology":
        return list(opp.techs)
    if kind == "own_technology":
        return list(me.techs)
    if kind == "any_technology":
        return list(st.players[0].techs) + list(st.players[1].techs)
    if kind == "enemy_attachment":
        return list(opp.attachments)
    return []


def _harvest_main(st: SanctuaryState, seat: int) -> bool:
    """True when ``seat`` may play any card type: its own Will Harvest with an empty stack."""
    return st.phase is P_HARVEST and seat == st.active and not st.stack.items


def priority_actions(st: SanctuaryState, seat: int) -> list[Action]:
    """Play a card or use an ability the seat can pay for, or pass."""
    out: list[Action] = []
    pl = st.players[seat]
    harvest_main = _harvest_main(st, seat)
    cards = st.model.cards
    seen: set[str] = set()
    for c in pl.hand:
        cid = st.owner_card[c]
        if cid in seen:  # copies of one card are the same choice: offer the first one
            continue
        seen.add(cid)
        card = cards[cid]
        if card.cost > pl.will:
            continue
        if card.type == "manipulation":
            if card.target == "none":
                out.append(_act("play", card=c))
            else:
                out += [_act("play", card=c, target=x) for x in targets(st, seat, card.target)]
            continue
        if not harvest_main:
            continue
        if card.type == "attachment":
            if pl.attachments_this_turn >= 1 or len(pl.attachments) >= st.attachment_limit(seat):
                continue
        if card.type == "technology":
            out += [_act("play", card=c, target=x) for x in pl.chars]
            continue
        tgts = targets(st, seat, card.target) if card.target != "none" else []
        if tgts:
            out += [_act("play", card=c, target=x) for x in tgts]
        else:
            out.append(_act("play", card=c))
    if harvest_main:
        for src in [pl.sanctuary, *pl.attachments, *pl.chars, *pl.techs]:
            for i, ab in enumerate(st.card(src).abilities):
                if ab.cost > pl.will or (ab.tap and st.perm[src].tapped):
                    continue
                if ab.target == "none":
                    out.append(_act("use", card=src, ability=i))
                else:
                    out += [_act("use", card=src, ability=i, target=x) for x in targets(st, seat, ab.target)]
    out.append(PASS)
    return out


def can_do_more_than_pass(st: SanctuaryState, seat: int) -> bool:
    """True when the seat with priority has something other than passing (same rules as above)."""
    pl = st.players[seat]
    will = pl.will
    harvest_main = _harvest_main(st, seat)
    defs = st.defs
    for c in pl.hand:
        card = defs[c]
        if card.cost > will:
            continue
        if card.type == "manipulation":
            if card.target == "none" or targets(st, seat, card.target):
                return True
            continue
        if not harvest_main:
            continue
        if card.type == "attachment":
            if pl.attachments_this_turn < 1 and len(pl.attachments) < st.attachment_limit(seat):
                return True
        elif card.type == "technology":
            if pl.chars:
                return True
        else:
            return True
    if harvest_main:
        for src in [pl.sanctuary, *pl.attachments, *pl.chars, *pl.techs]:
            for ab in defs[src].abilities:
                if ab.cost > will or (ab.tap and st.perm[src].tapped):
                    continue
                if ab.target == "none" or targets(st, seat, ab.target):
                    return True
    return False


# --- duel, attack and block choices ----------------------------------------------------------------------

def fresh(st: SanctuaryState, iid: str) -> bool:
    """True for a card that entered play this turn (it cannot duel or attack)."""
    return st.perm[iid].entered == st.turn


def duel_pairs(st: SanctuaryState) -> list[tuple[str, str]]:
    """Return (challenger, target) pairs: a ready, not fresh Character against any opposing one."""
    me, opp = st.players[st.active], st.players[1 - st.active]
    return [(a, b) for a in me.chars if not st.perm[a].tapped and not fresh(st, a) for b in opp.chars]


def attack_candidates(st: SanctuaryState) -> list[str]:
    """Return the active seat's Characters that may attack (ready, not fresh)."""
    return [c for c in st.players[st.active].chars if not st.perm[c].tapped and not fresh(st, c)]


def block_pairs(st: SanctuaryState) -> list[tuple[str, str]]:
    """Return (blocker, attacker) pairs: a ready, unused blocker against an unblocked attacker in play."""
    if not st.combat:
        return []
    blocks = st.combat.blocks
    used = set(blocks.values())
    free_att = [a for a in st.combat.attackers if a not in blocks and st.is_character_in_play(a)]
    return [(b, a) for b in st.players[1 - st.active].chars
            if not st.perm[b].tapped and b not in used for a in free_att]


#: the target kinds a refusal names (``sanctuary.refuse.target.<kind>``)
_TARGET_KINDS = ("enemy_character", "own_character", "any_character", "enemy_technology", "own_technology",
                 "any_technology", "enemy_attachment")


class Refusals:
    """Why an action is refused, in words of the current language (mixed into ``SanctuaryState``)."""

    def explain_illegal(self: SanctuaryState, action: Action) -> str:  # type: ignore[misc]
        """Say why an action is refused."""
        lang = i18n.language()

        def say(key: str, **kw: Any) -> str:
            return t("sanctuary.refuse." + key, lang, **kw)

        seat = self.to_act()
        if seat is None:
            return say("over")
        k = action.kind
        phase = t(f"sanctuary.phase.{self.phase.value}", lang)
        if self.phase is P_SETUP and k not in (Kind.KEEP, Kind.MULLIGAN):
            return say("setup")
        if k == Kind.PLAY:
            c = action.get("card")
            pl = self.players[seat]
            if c not in pl.hand:
                return say("not_in_hand", card=c, who=self.actor_name(seat))
            card = self.card(c)
            name = self.name(c, lang)
            first = next(x for x in pl.hand if self.owner_card[x] == self.owner_card[c])
            if first != c:
                return say("copies", first=first, card=name)
            if card.cost > pl.will:
                return say("cost", card=name, cost=card.cost, will=pl.will)
            if card.type != "manipulation" and not (self.phase is P_HARVEST and seat == self.active):
                return say("harvest_only")
            if card.type != "manipulation" and self.stack:
                return say("stack")
            if card.type == "attachment" and pl.attachments_this_turn >= 1:
                return say("one_attachment")
            if card.type == "attachment":
                return say("attachment_limit", n=self.attachment_limit(seat))
            return self._target_refusal(seat, c, card.type, card.target, action.get("target"), lang)
        if k in (Kind.ATTACK, Kind.DUEL):
            c = action.get("card") or action.get("challenger")
            if c in self.perm and fresh(self, c):
                return say("fresh")
            if c in self.perm and self.perm[c].tapped:
                return say("tapped")
        if k == Kind.BLOCK and not (self.phase is P_COMBAT and self.step is S_BLOCK):
            return say("block_when", phase=phase)
        if k == Kind.BLOCK:
            return say("block_pairs")
        return say("not_now", action=action.key, phase=phase)

    def _target_refusal(self: SanctuaryState, seat: int, c: str, ctype: str, kind: str,  # type: ignore[misc]
                        target: Any, lang: str = "en") -> str:
        """Why a card's target is refused: none needed, none given, none there yet, or not one of them."""
        name = self.name(c, lang)
        wanted_kind = "own_character" if ctype == "technology" else kind
        wanted = t(f"sanctuary.refuse.target.{wanted_kind}", lang) if wanted_kind in _TARGET_KINDS else wanted_kind
        options = self.players[seat].chars if ctype == "technology" else targets(self, seat, kind)
        if ctype != "technology" and kind == "none":
            return t("sanctuary.refuse.no_target_taken", lang, card=name)
        if not options:
            return t("sanctuary.refuse.none_in_play", lang, card=name, wanted=wanted)
        if target is None:
            return t("sanctuary.refuse.choose_target", lang, card=name, wanted=wanted)
        what = self.name(target, lang) if target in self.owner_card else repr(target)
        return t("sanctuary.refuse.wrong_target", lang, card=name, what=what, wanted=wanted)


__all__ = [
    "PASS",
    "Refusals",
    "attack_candidates",
    "block_pairs",
    "can_do_more_than_pass",
    "duel_pairs",
    "fresh",
    "priority_actions",
    "targets",
]
