"""The scene's reading of the typed view: the records every pane draws (board marks, hero sheets, the goal
line, the fight), built once per position from the ``ExpeditionView`` of the seat in front.

Why a module of its own: the panes never read rule state, and they should not each re-derive names,
positions and numbers from the view; the ``Reader`` does it once per position (cached on the driver's
position key, the language and whether the seat in front may act) and the step, trade and city cards
are built on top of it (cards.py).
"""

from __future__ import annotations

from typing import Any

from game.engine.i18n import localize, t
from game.rulesets.expedition.battle import fighter_of
from game.rulesets.expedition.views import ExpeditionView
from game.rulesets.expedition.words import npc_words, put_site
from game.rulesets.skirmish.views import SkirmishView
from game.scenes.expedition.cards import Cards
from game.scenes.expedition.panes.battle import Fight
from game.scenes.expedition.panes.common import hero_path, monster_path
from game.scenes.expedition.panes.marks import (Board, GoalLine, HeroMark, ItemMark, MonsterMark, NpcMark, Sheet,
                                                SiteMark)
from game.scenes.expedition.panes.terrain import BiomeLook, Terrain

STEPS = ("move", "danger", "search", "contact")
#: the tracker's phase a step belongs to
PHASE_OF = {"move": "move", "danger": "danger", "help": "danger", "answer": "danger", "battle": "danger",
            "search": "search", "claim": "search", "contact": "contact", "offer": "contact", "reply": "contact",
            "city": "city", "final": "move", "over": "move"}


