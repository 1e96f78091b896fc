"""The city (RULES.md "City"): on a town, instead of steps 2-4.

A hero may browse a market of 4 face-down items (drawn from the normal deck, seen by that seat
alone; the others see 4 backs), buy any of them openly, sell items for half their price, heal
(2 points free each visit, then 10 gold a point, up to 5 + resistance), take up to 3 NPC quest
cards, and leave (step 5). Unbought market items go back into the deck when the hero leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.limits import clamp_gold
from game.engine.events import Event
from game.rulesets.expedition.kinds import FREE_HEALS, HEAL_PRICE, MARKET_SIZE, MAX_QUESTS, Act, Ev, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState, Hero


def sell_price(st: "ExpeditionState", iid: str) -> int:
    """Half the item's price, rounded down."""
    return st.model.items[iid].price // 2


def free_quests(st: "ExpeditionState") -> list[str]:
    """NPC quests no hero holds or has completed, in the NPC table's order."""
    taken = {q for h in st.heroes for q in h.quests + h.done}
    return [nid for nid, n in st.model.npcs.items() if n.quest is not None and nid not in taken]


def can_heal(st: "ExpeditionState", h: "Hero") -> bool:
    """Below the limit, and a free heal left or 10 gold."""
    from game.rulesets.expedition.explore import max_health

    return h.health < max_health(st, h) and (st.heals < FREE_HEALS or h.gold >= HEAL_PRICE)


def city_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Browse, buy, sell, heal, take a quest, leave."""
    h = st.hero
    out: list[Action] = []
    if not st.browsed and st.decks.get("normal"):
        out.append(Action.of(Act.BROWSE))
    out += [Action.of(Act.BUY, slot=i) for i, iid in enumerate(st.market) if st.model.items[iid].price <= h.gold]
    out += [Action.of(Act.SELL, slot=i) for i, iid in enumerate(h.items)
            if st.model.items[iid].rarity != "quest"]
    if can_heal(st, h):
        out.append(Action.of(Act.HEAL))
    if len(h.quests) < MAX_QUESTS:
        out += [Action.of(Act.QUEST, npc=n) for n in free_quests(st)]
    out.append(Action.of(Act.LEAVE))
    return out


def on_browse(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Draw the market's 4 face-down items: this seat alone sees them."""
    from game.rulesets.expedition.explore import draw

    st.market = sorted(draw(st, "normal", MARKET_SIZE))
    st.browsed = True
    events.append(Event(Ev.BROWSED, {"seat": st.active, "items": list(st.market)}, random=True,
                        private_to=st.active))


def on_buy(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Buy a browsed item openly."""
    h = st.hero
    iid = st.market.pop(action["slot"])
    price = st.model.items[iid].price
    h.gold -= price
    h.items.append(iid)
    events.append(Event(Ev.BOUGHT, {"seat": h.seat, "item": iid, "price": price}, reveal=True))


def on_sell(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Sell an item for half its price; it goes back into its deck."""
    from game.rulesets.expedition.explore import cap_health, put_back

    h = st.hero
    iid = h.items.pop(action["slot"])
    price = sell_price(st, iid)
    h.gold = clamp_gold(h.gold + price)
    put_back(st, [iid])
    cap_health(st, h)
    events.append(Event(Ev.SOLD, {"seat": h.seat, "item": iid, "price": price}))


def on_heal(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Heal 1: free for the first two of a visit, then 10 gold."""
    h = st.hero
    cost = 0 if st.heals < FREE_HEALS else HEAL_PRICE
    st.heals += 1
    h.gold -= cost
    h.health += 1
    events.append(Event(Ev.HEALED, {"seat": h.seat, "health": h.health, "cost": cost}))


def on_quest(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Take an NPC's quest card (up to 3 held)."""
    h = st.hero
    h.quests.append(action["npc"])
    events.append(Event(Ev.QUEST_TAKEN, {"seat": h.seat, "npc": action["npc"]}))


def on_leave(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Leave the city: unbought market items go back; step 5."""
    from game.rulesets.expedition.explore import put_back

    put_back(st, st.market)
    st.market = []
    st.step = Step.FINAL
