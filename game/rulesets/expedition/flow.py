"""The expedition's declared turn flow (engine/flow.py): one ``Step`` per step of seed 000.

The current step is saved in the state (``step``); who decides there is the active hero's seat,
except ANSWER (the hero asked for help) and REPLY (the hero an offer was sent to): a human decision
of another seat is that seat's. BATTLE is decided inside the hosted skirmish game (the host routes
every call there while it is live). CONTACT and FINAL are automatic where nobody has anything to
decide. After every action the goal is checked (``after``).
"""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.engine.flow import Flow
from game.engine.flow import Step as Decl
from game.rulesets.expedition import battle, city, contact, explore
from game.rulesets.expedition.kinds import Act, Step
from game.rulesets.expedition.turns import auto_final, check_goal


def _active(st: Any) -> int:
    return int(st.active)


def _set(st: Any, key: Step) -> None:
    st.step = key


def _after(st: Any, events: list[Event]) -> None:
    check_goal(st, events)


def _nothing(st: Any, seat: int) -> list[Any]:
    return []


FLOW: Flow[Step] = Flow("expedition", {
    Step.MOVE: Decl(decides=_active, actions=explore.move_actions,
                    handlers={Act.MOVE: explore.on_move, Act.STAY: explore.on_stay, Act.END: explore.on_end},
                    doc="step 1: a hero move of up to 3 + resistance squares, stay, or end the turn"),
    Step.DANGER: Decl(decides=_active, actions=explore.danger_actions,
                      handlers={Act.ESCAPE: explore.on_escape, Act.FIGHT: explore.on_fight},
                      doc="step 2: escape (3 + agility dice, 3 hits) or fight (monster and quantity dice)"),
    Step.HELP: Decl(decides=_active, actions=explore.help_actions,
                    handlers={Act.ASK: explore.on_ask, Act.BATTLE: battle.on_battle, Act.QUICK: battle.on_quick},
                    doc="step 2.4: ask a hero within two squares for help; play or auto-resolve the battle"),
    Step.ANSWER: Decl(decides=explore.asked_seat, actions=explore.answer_actions,
                      handlers={Act.ACCEPT: explore.on_answer, Act.REFUSE: explore.on_answer},
                      doc="step 2.4: the asked hero's player accepts or refuses"),
    Step.BATTLE: Decl(decides=_active, actions=_nothing,
                      doc="step 2.5: the skirmish game hosted inside decides (its seats act)"),
    Step.SEARCH: Decl(decides=_active, actions=explore.search_actions, handlers={Act.SEARCH: explore.on_search},
                      doc="step 3: 2 + vision vision dice and a luck die"),
    Step.CLAIM: Decl(decides=_active, actions=explore.claim_actions, handlers={Act.CLAIM: explore.on_claim},
                     doc="step 3.1-3.3: spend the successes: a normal item 2, a rare item 3"),
    Step.CONTACT: Decl(decides=_active, actions=contact.contact_actions, auto=contact.auto_contact,
                       handlers={Act.TALK: contact.on_talk, Act.TRADE: contact.on_trade, Act.DONE: contact.on_done},
                       doc="step 4: an adjacent NPC's secret message, or an offer to an adjacent hero"),
    Step.OFFER: Decl(decides=_active, actions=contact.offer_actions,
                     handlers={Act.GIVE: contact.on_give, Act.TAKE: contact.on_take, Act.TELL: contact.on_tell,
                               Act.SEND: contact.on_send, Act.CANCEL: contact.on_cancel},
                     doc="step 4.2: items both ways and a message (true or a rumour)"),
    Step.REPLY: Decl(decides=contact.offer_seat, actions=contact.reply_actions,
                     handlers={Act.ACCEPT: contact.on_reply, Act.REFUSE: contact.on_reply},
                     doc="step 4.2: the other hero's player accepts or refuses the offer"),
    Step.CITY: Decl(decides=_active, actions=city.city_actions,
                    handlers={Act.BROWSE: city.on_browse, Act.BUY: city.on_buy, Act.SELL: city.on_sell,
                              Act.HEAL: city.on_heal, Act.QUEST: city.on_quest, Act.LEAVE: city.on_leave},
                    doc="city: market of 4 face-down items, sell, heal, quests, leave"),
    Step.FINAL: Decl(auto=auto_final, doc="step 5: back to step 1 while moves remain, else the next hero"),
}, current=lambda st: st.step, set_current=_set, is_over=lambda st: st.step == Step.OVER, after=_after,
    unique=True)
