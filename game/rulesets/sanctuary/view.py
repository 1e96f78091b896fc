"""What a seat sees of a sanctuary game (``view``), and the state a bot samples back from a view.

The view keeps the format scenes and bots read (unchanged by the issue-11 port except that
``level`` is now the level's reference ``{ruleset, id, hash}``): a readable summary first (the
generic table view shows keys in order), then the raw data with other hands and every deck's
order hidden, and the priority window as ``priority`` (the seat) and ``passes`` (passes in a row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import levelrefs
from game.engine.i18n import t
from game.engine.rng import Rng

if TYPE_CHECKING:  # pragma: no cover
    from game.rulesets.sanctuary.state import SanctuaryState

#: the state fields a view carries as they are (everything else is hidden or reshaped)
_PLAIN = ("turn", "active", "first_player", "phase", "step", "setup_seat")


def _langs(fn: Any) -> dict[str, str]:
    """Return {en, es, it} text made by ``fn(lang)`` (level-style localized text for views)."""
    return {lang: fn(lang) for lang in ("en", "es", "it")}


class Views:
    """The seat's view and the table summary (mixed into ``SanctuaryState``)."""

    def view(self: SanctuaryState, seat: int | None) -> dict[str, Any]:  # type: ignore[misc]
        """Return the state as ``seat`` sees it: other hands and every deck's order hidden, no RNG."""
        players = []
        for p, pl in enumerate(self.players):
            d = pl.to_json()
            d["deck"] = ["?"] * len(pl.deck)
            if p != seat:
                d["hand"] = ["?"] * len(pl.hand)
            players.append(d)
        out: dict[str, Any] = {"ruleset": "sanctuary", "version": self.version, "level": levelrefs.ref_of(self.level),
                               "seats": list(self.seat_names), "rng": None}
        out["now"] = _langs(lambda lang: t("sanctuary.view.now", lang, turn=self.turn,
                                           phase=t(f"sanctuary.phase.{self.phase.value}", lang),
                                           who=self.actor_name(self.active)))
        out["board"] = [self._board(p, seat) for p in (0, 1)]
        out["waiting"] = [_langs(lambda lang, s=s: f"{self.name(s['card'], lang)} → {self.name(s['target'], lang)}"
                                 if s["target"] else self.name(s["card"], lang)) for s in self.stack.items]
        tip = self.model.tips.get(self.phase.value)
        if tip is not None and (seat is None or self.model.players[seat].script is None):
            out["tip"] = tip if isinstance(tip, str) else tip.model_dump(exclude_none=True)
        out["players"] = players
        out["perm"] = {c: p.to_json() for c, p in sorted(self.perm.items())}
        out["turn"], out["active"], out["first_player"] = self.turn, self.active, self.first_player
        out["phase"], out["step"], out["setup_seat"] = self.phase.value, self.step.value, self.setup_seat
        out["priority"], out["passes"] = self.stack.holder, len(self.stack.passed)
        out["stack"] = [dict(s) for s in self.stack.items]
        out["duel"] = self.duel.to_json() if self.duel else None
        out["combat"] = self.combat.to_json() if self.combat else None
        out["winners"] = list(self.winners) if self.winners is not None else None
        out["end_reason"] = self.end_reason
        out["cards"] = {c: self.owner_card[c] for c in sorted(self.owner_card)}
        if self.decks:  # the seats' chosen decks are public (the set-up screen showed them)
            out["decks"] = list(self.decks)
        out["strength"] = {c: self.strength(c) for p in (0, 1) for c in self.players[p].chars}
        out["viewer"] = seat
        return out

    def _board(self: SanctuaryState, p: int, viewer: int | None) -> dict[str, Any]:  # type: ignore[misc]
        """Return one seat's side of the table in words (for the generic table view)."""
        pl = self.players[p]

        def char_text(c: str, lang: str) -> str:
            perm = self.perm[c]
            bits = [t("sanctuary.view.strength", lang, n=self.strength(c))]
            if perm.damage:
                bits.append(t("sanctuary.view.damage", lang, n=perm.damage))
            if perm.tapped:
                bits.append(t("sanctuary.view.tapped", lang))
            for tc in pl.techs:
                if self.perm[tc].carrier == c:
                    dur = t("sanctuary.view.durability", lang, n=self.perm[tc].durability)
                    bits.append(f"{self.name(tc, lang)} ({dur})")
            return f"{self.name(c, lang)} [{', '.join(bits)}]"

        hand: Any = [_langs(lambda lang, c=c: self.name(c, lang)) for c in pl.hand] if p == viewer else len(pl.hand)
        return {
            "sanctuary": _langs(lambda lang: self.name(pl.sanctuary, lang)),
            "structure": pl.structure, "will": pl.will,
            "hand": hand, "deck": len(pl.deck), "discard": len(pl.discard),
            "characters": [_langs(lambda lang, c=c: char_text(c, lang)) for c in pl.chars],
            "attachments": [_langs(lambda lang, c=c: self.name(c, lang)) for c in pl.attachments],
        }


def state_data_from_view(view: dict[str, Any], seat: int, rng: Rng, ids: dict[str, str]) -> dict[str, Any]:
    """Return state JSON consistent with ``seat``'s view: unknown cards dealt at random into hands and decks."""
    players = []
    for p, pl in enumerate(view.get("players", [])):
        pl = dict(pl)
        known = {c for z in ("discard", "chars", "attachments", "techs") for c in pl.get(z, [])}
        known |= {s["card"] for s in view.get("stack", []) if isinstance(s, dict) and s.get("card")}
        hand = list(pl.get("hand", []))
        known |= {c for c in hand if c != "?"}
        unknown = sorted(c for c in ids if c.startswith(f"{p}.") and not c.endswith(".S") and c not in known)
        rng.shuffle(unknown)
        for i, c in enumerate(hand):
            if c == "?":
                hand[i] = unknown.pop()
        pl["hand"] = hand
        pl["deck"] = unknown[:len(pl.get("deck", []))]
        players.append(pl)
    holder, passes = view.get("priority"), view.get("passes")
    data = {k: view.get(k) for k in ("ruleset", "version", "level", "seats", "perm", *_PLAIN, "duel", "combat",
                                     "winners", "end_reason")}
    if view.get("decks"):
        data["decks"] = list(view["decks"])
    data["players"] = players
    data["stack"] = {"items": view.get("stack"), "passed": passed_from_count(holder, passes), "holder": holder}
    data["rng"] = Rng(rng.next_u64()).to_json()
    return data


def passed_from_count(holder: Any, passes: Any) -> list[Any]:
    """Rebuild who passed from the count a view shows: priority alternates, so the other seat passed
    first and, after two passes in a row (kept until the next window opens), the holder last."""
    if holder not in (0, 1) or not isinstance(passes, int) or isinstance(passes, bool) or passes <= 0:
        return []
    return [1 - holder] if passes == 1 else [1 - holder, holder]
