"""Raw Deal game knowledge for agents (heuristics.py): the action values read the
observation only and value every legal action; ``evaluate`` estimates the returns (RD-8.4)
within their range and adding up like them; and the greedy agent they drive beats random
play, in singles, free-for-all and tag team matches."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.agents import make_agent
from cardtable.core.conformance import check_heuristics, random_states
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.games.rawdeal.match import PH_MAIN, PH_PREMATCH, PH_REVERSAL
from cardtable.games.rawdeal.rules import RawDealState
from cardtable.sim.runner import SimConfig, run

MATCHES = [(2, "free-for-all"), (3, "free-for-all"), (4, "free-for-all"), (4, "tag")]
IDS = ["singles", "3p", "4p", "tag"]


@pytest.mark.parametrize(("players", "match"), MATCHES, ids=IDS)
def test_a_finite_value_for_every_legal_action(players: int, match: str) -> None:
    """The generic check (conformance.check_heuristics: finite values read from the
    observation alone, evaluate in range) over random games that reach every phase."""
    game = cardtable.load_game("rawdeal", players=players, match=match)
    check_heuristics(game, range(4))
    phases = {
        obs["phase"]
        for state in random_states(game, range(4))
        if not state.is_terminal()
        for obs in [state.observation(state.current_player())]
    }
    assert {"pre-match", "main", "reversal window"} <= phases
    if players > 2 and match == "free-for-all":
        assert "target" in phases


def first_turn(hands: dict[str, list[str]], **zones: list[str]) -> RawDealState:
    """A singles game at the first turn of player 0 (Regina Sterling and her Enforcer have
    the higher Superstar Value), with the zones pinned (decks top first) and no Pre-match;
    player 0 draws the top card of the pinned Arsenal, a Stomp."""
    game = cardtable.load_game("rawdeal")
    state = game.new_initial_state(seed=1)
    assert isinstance(state, RawDealState)
    pins = {"p0.backlash": [], "p1.backlash": [], "p0.arsenal": ["stomp"] * 20}
    pins.update({f"{key}.hand": cards for key, cards in hands.items()})
    pins.update({key.replace("_", "."): cards for key, cards in zones.items()})
    state.pin_zones(pins)
    state.apply_action(state.string_to_action("end"))
    assert state.current_player() == 0 and state.observation(0)["phase"] == "main"
    return state


def values(state: State) -> dict[str, float]:
    """The heuristic value of each legal action, by its notation."""
    p = state.current_player()
    legal = state.legal_actions()
    found = state.game.hints.heuristic_values(state.observation(p), legal)
    return {state.action_to_string(a): v for a, v in zip(legal, found, strict=True)}


def test_a_pin_comes_first() -> None:
    """RD-8.1: damage at least the opponent's Arsenal pins, before any set-up."""
    state = first_turn(
        {"p0": ["punch", "irish-whip", "eye-rake"], "p1": []},
        p0_ring=["clothesline"],
        p1_arsenal=["punch"] * 3,
    )
    v = values(state)
    pins = {"play punch as maneuver", "play stomp as maneuver", "play eye-rake as maneuver"}
    assert max(v, key=v.__getitem__) in pins
    assert min(v[a] for a in pins) > 10 * v["play irish-whip as action"] > 0 == v["end"]


def test_set_up_before_its_follow_up() -> None:
    """RD-6.2: Irish Whip (+5D to the next Strike) before the Strikes it sets up."""
    state = first_turn(
        {"p0": ["punch", "irish-whip", "clothesline"], "p1": ["duck-under"]},
        p0_ring=["clothesline"],
        p1_arsenal=["stomp"] * 30,
    )
    v = values(state)
    assert max(v, key=v.__getitem__) == "play irish-whip as action"
    assert v["play clothesline as maneuver"] > 0


