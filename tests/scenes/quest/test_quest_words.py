"""One word for the quest phase in each language (issue 15, "a few wordings"): played in the real window in
Spanish, the phase track and the guide said "Misión" and "envía personajes a la misión" while the log said
"Fase de búsqueda", "manda a Sefa a la búsqueda" and the hint "Compromete a Sefa"; Italian mixed "Missione"
with "Fase ricerca" and "coinvolge ... nella ricerca". The hint's "(2 HP left)" after "1 damage" also read
as the HP after the blow, where it is the HP before it."""

from __future__ import annotations

import pytest

from game.engine import i18n
from game.engine.i18n import t

import game.rulesets.quest  # noqa: F401  (loads the ruleset's catalogue)
import game.scenes.quest  # noqa: F401  (loads the scene's catalogue)

OTHER_WORD = {"es": ("búsqueda", "compromete"), "it": ("ricerca", "coinvolg", "impegna")}


@pytest.mark.parametrize("lang", ["es", "it"])
def test_the_quest_phase_has_one_name_in_the_log_the_track_and_the_guide(lang: str) -> None:
    word = t("quest_scene.phase.quest", lang).lower()
    assert word in t("quest.phase.quest", lang).lower()
    assert word in t("quest.action.commit", lang, who="A", card="B").lower()
    for key, entry in i18n.catalog_keys().items():
        if key.startswith(("quest.", "quest_scene.")):
            text = entry.get(lang, "").lower()
            assert not any(w in text for w in OTHER_WORD[lang]), (key, text)


def test_italian_refresh_phase_is_the_seeds_riordino_on_the_track_and_in_the_log() -> None:
    word = t("quest_scene.phase.refresh", "it").lower()
    assert word == "riordino" and word in t("quest.phase.refresh", "it").lower()


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_the_attack_hint_says_the_hp_are_before_the_attack(lang: str) -> None:
    for key in ("quest.hint.kills", "quest.hint.wounds"):
        said = t(key, lang, total=2, defense=1, n=1, enemy="E", hp=2)
        assert {"en": "before the attack", "es": "antes del ataque", "it": "prima dell'attacco"}[lang] in said
