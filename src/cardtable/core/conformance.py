"""The conformance suite every registered game must pass (design.md section 4).

Each ``check_*`` function plays seeded random games and raises ``AssertionError`` with a
description when the game breaks the contract. ``run_all`` runs every check; the test suite
parametrizes them over ``available_games()``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

from cardtable.core.errors import ActionNotationError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.rng import Rng
from cardtable.core.state import TERMINAL, State


def _walk(game: Game, seed: int) -> Iterator[State]:
    """Yield each state of a random game (the same object, advanced in place)."""
    state = game.new_initial_state(seed=seed)
    rng = Rng(seed ^ 0x5EED)
    yield state
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        yield state


def _all_cards(state: State) -> list[int]:
    return sorted(c for z in state.zones for c in z)


def _observations(state: State) -> list[Any]:
    players: list[int | None] = [*range(state.game.num_players), None]
    return [state.observation(p) for p in players]


def check_random_games(game: Game, seeds: range) -> None:
    """Random games end within ``max_game_length``; legal actions are sorted, distinct, in
    range, non-empty before the end and empty after; notation round-trips; the player to act
    is valid; returns stay within bounds."""
    n = game.num_distinct_actions()
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        for steps, state in enumerate(_walk(game, seed)):
            legal = state.legal_actions()
            cur = state.current_player()
            if state.is_terminal():
                assert legal == [], f"seed {seed}: legal actions after the end"
                assert cur == TERMINAL
                break
            assert legal, f"seed {seed} step {steps}: no legal action before the end"
            assert legal == sorted(set(legal)), f"seed {seed}: legal actions not sorted/unique"
            assert legal[0] >= 0 and legal[-1] < n, f"seed {seed}: action out of range"
            assert 0 <= cur < game.num_players, f"seed {seed}: bad current player {cur}"
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a, f"notation {text!r} does not round-trip"
            assert steps < game.max_game_length, f"seed {seed}: longer than max_game_length"
        rets = state.returns()
        assert len(rets) == game.num_players
        assert all(game.min_return() <= r <= game.max_return() for r in rets), rets


def check_illegal_actions(game: Game, seeds: range) -> None:
    """An illegal action raises IllegalActionError with a reason and changes nothing."""
    n = game.num_distinct_actions()
    for seed in seeds:
        for step, state in enumerate(_walk(game, seed)):
            if step % 3:
                continue
            legal = set(state.legal_actions())
            before = (_observations(state), state.history(), list(state.zones), state.rng.state)
            tried = 0
            for a in range((step * 7919) % n, (step * 7919) % n + n):
                a %= n
                if a in legal:
                    continue
                try:
                    state.apply_action(a)
                except IllegalActionError as exc:
                    assert exc.reason, "an IllegalActionError without a reason"
                else:
                    raise AssertionError(f"seed {seed}: illegal action {a} was accepted")
                after = (_observations(state), state.history(), list(state.zones), state.rng.state)
                assert after == before, f"seed {seed}: a refused action changed the state"
                tried += 1
                if tried == 5:
                    break


NOT_ACTIONS: tuple[object, ...] = (-1, "done", None, 2.0, True)
NOT_NOTATION = ("", "   ", "%%%", "-1", "99999999999999999999", "\x00", "done done done done")


def check_notation_errors(game: Game, seeds: range) -> None:
    """Text that is not an action raises ActionNotationError from ``string_to_action``; a
    value that is not an action (not an int, or out of range) raises it from
    ``apply_action``, with a reason, and changes nothing."""
    for text in NOT_NOTATION:
        _expect_notation_error(game.string_to_action, text)
    for seed in seeds:
        for step, state in enumerate(_walk(game, seed)):
            if step % 7:
                continue
            before = (_observations(state), state.history(), list(state.zones), state.rng.state)
            for bad in (*NOT_ACTIONS, game.num_distinct_actions()):
                if type(bad) is not int or bad not in state.legal_actions():
                    _expect_notation_error(state.apply_action, bad)
            after = (_observations(state), state.history(), list(state.zones), state.rng.state)
            assert after == before, f"seed {seed}: a value that is no action changed the state"


def _expect_notation_error(call: Callable[[Any], object], value: Any) -> None:
    """``call(value)`` raises ActionNotationError with a reason."""
    try:
        call(value)
    except ActionNotationError as exc:
        assert exc.reason, f"{value!r}: an ActionNotationError without a reason"
    else:
        raise AssertionError(f"{value!r} was accepted as an action")


def check_conservation(game: Game, seeds: range) -> None:
    """No card is created or lost: the cards across all zones stay the same multiset."""
    for seed in seeds:
        first: list[int] | None = None
        for state in _walk(game, seed):
            cards = _all_cards(state)
            if first is None:
                first = cards
            assert cards == first, f"seed {seed}: cards created or lost"


def check_determinism(game: Game, seeds: range) -> None:
    """The same seed and actions give the same observations, step by step."""
    for seed in seeds:
        a = game.new_initial_state(seed=seed)
        b = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        while True:
            assert _observations(a) == _observations(b), f"seed {seed}: observations differ"
            if a.is_terminal():
                break
            act = rng.choice(a.legal_actions())
            ea = [a.event_view(e, None) for e in a.apply_action(act)]
            eb = [b.event_view(e, None) for e in b.apply_action(act)]
            assert ea == eb, f"seed {seed}: events differ"


def check_clone(game: Game, seeds: range) -> None:
    """A clone is independent of its original and plays on identically."""
    for seed in seeds:
        for step, state in enumerate(_walk(game, seed)):
            if step % 5 or state.is_terminal():
                continue
            copy = state.clone()
            before = _observations(state)
            assert _observations(copy) == before
            rng = Rng(step)
            while not copy.is_terminal():
                copy.apply_action(rng.choice(copy.legal_actions()))
            assert _observations(state) == before, f"seed {seed}: playing a clone changed it"


def check_push(game: Game, seeds: range) -> None:
    """``push`` (trusted, no events) reaches the state ``apply_action`` reaches, step by step:
    the same observations for every viewer, history, legal actions, player to act, returns,
    zones and generator; and so does a clone that goes on with ``push``."""
    for seed in seeds:
        checked = game.new_initial_state(seed=seed)
        trusted = game.new_initial_state(seed=seed)
        rng = Rng(seed ^ 0x9A5)
        step = 0
        while True:
            _same_state(checked, trusted, f"seed {seed} step {step}")
            if checked.is_terminal():
                break
            action = rng.choice(checked.legal_actions())
            if step % 7 == 3:
                trusted = trusted.clone()  # a clone shares the history and goes on alone
            checked.apply_action(action)
            trusted.push(action)
            step += 1


def _same_state(a: State, b: State, where: str) -> None:
    assert _observations(a) == _observations(b), f"{where}: observations differ"
    assert a.history() == b.history(), f"{where}: histories differ"
    assert a.legal_actions() == b.legal_actions(), f"{where}: legal actions differ"
    assert a.current_player() == b.current_player(), f"{where}: player to act differs"
    assert a.returns() == b.returns(), f"{where}: returns differ"
    assert a.zones == b.zones and a.cards == b.cards, f"{where}: zones differ"
    assert a.rng.state == b.rng.state, f"{where}: generators differ"


def check_no_leak(game: Game, seeds: range) -> None:
    """``observation(p)`` is the same for a state and ``state.resample(p, rng)``; hidden
    zones show only a count; events name no card in zones the player cannot see; resample
    keeps the cards and gives a playable state."""
    specs = game.zone_specs
    for seed in seeds:
        rng = Rng(seed + 99)
        for step, state in enumerate(_walk(game, seed)):
            for p in range(game.num_players):
                obs = state.observation(p)
                for i, spec in enumerate(specs):
                    if not game.visibility[p][i]:
                        assert isinstance(obs["zones"][spec.key], int), f"{spec.key} leaks"
                if step % 4 == 0:
                    other = state.resample(p, rng)
                    assert other.observation(p) == obs, f"seed {seed}: resample differs for P{p}"
                    assert _all_cards(other) == _all_cards(state), "resample changed the cards"
                    assert other.legal_actions() == state.legal_actions() or (
                        other.current_player() != p
                    ), f"seed {seed}: P{p}'s own legal actions changed by resampling"
                    if not other.is_terminal():
                        other.apply_action(rng.choice(other.legal_actions()))
            if state.is_terminal():
                break
            probe = state.clone()
            events = probe.apply_action(rng.choice(probe.legal_actions()))
            for e in events:
                for p in range(game.num_players):
                    view = probe.event_view(e, p)
                    if view and e.kind == "move" and view.get("card") is not None:
                        assert game.visibility[p][e.src] or game.visibility[p][e.dst]


def check_json(game: Game, seeds: range) -> None:
    """Observations and event views round-trip through JSON."""
    for seed in seeds:
        rng = Rng(seed)
        state = game.new_initial_state(seed=seed)
        while True:
            for obs in _observations(state):
                assert json.loads(json.dumps(obs)) == obs, "observation is not JSON-ready"
            if state.is_terminal():
                break
            for e in state.apply_action(rng.choice(state.legal_actions())):
                for p in [*range(game.num_players), None]:
                    v = state.event_view(e, p)
                    assert v is None or json.loads(json.dumps(v)) == v


def random_states(game: Game, seeds: range, every: int = 1) -> Iterator[State]:
    """Every ``every``-th state of seeded random games (clones), the last one included."""
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        i = 0
        while not state.is_terminal():
            if i % every == 0:
                yield state.clone()
            state.apply_action(rng.choice(state.legal_actions()))
            i += 1
        yield state


def check_heuristics(game: Game, seeds: range, every: int = 1) -> None:
    """The game knowledge agents use (``game.hints``; nothing to check without):
    ``heuristic_values`` gives one finite float per legal
    action and reads the observation alone (the same values for a resampled state and for the
    observation after a trip through JSON); ``rollout_values`` gives the same values (or its
    own, where ``rollouts_follow_greedy`` is off), the same for the state and for a resampled
    one; ``evaluate`` gives ``None`` or one value per
    player within the returns' range; ``settled`` gives ``None`` or a legal action, from the
    observation alone."""
    rng = Rng(99)
    lo, hi = game.min_return(), game.max_return()
    hints = game.hints
    if hints is None:
        return
    for state in random_states(game, seeds, every):
        if state.is_terminal():
            continue
        p = state.current_player()
        obs = state.observation(p)
        legal = state.legal_actions()
        values = hints.heuristic_values(obs, legal)
        assert len(values) == len(legal), f"{len(values)} values for {len(legal)} actions"
        assert all(isinstance(v, float) and math.isfinite(v) for v in values), values
        other = state.resample(p, rng)
        assert other.legal_actions() == legal
        assert hints.heuristic_values(other.observation(p), legal) == values, "reads hidden data"
        copy = json.loads(json.dumps(obs))
        assert hints.heuristic_values(copy, legal) == values, "reads more than the observation"
        rollout = hints.rollout_values(state, p, legal)
        assert not hints.rollouts_follow_greedy or rollout == values, "rollout_values differ"
        assert hints.rollout_values(other, p, legal) == rollout, "rollout_values read hidden data"
        estimate = hints.evaluate(state)
        if estimate is not None:
            assert len(estimate) == game.num_players, estimate
            assert all(lo <= v <= hi for v in estimate), f"evaluate out of range: {estimate}"
        settled = hints.settled(obs, legal)
        assert settled is None or settled in legal, f"settled on an illegal {settled}"
        assert hints.settled(copy, legal) == settled, "settled reads more than the observation"


CHECKS: dict[str, Callable[[Game, range], None]] = {
    "random_games": check_random_games,
    "illegal_actions": check_illegal_actions,
    "notation_errors": check_notation_errors,
    "conservation": check_conservation,
    "determinism": check_determinism,
    "clone": check_clone,
    "push": check_push,
    "no_leak": check_no_leak,
    "json": check_json,
    "heuristics": check_heuristics,
}


def run_all(game: Game, seeds: range = range(5)) -> None:
    """Run every conformance check on ``game``."""
    for check in CHECKS.values():
        check(game, seeds)
