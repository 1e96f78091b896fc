"""Words for the dungeon: actions, events, refusals and a plain-text board, in es/en/it.

Every string comes from ``strings.toml`` through ``game.engine.i18n``; names
from level data (tokens, chips, maps, heroes) are localized level text.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import i18n
from game.engine.actions import Action
from game.engine.events import Event

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.dungeon.state import DungeonState

CATALOG = Path(__file__).with_name("strings.toml")
i18n.load_catalog(CATALOG)


def t(key: str, lang: str | None, **kw: Any) -> str:
    """Translate a dungeon string key."""
    return i18n.t(f"dungeon.{key}", lang, **kw)


def hero_name(st: "DungeonState", seat: int, lang: str | None) -> str:
    """Return a seat's hero name."""
    return i18n.localize(st.model.heroes[st.players[seat].hero].name, lang)


def side_name(st: "DungeonState", card: str | None, side: int, lang: str | None) -> str:
    """Return the name printed on one side of a map card."""
    for lst in (st.model.entrance, st.model.depths):
        for c in lst:
            if c.id == card:
                return i18n.localize(c.sides[side].name, lang)
    return str(card)


def chip_label(st: "DungeonState", ctype: str, lang: str | None) -> str:
    """Return a chip type as 'Face / Face'."""
    faces = st.model.chips[ctype].faces
    return " / ".join(st.name(f, lang) for f in faces)


def describe(st: "DungeonState", action: Action, lang: str = "en") -> str:
    """Return an action in words, naming the acting seat."""
    seat = st.to_act()
    who = st.actor_name(seat)
    p = st.players[seat] if seat is not None else None
    k = action.kind
    try:
        if k == "choose_map" and p is not None:
            side = int(action["side"])
            return t("action.choose_map", lang, who=who, side=side + 1,
                     name=side_name(st, p.pending_map, side, lang))
        if k == "draw" and p is not None:
            return t("action.draw", lang, who=who, left=len(p.bag))
        if k == "place" and p is not None:
            face = st.name(str(action["face"]), lang)
            board = st.board(seat)  # type: ignore[arg-type]
            pos = board.pos_of(int(action["floor"]), int(action["space"]))
            cell = board.cells.get(pos)
            if cell is not None and cell.kind == "feature":
                return t("action.place_over", lang, who=who, face=face, floor=action["floor"],
                         space=action["space"], feature=st.name(cell.token, lang))
            return t("action.place", lang, who=who, face=face, floor=action["floor"], space=action["space"])
        if k == "continue" and p is not None:
            return t("action.continue", lang, who=who, floor=p.hero_row + 2)
        if k == "stop" and p is not None:
            return t("action.stop", lang, who=who, floor=p.hero_row + 1)
        if k == "place_depths" and p is not None:
            side, shift = int(action["side"]), int(action["shift"])
            where = t({-1: "shift.left", 0: "shift.none", 1: "shift.right"}.get(shift, "shift.none"), lang)
            return t("action.place_depths", lang, who=who, side=side + 1,
                     name=side_name(st, p.pending_map, side, lang), where=where)
        if k == "buy":
            ctype = str(action["chip"])
            return t("action.buy", lang, who=who, chip=chip_label(st, ctype, lang), price=st.price(ctype))
        if k == "done":
            return t("action.done", lang, who=who)
    except (KeyError, ValueError, TypeError, IndexError):
        pass
    return action.key


def explain(st: "DungeonState", action: Action, lang: str | None = None) -> str:
    """Say in words why ``action`` is not legal now."""
    seat = st.to_act()
    if seat is None:
        return t("illegal.over", lang)
    p = st.players[seat]
    need = t(f"need.{p.status}", lang)
    k = action.kind
    wanted = {"map": ("choose_map",), "draw": ("draw",), "place": ("place",),
              "floor_done": ("continue", "stop"), "depths": ("place_depths",), "market": ("buy", "done")}
    kinds = ("choose_map", "draw", "place", "continue", "stop", "place_depths", "buy", "done")
    if k not in kinds:
        return t("illegal.unknown", lang, action=action.key)
    if k not in wanted.get(p.status, ()):
        return t("illegal.status", lang, who=st.actor_name(seat), need=need)
    try:
        if k in ("choose_map", "place_depths") and action.get("side") not in (0, 1):
            return t("illegal.bad_side", lang)
        if k == "place_depths" and action.get("shift") not in (-1, 0, 1):
            return t("illegal.bad_shift", lang)
        if k == "continue" and not p.bag:
            return t("illegal.continue_empty", lang)
        if k == "place":
            return _explain_place(st, seat, action, lang)
        if k == "buy":
            return _explain_buy(st, seat, action, lang)
    except (KeyError, ValueError, TypeError, IndexError):
        pass
    return t("illegal.malformed", lang, action=action.key)


