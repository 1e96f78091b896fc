"""The decision of the moment as cards for the panes: the step panel's card (escape or fight with the
odds, ask for help, answer, search with the odds, claim, contact, an NPC's message), the trade card and
the city card, and the outcome of what just happened (battle results, items found) as animations.

Why a module of its own: ``read.py`` turns the typed view into marks; this turns the view plus the legal
actions into choices with words and figures. Every choice carries a legal Action (or the reason it is
not one now); the odds are exact, from the dice the view reports.
"""

from __future__ import annotations

from math import comb
from typing import Any

from game.engine.actions import Action
from game.engine.events import Event
from game.engine.i18n import localize, t
from game.rulesets.expedition.kinds import ESCAPE_HITS, FREE_HEALS, HEAL_PRICE, MARKET_SIZE, SEARCH_MIN
from game.rulesets.expedition.views import HIDDEN
from game.scenes.expedition.panes.city import CityCard, Offer
from game.scenes.expedition.panes.common import monster_path, portrait_path
from game.scenes.expedition.panes.marks import Choice, StepCard
from game.scenes.expedition.panes.trade import TradeCard
from game.ui import anim, gfx
from game.ui.dice_tray import Face
from game.ui.payload import Ref


def at_least(n: int, k: int, p: float) -> float:
    """The chance of at least ``k`` successes among ``n`` dice that each succeed with chance ``p``."""
    if k <= 0:
        return 1.0
    return sum(comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1))


def face_chance(from_face: int) -> float:
    """The chance that a d6 shows ``from_face`` or more."""
    return max(0, min(6, 7 - from_face)) / 6


def percent(p: float) -> str:
    """A chance in words ("42 %")."""
    return t("expedition_scene.percent", n=int(round(p * 100)))


