"""Skirmish checks: invariants, the shape of combatants and chain entries, loading and migrating saves.

A mixin of ``SkirmishState`` (``invariants``) and the functions the ruleset's ``from_json`` uses:
``migrate`` turns older state JSON into the current version (version 1 embedded the level and
kept the chain and its window as two fields), ``validate`` checks what the field types cannot say
(ids that must exist, parts that must be limbs, items in one place), naming the field path.

Combatants, chain entries and pending decisions are stored as plain tables (the scene and the bot
read them as dicts); their shape is declared here as records and checked on every load.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from game.engine.levelrefs import is_ref, ref_of
from game.engine.levels import Level, LevelError
from game.engine.protocol import StateError
from game.engine.records import Between, Json, Record, dup_json, register_codec
from game.rulesets.skirmish.kinds import AP_CAP, NEEDLE_START, STATE_VERSION, Phase
from game.rulesets.skirmish.level import ADVANTAGES

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState

Count = Annotated[int, Between(0, 10**9)]


# ---------------------------------------------------------------------- shapes of the Json tables
@dataclass(eq=False, kw_only=True)
class Part(Record):
    """One body part of a combatant."""

    id: str
    kind: str
    limb: bool
    name: Json = None


@dataclass(eq=False, kw_only=True)
class Stats(Record):
    """A combatant's characteristics (``def`` is saved under its own name)."""

    ap: int
    hp: Annotated[int, Between(1, 10**9)]
    str_: int = field(metadata={"json": "str"})
    def_: int = field(metadata={"json": "def"})
    per: int
    mag: int
    dr: int


@dataclass(eq=False, kw_only=True)
class Combatant(Record):
    """One combatant as the state keeps it (a table with these keys)."""

    id: str
    name: Json
    side: Literal["heroes", "minions"]
    seat: int
    kind: str
    body: str
    base_actions: bool
    stats: Stats
    adv: dict[str, Count]
    parts: list[Part]
    actions: list[str]
    damage: Count
    limb_damage: dict[str, Count]
    wait: Count
    limb_wait: dict[str, Count]
    ap_level: Annotated[int, Between(0, AP_CAP)]
    ready: Count
    equipped: dict[str, list[str]]
    pack: list[str]


@dataclass(eq=False, kw_only=True)
class Target(Record):
    """One target of a chain entry."""

    id: str
    limb: str | None = None
    negated: bool = False
    harden: int = 0


@dataclass(eq=False, kw_only=True)
class Entry(Record):
    """One chain entry: an action used (or a reaction), an item being equipped or stowed."""

    kind: Literal["use", "equip", "stow"]
    actor: str
    act: str | None = None
    item: str | None = None
    tags: list[str]
    targets: list[Target]
    answers: int | None = None
    declared_target: str | None = None
    cancelled: bool
    reacted: list[str]
    parts: list[str] = field(default_factory=list)
    source: str | None = None


if TYPE_CHECKING:
    #: the values are plain dicts (``_load_combatant`` and ``SkirmishState._add_combatant`` make them)
    CombatantData = dict[str, Any]
else:
    class CombatantData(dict):
        """Field type of a combatant table: loaded by checking it against ``Combatant``, kept as a plain dict."""


def _load_combatant(value: Any, path: str) -> dict[str, Any]:
    Combatant.from_json(value, path)  # the whole table, every key (names too), or RecordError
    return dup_json(value)


register_codec(CombatantData, dup_json, _load_combatant, dup_json)


# ---------------------------------------------------------------------- loading
def migrate(data: Any) -> Any:
    """Return state JSON of the current version from older data (version 1: embedded level, chain + window)."""
    if not isinstance(data, dict) or data.get("version") != 1:
        return data
    data = dict(data)
    level = data.get("level")
    if not is_ref(level):
        if not isinstance(level, dict):
            raise StateError("level: expected a table")
        try:
            lvl = Level.from_data(level, where="save:level", default_id=str(level.get("id") or "save"))
        except (LevelError, TypeError, ValueError) as exc:
            raise StateError(f"level: {exc}") from None
        data["level"] = ref_of(lvl)
    chain, window = data.pop("chain", None), data.pop("window", None)
    if window is not None and not isinstance(window, dict):
        raise StateError("window: expected a table")
    window = window or {}
    data["chain"] = {"items": chain, "passed": window.get("passed", []), "holder": None}
    data["yielded"] = window.get("yielded", [])
    data["version"] = STATE_VERSION
    return data


def _fail(path: str, message: str) -> StateError:
    return StateError(f"{path}: {message}")


