"""Gymnasium: one seat of a cardtable game against fixed opponent agents.

The observation is the seat's float32 tensor (``cardtable.rl.layout``), the action space
``Discrete(game.num_distinct_actions())``. The legal actions are given as a mask, the way
maskable-policy libraries expect it: ``info["action_mask"]`` (int8 0/1) after every
``reset`` and ``step``, and the method :meth:`CardtableGymEnv.action_masks` (bool, the
interface of sb3-contrib's ``MaskablePPO``). Opponents act between the seat's decisions
through ``agent.decide(InfoSet(state, p))``, with their own information only. The reward
is the seat's ``returns()`` at the end of the game, 0 before.

An illegal action never reaches the state. By default it ends the episode with
``illegal_reward`` (the game's lowest return), like PettingZoo's ``TerminateIllegalWrapper``,
so that unmasked algorithms learn to avoid it and Gymnasium's checker (which samples actions
without a mask) can run; ``illegal_action="penalize"`` keeps the episode going with that
reward and the same observation, ``"raise"`` raises ``IllegalActionError``
(``ActionNotationError`` for a number outside the action space).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from cardtable.agents import Agent, make_agent
from cardtable.core.errors import ActionNotationError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.infoset import InfoSet
from cardtable.core.registry import available_games, load_game
from cardtable.core.rng import derive_seed
from cardtable.core.state import State
from cardtable.rl.encoder import FloatArray, ObservationEncoder
from cardtable.rl.pettingzoo_env import ILLEGAL_ACTIONS, IllegalAction
from cardtable.rl.spaces import TableView, observation_box

MAX_REDEALS = 100
"""Games that end before the seat's first decision are dealt again (new seed) at most this
many times in one reset."""


class CardtableGymEnv(TableView, gymnasium.Env[FloatArray, np.int64]):
    """One seat of a game against opponent agents (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (an instance variable of Env)

    def __init__(
        self,
        game: Game,
        opponent: str | Sequence[str] = "random",
        seat: int | None = 0,
        *,
        illegal_action: IllegalAction = "terminate",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        n = game.num_players
        specs = [opponent] * (n - 1) if isinstance(opponent, str) else list(opponent)
        if len(specs) != n - 1:
            raise ValueError(f"{game.name} has {n - 1} opponent seat(s), got {len(specs)} specs")
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat must be in 0..{n - 1} or None (drawn at each reset)")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}")
        for spec in specs:
            make_agent(spec)  # an unknown agent or parameter fails here, not at reset
        self.game = game
        self.encoder = ObservationEncoder(game)
        self.opponent_specs = specs
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal_action = illegal_action
        self.illegal_reward = game.min_return() if illegal_reward is None else illegal_reward
        self.render_mode = render_mode
        self.observation_space = observation_box(self.encoder)  # type: ignore[assignment]
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.game_state: State | None = None
        self.opponents: dict[int, Agent] = {}
        self._over = True

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[FloatArray, dict[str, Any]]:
        """Deal a new game and let the opponents play until the seat is to act.
        ``reset(seed=s)`` deals ``new_initial_state(s)``; without a seed, the game's seed is
        drawn from ``self.np_random``."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**62))
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(self.game.num_players))
        for k in range(MAX_REDEALS):
            self._deal(derive_seed(game_seed, k) if k else game_seed)
            if not self._over:
                return self._observe(), self._info()
        raise RuntimeError(f"{self.game.name}: {MAX_REDEALS} games ended before seat {self.seat}")

    def _deal(self, game_seed: int) -> None:
        state = self.game_state = self.game.new_initial_state(seed=game_seed)
        others = [p for p in range(self.game.num_players) if p != self.seat]
        self.opponents = {
            p: make_agent(spec, seed=derive_seed(game_seed, 1 + i))
            for i, (p, spec) in enumerate(zip(others, self.opponent_specs, strict=True))
        }
        self._over = False
        self._play_opponents(state)

    def step(
        self, action: np.int64 | int
    ) -> tuple[FloatArray, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the seat's action, then the opponents until the seat is to act again or the
        game ends. Returns ``(observation, reward, terminated, truncated, info)``."""
        state = self._state()
        if self._over:
            raise RuntimeError("the episode is over: call reset()")
        try:
            state.apply_action(int(action))
        except (ActionNotationError, IllegalActionError):
            if self.illegal_action == "raise":
                raise
            self._over = self.illegal_action == "terminate"
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), float(self.illegal_reward), self._over, False, info
        self._play_opponents(state)
        reward = state.returns()[self.seat] if self._over else 0.0
        return self._observe(), float(reward), self._over, False, self._info()

    def _play_opponents(self, state: State) -> None:
        """Let the opponents act until the seat is to act or the game ends."""
        while not state.is_terminal():
            p = state.current_player()
            if p == self.seat:
                return
            state.apply_action(self.opponents[p].decide(InfoSet(state, p)))
        self._over = True

    def _observe(self) -> FloatArray:
        state = self._state()
        return self.encoder.encode(state.observation(self.seat), self.seat, state.current_player())

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask(), "seat": self.seat}

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        state = self._state()
        return self.encoder.mask([] if self._over else state.legal_actions())

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions as a bool mask (sb3-contrib ``MaskablePPO``'s interface)."""
        return self._mask().astype(bool)


def gym_env(
    game: str | Game,
    opponent: str | Sequence[str] = "random",
    seat: int | None = 0,
    **kwargs: Any,
) -> CardtableGymEnv:
    """A Gymnasium environment: seat ``seat`` (``None``: drawn at each reset) of ``game`` (a
    registered name or a loaded Game) against ``opponent`` agents (one spec such as
    ``"greedy:seed=3"`` for every other seat, or one spec per other seat). Keyword arguments
    ``illegal_action``, ``illegal_reward`` and ``render_mode`` configure the environment; any
    other is a game option, such as ``players=3``."""
    env_keys = {"illegal_action", "illegal_reward", "render_mode"}
    env_kwargs = {k: v for k, v in kwargs.items() if k in env_keys}
    options = {k: v for k, v in kwargs.items() if k not in env_keys}
    if isinstance(game, str):
        game = load_game(game, **options)
    elif options:
        raise TypeError("game options go with a game name, not a loaded Game")
    return CardtableGymEnv(game, opponent, seat, **env_kwargs)


def register_gymnasium_ids() -> None:
    """Register ``cardtable/<game>-v0`` with Gymnasium for every registered game, so that
    ``gymnasium.make("cardtable/looney-v0", opponent="greedy")`` works."""
    for name in available_games():
        env_id = f"cardtable/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="cardtable.rl.gymnasium_env:gym_env", kwargs={"game": name}
            )