class Cards:
    """The card builders, mixed into the ``Reader`` (they use its view, words and cache)."""

    scene: Any

    @property
    def ev(self) -> Any:  # pragma: no cover - the Reader's
        """The typed view."""
        raise NotImplementedError

    @property
    def model(self) -> Any:  # pragma: no cover - the Reader's
        """The level's tables."""
        raise NotImplementedError

    @property
    def lang(self) -> str:  # pragma: no cover - the Reader's
        """The language."""
        raise NotImplementedError

    def acting(self) -> bool:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def memo(self, name: str, build: Any) -> Any:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def item(self, slot: int, iid: str, hidden: bool = False) -> Any:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def message(self, npc: str, site: str) -> str:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def quest_words(self, npc: str) -> str:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def npc_name(self, nid: str) -> str:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def site_name(self, sid: str | None) -> str:  # pragma: no cover - the Reader's
        raise NotImplementedError

    def monster(self, mid: str) -> tuple[str, str | None, str | None]:  # pragma: no cover - the Reader's
        raise NotImplementedError

    # ----------------------------------------------------------------- helpers
    def legal(self) -> list[Action]:
        """The legal actions when the seat in front may act (else none)."""
        return list(self.scene.legal) if self.acting() else []

    def of(self, *kinds: str) -> list[Action]:
        """The legal actions of these kinds."""
        return [a for a in self.legal() if a.kind in kinds]

    def one(self, kind: str) -> Action | None:
        """The legal action of this kind (the first)."""
        found = self.of(kind)
        return found[0] if found else None

    def choice(self, action: Action | None, label: str, detail: str = "", primary: bool = False) -> list[Choice]:
        """A button for an action when it is legal now (none otherwise)."""
        return [] if action is None else [Choice(label, action, detail, primary)]

    def name(self, seat: int | None) -> str:
        """A seat's name."""
        return str(self.scene.seat_name(seat))

    # ----------------------------------------------------------------- the step panel
    def step_card(self) -> StepCard | None:
        """The decision panel of this moment (None: nothing to show over the map)."""
        return self.memo("step", self._step_card)

    def _step_card(self) -> StepCard | None:
        ev = self.ev
        secret = getattr(self.scene, "secret", None)
        if secret is not None and secret[0] == self.scene.viewer:
            return self._message_card(secret[1], secret[2])
        if ev.over:
            return None
        step, seat = ev.step, ev.decision.seat
        if not self.acting():
            if step in ("move", "final") or seat is None:
                return None
            return StepCard(t("expedition_scene.waiting", name=self.name(seat)),
                            (t(f"expedition_scene.step.{step}"),), seat=seat)
        build = getattr(self, f"_card_{step}", None)
        return build() if build is not None else None

    def _message_card(self, npc: str, site: str) -> StepCard:
        """An NPC's secret message, to its hero's player alone (gone when another player sits down)."""
        portrait = portrait_path(getattr(self.model.npcs.get(npc), "portrait", None), npc)
        words = self.message(npc, site).split(": ", 1)[-1]
        ok = Choice(t("expedition_scene.got_it"), Ref.of("dismiss"), primary=True)
        return StepCard(t("expedition_scene.message_title", name=self.npc_name(npc)), (words,), (portrait,), (ok,),
                        self.scene.viewer)

    def _card_danger(self) -> StepCard:
        ev = self.ev
        n, need, face = ev.escape_dice, ESCAPE_HITS, self.model.dice.escape
        chance = ev.escape_chance
        h = ev.active_hero
        biome = self.model.biomes.get(ev.map.biome(h.x, h.y))
        lines = (t("expedition_scene.danger_line", biome=localize(biome.name, self.lang) if biome else "?"),
                 t("expedition_scene.escape_rule", n=n, need=need, face=face))
        choices = (self.choice(self.one("escape"), t("expedition_scene.escape"), percent(chance), True)
                   + self.choice(self.one("fight"), t("expedition_scene.fight")))
        return StepCard(t("expedition_scene.danger_title"), lines, choices=tuple(choices), seat=ev.active)

    def _monster_pictures(self) -> tuple[tuple[str, ...], str]:
        m = self.ev.encounter
        if m is None:
            return (), ""
        name, icon, body = self.monster(m.monster)
        return (monster_path(icon, body),) * max(1, len(m.at)), \
            t("expedition_scene.monsters_line", n=len(m.at), name=name)

    def _card_help(self) -> StepCard:
        ev = self.ev
        pics, words = self._monster_pictures()
        choices: list[Choice] = []
        for a in self.of("ask"):
            choices.append(Choice(t("expedition_scene.ask", name=self.name(a.get("hero"))), a))
        choices += self.choice(self.one("battle"), t("expedition_scene.battle"), primary=True)
        choices += self.choice(self.one("quick"), t("expedition_scene.quick"))
        helpers = [self.name(s) for s in (ev.encounter.helpers if ev.encounter else [])]
        lines = (words,) + ((t("expedition_scene.helpers", names=", ".join(helpers)),) if helpers else ())
        return StepCard(t("expedition_scene.help_title"), lines, pics, tuple(choices), ev.active)

    def _card_answer(self) -> StepCard:
        ev = self.ev
        pics, words = self._monster_pictures()
        choices = (self.choice(self.one("accept"), t("expedition_scene.accept_help"), primary=True)
                   + self.choice(self.one("refuse"), t("expedition_scene.refuse_help")))
        return StepCard(t("expedition_scene.answer_title", name=self.name(ev.active)), (words,), pics,
                        tuple(choices), ev.decision.seat)

    def _card_search(self) -> StepCard:
        ev = self.ev
        n, need, dice = ev.vision_dice, SEARCH_MIN, self.model.dice
        p = ev.search_chance
        lines = (t("expedition_scene.search_rule", n=n, need=need, face=dice.vision, luck=dice.luck),)
        choices = self.choice(self.one("search"), t("expedition_scene.search"), percent(p), True)
        return StepCard(t("expedition_scene.search_title"), lines, choices=tuple(choices), seat=ev.active)

    def _card_claim(self) -> StepCard:
        ev = self.ev
        choices = []
        for a in self.of("claim"):
            n, r = int(a.get("normal") or 0), int(a.get("rare") or 0)
            parts = ([t("expedition_scene.n_normal", n=n)] if n else []) + ([t("expedition_scene.n_rare", n=r)] if r
                                                                           else [])
            choices.append(Choice(" + ".join(parts), a, t("expedition_scene.costs", n=2 * n + 3 * r)))
        return StepCard(t("expedition_scene.claim_title", n=ev.successes),
                        (t("expedition_scene.claim_rule"),), choices=tuple(choices), seat=ev.active)

    def _card_contact(self) -> StepCard:
        ev = self.ev
        choices: list[Choice] = []
        pics: list[str] = []
        for a in self.of("talk"):
            nid = str(a.get("npc"))
            who = self.npc_name(nid)
            pics.append(portrait_path(getattr(self.model.npcs.get(nid), "portrait", None), nid))
            choices.append(Choice(t("expedition_scene.talk", name=who), a, primary=True))
        for a in self.of("trade"):
            choices.append(Choice(t("expedition_scene.trade", name=self.name(a.get("hero"))), a))
        choices += self.choice(self.one("done"), t("expedition_scene.go_on"))
        talked = set(ev.talked)
        heard = [k for k in ev.active_hero.known if k.npc in talked and k.teller is None]
        lines = tuple(self.message(k.npc, k.site) for k in heard) or (t("expedition_scene.contact_line"),)
        return StepCard(t("expedition_scene.contact_title"), lines, tuple(pics), tuple(choices), ev.active)

    # ----------------------------------------------------------------- trade
    def trade_card(self) -> TradeCard:
        """The trade screen's card."""
        return self.memo("trade", self._trade_card)

    def _trade_card(self) -> TradeCard:
        ev = self.ev
        o = ev.offer
        maker, other = ev.heroes[o.frm], ev.heroes[o.to]
        reply = ev.step == "reply"
        toggles = {("give", a.get("slot")): a for a in self.of("give")}
        toggles.update({("take", a.get("slot")): a for a in self.of("take")})
        infos: list[tuple[str, Any]] = []
        told = -1
        if not reply:
            tell = {a.get("info"): a for a in self.of("tell")}
            infos.append((t("expedition_scene.tell_nothing"), tell.get(-1)))
            # which row is a message this hero knows and which a lie is said on the row (the maker's screen only)
            tellable = [t("expedition_scene.tell_known", words=self.message(k.npc, k.site)) for k in maker.known]
            tellable += [t("expedition_scene.tell_lie", words=self.message(r.npc, r.site)) for r in self.model.rumours]
            for i, words in enumerate(tellable):
                infos.append((words, tell.get(i)))
            told = o.info + 1
        message = ""
        if reply and o.has_message:
            message = t("expedition_scene.a_message")
        if reply:
            buttons = (self.choice(self.one("accept"), t("expedition_scene.accept"), primary=True)
                       + self.choice(self.one("refuse"), t("expedition_scene.refuse")))
        else:
            buttons = (self.choice(self.one("cancel"), t("expedition_scene.cancel"))
                       + self.choice(self.one("send"), t("expedition_scene.send"), primary=True))
        return TradeCard(self.name(maker.seat), self.name(other.seat), maker.seat, other.seat,
                         tuple(self.item(i, iid) for i, iid in enumerate(maker.items)),
                         tuple(self.item(i, iid) for i, iid in enumerate(other.items)),
                         frozenset(o.give), frozenset(o.take), tuple(infos), told, message, reply, toggles,
                         tuple(buttons))

    # ----------------------------------------------------------------- city
    def city_card(self) -> CityCard:
        """The city screen's card."""
        return self.memo("city", self._city_card)

    def _city_card(self) -> CityCard:
        ev = self.ev
        h = ev.heroes[ev.active]
        buys = {a.get("slot"): a for a in self.of("buy")}
        sells = {a.get("slot"): a for a in self.of("sell")}
        quests = {a.get("npc"): a for a in self.of("quest")}
        market = []
        browse = self.one("browse")
        if not ev.market and browse is not None:
            back = self.item(-1, HIDDEN, True)
            market = [Offer(back, t("expedition_scene.browse_tip"), browse) for _ in range(MARKET_SIZE)]
        for i, iid in enumerate(ev.market):
            hidden = iid == HIDDEN
            it = self.item(i, iid, hidden)
            if hidden:
                market.append(Offer(it, t("expedition_scene.face_down")))
            elif i in buys:
                market.append(Offer(it, it.name, buys[i], None, t("expedition_scene.gold_n", n=it.price)))
            else:
                market.append(Offer(it, it.name, None, t("expedition_scene.cannot_buy"),
                                    t("expedition_scene.gold_n", n=it.price)))
        selling = []
        for i, iid in enumerate(h.items):
            it = self.item(i, iid)
            price = self.item(i, iid).price // 2
            if i in sells:
                selling.append(Offer(it, it.name, sells[i], None, t("expedition_scene.gold_n", n=price)))
            else:
                selling.append(Offer(it, it.name, None, t("expedition_scene.cannot_sell")))
        offers = []
        taken = {q for x in ev.heroes for q in x.quests + x.done}
        for nid in [n for n, npc in self.model.npcs.items() if npc.quest is not None and n not in taken]:
            words = self.quest_words(nid)
            if nid in quests:
                offers.append(Offer(None, words, quests[nid]))
            else:
                offers.append(Offer(None, words, None, t("expedition_scene.quests_full")))
        heal = self.one("heal")
        heals = self.ev.heals
        heal_words = t("expedition_scene.free") if heals < FREE_HEALS else t("expedition_scene.gold_n", n=HEAL_PRICE)
        # the buttons keep their places: one used up stays, greyed, and says why when clicked
        browse_button = self.choice(browse, t("expedition_scene.browse")) or [
            Choice(t("expedition_scene.browse"), None, reason=t("expedition_scene.browsed"))]
        if heal is not None:
            heal_button = self.choice(heal, t("expedition_scene.heal"), heal_words)
        else:
            why = "expedition_scene.heal_full" if h.health >= h.max_health else "expedition_scene.heal_no_gold"
            heal_button = [Choice(t("expedition_scene.heal"), None, heal_words, reason=t(why, n=HEAL_PRICE))]
        buttons = browse_button + heal_button + self.choice(self.one("leave"), t("expedition_scene.leave"),
                                                            primary=True)
        town = ev.site_at(h.x, h.y)
        return CityCard(self.site_name(town.id) if town else t("expedition_scene.town"), self.name(h.seat),
                        h.gold, f"{h.health}/{h.max_health}", tuple(market), tuple(selling), tuple(offers),
                        tuple(buttons))

    # ----------------------------------------------------------------- dice
    def dice_faces(self, event: Event) -> list[Any]:
        """The faces a roll shows in the tray: hits lit, the luck die in gold, the monster die named."""
        data = event.data if isinstance(event.data, dict) else {}
        dice = list(data.get("dice") or [])
        purpose = data.get("purpose")
        pal = gfx.palette()
        model = self.model
        if purpose == "escape":
            face = int(data.get("hit_from") or model.dice.escape)
            return [Face(str(d), pips=d, colour=pal.good if d >= face else None) for d in dice if isinstance(d, int)]
        if purpose == "search" and dice:
            face = model.dice.vision
            out = [Face(str(d), pips=d, colour=pal.good if d >= face else None) for d in dice[:-1]
                   if isinstance(d, int)]
            luck = dice[-1]
            return out + [Face(str(luck), pips=luck, colour=pal.accent if data.get("lucky") else pal.bad)]
        if purpose == "monsters" and len(dice) == 2:
            mid, count = dice
            name = t("expedition_scene.no_monster") if mid == "none" else self.monster(str(mid))[0]
            return [Face(name.split()[0]), count]
        return dice

    def roll_words(self, event: Event) -> str | None:
        """The tray's words for a roll whose total means nothing: the monsters that come ("1 × Toll reaver")."""
        data = event.data if isinstance(event.data, dict) else {}
        dice = list(data.get("dice") or [])
        if data.get("purpose") != "monsters" or len(dice) != 2:
            return None
        mid, count = dice
        if mid == "none":
            return t("expedition_scene.no_monster")
        return t("expedition_scene.monsters_roll", count=count, monster=self.monster(str(mid))[0])

    # ----------------------------------------------------------------- outcomes
    def outcome(self, events: list[Event]) -> list[Any]:
        """Banners and floating numbers for what just happened: a battle's result (back on the map), an escape,
        items found, gold won, paid or earned, health healed, a knock-out."""
        out: list[Any] = []
        scene = self.scene
        pal = gfx.palette()
        for e in events:
            data = e.data if isinstance(e.data, dict) else {}
            words, sub = "", ""
            if e.kind == "BattleEnded":
                words = t("expedition_scene.battle_won" if data.get("won") else "expedition_scene.battle_lost")
                sub = t("expedition_scene.battle_sub", n=int(data.get("defeated") or 0), m=int(data.get("count") or 0))
            elif e.kind == "HeroKnockedOut":
                words = t("expedition_scene.knocked_out", name=self.name(data.get("seat")))
                sub = t("expedition_scene.gold_lost", n=int(data.get("gold_lost") or 0))
            elif e.kind == "EscapeRolled":
                words = t("expedition_scene.escaped" if data.get("escaped") else "expedition_scene.caught")
            elif e.kind == "ItemsFound" and data.get("items"):
                words = t("expedition_scene.found", n=len(data["items"]))
            if words:
                out.append(scene.banner.show_anim(words, 1.1, sub=sub))
            change = {"RewardTaken": data.get("gold"), "ItemSold": data.get("price"),
                      "ItemBought": -int(data.get("price") or 0) if e.kind == "ItemBought" else None}.get(e.kind)
            if isinstance(change, int) and change:
                out.append(self._float(data.get("seat"), f"{change:+d}", pal.accent))
            if e.kind == "HeroHealed":
                out.append(self._float(data.get("seat"), "+1", pal.good))
        return out

    def _float(self, seat: Any, words: str, colour: Any) -> Any:
        """A number rising over a hero's token on the map."""
        scene = self.scene

        def spawn() -> None:
            hero = scene.reader.board().hero(seat)
            if hero is not None:
                x, y = hero.at
                scene.map.floats.spawn(words, scene.cam.cell_rect(x, y).midtop, colour, size=22, style="boxed")

        return anim.Sequence(anim.Call(spawn), anim.Wait(0.2))