def validate(st: "SkirmishState") -> None:
    """Check what the field types cannot say; StateError naming the field path otherwise."""
    if st.level.ruleset != "skirmish":
        raise _fail("level.ruleset", f"belongs to {st.level.ruleset!r}, not skirmish")
    if not st.seat_names:
        raise _fail("seats", "expected a list of names")
    model = st.model
    for iid, ref in st.items.items():
        if ref not in model.equipment:
            raise _fail(f"items.{iid}", f"unknown equipment {ref!r}")
    if not st.combatants:
        raise _fail("combatants", "ids must be unique and present")
    for i, c in enumerate(st.combatants):  # their shape was checked on loading (CombatantData)
        _check_combatant(st, c, f"combatants[{i}]")
    ids = [c["id"] for c in st.combatants]
    if len(set(ids)) != len(ids):
        raise _fail("combatants", "ids must be unique and present")
    if not set(st.ground) <= set(st.items):
        raise _fail("ground", "unknown item")
    for j, e in enumerate(st.stack.items):
        ew = f"chain.items[{j}]"
        entry = Entry.from_json(e, ew)
        if entry.actor not in ids:
            raise _fail(f"{ew}.actor", "unknown combatant")
        if entry.kind == "use" and entry.act not in model.actions:
            raise _fail(f"{ew}.act", "unknown action")
        if any(tg.id not in ids for tg in entry.targets):
            raise _fail(f"{ew}.targets", "unknown combatant")
        if entry.answers is not None and not 0 <= entry.answers < j:
            raise _fail(f"{ew}.answers", "expected the index of an earlier entry")
        if entry.kind != "use" and entry.item not in st.items:
            raise _fail(f"{ew}.item", "unknown item")
    if not all(isinstance(x, str) for x in st.stack.passed):
        raise _fail("chain.passed", "expected combatant ids")
    _check_pending(st, ids)
    for s in st.setup:
        if not (isinstance(s, list) and len(s) == 2 and s[0] in ids and isinstance(s[1], int)
                and not isinstance(s[1], bool)):
            raise _fail("setup", "expected [hero id, picks left] pairs")
    if st.outcome is not None and (not isinstance(st.outcome, dict) or not isinstance(st.outcome.get("winners"), list)
                                   or not all(isinstance(w, int) for w in st.outcome["winners"])
                                   or not isinstance(st.outcome.get("reason"), str)):
        raise _fail("outcome.winners", "expected a list of seats and a reason")
    if (st.phase == Phase.OVER) != (st.outcome is not None):
        raise _fail("outcome", "expected an outcome exactly when the fight is over")


def _check_combatant(st: "SkirmishState", c: dict[str, Any], where: str) -> None:
    if not isinstance(c["name"], (str, dict)):
        raise _fail(f"{where}.name", "expected text")
    if not 0 <= c["seat"] < len(st.seat_names):
        raise _fail(f"{where}.seat", f"no seat {c['seat']}")
    if not set(c["adv"]) <= set(ADVANTAGES):
        raise _fail(f"{where}.adv", "unknown advantage")
    parts = c["parts"]
    if any(p.get("name") is not None and not isinstance(p["name"], (str, dict)) for p in parts):
        raise _fail(f"{where}.parts", "a part's name must be text")
    pids = {p["id"] for p in parts}
    limbs = {p["id"] for p in parts if p["limb"]}
    if len(pids) != len(parts):
        raise _fail(f"{where}.parts", "part ids must be unique")
    for aid in c["actions"]:
        if aid not in st.model.actions:
            raise _fail(f"{where}.actions", f"unknown action {aid!r}")
    for key in ("limb_damage", "limb_wait"):
        m = c[key]
        if not set(m) <= limbs or any(v <= 0 for v in m.values()):
            raise _fail(f"{where}.{key}", "positive numbers on limbs only")
    for iid, ps in c["equipped"].items():
        if iid not in st.items:
            raise _fail(f"{where}.equipped", f"unknown item {iid!r}")
        if not set(ps) <= pids:
            raise _fail(f"{where}.equipped.{iid}", "unknown part")
    for iid in c["pack"]:
        if iid not in st.items:
            raise _fail(f"{where}.pack", f"unknown item {iid!r}")


