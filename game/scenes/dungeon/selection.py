"""What the player picked on the dungeon table that the rules do not know yet: the seat looked at, the face
of the drawn chip shown up, and the side and shift of a new Depths map.

Why a module of its own: the board, the hero's panel, the "What now" buttons and the scene's keys all
read and change these choices; they live in one small object (``scene.selection``) instead of on the scene.
"""

from __future__ import annotations

from typing import Any

from game.rulesets.dungeon.views import PlayerRecord


class Selection:
    """The seat pinned in the large view, each drawn chip's face up, and the Depths map's side and shift."""

    def __init__(self) -> None:
        self.pinned: int | None = None
        self.faces: dict[str, int] = {}
        self.depths: dict[str, Any] = {"key": None, "side": 0, "shift": 0}

    def face_index(self, chip: str | None) -> int:
        """Which face of a drawn chip is up (0 or 1)."""
        return self.faces.get(chip, 0) if chip else 0

    def face(self, chip: str | None, faces: list[str]) -> str | None:
        """The face of a drawn chip shown up (None when the chip is unknown)."""
        if not faces:
            return None
        return faces[self.face_index(chip) % len(faces)]

    def turn(self, chip: str) -> None:
        """Turn a drawn chip over."""
        self.faces[chip] = 1 - self.faces.get(chip, 0)

    def depths_for(self, seat: int, p: PlayerRecord) -> dict[str, Any]:
        """The side and shift chosen for a seat's new Depths map (reset for each new map)."""
        key = (seat, p.pending_map, len(p.maps))
        dc = self.depths
        if dc["key"] != key:
            dc.update(key=key, side=0, shift=0)
        return dc

    def depths_key(self) -> tuple:
        """What the Depths regions depend on."""
        return tuple(self.depths.get(k) for k in ("key", "side", "shift"))