def _explain_place(st: "DungeonState", seat: int, action: Action, lang: str | None) -> str:
    p = st.players[seat]
    faces = st.chip_faces(p.pending_chip) if p.pending_chip else []
    face = action.get("face")
    floor, space = action.get("floor"), action.get("space")
    if face not in faces:
        return t("illegal.bad_face", lang, face=face, faces=" / ".join(st.name(f, lang) for f in faces))
    if not isinstance(floor, int) or not isinstance(space, int):
        return t("illegal.malformed", lang, action=action.key)
    if floor != p.hero_row + 1:
        return t("illegal.not_current_floor", lang, floor=p.hero_row + 1)
    board = st.board(seat)
    pos = board.pos_of(floor, space)
    cell = board.cells.get(pos)
    if cell is None or not 1 <= space <= 6:
        return t("illegal.no_space", lang, floor=floor, space=space)
    if cell.kind == "obstacle":
        return t("illegal.obstacle", lang, floor=floor, space=space)
    if cell.kind == "feature" and cell.mandatory:
        return t("illegal.mandatory", lang, floor=floor, space=space, feature=st.name(cell.token, lang))
    if pos in st.occupied(seat):
        return t("illegal.taken", lang, floor=floor, space=space)
    return t("illegal.malformed", lang, action=action.key)


def _explain_buy(st: "DungeonState", seat: int, action: Action, lang: str | None) -> str:
    p = st.players[seat]
    ctype = action.get("chip")
    if ctype not in st.market:
        return t("illegal.unknown_chip", lang, chip=ctype)
    label = chip_label(st, ctype, lang)
    if p.buys >= st.model.market.max_buys:
        return t("illegal.max_buys", lang, n=st.model.market.max_buys)
    if not st.market[ctype]:
        return t("illegal.no_stock", lang, chip=label)
    tier = st.model.chips[ctype].tier
    if not st.tier_open(tier):
        return t("illegal.tier_locked", lang, tier=tier, round=st.model.market.unlock_rounds[tier - 1])
    if p.gold < st.price(ctype):
        return t("illegal.too_poor", lang, chip=label, price=st.price(ctype), gold=p.gold)
    return t("illegal.malformed", lang, action=action.key)


def _where(v: Any) -> tuple[Any, Any]:
    if isinstance(v, (list, tuple)) and len(v) == 2:
        return v[0], v[1]
    return "?", "?"


def describe_event(st: "DungeonState", ev: Event, lang: str = "en") -> str | None:
    """Return a log line for an event (None when the action's own line says it all)."""
    d = ev.data
    seat = d.get("seat")
    who = st.actor_name(seat) if isinstance(seat, int) else ""
    k = ev.kind
    try:
        if k == "ChipDrawn":
            faces = " / ".join(st.name(f, lang) for f in d.get("faces", []))
            return t("event.chip_drawn", lang, who=who, faces=faces, left=d.get("left", 0))
        if k == "CardMoved":
            card = d.get("card")
            return t("event.map_drawn", lang, who=who, a=side_name(st, card, 0, lang), b=side_name(st, card, 1, lang))
        if k == "FloorFinished":
            return t("event.floor_finished", lang, who=who, floor=d["floor"])
        if k == "Stopped":
            if d.get("reason", "chose") == "chose":
                return None  # the stop action's own line already says "<who> stops on floor <n>"
            return t(f"event.stopped_{d.get('reason', 'chose')}", lang, who=who, floor=d["floor"])
        if k == "Hit":
            f, s = _where(d.get("target"))
            return t("event.hit", lang, who=who, weapon=st.name(d.get("weapon"), lang),
                     monster=st.name(d.get("monster"), lang), floor=f, space=s, amount=d.get("amount", 1))
        if k == "MonsterDefeated":
            return t("event.defeated", lang, who=who, monster=st.name(d.get("monster"), lang),
                     vp=d.get("vp", 0), xp=d.get("xp", 0))
        if k == "MonsterAttacked":
            return t("event.monster_hits", lang, who=who, monster=st.name(d.get("monster"), lang),
                     damage=d.get("damage", 0), blocked=d.get("blocked", 0), count=d.get("damage", 0))
        if k == "TrapSprung":
            return t("event.trap_hits", lang, who=who, trap=st.name(d.get("trap"), lang), count=d.get("damage", 0))
        if k == "TrapDisarmed":
            return t("event.trap_disarmed", lang, who=who, trap=st.name(d.get("trap"), lang))
        if k == "ChestOpened":
            return t("event.chest_opened", lang, who=who, chest=st.name(d.get("chest"), lang),
                     gold=d.get("gold", 0), vp=d.get("vp", 0))
        if k == "ChestTrapped":
            return t("event.chest_trap_springs", lang, who=who, chest=st.name(d.get("chest"), lang),
                     damage=d.get("damage", 0))
        if k == "GoldFound":
            return t("event.gold", lang, who=who, token=st.name(d.get("token"), lang), gold=d.get("gold", 0))
        if k == "Healed":
            if d.get("where") == "village":
                return t("event.village_heal", lang, who=who, amount=d.get("amount", 0))
            return t("event.healed", lang, who=who, token=st.name(d.get("token"), lang), amount=d.get("amount", 0))
        if k == "PotionSpent":
            return t("event.potion_spent", lang, who=who)
        if k == "Rewarded":
            return t("event.rewarded", lang, who=who, token=st.name(d.get("token"), lang),
                     vp=d.get("vp", 0), xp=d.get("xp", 0))
        if k == "HeroHurt":
            return t("event.hurt_by", lang, who=who, token=st.name(d.get("token"), lang), count=d.get("damage", 0))
        if k == "KnockedOut":
            return t("event.knocked_out", lang, who=who, gold=d.get("gold_lost", 0))
        if k == "Resolved":
            return t("event.resolved", lang, who=who, vp=d.get("vp", 0), gold=d.get("gold", 0), xp=d.get("xp", 0))
        if k == "LevelUp":
            return t("event.level_up", lang, who=who, max_health=d.get("max_health", 0))
        if k == "ChipBought":
            return None
        if k == "MarketSkipped":
            return t("event.market_skipped", lang, who=who)
        if k == "Shuffled":
            return t("event.shuffled", lang)
        if k == "PhaseBegan":
            phase = d.get("phase")
            if phase in ("round", "resolution", "village", "market", "dungeon"):
                return t(f"event.phase_{phase}", lang, who=who, round=d.get("round", ""))
        if k == "GameOver":
            names = ", ".join(st.actor_name(s) for s in d.get("winners", []))
            return t("event.game_over", lang, winners=names) if names else t("event.game_over_none", lang)
    except (KeyError, ValueError, TypeError):
        return None
    return None