def _check_pending(st: "SkirmishState", ids: list[str]) -> None:
    p = st.pending
    if p is None:
        return
    actions = st.model.actions
    if not isinstance(p, dict) or p.get("type") not in ("targets", "consent", "aim"):
        raise _fail("pending.type", "expected targets, consent or aim")
    if p.get("actor") not in ids:
        raise _fail("pending.actor", "unknown combatant")
    if p["type"] == "consent":
        if p.get("from") not in ids or p.get("item") not in st.items:
            raise _fail("pending", "unknown giver or item")
        if not isinstance(p.get("parts"), list) or not all(isinstance(x, str) for x in p["parts"]):
            raise _fail("pending.parts", "expected part ids")
    elif p["type"] == "aim":
        if p.get("act") not in actions or p.get("target") not in ids:
            raise _fail("pending", "unknown action or target")
        if not isinstance(p.get("reaction"), bool):
            raise _fail("pending.reaction", "expected true or false")
        if p.get("item") is not None and p.get("item") not in st.items:
            raise _fail("pending.item", "unknown item")
    else:
        if not isinstance(p.get("extra_left"), int) or isinstance(p.get("extra_left"), bool):
            raise _fail("pending.extra_left", "expected an integer")
        if p.get("act") not in actions:
            raise _fail("pending.act", "unknown action")
        if p.get("item") is not None and p.get("item") not in st.items:
            raise _fail("pending.item", "unknown item")
        targets = p.get("targets")
        if not isinstance(targets, list):
            raise _fail("pending.targets", "expected a list")
        for k, tg in enumerate(targets):
            if Target.from_json(tg, f"pending.targets[{k}]").id not in ids:
                raise _fail("pending.targets", "unknown combatant")


# ---------------------------------------------------------------------- invariants
class Checks:
    """Mixin: the invariants every reachable state keeps.

    Each method's ``self`` is typed as ``SkirmishState`` so mypy checks the body against the full
    state; ``# type: ignore[misc]`` silences only "the self type is not a supertype of the mixin".
    """

    # ------------------------------------------------------------------ checks
    def invariants(self: SkirmishState) -> list[str]:  # type: ignore[misc]
        """Return broken invariants in words (empty when all hold)."""
        bad: list[str] = []
        where: Counter = Counter()
        for c in self.combatants:
            cid = c["id"]
            hp = c["stats"]["hp"]
            if c["damage"] < 0 or any(v <= 0 for v in c["limb_damage"].values()):
                bad.append(f"{cid}: negative or zero damage entries")
            if c["wait"] < 0 or any(v <= 0 for v in c["limb_wait"].values()):
                bad.append(f"{cid}: bad wait points")
            if not 0 <= c["ap_level"] <= AP_CAP:
                bad.append(f"{cid}: AP level {c['ap_level']} outside 0..{AP_CAP}")
            if c["ready"] < 0:
                bad.append(f"{cid}: negative readiness")
            if not self.active(c) and (c["ap_level"] or c["ready"]):
                bad.append(f"{cid}: inactive but has AP level or readiness")
            if self.total_damage(c) > hp + 200:
                bad.append(f"{cid}: runaway damage")
            pids = {p["id"] for p in c["parts"]}
            limbs = {p["id"] for p in self.limbs(c)}
            if not set(c["limb_damage"]) <= limbs or not set(c["limb_wait"]) <= limbs:
                bad.append(f"{cid}: damage or wait on something that is not a limb")
            used: Counter = Counter()
            for iid, parts in c["equipped"].items():
                where[iid] += 1
                kinds = Counter(self.part(c, p)["kind"] if p in pids else "?" for p in parts)  # type: ignore[index]
                if kinds != Counter(self.item_def(iid).parts):  # part() is not None: ``p in pids`` is checked
                    bad.append(f"{cid}: {iid} on parts {parts} of the wrong kinds")
                used.update(parts)
            if any(n > 1 for n in used.values()):
                bad.append(f"{cid}: two items on one part")
            for iid in c["pack"]:
                where[iid] += 1
        for iid in self.ground:
            where[iid] += 1
        if set(where) != set(self.items) or any(n != 1 for n in where.values()):
            bad.append("items: an item vanished, appeared or is in two places")
        if not 0 <= self.needle <= NEEDLE_START:
            bad.append(f"needle {self.needle} outside 0..{NEEDLE_START}")
        if self.phase == Phase.OVER:
            if self.outcome is None or self.chain:
                bad.append("over: needs an outcome and an empty chain")
        else:
            if self.outcome is not None:
                bad.append("an outcome while still playing")
            if self.phase == Phase.COMBAT:
                h = any(self.active(c) for c in self.combatants if c["side"] == "heroes")
                m = any(self.active(c) for c in self.combatants if c["side"] == "minions")
                if not (h and m):
                    bad.append("combat goes on without two active enemies")
                if not self.chain and self.pending is None:
                    above = [c for c in self.combatants if self.active(c) and c["ap_level"] > self.needle]
                    if not above:
                        bad.append("no one above the needle and no decision")
            actors = [e["actor"] for e in self.chain]
            if len(set(actors)) != len(actors):
                bad.append("chain: a combatant appears twice in the chain")
            if self.to_act() is not None and not self.legal_actions():
                bad.append("a seat to act without legal actions")
        return bad

