"""The quest table mounted over a hand-made view, without a match: a bare host for pane tests.

Why it exists: the panes draw from the table record (``Table.of``), which reads any object or dict
with ``QuestView``'s field names; these tests pin what each pane draws and which regions it gives for a
table built field by field (1 to 4 players, quest and combat), at every text size and language.
"""

from __future__ import annotations

from types import SimpleNamespace as NS
from typing import Any

from game.engine.actions import Action
from game.engine.i18n import language
from game.scenes.base.chrome import TableChrome
from game.scenes.quest.scene import QuestScene
from game.ui import anim


def card(kind: str, name: str, **kw: Any) -> dict[str, Any]:
    """A card definition as level data gives it."""
    return dict(kind=kind, name={"en": name, "es": name + " (es)", "it": name + " (it)"}, **kw)


CARDS = {
    "h1": card("hero", "Ember Warden", sphere="hearth", threat=9, willpower=2, attack=2, defense=2, hp=4,
               traits=["Warden"]),
    "h2": card("hero", "Brannoc of the Long Wall", sphere="steel", threat=11, willpower=1, attack=3, defense=2, hp=5),
    "h3": card("hero", "Ilse Pathfinder", sphere="root", threat=8, willpower=3, attack=1, defense=1, hp=3),
    "a1": card("ally", "Lantern Scribe", sphere="tide", cost=2, willpower=1, attack=0, defense=1, hp=2),
    "t1": card("attachment", "Oak Buckler", sphere="steel", cost=1, text={"en": "+1 defense", "es": "+1 defensa",
                                                                            "it": "+1 difesa"}),
    "e1": card("enemy", "Barrow Ghoul", engagement=28, threat=2, attack=3, defense=1, hp=4, keywords=["surge"]),
    "e2": card("enemy", "Hill Troll Brute", engagement=40, threat=3, attack=5, defense=2, hp=8),
    "l1": card("location", "Misty Ford", threat=2, quest_points=4),
    "tr": card("treachery", "Cold Fog", keywords=["surge"]),
    "v1": card("event", "Rally the Line", sphere="hearth", cost=1),
}


def _cs(iid: str, cid: str, **kw: Any) -> dict[str, Any]:
    return dict(iid=iid, cid=cid, **kw)


def view(players: int = 1, phase: str = "quest", **extra: Any) -> dict[str, Any]:
    """A table: ``players`` seats (seat 0 with a hand, engaged enemies and an attachment), three staged cards,
    an active location, a quest stage at 4 of 9 progress."""
    ps = []
    for s in range(players):
        ps.append(dict(
            seat=s, threat=27 + s,
            heroes=[_cs(f"H{s}a", "h1", resources=2, damage=1, committed=phase == "quest",
                        attachments=["T1"] if s == 0 else []),
                    _cs(f"H{s}b", "h2", resources=1, exhausted=True), _cs(f"H{s}c", "h3")],
            allies=[_cs(f"A{s}", "a1")],
            engaged=[_cs(f"E{s}", "e1", damage=1, shadows=["?"]), _cs(f"F{s}", "e2", shadows=["?"])] if s == 0
            else [_cs(f"E{s}", "e1")],
            hand=["V1", "V2", "V3"] if s == 0 else None, hand_count=3, deck=23, discard=["X1", "X2"]))
    cards = {"T1": "t1", "V1": "v1", "V2": "a1", "V3": "v1", "X1": "v1", "X2": "a1", "S1": "e2", "S2": "l1",
             "S3": "tr", "LL": "l1", "D1": "tr"}
    for p in ps:
        for c in p["heroes"] + p["allies"] + p["engaged"]:
            cards[c["iid"]] = c["cid"]
    v = dict(round=3, phase=phase, step="commit", window="quest", priority=0,
             stage=dict(index=0, count=3, name={"en": "Through the Mirewood", "es": "Por el Bosque del Cieno",
                                                "it": "Attraverso il Bosco Fangoso"},
                        text={"en": "Reach the far bank.", "es": "Alcanza la otra orilla.", "it": "Raggiungi la riva."},
                        points=9, progress=4),
             location=_cs("LL", "l1", progress=2), staging=[_cs("S1", "e2"), _cs("S2", "l1"), _cs("S3", "tr")],
             staging_threat=5, encounter_deck=31, encounter_discard=["D1"], players=ps, cards=cards,
             attack=dict(enemy="E0", defender="H0c", seat=0) if phase == "combat" else {})
    v.update(extra)
    return v


class MountedTable(QuestScene):
    """The quest table's parts over a given view and legal list (no match, no driver, no app loop)."""

    viewer = 0

    def __init__(self, v: dict[str, Any], legal: list[Action] | None = None) -> None:  # noqa: D107
        self._v, self._legal = v, list(legal or [])
        self.app = NS(settings=NS(), play_sound=lambda *a: None)
        self.queue = anim.AnimationQueue()
        self.chrome = TableChrome(self)
        self.match = NS(level=NS(model=NS(cards=CARDS, spheres={})), to_act=lambda: 0)
        self.build_parts()

    @property
    def view(self) -> dict[str, Any]:
        return self._v

    @property
    def legal(self) -> list[Action]:
        return self._legal

    @property
    def lang(self) -> str:
        return language()

    def can_act(self) -> bool:
        return True

    def seat_name(self, seat: int | None) -> str:
        return ["Ana", "Bruno", "Chiara", "Dario"][seat] if isinstance(seat, int) else "?"

    def describe(self, action: Action) -> str:
        return action.kind
