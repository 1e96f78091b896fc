"""The sanctuary game state: seed 004's turn (Communion, Meditation, Will Harvest,
Duel, Combat, Contemplation) with RULES.md's decisions.

Pure rules, no drawing. Card instances are ``"<seat>.<nn>"`` (the nn-th card
of the seat's deck list) and ``"<seat>.S"`` (its Sanctuary); what each one is
follows from the level's deck list, so the mapping is public while hands and
deck order are hidden by ``view``.

Priority: in Will Harvest, Duel (after a challenge), Combat (after blocks)
and Contemplation the player with priority plays or passes; a Manipulation
goes on a stack and the other player gets priority; when both pass in turn
the top of the stack resolves (last in, first out) or, with an empty stack,
the phase moves on. A player whose only choice would be to pass passes
automatically (recorded as an ``AutoPass`` event).
"""

from __future__ import annotations

import logging
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event, card_moved, damage_dealt, game_over, phase_began, shuffled
from game.engine.i18n import localize, t
from game.engine.levels import Level
from game.engine.protocol import GameState, Result, StateError
from game.engine.rng import Rng
from game.rulesets.sanctuary.effects import VERBS, EffectContext

log = logging.getLogger(__name__)

VERSION = 1
PRIORITY_PHASES = ("harvest", "duel", "combat", "contemplation")
PASS = Action("pass")


def _act(kind: str, **args: Any) -> Action:
    """Build an action whose arguments are plain strings and ints (a faster ``Action.of``)."""
    return Action(kind, tuple(sorted(args.items())))
PHASES = ("setup", "harvest", "duel", "combat", "contemplation", "end", "over")
STEPS_OF = {"setup": ("mulligan",), "harvest": ("priority",), "duel": ("declare", "priority"),
            "combat": ("attack", "block", "priority"), "contemplation": ("priority",), "end": ("discard",),
            "over": ("over",)}


_IDS: dict[int, tuple[Level, dict[str, str]]] = {}


def _langs(fn: Any) -> dict[str, str]:
    """Return {en, es, it} text made by ``fn(lang)`` (level-style localized text for views)."""
    return {lang: fn(lang) for lang in ("en", "es", "it")}


def card_ids(level: Level) -> dict[str, str]:
    """Return instance id -> card id for both seats (deck cards sorted by card id, and Sanctuaries)."""
    hit = _IDS.get(id(level))
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_IDS) > 32:
        _IDS.clear()
    out = _card_ids(level)
    _IDS[id(level)] = (level, out)
    return out


_DEFS: dict[int, tuple[Level, dict[str, Any]]] = {}


def card_defs(level: Level) -> dict[str, Any]:
    """Return instance id -> CardDef (cached per level)."""
    hit = _DEFS.get(id(level))
    if hit is not None and hit[0] is level:
        return hit[1]
    if len(_DEFS) > 32:
        _DEFS.clear()
    out = {iid: level.model.cards[cid] for iid, cid in card_ids(level).items()}
    _DEFS[id(level)] = (level, out)
    return out


def _card_ids(level: Level) -> dict[str, str]:
    m = level.model
    out: dict[str, str] = {}
    for p, setup in enumerate(m.players):
        deck = m.decks[setup.deck]
        out[f"{p}.S"] = deck.sanctuary
        i = 0
        for cid in sorted(deck.cards):  # by id: independent of the key order of the file or a save
            for _ in range(deck.cards[cid]):
                out[f"{p}.{i:02d}"] = cid
                i += 1
    return out


def _new_player(sanctuary: str, structure: int) -> dict[str, Any]:
    return {"deck": [], "hand": [], "discard": [], "chars": [], "attachments": [], "techs": [],
            "sanctuary": sanctuary, "structure": structure, "will": 0, "hands_drawn": [],
            "kept": False, "attachments_this_turn": 0}


