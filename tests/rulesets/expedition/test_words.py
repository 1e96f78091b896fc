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
