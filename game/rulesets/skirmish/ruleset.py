"""The skirmish Ruleset: starting games, loading saves, and the combat entry point for other rulesets.

``start_combat`` lets another ruleset (expedition) run a fight with
combatants it built itself: it wraps them in a level ``roster`` (validated
like any level file) and returns a ``SkirmishState`` that plays by the same
rules, saves and loads the same way.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Any, Sequence

from game.engine.i18n import load_catalog
from game.engine.levels import Level, LevelError
from game.engine.protocol import Ruleset, StateError, seat_specs
from game.engine.rng import Rng
from game.rulesets.skirmish.bot import bot_policy as _bot_policy
from game.rulesets.skirmish.bot import bot_prior as _bot_prior
from game.rulesets.skirmish.level import ADVANTAGES, SkirmishLevel
from game.rulesets.skirmish.state import AP_CAP, NEEDLE_START, STATE_VERSION, SkirmishState, _dup

log = logging.getLogger(__name__)

load_catalog(Path(__file__).with_name("strings.toml"))

_LEVEL_CACHE: "OrderedDict[str, list[Level]]" = OrderedDict()


def _level_from(data: Any) -> Level:
    """Validate level data (cached: equal data gives the same Level, so clones and bots skip pydantic)."""
    if not isinstance(data, dict):
        raise StateError("level: expected a table")
    key = str(data.get("id"))
    for cached in _LEVEL_CACHE.get(key, []):
        if cached.data == data:
            return cached
    try:
        level = Level.from_data(data, where="save:level", default_id=str(data.get("id") or "save"))
    except LevelError as exc:
        raise StateError(f"level: {exc}") from None
    except (TypeError, ValueError) as exc:
        raise StateError(f"level: {exc}") from None
    if level.ruleset != "skirmish":
        raise StateError(f"level: belongs to {level.ruleset!r}, not skirmish")
    bucket = _LEVEL_CACHE.setdefault(key, [])
    bucket.append(level)
    del bucket[:-4]
    while len(_LEVEL_CACHE) > 32:
        _LEVEL_CACHE.popitem(last=False)
    return level


def _req(d: dict[str, Any], key: str, typ: Any, where: str) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise StateError(f"{where}.{key}: missing")
    v = d[key]
    if typ is int and (isinstance(v, bool) or not isinstance(v, int)):
        raise StateError(f"{where}.{key}: expected an integer")
    if typ is not int and not isinstance(v, typ):
        raise StateError(f"{where}.{key}: expected {getattr(typ, '__name__', typ)}")
    return v


def _int_map(v: Any, where: str) -> dict[str, int]:
    if not isinstance(v, dict) or not all(isinstance(k, str) and isinstance(x, int) and not isinstance(x, bool)
                                          for k, x in v.items()):
        raise StateError(f"{where}: expected a table of integers")
    return dict(v)


def _str_list(v: Any, where: str) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise StateError(f"{where}: expected a list of strings")
    return list(v)


def _check_combatant(st: SkirmishState, i: int, c: Any) -> dict[str, Any]:
    where = f"combatants[{i}]"
    if not isinstance(c, dict):
        raise StateError(f"{where}: expected a table")
    _req(c, "id", str, where)
    if _req(c, "side", str, where) not in ("heroes", "minions"):
        raise StateError(f"{where}.side: expected heroes or minions")
    seat = _req(c, "seat", int, where)
    if not 0 <= seat < len(st.seat_names):
        raise StateError(f"{where}.seat: no seat {seat}")
    _req(c, "kind", str, where)
    _req(c, "body", str, where)
    _req(c, "base_actions", bool, where)
    name = c.get("name")
    if not isinstance(name, (str, dict)):
        raise StateError(f"{where}.name: expected text")
    stats = _int_map(_req(c, "stats", dict, where), f"{where}.stats")
    if set(stats) != {"ap", "hp", "str", "def", "per", "mag", "dr"} or stats["hp"] < 1:
        raise StateError(f"{where}.stats: expected ap, hp, str, def, per, mag, dr (hp at least 1)")
    adv = _int_map(_req(c, "adv", dict, where), f"{where}.adv")
    if not set(adv) <= set(ADVANTAGES):
        raise StateError(f"{where}.adv: unknown advantage")
    parts = _req(c, "parts", list, where)
    for j, p in enumerate(parts):
        pw = f"{where}.parts[{j}]"
        _req(p, "id", str, pw)
        _req(p, "kind", str, pw)
        _req(p, "limb", bool, pw)
        if p.get("name") is not None and not isinstance(p.get("name"), (str, dict)):
            raise StateError(f"{pw}.name: expected text")
    pids = {p["id"] for p in parts}
    limbs = {p["id"] for p in parts if p["limb"]}
    for aid in _str_list(_req(c, "actions", list, where), f"{where}.actions"):
        if aid not in st.model.actions:
            raise StateError(f"{where}.actions: unknown action {aid!r}")
    for key in ("damage", "wait", "ap_level", "ready"):
        if _req(c, key, int, where) < 0:
            raise StateError(f"{where}.{key}: must not be negative")
    if c["ap_level"] > AP_CAP:
        raise StateError(f"{where}.ap_level: above {AP_CAP}")
    for key in ("limb_damage", "limb_wait"):
        m = _int_map(_req(c, key, dict, where), f"{where}.{key}")
        if not set(m) <= limbs or any(v <= 0 for v in m.values()):
            raise StateError(f"{where}.{key}: positive numbers on limbs only")
    eq = _req(c, "equipped", dict, where)
    for iid, ps in eq.items():
        if iid not in st.items:
            raise StateError(f"{where}.equipped: unknown item {iid!r}")
        if not set(_str_list(ps, f"{where}.equipped.{iid}")) <= pids:
            raise StateError(f"{where}.equipped.{iid}: unknown part")
    for iid in _str_list(_req(c, "pack", list, where), f"{where}.pack"):
        if iid not in st.items:
            raise StateError(f"{where}.pack: unknown item {iid!r}")
    return c


def state_from_json(data: Any) -> SkirmishState:
    """Rebuild a SkirmishState from to_json data; StateError naming the field otherwise."""
    if not isinstance(data, dict):
        raise StateError("state: expected a table")
    if data.get("ruleset") != "skirmish":
        raise StateError(f"ruleset: expected 'skirmish', got {data.get('ruleset')!r}")
    if data.get("version") != STATE_VERSION:
        raise StateError(f"version: expected {STATE_VERSION}, got {data.get('version')!r}")
    level = _level_from(data.get("level"))
    seats = data.get("seats")
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise StateError("seats: expected a list of names")
    try:
        rng = Rng.from_json(data.get("rng"))
    except ValueError as exc:
        raise StateError(f"rng: {exc}") from None
    st = SkirmishState(level, seats, rng)
    phase = _req(data, "phase", str, "state")
    if phase not in ("setup", "combat", "over"):
        raise StateError("phase: expected setup, combat or over")
    st.phase = phase
    st.round = _req(data, "round", int, "state")
    st.needle = _req(data, "needle", int, "state")
    if not 0 <= st.needle <= NEEDLE_START:
        raise StateError(f"needle: expected 0..{NEEDLE_START}")
    st.turns = _req(data, "turns", int, "state")
    items = _req(data, "items", dict, "state")
    for iid, ref in items.items():
        if not isinstance(ref, str) or ref not in level.model.equipment:
            raise StateError(f"items.{iid}: unknown equipment {ref!r}")
    st.items = dict(items)
    try:
        st.combatants = [_check_combatant(st, i, c) for i, c in
                         enumerate(_req(data, "combatants", list, "state"))]
        st.combatants = _dup(st.combatants)
        ids = [c["id"] for c in st.combatants]
        if len(set(ids)) != len(ids) or not ids:
            raise StateError("combatants: ids must be unique and present")
        st.ground = _str_list(_req(data, "ground", list, "state"), "ground")
        if not set(st.ground) <= set(st.items):
            raise StateError("ground: unknown item")
        chain = _req(data, "chain", list, "state")
        for j, e in enumerate(chain):
            ew = f"chain[{j}]"
            if _req(e, "actor", str, ew) not in ids:
                raise StateError(f"{ew}.actor: unknown combatant")
            if _req(e, "kind", str, ew) not in ("use", "equip", "stow"):
                raise StateError(f"{ew}.kind: expected use, equip or stow")
            if e["kind"] == "use" and e.get("act") not in level.model.actions:
                raise StateError(f"{ew}.act: unknown action")
            for tg in _req(e, "targets", list, ew):
                if _req(tg, "id", str, f"{ew}.targets") not in ids:
                    raise StateError(f"{ew}.targets: unknown combatant")
            _str_list(_req(e, "reacted", list, ew), f"{ew}.reacted")
            _str_list(_req(e, "tags", list, ew), f"{ew}.tags")
            _req(e, "cancelled", bool, ew)
            ans = e.get("answers")
            if ans is not None and (not isinstance(ans, int) or not 0 <= ans < j):
                raise StateError(f"{ew}.answers: expected the index of an earlier entry")
            if e["kind"] != "use" and e.get("item") not in st.items:
                raise StateError(f"{ew}.item: unknown item")
        st.chain = _dup(chain)
        window = data.get("window")
        if window is not None:
            _str_list(_req(window, "passed", list, "window"), "window.passed")
            if not all(isinstance(x, int) for x in _req(window, "yielded", list, "window")):
                raise StateError("window.yielded: expected seat numbers")
        st.window = _dup(window)
        pending = data.get("pending")
        if pending is not None:
            if not isinstance(pending, dict) or pending.get("type") not in ("targets", "consent", "aim"):
                raise StateError("pending.type: expected targets, consent or aim")
            if pending.get("actor") not in ids:
                raise StateError("pending.actor: unknown combatant")
            if pending["type"] == "consent" and (pending.get("from") not in ids or pending.get("item") not in st.items):
                raise StateError("pending: unknown giver or item")
            if pending["type"] == "aim":
                if pending.get("act") not in level.model.actions or pending.get("target") not in ids:
                    raise StateError("pending: unknown action or target")
                if not isinstance(pending.get("reaction"), bool):
                    raise StateError("pending.reaction: expected true or false")
                if pending.get("item") is not None and pending.get("item") not in st.items:
                    raise StateError("pending.item: unknown item")
            if pending["type"] == "targets":
                _req(pending, "extra_left", int, "pending")
                if pending.get("act") not in level.model.actions:
                    raise StateError("pending.act: unknown action")
                for tg in _req(pending, "targets", list, "pending"):
                    if _req(tg, "id", str, "pending.targets") not in ids:
                        raise StateError("pending.targets: unknown combatant")
        st.pending = _dup(pending)
        st.opp_yielded = [int(x) for x in _req(data, "opp_yielded", list, "state")]
        st.refused = [_str_list(x, "refused") for x in _req(data, "refused", list, "state")]
        setup = _req(data, "setup", list, "state")
        for s in setup:
            if not (isinstance(s, list) and len(s) == 2 and s[0] in ids and isinstance(s[1], int)):
                raise StateError("setup: expected [hero id, picks left] pairs")
        st.setup = _dup(setup)
        outcome = data.get("outcome")
        if outcome is not None:
            if not isinstance(outcome, dict) or not isinstance(outcome.get("winners"), list):
                raise StateError("outcome.winners: expected a list")
        st.outcome = _dup(outcome)
    except StateError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise StateError(f"state: malformed data ({exc.__class__.__name__}: {exc})") from None
    st._index()
    if st.phase != "over" and st.to_act() is None:
        raise StateError("state: nobody can act in a game that is not over")
    return st


class SkirmishRuleset(Ruleset):
    """Seed 003: action-point combat with the needle, reaction chains, limbs and equipment."""

    id = "skirmish"
    min_seats = 2
    max_seats = 5
    level_model = SkirmishLevel
    max_game_length = 20000

    def new_game(self, level: Level, seats: Sequence[Any], seed: int) -> SkirmishState:
        """Start a fight: one seat per hero, the last seat is the Dark Lord's."""
        specs = seat_specs(seats)
        lo, hi = self.seat_range(level)
        if not lo <= len(specs) <= hi:
            raise ValueError(f"seats: this level takes {lo} to {hi} seats, got {len(specs)}")
        return SkirmishState.new(level, [s.name for s in specs], int(seed))

    def from_json(self, data: dict[str, Any]) -> SkirmishState:
        """Rebuild a state from to_json data; StateError naming the bad field."""
        return state_from_json(data)

    def seat_roles(self, level: Level, n_seats: int) -> list[str]:
        """Hero seats first, the Dark Lord last (or the roster's sides)."""
        m: SkirmishLevel = level.model
        if m.roster:
            sides = {r.seat: r.side for r in m.roster}
            return ["hero" if sides.get(i) == "heroes" else "dark_lord" for i in range(n_seats)]
        return ["hero"] * (n_seats - 1) + ["dark_lord"]

    def seat_range(self, level: Level) -> tuple[int, int]:
        """One seat per hero of the party (at least one) plus the Dark Lord."""
        return level.model.seat_count_range()

    def bot_policy(self, state: SkirmishState, seat: int, legal: list[Any], rng: Rng) -> Any:
        """Heuristic move for rollouts and easy bots (focus fire, protect the wounded, readiness)."""
        return _bot_policy(state, seat, legal, rng)

    def bot_prior(self, state: SkirmishState, seat: int, action: Any) -> float:
        """How promising an action looks (search expansion order and bias), in [0, 1]."""
        return _bot_prior(state, seat, action)


