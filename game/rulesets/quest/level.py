"""The level-file model of the quest ruleset: spheres, cards, decks and the scenario.

A scenario (``levels/quest/*.toml``) includes shared card files (``_cards_*.toml``, ``_decks.toml``)
holding ``[[spheres]]``, ``[[cards]]`` and ``[[decks]]`` arrays (lists concatenate across includes)
and adds its quest ``stages``, its ``encounter`` deck and its ``setup``. Every card's behaviour is a
list of named effect verbs (effects.py). Unknown keys are errors; cross references (a deck naming an
unknown card, a hero of the wrong kind, a sphere nobody declared, too many copies) are checked here
with the field path in the message. The card contract is documented in docs/rules/quest.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from game.engine.levelchecks import raise_first, suggest
from game.engine.schema import Ident, LevelBase, LocalizedName, LocalizedText, StrictModel
from game.rulesets.quest.effects import CHOSEN, VERBS

Effect = VERBS.union()
CardKind = Literal["hero", "ally", "attachment", "event", "enemy", "location", "treachery"]
PLAYER_KINDS = ("hero", "ally", "attachment", "event")
DECK_KINDS = ("ally", "attachment", "event")
ENCOUNTER_KINDS = ("enemy", "location", "treachery")
Keyword = Literal["ranged", "sentinel", "restricted", "surge", "guarded"]


def _did_you_mean(word: str, options: list[str]) -> str:
    return suggest(word, options)  # bounded work (engine/levelchecks.py)


class Sphere(StrictModel):
    """One of the four spheres: its id, name, colour (#rrggbb) and emblem (an id the scene draws)."""

    id: Ident
    name: LocalizedName
    colour: str = Field("#888888", pattern=r"^#[0-9a-fA-F]{6}$")
    emblem: Ident = "star"


class CardDef(StrictModel):
    """One card: its kind and the numbers and effects of that kind (see docs/rules/quest.md)."""

    id: Ident
    kind: CardKind
    name: LocalizedName
    text: LocalizedText = ""
    flavor: LocalizedText = ""
    sphere: Ident = "neutral"
    cost: int = Field(0, ge=0, le=20, description="ally/attachment/event: resources to pay")
    threat: int = Field(0, ge=0, le=20, description="hero: threat cost; enemy/location: threat strength")
    willpower: int = Field(0, ge=0, le=20)
    attack: int = Field(0, ge=0, le=20)
    defense: int = Field(0, ge=0, le=20)
    hp: int = Field(0, ge=0, le=40, description="hero/ally/enemy: hit points")
    keywords: list[Keyword] = Field(default_factory=list, max_length=5)
    doomed: int = Field(0, ge=0, le=10, description="when revealed, each player raises threat by this")
    archery: int = Field(0, ge=0, le=10, description="damage dealt to characters at the start of combat")
    victory: int = Field(0, ge=0, le=20, description="victory points when defeated or explored")
    traits: list[Ident] = Field(default_factory=list, max_length=6)
    engagement: int = Field(0, ge=0, le=60, description="enemy: engagement cost")
    quest_points: int = Field(0, ge=0, le=40, description="location: progress to explore it")
    effects: list[Effect] = Field(default_factory=list, max_length=6)  # type: ignore[valid-type]
    shadow: list[Effect] = Field(default_factory=list, max_length=3)  # type: ignore[valid-type]
    action_cost: int = Field(0, ge=0, le=10, description="resources paid (from the card's sphere) to use its action")
    action_exhaust: bool = Field(False, description="the card exhausts to use its action")

    @model_validator(mode="after")
    def _by_kind(self) -> CardDef:
        k = self.kind
        if k in ("hero", "ally") and (self.hp < 1):
            raise ValueError(f"a {k} needs hp >= 1")
        if k == "enemy" and self.hp < 1:
            raise ValueError("an enemy needs hp >= 1")
        if k == "location" and self.quest_points < 1:
            raise ValueError("a location needs quest_points >= 1")
        if k == "hero" and self.cost:
            raise ValueError("a hero has no cost (its threat is its threat cost)")
        if k == "event" and not any(getattr(e, "when", "") in ("play", "action") for e in self.effects):
            raise ValueError("an event needs at least one effect with when = 'play' or 'action'")
        if k in ENCOUNTER_KINDS and self.sphere != "neutral":
            raise ValueError("encounter cards have no sphere")
        if k not in ENCOUNTER_KINDS and self.shadow:
            raise ValueError("only encounter cards have a shadow effect")
        if k not in ("hero", "ally") and ("ranged" in self.keywords or "sentinel" in self.keywords):
            raise ValueError("ranged and sentinel are keywords of characters (heroes and allies)")
        if "restricted" in self.keywords and k != "attachment":
            raise ValueError("restricted is a keyword of attachments")
        if k not in ENCOUNTER_KINDS and ("surge" in self.keywords or "guarded" in self.keywords
                                         or self.doomed or self.archery):
            raise ValueError("surge, guarded, doomed and archery belong on encounter cards")
        for i, e in enumerate(self.effects):
            when = getattr(e, "when", "play")
            if when == "shadow":
                raise ValueError(f"effects[{i}]: shadow effects go in 'shadow', not 'effects'")
            if when == "attached" and k != "attachment":
                raise ValueError(f"effects[{i}]: when = 'attached' is for attachments")
            if when == "attached" and getattr(e, "effect", "") != "boost":
                raise ValueError(f"effects[{i}]: when = 'attached' is for lasting boosts (effect = 'boost')")
            if when not in ("play", "action", "enter") and getattr(e, "target", None) in CHOSEN:
                raise ValueError(f"effects[{i}]: a chosen target needs when = 'play', 'action' or 'enter'")
        for i, e in enumerate(self.shadow):
            if getattr(e, "when", "play") not in ("shadow", "play"):
                raise ValueError(f"shadow[{i}]: a shadow effect has when = 'shadow' (or leaves it out)")
        chosen = {str(getattr(e, "target", "")) for e in self.effects if getattr(e, "target", None) in CHOSEN}
        if len(chosen) > 1:
            raise ValueError(f"effects: at most one chosen target kind per card, got {sorted(chosen)}")
        return self


class DeckDef(StrictModel):
    """A ready-made deck: three heroes and 30 to 50 cards (at most 3 copies each)."""

    id: Ident
    name: LocalizedName
    heroes: list[Ident] = Field(min_length=1, max_length=3)
    cards: dict[Ident, int] = Field(description="card id -> copies (1 to 3)")


class Stage(StrictModel):
    """One quest stage: its text, the progress it needs and the effects when it begins."""

    name: LocalizedName
    text: LocalizedText = ""
    quest_points: int = Field(ge=1, le=60)
    #: more progress needed per player beyond the first (a stage needs quest_points + this x (players - 1))
    quest_points_per_player: int = Field(0, ge=0, le=20)
    effects: list[Effect] = Field(default_factory=list, max_length=4)  # type: ignore[valid-type]


class QuestLevel(LevelBase):
    """A quest scenario with the card pool and decks it includes."""

    spheres: list[Sphere] = Field(default_factory=list, max_length=8)
    cards: list[CardDef] = Field(default_factory=list, max_length=1000)
    decks: list[DeckDef] = Field(default_factory=list, max_length=100)
    stages: list[Stage] = Field(min_length=1, max_length=6)
    encounter: dict[Ident, int] = Field(description="encounter card id -> copies")
    setup: list[Ident] = Field(default_factory=list, max_length=10,
                               description="encounter cards put in the staging area at the start (extra copies)")
    allowed_decks: list[Ident] = Field(default_factory=list, description="decks the seats may choose (empty: all)")
    seat_decks: list[Ident] = Field(default_factory=list, max_length=4,
                                    description="a fixed deck per seat (tutorials); seats beyond it choose")
    min_encounter: int = Field(30, ge=5, le=200, description="fewest encounter cards (with copies)")
    deck_min: int = Field(30, ge=5, le=100)
    deck_max: int = Field(50, ge=5, le=100)
    max_copies: int = Field(3, ge=1, le=10)
    opening_hand: int = Field(6, ge=1, le=10)
    start_threat_bonus: int = Field(0, ge=0, le=20, description="added to each player's starting threat")
    round_limit: int = Field(60, ge=5, le=200, description="safety net: the players lose after this many rounds")
    tips: dict[Literal["setup", "resource", "planning", "quest", "travel", "encounter", "combat", "refresh"],
               LocalizedText] = Field(default_factory=dict, description="tutorial hints shown in each phase")

    @model_validator(mode="after")
    def _cross_check(self) -> QuestLevel:
        raise_first(type(self).__name__, self._check_refs)
        return self

    def _check_refs(self) -> None:
        """Raise ValueError("field.path: message") for the first broken cross reference."""
        cards: dict[str, CardDef] = {}
        for i, c in enumerate(self.cards):
            if c.id in cards:
                raise ValueError(f"cards[{i}].id: {c.id!r} appears twice")
            cards[c.id] = c
        ids = list(cards)
        spheres = {s.id for s in self.spheres}
        for i, c in enumerate(self.cards):
            if c.kind in PLAYER_KINDS and c.sphere != "neutral" and c.sphere not in spheres:
                raise ValueError(f"cards[{i}].sphere: unknown sphere {c.sphere!r}{_did_you_mean(c.sphere, list(spheres))}")
        decks = {d.id: d for d in self.decks}
        if len(decks) != len(self.decks):
            raise ValueError("decks: two decks have the same id")
        for i, d in enumerate(self.decks):
            where = f"decks[{i}]"
            if len(set(d.heroes)) != len(d.heroes):
                raise ValueError(f"{where}.heroes: a hero appears twice")
            for j, h in enumerate(d.heroes):
                hero = cards.get(h)
                if hero is None:
                    raise ValueError(f"{where}.heroes[{j}]: unknown card {h!r}{_did_you_mean(h, ids)}")
                if hero.kind != "hero":
                    raise ValueError(f"{where}.heroes[{j}]: {h!r} is a {hero.kind}, not a hero")
            total = 0
            for cid, n in d.cards.items():
                dc = cards.get(cid)
                if dc is None:
                    raise ValueError(f"{where}.cards.{cid}: unknown card{_did_you_mean(cid, ids)}")
                if dc.kind not in DECK_KINDS:
                    raise ValueError(f"{where}.cards.{cid}: a {dc.kind} is not a player deck card")
                if not 1 <= n <= self.max_copies:
                    raise ValueError(f"{where}.cards.{cid}: {n} copies; expected 1 to {self.max_copies}")
                total += n
            if not self.deck_min <= total <= self.deck_max:
                raise ValueError(f"{where}.cards: {total} cards; a deck has {self.deck_min} to {self.deck_max}")
        if not decks:
            raise ValueError("decks: a scenario needs at least one deck")
        for field_name, names in (("allowed_decks", self.allowed_decks), ("seat_decks", self.seat_decks)):
            for j, did in enumerate(names):
                if did not in decks:
                    raise ValueError(f"{field_name}[{j}]: unknown deck {did!r}{_did_you_mean(did, list(decks))}")
        total = 0
        for cid, n in self.encounter.items():
            ec = cards.get(cid)
            if ec is None:
                raise ValueError(f"encounter.{cid}: unknown card{_did_you_mean(cid, ids)}")
            if ec.kind not in ENCOUNTER_KINDS:
                raise ValueError(f"encounter.{cid}: a {ec.kind} is not an encounter card")
            if not 1 <= n <= 10:
                raise ValueError(f"encounter.{cid}: {n} copies; expected 1 to 10")
            total += n
        if total < self.min_encounter:
            raise ValueError(f"encounter: {total} cards; a scenario needs at least {self.min_encounter}")
        for j, cid in enumerate(self.setup):
            sc = cards.get(cid)
            if sc is None:
                raise ValueError(f"setup[{j}]: unknown card {cid!r}{_did_you_mean(cid, ids)}")
            if sc.kind not in ("enemy", "location"):
                raise ValueError(f"setup[{j}]: {cid!r} is a {sc.kind}; set-up cards are enemies or locations")
        if self.seats is not None and self.seats.max > 4:
            raise ValueError("seats.max: quest is played by 1 to 4 players")

    def card(self, cid: str) -> CardDef:
        """Return a card definition by id (KeyError when unknown)."""
        for c in self.cards:
            if c.id == cid:
                return c
        raise KeyError(cid)
