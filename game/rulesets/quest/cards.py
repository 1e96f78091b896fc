"""The level's card tables: instance ids and their card definitions (public, cached per level and decks).

Card instances are ``"<seat>.h<i>"`` (the seat's i-th hero), ``"<seat>.<nn>"`` (the nn-th card of its
deck, sorted by card id), ``"e.<nn>"`` (the nn-th encounter card, sorted by card id) and ``"s.<i>"``
(the i-th set-up card). What each instance is follows from the level and the seats' deck choices,
so the mapping is public while hands, decks and the encounter deck's order stay hidden.
"""

from __future__ import annotations

from typing import Any

from game.engine.levels import Level

_IDS: dict[tuple[int, tuple[str, ...]], tuple[Level, dict[str, str]]] = {}


def deck_of(level: Level, deck_id: str) -> Any:
    """Return the DeckDef with that id (KeyError when unknown)."""
    for d in level.model.decks:
        if d.id == deck_id:
            return d
    raise KeyError(deck_id)


def card_ids(level: Level, decks: tuple[str, ...]) -> dict[str, str]:
    """Return instance id -> card id for the encounter side and each seat's chosen deck ("" = none yet)."""
    key = (id(level), decks)
    hit = _IDS.get(key)
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_IDS) > 64:
        _IDS.clear()
    m = level.model
    out: dict[str, str] = {}
    i = 0
    for cid in sorted(m.encounter):
        for _ in range(m.encounter[cid]):
            out[f"e.{i:02d}"] = cid
            i += 1
    for j, cid in enumerate(m.setup):
        out[f"s.{j}"] = cid
    for seat, did in enumerate(decks):
        if not did:
            continue
        deck = deck_of(level, did)
        for h, cid in enumerate(deck.heroes):
            out[f"{seat}.h{h}"] = cid
        n = 0
        for cid in sorted(deck.cards):
            for _ in range(deck.cards[cid]):
                out[f"{seat}.{n:02d}"] = cid
                n += 1
    _IDS[key] = (level, out)
    return out


_TABLES: dict[int, tuple[Level, dict[str, Any]]] = {}


def card_table(level: Level) -> dict[str, Any]:
    """Return card id -> CardDef of the level (cached per level)."""
    hit = _TABLES.get(id(level))
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_TABLES) > 32:
        _TABLES.clear()
    out = {c.id: c for c in level.model.cards}
    _TABLES[id(level)] = (level, out)
    return out


def owner_of(iid: Any) -> int | None:
    """The seat owning a player card instance, None for encounter cards and anything else."""
    if isinstance(iid, str) and len(iid) > 2 and iid[0] in "0123" and iid[1] == ".":
        return int(iid[0])
    return None
