"""Bot knowledge for the quest ruleset: a team evaluation and a cooperative rollout policy.

The shared search bot (game/engine/bots: information-set MCTS) determinizes what a seat cannot
see (the other hands, every deck's order, face-down shadows) and plays rollouts with
``policy``; ``prior`` ranks the actions of a search node and ``evaluate`` judges a position
when a rollout stops early. The heuristics are those of a careful player: commit every
character with willpower (the excess is progress) but keep defenders back, travel to the
location that costs the most threat, engage only what can be killed, defend with the character
that takes the least damage (a chump ally before a hero dies), attack where the damage kills,
and play events when they change something now. They only read the state they are given, which
in a search is a determinized one: never another seat's real hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

#: enemies in the staging area with an engagement cost this far above a player's threat count as
#: coming for that player; at most this many defenders are kept back from the quest (tuned with
#: policy-only games: committing for progress wins far more often than committing just enough)
COMING, KEEP_MAX = 3, 2
#: expected threat of the encounter cards revealed per player in the quest phase
REVEAL_THREAT = 1.5


# --- evaluation --------------------------------------------------------------------------------------

def evaluate(st: QuestState, seat: int) -> float:
    """How good the position looks for the whole team, in (0, 1): progress, threat, health, enemies."""
    alive = [s for s, p in enumerate(st.players) if not p.eliminated]
    if not alive:
        return 0.0
    stages = st.model.stages
    enc = st.encounter
    need = [st.stage_points(i) for i in range(len(stages))]
    total = sum(need) or 1
    done: float = sum(need[:enc.stage]) + min(enc.progress, need[enc.stage])
    if enc.active is not None:
        cs = st.table.get(enc.active)
        done += 0.5 * (cs.progress if cs is not None else 0)
    progress = min(1.0, done / total)
    threat = sum(st.players[s].threat for s in alive) / len(alive)
    heroes = hp_left = hp_all = 0.0
    for s in alive:
        for h in st.players[s].heroes:
            heroes += 1
            hp = st.hp(h)
            hp_all += hp
            hp_left += hp - st.table[h].damage
    health = hp_left / hp_all if hp_all else 0.0
    lost_heroes = 3 * len(alive) - heroes
    enemy_pressure = sum(st.stat(e, "attack") for s in alive for e in st.players[s].engaged)
    allies = sum(len(st.players[s].allies) for s in alive)
    v = (0.30 + 0.55 * progress - 0.30 * max(0.0, threat - 25) / 25 + 0.10 * health
         - 0.05 * lost_heroes - 0.012 * enemy_pressure - 0.008 * st.staging_threat()
         + 0.006 * allies - 0.25 * (len(st.players) - len(alive)) / len(st.players))
    return min(0.98, max(0.02, v))


# --- small helpers -----------------------------------------------------------------------------------

def _left(st: QuestState, iid: str) -> int:
    """Hit points left on a character or enemy in play."""
    cs = st.table.get(iid)
    return st.hp(iid) - (cs.damage if cs is not None else 0)


def _is_hero(st: QuestState, iid: str) -> bool:
    return st.defn(iid).kind == "hero"


def _ready_chars(st: QuestState, seat: int) -> list[str]:
    return [c for c in st.characters(seat) if st.is_ready(c)]


def _enemy_attack(st: QuestState, enemy: str) -> int:
    return st.stat(enemy, "attack")


def _threat_ahead(st: QuestState) -> float:
    """The staging threat the quest will likely meet: what is there plus a card per player."""
    players = sum(1 for p in st.players if not p.eliminated)
    return st.staging_threat() + REVEAL_THREAT * players


def _committed_willpower(st: QuestState) -> int:
    return sum(st.stat(c, "willpower") for p in st.players if not p.eliminated
               for c in p.heroes + p.allies if st.table[c].committed)


# --- the policy --------------------------------------------------------------------------------------

def policy(st: QuestState, seat: int, legal: list[Action], rng: Rng | None) -> Action:
    """Return a sensible action for ``seat`` among ``legal`` (cheap, deterministic: one rule per step)."""
    if len(legal) == 1:
        return legal[0]
    kinds = {a.kind for a in legal}
    for kind, rule in _RULES:
        if kind in kinds:
            act = rule(st, seat, legal)
            if act is not None and act in legal:
                return act
    return legal[0]


def _first(legal: list[Action], kind: str) -> Action | None:
    for a in legal:
        if a.kind == kind:
            return a
    return None


def _choose_deck(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    taken = {p.deck_id for p in st.players if p.deck_id}
    for a in legal:
        if a.kind == "deck" and a["deck"] not in taken:
            return a
    return _first(legal, "deck")


def _mulligan(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    hand = st.players[seat].hand
    cheap_allies = sum(1 for c in hand if st.defn(c).kind == "ally" and st.defn(c).cost <= 3)
    if cheap_allies == 0 and _first(legal, "mulligan") is not None:
        return _first(legal, "mulligan")
    return _first(legal, "keep")


def _archery(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    return max((a for a in legal if a.kind == "archery"),
               key=lambda a: (_left(st, a["card"]) - 1 > 0, not _is_hero(st, a["card"]), _left(st, a["card"])))


def _attacked_by(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    return max((a for a in legal if a.kind == "attacked_by"), key=lambda a: _enemy_attack(st, a["enemy"]))


def _defend(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """The defender that takes least harm; a chump ally before a hero would die; else no defender."""
    att = st.attack
    if att is None:
        return _first(legal, "no_defender")
    power = _enemy_attack(st, att.enemy) + att.bonus
    sentinel = seat != att.seat
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "defend":
            continue
        c = a["card"]
        dmg = max(0, power - st.stat(c, "defense"))
        left = _left(st, c)
        hero = _is_hero(st, c)
        if dmg >= left:
            score = -10.0 - (8.0 if hero else st.defn(c).cost)
        else:
            score = -dmg * (1.5 if hero else 1.0) - 0.3 * st.stat(c, "attack")
        if best is None or score > best[0]:
            best = (score, a)
    undefended = _undefended_cost(st, att.seat, power)
    if best is not None and (best[0] > undefended or (not sentinel and best[0] > -10.0 and undefended <= -10.0)):
        return best[1]
    if sentinel and best is not None and best[0] >= -1.0:
        return best[1]
    return _first(legal, "no_defender") or (best[1] if best else None)


def _undefended_cost(st: QuestState, seat: int, power: int) -> float:
    """The harm of an undefended attack: it lands on the sturdiest hero, ignoring defence."""
    heroes = st.players[seat].heroes
    if not heroes:
        return 0.0
    sturdiest = max(_left(st, h) for h in heroes)
    if power >= sturdiest:
        return -30.0
    return -1.5 * power - (2.0 if sturdiest - power <= 1 else 0.0)


def _take(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    return max((a for a in legal if a.kind == "take"), key=lambda a: (_left(st, a["card"]), -st.stat(a["card"], "willpower")))


def _strike(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """Attack where the damage kills (the most dangerous first), else wear down the softest enemy."""
    power = sum(st.stat(c, "attack") for c in _ready_chars(st, seat))
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "strike":
            continue
        e = a["enemy"]
        need = st.stat(e, "defense") + _left(st, e)
        if power >= need:
            score = 10 + _enemy_attack(st, e) + st.stat(e, "threat") + st.defn(e).victory - need * 0.3
        elif power > st.stat(e, "defense"):
            score = (power - st.stat(e, "defense")) / max(1, _left(st, e))
        else:
            continue
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else _first(legal, "end_attacks")


def _attackers(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """Add the smallest attacker that finishes the enemy, else the strongest; resolve once it dies."""
    strike = st.strike
    if strike is None:
        return _first(legal, "resolve")
    e = strike.enemy
    have = sum(st.stat(c, "attack") for c in strike.attackers)
    need = st.stat(e, "defense") + _left(st, e)
    resolve = _first(legal, "resolve")
    if have >= need and resolve is not None:
        return resolve
    adds = [a for a in legal if a.kind == "attacker" and st.stat(a["card"], "attack") > 0]
    if not adds:
        return resolve
    finishing = [a for a in adds if have + st.stat(a["card"], "attack") >= need]
    if finishing:
        return min(finishing, key=lambda a: (st.stat(a["card"], "attack"), st.stat(a["card"], "willpower")))
    total = have + sum(st.stat(a["card"], "attack") for a in adds)
    others = [x for x in st.players[seat].engaged if x != e and x not in st.players[seat].attacked]
    if total < need and others and resolve is not None and have > st.stat(e, "defense"):
        return resolve  # keep the rest for an enemy they may kill
    return max(adds, key=lambda a: (st.stat(a["card"], "attack"), -st.stat(a["card"], "defense")))


def _commit(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """Commit every character with willpower (the excess is progress), strongest questers first, but
    keep up to ``KEEP_MAX`` defenders back while enemies are engaged or will engage this round."""
    commits = [a for a in legal if a.kind == "commit" and st.stat(a["card"], "willpower") > 0]
    done = _first(legal, "done")
    if not commits:
        return done
    p = st.players[seat]
    coming = [e for e in st.encounter.staging
              if st.defn(e).kind == "enemy" and st.defn(e).engagement <= p.threat + COMING]
    guards = sorted(_ready_chars(st, seat), key=lambda c: -(
        st.stat(c, "defense") * 2 + st.stat(c, "attack") - st.stat(c, "willpower")
        + (_left(st, c) if _is_hero(st, c) else 0) * 0.3))
    kept = set(guards[:min(len(p.engaged) + len(coming), KEEP_MAX)])

    def score(a: Action) -> float:
        c = a["card"]
        return st.stat(c, "willpower") * 2 - 0.7 * (st.stat(c, "attack") + st.stat(c, "defense"))

    options = [a for a in commits if a["card"] not in kept]
    return max(options, key=score) if options else done


def _travel(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind == "travel":
            d = st.defn(a["card"])
            score = st.stat(a["card"], "threat") * 2 - d.quest_points * 0.5 + d.victory
            if best is None or score > best[0]:
                best = (score, a)
    if best is not None and best[0] > -1.5:
        return best[1]
    return _first(legal, "done")


def _engage(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """Engage an enemy only when a ready character can hold it and the others can kill it."""
    ready = _ready_chars(st, seat)
    if not ready or st.players[seat].engaged:
        return _first(legal, "done")
    best_def = max(st.stat(c, "defense") for c in ready)
    power = sum(st.stat(c, "attack") for c in ready) - max(st.stat(c, "attack") for c in ready)
    for a in legal:
        if a.kind == "engage":
            e = a.get("enemy") or a["card"]
            if _enemy_attack(st, e) <= best_def and power >= st.stat(e, "defense") + _left(st, e):
                return a
    return _first(legal, "done")


def _plan(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """Play the most useful affordable ally or attachment (attachments on the character they suit)."""
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind != "play":
            continue
        v = _card_value(st, seat, a, st.window.value if st.window else "")
        if v > 0 and (best is None or v > best[0]):
            best = (v, a)
    return best[1] if best else _first(legal, "done")


def _window(st: QuestState, seat: int, legal: list[Action]) -> Action | None:
    """In an action window: an event or ability that helps now, else pass."""
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.kind not in ("play", "use"):
            continue
        v = _card_value(st, seat, a, st.window.value)
        if v >= 1.0 and (best is None or v > best[0]):
            best = (v, a)
    return best[1] if best else _first(legal, "pass")


# --- what a card is worth now ------------------------------------------------------------------------

def _card_value(st: QuestState, seat: int, a: Action, window: str) -> float:
    c = a["card"]
    d = st.defn(c)
    tgt = a.get("target") or a.get("on")
    if a.kind == "play" and d.kind == "ally":
        v = 1.0 + d.willpower * 1.2 + d.attack + d.defense + d.hp * 0.4 + 0.5 * len(d.keywords)
        return v + sum(_effect_value(st, seat, e, tgt, window, True) for e in d.effects if e.when == "enter")
    if a.kind == "play" and d.kind == "attachment":
        v = 0.5
        for e in d.effects:
            if e.when == "attached" and e.effect == "boost" and tgt is not None:
                base = st.stat(tgt, e.stat)
                v += e.amount * (1.5 if e.stat == "willpower" else 1.0) + 0.2 * base
            elif e.when == "refresh":
                v += 1.5
        if tgt is not None and not _is_hero(st, tgt):
            v -= 1.0  # allies die more often than heroes
        return v
    when = "action" if a.kind == "use" else "play"
    v = sum(_effect_value(st, seat, e, tgt, window, False) for e in d.effects if e.when in (when, "play", "action"))
    cost = d.action_cost if a.kind == "use" else d.cost
    return v - 0.3 * cost


def _effect_value(st: QuestState, seat: int, e: Any, tgt: str | None, window: str, entering: bool) -> float:
    name = e.effect
    amount = getattr(e, "amount", 1)
    if name == "draw":
        return 0.8 * amount if len(st.players[seat].hand) < 6 else 0.3 * amount
    if name == "add_resource":
        return 0.9 * amount if entering or window in ("1b", "2b") else 0.2
    if name == "heal":
        if tgt is None:
            return 0.5 * amount
        dmg = st.table[tgt].damage if tgt in st.table else 0
        return min(amount, dmg) * (1.2 if _is_hero(st, tgt) else 0.6)
    if name == "ready":
        if tgt is None or st.is_ready(tgt):
            return -1.0
        return 1.0 + 0.5 * max(st.stat(tgt, "defense"), st.stat(tgt, "attack"), st.stat(tgt, "willpower")) \
            if window in ("3c", "5d", "6b") else 0.2
    if name == "damage_enemy":
        if tgt is None:
            return 0.8 * amount * len(st.players[seat].engaged)
        if tgt not in st.table:
            return 0.0
        kill = amount >= _left(st, tgt)
        return (4.0 + _enemy_attack(st, tgt)) if kill else (0.5 * amount if window == "6e" else 0.1)
    if name == "place_progress":
        return 0.9 * amount if entering or window in ("3e", "4b", "7d") else 0.2
    if name == "reduce_threat":
        threat = st.players[seat].threat
        return amount * (1.0 if threat >= 35 else 0.4) if entering or window in ("7d", "3e") else 0.1
    if name == "boost":
        if e.stat == "willpower":
            if window != "3c":
                return -0.5
            gap = _threat_ahead(st) - 1.5 * sum(1 for p in st.players if not p.eliminated) - _committed_willpower(st)
            if tgt is not None and not st.table[tgt].committed:
                return -0.5
            return 2.0 * amount if gap >= 0 else 0.3
        if e.stat == "defense":
            return 1.2 * amount if window == "6b" and st.players[seat].engaged else -0.5
        if e.stat == "attack":
            return 1.0 * amount if window == "6b" and st.players[seat].engaged else -0.5
        return 0.0
    if name == "cancel_shadow":
        if window != "6b" or tgt is None or tgt not in st.encounter.shadows:
            return -0.5
        return 1.5
    if name == "return_to_hand":
        return -0.5
    return 0.0


_RULES: list[tuple[str, Any]] = [
    ("deck", _choose_deck), ("keep", _mulligan), ("archery", _archery), ("attacked_by", _attacked_by),
    ("defend", _defend), ("no_defender", _defend), ("take", _take), ("strike", _strike),
    ("end_attacks", _strike), ("attacker", _attackers), ("resolve", _attackers), ("commit", _commit),
    ("travel", _travel), ("engage", _engage), ("pass", _window), ("play", _plan), ("done", _plan),
]


# --- search hooks ------------------------------------------------------------------------------------

def budget(difficulty: str, base: Any) -> Any:
    """The ruleset's ``bot_budget``: a normal bot does not slip in quest.

    A slip (one real choice in ten the search's runner-up) is a plausible mistake against an
    opponent; in a cooperative game it is a mistake the whole table pays for, humans included, and
    over a hundred decisions per player a game it made normal teams lose to the policy alone (2 seats,
    seeds 1000-1003: 7 of 16 with slips, 14 of 16 without; the policy 12 of 16). Easy keeps its noise.
    """
    if difficulty == "normal" and getattr(base, "slip", 0.0) > 0:
        return base.replace(slip=0.0)
    return base


def prior(st: QuestState, seat: int, action: Action) -> float:
    """The ruleset's ``bot_prior``: the policy's pick first, then each action by its step's heuristic.

    The search considers the best-ranked actions first (progressive widening), and a normal bot's
    occasional slip plays the runner-up, so the order of the others matters too.
    """
    cache = st.bot_cache
    if not isinstance(cache, dict) or cache.get("seat") != seat:
        legal = st.legal_actions()
        pick = policy(st, seat, legal, None) if legal else None
        cache = st.bot_cache = {"seat": seat, "pick": pick.key if pick else None}
    if action.key == cache.get("pick"):
        return 1.0
    return min(0.9, max(0.05, _rank_score(st, seat, action)))


def _rank_score(st: QuestState, seat: int, a: Action) -> float:
    """A cheap score in about [0, 0.9] of an action the policy did not pick."""
    kind = a.kind
    if kind == "done":
        return 0.3  # stopping early (committing, planning) is rarely the second-best move
    if kind in ("pass", "keep", "resolve", "end_attacks", "no_defender", "attacked_by", "deck"):
        return 0.45
    if kind in ("play", "use"):
        window = st.window.value if st.window else ""
        return 0.25 + 0.08 * _card_value(st, seat, a, window)
    card = a.get("card")
    if kind == "commit":
        return 0.4 + 0.06 * st.stat(card, "willpower") - 0.03 * st.stat(card, "defense")
    if kind == "defend" and st.attack is not None:
        dmg = max(0, _enemy_attack(st, st.attack.enemy) + st.attack.bonus - st.stat(card, "defense"))
        return 0.1 if dmg >= _left(st, card) else 0.5 - 0.08 * dmg
    if kind == "strike":
        e = a["enemy"]
        power = sum(st.stat(c, "attack") for c in _ready_chars(st, seat))
        return 0.45 if power > st.stat(e, "defense") else 0.1
    if kind == "attacker":
        return 0.3 + 0.06 * st.stat(card, "attack")
    if kind in ("take", "archery"):
        return 0.1 + 0.06 * _left(st, card)
    return 0.3
