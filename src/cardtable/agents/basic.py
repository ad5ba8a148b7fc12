"""The random agent and the greedy agent (the game's own heuristics)."""

from __future__ import annotations

from typing import Any, ClassVar

from cardtable.agents.base import Agent, register_agent
from cardtable.core.game import Game
from cardtable.core.hints import hints_of
from cardtable.core.rng import Rng


@register_agent
class RandomAgent(Agent):
    """Picks a legal action uniformly at random."""

    name: ClassVar[str] = "random"
    needs_observation: ClassVar[bool] = False
    searches: ClassVar[bool] = False

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)

    def act(self, game: Game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        """A uniformly random legal action."""
        return self.rng.choice(legal)


@register_agent
class GreedyAgent(Agent):
    """Takes the action the game's heuristics value most; ties are broken at random."""

    name: ClassVar[str] = "greedy"
    searches: ClassVar[bool] = False

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed)
        self.rng = Rng(seed)

    def act(self, game: Game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        """The best-valued legal action according to ``game.hints.heuristic_values`` (all
        alike, so one at random, for a game that gives no hints)."""
        if observation is None or len(legal) == 1:
            return legal[0]
        values = hints_of(game).heuristic_values(observation, legal)
        best = max(values)
        top = [a for a, v in zip(legal, values, strict=True) if v == best]
        return top[0] if len(top) == 1 else self.rng.choice(top)
