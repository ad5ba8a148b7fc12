"""Wheelchair rugby: the hints for agents (its AgentHints), over the knowledge of heuristics.py:
action values, an evaluation, and the search budgets where they differ from the defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.hints import AgentHints
from cardtable.core.state import State

from . import heuristics
from .rules import RugbyState

if TYPE_CHECKING:
    from .game import RugbyGame


class RugbyHints(AgentHints):
    """What agents know of Wheelchair rugby: the heuristic tables of the game (worked out once,
    when the hints are built) and the values and evaluation of heuristics.py."""

    # The heuristic prior already ranks the many lineup picks well; less exploration scored
    # 65.0% against greedy over 400 mirror games with duplicate deals, against 62.75% for 0.7
    # on the same deals (log/2026-12-agents.md).
    search_exploration: ClassVar[float] = 0.3
    # Rollouts keep the default cut-off of 20 and 200 simulations: depth 8 with 400 scored
    # 46% against greedy where depth 20 with 200 scored 57% on the same 100 deals (issue 25,
    # log/2026-12-agents.md).
    game: RugbyGame

    def __init__(self, game: RugbyGame) -> None:
        super().__init__(game)
        self.heur = heuristics.HeuristicTables(game)

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """Values of legal actions from the observation (heuristics.py)."""
        return heuristics.action_values(self.heur, observation, legal)

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """The values of ``heuristic_values`` for ``player``'s observation, read straight
        from the state instead of an observation (heuristics.rollout_values)."""
        assert isinstance(state, RugbyState)
        return heuristics.rollout_values(self.heur, state, player, legal)

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of the returns of an unfinished state (heuristics.py): the chance of
        the higher total from the scores so far and the TOP of the period being played."""
        assert isinstance(state, RugbyState)
        return heuristics.evaluate(state)
