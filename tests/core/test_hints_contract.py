"""AgentHints' contract as the conformance suite checks it (conformance.check_heuristics):
rollout values that follow greedy (the default) must be greedy's values; a game whose rollouts
follow a policy of their own (``rollouts_follow_greedy = False``) may give other values, but
never ones read from what the player cannot see; an action the hints settle is legal."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.core.conformance import check_heuristics
from cardtable.core.game import Game
from cardtable.core.hints import AgentHints
from cardtable.core.state import State
from cardtable.games.goofspiel.hints import GoofHints


class HalfRollouts(GoofHints):
    """Rollouts that value each bid half as much as greedy does."""

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        return [v / 2 for v in self.heuristic_values(state.observation(player), legal)]


class OwnRollouts(HalfRollouts):
    rollouts_follow_greedy = False


class PeekingRollouts(OwnRollouts):
    """Rollouts that read the next prize, face down in the prize deck."""

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        deck = state.zones[state.zone_index("prize_deck")]
        return [float(state.cards[deck[-1]]) if deck else 0.0] * len(legal)


class IllegalSettle(GoofHints):
    """Settles every decision on an action that is never legal."""

    def settled(self, observation: dict[str, Any], legal: list[int]) -> int | None:
        return max(legal) + 1


def goofspiel_with(hints: type[AgentHints]) -> Game:
    game = cardtable.load_game("goofspiel")
    game.__dict__["hints"] = hints(game)  # the cached property, set for this game object
    return game


def test_rollouts_that_follow_greedy_must_give_its_values() -> None:
    with pytest.raises(AssertionError, match="rollout_values differ"):
        check_heuristics(goofspiel_with(HalfRollouts), range(2))


def test_rollouts_of_their_own_may_differ() -> None:
    check_heuristics(goofspiel_with(OwnRollouts), range(2))


def test_rollouts_of_their_own_may_not_read_hidden_cards() -> None:
    with pytest.raises(AssertionError, match="read hidden data"):
        check_heuristics(goofspiel_with(PeekingRollouts), range(4))


def test_the_default_follows_greedy_and_looney_rollouts_do_not() -> None:
    """Looney's rollouts keep the values its search was tuned with (heuristics.py)."""
    assert AgentHints.rollouts_follow_greedy
    hints = cardtable.load_game("looney").hints
    assert hints is not None and not hints.rollouts_follow_greedy


def test_a_settled_action_must_be_legal() -> None:
    """AgentHints.settled: ``None`` by default; an action it names must be legal."""
    assert AgentHints(cardtable.load_game("goofspiel")).settled({}, [0, 1]) is None
    with pytest.raises(AssertionError, match="settled on an illegal"):
        check_heuristics(goofspiel_with(IllegalSettle), range(1))
