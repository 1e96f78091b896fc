"""Hit regions of the quest table: each card in play, each hand card, each pile, with Action payloads
or the reason they cannot be used now, and which drops mean which action.

Why a module of its own: the rules name cards in their actions' arguments (``hero``, ``card``,
``enemy``, ``defender``, ``attacker``, ``target``...), so the table indexes the legal actions by the
card instances they mention and gives every card a region standing for its actions (one: a click
plays it; several: the bar offers them). Committing goes by click or by dragging a character onto
the quest card (``DropMatcher``).
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.scenes.quest.table import HIDDEN, Table
from game.ui.drops import DropMatcher
from game.ui.input import HitRegion
from game.ui.payload import Ref

#: action kinds that commit a character to the quest (a drag onto the quest card plays them)
COMMIT_KINDS = ("commit",)


def card_args(action: Action) -> list[str]:
    """The card instance ids an action mentions (string arguments, and strings in list arguments)."""
    out: list[str] = []
    for name, value in action.args:
        if name in ("seat", "kind", "stat", "mode", "choice", "phase"):
            continue
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple):
            out += [v for v in value if isinstance(v, str)]
    return out


def subject(action: Action) -> str | None:
    """The card an action is mostly about (its first card argument in a preferred order)."""
    for name in ("card", "hero", "character", "attacker", "defender", "enemy", "location", "target"):
        v = action.get(name)
        if isinstance(v, str):
            return v
    args = card_args(action)
    return args[0] if args else None


def target_card(target: Any) -> str | None:
    """The card instance a drop target stands for (a card reference, or a card region's actions)."""
    if isinstance(target, Ref) and target.is_("card"):
        return str(target[0])
    if isinstance(target, list) and target and isinstance(target[0], Action):
        target = target[0]
    return subject(target) if isinstance(target, Action) else None


def _listed(payload: Any) -> Any:
    """A drag payload as the drop matcher takes it (a list of actions)."""
    return [payload] if isinstance(payload, Action) else payload


class TableRegions:
    """Regions and drops of the quest table for a scene with ``L`` (layout), ``words`` and ``card_tip``."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.drops = DropMatcher(lambda: self.scene.legal if self.scene.can_act() else [],
                                 reason=lambda payload, target: self.scene.words("no_drop"))
        self.drops.rule(lambda a, target: a.kind in COMMIT_KINDS and isinstance(target, Ref) and target.is_("quest"))
        # a card from the hand (an attachment, a targeted event) or a card's action dropped on its target
        self.drops.rule(lambda a, target: isinstance(a.get("target"), str) and a.get("target") == target_card(target))

    @staticmethod
    def index(legal: list[Action]) -> dict[str, list[Action]]:
        """Legal actions by the card each is about."""
        out: dict[str, list[Action]] = {}
        for a in legal:
            sub = subject(a)
            if sub is not None:
                out.setdefault(sub, []).append(a)
        return out

    def accepts(self, target: Any) -> Any:
        """The ``accepts`` callback of a drop target (a dragged card carries one action or a list)."""
        return lambda payload: self.drops.reason(_listed(payload), target)

    def match(self, payload: Any, target: Any) -> Action | None:
        """The action a drop of ``payload`` on ``target`` means (None: nothing)."""
        return self.drops.match(_listed(payload), target)

    def cards(self, view: Table, legal: list[Action]) -> list[HitRegion]:
        """One region per card in play; its payload is its action(s) or a card reference with a reason."""
        s, L = self.scene, self.scene.L
        acting = s.can_act()
        by_card = self.index(legal) if acting else {}
        waiting = None if acting else s.waiting_reason()
        out: list[HitRegion] = []
        # shadows first: each is tucked behind its enemy, and the region added last wins where they overlap,
        # so the enemy takes every click on its own face and the shadow only its visible edge
        for key, rect in L.shadows.items():
            iid, k = key.split("/")[0], int(key.split("/")[1])
            enemy = view.find(iid)
            sid = enemy.shadows[k] if enemy is not None and k < len(enemy.shadows) else None
            face_up = sid is not None and view.cards.get(sid) not in (None, HIDDEN)
            out.append(HitRegion(rect, Ref.of("shadow", key),
                                 tooltip=s.card_tip(sid) if face_up and sid else s.words("tip.shadow"),
                                 key=("shadow", key), inspect=Ref.of("card", sid if face_up and sid else iid),
                                 highlight=False))
        for iid, rect in list(L.attachments.items()) + list(L.cards.items()):
            ref = Ref.of("card", iid)
            acts = by_card.get(iid)
            tip = s.card_tip(iid, acts)
            if acts:
                commit = [a for a in acts if a.kind in COMMIT_KINDS]
                payload: Any = acts[0] if len(acts) == 1 else list(acts)
                out.append(HitRegion(rect, payload, tooltip=tip, inspect=ref, key=("card", iid),
                                     draggable=bool(commit), ghost=s.ghost(iid, rect.size) if commit else None,
                                     drop_target=True, accepts=self.accepts(payload)))
            else:
                out.append(HitRegion(rect, ref, tooltip=tip, inspect=ref, key=("card", iid), highlight=False,
                                     reason=waiting, drop_target=True, accepts=self.accepts(ref)))
        return out

    def piles(self, view: Table) -> list[HitRegion]:
        """Each seat's deck (its count) and discard (browsable)."""
        s, out = self.scene, []
        for key, rect in s.L.piles.items():
            if key[0] in ("deck", "discard"):
                p = view.player(key[1])
                n = (p.deck if key[0] == "deck" else len(p.discard)) if p is not None else 0
                out.append(HitRegion(rect, Ref.of("pile", *key), tooltip=s.words(f"tip.{key[0]}", n=n),
                                     key=("pile", *key)))
        return out

    def hand(self, view: Table, legal: list[Action]) -> list[HitRegion]:
        """The hand cards of the seat in front: playable ones carry their action, the others why not."""
        s = self.scene
        acting = s.can_act()
        by_card = self.index(legal) if acting else {}
        out: list[HitRegion] = []
        for iid, slot in s.hand_slots():
            if iid == HIDDEN:
                continue
            acts = by_card.get(iid)
            tip = s.card_tip(iid, acts)
            ref = Ref.of("card", iid)
            if acts:
                targeted = any(isinstance(a.get("target"), str) for a in acts)
                out.append(HitRegion(slot.rect, acts[0] if len(acts) == 1 else list(acts), tooltip=tip, inspect=ref,
                                     key=("hand", iid), draggable=targeted,
                                     ghost=s.ghost(iid, slot.rect.size) if targeted else None))
            else:
                out.append(HitRegion(slot.rect, ref, tooltip=tip, inspect=ref, key=("hand", iid), legal=False,
                                     reason=s.waiting_reason() or s.words("not_playable")))
        return out
