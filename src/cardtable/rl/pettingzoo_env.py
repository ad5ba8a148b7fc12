"""PettingZoo: every cardtable game as an AEC environment (and a parallel one).

Agents are ``player_0`` ... ``player_{n-1}`` (seat i is ``player_i``). Each agent's
observation is ``{"observation": float32 tensor, "action_mask": int8 0/1}``: the tensor of
``cardtable.rl.layout`` built from ``state.observation(seat)`` only, and the mask of the
legal actions (all zeros when the agent is not to act). Rewards are the game's
``returns()`` when it ends, 0 before.

Two turn orders:

- ``turns="game"`` (default): ``agent_selection`` is always the player the game asks to act,
  as in PettingZoo's classic games. :func:`parallel_env` then wraps it with PettingZoo's
  ``turn_based_aec_to_parallel``: each parallel step applies the action of the player to act.
- ``turns="cycle"``: agents are asked in seat order, one cycle after another; an agent that
  is not to act gets an all-zero mask and its action is ignored (it waits). The episode ends
  at the end of the cycle in which the game ends. :func:`parallel_env` then uses
  ``aec_to_parallel``: one parallel step is one cycle.

``max_cycles`` truncates the episode for every agent after ``max_cycles * num_players``
steps. An illegal action (see :data:`ILLEGAL_ACTIONS`) never reaches the state.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

from cardtable.core.errors import ActionNotationError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.state import State
from cardtable.rl.encoder import ObservationEncoder
from cardtable.rl.spaces import TableView, observation_box

Turns = Literal["game", "cycle"]
IllegalAction = Literal["terminate", "penalize", "raise"]
ILLEGAL_ACTIONS = ("terminate", "penalize", "raise")
"""What an illegal action does (the state is never changed by it):
``terminate`` (default, as PettingZoo's ``TerminateIllegalWrapper``): the episode ends, the
agent gets ``illegal_reward`` and the others 0; ``penalize``: the agent gets
``illegal_reward`` and must act again; ``raise``: ``IllegalActionError``
(``ActionNotationError`` for a number outside the action space)."""


class CardtableAECEnv(TableView, AECEnv):  # type: ignore[misc]
    """A cardtable game as a PettingZoo AEC environment (see the module docstring)."""

    def __init__(
        self,
        game: Game,
        *,
        max_cycles: int | None = None,
        turns: Turns = "game",
        illegal_action: IllegalAction = "terminate",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if turns not in ("game", "cycle"):
            raise ValueError(f"turns must be 'game' or 'cycle', got {turns!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}")
        self.game = game
        self.encoder = ObservationEncoder(game)
        self.max_cycles = max_cycles
        self.turns = turns
        self.illegal_action = illegal_action
        self.illegal_reward = game.min_return() if illegal_reward is None else illegal_reward
        self.render_mode = render_mode
        self.metadata: dict[str, Any] = {
            "render_modes": ["ansi", "human"],
            "name": f"cardtable_{game.name}_v0",
            "is_parallelizable": True,
        }
        n = game.num_players
        self.num_players = n
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: _obs_space(self.encoder) for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.encoder.num_actions) for a in self.possible_agents
        }
        self.game_state: State | None = None
        self._rng = random.Random()
        self._steps = 0
        self._final: list[float] | None = None  # the rewards, once the game is decided
        self._done = False  # every agent is terminated or truncated
        self._rewarded = False  # self.rewards holds a non-zero reward of the last step

    # ----- spaces --------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(game.num_distinct_actions())`` (the same object on every call)."""
        return self.action_spaces[agent]

    # ----- episode -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``reset(seed=s)`` plays the game ``new_initial_state(s)``; later
        resets without a seed draw their seeds from a generator seeded by ``s``."""
        if seed is not None:
            self._rng = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._rng.getrandbits(63)
        self.game_state = self.game.new_initial_state(seed=game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self._final = None
        self._done = False
        self._rewarded = False
        if self.turns == "cycle":
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        """The agent's tensor and action mask (new arrays)."""
        state = self._state()
        p = self.agent_name_mapping[agent]
        to_act = state.current_player()
        tensor = self.encoder.encode(state.observation(p), p, to_act)
        live = self._final is None and not self._done
        legal = state.legal_actions() if live and p == to_act else []
        return {"observation": tensor, "action_mask": self.encoder.mask(legal)}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        p = self.agent_name_mapping[agent]
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # clear the last step's rewards
            for a in self.rewards:
                self.rewards[a] = 0.0
            self._rewarded = False
        if self._final is None and p == state.current_player():
            self._apply(state, p, action)
            if self._final is None and state.is_terminal():
                self._final = state.returns()
        self._steps += 1
        self._select_next(state, p)
        limit = self.max_cycles
        if not self._done and limit is not None and self._steps >= limit * self.num_players:
            self._finish(None, truncated=True)
        if self._rewarded:
            self._accumulate_rewards()

    def _apply(self, state: State, p: int, action: int | None) -> None:
        """Apply ``action`` for seat ``p``; an illegal one changes nothing in the state and
        is handled as ``illegal_action`` says."""
        try:
            state.apply_action(int(action) if action is not None else -1)
        except (ActionNotationError, IllegalActionError):
            if self.illegal_action == "raise":
                raise
            agent = self.possible_agents[p]
            self.infos[agent] = {"illegal_action": True}
            if self.illegal_action == "penalize":
                self.rewards[agent] = self.illegal_reward
                self._rewarded = True
            else:
                final = [0.0] * self.num_players
                final[p] = self.illegal_reward
                self._final = final

    def _select_next(self, state: State, p: int) -> None:
        """End the episode if its game is over, and select the next agent."""
        n = self.num_players
        if self.turns == "cycle":
            if p == n - 1 and self._final is not None:
                self._finish(self._final, truncated=False)
            self.agent_selection = self.possible_agents[(p + 1) % n]
        elif self._final is not None:
            self._finish(self._final, truncated=False)
            self.agent_selection = self.possible_agents[(p + 1) % n]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]

    def _finish(self, final: list[float] | None, truncated: bool) -> None:
        """Every agent is done (terminated, or truncated); ``final`` are the rewards."""
        flags = self.truncations if truncated else self.terminations
        for a in self.agents:
            flags[a] = True
            if final is not None:
                self.rewards[a] = float(final[self.agent_name_mapping[a]])
        self._rewarded = final is not None
        self._done = True

    # ----- the rest of the API -------------------------------------------------------------

    def close(self) -> None:
        """Nothing to release."""


