"""Combat on the quest table: arrows from the attacking enemy to its defender (or to the player it
attacks, undefended: the line says whose heroes take it), from declared attackers to the enemy they attack,
and the preview of the damage.

Why a module of its own: the seed's combat is a sequence of single attacks; the players must see which
enemy attacks whom and what it will cost before they confirm (a defender, or no defender), and what
their chosen attackers will deal. The numbers come from ``TableWords`` (``defend_preview``,
``attack_preview``); this pane only draws them.
"""

from __future__ import annotations

import pygame

from game.scenes.base.pane import Pane
from game.scenes.quest.table import Table
from game.ui import gfx
from game.ui.cards.arrows import arrow
from game.ui.cards.frame import badge

ENEMY_ARROW = (200, 60, 50)
ATTACKER_ARROW = (230, 190, 70)


class CombatPane(Pane):
    """Attack arrows and the attack's damage line (see the module docstring)."""

    name = "combat"

    def draw(self, surface: pygame.Surface, view: Table) -> None:
        """Draw the current attack's arrows and its damage line."""
        s = self.scene
        att = view.attack
        if view.phase != "combat" or not att:
            return
        enemy = s.rect_of(att.get("enemy"))
        if enemy is None:
            return
        gfx.highlight(surface, enemy.inflate(8, 8), ENEMY_ARROW, 3)  # the enemy attacking (or being attacked)
        defender = s.rect_of(att.get("defender"))
        if defender is not None:  # undefended: no arrow (the enemy already sits with the player it attacks)
            arrow(surface, enemy.midbottom, defender.midtop, ENEMY_ARROW, bend=0.2)
        for a in att.get("attackers", ()) or ():
            r = s.rect_of(a)
            if r is not None:
                arrow(surface, r.midtop, enemy.midbottom, ATTACKER_ARROW, bend=-0.15)
        self.defender_marks(surface, view)
        line = self.damage_line(view)
        if line:
            pal = gfx.palette()
            x = s.L.engaged_row.x + 240
            box = pygame.Rect(x, s.L.mine.y + 1, min(460, s.L.engaged_row.right - x), 0)
            box.h = max(18, min(22, gfx.line_height(13, True) + 2))
            gfx.rounded_rect(surface, box, gfx.with_alpha(pal.table_dark, 235), 6)
            gfx.rounded_rect(surface, box, ENEMY_ARROW, 6, 2)
            s.texts.line(surface, line, box.inflate(-10, -2), 13, pal.ink_light, "center", bold=True, minimum=7)

    def defender_marks(self, surface: pygame.Surface, view: Table) -> None:
        """While the seat in front chooses a defender: on each character that may defend, the damage it would
        take (a shield with the number), so the choice is visible before any click."""
        s = self.scene
        if not s.can_act():
            return
        pal = gfx.palette()
        for a in s.legal:
            if a.kind != "defend" or not isinstance(a.get("card"), str):
                continue
            r = s.rect_of(a.get("card"))
            dmg = s.words_of.defend_damage(view, a.get("card"))
            if r is None or dmg is None:
                continue
            badge(surface, (r.x + round(r.w * 0.3), r.y + round(r.h * 0.42)), max(10, r.w // 7), f"-{dmg}",
                  ENEMY_ARROW, "shield", ink=pal.ink_light)

    def damage_line(self, view: Table) -> str:
        """The current attack in numbers (a chosen defender's damage, or the undefended damage)."""
        from game.engine.actions import Action

        s = self.scene
        att = view.attack
        if "attackers" in att:  # the players' strike, even before its first attacker is declared
            return s.words_of.attack_preview(view, Action.of("attack", enemy=str(att.get("enemy"))))
        if att.get("enemy"):
            d = att.get("defender")
            return s.words_of.defend_preview(view, Action.of("defend", defender=str(d)) if d else Action.of("defend"))
        return ""
