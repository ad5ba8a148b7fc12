from __future__ import annotations

import pytest

import cardtable
from cardtable.core.errors import GameOptionError, UnknownGameError
from cardtable.core.registry import game_class


def test_available_games_lists_looney() -> None:
    assert "looney" in cardtable.available_games()


def test_unknown_game_names_the_valid_ones() -> None:
    with pytest.raises(UnknownGameError, match=r"available games: .*looney"):
        cardtable.load_game("chess")


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(GameOptionError, match=r"unknown option.*colour.*valid options: .*hand"):
        cardtable.load_game("looney", colour=3)


def test_bad_option_values_are_refused() -> None:
    with pytest.raises(GameOptionError, match="players"):
        cardtable.load_game("looney", players=5)
    with pytest.raises(GameOptionError, match="role_limit"):
        cardtable.load_game("looney", role_limit="twice")


def test_options_are_kept() -> None:
    g = cardtable.load_game("looney", players=3, target_points=30)
    assert g.num_players == 3
    assert g.options_dict()["target_points"] == 30


def test_a_preset_sets_options_that_explicit_ones_override() -> None:
    """preset=NAME expands to the game's named option values; an option given beside it
    wins; the game keeps the expanded options, not the preset's name."""
    game = cardtable.load_game("rawdeal", preset="classic")
    classic = type(game).presets["classic"]
    assert {k: game.options_dict()[k] for k in classic} == dict(classic)
    game = cardtable.load_game("rawdeal", preset="classic", pinfall="seed")
    assert game.options_dict()["pinfall"] == "seed"
    assert game.options_dict()["backlash"] == "classic"
    assert "preset" not in game.options_dict()


def test_an_unknown_preset_names_the_known_ones() -> None:
    with pytest.raises(GameOptionError, match="unknown preset 'modern'; known presets: classic"):
        cardtable.load_game("rawdeal", preset="modern")
    with pytest.raises(GameOptionError, match="unknown preset 3; known presets"):
        cardtable.load_game("rawdeal", preset=3)
    with pytest.raises(GameOptionError, match="unknown preset 'classic'; this game has no"):
        cardtable.load_game("looney", preset="classic")


@pytest.mark.parametrize("name", cardtable.available_games())
def test_every_preset_of_every_game_loads(name: str) -> None:
    """A game's presets name only its own options, with valid values."""
    for preset in game_class(name).presets:
        cardtable.load_game(name, preset=preset)
