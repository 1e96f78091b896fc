"""Dungeon bot hints: a greedy placement policy with a look-ahead over the remaining bag, and a heuristic.

The policy scores a dungeon with the real Resolution (``state.preview``), so
it values exactly what the rules pay. Placing a chip looks one chip ahead:
for each face and space it averages, over the chip types still in the bag,
the best next placement on the same floor. Used directly as the search bot's
rollout policy (``Ruleset.bot_policy``) and by ``heuristic`` at cut-offs.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rng import Rng
from game.rulesets.dungeon.effects import Chest, Gold, Guard, Heal, Hit, HurtHero, Monster, Reward, Trap, Unlock
from game.rulesets.dungeon.geometry import Pos
from game.rulesets.dungeon.resolve import Outcome, resolve

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.dungeon.state import DungeonState

#: look-ahead budget: above this many (candidate x next placement) previews, look ahead on a sample
LOOKAHEAD_BUDGET = 900


def score(st: "DungeonState", seat: int, out: Outcome) -> float:
    """Value of a Resolution outcome for a seat: Valor first, then useful gold, health and XP."""
    p = st.players[seat]
    last = st.round >= st.model.rounds
    if out.health <= 0:
        return out.vp + 0.1 * out.xp - 1.5
    market = st.model.market
    useful = 0 if last else max(0, market.max_buys * max(market.prices) - p.gold)
    gold = 0.35 * min(out.gold, useful) + 0.03 * max(0, out.gold - useful)
    health = min(out.health, p.max_health)
    health_w = 0.02 if last else 0.15
    return out.vp + gold + 0.1 * out.xp + health_w * health


def _preview(st: "DungeonState", seat: int, tokens: dict[Pos, str], row: int,
             taken: set[Pos] | None = None, bag_tags: frozenset[str] | None = None) -> float:
    """Score a hypothetical dungeon (plus, with ``taken``, the potential chips to come could add)."""
    p = st.players[seat]
    out = resolve(st.content, st.board(seat), row, tokens, p.health, st.model.monster_attack_bonus,
                  st.model.monster_hp_bonus, record=False)
    value = score(st, seat, out)
    if taken is not None and bag_tags is not None:
        value += potential(st, seat, tokens, taken, bag_tags)
    return value


def bag_tags(st: "DungeonState", seat: int) -> frozenset[str]:
    """Return the tags the chips left in a seat's bag can show (plus 'unlock' for lockpicks)."""
    out: set[str] = set()
    for ctype in {st.catalog[c] for c in st.players[seat].bag}:
        for face in st.model.chips[ctype].faces:
            info = st.content.tokens[face]
            out.update(info.tags)
            if info.unlock:
                out.add("unlock")
    return frozenset(out)


def potential(st: "DungeonState", seat: int, tokens: dict[Pos, str], taken: set[Pos],
              tags_left: frozenset[str]) -> float:
    """Credit for chests and monsters near spaces that chips still in the bag could fill."""
    p = st.players[seat]
    if not p.bag:
        return 0.0
    board = st.board(seat)
    cells = board.cells
    top = p.hero_row
    info = st.content.tokens
    credit = 0.0
    for pos, kind in tokens.items():
        tok = info[kind]
        chest = next((e for e in tok.effects if isinstance(e, Chest)), None)
        if chest is None and tok.monster is None:
            continue
        free = 0
        have: set[str] = set()
        picks = 0
        for dr, dc in ((0, -1), (0, 1), (-1, 0), (1, 0)):
            q = (pos[0] + dr, pos[1] + dc)
            cell = cells.get(q)
            if cell is None:
                continue
            if q in tokens:
                t2 = info[tokens[q]]
                have |= t2.tags
                picks += t2.unlock
            if (q not in taken and q[0] >= top and q[0] <= top + 1
                    and (cell.kind == "empty" or (cell.kind == "feature" and not cell.mandatory))):
                free += 1
        if chest is not None:
            needs = set(chest.needs)
            missing = needs - have
            short = max(0, len(missing) - picks)
            if short == 0 or short > free:
                continue
            if not all(m in tags_left for m in missing) and "unlock" not in tags_left:
                continue
            frac = 1.0 - short / len(needs)
            credit += (chest.vp + 0.35 * chest.gold) * (0.2 + 0.55 * frac)
        elif free and "weapon" in tags_left:
            credit += 0.35 * tok.monster.vp  # type: ignore[union-attr]
    return credit


def _bag_types(st: "DungeonState", seat: int) -> dict[str, int]:
    counts: dict[str, int] = {}
    for cid in st.players[seat].bag:
        ctype = st.catalog[cid]
        counts[ctype] = counts.get(ctype, 0) + 1
    return counts