RULESET = SkirmishRuleset()


# ---------------------------------------------------------------------- entry point for other rulesets
CONTENT_FILES = ("_bodies.toml", "_actions.toml", "_equipment.toml")


def default_content() -> dict[str, Any]:
    """Return the shipped content tables (bodies, actions, equipment) as plain level data."""
    from game.engine import paths
    from game.engine.levels import load_merged

    root = paths.levels_dir()
    out: dict[str, Any] = {}
    for name in CONTENT_FILES:
        part = load_merged(root / "skirmish" / name, root)
        part.pop("include", None)
        for key, value in part.items():
            if isinstance(value, dict):
                out.setdefault(key, {}).update(value)
    return out


def start_combat(combatants: Sequence[Any], *, seed: int = 0, seats: Sequence[Any] | None = None,
                 content: dict[str, Any] | None = None, combat_level: int = 0, round_limit: int = 20,
                 title: Any = "Skirmish", ground: Sequence[str] = ()) -> SkirmishState:
    """Start a fight between combatants another ruleset built (RosterEntry models or their dicts).

    Each combatant gives id, name, side ("heroes"/"minions"), seat (0-based controller), body,
    stats {ap, hp, str, def, per, mag, dr}, and optionally equipment, pack, actions,
    base_actions (the heroes' Punch/Kick/Heal) and advantages. ``content`` supplies bodies,
    actions and equipment (default: the shipped tables).
    """
    from game.rulesets.skirmish.level import RosterEntry

    roster = []
    for c in combatants:
        if isinstance(c, RosterEntry):
            roster.append(c.model_dump(by_alias=True, exclude_none=True))
        else:
            roster.append(dict(c))
    data: dict[str, Any] = {"format": 1, "ruleset": "skirmish", "id": "combat", "title": title,
                            "difficulty": "normal", "combat_level": combat_level, "round_limit": round_limit,
                            "roster": roster, "ground": list(ground)}
    for key, value in (content if content is not None else default_content()).items():
        if key in ("bodies", "actions", "equipment", "hero_base_actions"):
            data[key] = value
    try:
        level = Level.from_data(data, where="start_combat", default_id="combat")
    except LevelError as exc:
        raise ValueError(str(exc)) from None
    n = len({r["seat"] for r in roster})
    names = list(seats) if seats is not None else [f"Seat {i + 1}" for i in range(n)]
    return RULESET.new_game(level, names, seed)
