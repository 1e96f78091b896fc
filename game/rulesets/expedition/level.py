"""The expedition level file model (pydantic): content tables, the map, the goal and the battle mapping.

A level names its content (usually from shared ``_*.toml`` includes): biomes (a letter each, walkable
or not, dangerous or not, a monster die and a quantity die), monsters (skirmish bodies and stats,
rewards), items (normal and rare decks: an exploration bonus and the skirmish equipment they become
in battle, a price), NPCs (a secret message naming a site, a quest), event cards, rumours (false
messages a liar may tell), hero archetypes. Then the level itself: the map (``map.rows``, one letter a
square, or ``map.tiled``, a Tiled JSON map read by ``tiled.py``), sites, placed NPCs, starting
squares, the goal, cooperative or competitive, the round limit and how battles map heroes to skirmish
combatants. The skirmish content (bodies, actions, equipment) is included from the shipped skirmish
tables (``include = ["shipped:skirmish/_bodies.toml", ...]``) and checked by the skirmish rules
themselves (through the registry) when the level loads. docs/rules/expedition.md shows the format.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from game.engine.levelchecks import raise_problems, suggest
from game.engine.limits import STAT_MAX
from game.engine.schema import Ident, LevelBase, LocalizedName, LocalizedText, SeatRange, StrictModel
from game.rulesets.expedition.grid import Grid, grid_of, skirmish_problem
from game.rulesets.expedition.kinds import EventStep, GoalKind

MAX_SIDE = 96
Square = tuple[int, int]
ExpStat = Literal["resistance", "agility", "vision"]
SkStat = Literal["ap", "hp", "str", "def", "per", "mag", "dr"]
SiteKind = Literal["town", "ruin", "lair", "road", "shrine", "camp", "tower", "landmark"]
#: site kinds that are safe by default (RULES.md: roads, towns and cleared sites)
SAFE_SITES = ("town", "road")
NONE_FACE = "none"
#: a hero's skirmish stats before the exploration stats, and which skirmish stat each raises
BASE_STATS: dict[SkStat, int] = {"ap": 9, "str": 1, "def": 0, "per": 0, "mag": 0, "dr": 0}
PER_STAT: dict[ExpStat, SkStat] = {"resistance": "str", "agility": "def", "vision": "per"}


def _near(word: str, options: Any) -> str:
    return suggest(str(word), options)  # bounded work (engine/levelchecks.py)


class Biome(StrictModel):
    """A biome tile: its letter on the map, whether heroes may enter it, its dice."""

    name: LocalizedName
    letter: str = Field(min_length=1, max_length=1, description="the map letter of this biome")
    walkable: bool = True
    dangerous: bool | None = Field(None, description="monsters may come (default: walkable wild land)")
    monster_die: list[str] = Field(default_factory=lambda: [NONE_FACE], min_length=1, max_length=12,
                                   description="faces: monster ids or 'none'")
    quantity_die: list[int] = Field(default_factory=lambda: [1], min_length=1, max_length=12)
    sprite: Ident | None = None
    variants: int = Field(1, ge=1, le=16, description="sprite variants the scene may draw")
    event: Ident | None = Field(None, description="an event card that comes into play when a hero move ends "
                                                  "here ('draw': one drawn from the event deck)")

    @property
    def is_dangerous(self) -> bool:
        """True when a move ending here starts step 2 (monsters)."""
        return self.walkable if self.dangerous is None else (self.dangerous and self.walkable)


class Reward(StrictModel):
    """What a defeated monster gives: gold and items drawn from the decks."""

    gold: int = Field(0, ge=0, le=1000)
    normal: int = Field(0, ge=0, le=3)
    rare: int = Field(0, ge=0, le=3)


class Placement(StrictModel):
    """A skirmish equipment item on named body parts."""

    item: Ident
    parts: list[Ident] = Field(min_length=1, max_length=4)


class Monster(StrictModel):
    """A monster kind: a skirmish body with stats and gear, and its reward."""

    name: LocalizedName
    description: LocalizedText = ""
    body: Ident
    stats: dict[SkStat, Annotated[int, Field(ge=-STAT_MAX, le=STAT_MAX)]]
    equipment: list[Placement] = Field(default_factory=list, max_length=8)
    actions: list[Ident] = Field(default_factory=list, max_length=8)
    reward: Reward = Field(default_factory=Reward)
    sprite: Ident | None = None


class Bonus(StrictModel):
    """An item's exploration bonus: an exploration stat raised while the hero carries it."""

    stat: ExpStat
    amount: int = Field(1, ge=-3, le=5)


