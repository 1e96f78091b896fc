"""Seed step 4, contact: an adjacent NPC's secret message, or an offer to an adjacent hero.

"Adjacent" is the same square or one sharing an edge. An NPC's message goes to the hero's player
alone (the ``NpcTold`` event is private to that seat; the view keeps it from the others). An offer is
built a piece at a time (toggle my items, their items, choose a message: one I know, passed on
truthfully, or one of the level's rumours, a lie) and sent; the other hero's player accepts or refuses
(``to_act`` is that seat). A message passed on reaches the receiver as the NPC's words naming a site;
neither the receiver's view nor the log says whether it is true.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.events import Event
from game.rulesets.expedition.kinds import Act, EventStep, Ev, Step

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.expedition.state import ExpeditionState, Hero, Info


def near(a: "Hero", x: int, y: int) -> bool:
    """Same square or sharing an edge."""
    return abs(a.x - x) + abs(a.y - y) <= 1


def npcs_near(st: "ExpeditionState") -> list[str]:
    """NPCs adjacent to the active hero not talked to in this step, in the level's order."""
    h = st.hero
    out: list[str] = []
    for p in st.model.placed:
        if near(h, *p.at) and p.npc not in st.talked and p.npc not in out:
            out.append(p.npc)
    return out


def heroes_near(st: "ExpeditionState") -> list[int]:
    """Other heroes adjacent to the active hero not traded with in this step."""
    h = st.hero
    return [o.seat for o in st.heroes if o.seat != h.seat and o.seat not in st.traded and near(h, o.x, o.y)]


def auto_contact(st: "ExpeditionState", events: list[Event]) -> bool:
    """Nobody adjacent (or a card closes step 4): go to step 5; else the hero decides."""
    from game.rulesets.expedition.explore import card_amount

    if card_amount(st, EventStep.CONTACT) < 0 or not (npcs_near(st) or heroes_near(st)):
        st.step = Step.FINAL
        return True
    return False


def contact_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Talk to an NPC, open an offer to a hero, or go on."""
    return ([Action.of(Act.TALK, npc=n) for n in npcs_near(st)]
            + [Action.of(Act.TRADE, hero=s) for s in heroes_near(st)] + [Action.of(Act.DONE)])


def message_of(st: "ExpeditionState", npc: str) -> "Info":
    """What an NPC tells: its words naming its site (the goal's, secret, or a fixed one)."""
    from game.rulesets.expedition.state import Info

    n = st.model.npcs[npc]
    site = st.goal_site if n.tells == "goal" else n.tells
    return Info(npc=npc, site=site or "")


def learn(h: "Hero", info: "Info") -> bool:
    """Add a message to what a hero knows (once); True when it is new."""
    if any(k.npc == info.npc and k.site == info.site and k.teller == info.teller for k in h.known):
        return False
    h.known.append(info)
    return True


def on_talk(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Hear an NPC's message: secret to this seat."""
    h = st.hero
    npc = action["npc"]
    info = message_of(st, npc)
    learn(h, info)
    st.talked.append(npc)
    events.append(Event(Ev.TOLD, {"seat": h.seat, "npc": npc, "site": info.site}, reveal=True, private_to=h.seat))


def on_trade(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Open an offer to an adjacent hero."""
    from game.rulesets.expedition.state import Offer

    st.offer = Offer(to=action["hero"])
    st.step = Step.OFFER


def on_done(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Leave step 4."""
    st.step = Step.FINAL


# ------------------------------------------------------------------ building and answering an offer
def messages_to_tell(st: "ExpeditionState", h: "Hero") -> int:
    """How many messages the hero may tell: the known ones, then the level's rumours."""
    return len(h.known) + len(st.model.rumours)


def told(st: "ExpeditionState", h: "Hero", index: int) -> "Info":
    """The message a ``tell`` index stands for: a known one (passed on truthfully) or a rumour (a lie)."""
    from game.rulesets.expedition.state import Info

    if index < len(h.known):
        k = h.known[index]
        return Info(npc=k.npc, site=k.site, teller=h.seat)
    r = st.model.rumours[index - len(h.known)]
    return Info(npc=r.npc, site=r.site, teller=h.seat)


def offer_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Toggle my items and theirs, choose a message, send (if not empty) or cancel."""
    h, o = st.hero, st.offer
    assert o is not None
    other = st.heroes[o.to]
    out = [Action.of(Act.GIVE, slot=i) for i in range(len(h.items))]
    out += [Action.of(Act.TAKE, slot=i) for i in range(len(other.items))]
    out += [Action.of(Act.TELL, info=i) for i in range(-1, messages_to_tell(st, h)) if i != o.info]
    if o.give or o.take or o.info >= 0:
        out.append(Action.of(Act.SEND))
    out.append(Action.of(Act.CANCEL))
    return out


def _toggle(slots: list[int], i: int) -> None:
    if i in slots:
        slots.remove(i)
    else:
        slots.append(i)
        slots.sort()


def on_give(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Put one of my items in the offer, or take it out."""
    assert st.offer is not None
    _toggle(st.offer.give, action["slot"])


def on_take(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Ask for one of their items, or stop asking."""
    assert st.offer is not None
    _toggle(st.offer.take, action["slot"])


def on_tell(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Choose the message to tell (-1: none)."""
    assert st.offer is not None
    st.offer.info = action["info"]


def on_send(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Send the offer: the other hero's player answers."""
    o = st.offer
    assert o is not None
    h, other = st.hero, st.heroes[o.to]
    events.append(Event(Ev.OFFERED, {"seat": h.seat, "to": o.to, "give": [h.items[i] for i in o.give],
                                     "take": [other.items[i] for i in o.take], "message": o.info >= 0}))
    st.step = Step.REPLY


def on_cancel(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Drop the offer."""
    st.offer = None
    st.step = Step.CONTACT


def offer_seat(st: "ExpeditionState") -> int | None:
    """The seat the offer was sent to (it decides in step REPLY)."""
    return st.offer.to if st.offer is not None else None


def reply_actions(st: "ExpeditionState", seat: int) -> list[Action]:
    """Accept or refuse the offer."""
    return [Action.of(Act.ACCEPT), Action.of(Act.REFUSE)]


def on_reply(st: "ExpeditionState", action: Action, events: list[Event]) -> None:
    """Accepted: items change hands both ways and the message is told (privately). Refused: nothing."""
    from game.rulesets.expedition.explore import cap_health

    o = st.offer
    assert o is not None
    h, other = st.hero, st.heroes[o.to]
    yes = action.kind == Act.ACCEPT
    gave = [h.items[i] for i in o.give]
    took = [other.items[i] for i in o.take]
    if yes:
        for i in sorted(o.give, reverse=True):
            h.items.pop(i)
        for i in sorted(o.take, reverse=True):
            other.items.pop(i)
        h.items.extend(took)
        other.items.extend(gave)
        cap_health(st, h)
        cap_health(st, other)
    events.append(Event(Ev.OFFER_ANSWERED, {"seat": o.to, "from": h.seat, "accepted": yes,
                                            "give": gave if yes else [], "take": took if yes else [],
                                            "message": yes and o.info >= 0}))
    if yes and o.info >= 0:
        info = told(st, h, o.info)
        learn(other, info)
        events.append(Event(Ev.INFO, {"seat": o.to, "from": h.seat, "npc": info.npc, "site": info.site},
                            reveal=True, private_to=o.to))
    st.traded.append(o.to)
    st.offer = None
    st.step = Step.CONTACT
