"""What one player knows at a decision: the information set handed to search agents.

An :class:`InfoSet` wraps the true state but exposes only what the acting player may know:
the player, the observation, the legal actions, and :meth:`InfoSet.sample`, which deals a
full state that the player cannot tell apart from the true one (``state.resample``). A search
agent plays out sampled states; it never reads the state the game is really in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardtable.core.game import Game
    from cardtable.core.rng import Rng
    from cardtable.core.state import State


class InfoSet:
    """The information set of ``player`` in a state where ``player`` is to act.

    Public: :attr:`game`, :attr:`player`, :meth:`observation`, :meth:`legal_actions` and
    :meth:`sample`. The wrapped state is private; agents must not reach for it."""

    __slots__ = ("__state", "_legal", "_obs", "game", "player")

    def __init__(self, state: State, player: int) -> None:
        """Wrap ``state`` for ``player``; raises ValueError if ``player`` is not to act."""
        if state.current_player() != player:
            raise ValueError(f"P{player} is not to act (P{state.current_player()} is)")
        self.__state = state
        self.game: Game = state.game
        self.player = player
        self._obs: dict[str, Any] | None = None
        self._legal = state.legal_actions()

    def observation(self) -> dict[str, Any]:
        """The player's observation (``state.observation(player)``), built on first use."""
        if self._obs is None:
            self._obs = self.__state.observation(self.player)
        return self._obs

    def legal_actions(self) -> list[int]:
        """The player's legal actions, sorted (a fresh list)."""
        return self._legal[:]

    def sample(self, rng: Rng) -> State:
        """A new full state drawn with ``rng`` that the player cannot tell apart from the true
        one: ``state.resample(player, rng)``. The result is the caller's to change."""
        return self.__state.resample(self.player, rng)

    def __repr__(self) -> str:
        return f"<InfoSet of P{self.player} in {self.game.name}>"
