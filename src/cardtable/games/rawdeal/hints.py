"""Raw Deal: the hints for agents (its AgentHints), over the knowledge of heuristics.py:
action values, an evaluation, and the search budgets where they differ from the defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.hints import AgentHints
from cardtable.core.state import State

from . import heuristics
from .rules import RawDealState

if TYPE_CHECKING:
    from .game import RawDealGame


class RawDealHints(AgentHints):
    """What agents know of Raw Deal: the heuristic tables of the game (worked out once,
    when the hints are built) and the values and evaluation of heuristics.py."""

    # 600 simulations (about 0.3 s a decision) play clearly better than 200 against greedy
    # since the tree gives each player to act a node of their own (log/2026-12-agents.md).
    # Rollouts keep the default cut-off of 20: depth 8 tied at equal time but not at the
    # default budgets (issue 25, log/2026-12-agents.md).
    search_iterations: ClassVar[int] = 600
    game: RawDealGame

    def __init__(self, game: RawDealGame) -> None:
        super().__init__(game)
        self.heur = heuristics.HeuristicTables(game)

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """Values of legal actions from the observation (heuristics.py)."""
        return heuristics.action_values(self.heur, observation, legal)

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """The values of ``heuristic_values``, from the facts they read, taken straight from the
        state instead of an observation (heuristics.rollout_values)."""
        assert isinstance(state, RawDealState)
        return heuristics.rollout_values(self.heur, state, player, legal)

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of the returns of an unfinished state (heuristics.py): each player's
        (each team's) chance to win from the Arsenal sizes and the turn, on the scale of
        RD-8.4."""
        assert isinstance(state, RawDealState)
        return heuristics.evaluate(state)
