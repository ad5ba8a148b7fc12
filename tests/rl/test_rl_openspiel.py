"""Every game is an OpenSpiel Python game: registered, passing pyspiel's random simulation
test, with the tensor of the other adapters and reproducible deals; its states resample from
the information state, so OpenSpiel's ISMCTSBot plays it (and the docs/rl.md example runs)."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")

import cardtable  # noqa: E402
import cardtable.rl.openspiel as rl_openspiel  # noqa: E402
from cardtable.core.rng import derive_seed  # noqa: E402
from cardtable.rl.encoder import ObservationEncoder  # noqa: E402

GAMES = cardtable.available_games()


@pytest.mark.parametrize(
    ("name", "params"), [(g, {}) for g in GAMES] + [("looney", {"players": 3})]
)
def test_random_sim_test(name: str, params: dict[str, int]) -> None:
    game = pyspiel.load_game(f"python_cardtable_{name}", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_registration_and_game_type() -> None:
    names = set(pyspiel.registered_names())
    assert {f"python_cardtable_{g}" for g in GAMES} <= names
    assert rl_openspiel.register_all() == []  # importing twice registers nothing new
    game = pyspiel.load_game("python_cardtable_rawdeal", {"players": 4, "match": "tag"})
    gt = game.get_type()
    assert gt.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert gt.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert gt.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert (gt.min_num_players, gt.max_num_players) == (2, 4)
    ct = cardtable.load_game("rawdeal", players=4, match="tag")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == ct.num_distinct_actions()
    assert game.max_game_length() == ct.max_game_length
    assert (game.min_utility(), game.max_utility()) == (ct.min_return(), ct.max_return())
    with pytest.raises(pyspiel.SpielError, match=r"(?i)unknown parameter"):
        pyspiel.load_game("python_cardtable_looney", {"colour": 2})


def test_deals_are_seeded_and_not_used_up_by_observing() -> None:
    game = pyspiel.load_game("python_cardtable_looney", {"seed": 9})
    ct = cardtable.load_game("looney")
    fresh = game.new_initial_state()
    fresh.observation_tensor(0)  # OpenSpiel also builds throwaway states for the shape
    fresh.clone()
    first = game.new_initial_state()
    first.legal_actions()  # played: takes deal 1
    second = game.new_initial_state()
    second.current_player()
    for state, i in ((first, 1), (second, 2)):
        expected = ct.new_initial_state(seed=derive_seed(9, i))
        assert state.observation_string(0) == rl_openspiel._json(expected.observation(0))
    assert fresh.seed == first.seed  # observed before, played after: the same deal


def test_tensors_strings_clone_and_serialize() -> None:
    game = pyspiel.load_game("python_cardtable_shamanking")
    enc = ObservationEncoder(cardtable.load_game("shamanking"))
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for p in range(2):
        ct = state.ct
        expected = enc.encode(ct.observation(p), p, ct.current_player())
        assert np.array_equal(np.array(state.observation_tensor(p), np.float32), expected)
    info = state.information_state_string(0)
    clone = state.clone()
    assert clone.information_state_string(0) == info
    clone.apply_action(clone.legal_actions()[0])
    assert clone.information_state_string(0).startswith(info)
    assert state.information_state_string(0) == info and state.history() != clone.history()
    assert len(info.splitlines()) > 1  # one line per distinct observation since the deal
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and back.history() == state.history()


def test_openspiel_algorithm_runs() -> None:
    from open_spiel.python.algorithms import evaluate_bots

    game = pyspiel.load_game("python_cardtable_wcrugby")
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def _tensor(observer: Any, state: Any, player: int) -> Any:
    observer.set_from(state, player)
    return observer.tensor.copy()


def _card_ids(ct: Any) -> list[list[str]]:
    return [[ct.card_id(i) for i in zone] for zone in ct.zones]


def _views(state: Any, n: int) -> list[Any]:
    """What the players are shown, the actions and the state's text: to check that a state
    is unchanged or that two states are alike."""
    views = [(state.information_state_string(p), state.observation_string(p)) for p in range(n)]
    return [str(state), state.history(), *views]


@pytest.mark.parametrize("name", GAMES)
def test_resample_from_infostate_keeps_what_the_player_knows(name: str) -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(f"python_cardtable_{name}", {"seed": 3})
    n = game.num_players()
    observer = make_observation(game)
    public = make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE),
    )
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    changed = 0
    while not state.is_terminal():
        for p in range(n):
            before = _views(state, n)
            sampler = pyspiel.UniformProbabilitySampler(int(rng.integers(1 << 30)), 0.0, 1.0)
            sample = state.resample_from_infostate(p, sampler)
            assert _views(state, n) == before  # the original is left as it was
            assert sample.history() == state.history()
            assert sample.information_state_string(p) == state.information_state_string(p)
            assert sample.observation_string(p) == state.observation_string(p)
            assert np.array_equal(_tensor(observer, sample, p), _tensor(observer, state, p))
            if state.current_player() == p:
                assert sample.legal_actions() == state.legal_actions()
            lines = public.string_from(state, 0).splitlines()
            assert public.string_from(sample, 0).splitlines() == lines
            for q in set(range(n)) - {p}:  # the public past, then q's sampled view
                info = sample.information_state_string(q).splitlines()
                assert info[: len(lines)] == lines
                assert info[-1] == sample.observation_string(q)
            changed += _card_ids(sample.ct) != _card_ids(state.ct)
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert changed > 0  # the hidden cards really are dealt again


def test_resample_from_infostate_is_seeded_and_plays_on() -> None:
    game = pyspiel.load_game("python_cardtable_looney", {"players": 3})
    state = game.new_initial_state()
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    one, two, other = (
        state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(s, 0.0, 1.0))
        for s in (5, 5, 6)
    )
    assert _views(one, 3) == _views(two, 3)
    assert [one.observation_string(p) for p in (0, 2)] != [
        other.observation_string(p) for p in (0, 2)
    ]
    assert "resampled for player 1" in str(one)
    info = one.information_state_string(1)
    clone = one.clone()
    while not one.is_terminal():  # the sampled state plays to the end on its own
        one.apply_action(one.legal_actions()[0])
    assert one.information_state_string(1).startswith(info)
    assert clone.information_state_string(1) == info
    back = game.deserialize_state(clone.serialize())
    assert _views(back, 3) == _views(clone, 3)
    with pytest.raises(ValueError, match="player must be"):
        state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(0, 0.0, 1.0))


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_bot_plays_a_game(name: str) -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(f"python_cardtable_{name}", {"seed": 1})
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=10, random_state=rs)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() == 0:
            before = _views(state, game.num_players())
            action = int(bot.step(state))
            assert _views(state, game.num_players()) == before
            searched += len(legal) > 1
        else:
            action = int(rs.choice(legal))
        assert action in legal
        state.apply_action(action)
    assert searched > 0
    assert len(state.returns()) == game.num_players()


def test_docs_ismcts_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    section = doc.split("### Search with OpenSpiel's ISMCTS", 1)[1]
    block = re.search(r"```python\n(.*?)```", section, re.S)
    assert block is not None
    exec(compile(block.group(1), "docs/rl.md", "exec"), {})
    returns = ast.literal_eval(capsys.readouterr().out)
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
