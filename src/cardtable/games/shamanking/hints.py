"""Shaman King: the hints for agents (its AgentHints), over the knowledge of heuristics.py:
action values, an evaluation, and the search budgets where they differ from the defaults."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.core.hints import AgentHints
from cardtable.core.state import State

from . import heuristics
from .rules import SKState

if TYPE_CHECKING:
    from .game import SKGame


class SKHints(AgentHints):
    """What agents know of Shaman King: the heuristic tables of the game (worked out once,
    when the hints are built) and the values and evaluation of heuristics.py."""

    # Decisions are cheap (about 0.3 ms a simulation), and a decision has few legal actions
    # whose values differ by less than the luck of one deal: every root action is searched
    # on the same samples and rollout seeds, in phases that drop the worse half (halving),
    # 1,500 simulations a decision, or fewer where 22,000 decisions played in them come
    # first, which keeps the dearest decisions under a second (log/2026-12-agents.md).
    search_iterations: ClassVar[int] = 1500
    search_steps: ClassVar[int | None] = 22000
    search_root: ClassVar[str] = "halving"
    # Rollouts keep the default cut-off of 20: depth 8 tied at equal time but scored 45%
    # against greedy at these budgets (issue 25, log/2026-12-agents.md).
    game: SKGame

    def __init__(self, game: SKGame) -> None:
        super().__init__(game)
        self.heur = heuristics.HeuristicTables(game)

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """Values of legal actions from the observation (heuristics.py)."""
        return heuristics.action_values(self.heur, observation, legal)

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """The values of ``heuristic_values``, from the facts they read, taken straight from the
        state instead of an observation (heuristics.state_facts)."""
        assert isinstance(state, SKState)
        return heuristics.rollout_values(self.heur, state, player, legal)

    def settled(self, observation: dict[str, Any], legal: list[int]) -> int | None:
        """The opening choice (SK-2.5), which the rollouts play alike either way: the one
        greedy makes (heuristics.opening_choice); every other decision is searched."""
        return heuristics.opening_choice(observation, legal)

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of the returns of an unfinished state: a race to the target points,
        the next point weighted by the exchange being played (heuristics.py)."""
        assert isinstance(state, SKState)
        return heuristics.evaluate(state)
