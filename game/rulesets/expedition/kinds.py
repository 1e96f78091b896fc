"""The names of the expedition ruleset: its steps, action kinds, event kinds and fixed numbers.

One place for the words the rules, the view records, the bot and the scene share (docs/rules/expedition.md
lists them): the flow's steps (``Step``), the action kinds (``Act``), the event kinds (``Ev``), the
kinds of event cards (``EventStep``) and the level goals (``GoalKind``).
"""

from __future__ import annotations

from enum import StrEnum

from typing import Final, Literal

STATE_VERSION: Final[Literal[1]] = 1
#: hero moves per turn (seed step 1)
MOVES_PER_TURN = 2
#: squares per hero move before resistance (3 + resistance)
BASE_MOVE = 3
#: escape dice before agility, and the hits an escape needs (seed step 2)
BASE_ESCAPE_DICE = 3
ESCAPE_HITS = 3
#: vision dice before vision, and the successes a search needs (seed step 3)
BASE_VISION_DICE = 2
SEARCH_MIN = 2
#: vision successes a normal / a rare item costs (seed 3.1, 3.2)
NORMAL_COST = 2
RARE_COST = 3
#: base of the health limit (5 + resistance) and the city's healing (RULES.md "City")
BASE_HEALTH = 5
FREE_HEALS = 2
HEAL_PRICE = 10
MARKET_SIZE = 4
MAX_QUESTS = 3
#: how far a hero may be to be asked for help (orthogonal steps, whatever the terrain)
HELP_RANGE = 2
#: actions an auto-resolved battle may take before it is called a draw (it stays fast)
AUTO_RESOLVE_CAP = 3000


class Step(StrEnum):
    """Where a turn stands; saved in the state (``step``)."""

    MOVE = "move"            # step 1: the hero moves (or stays, or ends the turn)
    DANGER = "danger"        # step 2: escape or fight
    HELP = "help"            # step 2.4: ask a hero within two squares, then fight or auto-resolve
    ANSWER = "answer"        # step 2.4: the asked hero's player accepts or refuses
    BATTLE = "battle"        # step 2.5: a skirmish game is live inside this one
    SEARCH = "search"        # step 3: roll the vision dice and the luck die
    CLAIM = "claim"          # step 3.1-3.3: spend the successes on normal and rare items
    CONTACT = "contact"      # step 4: talk to an adjacent NPC or hero, or go on
    OFFER = "offer"          # step 4.2: building an offer to another hero
    REPLY = "reply"          # step 4.2: the other hero's player accepts or refuses the offer
    CITY = "city"            # city: market, sell, heal, quests, leave
    FINAL = "final"          # step 5 (automatic): back to step 1 or the next hero's turn
    OVER = "over"


class Act(StrEnum):
    """Action kinds (the ``kind`` of every Action the rules accept)."""

    MOVE = "move"            # x, y: walk to a reachable square (one hero move)
    STAY = "stay"            # spend a hero move standing still (steps 2-5 follow)
    END = "end"              # end the turn now (the remaining moves are lost)
    ESCAPE = "escape"        # roll 3 + agility escape dice
    FIGHT = "fight"          # fight without trying to escape
    ASK = "ask"              # hero: ask that seat's hero for help
    ACCEPT = "accept"        # the asked hero joins / the offer is taken
    REFUSE = "refuse"        # the asked hero stays out / the offer is refused
    BATTLE = "battle"        # play the battle in the skirmish arena
    QUICK = "quick"          # auto-resolve the battle (bots play both sides)
    SEARCH = "search"        # roll 2 + vision vision dice and the luck die
    CLAIM = "claim"          # normal, rare: items to draw for the successes
    TALK = "talk"            # npc: hear an adjacent NPC's secret message
    TRADE = "trade"          # hero: open an offer to an adjacent hero
    GIVE = "give"            # slot: toggle one of my items in the offer
    TAKE = "take"            # slot: toggle one of their items in the offer
    TELL = "tell"            # info: what I tell (index: my known messages, then the rumours); -1 none
    SEND = "send"            # send the offer
    CANCEL = "cancel"        # drop the offer
    DONE = "done"            # leave the contact step (go to step 5)
    BROWSE = "browse"        # city: look at the market's 4 face-down items (secretly)
    BUY = "buy"              # slot: buy a browsed market item (openly)
    SELL = "sell"            # slot: sell one of my items
    HEAL = "heal"            # heal 1 (free twice a visit, then 10 gold)
    QUEST = "quest"          # npc: take that NPC's quest card
    LEAVE = "leave"          # leave the city (go to step 5)


class Ev(StrEnum):
    """Event kinds the expedition emits (skirmish events come prefixed ``skirmish/``)."""

    ROUND = "RoundBegan"
    TURN = "TurnBegan"
    CARD = "EventDrawn"
    CARD_ENDS = "EventEnded"
    MOVED = "HeroMoved"
    STAYED = "HeroStayed"
    TURN_ENDED = "TurnEnded"
    ESCAPE = "EscapeRolled"
    MONSTERS = "MonstersAppeared"
    NO_MONSTERS = "NoMonsters"
    ASKED = "HelpAsked"
    ANSWERED = "HelpAnswered"
    BATTLE_ENDED = "BattleEnded"
    REWARD = "RewardTaken"
    KNOCKED_OUT = "HeroKnockedOut"
    SEARCH = "SearchRolled"
    ITEMS = "ItemsFound"
    TOLD = "NpcTold"
    OFFERED = "OfferMade"
    OFFER_ANSWERED = "OfferAnswered"
    INFO = "InfoTold"
    BROWSED = "MarketBrowsed"
    BOUGHT = "ItemBought"
    SOLD = "ItemSold"
    HEALED = "HeroHealed"
    QUEST_TAKEN = "QuestTaken"
    QUEST_DONE = "QuestDone"
    GAME_OVER = "GameOver"


class EventStep(StrEnum):
    """The step an event card changes (only that one)."""

    MOVES = "moves"          # hero moves per turn
    MOVE = "move"            # squares per hero move
    ESCAPE = "escape"        # escape dice
    SEARCH = "search"        # vision dice
    CONTACT = "contact"      # contact: amount < 0 closes step 4
    DANGER = "danger"        # amount > 0: every walkable square is dangerous; < 0: none is


class GoalKind(StrEnum):
    """What a level asks of the heroes."""

    REACH = "reach"
    BRING = "bring"
    QUESTS = "quests"
    GOLD = "gold"


def ceil_half(n: int) -> int:
    """Half of ``n`` rounded up (the gold a knocked-out hero loses)."""
    return (n + 1) // 2
