"""The level-file model of the sanctuary ruleset: cards, decks, the two players and scripts.

A level (``levels/sanctuary/*.toml``) includes shared card files (``_ember.toml``...)
that hold ``[cards.<id>]`` and ``[decks.<id>]`` tables, and names the deck
each seat plays. Cross references (a deck naming an unknown card, a card of
another faction, too many copies, a script naming an unknown card) are
checked here with the field path in the message.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from game.engine.levelchecks import raise_first, suggest
from game.engine.schema import Ident, LevelBase, LocalizedName, LocalizedText, StrictModel
from game.rulesets.sanctuary.effects import (
    CHARACTER_TARGETS,
    TARGET_NEEDS,
    TECH_TARGETS,
    VERBS,
    TargetKind,
)

Effect = VERBS.union()
CardType = Literal["sanctuary", "character", "attachment", "technology", "manipulation"]
#: the card types a scripted seat can play in Will Harvest, and its default order of preference
PlayType = Literal["attachment", "character", "technology", "manipulation"]
_PLAY_ORDER: tuple[PlayType, ...] = ("attachment", "character", "technology", "manipulation")


def _did_you_mean(word: str, options: list[str]) -> str:
    return suggest(word, options)  # bounded work (engine/levelchecks.py)


class Ability(StrictModel):
    """An activated ability of a card in play: pay Will (and maybe turn the card) for effects."""

    name: LocalizedName = ""
    cost: int = Field(0, ge=0, le=20, description="Will to pay")
    tap: bool = Field(False, description="the card turns to use it (only when untapped)")
    target: TargetKind = "none"
    effects: list[Effect] = Field(min_length=1, max_length=6)  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _bounded(self) -> Ability:
        if self.cost < 1 and not self.tap:
            raise ValueError("an ability must cost at least 1 Will or turn the card (tap = true)")
        _check_targets(self.target, self.effects)
        return self


def _check_targets(target: str, effects: list) -> None:
    for i, e in enumerate(effects):
        if getattr(e, "to", None) != "target":
            continue
        need = TARGET_NEEDS.get(e.effect, "any")
        if target == "none":
            raise ValueError(f"effects[{i}]: '{e.effect}' acts on the target but the card has target = 'none'")
        if need == "character" and target not in CHARACTER_TARGETS:
            raise ValueError(f"effects[{i}]: '{e.effect}' needs a character target, not {target!r}")
        if need == "technology" and target not in TECH_TARGETS:
            raise ValueError(f"effects[{i}]: '{e.effect}' needs a technology target, not {target!r}")


class CardDef(StrictModel):
    """One card of the pool: type, faction, cost and the numbers and effects of its type."""

    name: LocalizedName
    type: CardType
    faction: Ident = "neutral"
    cost: int = Field(0, ge=0, le=20, description="Will to play it (not for a Sanctuary)")
    strength: int = Field(0, ge=0, le=20, description="character: Strength; technology: bonus to its carrier")
    structure: int = Field(0, ge=0, le=99, description="sanctuary: starting Structure; attachment: Structure it adds")
    will: int = Field(0, ge=0, le=10, description="Will generated each Meditation (sanctuary, attachment)")
    attachment_limit: int = Field(0, ge=0, le=10, description="sanctuary: most Attachments in play")
    durability: int = Field(0, ge=0, le=10, description="technology: Durability")
    target: TargetKind = Field("none", description="what the player picks when playing it")
    effects: list[Effect] = Field(default_factory=list, max_length=6,  # type: ignore[valid-type]
                                  description="manipulation: what it does; others: when entering play")
    on_turn_start: list[Effect] = Field(default_factory=list, max_length=4,  # type: ignore[valid-type]
                                        description="triggers in its controller's Meditation")
    abilities: list[Ability] = Field(default_factory=list, max_length=3)
    flavor: LocalizedText = ""

    @model_validator(mode="after")
    def _by_type(self) -> CardDef:
        t = self.type
        if t == "character" and self.strength < 1:
            raise ValueError("a character needs strength >= 1")
        if t == "technology" and self.durability < 1:
            raise ValueError("a technology needs durability >= 1")
        if t == "sanctuary" and (self.structure < 1 or self.attachment_limit < 1):
            raise ValueError("a sanctuary needs structure >= 1 and attachment_limit >= 1")
        if t == "manipulation" and not self.effects:
            raise ValueError("a manipulation needs at least one effect")
        if t == "technology" and self.target != "none":
            raise ValueError("a technology always targets its carrier (one of your characters): leave target out")
        if t == "sanctuary" and self.effects:
            raise ValueError("a sanctuary has no 'effects' (use on_turn_start or abilities)")
        if t == "manipulation" and (self.on_turn_start or self.abilities):
            raise ValueError("a manipulation is one-shot: no on_turn_start or abilities")
        _check_targets(self.target, self.effects)
        for i, e in enumerate(self.on_turn_start):
            if getattr(e, "to", None) == "target":
                raise ValueError(f"on_turn_start[{i}]: start-of-turn effects have no target")
        return self


class DeckDef(StrictModel):
    """A ready deck: a Sanctuary plus cards with their number of copies."""

    name: LocalizedName
    sanctuary: Ident
    cards: dict[Ident, int] = Field(description="card id -> copies (1 to max_copies)")


class Script(StrictModel):
    """How a scripted opponent plays (the tutorial): a simple fixed policy, no search."""

    play_order: list[PlayType] = Field(
        default_factory=lambda: list(_PLAY_ORDER),
        description="card types it plays in Will Harvest, in this order of preference")
    duel: Literal["never", "when_safe"] = "never"
    attack: Literal["never", "always", "when_safe"] = "when_safe"
    block: Literal["never", "when_safe", "always"] = "when_safe"
    respond: bool = Field(False, description="plays Manipulations on your turn when it can")


class PlayerSetup(StrictModel):
    """One seat: its deck, an optional stacked deck order and an optional script."""

    deck: Ident
    name: LocalizedName = ""
    stacked: list[Ident] = Field(default_factory=list, max_length=40,
                                 description="card ids put on top of the deck in this order (first = drawn first)")
    script: Script | None = Field(None, description="when set, this seat is a scripted opponent")


class SanctuaryLevel(LevelBase):
    """A sanctuary level: card pool, decks, the two seats and the table rules."""

    cards: dict[Ident, CardDef] = Field(default_factory=dict)
    decks: dict[Ident, DeckDef] = Field(default_factory=dict)
    players: list[PlayerSetup] = Field(min_length=2, max_length=2)
    deck_size: int = Field(40, ge=10, le=60)
    max_copies: int = Field(3, ge=1, le=10)
    opening_hand: int = Field(6, ge=1, le=10)
    hand_limit: int = Field(8, ge=1, le=20)
    first_player: Literal["random", "first", "second"] = "random"
    turn_limit: int = Field(200, ge=10, le=400,
                            description="safety net: after this many turns the higher Structure wins")
    tips: dict[Literal["setup", "harvest", "duel", "combat", "contemplation", "end"], LocalizedText] = Field(
        default_factory=dict, description="tutorial hints shown to unscripted seats in each phase")

    @model_validator(mode="after")
    def _cross_check(self) -> SanctuaryLevel:
        raise_first(type(self).__name__, self._check_refs)
        return self

    def _check_refs(self) -> None:
        """Raise ValueError("field.path: message") for the first broken cross reference."""
        ids = list(self.cards)
        for did, deck in self.decks.items():
            where = f"decks.{did}"
            san = self.cards.get(deck.sanctuary)
            if san is None:
                raise ValueError(f"{where}.sanctuary: unknown card {deck.sanctuary!r}{_did_you_mean(deck.sanctuary, ids)}")
            if san.type != "sanctuary":
                raise ValueError(f"{where}.sanctuary: {deck.sanctuary!r} is a {san.type}, not a sanctuary")
            total = 0
            for cid, n in deck.cards.items():
                card = self.cards.get(cid)
                if card is None:
                    raise ValueError(f"{where}.cards.{cid}: unknown card{_did_you_mean(cid, ids)}")
                if card.type == "sanctuary":
                    raise ValueError(f"{where}.cards.{cid}: a sanctuary is not a deck card")
                if not 1 <= n <= self.max_copies:
                    raise ValueError(f"{where}.cards.{cid}: {n} copies; expected 1 to {self.max_copies}")
                if card.faction not in ("neutral", san.faction):
                    raise ValueError(f"{where}.cards.{cid}: faction {card.faction!r} is neither neutral nor "
                                     f"the sanctuary's {san.faction!r}")
                total += n
            if total != self.deck_size:
                raise ValueError(f"{where}.cards: {total} cards; a deck has exactly {self.deck_size}")
        for i, p in enumerate(self.players):
            pdeck = self.decks.get(p.deck)
            if pdeck is None:
                raise ValueError(f"players[{i}].deck: unknown deck {p.deck!r}{_did_you_mean(p.deck, list(self.decks))}")
            left = dict(pdeck.cards)
            for j, cid in enumerate(p.stacked):
                if left.get(cid, 0) <= 0:
                    raise ValueError(f"players[{i}].stacked[{j}]: {cid!r} is not (or no more) in deck {p.deck!r}")
                left[cid] -= 1
