"""Typed records of what the expedition table shows, built from ``state.view(seat)`` and the level.

Why: the expedition scene's panes (the biome map, hero sheets, the dice tray, the trade and city
screens, the goal banner, the arena pane of a live battle) draw a game without touching the rule
state or looking up view keys by string. ``ExpeditionView.of(view, level)`` builds them; everything a
pane reads is a field or a small method here. Secrets are already out of the view: another hero's
messages are only a count, the market of another seat is ``"?"`` backs, a secret goal has no site.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.engine.levels import Level

HIDDEN = "?"


@dataclass(frozen=True)
class InfoRecord:
    """A message a hero knows: whose words, the site named, who passed it on (None: the NPC itself)."""

    npc: str
    site: str
    teller: int | None


@dataclass(frozen=True)
class HeroRecord:
    """One hero as the view shows it (``known`` is empty for other seats: see ``known_count``)."""

    seat: int
    hero: str
    x: int
    y: int
    health: int
    max_health: int
    gold: int
    items: tuple[str, ...]
    known: tuple[InfoRecord, ...]
    known_count: int
    quests: tuple[str, ...]
    done: tuple[str, ...]
    resistance: int
    agility: int
    vision: int
    knockouts: int

    @property
    def at(self) -> tuple[int, int]:
        """The hero's square."""
        return self.x, self.y


@dataclass(frozen=True)
class SiteRecord:
    """A site on the map."""

    id: str
    kind: str
    x: int
    y: int
    safe: bool


@dataclass(frozen=True)
class NpcRecord:
    """An NPC standing on a square."""

    npc: str
    x: int
    y: int


@dataclass(frozen=True)
class EncounterRecord:
    """Monsters around the active hero and who was asked to help."""

    monster: str
    count: int
    at: tuple[tuple[int, int], ...]
    asked: tuple[int, ...]
    helpers: tuple[int, ...]
    waiting: int | None


@dataclass(frozen=True)
class OfferRecord:
    """An offer between two heroes: slots of the giver's items, of the receiver's, a message or not."""

    frm: int
    to: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    has_message: bool
    #: the index the teller chose (only in the teller's own view; 0 for the others)
    info: int


@dataclass(frozen=True)
class CardRecord:
    """An event card in play."""

    card: str
    step: str
    amount: int
    left: int


@dataclass(frozen=True)
class DecisionRecord:
    """Who decides now, in which step, and the viewer's legal actions (as action keys) when it is them."""

    step: str
    seat: int | None
    actions: tuple[str, ...]
    #: the same actions as (kind, arguments) for the panes: ("move", {"x": 3, "y": 1}), ("buy", {"slot": 0})
    choices: tuple[tuple[str, Mapping[str, Any]], ...] = ()

    def of_kind(self, kind: str) -> list[Mapping[str, Any]]:
        """The arguments of every legal action of one kind (e.g. every ``move`` square)."""
        return [args for k, args in self.choices if k == kind]

    def mine(self, seat: int | None) -> bool:
        """True when ``seat`` decides now."""
        return seat is not None and self.seat == seat


@dataclass(frozen=True)
class GoalRecord:
    """The level's goal: kind, site (None while secret), candidates, item, count, mode, rounds."""

    kind: str
    site: str | None
    candidates: tuple[str, ...]
    item: str | None
    count: int
    mode: str
    rounds: int
    secret: bool


@dataclass(frozen=True)
class MapRecord:
    """The biome grid: ``rows`` of letters and the letter -> biome id legend."""

    width: int
    height: int
    rows: tuple[str, ...]
    legend: Mapping[str, str]

    def biome(self, x: int, y: int) -> str:
        """The biome id of a square."""
        return self.legend[self.rows[y][x]]