def _eval_row(st: "DungeonState", seat: int, spaces_after: int) -> int:
    """The floor to judge a placement at: the next one when the bag will surely take us there."""
    p = st.players[seat]
    board = st.board(seat)
    if p.hero_row + 1 < board.floors and len(p.bag) > spaces_after:
        return p.hero_row + 1
    return p.hero_row


def best_place(st: "DungeonState", seat: int, legal: list[Action], rng: Rng | None = None,
               lookahead: bool = True) -> Action:
    """Pick the placement with the best expected score after the next chip too."""
    p = st.players[seat]
    board = st.board(seat)
    base = st.tokens(seat)
    spaces = st.legal_spaces(seat)
    types = _bag_types(st, seat)
    total = sum(types.values())
    cands: list[tuple[Action, Pos, str]] = []
    for a in legal:
        pos = board.pos_of(int(a["floor"]), int(a["space"]))
        cands.append((a, pos, str(a["face"])))
    row = _eval_row(st, seat, len(spaces) - 1)
    taken0 = {(r, c) for _, _, r, c in p.chips}
    tags_left = bag_tags(st, seat)
    faces_of = {c: list(dict.fromkeys(st.model.chips[c].faces)) for c in types}
    work = len(cands) * sum(len(f) for f in faces_of.values()) * max(0, len(spaces) - 1)
    do_look = lookahead and total > 0 and len(spaces) > 1 and work > 0
    type_list = list(types.items())
    if do_look and work > LOOKAHEAD_BUDGET and rng is not None:
        keep = max(1, int(len(type_list) * LOOKAHEAD_BUDGET / work))
        type_list = sorted(type_list, key=lambda kv: -kv[1])[:keep]
    weight = sum(n for _, n in type_list) or 1
    best: tuple[float, int] | None = None
    chosen = legal[0]
    for i, (a, pos, face) in enumerate(cands):
        tok = dict(base)
        tok[pos] = face
        taken = taken0 | {pos}
        value = _preview(st, seat, tok, row, taken, tags_left)
        if do_look:
            rest = [q for q in spaces if q != pos]
            exp = 0.0
            for ctype, n in type_list:
                top = -math.inf
                for f2 in faces_of[ctype]:
                    for q in rest:
                        tok2 = dict(tok)
                        tok2[q] = f2
                        v = _preview(st, seat, tok2, row, taken | {q}, tags_left)
                        if v > top:
                            top = v
                exp += n * top
            value = 0.35 * value + 0.65 * exp / weight
        key = (value, -i)
        if best is None or key > best:
            best = key
            chosen = a
    return chosen


def choose_continue(st: "DungeonState", seat: int) -> Action:
    """Continue unless the next floor's printed dangers outweigh what the bag can still do."""
    p = st.players[seat]
    board = st.board(seat)
    if not p.bag or p.hero_row + 1 >= board.floors:
        return Action.of("stop")
    now = _preview(st, seat, st.tokens(seat), p.hero_row)
    nxt_tokens = st.tokens(seat, p.hero_row + 1)
    nxt = _preview(st, seat, nxt_tokens, p.hero_row + 1)
    occupied = {(r, c) for _, _, r, c in p.chips}
    room = sum(1 for q in board.rows[p.hero_row + 1]
               if q not in occupied and (board.cells[q].kind == "empty"
                                         or (board.cells[q].kind == "feature" and not board.cells[q].mandatory)))
    potential = 1.1 * min(len(p.bag), room)
    return Action.of("continue") if nxt + potential >= now else Action.of("stop")


def choose_depths(st: "DungeonState", seat: int, legal: list[Action]) -> Action:
    """Pick the Depths side and shift whose first floor looks best from here."""
    from game.rulesets.dungeon.geometry import build_board
    from game.rulesets.dungeon.resolve import token_map

    p = st.players[seat]
    card = p.pending_map
    best: tuple[float, int] | None = None
    chosen = legal[0]
    chips = [((r, c), f) for _, f, r, c in p.chips]
    for i, a in enumerate(legal):
        side, shift = int(a["side"]), int(a["shift"])
        maps: list[Any] = list(p.maps) + [(card, side, p.maps[-1][2] + shift)]
        board = build_board(st.content, maps, st.level.content_hash)
        row = p.hero_row + 1
        tokens = token_map(board, chips, row)
        out = resolve(st.content, board, row, tokens, p.health, st.model.monster_attack_bonus,
                      st.model.monster_hp_bonus, record=False)
        room = 0
        for q in board.rows[row]:
            cell = board.cells[q]
            if cell.kind == "empty":
                room += 1
                # a chip here would touch the floor above: good for swords beside old monsters
                if (q[0] - 1, q[1]) in board.cells:
                    room += 0.15  # type: ignore[assignment]
        value = score(st, seat, out) + 0.8 * min(room, len(p.bag))
        key = (value, -i)
        if best is None or key > best:
            best = key
            chosen = a
    return chosen


