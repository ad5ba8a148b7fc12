"""OpenSpiel: importing this module registers every cardtable game as a pyspiel Python game.

    import pyspiel
    import cardtable.rl.openspiel  # noqa: F401
    game = pyspiel.load_game("python_cardtable_looney", {"players": 3})

Each game is ``python_cardtable_<name>``: sequential, imperfect information, general sum
(a double loss gives everyone a negative return), terminal rewards. Its parameters are
``players``, ``seed`` and every game option whose default is a number, a bool or a string.

**Chance.** A cardtable state deals and shuffles with its own generator, seeded when the
state is created, so the game has no chance nodes. It is registered as ``SAMPLED_STOCHASTIC``
(OpenSpiel's mode for games whose chance outcomes are sampled inside the state): the i-th
initial state of a game object that is played gets the deal ``derive_seed(seed, i)`` (the
cardtable game with that seed), so successive episodes differ and a fresh game object with
the same ``seed`` parameter replays the same sequence of deals. A state takes its deal when
first played; clones share it, and the throwaway initial states OpenSpiel creates to learn
tensor shapes or to clone do not use one up.

**Observations.** The observation tensor is the one of the PettingZoo and Gymnasium
environments (``cardtable.rl.layout``, documented in docs/rl.md); the observation string is the
player's ``state.observation(player)`` as JSON. The information state string (perfect recall)
is the sequence of the player's distinct observations since the deal, computed on request by
replaying the game's actions from the deal (and kept up to date on request, so states that
are only played, as in rollouts, never pay for it). There is no information state tensor.

**Resampling.** ``state.resample_from_infostate(player, sampler)`` (what OpenSpiel's
``ISMCTSBot`` calls) returns a clone whose cardtable state is ``resample(player, rng)``,
``rng`` seeded by two draws of ``sampler``. The player's observation, tensor and information
state string are the original's. A sampled world has no private past for the other seats:
their information state string there is the public one (the spectator's lines) up to the
sample, then their own observations of the sampled state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from cardtable.core.game import Game
from cardtable.core.registry import available_games, game_class, load_game
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.state import TERMINAL, State
from cardtable.rl.encoder import ObservationEncoder

PREFIX = "python_cardtable_"
_PARAM_TYPES = (bool, int, float, str)


def short_name(game: str) -> str:
    """The OpenSpiel name of a cardtable game: ``python_cardtable_<game>``."""
    return PREFIX + game


def parameter_specification(name: str) -> dict[str, Any]:
    """The OpenSpiel parameters of a game and their defaults: ``players``, ``seed`` and the
    options whose default is a number, a bool or a string."""
    cls = game_class(name)
    params: dict[str, Any] = {"players": cls.Options.model_fields["players"].default, "seed": 0}
    for key, f in cls.Options.model_fields.items():
        if key != "players" and isinstance(f.default, _PARAM_TYPES):
            params[key] = f.default
    return params


def game_type(name: str) -> pyspiel.GameType:
    """The GameType of a cardtable game."""
    cls = game_class(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"cardtable {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
    )


class CardtableSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A cardtable game seen by OpenSpiel; subclassed once per registered game."""

    cardtable_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        name = self.cardtable_name
        spec = parameter_specification(name)
        unknown = sorted(set(params) - set(spec))
        if unknown:
            raise ValueError(f"{short_name(name)}: unknown parameter(s) {unknown}")
        values = {**spec, **params}
        self.seed = int(values.pop("seed"))
        self.ct_game: Game = load_game(name, **values)
        self.encoder = ObservationEncoder(self.ct_game)
        self.next_deal = 1
        self._last_deal: tuple[int, State] | None = None
        g = self.ct_game
        info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=0,
            num_players=g.num_players,
            min_utility=g.min_return(),
            max_utility=g.max_return(),
            utility_sum=None,
            max_game_length=g.max_game_length,
        )
        super().__init__(game_type(name), info, params)

    def new_initial_state(self) -> CardtableSpielState:
        """A new game. Its deal is drawn when it is first played (see the module docstring)."""
        return CardtableSpielState(self)

    def deal(self, index: int) -> State:
        """The ``index``-th deal: the cardtable game seeded ``derive_seed(seed, index)``.
        The last deal is kept, so that dealing it again (OpenSpiel makes throwaway initial
        states to learn tensor shapes) costs a clone."""
        last = self._last_deal
        if last is not None and last[0] == index:
            return last[1].clone()
        state = self.ct_game.new_initial_state(seed=derive_seed(self.seed, index))
        self._last_deal = (index, state.clone())
        return state

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> CardtableObserver:
        """The observer: the observation tensor and string, or (perfect recall) the
        information state string."""
        return CardtableObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Track:
    """One viewer's information state lines, with the replayed state they describe (the
    lines cover the first ``upto`` actions of the game)."""

    __slots__ = ("lines", "replay", "upto")

    def __init__(self, lines: list[str], replay: State) -> None:
        self.lines = lines
        self.replay = replay
        self.upto = len(replay.history())

    def copy(self) -> _Track:
        """An independent copy (the replayed state is cloned, copy-on-write)."""
        other = _Track(self.lines[:], self.replay.clone())
        other.upto = self.upto
        return other

    def catch_up(self, history: list[int], viewer: int | None) -> None:
        """Replay the actions of ``history`` not yet covered, adding ``viewer``'s new
        observations."""
        replay, lines = self.replay, self.lines
        for action in history[self.upto :]:
            replay.push(action)  # trusted: these actions were applied already
            _append(lines, replay.observation(viewer))
        self.upto = len(history)


