"""``python -m game play`` names its default seats in the player's language, as the seat set-up screen does
("Jugador 1", "Giocatore 1"); a seat given by name keeps it; kinds, strengths and choices are untouched."""

from __future__ import annotations

from game.app.settings import Settings, save_settings, settings_path
from game.cli.play import localized_seats


def test_default_seat_names_follow_the_language() -> None:
    es = localized_seats(["human", "bot:hard@gear", "Ana@ember"], "es")
    assert [(s.name, s.kind, s.difficulty, s.choice) for s in es] == [
        ("Jugador 1", "human", "normal", None), ("Bot 2", "bot", "hard", "gear"), ("Ana", "human", "normal", "ember")]
    assert [s.name for s in localized_seats(["human", "human"], "it")] == ["Giocatore 1", "Giocatore 2"]
    assert [s.name for s in localized_seats(["human", "bot"], "en")] == ["Player 1", "Bot 2"]


def test_without_a_language_the_settings_one_is_used() -> None:
    path = settings_path()
    before = path.read_bytes() if path.exists() else None
    save_settings(Settings(language="it"))
    try:
        assert localized_seats(["human"])[0].name == "Giocatore 1"
    finally:
        if before is None:
            path.unlink()
        else:
            path.write_bytes(before)
