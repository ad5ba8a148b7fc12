"""The conformance suite, run over every registered game and every allowed player count."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import conformance
from cardtable.core.registry import game_class

CASES = [
    (name, players)
    for name in cardtable.available_games()
    for players in range(game_class(name).min_players, game_class(name).max_players + 1)
]


@pytest.mark.parametrize("check", sorted(conformance.CHECKS))
@pytest.mark.parametrize(("name", "players"), CASES)
def test_conformance(name: str, players: int, check: str) -> None:
    game = cardtable.load_game(name, players=players)
    seeds = range(12) if players == 2 else range(5)
    conformance.CHECKS[check](game, seeds)