class Item(StrictModel):
    """A card of the normal or rare deck: exploration bonus outside battle, skirmish equipment in it."""

    name: LocalizedName
    description: LocalizedText = ""
    rarity: Literal["normal", "rare", "quest"] = "normal"
    bonus: Bonus | None = None
    equipment: Ident | None = Field(None, description="the skirmish equipment it becomes in battle")
    price: int = Field(10, ge=0, le=1000)
    copies: int = Field(1, ge=0, le=8, description="cards of it in its deck")
    sprite: Ident | None = None


class Quest(StrictModel):
    """An NPC's quest card: go somewhere, bring an item (to a site, or any town), or defeat a monster kind."""

    kind: Literal["reach", "bring", "slay"]
    site: Ident | None = Field(None, description="reach: the place; bring: where to (default: any town)")
    item: Ident | None = None
    monster: Ident | None = None
    text: LocalizedText = ""
    gold: int = Field(0, ge=0, le=1000)


class Npc(StrictModel):
    """A person met on the map: a secret message (a true clue) and maybe a quest."""

    name: LocalizedName
    portrait: Ident | None = None
    message: LocalizedText = Field(description="what they tell; '{site}' is replaced by the site named")
    tells: Ident = Field("goal", description="'goal' (the goal's site, secret) or a site id")
    quest: Quest | None = None


class EventCard(StrictModel):
    """An event card: the step it changes (only that one), by how much, for how many rounds."""

    name: LocalizedName
    description: LocalizedText = ""
    step: EventStep
    amount: int = Field(ge=-3, le=3)
    duration: int = Field(1, ge=1, le=10)
    copies: int = Field(1, ge=1, le=6)


class Rumour(StrictModel):
    """A false message a hero may tell: the words of an NPC naming another site."""

    npc: Ident
    site: Ident


class HeroDef(StrictModel):
    """A hero archetype: exploration stats, gold and starting items."""

    name: LocalizedName
    resistance: int = Field(1, ge=0, le=5)
    agility: int = Field(1, ge=0, le=5)
    vision: int = Field(1, ge=0, le=5)
    gold: int = Field(0, ge=0, le=1000)
    items: list[Ident] = Field(default_factory=list, max_length=8)
    sprite: Ident | None = None


class Site(StrictModel):
    """A place on the map: a town, a ruin, a lair..."""

    id: Ident
    kind: SiteKind
    at: Square
    name: LocalizedName
    safe: bool | None = Field(None, description="default: towns and roads are safe")
    holds: Ident | None = Field(None, description="an item a successful search here finds (a quest item)")
    event: Ident | None = Field(None, description="an event card that comes into play when a hero move ends "
                                                  "here, instead of the biome's ('draw': one drawn from the deck)")

    @property
    def is_safe(self) -> bool:
        """True when no monsters come on this site."""
        return self.kind in SAFE_SITES if self.safe is None else self.safe


class PlacedNpc(StrictModel):
    """An NPC of the NPC table standing on a square."""

    npc: Ident
    at: Square


class MapDef(StrictModel):
    """The map: rows of biome letters, or a Tiled JSON file (read into rows when the level loads)."""

    rows: list[str] = Field(default_factory=list, max_length=MAX_SIDE)
    tiled: str | None = Field(None, max_length=200, description="a .tmj file relative to this level file")


class Goal(StrictModel):
    """What the heroes must do: reach a site, bring an item to a site, complete quests, gather gold."""

    kind: GoalKind
    site: Ident | None = None
    sites: list[Ident] = Field(default_factory=list, max_length=8,
                               description="candidates: the goal's site is drawn among them, secretly")
    item: Ident | None = None
    count: int = Field(1, ge=1, le=10000, description="quests to complete or gold to gather")


class Dice(StrictModel):
    """Six-sided dice: the face from which a die is a hit."""

    escape: int = Field(4, ge=1, le=6, description="an escape die hits from this face up")
    vision: int = Field(4, ge=1, le=6)
    luck: int = Field(3, ge=1, le=6, description="the luck die is favourable from this face up")


