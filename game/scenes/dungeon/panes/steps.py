"""One Resolution event as the table shows it: the strike, glows and floating words on the board, how the
counters move, the mark left on the space, the sound.

Why a module of its own: the Resolution replay (``panes/resolution.py``) plays these one after another on
the frozen dungeon; the table of what each event kind looks like is long and pure (no drawing, no state).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.events import Event
from game.engine.i18n import t
from game.rulesets.dungeon.views import PlayerRecord, TableContent
from game.scenes.dungeon.panes.common import Fx


@dataclass
class Step:
    """What one Resolution event shows: effects on the board, counter changes, a mark, a sound."""

    fxs: list[Fx] = field(default_factory=list)
    changes: list[tuple[str, int]] = field(default_factory=list)
    mark: str | None = None
    sound: str | None = None
    pos: tuple[int, int] | None = None


def cell_of(tables: TableContent, p: PlayerRecord, where: Any) -> tuple[int, int] | None:
    """The grid position of a (floor, space) pair of an event in a player's dungeon (None when off the board)."""
    if not (isinstance(where, (list, tuple)) and len(where) == 2):
        return None
    board = tables.board(p)
    if board is None:
        return None
    pos = board.pos_of(int(where[0]), int(where[1]))
    return pos if pos in board.cells else None


def step_of(e: Event, p: PlayerRecord, tables: TableContent, pal: Any) -> Step:
    """The look of one Resolution event (``KnockedOut`` and ``Resolved`` are played by the replay itself)."""
    d = e.data
    pos = cell_of(tables, p, d.get("pos"))
    k = e.kind
    s = Step(pos=pos)
    if k == "Hit":
        src, dst = cell_of(tables, p, d.get("source")), cell_of(tables, p, d.get("target"))
        if src and dst:
            s.fxs.append(Fx("strike", src, dst, colour=pal.accent))
            s.fxs.append(Fx("text", dst, text=t("dscene.fx.damage", n=d.get("amount", 1)), colour=pal.bad))
        s.sound = "hit"
    elif k == "MonsterDefeated":
        s.fxs.append(Fx("text", pos, text=t("dscene.fx.defeated") + " " + t("dscene.fx.vp", n=d.get("vp", 0)),
                        colour=pal.accent))
        s.changes = [("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0))), ("gold", int(d.get("gold", 0)))]
        s.mark, s.sound = "defeated", "clack"
    elif k == "MonsterAttacked":
        dmg, blocked = int(d.get("damage", 0)), int(d.get("blocked", 0))
        text = t("dscene.fx.damage", n=dmg) + ((" (" + t("dscene.fx.blocked", n=blocked) + ")") if blocked else "")
        s.fxs += [Fx("glow", pos, colour=pal.bad), Fx("text", pos, text=text, colour=pal.bad)]
        for g in d.get("guards") or []:
            gp = cell_of(tables, p, g)
            if gp:
                s.fxs.append(Fx("glow", gp, colour=(90, 150, 230)))
        s.changes = [("health", -dmg)]
        s.mark, s.sound = "hurt", "hit"
    elif k in ("TrapSprung", "HeroHurt"):
        s.fxs += [Fx("glow", pos, colour=pal.bad),
                  Fx("text", pos, text=t("dscene.fx.damage", n=d.get("damage", 0)), colour=pal.bad)]
        s.changes = [("health", -int(d.get("damage", 0)))]
        s.sound = "hit"
    elif k == "TrapDisarmed":
        s.fxs += [Fx("glow", pos, colour=pal.good), Fx("text", pos, text=t("dscene.fx.disarmed"), colour=pal.good)]
        s.mark = "disarmed"
    elif k == "ChestOpened":
        s.fxs += [Fx("glow", pos, colour=pal.accent),
                  Fx("text", pos, text=t("dscene.fx.opened") + " " + t("dscene.fx.gold", n=d.get("gold", 0)),
                     colour=pal.accent)]
        s.changes = [("gold", int(d.get("gold", 0))), ("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0)))]
        s.mark, s.sound = "opened", "chip"
    elif k == "ChestTrapped":
        s.fxs += [Fx("glow", pos, colour=pal.bad),
                  Fx("text", pos, text=t("dscene.fx.trapped", n=d.get("damage", 0)), colour=pal.bad)]
        s.changes = [("health", -int(d.get("damage", 0)))]
        s.sound = "hit"
    elif k == "GoldFound":
        s.fxs.append(Fx("text", pos, text=t("dscene.fx.gold", n=d.get("gold", 0)), colour=pal.accent))
        s.changes = [("gold", int(d.get("gold", 0)))]
        s.sound = "chip"
    elif k == "Healed":
        s.fxs += [Fx("glow", pos, colour=pal.good),
                  Fx("text", pos, text=t("dscene.fx.heal", n=d.get("amount", 0)), colour=pal.good)]
        s.changes = [("health", int(d.get("amount", 0)))]
    elif k == "PotionSpent":
        s.fxs.append(Fx("text", pos, text=t("dscene.fx.spent"), colour=pal.ink_light))
        s.mark = "spent"
    elif k == "Rewarded":
        words = t("dscene.fx.vp", n=d.get("vp", 0)) if d.get("vp") else f"+{d.get('xp', 0)} {t('dscene.xp')}"
        s.fxs.append(Fx("text", pos, text=words, colour=pal.accent))
        s.changes = [("vp", int(d.get("vp", 0))), ("xp", int(d.get("xp", 0)))]
    return s


def final_numbers(p: PlayerRecord, e: Event) -> dict[str, int]:
    """The counters after a ``Resolved`` event: the frozen numbers plus the round's totals."""
    d = e.data
    return {"vp": p.valor + int(d.get("vp", 0)), "xp": p.xp + int(d.get("xp", 0)),
            "gold": p.gold + int(d.get("gold", 0)), "health": max(0, p.health + int(d.get("health", 0)))}