# --- a plain-text view for the generic table view and logs -------------------------------------

def _cell_text(st: "DungeonState", cell: Any, chip: tuple[str, str] | None) -> str:
    if chip is not None:
        tok = st.model.tokens.get(chip[1])
        sym = (tok.symbol if tok is not None and tok.symbol else chip[1][:3]).upper()
        return f"[{sym:^3}]"
    if cell.kind == "obstacle":
        return " ### "
    if cell.kind == "feature":
        tok = st.model.tokens.get(cell.token)
        sym = tok.symbol if tok is not None and tok.symbol else str(cell.token)[:3]
        return ("!" if cell.mandatory else "?") + f"{sym:<3}" + " "
    return {"torch": "  t  ", "bones": "  b  ", "cobweb": "  w  "}.get(cell.decor or "", "  .  ")


def board_lines(st: "DungeonState", seat: int) -> list[str]:
    """Return a seat's dungeon as text rows ('>' marks the hero's floor, '[SWD]' a chip)."""
    p = st.players[seat]
    if not p.maps:
        return []
    board = st.board(seat)
    occ = st.occupied(seat)
    cols = [c for (_, c) in board.cells]
    lo, hi = min(cols), max(cols)
    lines = []
    for r, row in enumerate(board.rows):
        mark = ">" if r == p.hero_row else " "
        cells = []
        for c in range(lo, hi + 1):
            cell = board.cells.get((r, c))
            cells.append("     " if cell is None else _cell_text(st, cell, occ.get((r, c))))
        lines.append(f"{mark}{r + 1:>2} " + "".join(cells))
    return lines


def display(st: "DungeonState") -> list[dict[str, Any]]:
    """Return a readable summary per seat: hero, numbers, bag, status (current language), one text row per floor."""
    out = []
    for s, p in enumerate(st.players):
        out.append({
            "hero": hero_name(st, s, None), "health": f"{p.health}/{p.max_health}", "gold": p.gold,
            "vp": p.vp, "xp": p.xp, "bag": len(p.bag), "status": t(f"status.{p.status}", None),
            "drawn": chip_label(st, st.catalog[p.pending_chip], None) if p.pending_chip else None,
        })
        for line in board_lines(st, s):
            out[-1][f"floor_{line[1:3].strip()}"] = line
    return out


def current_hint(st: "DungeonState") -> Any:
    """Return the tutorial hint for the current moment (level text), or None."""
    seat = st.to_act()
    if seat is None:
        return None
    status = st.players[seat].status
    for h in st.model.hints:
        if h.round == st.round and h.status in ("any", status):
            return h.text if isinstance(h.text, str) else h.text.model_dump(exclude_none=True)
    return None
