"""Looney Tunes: the hints for agents (its AgentHints), over the knowledge of heuristics.py:
action values, an evaluation, and the search budgets where they differ from the defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.hints import AgentHints
from cardtable.core.state import State

from . import heuristics
from .rules import LooneyState

if TYPE_CHECKING:
    from .game import LooneyGame


class LooneyHints(AgentHints):
    """What agents know of Looney Tunes: the heuristic tables of the game (worked out once,
    when the hints are built) and the values and evaluation of heuristics.py."""

    game: LooneyGame

    #: The rollouts fear a full answering hand less than greedy does (heuristics.py,
    #: ``ROLLOUT_THREAT_MAX``): the values the search and the starter decks were tuned with.
    rollouts_follow_greedy = False

    def __init__(self, game: LooneyGame) -> None:
        super().__init__(game)
        self.heur = heuristics.HeuristicTables(game)

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """Values of legal actions from the observation (heuristics.py)."""
        return heuristics.action_values(self.heur, observation, legal)

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """The values of ``heuristic_values`` with the rollouts' cap on the answers' threat,
        from what they read of the observation taken straight from the state
        (heuristics.known)."""
        assert isinstance(state, LooneyState)
        return heuristics.rollout_values(self.heur, state, player, legal)

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of the returns of an unfinished state: a race to the target points
        (heuristics.py)."""
        assert isinstance(state, LooneyState)
        return heuristics.evaluate(state)
