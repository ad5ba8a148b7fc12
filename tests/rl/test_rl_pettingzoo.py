"""The PettingZoo environments pass PettingZoo's own tests, for every game and player count,
and give the game's returns, seeds and illegal actions the documented meaning."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pz_test = pytest.importorskip("pettingzoo.test")

import cardtable  # noqa: E402
from cardtable.core.errors import IllegalActionError  # noqa: E402
from cardtable.core.registry import game_class  # noqa: E402
from cardtable.rl import aec_env, parallel_env  # noqa: E402

GAMES = cardtable.available_games()
CONFIGS = [
    (name, n)
    for name in GAMES
    for n in range(game_class(name).min_players, game_class(name).max_players + 1)
]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo's tests warn that a Dict observation is not a Box: that is the convention
    # of its own classic (action-masked) games.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_api_test(name: str, players: int) -> None:
    pz_test.api_test(aec_env(name, players=players), num_cycles=8)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test_and_cycle_turns(name: str) -> None:
    pz_test.seed_test(lambda: aec_env(name), num_cycles=15)
    pz_test.api_test(aec_env(name, turns="cycle"), num_cycles=8)


@pytest.mark.parametrize("name", GAMES)
def test_max_cycles_test(name: str) -> None:
    # PettingZoo's test needs every agent stepped once per cycle, and samples actions
    # without their mask: agents in seat order (turns="cycle"), and an illegal action only
    # penalized, so the episode lasts the cycles asked for.
    opts = {"turns": "cycle", "illegal_action": "penalize"}
    mod = SimpleNamespace(
        env=lambda max_cycles: aec_env(name, max_cycles=max_cycles, **opts),
        parallel_env=lambda max_cycles: parallel_env(name, max_cycles=max_cycles, **opts),
    )
    pz_test.max_cycles_test(mod)


@pytest.mark.parametrize("turns", ["game", "cycle"])
def test_parallel_api(turns: str) -> None:
    pz_test.parallel_api_test(parallel_env("shamanking", turns=turns), num_cycles=20)


def play_to_end(name: str, turns: str, seed: int) -> tuple[dict[str, float], list[float]]:
    """A whole random game through the AEC API: the rewards given and the state's returns."""
    env = aec_env(name, turns=turns)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    state = env.game_state
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        assert not trunc
        if term:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal) == 0:  # waiting for its turn (cycle order)
            assert turns == "cycle"
            env.step(0)
            continue
        assert legal.tolist() == state.legal_actions()
        env.step(int(rng.choice(legal)))
    assert state is not None and state.is_terminal()
    return total, state.returns()


@pytest.mark.parametrize("turns", ["game", "cycle"])
def test_rewards_are_the_returns(turns: str) -> None:
    for name in GAMES:
        total, returns = play_to_end(name, turns, seed=4)
        assert list(total.values()) == returns


def test_reset_seed_is_the_game_seed() -> None:
    env = aec_env("looney")
    env.reset(seed=21)
    state = cardtable.load_game("looney").new_initial_state(seed=21)
    p = state.current_player()
    obs = env.observe(f"player_{p}")
    expected = env.encoder.encode(state.observation(p), p, p)
    assert np.array_equal(obs["observation"], expected)
    assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
    other = env.observe(f"player_{1 - p}")
    assert not other["action_mask"].any()  # not to act: nothing is legal


def first_illegal(env: object) -> int:
    state = env.game_state  # type: ignore[attr-defined]
    legal = set(state.legal_actions())
    return next(a for a in range(state.game.num_distinct_actions()) if a not in legal)


def test_illegal_action_terminate_penalize_raise() -> None:
    env = aec_env("shamanking")
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.game_state.history()
    env.step(first_illegal(env))
    assert env.game_state.history() == before
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and sum(env.rewards.values()) == -1.0
    assert env.infos[agent] == {"illegal_action": True}

    env = aec_env("shamanking", illegal_action="penalize", illegal_reward=-0.5)
    env.reset(seed=2)
    agent = env.agent_selection
    env.step(first_illegal(env))
    assert env.agent_selection == agent and not any(env.terminations.values())
    assert env.last()[1] == -0.5

    env = aec_env("shamanking", illegal_action="raise")
    env.reset(seed=2)
    with pytest.raises(IllegalActionError):
        env.step(first_illegal(env))
    assert env.game_state.history() == []


def test_max_cycles_truncates_in_game_order() -> None:
    env = aec_env("wcrugby", max_cycles=3)
    env.reset(seed=1)
    steps = 0
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3 * 2


def test_options_and_render() -> None:
    env = aec_env("looney", players=3, render_mode="ansi")
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    text = env.render()
    assert isinstance(text, str) and text and "[/" not in text  # plain text, no markup
    with pytest.raises(cardtable.CardtableError):
        aec_env("looney", colour=2)
    with pytest.raises(ValueError):
        aec_env("looney", turns="sometimes")
