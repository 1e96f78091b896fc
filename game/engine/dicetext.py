"""A roll in words, each die and the bonus that make the total: "1 + 2 + 1 + Str 1 = 5".

Why: a total alone ("Total 5") hides how it came about; players trust a roll they can add up. The tray's
result label (``game.ui.dice_tray``) and the rulesets' log lines both use this one spelling. Exploding dice show their chain in brackets
(a 6 counts 5 and rolls again: "(5 + 3)"), a negative bonus reads "− 2", and a floor that raised the total
says so ("= 1, at least 1"). Pure text in the engine layer (no pygame), so rulesets may use it.
"""

from __future__ import annotations

from typing import Any, Sequence

from game.engine.i18n import t

MINUS = "−"


def _die_value(face: Any) -> int | None:
    """The value one face counts (an exploding 6 counts 5), or None for a face that is not a number."""
    if isinstance(face, bool) or not isinstance(face, int):
        return None
    return 5 if face == 6 else face


def die_text(die: Any, exploding: bool = True) -> str:
    """One die in words: its number, or its exploding chain in brackets ("(5 + 5 + 2)")."""
    if isinstance(die, (list, tuple)):
        if len(die) == 1:
            return die_text(die[0], exploding)
        parts = [str(_die_value(f) if exploding else f) for f in die]
        return "(" + " + ".join(parts) + ")"
    return str(die)


def breakdown(dice: Sequence[Any], modifier: int = 0, total: int | None = None, bonus: str | None = None,
              minimum: int | None = None, lang: str | None = None) -> str:
    """Each die, the bonus (named by ``bonus``, e.g. "Str") and the total: "1 + 2 + (5 + 3) + Str 1 = 13".

    ``dice`` are numbers or exploding chains of faces (``DiceRoll.to_json()["dice"]``). A zero modifier
    is left out unless it is named; ``minimum`` is shown when it raised the total."""
    terms = [die_text(d) for d in dice]
    text = " + ".join(terms) if terms else "0"
    if modifier or bonus:
        name = f"{bonus} " if bonus else ""
        text += f" {MINUS} {name}{-modifier}" if modifier < 0 else f" + {name}{modifier}"
    if total is None:
        return text
    text += f" = {total}"
    raw = sum(_chain_value(d) for d in dice) + modifier
    if minimum is not None and total != raw:
        text += t("ui.dice_at_least", lang, n=minimum)
    return text


def _chain_value(die: Any) -> int:
    if isinstance(die, (list, tuple)):
        return sum(_die_value(f) or 0 for f in die)
    return _die_value(die) or 0


def roll_text(data: dict[str, Any], bonus: str | None = None, lang: str | None = None) -> str | None:
    """The breakdown of a ``DiceRolled`` event's data that carries a ``DiceRoll`` (dice, modifier, total),
    else None (a pool of custom faces is counted in successes, not added up)."""
    dice = data.get("dice")
    if not isinstance(dice, list) or "modifier" not in data or data.get("total") is None:
        return None
    modifier = data.get("modifier")
    if isinstance(modifier, bool) or not isinstance(modifier, int):
        return None
    return breakdown(dice, modifier, data["total"], bonus, data.get("minimum"), lang)
