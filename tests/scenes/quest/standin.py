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


STAGES = [NS(name={"en": "Through the Mirewood", "es": "Por el Bosque del Cieno", "it": "Attraverso il Bosco Fangoso"},
              text={"en": "Reach the far bank.", "es": "Alcanza la otra orilla.", "it": "Raggiungi la riva."},
              quest_points=9), NS(name={"en": "The Ford"}, text="", quest_points=6),
          NS(name={"en": "Home"}, text="", quest_points=4)]


def view(players: int = 1, phase: str = "quest", **extra: Any) -> dict[str, Any]:
    """A view as ``state.view(0)`` gives it: ``players`` seats (seat 0 with a hand, two engaged enemies with
    face-down shadows and an attachment on its first hero), three staged cards, an active location with 2
    progress, the first stage at 4 of 9. ``extra`` overrides top-level keys (``attack``: the current
    attack or strike, read through the decision)."""
    cards = {"T1": "t1", "V1": "v1", "V2": "a1", "V3": "v1", "X1": "v1", "X2": "a1", "S1": "e2", "S2": "l1",
             "S3": "tr", "LL": "l1", "D1": "tr"}
    table: dict[str, Any] = {"LL": {"progress": 2}, "S1": {}, "S2": {}, "S3": {}, "T1": {"attached_to": "H0a"}}
    ps = []
    shadows = {}
    for s in range(players):
        heroes, allies = [f"H{s}a", f"H{s}b", f"H{s}c"], [f"A{s}"]
        engaged = [f"E{s}", f"F{s}"] if s == 0 else [f"E{s}"]
        cards.update({heroes[0]: "h1", heroes[1]: "h2", heroes[2]: "h3", allies[0]: "a1", f"E{s}": "e1",
                      f"F{s}": "e2"})
        table[heroes[0]] = {"resources": 2, "damage": 1, "committed": phase == "quest"}
        table[heroes[1]] = {"resources": 1, "exhausted": True}
        table[heroes[2]] = {}
        table[allies[0]] = {}
        table[f"E{s}"] = {"damage": 1}
        if s == 0:
            table["F0"] = {}
            shadows.update({"E0": "?", "F0": "?"})
        ps.append(dict(seat=s, deck_id="d", threat=27 + s, heroes=heroes, allies=allies,
                       attachments=["T1"] if s == 0 else [], engaged=engaged,
                       hand=["V1", "V2", "V3"] if s == 0 else ["?", "?", "?"], deck=["?"] * 23,
                       discard=["X2", "X1"], eliminated=False))
    stats = {}
    for iid, cid in cards.items():
        c = CARDS[cid]
        if iid in table:
            stats[iid] = {k: c.get(k, 0) for k in ("willpower", "attack", "defense", "threat", "hp")}
    attack = extra.pop("attack", dict(enemy="E0", defender="H0c", seat=0) if phase == "combat" else {})
    decision = {"seat": 0, "step": "commit", "phase": phase, **attack}
    v: dict[str, Any] = dict(
        viewer=0, to_act=0, round=3, first_player=0, phase=phase, step="commit", window="3c", holder=0,
        players=ps, table=table, stats=stats, cards=cards, staging_threat=5, willpower=2, decision=decision,
        encounter=dict(deck=["?"] * 31, discard=["D1"], staging=["S1", "S2", "S3"], active="LL", stage=0,
                       progress=4, victory=[], shadows=shadows, guards={}))
    for key, value in extra.items():
        if key == "priority":
            v["holder"] = value
        elif key == "window":
            v["window"] = value or ""
        else:
            v[key] = value
    return v


class MountedTable(QuestScene):
    """The quest table's parts over a given view and legal list (no match, no driver, no app loop)."""

    viewer = 0

    def __init__(self, v: dict[str, Any], legal: list[Action] | None = None) -> None:  # noqa: D107
        self._v, self._legal = v, list(legal or [])
        self.app = NS(settings=NS(), play_sound=lambda *a: None)
        self.queue = anim.AnimationQueue()
        self.chrome = TableChrome(self)
        self.driver = NS(cache_key=None, bot_job=None, viewer=0, frozen=None)
        self.match = NS(level=NS(model=NS(cards=[{"id": k, **c} for k, c in CARDS.items()], spheres=[],
                                          stages=STAGES)), to_act=lambda: 0)
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

    def sentence(self, action: Action) -> str:
        return action.kind