class _Core:
    """The Python side of an OpenSpiel state, in one attribute: OpenSpiel clones a Python
    state by making a new initial state and deep-copying each attribute, so this object
    copies itself cheaply (``State.clone``) and deals lazily (a clone never deals).

    Deals: a state takes the game's next deal when first played (``get``); observing an
    undealt state (``peek``) shows that next deal without taking it, so the throwaway
    states OpenSpiel observes to learn tensor shapes do not use up deals.

    Information state lines are computed on request by replaying the actions from
    ``origin`` (the deal, or the sampled state of :meth:`resampled`) after the lines
    ``base`` (none for a deal; see :meth:`resampled`), and brought up to date lazily, so
    states that are only played (rollouts) never pay for them."""

    __slots__ = ("base", "game", "index", "origin", "sampled_for", "state", "taken", "tracks")

    def __init__(self, game: CardtableSpielGame) -> None:
        self.game = game
        self.index = 0
        self.taken = False
        self.state: State | None = None
        self.origin: State | None = None  # where the replays start (never played on)
        self.base: dict[int | None, list[str]] = {}  # lines before origin, by viewer
        self.sampled_for: int | None = None  # the player of a resampled state
        self.tracks: dict[int | None, _Track] = {}  # information state lines, by viewer

    def peek(self) -> State:
        """The cardtable state, without taking the deal it shows."""
        if self.state is None:
            self.index = self.game.next_deal
            self.state = self.game.deal(self.index)
            self.origin = self.state.clone()
        return self.state

    def get(self) -> State:
        """The cardtable state, taking its deal from the game on first use."""
        if not self.taken:
            self.peek()
            if self.game.next_deal == self.index:
                self.game.next_deal += 1
            self.taken = True
        assert self.state is not None
        return self.state

    @property
    def seed(self) -> int:
        """The cardtable seed of this state's deal."""
        self.peek()
        return derive_seed(self.game.seed, self.index)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        other = _Core(self.game)
        other.state = self.peek().clone()
        other.origin = self.origin  # shared: only ever cloned
        other.base = self.base  # shared: only ever copied
        other.index = self.index
        other.taken = self.taken
        other.sampled_for = self.sampled_for
        other.tracks = {k: t.copy() for k, t in self.tracks.items()}
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        state = self.get()
        params = dict(self.game.get_parameters())
        name = self.game.get_type().short_name
        sample = None
        if self.sampled_for is not None:
            sample = (self.sampled_for, self.base, self.origin)
        return (_restore, (name, params, self.index, state.history(), sample))

    def info_lines(self, viewer: int | None) -> list[str]:
        """The distinct observations of ``viewer`` since the deal (for a resampled state,
        see :meth:`resampled`). The list is kept and extended: copy it to keep it."""
        history = self.peek().history()
        track = self.tracks.get(viewer)
        if track is None:
            assert self.origin is not None
            replay = self.origin.clone()
            if viewer in self.base:  # origin shows viewer what the last line says
                lines = self.base[viewer][:]
            else:
                lines = self.base.get(None, [])[:]
                _append(lines, replay.observation(viewer))
            track = self.tracks[viewer] = _Track(lines, replay)
        track.catch_up(history, viewer)
        return track.lines

    def resampled(self, player: int, rng: Rng) -> _Core:
        """A core around ``state.resample(player, rng)``, played from here on as a state of
        its own. ``player``'s information state lines are this state's; a spectator's are
        this state's public lines; another seat's are the public lines, then its own
        observations of the sampled state (a sampled world has no private past for them).
        The sample shows ``player`` and a spectator what this state shows them (the
        contract of ``State.resample``), so their lines are not observed again."""
        if not 0 <= player < self.game.num_players():
            raise ValueError(f"player must be in 0..{self.game.num_players() - 1}")
        other = _Core(self.game)
        other.index, other.taken, other.sampled_for = self.index, True, player
        other.state = self.get().resample(player, rng)
        other.origin = other.state.clone()
        other.base = {player: self.info_lines(player)[:], None: self.info_lines(None)[:]}
        return other


