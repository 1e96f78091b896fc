"""The EventAnimator: engine events (dice, chips, cards, damage, phases, game over) to default animations and sounds."""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterable
from typing import Sequence as SequenceOf

from game.ui.anim.props import shake
from game.ui.anim.queue import AnimationQueue
from game.ui.anim.tweens import Animation, Await, Call, Parallel, Sequence, Wait

log = logging.getLogger(__name__)


# ---------------------------------------------------------------- event mapping

Handler = Callable[[Any], "Animation | None"]


class EventAnimator:
    """Turn engine Events (DiceRolled, ChipDrawn, CardMoved, DamageDealt, PhaseBegan,
    GameOver, Shuffled) into default animations and sounds; scenes override per kind.

    ``animator.on("CardMoved", fn)`` replaces a default; ``fn(event)`` returns an
    Animation (or None). ``feed(events)`` queues them all in order. Private
    events are shown as their public version unless ``viewer`` may see them.

    Optional collaborators (all may be None): ``tray`` (a DiceTray), ``sounds``
    (an object with ``play(name)``), ``banner`` (a widgets.Banner), ``shake_target``
    (an object with an ``offset`` attribute, e.g. the scene camera), ``label``
    (``fn(event) -> str``, the words for banners; defaults to the phase name),
    ``dice_of`` (``fn(event) -> dice`` for rulesets with their own roll data),
    ``flights`` (a physics.FlightField) with ``where`` (``fn(event) -> (key, start,
    end)`` or None): ChipDrawn then pops the chip out of the bag to its slot and
    CardMoved flicks the card to its pile.
    The scene calls ``tray.update(dt)`` / ``flights.update(dt)`` every frame (it
    also draws them); with ``drive_tray=True`` the queue drives both instead.
    """

    def __init__(self, queue: AnimationQueue, *, tray: Any = None, sounds: Any = None, banner: Any = None,
                 shake_target: Any = None, label: Callable[[Any], str] | None = None,
                 viewer: int | None = None, dice_of: Callable[[Any], SequenceOf[Any]] | None = None,
                 drive_tray: bool = False, flights: Any = None,
                 where: Callable[[Any], tuple[Any, Any, Any] | None] | None = None) -> None:
        self.drive_tray = drive_tray
        self.flights, self.where = flights, where
        self.queue, self.tray, self.sounds, self.banner = queue, tray, sounds, banner
        self.shake_target, self.label, self.viewer, self.dice_of = shake_target, label, viewer, dice_of
        #: the name of a roll's bonus ("Str") for the tray's breakdown "1 + 2 + 1 + Str 1 = 5" (scenes set it)
        self.dice_bonus: Callable[[Any], str | None] | None = None
        #: the tray's result words for a roll the ruleset names itself ("1 × Toll reaver"), else None (scenes set it)
        self.roll_words: Callable[[Any], str | None] | None = None
        self.handlers: dict[str, Handler] = {
            "DiceRolled": self._dice, "ChipDrawn": self._chip, "CardMoved": self._card,
            "DamageDealt": self._damage, "PhaseBegan": self._phase, "GameOver": self._game_over,
            "Shuffled": self._shuffled,
        }

    def on(self, kind: str, handler: Handler | None) -> None:
        """Set (or with None, silence) the handler of an event kind."""
        if handler is None:
            self.handlers[kind] = lambda e: None
        else:
            self.handlers[kind] = handler

    def animation_for(self, event: Any) -> Animation | None:
        """Return the animation for one event (None when nothing to show)."""
        if hasattr(event, "visible_to") and not event.visible_to(self.viewer):
            event = event.public()
        handler = self.handlers.get(getattr(event, "kind", ""))
        if handler is None:
            return None
        try:
            return handler(event)
        except Exception:
            log.exception("animation handler for %s failed", getattr(event, "kind", "?"))
            return None

    def feed(self, events: Iterable[Any]) -> list[Animation]:
        """Queue the animations of ``events`` in order; return them."""
        out = []
        for e in events:
            a = self.animation_for(e)
            if a is not None:
                self.queue.play(a)
                out.append(a)
        return out

    def sound(self, name: str) -> Call | None:
        """Return a Call playing sound ``name`` (None without a sound player)."""
        if self.sounds is None:
            return None
        return Call(lambda: self.sounds.play(name))

    # defaults -------------------------------------------------------------
    def _dice(self, event: Any) -> Animation | None:
        data = event.data
        if data.get("hidden"):
            return None
        if self.tray is None:
            return Sequence([x for x in (self.sound("dice"), Wait(0.2)) if x])
        label: Any = None
        if self.dice_of:
            dice = self.dice_of(event)
        elif "dice" in data:  # DiceRoll.to_json(): exploding d6 chains
            dice = data.get("dice") or []
        else:  # PoolRoll.to_json(): [die name, face] pairs
            dice = data.get("faces") or []
        if data.get("total") is not None:  # each die and the bonus that make the total, when the roll has them
            from game.engine.dicetext import roll_text

            bonus = self.dice_bonus(event) if self.dice_bonus is not None else None
            label = roll_text(data, bonus) or str(data["total"])
        elif data.get("successes") is not None:
            from game.engine.i18n import t

            label = t("ui.successes", n=data["successes"])
        if self.roll_words is not None:
            label = self.roll_words(event) or label
        tray = self.tray
        return Sequence(Call(lambda: tray.throw(dice, label=label)),
                        Await(tray, drive=self.drive_tray), Wait(0.35), blocking=True)

    def _fly(self, event: Any, chip: bool) -> Animation | None:
        """Launch a chip or card flight for the event when the scene said where it goes."""
        if self.flights is None or self.where is None:
            return None
        spot = self.where(event)
        if not spot:
            return None
        key, start, end = spot
        flights = self.flights
        if chip:
            launch: Callable[[], Any] = lambda: flights.chip_from_bag(key, start, end)  # noqa: E731
        else:
            launch = lambda: flights.flick_card(key, start, end)  # noqa: E731
        return Sequence(Call(launch), Await(flights, drive=self.drive_tray, blocking=False))

    def _chip(self, event: Any) -> Animation | None:
        fly = self._fly(event, True)
        return Sequence([x for x in (self.sound("chip"), fly or Wait(0.15)) if x])

    def _card(self, event: Any) -> Animation | None:
        fly = self._fly(event, False)
        return Sequence([x for x in (self.sound("card"), fly or Wait(0.12)) if x])

    def _shuffled(self, event: Any) -> Animation | None:
        return Sequence([x for x in (self.sound("card"), Wait(0.1), self.sound("card")) if x])

    def _damage(self, event: Any) -> Animation | None:
        parts: list[Animation | None] = [self.sound("hit")]
        if self.shake_target is not None:
            amount = event.data.get("amount") or 1
            parts.append(shake(self.shake_target, amplitude=min(14.0, 4.0 + 2.0 * float(amount)), duration=0.3))
        else:
            parts.append(Wait(0.2))
        return Parallel([p for p in parts if p])

    def _phase(self, event: Any) -> Animation | None:
        if self.banner is None:
            return None
        words = self.label(event) if self.label else str(event.data.get("phase", ""))
        if not words:
            return None
        return self.banner.show_anim(words, duration=0.9)

    def _game_over(self, event: Any) -> Animation | None:
        parts: list[Animation | None] = [self.sound("victory")]
        if self.banner is not None:
            words = self.label(event) if self.label else ""
            if not words:
                from game.engine.i18n import t

                words = t("ui.game_over")
            parts.append(self.banner.show_anim(words, duration=2.0, big=True))
        return Sequence([p for p in parts if p], blocking=True)