class SanctuaryState(GameState):
    """One sanctuary match between two seats."""

    ruleset_id = "sanctuary"

    def __init__(self, level: Level, seat_names: list[str], rng: Rng) -> None:
        self.level = level
        self.model = level.model
        self.seat_names = list(seat_names)
        self.rng = rng
        self.owner_card = card_ids(level)
        self.defs = card_defs(level)
        self.players: list[dict[str, Any]] = []
        self.perm: dict[str, dict[str, Any]] = {}
        self.turn = 0
        self.active = 0
        self.first_player = 0
        self.phase = "setup"
        self.step = "mulligan"
        self.setup_seat = 0
        self.priority = 0
        self.passes = 0
        self.stack: list[dict[str, Any]] = []
        self.duel: dict[str, Any] | None = None
        self.combat: dict[str, Any] | None = None
        self.winners: list[int] | None = None
        self.end_reason = ""
        self.bot_cache: Any = None

    # --- small queries ---------------------------------------------------------------------------
    def card(self, iid: str) -> Any:
        """Return the CardDef of an instance."""
        return self.defs[iid]

    @staticmethod
    def owner(iid: str) -> int:
        """Return the seat owning a card instance."""
        return int(iid[0])

    def name(self, iid: str | None, lang: str = "en") -> str:
        """Return a card instance's name in a language."""
        if not iid or iid not in self.owner_card:
            return "?"
        return localize(self.card(iid).name, lang)

    def is_in_play(self, iid: str) -> bool:
        """True for a card on the table (character, attachment, technology or sanctuary)."""
        return iid in self.perm

    def is_character_in_play(self, iid: str) -> bool:
        """True for a character in play."""
        return iid in self.perm and iid in self.players[self.owner(iid)]["chars"]

    def is_technology_in_play(self, iid: str) -> bool:
        """True for a technology in play."""
        return iid in self.perm and iid in self.players[self.owner(iid)]["techs"]

    def carrier_of(self, iid: str | None) -> str | None:
        """Return the character carrying a technology, if any."""
        if iid and iid in self.perm:
            return self.perm[iid].get("carrier")
        return None

    def strength(self, iid: str) -> int:
        """Return a character's current Strength (base + technologies + modifiers, at least 0)."""
        defs = self.defs
        base = defs[iid].strength
        p = self.perm.get(iid)
        if p is None:
            return base
        perm = self.perm
        bonus = 0
        for tc in self.players[int(iid[0])]["techs"]:
            if perm[tc]["carrier"] == iid:
                bonus += defs[tc].strength
        total = base + bonus + p["mod_turn"] + p["mod_perm"]
        return total if total > 0 else 0

    def attachment_limit(self, seat: int) -> int:
        """Return the Sanctuary's attachment limit."""
        return self.card(self.players[seat]["sanctuary"]).attachment_limit

    # --- protocol: whose decision ----------------------------------------------------------------
    def to_act(self) -> int | None:
        """Return the seat deciding now (None once the game is over)."""
        if self.phase == "over":
            return None
        if self.phase == "setup":
            return self.setup_seat
        if self.step == "priority":
            return self.priority
        if self.step == "block":
            return 1 - self.active
        return self.active

    def result(self) -> Result | None:
        """Return the result once a Sanctuary fell (or the turn limit was reached)."""
        if self.phase != "over" or self.winners is None:
            return None
        return Result(tuple(self.winners), tuple(float(p["structure"]) for p in self.players), self.end_reason)

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Return every legal action of the seat to act, unique, in a stable order."""
        seat = self.to_act()
        if seat is None:
            return []
        if self.phase == "setup":
            out = [Action.of("keep")]
            if self._next_hand_size(seat) >= 0:
                out.append(Action.of("mulligan"))
            return out
        if self.phase == "end":
            firsts = {}
            for c in self.players[seat]["hand"]:  # copies of one card are the same choice
                firsts.setdefault(self.owner_card[c], c)
            return [_act("discard", card=c) for c in firsts.values()]
        if self.step == "priority":
            return self._priority_actions(seat)
        if self.step == "declare":
            return [_act("duel", challenger=a, target=b) for a, b in self._duel_pairs()] + [Action.of("no_duel")]
        if self.step == "attack":
            done = self.combat["attackers"] if self.combat else []
            out = [_act("attack", card=c) for c in self._attack_candidates() if c not in done]
            return out + [Action.of("end_attack")]
        if self.step == "block":
            return [_act("block", blocker=b, attacker=a) for b, a in self._block_pairs()] + [Action.of("end_block")]
        return []  # pragma: no cover - every step is covered above

    def _next_hand_size(self, seat: int) -> int:
        drawn = self.players[seat]["hands_drawn"]
        if len(drawn) <= 1:
            return self.model.opening_hand
        return drawn[-1] - 1

    def _targets(self, seat: int, kind: str) -> list[str]:
        me, opp = self.players[seat], self.players[1 - seat]
        if kind == "enemy_character":
            return list(opp["chars"])
        if kind == "own_character":
            return list(me["chars"])
        if kind == "any_character":
            return list(self.players[0]["chars"]) + list(self.players[1]["chars"])
        if kind == "enemy_technology":
            return list(opp["techs"])
        if kind == "own_technology":
            return list(me["techs"])
        if kind == "any_technology":
            return list(self.players[0]["techs"]) + list(self.players[1]["techs"])
        if kind == "enemy_attachment":
            return list(opp["attachments"])
        return []

    def _priority_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        pl = self.players[seat]
        harvest_main = self.phase == "harvest" and seat == self.active and not self.stack
        seen: set[str] = set()
        for c in pl["hand"]:
            cid = self.owner_card[c]
            if cid in seen:  # copies of one card are the same choice: offer the first one
                continue
            seen.add(cid)
            card = self.model.cards[cid]
            if card.cost > pl["will"]:
                continue
            if card.type == "manipulation":
                if card.target == "none":
                    out.append(_act("play", card=c))
                else:
                    out += [_act("play", card=c, target=x) for x in self._targets(seat, card.target)]
                continue
            if not harvest_main:
                continue
            if card.type == "attachment":
                if pl["attachments_this_turn"] >= 1 or len(pl["attachments"]) >= self.attachment_limit(seat):
                    continue
            if card.type == "technology":
                out += [_act("play", card=c, target=x) for x in pl["chars"]]
                continue
            targets = self._targets(seat, card.target) if card.target != "none" else []
            if targets:
                out += [_act("play", card=c, target=x) for x in targets]
            else:
                out.append(_act("play", card=c))
        if harvest_main:
            for src in [pl["sanctuary"], *pl["attachments"], *pl["chars"], *pl["techs"]]:
                for i, ab in enumerate(self.card(src).abilities):
                    if ab.cost > pl["will"] or (ab.tap and self.perm[src]["tapped"]):
                        continue
                    if ab.target == "none":
                        out.append(_act("use", card=src, ability=i))
                    else:
                        out += [_act("use", card=src, ability=i, target=x) for x in self._targets(seat, ab.target)]
        out.append(PASS)
        return out

    def _can_do_more_than_pass(self, seat: int) -> bool:
        """True when the seat with priority has something other than passing (same rules as above)."""
        pl = self.players[seat]
        will = pl["will"]
        harvest_main = self.phase == "harvest" and seat == self.active and not self.stack
        for c in pl["hand"]:
            card = self.defs[c]
            if card.cost > will:
                continue
            if card.type == "manipulation":
                if card.target == "none" or self._targets(seat, card.target):
                    return True
                continue
            if not harvest_main:
                continue
            if card.type == "attachment":
                if pl["attachments_this_turn"] < 1 and len(pl["attachments"]) < self.attachment_limit(seat):
                    return True
            elif card.type == "technology":
                if pl["chars"]:
                    return True
            else:
                return True
        if harvest_main:
            for src in [pl["sanctuary"], *pl["attachments"], *pl["chars"], *pl["techs"]]:
                for ab in self.defs[src].abilities:
                    if ab.cost > will or (ab.tap and self.perm[src]["tapped"]):
                        continue
                    if ab.target == "none" or self._targets(seat, ab.target):
                        return True
        return False

    def _fresh(self, iid: str) -> bool:
        return self.perm[iid]["entered"] == self.turn

    def _duel_pairs(self) -> list[tuple[str, str]]:
        me, opp = self.players[self.active], self.players[1 - self.active]
        return [(a, b) for a in me["chars"] if not self.perm[a]["tapped"] and not self._fresh(a)
                for b in opp["chars"]]

    def _attack_candidates(self) -> list[str]:
        return [c for c in self.players[self.active]["chars"] if not self.perm[c]["tapped"] and not self._fresh(c)]

    def _block_pairs(self) -> list[tuple[str, str]]:
        if not self.combat:
            return []
        blocks = self.combat["blocks"]
        used = set(blocks.values())
        free_att = [a for a in self.combat["attackers"] if a not in blocks and self.is_character_in_play(a)]
        return [(b, a) for b in self.players[1 - self.active]["chars"]
                if not self.perm[b]["tapped"] and b not in used for a in free_att]

    def explain_illegal(self, action: Action) -> str:
        """Say why an action is refused."""
        seat = self.to_act()
        if seat is None:
            return "the game is over"
        k = action.kind
        if self.phase == "setup" and k not in ("keep", "mulligan"):
            return "first each player keeps a hand or asks for a new one"
        if k == "play":
            c = action.get("card")
            pl = self.players[seat]
            if c not in pl["hand"]:
                return f"card {c} is not in {self.actor_name(seat)}'s hand"
            card = self.card(c)
            first = next(x for x in pl["hand"] if self.owner_card[x] == self.owner_card[c])
            if first != c:
                return f"copies are the same choice: play {first} (the first {self.name(c)} in hand)"
            if card.cost > pl["will"]:
                return f"{self.name(c)} costs {card.cost} Will and only {pl['will']} is left"
            if card.type != "manipulation" and not (self.phase == "harvest" and seat == self.active):
                return "only Manipulations may be played outside your own Will Harvest"
            if card.type != "manipulation" and self.stack:
                return "while a Manipulation waits on the stack, only Manipulations may be played"
            if card.type == "attachment" and pl["attachments_this_turn"] >= 1:
                return "only one Attachment may be played each turn"
            if card.type == "attachment":
                return f"the Sanctuary allows at most {self.attachment_limit(seat)} Attachments"
            return f"{self.name(c)} cannot target {action.get('target')}"
        if k in ("attack", "duel"):
            c = action.get("card") or action.get("challenger")
            if c in self.perm and self._fresh(c):
                return "a Character that entered play this turn cannot duel or attack"
            if c in self.perm and self.perm[c]["tapped"]:
                return "a turned (tapped) Character cannot do that"
        if k == "block":
            return "each Character blocks, and is blocked by, only one Character, and blockers must be untapped"
        return f"'{action.key}' is not possible now ({self.phase})"

    # --- applying --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        seat = self.to_act()
        assert seat is not None
        self.bot_cache = None  # a bot's memo of this position (see ruleset.bot_prior) is now stale
        k = action.kind
        if k == "keep":
            self._keep(seat, ev)
        elif k == "mulligan":
            self._mulligan(seat, ev)
        elif k == "pass":
            self._pass(seat, ev)
        elif k == "play":
            self._play(seat, action["card"], action.get("target"), ev)
        elif k == "use":
            self._use(seat, action["card"], action["ability"], action.get("target"), ev)
        elif k == "duel":
            self._declare_duel(action["challenger"], action["target"], ev)
        elif k == "no_duel":
            ev.append(Event("DuelSkipped", {"seat": seat}))
            self._enter_combat(ev)
        elif k == "attack":
            self.combat["attackers"].append(action["card"])  # type: ignore[index]
            self.set_tapped(action["card"], True, ev)
            ev.append(Event("AttackerDeclared", {"card": action["card"], "seat": seat}))
        elif k == "end_attack":
            if self.combat and self.combat["attackers"]:
                self.step = "block"
            else:
                ev.append(Event("CombatSkipped", {"seat": seat}))
                self.combat = None
                self._enter_contemplation(ev)
        elif k == "block":
            self.combat["blocks"][action["attacker"]] = action["blocker"]  # type: ignore[index]
            ev.append(Event("BlockerDeclared", {"blocker": action["blocker"], "attacker": action["attacker"],
                                                "seat": seat}))
        elif k == "end_block":
            self._open_priority(ev)
        elif k == "discard":
            self._move(action["card"], "hand", "discard", ev)
            if len(self.players[self.active]["hand"]) <= self.model.hand_limit:
                self._end_turn(ev)
        self._settle(ev)
        return ev

    def _settle(self, ev: list[Event]) -> None:
        """Check the end of the game and take the automatic steps (auto-pass, empty choices)."""
        for _ in range(200):
            if self._check_over(ev):
                return
            if self.phase == "setup":
                return
            if self.step == "priority":
                if not self._can_do_more_than_pass(self.priority):
                    ev.append(Event("AutoPass", {"seat": self.priority}))
                    self._pass(self.priority, ev)
                    continue
                return
            if self.step == "declare" and not self._duel_pairs():
                ev.append(Event("DuelSkipped", {"seat": self.active, "auto": True}))
                self._enter_combat(ev)
                continue
            if self.step == "attack" and not self.combat["attackers"] and not self._attack_candidates():  # type: ignore[index]
                ev.append(Event("CombatSkipped", {"seat": self.active, "auto": True}))
                self.combat = None
                self._enter_contemplation(ev)
                continue
            if self.step == "attack" and self.combat["attackers"] and not [  # type: ignore[index]
                    c for c in self._attack_candidates() if c not in self.combat["attackers"]]:  # type: ignore[index]
                self.step = "block"
                continue
            if self.step == "block" and not self._block_pairs():
                self._open_priority(ev)
                continue
            return
        raise RuntimeError("sanctuary: automatic steps did not settle")  # pragma: no cover

    def _check_over(self, ev: list[Event]) -> bool:
        if self.phase == "over":
            return True
        fallen = [p for p in (0, 1) if self.players[p]["structure"] <= 0]
        if not fallen:
            return False
        self.winners = [p for p in (0, 1) if p not in fallen]
        self.end_reason = "sanctuary_fell" if self.winners else "both_fell"
        self.phase, self.step = "over", "over"
        ev.append(game_over(list(self.winners), reason=self.end_reason))
        return True

    # --- set-up ----------------------------------------------------------------------------------
    def setup(self) -> list[Event]:
        """Both Sanctuaries enter play, decks are shuffled (stacked cards on top) and 6 cards drawn."""
        ev: list[Event] = []
        ev.append(phase_began("setup"))
        for p, setup in enumerate(self.model.players):
            san = f"{p}.S"
            card = self.card(san)
            self.players.append(_new_player(san, card.structure))
            self.perm[san] = self._new_perm(None)
            ev.append(card_moved(san, "outside", "sanctuary", seat=p, card_id=self.owner_card[san]))
        for p, setup in enumerate(self.model.players):
            own = sorted((i for i in self.owner_card if self.owner(i) == p and not i.endswith(".S")))
            stacked: list[str] = []
            rest = list(own)
            for cid in setup.stacked:
                pick = next(i for i in rest if self.owner_card[i] == cid)
                rest.remove(pick)
                stacked.append(pick)
            self.rng.shuffle(rest)
            self.players[p]["deck"] = rest + list(reversed(stacked))  # the top is the end of the list
            ev.append(shuffled(f"deck{p}", seat=p))
        for p in (0, 1):
            self._draw_hand(p, self.model.opening_hand, ev)
        return ev

    def _draw_hand(self, seat: int, n: int, ev: list[Event]) -> None:
        self.players[seat]["hands_drawn"].append(n)
        self.draw(seat, n, ev, penalty=False)

    def _keep(self, seat: int, ev: list[Event]) -> None:
        self.players[seat]["kept"] = True
        ev.append(Event("HandKept", {"seat": seat, "size": len(self.players[seat]["hand"])}))
        if seat == 0:
            self.setup_seat = 1
            return
        if self.model.first_player == "random":
            self.first_player = self.rng.randbelow(2)
        else:
            self.first_player = 0 if self.model.first_player == "first" else 1
        ev.append(Event("FirstPlayer", {"seat": self.first_player}, random=self.model.first_player == "random"))
        self.active = self.first_player
        self._begin_turn(ev)

    def _mulligan(self, seat: int, ev: list[Event]) -> None:
        pl = self.players[seat]
        n = self._next_hand_size(seat)
        for c in list(pl["hand"]):
            pl["hand"].remove(c)
            pl["deck"].append(c)
            ev.append(card_moved(c, "hand", "deck", seat=seat, hidden=True))
        self.rng.shuffle(pl["deck"])
        ev.append(shuffled(f"deck{seat}", seat=seat))
        ev.append(Event("Mulligan", {"seat": seat, "size": n}))
        self._draw_hand(seat, n, ev)

    # --- turn structure --------------------------------------------------------------------------
    def _begin_turn(self, ev: list[Event]) -> None:
        self.turn += 1
        a = self.active
        pl = self.players[a]
        ev.append(phase_began("turn", a, turn=self.turn))
        # 1. Communion: ready everything, leftover Will removed, Technologies lose 1 Durability.
        ev.append(phase_began("communion", a))
        for c in [pl["sanctuary"], *pl["attachments"], *pl["chars"], *pl["techs"]]:
            if self.perm[c]["tapped"]:
                self.set_tapped(c, False, ev)
        if pl["will"]:
            ev.append(Event("WillChanged", {"seat": a, "amount": -pl["will"], "will": 0, "why": "communion"}))
        pl["will"] = 0
        pl["attachments_this_turn"] = 0
        for tc in list(pl["techs"]):
            self.change_durability(tc, -1, ev)
        # 2. Meditation: Attachments and Sanctuary generate Will, start-of-turn effects, draw.
        ev.append(phase_began("meditation", a))
        self._generate_will(a, ev)
        if self.turn == 1:
            self._generate_will(1 - a, ev)
        for c in [pl["sanctuary"], *pl["attachments"], *pl["chars"], *pl["techs"]]:
            if c in self.perm:
                for eff in self.card(c).on_turn_start:
                    ctx = EffectContext(self, a, c, None, ev)
                    VERBS.run(ctx, eff)
                    ev.append(Event("Triggered", {"card": c, "seat": a}))
        if self.turn != 1:
            self.draw(a, 1, ev)
        else:
            ev.append(Event("DrawSkipped", {"seat": a}))
        self.check_deaths(ev)
        # 3. Will Harvest.
        self.phase = "harvest"
        self._open_priority(ev)

    def _generate_will(self, seat: int, ev: list[Event]) -> None:
        pl = self.players[seat]
        total = sum(self.card(c).will for c in [pl["sanctuary"], *pl["attachments"]])
        self.gain_will(seat, total, ev, "meditation")

    def _open_priority(self, ev: list[Event]) -> None:
        self.step = "priority"
        self.priority = self.active
        self.passes = 0
        ev.append(Event("Priority", {"phase": self.phase, "seat": self.active}))

    def _pass(self, seat: int, ev: list[Event]) -> None:
        self.passes += 1
        if self.passes < 2:
            self.priority = 1 - seat
            return
        if self.stack:
            self._resolve_top(ev)
            self.passes = 0
            self.priority = self.active
            return
        self._phase_done(ev)

    def _phase_done(self, ev: list[Event]) -> None:
        if self.phase == "harvest":
            self.phase, self.step = "duel", "declare"
            ev.append(phase_began("duel", self.active))
        elif self.phase == "duel":
            self._resolve_duel(ev)
            self._enter_combat(ev)
        elif self.phase == "combat":
            self._resolve_combat(ev)
            self._enter_contemplation(ev)
        elif self.phase == "contemplation":
            if len(self.players[self.active]["hand"]) > self.model.hand_limit:
                self.phase, self.step = "end", "discard"
                ev.append(Event("HandLimit", {"seat": self.active, "limit": self.model.hand_limit}))
            else:
                self._end_turn(ev)

    def _enter_combat(self, ev: list[Event]) -> None:
        self.duel = None
        self.phase, self.step = "combat", "attack"
        self.combat = {"attackers": [], "blocks": {}, "gone": {}}
        ev.append(phase_began("combat", self.active))

    def _enter_contemplation(self, ev: list[Event]) -> None:
        self.phase = "contemplation"
        ev.append(phase_began("contemplation", self.active))
        self._open_priority(ev)

    def _end_turn(self, ev: list[Event]) -> None:
        """Damage wears off, 'this turn' changes end, and the other player's turn begins."""
        self.combat = None
        self.duel = None
        for c, p in self.perm.items():
            p["damage"] = 0
            p["mod_turn"] = 0
        self.check_deaths(ev)  # a Strength boost that ends can leave nothing: only modifiers below 0 matter
        ev.append(Event("TurnEnded", {"seat": self.active, "turn": self.turn}))
        if self.turn >= self.model.turn_limit:
            s0, s1 = self.players[0]["structure"], self.players[1]["structure"]
            self.winners = [0] if s0 > s1 else [1] if s1 > s0 else []
            self.end_reason = "turn_limit"
            self.phase, self.step = "over", "over"
            ev.append(game_over(list(self.winners), reason="turn_limit"))
            return
        self.active = 1 - self.active
        self._begin_turn(ev)

    # --- duel and combat -------------------------------------------------------------------------
    def _declare_duel(self, challenger: str, target: str, ev: list[Event]) -> None:
        self.set_tapped(challenger, True, ev)
        self.duel = {"challenger": challenger, "target": target}
        ev.append(Event("DuelDeclared", {"challenger": challenger, "target": target, "seat": self.active}))
        self.gain_will(self.owner(target), 2, ev, "challenged")
        self._open_priority(ev)

    def _resolve_duel(self, ev: list[Event]) -> None:
        d = self.duel
        if not d:
            return
        a, b = d["challenger"], d["target"]
        a_in, b_in = self.is_character_in_play(a), self.is_character_in_play(b)
        if a_in and b_in:
            sa, sb = self.strength(a), self.strength(b)
            self.damage_character(b, sa, a, ev, kind="duel")
            self.damage_character(a, sb, b, ev, kind="duel")
            self.check_deaths(ev)
        a_in, b_in = self.is_character_in_play(a), self.is_character_in_play(b)
        winner = a if a_in and not b_in else b if b_in and not a_in else None
        loser = (b if winner == a else a) if winner else None
        ev.append(Event("DuelEnded", {"winner": winner, "loser": loser}))
        if loser is not None:
            self.draw(self.owner(loser), 1, ev)

    def _resolve_combat(self, ev: list[Event]) -> None:
        cb = self.combat
        if not cb:
            return
        opp = 1 - self.active
        pairs = [(a, b) for a, b in cb["blocks"].items()
                 if self.is_character_in_play(a) and self.is_character_in_play(b)]
        hits = [(a, b, self.strength(a), self.strength(b)) for a, b in pairs]
        for a, b, sa, sb in hits:
            self.damage_character(b, sa, a, ev, kind="combat")
            self.damage_character(a, sb, b, ev, kind="combat")
        self.check_deaths(ev)
        for a in cb["attackers"]:
            if not self.is_character_in_play(a):
                continue
            blocker = cb["blocks"].get(a)
            if blocker is None:
                self.damage_sanctuary(opp, self.strength(a), a, ev)
            elif not self.is_character_in_play(blocker):
                excess = self.strength(a) - cb["gone"].get(blocker, 0)
                if excess > 0:
                    self.damage_sanctuary(opp, excess, a, ev, excess=True)

    # --- playing cards ---------------------------------------------------------------------------
    def _play(self, seat: int, c: str, target: str | None, ev: list[Event]) -> None:
        pl = self.players[seat]
        card = self.card(c)
        self.passes = 0
        if card.cost:
            self.gain_will(seat, -card.cost, ev, "cost")
        if card.type == "manipulation":
            pl["hand"].remove(c)
            self.stack.append({"card": c, "seat": seat, "target": target})
            ev.append(card_moved(c, "hand", "stack", seat=seat, revealed=True, card_id=self.owner_card[c],
                                 target=target))
            self.priority = 1 - seat
            return
        if card.type == "character":
            self._move(c, "hand", "chars", ev)
        elif card.type == "attachment":
            self._move(c, "hand", "attachments", ev)
            pl["attachments_this_turn"] += 1
            if card.structure:
                self.change_structure(seat, card.structure, c, ev)
        elif card.type == "technology":
            self._move(c, "hand", "techs", ev, carrier=target)
            self.perm[c]["carrier"] = target
        for eff in card.effects:
            VERBS.run(EffectContext(self, seat, c, target, ev), eff)
        self.check_deaths(ev)

    def _use(self, seat: int, src: str, idx: int, target: str | None, ev: list[Event]) -> None:
        ab = self.card(src).abilities[idx]
        self.passes = 0
        if ab.cost:
            self.gain_will(seat, -ab.cost, ev, "cost")
        if ab.tap:
            self.set_tapped(src, True, ev)
        ev.append(Event("AbilityUsed", {"card": src, "ability": idx, "target": target, "seat": seat}))
        for eff in ab.effects:
            VERBS.run(EffectContext(self, seat, src, target, ev), eff)
        self.check_deaths(ev)

    def _resolve_top(self, ev: list[Event]) -> None:
        top = self.stack.pop()
        c, seat, target = top["card"], top["seat"], top["target"]
        card = self.card(c)
        ev.append(Event("Resolved", {"card": c, "seat": seat, "target": target}))
        valid = target is None or self.is_in_play(target)
        if valid:
            for eff in card.effects:
                VERBS.run(EffectContext(self, seat, c, target, ev), eff)
        else:
            ev.append(Event("Fizzled", {"card": c, "target": target}))
        self.players[self.owner(c)]["discard"].append(c)
        ev.append(card_moved(c, "stack", "discard", seat=self.owner(c)))
        self.check_deaths(ev)

    # --- primitives used by effects --------------------------------------------------------------
    @staticmethod
    def _new_perm(carrier: str | None) -> dict[str, Any]:
        return {"tapped": False, "damage": 0, "entered": 0, "mod_turn": 0, "mod_perm": 0,
                "durability": None, "carrier": carrier}

    def _move(self, c: str, src: str, dst: str, ev: list[Event], carrier: str | None = None) -> None:
        p = self.owner(c)
        pl = self.players[p]
        pl[src].remove(c)
        pl[dst].append(c)
        if dst in ("chars", "attachments", "techs"):
            perm = self._new_perm(carrier)
            perm["entered"] = self.turn
            card = self.card(c)
            if card.type == "technology":
                perm["durability"] = card.durability
            self.perm[c] = perm
        ev.append(card_moved(c, src, dst, seat=p, revealed=src == "hand", card_id=self.owner_card[c],
                             carrier=carrier))

    def leave_play(self, c: str, ev: list[Event], reason: str) -> None:
        """Move a card in play to its owner's discard pile (technologies leave with their carrier)."""
        if c not in self.perm or c.endswith(".S"):
            return
        p = self.owner(c)
        pl = self.players[p]
        zone = next(z for z in ("chars", "attachments", "techs") if c in pl[z])
        if zone == "chars":
            if self.combat is not None:
                self.combat["gone"][c] = self.strength(c)
            for tc in [x for x in pl["techs"] if self.perm[x]["carrier"] == c]:
                self.leave_play(tc, ev, "carrier_left")
        # an Attachment leaving keeps the Structure it added on entering (RULES.md: added permanently)
        pl[zone].remove(c)
        pl["discard"].append(c)
        del self.perm[c]
        ev.append(card_moved(c, zone, "discard", seat=p, card_id=self.owner_card[c], reason=reason))

    def destroy(self, c: str, ev: list[Event], reason: str) -> None:
        """Destroy a card in play."""
        ev.append(Event("Destroyed", {"card": c, "reason": reason}))
        self.leave_play(c, ev, reason)

    def damage_character(self, c: str, amount: int, source: str | None, ev: list[Event], kind: str = "effect") -> None:
        """Mark damage on a character (destruction is checked by check_deaths)."""
        if amount <= 0 or c not in self.perm:
            return
        self.perm[c]["damage"] += amount
        ev.append(damage_dealt(c, amount, source, kind=kind))

    def check_deaths(self, ev: list[Event]) -> None:
        """Destroy every character whose damage has reached its Strength (all at once)."""
        dead = [c for p in (0, 1) for c in self.players[p]["chars"]
                if self.perm[c]["damage"] >= self.strength(c)]
        for c in dead:
            if c in self.perm:
                self.destroy(c, ev, "damage")

    def damage_sanctuary(self, seat: int, amount: int, source: str | None, ev: list[Event], **extra: Any) -> None:
        """Deal damage to a seat's Sanctuary (its Structure goes down)."""
        if amount <= 0:
            return
        self.players[seat]["structure"] -= amount
        ev.append(damage_dealt(self.players[seat]["sanctuary"], amount, source, structure=self.players[seat]["structure"],
                               **extra))

    def change_structure(self, seat: int, amount: int, source: str | None, ev: list[Event]) -> None:
        """Add Structure to a seat's Sanctuary."""
        self.players[seat]["structure"] += amount
        ev.append(Event("StructureChanged", {"seat": seat, "amount": amount, "source": source,
                                             "structure": self.players[seat]["structure"]}))

    def gain_will(self, seat: int, amount: int, ev: list[Event], why: str) -> None:
        """Add (or remove, never below 0) Will."""
        pl = self.players[seat]
        new = max(0, pl["will"] + amount)
        if new != pl["will"] or amount == 0:
            ev.append(Event("WillChanged", {"seat": seat, "amount": new - pl["will"], "will": new, "why": why}))
        pl["will"] = new

    def draw(self, seat: int, n: int, ev: list[Event], penalty: bool = True) -> None:
        """Draw n cards; each card missing from an empty deck costs 1 Structure (RULES.md)."""
        pl = self.players[seat]
        for _ in range(n):
            if not pl["deck"]:
                if penalty:
                    pl["structure"] -= 1
                    ev.append(Event("EmptyDeck", {"seat": seat, "structure": pl["structure"]}))
                continue
            c = pl["deck"].pop()
            pl["hand"].append(c)
            ev.append(card_moved(c, "deck", "hand", seat=seat, hidden=True, drawn=True, card_id=self.owner_card[c]))

    def set_tapped(self, c: str, tapped: bool, ev: list[Event]) -> None:
        """Turn (tap) or ready a card in play."""
        if c in self.perm and self.perm[c]["tapped"] != tapped:
            self.perm[c]["tapped"] = tapped
            ev.append(Event("Tapped" if tapped else "Readied", {"card": c}))

    def modify_strength(self, c: str, amount: int, permanent: bool, ev: list[Event]) -> None:
        """Change a character's Strength until end of turn or for good."""
        if c not in self.perm:
            return
        self.perm[c]["mod_perm" if permanent else "mod_turn"] += amount
        ev.append(Event("StrengthChanged", {"card": c, "amount": amount, "permanent": permanent,
                                            "strength": self.strength(c)}))

    def change_durability(self, tc: str, amount: int, ev: list[Event]) -> None:
        """Change a technology's Durability; at 0 it is destroyed."""
        if tc not in self.perm:
            return
        cap = self.card(tc).durability + 10
        self.perm[tc]["durability"] = min(cap, self.perm[tc]["durability"] + amount)
        ev.append(Event("DurabilityChanged", {"card": tc, "amount": amount, "durability": self.perm[tc]["durability"]}))
        if self.perm[tc]["durability"] <= 0:
            self.destroy(tc, ev, "durability")

    def discard_random(self, seat: int, n: int, ev: list[Event]) -> None:
        """Discard n random cards from a hand."""
        pl = self.players[seat]
        for _ in range(n):
            if not pl["hand"]:
                return
            c = pl["hand"].pop(self.rng.randbelow(len(pl["hand"])))
            pl["discard"].append(c)
            ev.append(card_moved(c, "hand", "discard", seat=seat, revealed=True, drawn=True, card_id=self.owner_card[c]))

    # --- information -----------------------------------------------------------------------------
    def is_hidden_information(self) -> bool:
        """Hands and deck order are hidden."""
        return True

    def to_json(self) -> dict[str, Any]:
        """Return the full state as JSON-safe data."""
        return {
            "ruleset": "sanctuary", "version": VERSION, "level": self.level.data, "seats": list(self.seat_names),
            "rng": self.rng.to_json(),
            "players": [{k: (list(v) if isinstance(v, list) else v) for k, v in p.items()} for p in self.players],
            "perm": {c: dict(p) for c, p in sorted(self.perm.items())},
            "turn": self.turn, "active": self.active, "first_player": self.first_player,
            "phase": self.phase, "step": self.step, "setup_seat": self.setup_seat,
            "priority": self.priority, "passes": self.passes,
            "stack": [dict(s) for s in self.stack],
            "duel": dict(self.duel) if self.duel else None,
            "combat": ({"attackers": list(self.combat["attackers"]), "blocks": dict(self.combat["blocks"]),
                        "gone": dict(self.combat["gone"])} if self.combat else None),
            "winners": list(self.winners) if self.winners is not None else None,
            "end_reason": self.end_reason,
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Return the state as ``seat`` sees it: other hands and every deck's order hidden, no RNG."""
        data = self.to_json()
        data["rng"] = None
        for p, pl in enumerate(data["players"]):
            pl["deck"] = ["?"] * len(pl["deck"])
            if p != seat:
                pl["hand"] = ["?"] * len(pl["hand"])
        data["cards"] = {c: self.owner_card[c] for c in sorted(self.owner_card)}
        data["strength"] = {c: self.strength(c) for p in (0, 1) for c in self.players[p]["chars"]}
        data["viewer"] = seat
        # readable summary first (the generic table view shows keys in order), then the raw data
        out: dict[str, Any] = {k: data[k] for k in ("ruleset", "version", "level", "seats", "rng")}
        out["now"] = _langs(lambda lang: t("sanctuary.view.now", lang, turn=self.turn,
                                           phase=t(f"sanctuary.phase.{self.phase}", lang),
                                           who=self.actor_name(self.active)))
        out["board"] = [self._board(p, seat) for p in (0, 1)]
        out["waiting"] = [_langs(lambda lang, s=s: f"{self.name(s['card'], lang)} → {self.name(s['target'], lang)}"
                                 if s["target"] else self.name(s["card"], lang)) for s in self.stack]
        tip = self.model.tips.get(self.phase)
        if tip is not None and (seat is None or self.model.players[seat].script is None):
            out["tip"] = tip if isinstance(tip, str) else tip.model_dump(exclude_none=True)
        out.update((k, v) for k, v in data.items() if k not in out)
        return out

    def _board(self, p: int, viewer: int | None) -> dict[str, Any]:
        """Return one seat's side of the table in words (for the generic table view)."""
        pl = self.players[p]

        def char_text(c: str, lang: str) -> str:
            bits = [t("sanctuary.view.strength", lang, n=self.strength(c))]
            if self.perm[c]["damage"]:
                bits.append(t("sanctuary.view.damage", lang, n=self.perm[c]["damage"]))
            if self.perm[c]["tapped"]:
                bits.append(t("sanctuary.view.tapped", lang))
            for tc in pl["techs"]:
                if self.perm[tc]["carrier"] == c:
                    bits.append(f"{self.name(tc, lang)} ({t('sanctuary.view.durability', lang, n=self.perm[tc]['durability'])})")
            return f"{self.name(c, lang)} [{', '.join(bits)}]"

        hand: Any = [_langs(lambda lang, c=c: self.name(c, lang)) for c in pl["hand"]] if p == viewer else len(pl["hand"])
        return {
            "sanctuary": _langs(lambda lang: self.name(pl["sanctuary"], lang)),
            "structure": pl["structure"], "will": pl["will"],
            "hand": hand, "deck": len(pl["deck"]), "discard": len(pl["discard"]),
            "characters": [_langs(lambda lang, c=c: char_text(c, lang)) for c in pl["chars"]],
            "attachments": [_langs(lambda lang, c=c: self.name(c, lang)) for c in pl["attachments"]],
        }

    def clone(self) -> "SanctuaryState":
        """Return an independent copy (fast: the level is shared, runtime data copied)."""
        s = SanctuaryState.__new__(SanctuaryState)
        s.level, s.model, s.seat_names = self.level, self.model, list(self.seat_names)
        s.owner_card = self.owner_card
        s.defs = self.defs
        s.rng = Rng.__new__(Rng)
        s.rng.state, s.rng.draws = self.rng.state, self.rng.draws
        s.players = [{k: (list(v) if isinstance(v, list) else v) for k, v in p.items()} for p in self.players]
        s.perm = {c: dict(p) for c, p in self.perm.items()}
        for name in ("turn", "active", "first_player", "phase", "step", "setup_seat", "priority", "passes",
                     "end_reason"):
            setattr(s, name, getattr(self, name))
        s.stack = [dict(x) for x in self.stack]
        s.duel = dict(self.duel) if self.duel else None
        s.combat = ({"attackers": list(self.combat["attackers"]), "blocks": dict(self.combat["blocks"]),
                     "gone": dict(self.combat["gone"])} if self.combat else None)
        s.winners = list(self.winners) if self.winners is not None else None
        s.bot_cache = None
        return s

    # --- checks ----------------------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Return broken invariants: conservation, bounds, phase consistency."""
        bad: list[str] = []
        seen: dict[str, str] = {}
        for p, pl in enumerate(self.players):
            for z in ("deck", "hand", "discard", "chars", "attachments", "techs"):
                for c in pl[z]:
                    if c in seen:
                        bad.append(f"card {c} is in both {seen[c]} and player {p} {z}")
                    seen[c] = f"player {p} {z}"
                    if c not in self.owner_card or self.owner(c) != p:
                        bad.append(f"card {c} in player {p} {z} does not belong to that player")
            if pl["will"] < 0:
                bad.append(f"player {p} has negative Will")
            if len(pl["attachments"]) > self.attachment_limit(p):
                bad.append(f"player {p} has more Attachments than the Sanctuary allows")
            if pl["attachments_this_turn"] > 1:
                bad.append(f"player {p} played more than one Attachment this turn")
            if self.phase != "over" and pl["structure"] <= 0:
                bad.append(f"player {p} is at Structure {pl['structure']} but the game goes on")
        for s in self.stack:
            c = s["card"]
            if c in seen:
                bad.append(f"card {c} is on the stack and in {seen[c]}")
            seen[c] = "stack"
        expected = {c for c in self.owner_card if not c.endswith(".S")}
        if set(seen) != expected:
            missing = sorted(expected - set(seen))[:5]
            extra = sorted(set(seen) - expected)[:5]
            bad.append(f"cards not conserved: missing {missing}, unknown {extra}")
        in_play = {c for pl in self.players for z in ("chars", "attachments", "techs") for c in pl[z]}
        in_play |= {pl["sanctuary"] for pl in self.players}
        if set(self.perm) != in_play:
            bad.append("cards in play and their table state differ")
        for p, pl in enumerate(self.players):
            for tc in pl["techs"]:
                car = self.perm[tc]["carrier"]
                if car not in pl["chars"]:
                    bad.append(f"technology {tc} has no carrier in play")
                if not self.perm[tc]["durability"] or self.perm[tc]["durability"] <= 0:
                    bad.append(f"technology {tc} at Durability {self.perm[tc]['durability']} is still in play")
            for c in pl["chars"]:
                dmg = self.perm[c]["damage"]
                if dmg < 0 or (self.phase != "over" and dmg >= self.strength(c)):
                    bad.append(f"character {c} has damage {dmg} against Strength {self.strength(c)}")
        if self.phase not in PHASES:
            bad.append(f"unknown phase {self.phase}")
        elif self.step not in STEPS_OF[self.phase]:
            bad.append(f"step {self.step!r} does not belong to phase {self.phase!r}")
        if self.phase == "combat" and self.combat is None:
            bad.append("combat phase without combat data")
        if self.phase == "duel" and self.step == "priority" and self.duel is None:
            bad.append("duel priority without a duel")
        if self.stack and self.step != "priority" and self.phase != "over":
            bad.append("cards on the stack outside a priority step")
        if self.phase == "over" and self.winners is None:
            bad.append("the game is over without a result")
        return bad

    # --- words -----------------------------------------------------------------------------------
    def describe(self, action: Action, lang: str = "en") -> str:
        """Return an action in words."""
        who = self.actor_name(self.to_act())
        a = action.params
        names = {k: self.name(v, lang) for k, v in a.items() if isinstance(v, str)}
        key = f"sanctuary.action.{action.kind}"
        if action.kind == "play" and a.get("target"):
            key = "sanctuary.action.play_on"
        if action.kind == "use" and a.get("target"):
            key = "sanctuary.action.use_on"
        if action.kind == "use":
            ab = self.card(a["card"]).abilities[a["ability"]]
            names["ability"] = localize(ab.name, lang) or str(a["ability"] + 1)
        if action.kind == "mulligan" and self.phase == "setup":
            names["size"] = str(self._next_hand_size(self.setup_seat))
        return t(key, lang, who=who, **names)

    def event_seat(self, event: Event, actor: int) -> int | None:
        """The seat a log line is about: the seat the event names, else the owner of its card; a damaged
        card's owner, a duel's winner, a game's only winner; None for a duel without winner or a draw."""
        d = event.data if isinstance(event.data, dict) else {}
        k = event.kind
        if k == "DamageDealt":
            return card_owner(d.get("target"))
        if k == "DuelEnded":
            return card_owner(d.get("winner"))
        if k == "GameOver":
            w = d.get("winners") or []
            return w[0] if len(w) == 1 and w[0] in (0, 1) else None
        seat = d.get("seat")
        if seat in (0, 1) and not isinstance(seat, bool):
            return seat
        return card_owner(d.get("card"))

    def describe_event(self, event: Event, lang: str = "en") -> str | None:
        """Return a log line for an event (None for events the action line already says)."""
        d = event.data
        k = event.kind
        if k == "PhaseBegan":
            if d.get("phase") == "turn":
                return t("sanctuary.event.turn", lang, n=d.get("turn"), who=self.actor_name(d.get("seat")))
            return t("sanctuary.event.phase", lang, phase=t(f"sanctuary.phase.{d.get('phase')}", lang))
        if k == "DamageDealt":
            return t("sanctuary.event.damage", lang, target=self.name(d.get("target"), lang), n=d.get("amount"))
        if k == "Destroyed":
            return t("sanctuary.event.destroyed", lang, card=self.name(d.get("card"), lang))
        if k == "DuelEnded":
            if d.get("winner"):
                return t("sanctuary.event.duel_won", lang, card=self.name(d.get("winner"), lang))
            return t("sanctuary.event.duel_draw", lang)
        if k == "EmptyDeck":
            return t("sanctuary.event.empty_deck", lang, who=self.actor_name(d.get("seat")))
        if k == "GameOver":
            w = d.get("winners") or []
            if not w:
                return t("sanctuary.event.draw_game", lang)
            return t("sanctuary.event.won", lang, who=self.actor_name(w[0]))
        if k == "AutoPass":
            return t("sanctuary.event.autopass", lang, who=self.actor_name(d.get("seat")))
        if k == "FirstPlayer":
            return t("sanctuary.event.first", lang, who=self.actor_name(d.get("seat")))
        return None

    def heuristic(self, seat: int) -> float:
        """Return how good the position looks for ``seat`` in [0, 1]."""
        res = self.result()
        if res is not None:
            return res.value(seat)
        from game.rulesets.sanctuary.bot import evaluate

        return evaluate(self, seat)

    # --- loading ---------------------------------------------------------------------------------
    @classmethod
    def from_data(cls, level: Level, data: dict[str, Any]) -> "SanctuaryState":
        """Rebuild from to_json data already checked for its level; StateError names a bad field."""
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 2 or not all(isinstance(s, str) for s in seats):
            raise StateError("seats: expected two seat names")
        try:
            rng = Rng.from_json(data.get("rng"))
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise StateError(f"rng: {exc}") from None
        s = cls(level, seats, rng)
        players = data.get("players")
        if not isinstance(players, list) or len(players) != 2:
            raise StateError("players: expected two players")
        for i, pl in enumerate(players):
            if not isinstance(pl, dict):
                raise StateError(f"players[{i}]: expected a table")
            out: dict[str, Any] = {}
            for z in ("deck", "hand", "discard", "chars", "attachments", "techs", "hands_drawn"):
                v = pl.get(z)
                if not isinstance(v, list) or not all(isinstance(x, (int if z == "hands_drawn" else str)) for x in v):
                    raise StateError(f"players[{i}].{z}: expected a list")
                for x in v:
                    if z != "hands_drawn" and x not in s.owner_card:
                        raise StateError(f"players[{i}].{z}: unknown card {x!r}")
                out[z] = list(v)
            for z in ("structure", "will", "attachments_this_turn"):
                if not isinstance(pl.get(z), int) or isinstance(pl.get(z), bool):
                    raise StateError(f"players[{i}].{z}: expected an integer")
                out[z] = pl[z]
            if not isinstance(pl.get("kept"), bool):
                raise StateError(f"players[{i}].kept: expected true or false")
            out["kept"] = pl["kept"]
            if pl.get("sanctuary") != f"{i}.S":
                raise StateError(f"players[{i}].sanctuary: expected '{i}.S'")
            out["sanctuary"] = pl["sanctuary"]
            s.players.append(out)
        perm = data.get("perm")
        if not isinstance(perm, dict):
            raise StateError("perm: expected a table")
        for c, p in perm.items():
            if c not in s.owner_card or not isinstance(p, dict):
                raise StateError(f"perm.{c}: unknown card or not a table")
            try:
                s.perm[c] = {"tapped": bool(p["tapped"]), "damage": int(p["damage"]), "entered": int(p["entered"]),
                             "mod_turn": int(p["mod_turn"]), "mod_perm": int(p["mod_perm"]),
                             "durability": None if p["durability"] is None else int(p["durability"]),
                             "carrier": p["carrier"] if isinstance(p["carrier"], str) else None}
            except (KeyError, TypeError, ValueError) as exc:
                raise StateError(f"perm.{c}: {exc}") from None
        for name in ("turn", "active", "first_player", "setup_seat", "priority", "passes"):
            v = data.get(name)
            if not isinstance(v, int) or isinstance(v, bool):
                raise StateError(f"{name}: expected an integer")
            setattr(s, name, v)
        for name in ("active", "first_player", "setup_seat", "priority"):
            if getattr(s, name) not in (0, 1):
                raise StateError(f"{name}: expected 0 or 1")
        if data.get("phase") not in PHASES:
            raise StateError(f"phase: expected one of {', '.join(PHASES)}")
        s.phase = data["phase"]
        if data.get("step") not in ("mulligan", "priority", "declare", "attack", "block", "discard", "over"):
            raise StateError("step: unknown step")
        s.step = data["step"]
        stack = data.get("stack")
        if not isinstance(stack, list):
            raise StateError("stack: expected a list")
        for i, it in enumerate(stack):
            if not isinstance(it, dict) or it.get("card") not in s.owner_card or it.get("seat") not in (0, 1):
                raise StateError(f"stack[{i}]: expected card, seat and target")
            if it.get("target") is not None and it.get("target") not in s.owner_card:
                raise StateError(f"stack[{i}].target: unknown card {it.get('target')!r}")
            s.stack.append({"card": it["card"], "seat": it["seat"], "target": it.get("target")})
        duel = data.get("duel")
        if duel is not None:
            if not isinstance(duel, dict) or not all(isinstance(duel.get(k), str) for k in ("challenger", "target")):
                raise StateError("duel: expected challenger and target")
            if duel["challenger"] not in s.owner_card or duel["target"] not in s.owner_card:
                raise StateError("duel: unknown card")
            s.duel = {"challenger": duel["challenger"], "target": duel["target"]}
        combat = data.get("combat")
        if combat is not None:
            if not isinstance(combat, dict) or not isinstance(combat.get("attackers"), list) or \
                    not isinstance(combat.get("blocks"), dict) or not isinstance(combat.get("gone"), dict):
                raise StateError("combat: expected attackers, blocks and gone")
            known = s.owner_card
            if not all(a in known for a in combat["attackers"]) or \
                    not all(a in known and b in known for a, b in combat["blocks"].items()) or \
                    not all(a in known and isinstance(n, int) for a, n in combat["gone"].items()):
                raise StateError("combat: unknown card or bad value")
            s.combat = {"attackers": list(combat["attackers"]), "blocks": dict(combat["blocks"]),
                        "gone": dict(combat["gone"])}
        w = data.get("winners")
        if w is not None and (not isinstance(w, list) or not all(x in (0, 1) for x in w)):
            raise StateError("winners: expected a list of seats")
        s.winners = list(w) if w is not None else None
        s.end_reason = str(data.get("end_reason", ""))
        try:
            broken = s.invariants()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise StateError(f"inconsistent state: {exc}") from None
        if broken:
            raise StateError("inconsistent state: " + "; ".join(broken[:3]))
        return s


def card_owner(iid: Any) -> int | None:
    """The seat owning a card instance ("<seat>.<nn>" or "<seat>.S"), None for anything else."""
    return int(iid[0]) if isinstance(iid, str) and iid[:2] in ("0.", "1.") else None
