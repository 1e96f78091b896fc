"""Why the hint's move is good, in one sentence, for the dungeon (issue 15: the hint says why).

``explain_hint(action, view, lang)`` receives only the seat's view: it rebuilds a state from it with
``determinize`` (the piles' order is sampled, and never read here) and asks the rules' own resolver
what the dungeon as it stands would give (monsters defeated, chests opened, traps disarmed) with and without the move. Nothing here reads the true state,
so a hint cannot reveal the face-down piles. None when nothing specific applies (the hint then says the
search's estimated chances).
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.dungeon.resolve import Outcome, resolve, token_map
from game.rulesets.dungeon.state import DungeonState
from game.rulesets.dungeon.words import chip_label, t


def explain_hint(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """One short sentence saying why ``action`` is good for the seat to act, from its view only."""
    seat = view.get("active")
    if not isinstance(seat, int):
        return None
    st: DungeonState = ruleset.determinize(view, seat, Rng(0))
    if st.to_act() != seat:
        return None
    k = action.kind
    if k == "place":
        return _place(st, seat, action, lang)
    p = st.players[seat]
    if k == "draw":
        return t("hint.draw", lang, n=len(p.bag))
    if k in ("continue", "stop"):
        now = st.preview(seat)
        if k == "stop":
            return t("hint.stop", lang, health=now.health, max=p.max_health)
        return t("hint.continue", lang, floor=p.hero_row + 2, health=now.health, n=len(p.bag))
    if k == "buy":
        ctype = str(action["chip"])
        return t("hint.buy", lang, chip=chip_label(st, ctype, lang), price=st.price(ctype), gold=p.gold)
    if k == "done":
        return t("hint.done", lang, gold=p.gold)
    return None


def _outcome(st: DungeonState, seat: int, extra: list[tuple[tuple[int, int], str]]) -> Outcome:
    """The Resolution of the seat's dungeon as it stands, with ``extra`` chips laid (nothing changes)."""
    p = st.players[seat]
    chips = [((r, c), f) for _, f, r, c in p.chips] + extra
    return resolve(st.content, st.board(seat), p.hero_row, token_map(st.board(seat), chips, p.hero_row),
                   p.health, st.model.monster_attack_bonus, st.model.monster_hp_bonus, True)


def _new(before: Outcome, after: Outcome, kind: str, key: str) -> list[str]:
    """The tokens named by ``kind`` events that the move adds to the Resolution."""
    old = [e.get(key) for e in before.events if e["kind"] == kind]
    out = []
    for e in after.events:
        if e["kind"] == kind:
            if e.get(key) in old:
                old.remove(e.get(key))
            else:
                out.append(str(e.get(key)))
    return out


def _place(st: DungeonState, seat: int, action: Action, lang: str) -> str | None:
    """Placing a face: what it changes in the Resolution (monsters, chests, traps, health, gold, Valor)."""
    face, floor, space = str(action["face"]), int(action["floor"]), int(action["space"])
    board = st.board(seat)
    pos = board.pos_of(floor, space)
    before = _outcome(st, seat, [])
    after = _outcome(st, seat, [(pos, face)])
    say: dict[str, Any] = {"face": st.name(face, lang), "floor": floor, "space": space}
    gold, vp = after.gold - before.gold, after.vp - before.vp
    defeated = _new(before, after, "MonsterDefeated", "monster")
    if defeated:
        if len(defeated) == 1:
            return t("hint.place_defeats_one", lang, what=st.name(defeated[0], lang), vp=max(0, vp), **say)
        return t("hint.place_defeats", lang, n=len(defeated), vp=max(0, vp), **say)
    opened = _new(before, after, "ChestOpened", "chest")
    if opened:
        return t("hint.place_chest", lang, what=st.name(opened[0], lang), gold=max(0, gold), **say)
    disarmed = _new(before, after, "TrapDisarmed", "trap")
    if disarmed:
        return t("hint.place_disarms", lang, what=st.name(disarmed[0], lang), **say)
    cell = board.cells.get(pos)
    if after.health > before.health:
        if cell is not None and cell.kind == "feature":
            return t("hint.place_covers", lang, what=st.name(cell.token, lang), n=after.health - before.health,
                     **say)
        return t("hint.place_health", lang, n=after.health - before.health, **say)
    if gold > 0:
        return t("hint.place_gold", lang, n=gold, **say)
    if vp > 0:
        return t("hint.place_vp", lang, n=vp, **say)
    return None
