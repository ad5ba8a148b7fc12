"""The Gymnasium environment passes Gymnasium's checker and plays one seat against agents."""

from __future__ import annotations

import warnings

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import cardtable  # noqa: E402
from cardtable.core.errors import AgentSpecError, IllegalActionError  # noqa: E402
from cardtable.rl import gym_env  # noqa: E402

GAMES = cardtable.available_games()


@pytest.mark.parametrize(
    ("name", "options"), [(g, {}) for g in GAMES] + [("looney", {"players": 3})]
)
def test_check_env(name: str, options: dict[str, int]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded counts; no render_fps
        check_env(gym_env(name, opponent="greedy", render_mode="ansi", **options))


def test_gymnasium_make_and_options() -> None:
    env = gymnasium.make("cardtable/rawdeal-v0", opponent=["random", "greedy"], players=3)
    obs, info = env.reset(seed=3)
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].dtype == np.int8
    with pytest.raises(AgentSpecError):
        gym_env("looney", opponent="no-such-agent")
    with pytest.raises(ValueError):
        gym_env("looney", opponent=["random", "random"])  # one opponent seat only
    with pytest.raises(ValueError):
        gym_env("looney", seat=2)


@pytest.mark.parametrize("seat", [0, 1])
def test_episode_gives_the_seat_return(seat: int) -> None:
    env = gym_env("shamanking", opponent="random", seat=seat)
    rng = np.random.default_rng(seat)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        state = env.game_state
        assert state is not None and state.current_player() == seat
        reward, done = 0.0, False
        while not done:
            mask = info["action_mask"]
            assert np.array_equal(env.action_masks(), mask.astype(bool))
            assert np.flatnonzero(mask).tolist() == state.legal_actions()
            obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
            assert not truncated and obs in env.observation_space
        assert state.is_terminal() and reward == state.returns()[seat]
        assert not info["action_mask"].any()
        with pytest.raises(RuntimeError):
            env.step(0)


def test_reset_seed_deals_that_game_and_replays() -> None:
    env = gym_env("looney", opponent="greedy", seat=1)
    a, _ = env.reset(seed=5)
    history = env.game_state.history()  # type: ignore[union-attr]
    expected = cardtable.load_game("looney").new_initial_state(seed=5)
    for action in history:
        expected.apply_action(action)
    assert np.array_equal(a, env.encoder.encode(expected.observation(1), 1, 1))
    b, _ = env.reset(seed=5)
    assert np.array_equal(a, b)
    env2 = gym_env("looney", seat=None)
    seats = {env2.reset(seed=s)[1]["seat"] for s in range(8)}
    assert seats == {0, 1}


def test_illegal_actions() -> None:
    env = gym_env("shamanking")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.game_state.history()  # type: ignore[union-attr]
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.game_state.history() == before  # type: ignore[union-attr]

    env = gym_env("shamanking", illegal_action="penalize", illegal_reward=-0.1)
    env.reset(seed=1)
    _, reward, terminated, _, _ = env.step(illegal)
    assert (reward, terminated) == (-0.1, False)

    env = gym_env("shamanking", illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(illegal)
