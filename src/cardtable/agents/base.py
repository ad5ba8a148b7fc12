"""The Agent protocol and the agent registry (specs such as ``greedy:seed=3``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, NamedTuple

from cardtable.core.errors import AgentSpecError, brief
from cardtable.core.game import Game
from cardtable.core.infoset import InfoSet


class Ceiling(NamedTuple):
    """What one decision may never exceed, whatever the agent's spec asks for (``None``: no
    limit): ``steps`` decisions played in a search's simulations, ``seconds`` of search,
    and ``depth``, the decisions one simulation plays past the root. A server sets it on
    the agents it runs (``Agent.ceiling``); a search agent stops at the first limit reached,
    its own budget's or the ceiling's."""

    steps: int | None = None
    seconds: float | None = None
    depth: int | None = None


class Agent(ABC):
    """Chooses actions. It is given the game, its own observation and the legal actions;
    never the true state.

    Play loops call :meth:`decide` with the acting player's :class:`InfoSet`; by default it
    calls :meth:`act`. A search agent overrides :meth:`decide` to play out states drawn with
    ``InfoSet.sample``."""

    name: ClassVar[str]
    needs_observation: ClassVar[bool] = True
    params: ClassVar[dict[str, type]] = {"seed": int}
    #: Whether a decision searches (plays states out): the costly kind, which a
    #: :class:`Ceiling` bounds. Agents that only read their observation say ``False``.
    searches: ClassVar[bool] = True
    #: The hard limits of a decision (set by whoever runs the agent; ``None``: none beyond
    #: the spec's own budget). Only search agents have anything to cut.
    ceiling: Ceiling | None = None

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self.seed = seed

    @abstractmethod
    def act(self, game: Game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        """Return one of ``legal``. ``observation`` is ``None`` for agents that do not need it."""

    def decide(self, info: InfoSet) -> int:
        """Return one of ``info.legal_actions()`` for the player to act. The default calls
        :meth:`act` with the observation (``None`` if ``needs_observation`` is false)."""
        obs = info.observation() if self.needs_observation else None
        return self.act(info.game, obs, info.legal_actions())


_AGENTS: dict[str, type[Agent]] = {}


def register_agent(cls: type[Agent]) -> type[Agent]:
    """Class decorator: make an agent available by its ``name``."""
    _AGENTS[cls.name] = cls
    return cls


def agent_names() -> list[str]:
    """The names of the registered agents."""
    return sorted(_AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``name:key=value:key=value`` into a name and typed parameters."""
    name, *parts = spec.strip().split(":")
    cls = _AGENTS.get(name)
    if cls is None:
        raise AgentSpecError(
            f"unknown agent {brief(name)}; available agents: {', '.join(agent_names())}"
        )
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or key not in cls.params:
            valid = ", ".join(sorted(cls.params))
            raise AgentSpecError(
                f"agent {brief(name)}: bad parameter {brief(part)}; valid parameters: {valid}"
            )
        try:
            params[key] = cls.params[key](value)
        except ValueError:
            raise AgentSpecError(
                f"agent {brief(name)}: parameter {brief(key)} has a bad value {brief(value)}"
            ) from None
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build an agent from a spec; a ``seed`` parameter in the spec wins over ``seed``."""
    name, params = parse_spec(spec)
    params.setdefault("seed", seed)
    return _AGENTS[name](**params)
