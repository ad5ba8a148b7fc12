"""The fast lane: push, the shared read-only legal actions, the persistent history."""

from __future__ import annotations

import copy
import pickle
from typing import Any, ClassVar

import pytest

import cardtable
from cardtable.agents.base import Agent
from cardtable.agents.basic import RandomAgent
from cardtable.core.action_list import ActionList
from cardtable.core.errors import ActionNotationError, RecordError
from cardtable.core.game import Game
from cardtable.core.rng import Rng
from cardtable.core.state import State, actions_of, history_of
from cardtable.records import replay
from cardtable.sim.play import play_game, play_out


def _played(name: str, seed: int, steps: int) -> State:
    state = cardtable.load_game(name).new_initial_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.push(rng.choice(state.legal_actions()))
    return state


def test_legal_actions_are_shared_and_read_only() -> None:
    state = _played("looney", 3, 5)
    legal = state.legal_actions()
    assert legal is state.legal_actions() and isinstance(legal, ActionList)
    assert legal == list(legal) and legal[:] == legal and type(legal[:]) is list
    for change in (
        lambda: legal.append(1),
        lambda: legal.sort(),
        lambda: legal.pop(),
        lambda: legal.__setitem__(0, 1),
        lambda: legal.__iadd__([1]),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert type(copy.copy(legal)) is list and type(copy.deepcopy(legal)) is list
    assert pickle.loads(pickle.dumps(legal)) == legal
    assert state.clone().legal_actions() == legal


def test_history_is_shared_by_clones_and_survives_copies() -> None:
    state = _played("wcrugby", 5, 30)
    before = state.history()
    other = state.clone()
    assert other._history is state._history
    rng = Rng(1)
    other.push(rng.choice(other.legal_actions()))
    assert state.history() == before and other.history()[:-1] == before
    state._history = history_of(range(5000))  # deeper than the recursion limit
    assert copy.deepcopy(state, {id(state.game): state.game}).history() == list(range(5000))
    assert actions_of(history_of([4, 5, 6])) == [4, 5, 6] and actions_of(None) == []


@pytest.mark.parametrize(
    ("name", "players"), [(n, 2) for n in cardtable.available_games()] + [("looney", 3)]
)
def test_push_matches_apply_action(name: str, players: int) -> None:
    """``push`` (no events built: every part is passed ``None`` for its events) reaches the
    state ``apply_action`` reaches, action after action, over whole games of every game."""
    game = cardtable.load_game(name, players=players)
    for seed in range(2):
        checked, trusted = game.new_initial_state(seed=seed), game.new_initial_state(seed=seed)
        rng = Rng(seed)
        while not checked.is_terminal():
            action = rng.choice(checked.legal_actions())
            checked.apply_action(action)
            assert trusted.push(action) is None
            assert trusted.zones == checked.zones
            assert trusted.observation(None) == checked.observation(None)
        assert trusted.history() == checked.history() and trusted.returns() == checked.returns()


def test_replay_still_refuses_an_illegal_action() -> None:
    game = cardtable.load_game("looney")
    record = play_game(game, [RandomAgent(1), RandomAgent(2)], seed=4)
    final = next(s for s, a in replay(record) if a is None)
    assert final.history() == record.actions
    record.actions = [*record.actions[:3], 10**6]
    with pytest.raises(RecordError, match="does not replay"):
        for _ in replay(record):
            pass


class _Cheat(Agent):
    name: ClassVar[str] = "cheat"
    needs_observation: ClassVar[bool] = False

    def act(self, game: Game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        return game.num_distinct_actions()  # never legal


def test_play_out_still_refuses_an_illegal_action() -> None:
    state = cardtable.load_game("looney").new_initial_state(seed=1)
    with pytest.raises(ActionNotationError):  # the cheat plays a number past the last action
        play_out(state, [_Cheat(0), _Cheat(1)])