def test_reverse_what_would_pin_you() -> None:
    """RD-5.1: a reversal that saves the defender from a pin is worth far more than any
    reversal is worth keeping."""
    state = first_turn(
        {"p0": ["clothesline"], "p1": ["duck-under"]},
        p0_ring=["clothesline"],
        p1_arsenal=["stomp"] * 5,
    )
    state.apply_action(state.string_to_action("play clothesline as maneuver"))
    assert state.current_player() == 1
    v = values(state)
    assert v["reverse duck-under"] > v["end"] + 100


@pytest.mark.parametrize(("players", "match"), MATCHES, ids=IDS)
def test_rollout_values_read_from_the_state_match_the_observations(
    players: int, match: str
) -> None:
    """``rollout_values`` reads the facts the values read straight from the state (search
    rollouts skip the observation): over games of greedy play, which reach set-ups, Pre-match
    bonuses, Stun Value draws and reversals that random play seldom does, and of random play,
    it gives exactly the values of ``heuristic_values`` for the view of every player still
    in the match, for the state and for a resample of it."""
    game = cardtable.load_game("rawdeal", players=players, match=match)
    hints = game.hints
    greedy = make_agent("greedy", seed=1)
    rng = Rng(5)
    phases: set[int] = set()
    for seed in range(8):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            assert isinstance(state, RawDealState)
            legal = state.legal_actions()
            p = state.current_player()
            for view in (state, state.resample(p, rng)):
                for q in range(players):
                    if not state.gone >> q & 1:
                        expected = hints.heuristic_values(view.observation(q), legal)
                        assert hints.rollout_values(view, q, legal) == expected, (seed, q)
            phases.add(state.phase)
            if seed % 2:
                state.apply_action(rng.choice(legal))
            else:
                state.apply_action(greedy.decide(InfoSet(state, p)))
    assert {PH_PREMATCH, PH_MAIN, PH_REVERSAL} <= phases


@pytest.mark.parametrize(("players", "match"), MATCHES, ids=IDS)
def test_evaluate_is_in_range_and_adds_up_like_the_returns(players: int, match: str) -> None:
    game = cardtable.load_game("rawdeal", players=players, match=match)
    lo, hi = game.min_return(), game.max_return()
    for state in random_states(game, range(5), every=4):
        assert isinstance(state, RawDealState)
        values = game.hints.evaluate(state)
        assert values is not None and len(values) == players
        if state.is_terminal():
            assert values == state.returns()
            continue
        assert all(lo <= v <= hi for v in values)
        assert abs(sum(values)) < 1e-9  # RD-8.4: a win adds up to 0
        if match == "tag":
            assert values[0] == values[2] and values[1] == values[3]
        else:
            for q in range(players):
                if state.gone >> q & 1:
                    assert values[q] == pytest.approx(-1 / (players - 1))


def test_evaluate_follows_the_arsenals() -> None:
    """The player with the much larger Arsenal is the favourite."""
    game = cardtable.load_game("rawdeal")
    state = game.new_initial_state(seed=3)
    state.pin_zones({"p1.arsenal": ["punch"] * 8})
    v = game.hints.evaluate(state)
    assert v is not None and v[0] > 0.5 > -0.5 > v[1]


@pytest.mark.parametrize(
    ("players", "match", "seed", "at_least"),
    [(2, "free-for-all", 1, 165), (3, "free-for-all", 2, 135), (4, "tag", 3, 180)],
    ids=["singles", "3p", "tag"],
)
def test_greedy_beats_random(players: int, match: str, seed: int, at_least: int) -> None:
    """Seeded, seats rotating (measured: 183, 162 and 194 of 200)."""
    options = {"players": players, "match": match}
    config = SimConfig("rawdeal", options, 200, ("greedy", "random"), seed=seed)
    wins = 0
    for r in run(config):
        assert not r.error
        best = max(r.returns)
        if best > 0 and any(r.seats[p] == 0 for p, v in enumerate(r.returns) if v == best):
            wins += 1
    assert wins >= at_least