def choose_map(st: "DungeonState", seat: int, legal: list[Action], rng: Rng) -> Action:
    """Pick the Entrance side whose greedy fill with sampled bag orders scores best."""
    best: tuple[float, int] | None = None
    chosen = legal[0]
    for i, a in enumerate(legal):
        total = 0.0
        for _ in range(2):
            sim = st.clone()
            sim.rng = rng.fork()
            sim.apply(a)
            total += _greedy_finish(sim, seat, rng)
        key = (total, -i)
        if best is None or key > best:
            best = key
            chosen = a
    return chosen


def _greedy_finish(sim: "DungeonState", seat: int, rng: Rng, limit: int = 200) -> float:
    """Play a seat's dungeon greedily (no look-ahead) to its end; return its score."""
    for _ in range(limit):
        if sim.to_act() != seat or sim.players[seat].status not in ("draw", "place", "floor_done", "depths"):
            break
        legal = sim.legal_actions()
        st = sim.players[seat].status
        if st == "draw":
            a = legal[0]
        elif st == "place":
            a = best_place(sim, seat, legal, None, lookahead=False)
        elif st == "floor_done":
            a = choose_continue(sim, seat)
        else:
            a = choose_depths(sim, seat, legal)
        sim._apply(a)
        if sim.players[seat].status == "done":
            break
    p = sim.players[seat]
    if not p.maps:
        return 0.0
    return score(sim, seat, sim.preview(seat))


def chip_value(st: "DungeonState", ctype: str) -> float:
    """A rough worth of a chip type for the market: its best face plus a share of the other."""
    vals = sorted((_face_value(st, f) for f in st.model.chips[ctype].faces), reverse=True)
    return vals[0] + 0.4 * vals[1]


def _face_value(st: "DungeonState", face: str) -> float:
    tok = st.model.tokens[face]
    v = 0.0
    effects: list[Any] = list(tok.effects)  # a union built at import time: mypy cannot see its members
    for e in effects:
        if isinstance(e, Hit):
            v += 1.4 * e.amount + (0.6 if e.pattern != "adjacent" else 0.0)
        elif isinstance(e, Guard):
            v += 0.9 * e.amount + (0.3 if e.pattern != "adjacent" else 0.0)
        elif isinstance(e, Gold):
            v += 0.7 * e.amount
        elif isinstance(e, Heal):
            v += 0.5 * e.amount
        elif isinstance(e, Reward):
            v += e.vp + 0.2 * e.xp
        elif isinstance(e, HurtHero):
            v -= 0.6 * e.amount
        elif isinstance(e, Unlock):
            v += 1.0
        elif isinstance(e, Chest):
            v += 0.5 * e.vp + 0.2 * e.gold
        elif isinstance(e, (Monster, Trap)):
            v -= 1.0
    if set(tok.tags) & {"weapon", "coin", "potion"}:
        v += 0.3
    return v


def choose_buy(st: "DungeonState", seat: int, legal: list[Action]) -> Action:
    """Buy the best-valued affordable chip (value per tier), else leave."""
    buys = [a for a in legal if a.kind == "buy"]
    if not buys:
        return Action.of("done")
    return max(buys, key=lambda a: (chip_value(st, str(a["chip"])), -st.price(str(a["chip"])), a.key))


def policy(st: "DungeonState", seat: int, legal: list[Action], rng: Rng) -> Action | None:
    """The dungeon's bot policy: one good action for the acting seat."""
    if not legal:
        return None
    if len(legal) == 1:
        return legal[0]
    status = st.players[seat].status
    if status == "place":
        return best_place(st, seat, legal, rng)
    if status == "floor_done":
        a = choose_continue(st, seat)
        return a if a in legal else legal[-1]
    if status == "depths":
        return choose_depths(st, seat, legal)
    if status == "map":
        return choose_map(st, seat, legal, rng)
    if status == "market":
        return choose_buy(st, seat, legal)
    return legal[0]


def estimate(st: "DungeonState", seat: int) -> float:
    """A seat's Valor plus what its dungeon in progress is worth and a share of its purse."""
    p = st.players[seat]
    value = p.vp + 0.3 * p.gold + 0.1 * p.xp
    if st.phase == "dungeon" and p.maps and p.status != "waiting":
        out = st.preview(seat)
        if out.health > 0:
            value += out.vp + 0.3 * out.gold
        else:
            value += out.vp - 0.3 * p.gold
    return value


def heuristic(st: "DungeonState", seat: int) -> float:
    """How good the position looks for a seat, in [0, 1]."""
    res = st.result()
    if res is not None:
        return res.value(seat)
    mine = estimate(st, seat)
    if st.n == 1:
        target = max(1, st.model.vp_target)
        progress = st.round / st.model.rounds
        return 1.0 / (1.0 + math.exp(-(mine - target * progress) / max(2.0, target / 6)))
    best_other = max(estimate(st, s) for s in range(st.n) if s != seat)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 8.0)
