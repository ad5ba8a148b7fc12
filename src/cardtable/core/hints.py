"""A game's hints for agents: heuristic action values, an evaluation and search budgets.

The optional third part of a game (docs/protocol.md, "Agent hints"). Its only readers are
the agents (``cardtable.agents``) and ``sim`` through them; the rules never call it. It
lives in ``core`` only because a game may import nothing else. A game subclasses
:class:`AgentHints` in its own ``hints.py``, names the subclass in ``Game.hints_class``, and
builds its heuristic tables (what depends only on the cards and options) once, in the
subclass's ``__init__``: ``game.hints`` is built once per game object.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from cardtable.core.game import Game
    from cardtable.core.state import State


class AgentHints:
    """What one game object (``self.game``) tells agents beyond the rules. The base class
    knows nothing: every action is worth the same, and there is no evaluation; the search
    budgets are the defaults a game may override as class attributes."""

    #: Simulations per decision that a search agent (``ismcts``) runs when its spec sets no
    #: budget: enough to play this game well within about a second on one core.
    search_iterations: ClassVar[int] = 200
    #: At most this many decisions played (tree and rollout together) in the simulations of
    #: one ``ismcts`` decision when its spec sets no budget (``None``: no cap): a cap on the
    #: time of the dearest decisions, whose simulations run longest.
    search_steps: ClassVar[int | None] = None
    #: The UCB1 exploration constant of ``ismcts`` (results scaled to 0..1) when its spec
    #: sets no ``c``.
    search_exploration: ClassVar[float] = 0.7
    #: The cut-off of an ``ismcts`` simulation in decisions past the root (tree and rollout
    #: together; the state reached is scored by :meth:`evaluate`) when its spec sets no
    #: ``depth``: shallower simulations are cheaper, so more of them fit in the same time.
    search_depth: ClassVar[int] = 20
    #: How ``ismcts`` shares its simulations among the root actions when its spec sets no
    #: ``root``: ``"ucb"`` (UCB1, the usual tree policy), ``"paired"`` (every legal action
    #: in turn on the same sampled state and the same rollout seed, so that they are compared
    #: on common random numbers) or ``"halving"`` (paired, with the budget in phases after
    #: each of which the half of the actions with the lower means drop out).
    search_root: ClassVar[str] = "ucb"
    #: Whether :meth:`rollout_values` gives exactly :meth:`heuristic_values` (the conformance
    #: suite checks it). ``False`` lets a game's rollouts follow a policy of their own, tuned
    #: for its search, that reads the same facts (the suite then checks only that it reads no
    #: hidden data).
    rollouts_follow_greedy: ClassVar[bool] = True

    def __init__(self, game: Game) -> None:
        self.game = game

    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """A value for each legal action from this game's knowledge, using the observation
        only. Higher is better; used by the greedy agent and as a rollout policy. Default:
        0.0 for every action (no knowledge)."""
        return [0.0] * len(legal)

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """``heuristic_values`` of ``player``'s observation of ``state``: what search agents
        call in their rollouts and expansions, on sampled states. A game may override it to
        read the same facts straight from the state, without building the observation, as
        long as it returns exactly the same values (the conformance suite checks that it
        does), or values of its own when ``rollouts_follow_greedy`` is ``False``, still read
        from what ``player`` may know."""
        return self.heuristic_values(state.observation(player), legal)

    def settled(self, observation: dict[str, Any], legal: list[int]) -> int | None:
        """A legal action this game's knowledge settles without a search, from the observation
        only: for a decision whose simulations cannot tell the actions apart (their rollouts
        play it alike) where measured games can. ``None`` (the default): search as usual."""
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of ``state.returns()`` for an unfinished state, one value per player
        within ``min_return()..max_return()``, or ``None`` when the game has no evaluation
        (the default). Search agents call it on a sampled state where they stop a playout
        early; like ``returns``, it may use the whole state it is given."""
        return None


def standings_to_returns(strengths: Sequence[float | None]) -> list[float]:
    """Expected returns (1 for a win, ``-1/(n-1)`` for a loss, n players) from a strength
    per player (``None``: out of the game, no chance): each player's chance to win is the
    softmax of the strengths, and its return ``(n * chance - 1) / (n - 1)``, so that the
    values add up to 0. At least one strength must be a number."""
    n = len(strengths)
    top = max(x for x in strengths if x is not None)
    weight = [0.0 if x is None else math.exp(x - top) for x in strengths]
    total = sum(weight)
    return [(n * w / total - 1.0) / (n - 1) for w in weight]


def hints_of(game: Game) -> AgentHints:
    """``game.hints``, or base :class:`AgentHints` (no knowledge, the default budgets) when
    the game gives none: what the agents read."""
    return game.hints or AgentHints(game)
