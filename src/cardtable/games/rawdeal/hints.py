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

    # 600 simulations at depth 20 played clearly better than 200 against greedy since the
    # tree gives each player to act a node of their own (log/2026-12-agents.md); with the
    # cut-off at 8 (below), 1,200 take about the time 600 took (about 0.3 s a decision).
    search_iterations: ClassVar[int] = 1200
    # Simulations cut off 8 decisions past the root and scored by evaluate() run about three
    # times as many a second as at 20; at 0.05 s a decision depth 8 scored 48% [44, 52]
    # against depth 20 over 160 duplicate games (issue 25, log/2026-12-agents.md).
    search_depth: ClassVar[int] = 8
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
