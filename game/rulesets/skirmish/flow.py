"""The skirmish turn flow, declared with the engine's ``Flow``: steps, deciders, builders, handlers.

The step is not stored: it follows from the state (``locate``): an open sub-decision (aim,
targets, consent) first, then the heroes' advantage picks, then the reaction chain (a window
while someone eligible can still react, else the top entry resolves), then the opportunity of
whoever is above the needle (else the needle drops, else a new round starts). ``locate`` is
cached until the state changes (``SkirmishState._invalidate``), so asking who acts is cheap.

Automatic steps (BEGIN, RESOLVE, NEEDLE, ROUND) run in the engine's one settle loop, which
marks their events ``auto``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.flow import Flow
from game.engine.flow import Step as FlowStep
from game.rulesets.skirmish.kinds import MAX_TURNS, Kind, Phase, Step, act, ceil_half

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.skirmish.state import SkirmishState


# ---------------------------------------------------------------------- where are we
def _group_decision(st: "SkirmishState", group: list[dict[str, Any]], yielded: list[int]) -> dict[str, Any]:
    """The seat of the best priority key decides for its tied combatants (tied seats may yield)."""
    best = max(st.priority_key(c) for c in group)
    top = [c for c in group if st.priority_key(c) == best]
    seats = sorted({c["seat"] for c in top})
    remaining = [s for s in seats if s not in yielded] or seats
    seat = remaining[0]
    return {"seat": seat, "who": [c["id"] for c in top if c["seat"] == seat],
            "can_yield": len(remaining) > 1}


def _one(kind: str, seat: int, cid: str) -> dict[str, Any]:
    return {"type": kind, "seat": seat, "who": [cid], "can_yield": False}


def locate(st: "SkirmishState") -> tuple[Step, dict[str, Any] | None]:
    """Return the current step and its decision (who decides, for whom; None in automatic steps)."""
    w = st._where
    if w is not None:
        return w
    p = st.pending
    if p is not None:
        if p["type"] == "aim":
            w = (Step.AIM, _one("aim", st.c(p["actor"])["seat"], p["actor"]))
        elif p["type"] == "targets":
            w = (Step.TARGETS, _one("targets", st.c(p["actor"])["seat"], p["actor"]))
        else:
            w = (Step.CONSENT, _one("consent", st.c(p["from"])["seat"], p["from"]))
    elif st.phase == Phase.SETUP:
        if st.setup:
            hero = st.c(st.setup[0][0])
            w = (Step.ADVANTAGE, _one("advantage", hero["seat"], hero["id"]))
        else:
            w = (Step.BEGIN, None)
    elif st.stack.items:
        askable = st.askable()
        if askable:
            w = (Step.REACTION, {"type": "reaction", **_group_decision(st, askable, st.yielded)})
        else:
            w = (Step.RESOLVE, None)
    else:
        active = st.active
        needle = st.needle
        cands = [c for c in st.combatants if active(c) and c["ap_level"] > needle]
        if cands:
            w = (Step.OPPORTUNITY, {"type": "opportunity", **_group_decision(st, cands, st.opp_yielded)})
        elif any(active(c) and c["ap_level"] > 0 for c in st.combatants):
            if needle <= 0:  # pragma: no cover - a bug, never a hang
                raise RuntimeError("skirmish: needle at 0 with AP left")
            w = (Step.NEEDLE, None)
        else:
            w = (Step.ROUND, None)
    st._where = w
    return w


def _open(st: "SkirmishState") -> dict[str, Any]:
    """Return the decision of a step that has one (the flow asks a step's actions only while it is open)."""
    d = locate(st)[1]
    assert d is not None, "a deciding step without a decision"
    return d


def _seat(st: "SkirmishState") -> int | None:
    d = locate(st)[1]
    return None if d is None else d["seat"]


# ---------------------------------------------------------------------- legal actions by step
def _with_yield(st: "SkirmishState", out: list[Action]) -> list[Action]:
    d = locate(st)[1]
    if d is not None and d.get("can_yield"):
        out.append(Action.of(Kind.YIELD))
    return out


def _advantage_actions(st: "SkirmishState", seat: int) -> list[Action]:
    who = _open(st)["who"][0]
    return [Action.of(Kind.ADVANTAGE, who=who, pick=a) for a in st.model.advantages]


def _aim_actions(st: "SkirmishState", seat: int) -> list[Action]:
    p = st.pending
    return [act(Kind.AIM, limb=limb) for limb in st.aim_options(st.c(p["actor"]), p["act"], p["target"])]


def _targets_actions(st: "SkirmishState", seat: int) -> list[Action]:
    return st._target_actions()


def _consent_actions(st: "SkirmishState", seat: int) -> list[Action]:
    return [Action.of(Kind.GIVE), Action.of(Kind.REFUSE)]


def _reaction_actions(st: "SkirmishState", seat: int) -> list[Action]:
    out: list[Action] = []
    for cid in _open(st)["who"]:
        out += st.reaction_actions(st.c(cid))
        out.append(act(Kind.PASS, who=cid))
    return _with_yield(st, out)


def _opportunity_actions(st: "SkirmishState", seat: int) -> list[Action]:
    out: list[Action] = []
    for cid in _open(st)["who"]:
        out += st.opportunity_actions(st.c(cid))
    return _with_yield(st, out)


# ---------------------------------------------------------------------- handlers
def _before(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    st.turns += 1
    if action.kind != Kind.YIELD:
        st.opp_yielded = []
        st.yielded = []


def _after(st: "SkirmishState", events: list[Event]) -> None:
    st._check_end(events)
    if st.phase != Phase.OVER and st.turns >= MAX_TURNS:
        st._finish(events, reason="round_limit")  # a safety net far beyond real fights
    st._invalidate()


def on_yield(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """The deciding seat hands a tied decision to the next tied seat."""
    d = st.decision()
    assert d is not None, "a yield while the fight is over"
    seat = d["seat"]
    if st.stack.items:
        st.yielded.append(seat)
    else:
        st.opp_yielded.append(seat)
    events.append(Event("Yielded", {"seat": seat}))


def on_advantage(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """A hero takes one advantage rank."""
    c = st.c(action["who"])
    st._take_advantage(c, action["pick"])
    st.setup[0][1] -= 1
    if st.setup[0][1] <= 0:
        st.setup.pop(0)
    events.append(Event("AdvantageTaken", {"who": c["id"], "pick": action["pick"]}))


def on_wait(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Spend 1 AP doing nothing."""
    c = st.c(action["who"])
    st.pay(c, 1, False, events)
    events.append(Event("Waited", {"who": c["id"]}))


def on_prepare(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Trade 1 AP level for 1 readiness (Prepare's AP does not drain wait points)."""
    c = st.c(action["who"])
    c["ap_level"] -= 1
    c["ready"] += 1
    events.append(Event("Prepared", {"who": c["id"], "ready": c["ready"], "ap_level": c["ap_level"]}))


def on_use(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Declare an action (or a reaction): aim first when body and limbs are both possible."""
    st._aim_or_declare(action.kind, action, events)


def on_aim(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Fix where a declared action is aimed, then declare it."""
    p = st.pending
    st.pending = None
    decl = {"who": p["actor"], "act": p["act"], "item": p["item"], "target": p["target"], "limb": action.get("limb")}
    events.append(Event("Aimed", {"who": p["actor"], "target": p["target"], "limb": action.get("limb")}))
    if p["reaction"]:
        st._declare_reaction(decl, events)
    else:
        st._declare_use(decl, events)


def on_add_target(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Add one more target (Multi-Attack); commit when no more can be added."""
    p = st.pending
    p["targets"].append({"id": action["target"], "limb": action.get("limb"), "negated": False, "harden": 0})
    p["extra_left"] -= 1
    events.append(Event("TargetAdded", {"who": p["actor"], "target": action["target"], "limb": action.get("limb")}))
    if p["extra_left"] <= 0 or not [a for a in st._target_actions() if a.kind == Kind.ADD_TARGET]:
        st._commit_use(events)


def on_done(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Stop adding targets and commit the action."""
    st._commit_use(events)


def on_pass(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """A combatant does not react in this window."""
    st.stack.pass_(action["who"])
    events.append(Event("Passed", {"who": action["who"]}))


def on_equip(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Equip an item from the pack (equip) or from the ground (pickup)."""
    c = st.c(action["who"])
    source = "pack" if action.kind == Kind.EQUIP else "ground"
    st._declare_equip(c, action["item"], list(action["parts"]), source, events)


def on_take(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Take an ally's item: at once from a combatant of one's own seat, else ask its seat."""
    c = st.c(action["who"])
    ally = st.c(action["source"])
    if ally["seat"] == c["seat"]:
        st._declare_equip(c, action["item"], list(action["parts"]), ally["id"], events)
    else:
        st.pending = {"type": "consent", "actor": c["id"], "from": ally["id"], "item": action["item"],
                      "parts": list(action["parts"])}
        events.append(Event("TakeAsked", {"who": c["id"], "from": ally["id"], "item": action["item"]}))


def on_give(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """The ally agrees: the taker equips the item."""
    p = st.pending
    st.pending = None
    events.append(Event("TakeAgreed", {"who": p["actor"], "from": p["from"], "item": p["item"]}))
    st._declare_equip(st.c(p["actor"]), p["item"], p["parts"], p["from"], events)


def on_refuse(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """The ally refuses: the taker may not ask for that item again this round."""
    p = st.pending
    st.pending = None
    st.refused.append([p["actor"], p["item"]])
    events.append(Event("TakeRefused", {"who": p["actor"], "from": p["from"], "item": p["item"]}))


def on_stow(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Put an equipped item in the pack (half its equip cost, a chain entry)."""
    c = st.c(action["who"])
    iid = action["item"]
    st.pay(c, ceil_half(st.item_def(iid).equip_cost), False, events)
    st._push({"kind": "stow", "actor": c["id"], "act": None, "item": iid, "tags": ["equip"], "targets": []}, events)


def on_drop(st: "SkirmishState", action: Action, events: list[Event]) -> None:
    """Drop an equipped item to the ground (free, at once)."""
    c = st.c(action["who"])
    c["ready"] = 0
    st._to_ground(c, action["item"], events, reason="drop")


# ---------------------------------------------------------------------- automatic steps
def auto_begin(st: "SkirmishState", events: list[Event]) -> bool:
    """Advantages are picked: combat and the first round begin."""
    st._begin_combat(events)
    st._invalidate()
    return True


def auto_resolve(st: "SkirmishState", events: list[Event]) -> bool:
    """Nobody (more) reacts: the top chain entry resolves."""
    st._resolve_top(events)
    st._invalidate()
    return True


def auto_needle(st: "SkirmishState", events: list[Event]) -> bool:
    """Nobody is above the needle: it drops by one."""
    st.needle -= 1
    events.append(Event("NeedleMoved", {"needle": st.needle}))
    st._invalidate()
    return True


def auto_round(st: "SkirmishState", events: list[Event]) -> bool:
    """Every AP level is spent: the round ends and the next begins (or the round limit ends the fight)."""
    events.append(Event("RoundEnded", {"round": st.round}))
    st._start_round(events)
    st._invalidate()
    return True


def _next(st: "SkirmishState") -> Step:
    return locate(st)[0]


FLOW: Flow[Step] = Flow("skirmish", {
    Step.ADVANTAGE: FlowStep(decides=_seat, actions=_advantage_actions, handlers={Kind.ADVANTAGE: on_advantage},
                             next=_next, doc="a hero picks an advantage rank (combat level > 0)"),
    Step.AIM: FlowStep(decides=_seat, actions=_aim_actions, handlers={Kind.AIM: on_aim}, next=_next,
                       doc="the actor aims a declared action at the body or a limb"),
    Step.TARGETS: FlowStep(decides=_seat, actions=_targets_actions,
                           handlers={Kind.ADD_TARGET: on_add_target, Kind.DONE: on_done}, next=_next,
                           doc="Multi-Attack: the actor adds extra targets"),
    Step.CONSENT: FlowStep(decides=_seat, actions=_consent_actions,
                           handlers={Kind.GIVE: on_give, Kind.REFUSE: on_refuse}, next=_next,
                           doc="an ally of another seat agrees to hand an item over"),
    Step.REACTION: FlowStep(decides=_seat, actions=_reaction_actions,
                            handlers={Kind.REACT: on_use, Kind.PASS: on_pass}, next=_next,
                            doc="reaction window over the top chain entry (AP rule, needle clamp)"),
    Step.OPPORTUNITY: FlowStep(decides=_seat, actions=_opportunity_actions, handlers={
        Kind.WAIT: on_wait, Kind.PREPARE: on_prepare, Kind.USE: on_use, Kind.EQUIP: on_equip,
        Kind.PICKUP: on_equip, Kind.TAKE: on_take, Kind.STOW: on_stow, Kind.DROP: on_drop,
    }, next=_next, doc="the combatant(s) above the needle with the best priority act"),
    Step.BEGIN: FlowStep(auto=auto_begin, next=_next, doc="setup done: the first round starts"),
    Step.RESOLVE: FlowStep(auto=auto_resolve, next=_next, doc="nobody reacts: the top chain entry resolves"),
    Step.NEEDLE: FlowStep(auto=auto_needle, next=_next, doc="nobody above the needle: it drops by 1"),
    Step.ROUND: FlowStep(auto=auto_round, next=_next, doc="every AP level is 0: a new round (or the round limit)"),
}, current=lambda st: locate(st)[0], is_over=lambda st: st.phase == Phase.OVER,
    handlers={Kind.YIELD: on_yield}, before=_before, after=_after)
