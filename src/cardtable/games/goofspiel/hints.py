"""Goofspiel's hints for agents: bid close to the prize's value."""

from typing import Any

from cardtable.core.hints import AgentHints


class GoofHints(AgentHints):
    """GS-2.1: the closer a bid to the prize's value, the better (without seeing the other)."""

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """Minus the distance of each bid's rank from the prize's."""
        value = (pool := self.game.card_pool).get(observation["zones"]["prize"][0]).rank
        return [-float(abs(pool.cards[a].rank - value)) for a in legal]