class Reader(Cards):
    """Records for the panes, cached per position (see the module docstring)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self._key: Any = None
        self._memo: dict[str, Any] = {}
        self._terrain: tuple[Any, Terrain] | None = None

    # ----------------------------------------------------------------- cache
    def _fresh(self) -> dict[str, Any]:
        s = self.scene
        key = (s.driver.cache_key, id(s.state), s.viewer, s.lang, s.can_act(), s.match.to_act())
        if key != self._key:
            self._key = key
            self._memo = {}
        return self._memo

    def forget(self) -> None:
        """Drop the records (the position changed)."""
        self._key = None
        self._memo = {}

    def memo(self, name: str, build: Any) -> Any:
        """A record built once per position."""
        m = self._fresh()
        if name not in m:
            m[name] = build()
        return m[name]

    @property
    def ev(self) -> ExpeditionView:
        """The typed view of the seat in front."""
        return self.memo("ev", lambda: ExpeditionView.of(self.scene.view, self.scene.match.level))

    @property
    def model(self) -> Any:
        """The level's tables (names, pictures, prices): the level, never the rule state."""
        return self.scene.match.level.model

    @property
    def lang(self) -> str:
        """The scene's language."""
        return str(self.scene.lang)

    def acting(self) -> bool:
        """True when the seat in front may act now."""
        return bool(self.scene.can_act())

    # ----------------------------------------------------------------- mode and phase
    def mode(self) -> str:
        """"battle", "trade", "city" or "map"."""
        ev = self.ev
        if ev.battle is not None or getattr(self.scene, "held", None) is not None:
            return "battle"
        if ev.step in ("offer", "reply") and ev.offer is not None:
            return "trade"
        if ev.step == "city":
            return "city"
        return "map"

    def phase_list(self) -> list[str]:
        """The tracker's phases: move, monsters, search, contact (city instead of the last three in a town)."""
        if PHASE_OF.get(self.ev.step) == "city":
            return [t("expedition_scene.phase.move"), t("expedition_scene.phase.city")]
        return [t(f"expedition_scene.phase.{p}") for p in STEPS]

    def phase_words(self) -> str:
        """The tracker's current phase."""
        if self.ev.battle is not None:
            return t("expedition_scene.phase.danger")
        return t(f"expedition_scene.phase.{PHASE_OF.get(self.ev.step, 'move')}")

    # ----------------------------------------------------------------- the map
    def terrain(self) -> Terrain:
        """The ground (built once per level)."""
        key = (self.scene.match.level.content_hash or id(self.scene.match.level), self.lang)
        if self._terrain is None or self._terrain[0] != key:
            m, mp = self.model, self.ev.map
            looks = [BiomeLook(bid, b.sprite or bid, b.variants, b.walkable, bid == "road" or b.sprite == "road",
                               localize(b.name, self.lang), b.is_dangerous) for bid, b in m.biomes.items()]
            grid = [[mp.biome(x, y) for x in range(mp.width)] for y in range(mp.height)]
            roads = [(s.x, s.y) for s in self.ev.sites if s.kind == "road"]
            towns = [(s.x, s.y) for s in self.ev.sites if s.kind == "town"]
            self._terrain = (key, Terrain.build(grid, looks, roads, towns))
        return self._terrain[1]

    def site_name(self, sid: str | None) -> str:
        """A site's name (a secret place when unknown)."""
        s = self.model.site(sid) if sid else None
        return localize(s.name, self.lang) if s is not None else t("expedition_scene.secret_place")

    def npc_name(self, nid: str) -> str:
        """An NPC's name."""
        n = self.model.npcs.get(nid)
        return localize(n.name, self.lang) if n is not None else str(nid)

    def monster(self, mid: str) -> tuple[str, str | None, str | None]:
        """A monster kind's name, icon and skirmish body."""
        m = self.model.monsters.get(mid)
        if m is None:
            return str(mid), None, None
        return localize(m.name, self.lang), getattr(m, "icon", None) or m.sprite, m.body

    def figure_of(self, c: Any) -> str | None:
        """The expedition's figure of a battle combatant: the hero's archetype, the monster's map icon."""
        who = fighter_of(str(getattr(c, "id", "")))
        if who is None:
            return None
        if who[0] == "hero":
            hero = next((h for h in self.ev.heroes if h.seat == who[1]), None)
            if hero is None:
                return None
            hdef = self.model.heroes.get(hero.hero)
            return hero_path(getattr(hdef, "sprite", None), hero.hero)
        m = self.model.monsters.get(who[1])
        if m is None:
            return None
        return monster_path(getattr(m, "icon", None) or m.sprite, m.body)

    def board(self) -> Board:
        """Everything the map shows now."""
        return self.memo("board", self._board)

    def _board(self) -> Board:
        ev, m = self.ev, self.model
        mine = next((h for h in ev.heroes if h.seat == ev.you), None)
        told = {k.npc for k in mine.known} if mine is not None else set()
        goal_site = ev.goal.site
        sites = tuple(SiteMark(s.id, s.kind, (s.x, s.y), self.site_name(s.id), s.id == goal_site) for s in ev.sites)
        npcs = tuple(NpcMark(n.npc, (n.x, n.y), self.npc_name(n.npc),
                             getattr(m.npcs.get(n.npc), "portrait", None), n.npc in told) for n in ev.npcs)
        heroes = tuple(HeroMark(h.seat, h.at, self.scene.seat_name(h.seat), h.seat == ev.active and not ev.over,
                                h.health <= 0) for h in ev.heroes)
        monsters: tuple[MonsterMark, ...] = ()
        if ev.encounter is not None:
            name, icon, body = self.monster(ev.encounter.monster)
            monsters = tuple(MonsterMark(f"{ev.encounter.monster}-{i}", at, name, icon, body)
                             for i, at in enumerate(ev.encounter.at))
        goal_at = next(((s.x, s.y) for s in ev.sites if s.id == goal_site), None)
        cost = {(x, y): c for x, y, c in ev.reach}
        return Board(self.terrain(), sites, npcs, heroes, monsters, frozenset(cost), ev.active, goal_at, cost)

    # ----------------------------------------------------------------- heroes
    def item(self, slot: int, iid: str, hidden: bool = False) -> ItemMark:
        """An item card as the panes draw it."""
        info = self.model.items.get(iid)
        if hidden or info is None:
            return ItemMark(slot, iid, t("expedition_scene.face_down") if hidden else iid, hidden=hidden)
        b = info.bonus
        bonus = t(f"expedition_scene.bonus.{b.stat}", n=b.amount) if b is not None else ""
        return ItemMark(slot, iid, localize(info.name, self.lang), info.rarity == "rare", bonus, info.price,
                        info.sprite, b.stat if b is not None else None, gear=info.equipment or "")

    def sheets(self) -> tuple[Sheet, ...]:
        """Every hero's sheet."""
        return self.memo("sheets", self._sheets)

    def _sheets(self) -> tuple[Sheet, ...]:
        ev, m = self.ev, self.model
        out = []
        for h in ev.heroes:
            items = tuple(self.item(i, iid) for i, iid in enumerate(h.items))
            bonus = {s: sum(m.items[i].bonus.amount for i in h.items if i in m.items and m.items[i].bonus is not None
                            and m.items[i].bonus.stat == s) for s in ("resistance", "agility", "vision")}
            stats = tuple((s, getattr(h, s), bonus[s]) for s in ("resistance", "agility", "vision"))
            known = tuple(self.message(k.npc, k.site) for k in h.known)
            quests = tuple(self.quest_words(q) for q in h.quests)
            arch = m.heroes.get(h.hero)
            out.append(Sheet(h.seat, self.scene.seat_name(h.seat), localize(arch.name, self.lang) if arch else h.hero,
                             h.health, h.max_health, h.gold, stats, items, known, quests, len(h.done),
                             h.seat == ev.active, h.seat == ev.you, self.scene.match.is_bot(h.seat)))
        return tuple(out)

    def message(self, npc: str, site: str) -> str:
        """An NPC's words naming a site, with who said them."""
        n = self.model.npcs.get(npc)
        if n is None:
            return "?"
        words = npc_words(self.model, npc, self.site_name(site) if site else None, self.lang)
        return f"{localize(n.name, self.lang)}: «{words}»"

    def quest_words(self, npc: str) -> str:
        """A quest card in words (its NPC and what to do)."""
        n = self.model.npcs.get(npc)
        if n is None or n.quest is None:
            return self.npc_name(npc)
        q = n.quest
        text = localize(q.text, self.lang) if q.text else ""
        if not text:
            target = (self.site_name(q.site) if q.kind == "reach" else
                      localize(self.model.items[q.item].name, self.lang) if q.kind == "bring" and q.item in
                      self.model.items else self.monster(q.monster or "")[0])
            if q.kind == "reach":  # "Reach the old lighthouse", "Raggiungi il vecchio faro"
                text = put_site(t(f"expedition_scene.quest.{q.kind}", what="{site}"), target, self.lang)
            else:
                text = t(f"expedition_scene.quest.{q.kind}", what=target)
        reward = t("expedition_scene.gold_n", n=q.gold) if q.gold else ""
        return f"{localize(n.name, self.lang)}: {text}" + (f" ({reward})" if reward else "")

    # ----------------------------------------------------------------- the goal
    def goal(self) -> GoalLine:
        """The strip over the map."""
        return self.memo("goal", self._goal)

    def _goal(self) -> GoalLine:
        ev, m = self.ev, self.model
        g = ev.goal
        where = self.site_name(g.site)
        item = localize(m.items[g.item].name, self.lang) if g.item and g.item in m.items else ""
        # the site's name as the sentence needs it ("llegar al viejo faro", not "llegar a El viejo faro")
        text = put_site(t(f"expedition_scene.goal.{g.kind}", site="{site}", item=item, n=g.count), where, self.lang)
        mode = t(f"expedition_scene.mode.{g.mode}")
        cards = []
        for c in ev.cards:
            card = m.events.get(c.card)
            name = localize(card.name, self.lang) if card is not None else c.card
            cards.append((name, t(f"expedition_scene.card.{c.step}", n=f"{c.amount:+d}", r=c.left)))
        return GoalLine(text, mode, ev.round, g.rounds, tuple(cards))

    # ----------------------------------------------------------------- the battle
    def fight(self) -> Fight:
        """The live battle's typed view for the arena panes."""
        return self.memo("fight", self._fight)

    def _fight(self) -> Fight:
        raw = self.ev.battle
        if raw is None:
            held = getattr(self.scene, "held", None)  # a battle just over, on screen until its last blow played
            return held if held is not None else Fight(None)
        child = getattr(self.scene.state, "child", None)
        catalogue = child.level.model if child is not None else None
        return Fight(SkirmishView.from_view(raw, catalogue))