class BattleDef(StrictModel):
    """How a hero becomes a skirmish combatant."""

    body: Ident = "humanoid"
    base: dict[SkStat, Annotated[int, Field(ge=-STAT_MAX, le=STAT_MAX)]] = Field(default_factory=lambda: dict(BASE_STATS))
    per_stat: dict[ExpStat, SkStat] = Field(default_factory=lambda: dict(PER_STAT))
    hp_per_health: int = Field(2, ge=1, le=5, description="skirmish HP per point of exploration health")
    round_limit: int = Field(6, ge=1, le=30)
    base_actions: list[Ident] = Field(default_factory=lambda: ["punch", "kick", "heal"])


class ExpeditionLevel(LevelBase):
    """An expedition level: content tables, the map, the goal and the battle mapping."""

    ruleset: Literal["expedition"] = "expedition"
    players: SeatRange = Field(default_factory=lambda: SeatRange(min=1, max=2), description="hero seats")
    mode: Literal["cooperative", "competitive"] = "cooperative"
    goal: Goal
    rounds: int = Field(20, ge=1, le=200, description="the heroes lose (the Dark Lord wins) after this round")
    events_every: int = Field(1, ge=0, le=10, description="an event card every N rounds (0: none)")
    dice: Dice = Field(default_factory=Dice)
    biomes: dict[Ident, Biome]
    monsters: dict[Ident, Monster] = Field(default_factory=dict)
    items: dict[Ident, Item] = Field(default_factory=dict)
    npcs: dict[Ident, Npc] = Field(default_factory=dict)
    events: dict[Ident, EventCard] = Field(default_factory=dict)
    rumours: list[Rumour] = Field(default_factory=list, max_length=32)
    heroes: dict[Ident, HeroDef]
    party: list[Ident] = Field(min_length=1, max_length=4, description="hero archetype of each seat")
    map: MapDef
    sites: list[Site] = Field(default_factory=list, max_length=64)
    placed: list[PlacedNpc] = Field(default_factory=list, max_length=32)
    starts: list[Square] = Field(min_length=1, max_length=4)
    battle: BattleDef = Field(default_factory=BattleDef)
    # skirmish content (bodies, actions, equipment), checked by the skirmish rules
    bodies: dict[Ident, Any] = Field(default_factory=dict)
    actions: dict[Ident, Any] = Field(default_factory=dict)
    equipment: dict[Ident, Any] = Field(default_factory=dict)
    # skirmish tables a shared include may bring along; unused here
    minions: dict[Ident, Any] = Field(default_factory=dict)
    hero_base_actions: list[Ident] = Field(default_factory=list)

    # ------------------------------------------------------------------ derived
    @property
    def width(self) -> int:
        """Squares per row."""
        return len(self.map.rows[0]) if self.map.rows else 0

    @property
    def height(self) -> int:
        """Rows of squares."""
        return len(self.map.rows)

    def biome_at(self, x: int, y: int) -> str:
        """The biome id of a square."""
        return self.grid().biomes[y][x]

    def letters(self) -> dict[str, str]:
        """Map letter -> biome id."""
        return {b.letter: bid for bid, b in self.biomes.items()}

    def grid(self) -> Grid:
        """The map's lookup tables (built once per level model)."""
        return grid_of(self)

    def site_at(self, x: int, y: int) -> Site | None:
        """The site on a square, if any."""
        return self.grid().sites.get((x, y))

    @property
    def has_tile_events(self) -> bool:
        """True when a site or a biome names an event card (kept on the map's grid)."""
        memo = self.grid().memo
        found = memo.get("tile_events")
        if found is None:
            found = self.grid().remember("tile_events", any(s.event for s in self.sites)
                                         or any(b.event for b in self.biomes.values()))
        return bool(found)

    def tile_event(self, x: int, y: int) -> str | None:
        """The event card a move ending on this square brings into play: the site's, else the biome's."""
        site = self.site_at(x, y)
        if site is not None and site.event is not None:
            return site.event
        return self.biomes[self.biome_at(x, y)].event

    def site(self, sid: str) -> Site | None:
        """A site by id."""
        return next((s for s in self.sites if s.id == sid), None)

    def deck(self, rarity: str) -> list[str]:
        """The cards of a deck (each item as many times as its copies), sorted."""
        return sorted(iid for iid, it in self.items.items() if it.rarity == rarity for _ in range(it.copies))

    def goal_candidates(self) -> list[str]:
        """The sites the goal may be at (one fixed site, or the secret candidates)."""
        if self.goal.sites:
            return list(self.goal.sites)
        return [self.goal.site] if self.goal.site else []

    # ------------------------------------------------------------------ checks
    @model_validator(mode="after")
    def _cross_check(self) -> "ExpeditionLevel":
        problems: list[str] = []
        self._check_map(problems)
        self._check_refs(problems)
        if not problems:
            self._check_battle(problems)
        raise_problems(type(self).__name__, problems)  # one located line per problem
        return self

    def _check_map(self, problems: list[str]) -> None:
        rows = self.map.rows
        if not rows:
            problems.append("map.tiled: the Tiled map is read when the level file is loaded" if self.map.tiled
                            else "map.rows: the map is empty (give rows, or a Tiled map in map.tiled)")
            return
        letters = self.letters()
        seen: dict[str, str] = {}
        for bid, b in self.biomes.items():
            if b.letter in seen:
                problems.append(f"biomes.{bid}.letter: {b.letter!r} is also the letter of {seen[b.letter]!r}")
            seen[b.letter] = bid
        w = len(rows[0])
        if not 1 <= w <= MAX_SIDE:
            problems.append(f"map.rows[0]: expected 1 to {MAX_SIDE} squares, got {w}")
        for y, row in enumerate(rows):
            if len(row) != w:
                problems.append(f"map.rows[{y}]: {len(row)} squares, but the first row has {w}")
            for x, ch in enumerate(row):
                if ch not in letters:
                    problems.append(f"map.rows[{y}][{x}]: unknown biome letter {ch!r}; known: {''.join(letters)}")
                    return
        if problems:
            return

        def inside(at: Any, where: str, walk: bool = True) -> None:
            x, y = at
            if not (0 <= x < w and 0 <= y < len(rows)):
                problems.append(f"{where}: square {[x, y]} is off the {w}x{len(rows)} map")
            elif walk and not self.biomes[letters[rows[y][x]]].walkable:
                problems.append(f"{where}: square {[x, y]} is on a biome heroes cannot enter")

        for i, s in enumerate(self.sites):
            inside(s.at, f"sites[{i}].at")
        for i, p in enumerate(self.placed):
            inside(p.at, f"placed[{i}].at", walk=False)
        for i, at in enumerate(self.starts):
            inside(at, f"starts[{i}]")

    def _check_refs(self, problems: list[str]) -> None:
        site_ids = [s.id for s in self.sites]
        if len(set(site_ids)) != len(site_ids):
            problems.append("sites: two sites share an id")
        if not any(s.kind == "town" for s in self.sites):
            problems.append("sites: at least one town is needed (knocked-out heroes are carried there)")
        for bid, b in self.biomes.items():
            for j, face in enumerate(b.monster_die):
                if face != NONE_FACE and face not in self.monsters:
                    problems.append(f"biomes.{bid}.monster_die[{j}]: unknown monster {face!r}"
                                    f"{_near(face, self.monsters)}")
            for j, q in enumerate(b.quantity_die):
                if not 1 <= q <= 4:
                    problems.append(f"biomes.{bid}.quantity_die[{j}]: expected 1 to 4 monsters, got {q}")
        for iid, it in self.items.items():
            if it.equipment is not None and self.equipment and it.equipment not in self.equipment:
                problems.append(f"items.{iid}.equipment: unknown skirmish equipment {it.equipment!r}"
                                f"{_near(it.equipment, self.equipment)}")
        for hid, h in self.heroes.items():
            for j, iid in enumerate(h.items):
                if iid not in self.items:
                    problems.append(f"heroes.{hid}.items[{j}]: unknown item {iid!r}{_near(iid, self.items)}")
        for j, hid in enumerate(self.party):
            if hid not in self.heroes:
                problems.append(f"party[{j}]: unknown hero {hid!r}{_near(hid, self.heroes)}")
        for nid, n in self.npcs.items():
            if n.tells != "goal" and n.tells not in site_ids:
                problems.append(f"npcs.{nid}.tells: unknown site {n.tells!r}{_near(n.tells, site_ids)}")
            if n.quest is not None:
                self._check_quest(f"npcs.{nid}.quest", n.quest, site_ids, problems)
        for i, p in enumerate(self.placed):
            if p.npc not in self.npcs:
                problems.append(f"placed[{i}].npc: unknown NPC {p.npc!r}{_near(p.npc, self.npcs)}")
        for i, r in enumerate(self.rumours):
            if r.npc not in self.npcs:
                problems.append(f"rumours[{i}].npc: unknown NPC {r.npc!r}{_near(r.npc, self.npcs)}")
            if r.site not in site_ids:
                problems.append(f"rumours[{i}].site: unknown site {r.site!r}{_near(r.site, site_ids)}")
        for i, s in enumerate(self.sites):
            if s.holds is not None and s.holds not in self.items:
                problems.append(f"sites[{i}].holds: unknown item {s.holds!r}{_near(s.holds, self.items)}")
            if s.event is not None and s.event != "draw" and s.event not in self.events:
                problems.append(f"sites[{i}].event: unknown event {s.event!r}{_near(s.event, self.events)}")
        for bid, b in self.biomes.items():
            if b.event is not None and b.event != "draw" and b.event not in self.events:
                problems.append(f"biomes.{bid}.event: unknown event {b.event!r}{_near(b.event, self.events)}")
        self._check_goal(site_ids, problems)
        if len(self.starts) < self.players.max:
            problems.append(f"starts: {len(self.starts)} starting squares for up to {self.players.max} heroes")
        if self.players.max > 4:
            problems.append("players.max: at most 4 heroes")

    def _check_battle(self, problems: list[str]) -> None:
        """Monsters and the hero mapping must make valid skirmish combatants (checked by the skirmish rules)."""
        if not self.monsters:
            return
        if not self.bodies or not self.actions:
            problems.append("bodies: the skirmish tables are missing (include = [\"shipped:skirmish/_bodies.toml\", "
                            "\"shipped:skirmish/_actions.toml\", \"shipped:skirmish/_equipment.toml\"])")
            return
        if self.battle.body not in self.bodies:
            problems.append(f"battle.body: unknown body {self.battle.body!r}{_near(self.battle.body, self.bodies)}")
        for mid, mon in self.monsters.items():
            if mon.body not in self.bodies:
                problems.append(f"monsters.{mid}.body: unknown body {mon.body!r}{_near(mon.body, self.bodies)}")
        if problems:
            return
        for mid in self.monsters:
            bad = skirmish_problem(self, mid)  # the skirmish rules judge the fight, through the registry
            if bad:
                problems.append(f"monsters.{mid}: {bad}")

    def _check_quest(self, where: str, q: Quest, site_ids: list[str], problems: list[str]) -> None:
        need = {"reach": ("site", q.site), "bring": ("item", q.item), "slay": ("monster", q.monster)}[q.kind]
        table = {"site": site_ids, "item": list(self.items), "monster": list(self.monsters)}[need[0]]
        if need[1] is None:
            problems.append(f"{where}.{need[0]}: a {q.kind!r} quest needs a {need[0]}")
        elif need[1] not in table:
            problems.append(f"{where}.{need[0]}: unknown {need[0]} {need[1]!r}{_near(need[1], table)}")
        elif q.kind == "bring" and not self._obtainable(need[1]):
            problems.append(f"{where}.item: {need[1]!r} is in no deck and no site holds it")
        if q.kind == "bring" and q.site is not None and q.site not in site_ids:
            problems.append(f"{where}.site: unknown site {q.site!r}{_near(q.site, site_ids)}")

    def _obtainable(self, item: str) -> bool:
        it = self.items[item]
        return (it.rarity in ("normal", "rare") and it.copies > 0) or any(s.holds == item for s in self.sites)

    def _check_goal(self, site_ids: list[str], problems: list[str]) -> None:
        g = self.goal
        if g.kind in (GoalKind.REACH, GoalKind.BRING):
            if not g.site and not g.sites:
                problems.append(f"goal.site: a {g.kind.value!r} goal needs a site (or candidate sites)")
            for s in ([g.site] if g.site else []) + list(g.sites):
                if s not in site_ids:
                    problems.append(f"goal: unknown site {s!r}{_near(s, site_ids)}")
        if g.kind == GoalKind.BRING:
            if g.item is None or g.item not in self.items:
                problems.append(f"goal.item: a 'bring' goal needs an item of the items table (got {g.item!r})")
            elif not any(s.holds == g.item for s in self.sites):
                problems.append(f"goal.item: no site holds {g.item!r} (give a site holds = {g.item!r})")
        if g.kind == GoalKind.QUESTS and sum(1 for n in self.npcs.values() if n.quest) < g.count:
            problems.append(f"goal.count: {g.count} quests asked, but the NPCs offer fewer")

