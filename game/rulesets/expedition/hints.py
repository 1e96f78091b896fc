"""Why the hint's move is good, in one sentence, for the expedition (issue 15: the hint says why).

``explain_hint`` receives only the seat's view. The chances come from the view's own ``numbers`` (the
rules' ``escape_chance`` and ``search_chance``); a move is explained by the place it brings the hero
closer to, among what the seat knows: the goal's site when it is public, the sites its own messages named
(never the other heroes' messages, never a secret goal: the view leaves them out and they are not read
from a determinized state), the sites of its quests, or a town when the hero is hurt. In a battle the
skirmish ruleset's own ``explain_hint`` speaks (reached through the registry). None when nothing applies.
"""

from __future__ import annotations

from typing import Any

from game.engine.actions import Action
from game.engine.i18n import localize, t
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.botmap import distance_field
from game.rulesets.expedition.explore import max_health
from game.rulesets.expedition.kinds import ESCAPE_HITS
from game.rulesets.expedition.state import ExpeditionState
from game.rulesets.expedition.words import put_site


def explain_hint(ruleset: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    """One short sentence saying why ``action`` is good for the seat to act, from its view only."""
    seat = view.get("you")
    if not isinstance(seat, int) or isinstance(seat, bool):
        return None
    st: ExpeditionState = ruleset.determinize(view, seat, Rng(0))
    child = getattr(st, "child", None)
    if child is not None:
        inner = child.child_seat(seat)
        explain = getattr(get_ruleset(child.ruleset), "explain_hint", None)
        return explain(action, child.state.view(inner), lang) if callable(explain) and inner is not None else None
    nums = view.get("numbers") or {}
    k = str(action.kind)
    if k == "escape":
        return t("expedition.hint.escape", lang, dice=nums.get("escape_dice", 0), need=ESCAPE_HITS,
                 pct=_pct(nums.get("escape_chance")))
    if k == "fight" and _pct(nums.get("escape_chance")) < 50:
        return t("expedition.hint.fight", lang, pct=_pct(nums.get("escape_chance")))
    if k == "search":
        return t("expedition.hint.search", lang, n=nums.get("vision_dice", 0), pct=_pct(nums.get("search_chance")))
    if k == "move":
        return _move(st, view, seat, (int(action["x"]), int(action["y"])), lang)
    if k == "heal":
        h = st.heroes[seat]
        return t("expedition.hint.heal", lang, health=h.health, max=max_health(st, h))
    if k == "talk":
        npc = st.model.npcs.get(str(action.get("npc")))
        if npc is not None:
            return t("expedition.hint.talk", lang, npc=localize(npc.name, lang))
    if k == "ask":
        other = next((h for h in st.heroes if h.seat == action.get("hero")), None)
        if other is not None:
            return t("expedition.hint.ask", lang, hero=localize(st.model.heroes[other.hero].name, lang))
    return None


def _pct(value: Any) -> int:
    return int(round(100 * float(value or 0.0)))


def _targets(st: ExpeditionState, view: dict[str, Any], seat: int,
             lang: str) -> list[tuple[str, tuple[int, int], dict[str, Any]]]:
    """Places the seat knows to head for: (sentence key, square, words) for each."""
    m, h = st.model, st.heroes[seat]
    out: list[tuple[str, tuple[int, int], dict[str, Any]]] = []
    goal = view.get("goal_site")
    if isinstance(goal, str) and m.site(goal) is not None and not view.get("goal_secret"):
        s = m.site(goal)
        out.append(("goal", tuple(s.at), {"site": localize(s.name, lang)}))
    for nid in h.quests:
        q = m.npcs[nid].quest if nid in m.npcs else None
        s = m.site(q.site) if q is not None and q.site else None
        if s is not None:
            out.append(("quest", tuple(s.at), {"site": localize(s.name, lang),
                                               "npc": localize(m.npcs[nid].name, lang)}))
    for info in h.known:
        s = m.site(info.site) if info.site else None
        if s is not None and info.npc in m.npcs:
            out.append(("told", tuple(s.at), {"site": localize(s.name, lang),
                                              "npc": localize(m.npcs[info.npc].name, lang)}))
    return out


def _move(st: ExpeditionState, view: dict[str, Any], seat: int, to: tuple[int, int], lang: str) -> str | None:
    """A move: the known place it brings the hero closest to, or a town to heal in."""
    h = st.heroes[seat]
    here = (h.x, h.y)
    best: tuple[int, int, str, dict[str, Any]] | None = None
    for key, square, words in _targets(st, view, seat, lang):
        field = distance_field(st, square)
        before, after = field.get(here), field.get(to)
        if before is None or after is None or after >= before:
            continue
        if best is None or (before - after, -after) > (best[0], -best[1]):
            best = (before - after, after, key, words)
    if best is not None:
        words = dict(best[3], site="{site}")  # the site's name goes in as a sentence needs it ("toward the old…")
        if best[1] == 0:
            return put_site(t(f"expedition.hint.at_{best[2]}", lang, **words), best[3]["site"], lang)
        return put_site(t(f"expedition.hint.toward_{best[2]}", lang, n=best[1], **words), best[3]["site"], lang)
    site = st.model.site_at(*to)
    top = max_health(st, h)
    if site is not None and site.kind == "town" and h.health < top:
        return t("expedition.hint.to_town", lang, town=localize(site.name, lang), health=h.health, max=top)
    return None
