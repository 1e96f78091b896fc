"""What every skirmish pane shares: the payloads of its regions, the table's geometry, words built from
the typed view, and a pane base that records the text it draws (for ``text_problems``).

Why a module of its own: the arena, the AP track, the action menu, the chain, the advantages picker and
the detail card are separate panes (game/scenes/skirmish/panes/), and a parent game may mount some of
them over a child fight; none of them reads the rule state, only a ``SkirmishView``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.actions import Action
from game.rulesets.skirmish.views import ChainEntry, SkirmishView
from game.scenes.base.pane import TextPane
from game.ui import text as uitext

ASSETS = "skirmish"
HERO_SPRITES = {"vanguard", "duelist", "embermage", "warden"}
BODIES = ("humanoid", "tentacled", "winged", "four_armed", "arachnid", "ooze", "golem")
EQUIP_KINDS = ("equip", "pickup", "take", "stow", "drop")
TRACK_MAX = 15
DECISIONS = ("advantage", "opportunity", "reaction")
STATS = ("str", "def", "per", "mag", "dr")


class Geometry:
    """The arena's fixed boxes on the 1280x720 canvas (the scene and every pane read them from here)."""

    board = pygame.Rect(10, 56, 1012, 590)
    track = pygame.Rect(14, 58, 1004, 74)
    TRACK_MID = 36  # the track's line, from its top: heroes' markers above, minions' below
    heroes = pygame.Rect(14, 134, 300, 510)
    minions = pygame.Rect(718, 134, 300, 510)
    centre = pygame.Rect(322, 134, 388, 510)
    ground = pygame.Rect(322, 610, 388, 34)


@dataclass(frozen=True)
class FighterRef:
    """Payload of a body card (click focuses it, right-click shows it large)."""

    cid: str


@dataclass(frozen=True)
class Zone:
    """A drop target for equipment: a body part, a combatant's pack, or the ground."""

    kind: str                  # "part", "pack", "ground"
    who: str | None = None
    part: str | None = None


@dataclass(frozen=True)
class ItemInfo:
    """Payload of an item chip that cannot move now (tooltip and inspect only)."""

    iid: str


@dataclass(frozen=True)
class ChainRef:
    """Payload of a chain entry (hover shows its full words; nothing to click)."""

    index: int


def abbr(name: str) -> str:
    """Two or three letters standing for a part's name on its chip."""
    words = [w for w in name.replace("-", " ").split() if w]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return "".join(w[0] for w in words[:3]).upper()


def fit(text: str, width: int, start: int, minimum: int, bold: bool = True) -> tuple[str, int]:
    """The text and font size that fit ``width``: smaller first, then cut with an ellipsis (the kit's fit_line)."""
    fitted = uitext.fit_line(text, width, start, minimum, bold=bold, height=40)
    return fitted.text, fitted.size


def line_size(text: str, box: pygame.Rect, start: int, minimum: int, bold: bool = False) -> int:
    """The largest size <= start (>= minimum) at which one line of ``text`` fits ``box`` (the kit's line_size)."""
    return uitext.line_size(text, box.w, start, minimum, bold, box.h)


def group_key(a: Action) -> tuple | None:
    """The menu group of a use/react action (actor, action, item); None for other kinds."""
    if a.kind in ("use", "react"):
        return (a.kind, a.get("who"), a.get("act"), a.get("item"))
    return None


def groups(legal: list[Action]) -> list[tuple[tuple, list[Action]]]:
    """The legal use/react actions grouped by ``group_key``, in order."""
    out: dict[tuple, list[Action]] = {}
    for a in legal:
        k = group_key(a)
        if k is not None:
            out.setdefault(k, []).append(a)
    return list(out.items())


def sprite(c: Any) -> str:
    """The picture of a combatant record: a hero's own, otherwise its body shape."""
    if c.side == "heroes" and c.kind in HERO_SPRITES:
        return f"{ASSETS}/{c.kind}.svg"
    body = c.body if c.body in BODIES else "humanoid"
    return f"{ASSETS}/body_{body}.svg"


def figure(host: Any, c: Any) -> str:
    """The picture of a combatant on its host scene: the host's own (``figure_of``: a ruleset hosting this
    fight draws its heroes and monsters with its art), else ``sprite``."""
    own = getattr(host, "figure_of", None)
    found = own(c) if callable(own) else None
    return found if isinstance(found, str) and found else sprite(c)


def entry_text(v: SkirmishView, e: ChainEntry, lang: str) -> str:
    """A chain entry in words: actor, action (and item), targets with their limbs."""
    targets = ", ".join(v.name(tid, lang) + (f" ({v.part_name(tid, limb, lang)})" if limb else "")
                        for tid, limb in e.targets)
    text = f"{v.name(e.actor, lang)}: {v.entry_name(e, lang)}"
    if e.kind == "equip" and e.item:
        text += f" ({v.item_name(e.item, lang)})"
    return text + (f" » {targets}" if targets else "")


def part_state(p: Any) -> str:
    """A part's state in words: active, waiting n, or disabled."""
    from game.engine.i18n import t

    if not p.limb:
        return t("skirmish_scene.active")
    if not p.active:
        return t("skirmish_scene.disabled")
    if p.waiting:
        return t("skirmish_scene.waiting", n=p.wait)
    return t("skirmish_scene.active")


class SkirmishPane(TextPane):
    """A skirmish pane: draws from a ``SkirmishView`` and records every line of text it draws."""

    geo = Geometry

    @property
    def legal(self) -> list[Action]:
        """The legal actions the host offers (none in a bare host)."""
        return list(getattr(self.scene, "legal", None) or [])

    @property
    def selected(self) -> tuple | None:
        """The menu group whose targets are shown (the host's)."""
        return getattr(self.scene, "selected", None)
