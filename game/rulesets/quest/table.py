"""The table primitives every phase and effect uses: stats, moving, damage, threat, progress, paying.

A mixin of ``QuestState``. Everything that changes the table goes through here, so the
consequences follow at once: a character at its hit points leaves play with its attachments, an
enemy at its hit points is defeated, a player at threat 50 or with no hero left is eliminated, the
last stage's progress wins the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.events import Event
from game.engine.i18n import localize
from game.rulesets.quest.cards import owner_of
from game.rulesets.quest.parts import P_OVER, THREAT_OUT, Boost, CardState

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.quest.state import QuestState

STATS = ("willpower", "attack", "defense", "threat")


class Table:
    """Looking at and changing the table (mixed into ``QuestState``)."""

    # --- looking ---------------------------------------------------------------------------------
    def name(self: QuestState, iid: Any, lang: str = "en") -> str:  # type: ignore[misc]
        """Return a card instance's name in a language ("?" for an unknown id)."""
        cid = self.cid.get(iid) if isinstance(iid, str) else None
        return localize(self.cards[cid].name, lang) if cid else "?"

    def turn_order(self: QuestState) -> list[int]:  # type: ignore[misc]
        """Seats still in the game, in turn order from the first player."""
        n = len(self.players)
        return [s for s in ((self.first_player + i) % n for i in range(n)) if not self.players[s].eliminated]

    def characters(self: QuestState, seat: int) -> list[str]:  # type: ignore[misc]
        """A seat's characters in play: heroes, then allies."""
        p = self.players[seat]
        return p.heroes + p.allies

    def stat(self: QuestState, iid: str, stat: str) -> int:  # type: ignore[misc]
        """A card's current stat: printed value, boosts and its attachments' lasting boosts (at least 0)."""
        d = self.defn(iid)
        value = getattr(d, stat)
        cs = self.table.get(iid)
        if cs is not None:
            for b in cs.boosts:
                if b.stat == stat:
                    value += b.amount
            for a in self.attachments_on(iid):
                for e in self.defn(a).effects:
                    if e.when == "attached" and e.effect == "boost" and e.stat == stat:
                        value += e.amount
        return value if value > 0 else 0

    def hp(self: QuestState, iid: str) -> int:  # type: ignore[misc]
        """A card's hit points."""
        return self.defn(iid).hp

    def is_ready(self: QuestState, iid: str) -> bool:  # type: ignore[misc]
        """True for a card in play that is not exhausted."""
        cs = self.table.get(iid)
        return cs is not None and not cs.exhausted

    def has_kw(self: QuestState, iid: str, kw: str) -> bool:  # type: ignore[misc]
        """True when the card has that keyword."""
        return kw in self.defn(iid).keywords

    def staging_threat(self: QuestState) -> int:  # type: ignore[misc]
        """The staging area's threat total (engaged enemies and the active location never count)."""
        return sum(self.stat(c, "threat") for c in self.encounter.staging)

    def engaged_with(self: QuestState, enemy: str) -> int | None:  # type: ignore[misc]
        """The seat an enemy is engaged with, None when it is not engaged."""
        for s, p in enumerate(self.players):
            if enemy in p.engaged:
                return s
        return None

    def attachments_on(self: QuestState, iid: str) -> list[str]:  # type: ignore[misc]
        """The attachments attached to a card, in play order."""
        return [a for p in self.players for a in p.attachments if self.table[a].attached_to == iid]

    # --- changing --------------------------------------------------------------------------------
    def enter_play(self: QuestState, iid: str) -> CardState:  # type: ignore[misc]
        """Give a card entering play its table state."""
        cs = CardState()
        self.table[iid] = cs
        return cs

    def exhaust(self: QuestState, iid: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """Exhaust a card in play."""
        cs = self.table.get(iid)
        if cs is not None and not cs.exhausted:
            cs.exhausted = True
            ev.append(Event("Exhausted", {"card": iid}))

    def ready(self: QuestState, iid: str, ev: list[Event] | None = None) -> None:  # type: ignore[misc]
        """Ready a card in play."""
        cs = self.table.get(iid)
        if cs is not None and cs.exhausted:
            cs.exhausted = False
            if ev is not None:
                ev.append(Event("Readied", {"card": iid}))

    def add_boost(self: QuestState, iid: str, stat: str, amount: int, until: str) -> None:  # type: ignore[misc]
        """A temporary stat change."""
        cs = self.table.get(iid)
        if cs is not None:
            cs.boosts.append(Boost(stat, amount, until))

    def draw(self: QuestState, seat: int, n: int, ev: list[Event]) -> int:  # type: ignore[misc]
        """Draw up to n cards (1a1: an empty deck is never reshuffled); return how many were drawn."""
        p = self.players[seat]
        got = 0
        for _ in range(n):
            if not p.deck:
                ev.append(Event("DeckEmpty", {"seat": seat}))
                break
            c = p.deck.pop()
            p.hand.append(c)
            got += 1
            ev.append(Event("CardDrawn", {"seat": seat, "card": c}, private_to=seat))
        return got

    def heal(self: QuestState, iid: str, n: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """Remove up to n damage."""
        cs = self.table.get(iid)
        if cs is not None and cs.damage:
            k = min(n, cs.damage)
            cs.damage -= k
            ev.append(Event("Healed", {"card": iid, "amount": k}))

    def deal_damage(self: QuestState, iid: str, n: int, ev: list[Event], source: str | None = None) -> None:  # type: ignore[misc]
        """Deal damage; a character or enemy at its hit points leaves play."""
        cs = self.table.get(iid)
        if cs is None or n <= 0:
            return
        cs.damage += n
        ev.append(Event("Damaged", {"card": iid, "amount": n, "source": source}))
        if cs.damage >= self.hp(iid):
            if owner_of(iid) is None:
                self.defeat_enemy(iid, ev)
            else:
                self.destroy_character(iid, ev)

    def destroy_character(self: QuestState, iid: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """A character leaves play: it and its attachments go to their owners' discard piles."""
        seat = owner_of(iid)
        assert seat is not None
        p = self.players[seat]
        for a in self.attachments_on(iid):
            self.discard_attachment(a, ev)
        if iid in p.heroes:
            p.heroes.remove(iid)
        elif iid in p.allies:
            p.allies.remove(iid)
        self.table.pop(iid, None)
        p.discard.append(iid)
        ev.append(Event("CharacterDestroyed", {"card": iid, "seat": seat}))
        from game.rulesets.quest.verbs import run_effects

        run_effects(self, iid, "leave", seat, None, ev)
        if not p.heroes and not p.eliminated:
            self.eliminate(seat, "heroes", ev)

    def discard_attachment(self: QuestState, a: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """A player attachment goes to its owner's discard pile."""
        seat = owner_of(a)
        assert seat is not None
        p = self.players[seat]
        p.attachments.remove(a)
        self.table.pop(a, None)
        p.discard.append(a)
        ev.append(Event("AttachmentDiscarded", {"card": a, "seat": seat}))

    def to_encounter_discard(self: QuestState, iid: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """An encounter card leaves play: to the victory display when it has victory points, else discarded."""
        self.table.pop(iid, None)
        enc = self.encounter
        shadow = enc.shadows.pop(iid, None)
        if shadow is not None:
            enc.discard.append(shadow)
            if iid in self.shadows_up:
                self.shadows_up.remove(iid)
        for guarded, guard in list(enc.guards.items()):
            if guard == iid or guarded == iid:
                del enc.guards[guarded]
        if self.defn(iid).victory:
            enc.victory.append(iid)
        else:
            enc.discard.append(iid)

    def defeat_enemy(self: QuestState, iid: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """An enemy at its hit points is defeated."""
        seat = self.engaged_with(iid)
        if seat is not None:
            self.players[seat].engaged.remove(iid)
        elif iid in self.encounter.staging:
            self.encounter.staging.remove(iid)
        self.to_encounter_discard(iid, ev)
        ev.append(Event("EnemyDefeated", {"card": iid, "seat": seat}))
        from game.rulesets.quest.verbs import run_effects

        run_effects(self, iid, "defeated", None, None, ev)

    def engage(self: QuestState, seat: int, enemy: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """An enemy leaves the staging area and engages a player."""
        self.encounter.staging.remove(enemy)
        self.players[seat].engaged.append(enemy)
        ev.append(Event("Engaged", {"seat": seat, "card": enemy}))

    def raise_threat(self: QuestState, seat: int, n: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """A player's threat rises (or falls for negative n, never below 0); at 50 the player is out."""
        p = self.players[seat]
        if p.eliminated or n == 0:
            return
        p.threat = max(0, p.threat + n)
        ev.append(Event("ThreatChanged", {"seat": seat, "amount": n, "threat": p.threat}))
        if p.threat >= THREAT_OUT:
            self.eliminate(seat, "threat", ev)

    def eliminate(self: QuestState, seat: int, reason: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """A player is out: its cards in play are discarded and its engaged enemies go back to staging."""
        p = self.players[seat]
        if p.eliminated:
            return
        p.eliminated = True
        ev.append(Event("PlayerEliminated", {"seat": seat, "reason": reason}))
        for a in list(p.attachments):
            self.discard_attachment(a, ev)
        for c in p.heroes + p.allies:
            self.table.pop(c, None)
            p.discard.append(c)
        p.heroes, p.allies = [], []
        for e in list(p.engaged):
            p.engaged.remove(e)
            shadow = self.encounter.shadows.pop(e, None)
            if shadow is not None:
                self.encounter.discard.append(shadow)
                if e in self.shadows_up:
                    self.shadows_up.remove(e)
            self.encounter.staging.append(e)
        self.order_left = [s for s in self.order_left if s != seat]
        if all(q.eliminated for q in self.players):
            self.end_game([], "defeat", ev)
        elif self.first_player == seat:
            order = self.turn_order()
            self.first_player = order[0]

    def set_phase(self: QuestState, phase: Any, ev: list[Event]) -> None:  # type: ignore[misc]
        """Enter a phase (a no-op when already in it): boosts until the end of the phase end."""
        if self.phase is phase:
            return
        for cs in self.table.values():
            if cs.boosts:
                cs.boosts = [b for b in cs.boosts if b.until != "end_of_phase"]
        self.phase = phase
        ev.append(Event("PhaseBegan", {"phase": phase.value, "round": self.round}))

    def end_game(self: QuestState, winners: list[int], reason: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """The game is over: the players won (all seats) or lost (nobody)."""
        _end_game(self, winners, reason, ev)

    # --- progress and stages ----------------------------------------------------------------------
    def add_progress(self: QuestState, n: int, ev: list[Event], to_quest_only: bool = False) -> None:  # type: ignore[misc]
        """Place progress: the active location first (4a2), the rest on the quest stage."""
        enc = self.encounter
        if n <= 0:
            return
        if enc.active is not None and not to_quest_only:
            cs = self.table[enc.active]
            need = self.defn(enc.active).quest_points - cs.progress
            k = min(n, need)
            cs.progress += k
            n -= k
            ev.append(Event("Progress", {"card": enc.active, "amount": k}))
            if cs.progress >= self.defn(enc.active).quest_points:
                self.explore(enc.active, ev)
        if n > 0:
            self.quest_progress(n, ev)

    def explore(self: QuestState, loc: str, ev: list[Event]) -> None:  # type: ignore[misc]
        """A location with all its quest points is explored and leaves play."""
        enc = self.encounter
        if enc.active == loc:
            enc.active = None
        elif loc in enc.staging:
            enc.staging.remove(loc)
        self.to_encounter_discard(loc, ev)
        ev.append(Event("LocationExplored", {"card": loc}))
        from game.rulesets.quest.verbs import run_effects

        run_effects(self, loc, "explored", None, None, ev)

    def stage_points(self: QuestState, stage: int) -> int:  # type: ignore[misc]
        """The progress a stage needs with this many seats: quest_points + quest_points_per_player x (seats - 1)."""
        s = self.model.stages[stage]
        return int(s.quest_points + s.quest_points_per_player * (len(self.players) - 1))

    def quest_progress(self: QuestState, n: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """Progress on the quest stage; a complete stage gives way to the next, the last one wins."""
        enc = self.encounter
        stages = self.model.stages
        enc.progress += n
        ev.append(Event("QuestProgress", {"stage": enc.stage, "amount": n, "progress": enc.progress}))
        if enc.progress >= self.stage_points(enc.stage):
            ev.append(Event("StageCompleted", {"stage": enc.stage}))
            if enc.stage + 1 >= len(stages):
                self.end_game(list(range(len(self.players))), "victory", ev)
                return
            enc.stage += 1
            enc.progress = 0
            self.begin_stage(ev)

    def begin_stage(self: QuestState, ev: list[Event]) -> None:  # type: ignore[misc]
        """A quest stage begins: its effects happen."""
        from game.rulesets.quest.verbs import run_list

        ev.append(Event("StageBegan", {"stage": self.encounter.stage}))
        run_list(self, self.model.stages[self.encounter.stage].effects, None, None, None, ev)

    # --- paying ----------------------------------------------------------------------------------
    def payers(self: QuestState, seat: int, sphere: str) -> list[str]:  # type: ignore[misc]
        """The heroes that may pay for a card of that sphere (neutral: any hero)."""
        return [h for h in self.players[seat].heroes if sphere == "neutral" or self.defn(h).sphere == sphere]

    def can_pay(self: QuestState, seat: int, sphere: str, cost: int) -> bool:  # type: ignore[misc]
        """True when the matching heroes hold enough resources."""
        return sum(self.table[h].resources for h in self.payers(seat, sphere)) >= cost

    def pay(self: QuestState, seat: int, sphere: str, cost: int, ev: list[Event]) -> None:  # type: ignore[misc]
        """Pay from the matching heroes, the richest first (ties in hero order)."""
        left = cost
        heroes = sorted(self.payers(seat, sphere), key=lambda h: -self.table[h].resources)
        for h in heroes:
            if left <= 0:
                break
            k = min(left, self.table[h].resources)
            if k:
                self.table[h].resources -= k
                left -= k
                ev.append(Event("ResourcesPaid", {"card": h, "amount": k, "seat": seat}))


def _end_game(st: QuestState, winners: list[int], reason: str, ev: list[Event]) -> None:
    """The game is over: the players won (all seats) or lost (nobody)."""
    if st.phase is P_OVER:
        return
    from game.rulesets.quest.parts import Step, Window

    st.phase = P_OVER
    st.step = Step.OVER
    st.window = Window.NONE
    st.winners = list(winners)
    st.end_reason = reason
    for item in st.stack.items:  # events still waiting on the stack go to their owners' discards
        if isinstance(item, dict) and item.get("kind") == "play":
            st.players[item["seat"]].discard.append(item["card"])
    st.stack.clear()
    st.order_left = []
    st.attack = None
    st.strike = None
    ev.append(Event("GameOver", {"winners": list(winners), "reason": reason}))
