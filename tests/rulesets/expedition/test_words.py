"""Expedition words: every string in es/en/it; actions and events worded in each; secrets stay out of the words."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.engine.levels import get_level
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from game.rulesets.expedition.kinds import Ev
from game.scenes import load_reference

LANGS = ("en", "es", "it")
HERE = Path(__file__).resolve().parents[3] / "game" / "rulesets" / "expedition"


def _leaves(data: dict, path: str = "") -> dict[str, dict]:
    out = {}
    for k, v in data.items():
        if isinstance(v, dict) and set(v) <= set(LANGS) and v:
            out[path + k] = v
        elif isinstance(v, dict):
            out.update(_leaves(v, f"{path}{k}."))
    return out


def test_every_string_is_in_three_languages() -> None:
    with (HERE / "strings.toml").open("rb") as fh:
        entries = _leaves(tomllib.load(fh))
    assert len(entries) > 40
    for key, langs in entries.items():
        assert set(langs) == set(LANGS) and all(v.strip() for v in langs.values()), key


def test_the_rules_reference_explains_every_step_in_three_languages() -> None:
    for lang in LANGS:
        sections = load_reference("expedition", lang)
        assert len(sections) >= 10 and all(t and b for t, b in sections)
    titles = " ".join(t for t, _ in load_reference("expedition", "en"))
    for word in ("step 1", "Step 2", "battle", "Step 3", "Step 4", "Step 5", "Events", "city", "goals"):
        assert word.lower() in titles.lower(), word


#: per language: the rules each step's text must state (numbers and terms the seed and RULES.md fix)
STEP_FACTS = {
    "en": ("2 hero moves", "3 + resistance", "stay", "end the turn", "3 + agility", "3 hits", "monster die",
           "quantity die", "within two squares", "accept", "auto-resolve", "skirmish", "nearest town",
           "half their gold", "2 + vision", "luck die", "normal item costs 2", "rare one 3", "secret message",
           "rumour", "accept or refuse", "back to step 1", "new round", "Dark Lord wins", "changes one step only",
           "when a tile says so", "4 face-down items", "half their price", "first 2", "10 gold",
           "5 + resistance", "up to 3", "cooperative", "competitive"),
    "es": ("2 movimientos de héroe", "3 + resistencia", "quedarte", "terminar el turno", "3 + agilidad",
           "3 aciertos", "dado de monstruo", "dado de cantidad", "a dos casillas", "acepta", "automáticamente",
           "escaramuza", "ciudad más cercana", "mitad de su oro", "2 + visión", "dado de suerte",
           "ítem normal cuesta 2", "uno raro 3", "mensaje secreto", "rumor", "acepta o rechaza",
           "vuelve al paso 1", "nueva ronda", "gana el Señor Oscuro", "cambia solo un paso",
           "cuando una loseta lo diga", "4 ítems boca abajo", "mitad de su precio", "2 primeras", "10 de oro",
           "5 + resistencia", "hasta 3", "cooperativo", "competitivo"),
    "it": ("2 movimenti", "3 + resistenza", "restare", "terminare subito il turno", "3 + agilità", "3 successi",
           "dado mostro", "dado quantità", "entro due caselle", "accetta", "in automatico", "schermaglia",
           "città più vicina", "metà del suo oro", "2 + visione", "dado fortuna", "oggetto normale costa 2",
           "uno raro 3", "messaggio segreto", "diceria", "accetta o rifiuta", "torna al passo 1", "nuovo round",
           "vince il Signore Oscuro", "cambia un solo passo", "quando una tessera lo dice", "4 oggetti coperti",
           "metà prezzo", "prime 2", "10 d'oro", "5 + resistenza", "fino a 3", "cooperativo", "competitivo"),
}


def test_seed000_the_rules_reference_states_every_steps_rules_in_each_language() -> None:
    counts = set()
    for lang, facts in STEP_FACTS.items():
        sections = load_reference("expedition", lang)
        counts.add(len(sections))
        text = " ".join(f"{t} {b}" for t, b in sections)
        missing = [f for f in facts if f.lower() not in text.lower()]
        assert not missing, f"{lang}: the reference never says {missing}"
    assert len(counts) == 1, "every language has the same sections"
    titles = [t for t, _ in load_reference("expedition", "en")]
    for step in ("Step 1", "Step 2: monsters", "Step 2: asking for help", "The battle", "Step 3", "Step 4: contact",
                 "Step 4: trading", "Step 5", "Events", "The city", "Quests and goals"):
        assert any(title.startswith(step) for title in titles), step


def test_actions_and_events_are_worded_and_private_ones_stay_private() -> None:
    rs = get_ruleset("expedition")
    level = get_level("expedition", "tutorial")
    seen: set[str] = set()
    for seed in range(6):
        st = rs.new_game(level, ["Ana", "Bo", "Dark"], seed)
        rng = Rng(seed)
        while st.to_act() is not None:
            legal = st.legal_actions()
            action = rng.choice(legal)
            if st.child is None:
                for lang in LANGS:
                    text = st.describe(action, lang)
                    assert text and "." not in text.split(" ")[0], (action.key, text)
            events = st.apply(action)
            for ev in events:
                seen.add(ev.kind)
                for lang in LANGS:
                    st.describe_event(ev, lang)
                    if ev.private_to is not None:
                        public = st.describe_event(ev.public(), lang)
                        assert public
                        if ev.kind == Ev.TOLD:
                            assert st.describe_event(ev, lang) != public
    assert {Ev.MOVED, Ev.SEARCH, Ev.TURN} <= seen


def test_a_reward_of_gold_only_names_no_items() -> None:
    """A battle won for gold alone said "Ana takes 6 gold and -" (found in the real window)."""
    from game.engine.events import Event

    st = get_ruleset("expedition").new_game(get_level("expedition", "tutorial"), ["Ana", "Bo", "Dark"], 1)
    for lang in LANGS:
        gold_only = st.describe_event(Event(Ev.REWARD, {"seat": 0, "gold": 6, "items": []}), lang)
        assert gold_only and "-" not in gold_only and "6" in gold_only, gold_only
    item = next(iter(st.model.items))
    with_item = st.describe_event(Event(Ev.REWARD, {"seat": 0, "gold": 6, "items": [item]}), "en")
    assert "6" in with_item and " and " in with_item


def test_the_end_of_a_cooperative_expedition_names_its_winners_as_a_list_that_agrees() -> None:
    """"Ana & Bo wins" (found in the theatre of a finished game): the winners are a list and the verb agrees."""
    from game.engine.events import Event

    st = get_ruleset("expedition").new_game(get_level("expedition", "tutorial"), ["Ana", "Bo", "Dark"], 1)
    two = st.describe_event(Event(Ev.GAME_OVER, {"winners": [0, 1]}), "en")
    one = st.describe_event(Event(Ev.GAME_OVER, {"winners": [0]}), "en")
    assert two.endswith("Ana and Bo win") and "&" not in two, two
    assert one.endswith("Ana wins"), one
    assert st.describe_event(Event(Ev.GAME_OVER, {"winners": [0, 1]}), "es").endswith("ganan Ana y Bo")


def test_issue15_6_a_battle_line_names_its_monster_without_a_plural_article() -> None:
    from game.engine.events import Event
    from game.engine.match import Match

    st = Match.new("expedition", get_level("expedition", "lantern_road"), ["Ana", "Bo"], 3).state
    for won in (True, False):
        ev = Event(Ev.BATTLE_ENDED, {"seat": 0, "monster": "toll_reaver", "won": won})
        lines = {lang: st.describe_event(ev, lang) or "" for lang in LANGS}
        assert "Saqueador de peajes" in lines["es"] and "Predone dei pedaggi" in lines["it"], lines
        assert " los " not in lines["es"] and " i Predone" not in lines["it"], lines  # one monster's name is singular
        assert all(line.startswith(st.actor_name(0)) and "{" not in line for line in lines.values()), lines