def _obs_space(encoder: ObservationEncoder) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": observation_box(encoder),
            "action_mask": spaces.Box(0, 1, (encoder.num_actions,), np.int8),
        }
    )


def aec_env(game: str | Game, **kwargs: Any) -> CardtableAECEnv:
    """A PettingZoo AEC environment of ``game`` (a registered name or a loaded Game).

    Keyword arguments ``max_cycles``, ``turns``, ``illegal_action``, ``illegal_reward`` and
    ``render_mode`` configure the environment (see :class:`CardtableAECEnv`); any other is a
    game option, such as ``players=3``."""
    env_keys = {"max_cycles", "turns", "illegal_action", "illegal_reward", "render_mode"}
    env_kwargs = {k: v for k, v in kwargs.items() if k in env_keys}
    options = {k: v for k, v in kwargs.items() if k not in env_keys}
    if isinstance(game, str):
        game = load_game(game, **options)
    elif options:
        raise TypeError("game options go with a game name, not a loaded Game")
    return CardtableAECEnv(game, **env_kwargs)


def parallel_env(game: str | Game, **kwargs: Any) -> ParallelEnv:
    """A PettingZoo parallel environment of ``game``: :func:`aec_env` converted with
    ``turn_based_aec_to_parallel`` (``turns="game"``) or ``aec_to_parallel``
    (``turns="cycle"``)."""
    env = aec_env(game, **kwargs)
    if env.turns == "cycle":
        return aec_to_parallel(env)
    return turn_based_aec_to_parallel(env)
