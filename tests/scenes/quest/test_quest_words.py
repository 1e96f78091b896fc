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


def test_italian_names_a_quest_stage_tappa_so_it_is_not_one_of_the_seven_phases() -> None:
    """Seen in the window (it, normal): the quest card said "Fase 1 di 3" under a track of seven "fasi" and a
    guide saying "Ogni round ha sette fasi"; a stage is now a "tappa"."""
    from game.engine.levels import get_level
    from game.engine.i18n import localize

    assert t("quest_scene.stage", "it", n=1, of=3) == "Tappa 1 di 3"
    for key in ("quest.event.StageCompleted", "quest.event.StageBegan", "quest.when.stage", "quest_scene.event.StageCompleted"):
        if i18n.has(key):
            assert "fase" not in t(key, "it", stage="X").lower(), key
    level = get_level("quest", "tutorial")
    assert "tre tappe" in localize(level.model.description, "it")


def test_italian_calls_an_attachment_aggregato_as_the_seed_everywhere() -> None:
    """Seen in the window (it, normal): the guide said "alleato o aggregato", the strip "alleati e aggiunte"
    and the card "Aggiunta"; the seed says "aggregato"."""
    for key, entry in i18n.catalog_keys().items():
        if key.startswith(("quest.", "quest_scene.")):
            assert "aggiunt" not in entry.get("it", "").lower(), key
    assert t("quest_scene.kind.attachment", "it") == "Aggregato"


@pytest.mark.parametrize("n, word", [(1, "1 danno"), (3, "3 danni")])
def test_italian_damage_agrees_with_its_number(n: int, word: str) -> None:
    """Seen in the window (it, normal): the defence preview said "Senza difensore: 1 danni a uno dei tuoi eroi"."""
    assert word in t("quest_scene.preview.undefended", "it", n=n)
    assert word in t("quest_scene.preview.defend", "it", name="A", n=n, atk=n + 1, dfn=1)
    assert word in t("quest_scene.tok.damage", "it", n=n)
    assert word in t("quest.event.AttackDamage", "it", enemy="E", card="C", amount=n, undefended=False)
    assert word in t("quest.hint.wounds", "it", total=n + 1, defense=1, n=n, enemy="E", hp=5)
    assert "1 danni" not in t("quest.event.StrikeDamage", "it", who="A", enemy="E", amount=1, seat=0)
