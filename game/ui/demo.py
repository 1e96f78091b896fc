"""A headless demo of the UI layer: a dice tray mid-game plus every widget, saved as a PNG.

Why: to LOOK at the shared widgets together (readability, colours, both
palettes) without a ruleset or the app. ``python -m game.ui.demo out.png
[--palette okabe_ito] [--frames N]`` (frames: physics frames to simulate before
the shot; -1 settles the dice). Tests call ``render_demo``.
"""

from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

import pygame

from game.ui import anim, gfx
from game.ui.dice_tray import CustomDie, DiceTray, Face
from game.ui.input import HitRegion, InputRouter
from game.ui.layout import CardFan, Grid
from game.ui.widgets import ActionBar, Banner, Counter, Inspector, LogPanel, PhaseTracker, Toast, Tooltip

log = logging.getLogger(__name__)

CANVAS = (1280, 720)


def render_demo(palette: str = "warm", frames: int = -1, seed: int = 3, inspector: bool = False,
                banner: bool = False) -> pygame.Surface:
    """Draw the demo board and return the canvas surface."""
    gfx.set_palette(palette)
    anim.set_speed(1.0)
    pal = gfx.palette()
    canvas = pygame.Surface(CANVAS)
    canvas.blit(gfx.vignette_background(CANVAS), (0, 0))

    phase = PhaseTracker((20, 14, 900, 40))
    phase.set(round=2, phases=["Resources", "Planning", "Quest", "Travel", "Encounter", "Combat", "Refresh"],
              current=2, seat=1, seat_name="Ilsa Brightwater")

    # a board of tiles on the left
    grid = Grid((20, 70, 560, 380), 7, 5, gap=4)
    for c, r, rect in grid.cells():
        shade = gfx.lerp_colour(pal.felt, pal.panel_dark, ((c * 7 + r * 3) % 5) / 8)
        gfx.rounded_rect(canvas, rect, shade, 6)
    for seat, (c, r) in enumerate([(1, 1), (4, 2), (2, 3), (5, 4)]):
        gfx.draw_seat_badge(canvas, seat, grid.center(c, r), 16)

    tray = DiceTray((600, 70, 440, 300), seed=seed,
                    custom_dice=[CustomDie("luck", (Face("hit", icon="star", colour=(226, 170, 60)),
                                                    Face("miss", icon="cross", colour=(120, 120, 130)),
                                                    Face("", colour=(200, 200, 200))))])
    tray.throw([[6, 6, 2], 4, 1, [6, 3], ("luck", "hit"), 5], label=28)
    steps = 600 if frames < 0 else frames
    for _ in range(steps):
        tray.update(1 / 60)
        if frames < 0 and not tray.busy:
            break
    tray.label_alpha = 1.0
    tray.draw(canvas)

    logp = LogPanel((1060, 70, 200, 380), title="Game log")
    logp.extend([("Nyx moves to the Ember Marsh.", 0), ("Ilsa rolls 3 dice for vision: 6, 6, 2, 4 and 1.", 1),
                 ("A six! Ilsa rolls again.", 1), ("Bram draws a chip from the bag: Rusty Blade.", 2),
                 ("The Ash Wolf attacks Bram for 3 damage.", None), ("Round 2 begins.", None),
                 ("Corin passes.", 3), ("Nyx searches the ruins and finds a lantern.", 0)])
    logp.draw(canvas)

    counters = [Counter(12, (600, 400), "HP", 28, icon="diamond", colour=pal.bad, maximum=15),
                Counter(7, (780, 400), "gold", 28, icon="circle", colour=pal.accent),
                Counter(3, (940, 400), "VP", 28, icon="star", colour=pal.accent)]
    counters[0].set(9)
    for c in counters:
        c.update(0.12)
        c.draw(canvas)

    fan = CardFan((640, 712), (104, 146), max_width=520)
    names = ["Ember Lance", "Quiet Ward", "Ashen Pact", "Tidecaller", "Stone Oath"]
    slots = fan.slots(len(names), hovered=2)
    for i, (slot, name) in enumerate(zip(slots, names)):
        card = pygame.Surface(slot.rect.size, pygame.SRCALPHA)
        gfx.rounded_rect(card, card.get_rect(), pal.panel, 10)
        gfx.rounded_rect(card, card.get_rect(), pal.edge, 10, 2)
        pygame.draw.rect(card, pal.panel_dark, (8, 30, slot.rect.w - 16, 52), border_radius=6)
        gfx.text(card, name, (slot.rect.w / 2, 8), 14, pal.ink, "midtop", bold=True)
        gfx.text(card, "Deal 2 damage to an adjacent foe.", (8, 88), 11, pal.ink_soft, max_width=slot.rect.w - 16)
        rot = pygame.transform.rotozoom(card, slot.angle, 1.0)
        r = rot.get_rect(center=(round(slot.center[0]), round(slot.center[1])))
        if i == 2:
            gfx.shadow(canvas, r, 10, (4, 8))
        canvas.blit(rot, r)

    bar = ActionBar((20, 470, 560, 40), [("End turn", "end", True, None, True), ("Search", "search"),
                                          ("Trade", "trade", False, "No one to trade with here")])
    router = InputRouter(CANVAS)
    bar.register(router)
    router.add(HitRegion(grid.cell_rect(3, 2), "tile", tooltip="Ember Marsh: moving here costs 2.",
                         legal=False, reason="Too far: you have 1 move left."))
    router.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=grid.cell_rect(3, 2).center, rel=(0, 0), buttons=(0, 0, 0)))
    router.update(1.0)
    bar.draw(canvas, router)
    router.draw_highlights(canvas)
    phase.draw(canvas)

    toast = Toast((300, 530))
    toast.show("Too far: you have 1 move left.", "error")
    toast.update(0.5)
    toast.draw(canvas)
    Tooltip((0, 0, *CANVAS)).draw(canvas, router.tooltip_text, router.mouse)

    for seat in range(8):
        x = 40 + seat * 34
        gfx.draw_seat_badge(canvas, seat, (x, 580), 11)

    if inspector:
        ins = Inspector((0, 0, *CANVAS))

        def art(surf: pygame.Surface, rect: pygame.Rect) -> None:
            gfx.rounded_rect(surf, rect, pal.panel_dark, 12)
            gfx.draw_symbol(surf, "star", rect.center, rect.w * 0.3, pal.accent, outline=pal.ink)

        ins.open("Ember Lance", "Deal 2 damage to an adjacent foe. If it was already wounded, deal 1 more.\n\n"
                 "Cost: 2 Will. Exhaust after use.", subtitle="Technology · durability 3", art=art, seat=1)
        ins.alpha = 1.0
        ins.draw(canvas)
    if banner:
        b = Banner((0, 0, *CANVAS))
        b.text, b.alpha, b.scale, b.big = "Victory", 1.0, 1.0, True
        b.sub = "Ilsa Brightwater wins"
        b.draw(canvas)
    return canvas


def main(argv: list[str] | None = None) -> int:
    """Render the demo to a PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--palette", default="warm")
    ap.add_argument("--frames", type=int, default=-1)
    ap.add_argument("--inspector", action="store_true")
    ap.add_argument("--banner", action="store_true")
    args = ap.parse_args(argv)
    pygame.init()
    surf = render_demo(args.palette, args.frames, inspector=args.inspector, banner=args.banner)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(args.out))
    log.info("saved %s", args.out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