@dataclass(frozen=True)
class ExpeditionView:
    """Everything the expedition table shows to one seat."""

    you: int | None
    round: int
    step: str
    active: int
    moves_left: int
    map: MapRecord
    sites: tuple[SiteRecord, ...]
    npcs: tuple[NpcRecord, ...]
    heroes: tuple[HeroRecord, ...]
    dark_lord: int
    encounter: EncounterRecord | None
    offer: OfferRecord | None
    market: tuple[str, ...]
    market_hidden: bool
    deck_counts: Mapping[str, int]
    cards: tuple[CardRecord, ...]
    goal: GoalRecord
    decision: DecisionRecord
    #: [x, y, cost] squares the active hero's next move reaches (step "move" only)
    reach: tuple[tuple[int, int, int], ...]
    move_budget: int
    escape_dice: int
    escape_chance: float
    vision_dice: int
    search_chance: float
    winners: tuple[int, ...] | None
    reason: str
    last_battle: Mapping[str, Any] | None
    #: the nested skirmish view of the live battle (for the arena pane), None without a battle
    battle: Mapping[str, Any] | None
    battles: int
    #: vision successes left to spend in step 3 (the claim), 0 outside it
    successes: int = 0
    #: heals taken in this city visit (the first ones are free)
    heals: int = 0
    #: NPCs the active hero talked to in this contact step
    talked: tuple[str, ...] = ()
    #: heroes the active hero traded with in this contact step
    traded: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.winners is not None

    @property
    def active_hero(self) -> HeroRecord:
        """The hero whose turn it is."""
        return self.heroes[self.active]

    def hero_at(self, x: int, y: int) -> list[HeroRecord]:
        """The heroes on a square."""
        return [h for h in self.heroes if (h.x, h.y) == (x, y)]

    def site_at(self, x: int, y: int) -> SiteRecord | None:
        """The site on a square, if any."""
        return next((s for s in self.sites if (s.x, s.y) == (x, y)), None)

    @classmethod
    def of(cls, view: Mapping[str, Any], level: Level) -> "ExpeditionView":
        """Build the records from a view dict and its level."""
        m = level.model
        nums = view.get("numbers") or {}
        stats = nums.get("stats") or []
        maxh = nums.get("max_health") or []
        counts = view.get("known_counts") or []
        heroes = []
        for i, h in enumerate(view["heroes"]):
            st = stats[i] if i < len(stats) else {}
            heroes.append(HeroRecord(
                seat=h["seat"], hero=h["hero"], x=h["x"], y=h["y"], health=h["health"],
                max_health=maxh[i] if i < len(maxh) else h["health"], gold=h["gold"], items=tuple(h["items"]),
                known=tuple(InfoRecord(k["npc"], k["site"], k.get("teller")) for k in h["known"]),
                known_count=counts[i] if i < len(counts) else len(h["known"]), quests=tuple(h["quests"]),
                done=tuple(h["done"]), resistance=st.get("resistance", 0), agility=st.get("agility", 0),
                vision=st.get("vision", 0), knockouts=h.get("knockouts", 0)))
        enc = view.get("encounter")
        off = view.get("offer")
        dec = view.get("decision") or {}
        g = m.goal
        market = tuple(view.get("market") or [])
        child = view.get("child")
        return cls(
            you=view.get("you"), round=view["round"], step=view["step"], active=view["active"],
            moves_left=view["moves_left"],
            map=MapRecord(m.width, m.height, tuple(m.map.rows), m.letters()),
            sites=tuple(SiteRecord(s.id, s.kind, s.at[0], s.at[1], s.is_safe) for s in m.sites),
            npcs=tuple(NpcRecord(p.npc, p.at[0], p.at[1]) for p in m.placed),
            heroes=tuple(heroes), dark_lord=len(heroes),
            encounter=None if enc is None else EncounterRecord(
                enc["monster"], enc["count"], tuple((a[0], a[1]) for a in enc["at"]), tuple(enc["asked"]),
                tuple(enc["helpers"]), enc.get("waiting")),
            offer=None if off is None else OfferRecord(view["active"], off["to"], tuple(off["give"]),
                                                       tuple(off["take"]), off["info"] >= 0, off["info"]),
            market=market, market_hidden=any(x == HIDDEN for x in market),
            deck_counts={k: len(v) for k, v in (view.get("decks") or {}).items()},
            cards=tuple(CardRecord(c["card"], c["step"], c["amount"], c["left"]) for c in view.get("cards", [])),
            goal=GoalRecord(g.kind.value, view.get("goal_site"), tuple(m.goal_candidates()), g.item, g.count,
                            m.mode, m.rounds, bool(view.get("goal_secret"))),
            decision=DecisionRecord(dec.get("step", view["step"]), dec.get("seat"), tuple(dec.get("actions", [])),
                                    tuple((c["kind"], c["args"]) for c in dec.get("choices", []))),
            reach=tuple((r[0], r[1], r[2]) for r in view.get("reach") or []),
            move_budget=nums.get("move_budget", 0), escape_dice=nums.get("escape_dice", 0),
            escape_chance=nums.get("escape_chance", 0.0), vision_dice=nums.get("vision_dice", 0),
            search_chance=nums.get("search_chance", 0.0),
            winners=None if view.get("winners") is None else tuple(view["winners"]), reason=view.get("reason", ""),
            last_battle=view.get("last_battle"), battle=child.get("state") if isinstance(child, dict) else None,
            battles=view.get("battles", 0) + view.get("quick_battles", 0),
            successes=_count(view.get("successes")), heals=_count(view.get("heals")),
            talked=tuple(str(n) for n in view.get("talked") or ()),
            traded=tuple(int(s) for s in view.get("traded") or () if isinstance(s, int)))


def _count(value: Any) -> int:
    """A non-negative count from the view (0 when absent or not a number)."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
