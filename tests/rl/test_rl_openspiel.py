"""Every game is an OpenSpiel Python game: registered, passing pyspiel's random simulation
test, with the tensor of the other adapters and reproducible deals."""

from __future__ import annotations

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
