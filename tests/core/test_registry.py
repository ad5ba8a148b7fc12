from __future__ import annotations

import pytest

import cardtable
from cardtable.core.errors import GameOptionError, UnknownGameError


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