def _append(log: list[str], obs: dict[str, Any]) -> None:
    line = _json(obs)
    if not log or line != log[-1]:
        log.append(line)


def _restore(
    name: str,
    params: dict[str, Any],
    index: int,
    history: list[int],
    sample: tuple[int, dict[int | None, list[str]], State] | None = None,
) -> _Core:
    """Rebuild a pickled :class:`_Core` (deal ``index``, or a state sampled from it) by
    replaying its actions."""
    game = pyspiel.load_game(name, params)
    core = _Core(game)
    core.index = index
    core.taken = True
    if sample is None:
        core.origin = game.deal(index)
    else:
        core.sampled_for, core.base, core.origin = sample
    state = core.state = core.origin.clone()
    for action in history[len(state.history()) :]:
        state.apply_action(action)
    return core


def sampler_rng(probability_sampler: Callable[[], float]) -> Rng:
    """A generator seeded by two draws of an OpenSpiel probability sampler (a callable
    returning floats, such as ``pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)``), so
    that a seeded sampler gives the same generators again."""
    a, b = (int(float(probability_sampler()) * _TWO_53) for _ in range(2))
    return Rng(derive_seed(a, b))


_TWO_53 = float(1 << 53)


class CardtableSpielState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around a cardtable state (``self.ct``)."""

    def __init__(self, game: CardtableSpielGame) -> None:
        super().__init__(game)
        self._core = _Core(game)

    @property
    def ct(self) -> State:
        """The cardtable state (played: it takes its deal)."""
        return self._core.get()

    @property
    def seed(self) -> int:
        """The cardtable seed of this state's deal."""
        return self._core.seed

    def current_player(self) -> int:
        """The seat to act, or ``pyspiel.PlayerId.TERMINAL``."""
        p = self._core.get().current_player()
        return _TERMINAL if p == TERMINAL else p

    def _legal_actions(self, player: int) -> list[int]:
        ct = self._core.get()
        return ct.legal_actions() if player == ct.current_player() else []

    def _apply_action(self, action: int) -> None:
        self._core.get().apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.get().action_to_string(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._core.get().is_terminal()

    def returns(self) -> list[float]:
        """The game's returns (0 before the end)."""
        return self._core.get().returns()

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CardtableSpielState:
        """A state that ``player_id`` cannot tell apart from this one, for determinizing
        search (OpenSpiel's ``ISMCTSBot`` calls it once per simulation): a clone whose
        cardtable state is ``state.resample(player_id, rng)``, every card hidden from the
        player dealt again and the future shuffles unknown, ``rng`` seeded by two draws of
        ``probability_sampler`` (:func:`sampler_rng`). The player's observation, tensor,
        legal actions and information state string are this state's; this state is left
        as it was."""
        other: CardtableSpielState = self.clone()
        other._core = self._core.resampled(int(player_id), sampler_rng(probability_sampler))
        return other

    def __str__(self) -> str:
        core = self._core
        history = " ".join(map(str, core.peek().history()))
        if core.sampled_for is None:
            return f"seed {self.seed}; actions {history}"
        return f"seed {self.seed}, resampled for player {core.sampled_for}; actions {history}"


_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class CardtableObserver:
    """OpenSpiel's PyObserver interface over :class:`ObservationEncoder`."""

    def __init__(
        self, game: CardtableSpielGame, iig_obs_type: pyspiel.IIGObservationType, params: Any
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("cardtable observers show one player's private information")
        self.encoder = game.encoder
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(self.encoder.size, np.float32)
            self.dict = {"observation": self.tensor}

    def _view(self, state: State, player: int) -> dict[str, Any]:
        return state.observation(player if self.private else None)

    def set_from(self, state: CardtableSpielState, player: int) -> None:
        """Fill ``tensor`` with the observation of ``player``."""
        if self.tensor is None:
            return
        self.tensor.fill(0)
        ct = state._core.peek()
        self.encoder.encode_into(self._view(ct, player), player, ct.current_player(), self.tensor)

    def string_from(self, state: CardtableSpielState, player: int) -> str:
        """The observation as JSON, or (perfect recall) the information state string."""
        if not self.perfect_recall:
            return _json(self._view(state._core.peek(), player))
        return "\n".join(state._core.info_lines(player if self.private else None))


def _json(obs: dict[str, Any]) -> str:
    return json.dumps(obs, sort_keys=True, separators=(",", ":"))


def _game_class(name: str) -> type[CardtableSpielGame]:
    return type(f"CardtableSpielGame_{name}", (CardtableSpielGame,), {"cardtable_name": name})


def register_all() -> list[str]:
    """Register every cardtable game not yet registered with pyspiel; return their names."""
    known = set(pyspiel.registered_names())
    added = []
    for name in available_games():
        if short_name(name) not in known:
            pyspiel.register_game(game_type(name), _game_class(name))
            added.append(short_name(name))
    return added


register_all()
