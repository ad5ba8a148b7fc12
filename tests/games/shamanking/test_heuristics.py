"""Shaman King game knowledge for agents (heuristics.py): the action values read the
observation only (search rollouts build the part they read from the state, the same facts)
and value every legal action, and weigh the exchange (a counterattack the
opponent is unlikely to stop, the last flip of the red zone, the Signature Move) against
furyoku and charges; ``evaluate`` estimates the returns within their range and adding up like
them; and the greedy agent they drive beats random play."""

from __future__ import annotations

import cardtable
from cardtable.agents import make_agent
from cardtable.core.conformance import check_heuristics, random_states
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.games.shamanking.heuristics import observed_facts, state_facts
from cardtable.games.shamanking.rules import PH_CHOICE, PHASES, SKState
from cardtable.games.shamanking.zones import TEAMWORK, pbase
from cardtable.sim.runner import SimConfig, run


def test_a_finite_value_for_every_legal_action() -> None:
    """The generic check (conformance.check_heuristics: finite values read from the
    observation alone, evaluate in range) over random games that reach every phase."""
    game = cardtable.load_game("shamanking")
    check_heuristics(game, range(30))
    phases = {
        obs["phase"]
        for state in random_states(game, range(30))
        if not state.is_terminal()
        for obs in [state.observation(state.current_player())]
    }
    assert phases == {"opening choice", "signature step", "flip"}


def values(state: State) -> dict[str, float]:
    """The heuristic value of each legal action, by its notation."""
    p = state.current_player()
    legal = state.legal_actions()
    found = state.game.hints.heuristic_values(state.observation(p), legal)
    return {state.action_to_string(a): v for a, v in zip(legal, found, strict=True)}


def defending(pins: dict[str, list[str]], fields: dict[str, object] | None = None) -> SKState:
    """Player 0 sends the Opening Attack (Force 4) and player 1 defends it (Sera, guardian
    Strikes), with the zones pinned (decks top first)."""
    game = cardtable.load_game("shamanking")
    state = game.new_initial_state(seed=1)
    assert isinstance(state, SKState)
    state.pin_zones(pins)
    state.pin_fields({"chooser": 0, **(fields or {})})
    state.apply_action(state.string_to_action("first"))
    assert state.current_player() == 1
    return state


def test_the_red_zone_is_the_last_chance() -> None:
    """SK-4.5, SK-6.1: in the red zone a counterattack is the only way not to be scored on;
    before it, focusing (furyoku of this zone) beats passing."""
    wisp = ["wandering-wisp-jab"] * 2  # Intercept 2: stops nothing here
    state = defending({"p1.deck": [*wisp, "fox-fire-lash", "wisp-swarm"]})
    v = values(state)
    assert v["focus"] > v["pass"]
    state.apply_action(state.string_to_action("focus"))
    state.apply_action(state.string_to_action("focus"))
    assert state.observation(1)["zone"] == "red"
    v = values(state)
    assert v["counter"] > 0.0 > v["focus"] > v["pass"] == -1.0


def test_a_counterattack_the_opponent_cannot_stop_is_worth_its_extra_cost() -> None:
    """SK-3.4: Moonfang Bite's extra red furyoku makes its Force 9 instead of 6; the
    opponent's Strikes seen so far (Intercept 4) stop neither, but the card set holds more
    that stop a 6 than a 9."""
    pins = {
        "p1.deck": ["moonfang-bite", "wisp-swarm"],
        "p1.furyoku.green": ["needle-of-wind"] * 2,
        "p1.furyoku.yellow": ["needle-of-wind"] * 2,
        "p1.furyoku.red": ["needle-of-wind"],
        "p0.discard": ["open-palm-parry", "hearthstone-knuckle"] * 5,
    }
    state = defending(pins)
    v = values(state)
    assert v["counter+"] > v["counter"] > v["focus"] > v["pass"]


def test_the_signature_move_when_the_flips_would_fail() -> None:
    """SK-4.3: with every zone charged and a deck seen to hold no Strike, the Signature's sure
    counterattack beats flipping."""
    pins = {
        "p1.deck": ["steady-breathing"] * 6,
        "p1.discard": ["steady-breathing", "sudden-retreat", "soul-resonance"] * 4,
        "p1.furyoku.green": ["wisp-swarm"],
    }
    state = defending(pins, {"charges": [[], ["green", "yellow", "red"]]})
    assert state.observation(1)["phase"] == "signature step"
    v = values(state)
    assert v["signature"] > v["pass"]


def test_evaluate_is_in_range_and_adds_up_like_the_returns() -> None:
    game = cardtable.load_game("shamanking")
    lo, hi = game.min_return(), game.max_return()
    checked = 0
    for state in random_states(game, range(20), every=2):
        assert isinstance(state, SKState)
        values = game.hints.evaluate(state)
        assert values is not None and len(values) == 2
        if state.is_terminal():
            assert values == state.returns()
            continue
        assert all(lo <= v <= hi for v in values)
        assert abs(sum(values)) < 1e-9  # SK-6.5: one wins, one loses
        checked += 1
    assert checked > 100


def test_evaluate_follows_the_points() -> None:
    """The player one point from the target is the favourite; more so when the attack it
    faces is one its deck cannot stop."""
    game = cardtable.load_game("shamanking")
    state = game.new_initial_state(seed=3)
    state.pin_fields({"points": [2, 0]})
    state.apply_action(state.string_to_action("first"))
    v = game.hints.evaluate(state)
    assert v is not None and v[0] > 0.5 > -0.5 > v[1]
    weak = defending({"p1.deck": ["wandering-wisp-jab"] * 6})
    strong = defending({"p1.deck": ["mountain-breath-guard"] * 6})
    w, s = game.hints.evaluate(weak), game.hints.evaluate(strong)
    assert w is not None and s is not None and w[1] < s[1]


def test_greedy_beats_random() -> None:
    """Seeded, seats rotating (measured: 195 of 200)."""
    config = SimConfig("shamanking", {}, 200, ("greedy", "random"), seed=5)
    wins = 0
    for r in run(config):
        assert not r.error
        best = max(r.returns)
        wins += any(r.seats[p] == 0 and v == best > 0 for p, v in enumerate(r.returns))
    assert wins >= 180


def test_rollout_values_read_from_the_state_match_the_observations() -> None:
    """``rollout_values`` reads the facts the values read straight from the state (search
    rollouts skip the observation): over games of greedy play, which reach Signature Moves,
    full charges, Teamwork cards and bonuses that random play seldom does, it gives exactly the
    values of ``heuristic_values`` for either player's view, and its facts are those of the
    observation, for the state and for a resample of it; also with the Shamans turned over,
    every zone charged and the Signatures pending, which the values read only then."""
    game = cardtable.load_game("shamanking")
    heur = game.hints.heur
    greedy = [make_agent("greedy", seed=s) for s in (1, 2)]
    seen: set[str] = set()
    rng = Rng(5)
    for seed in range(40):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            assert isinstance(state, SKState)
            legal = state.legal_actions()
            turned = state.clone()
            assert isinstance(turned, SKState)
            turned.side = [1 - s for s in state.side]
            turned.charges = [7, 7]
            turned.stow = [not s for s in state.stow]
            for p in (0, 1):
                for view in (state, turned, state.resample(p, rng)):
                    assert isinstance(view, SKState)
                    obs = view.observation(p)
                    expected = game.hints.heuristic_values(obs, legal)
                    assert game.hints.rollout_values(view, p, legal) == expected, (seed, obs)
                    if state.phase != PH_CHOICE:
                        assert state_facts(heur, view, p) == observed_facts(heur, obs)
            seen.add(PHASES[state.phase])
            if state.stow[0] or state.stow[1]:
                seen.add("signature used")
            if any(state.zones[pbase(p) + TEAMWORK + z] for p in (0, 1) for z in range(3)):
                seen.add("teamwork")
            if state.adv_force or state.adv_intercept:
                seen.add("bonus")
            p = state.current_player()
            state.apply_action(greedy[p].decide(InfoSet(state, p)))
    assert {"signature step", "flip", "signature used", "teamwork", "bonus"} <= seen


def test_the_chooser_lets_the_other_send() -> None:
    """SK-2.5: greedy (and the search, through ``settled``) lets the other player send the
    Opening Attack: the measured choosers who sent scored less (docs/agents.md)."""
    state = cardtable.load_game("shamanking").new_initial_state(seed=3)
    assert values(state) == {"first": 0.0, "second": 1.0}
    p = state.current_player()
    choice = make_agent("greedy").decide(InfoSet(state, p))
    assert state.action_to_string(choice) == "second"
    hints = state.game.hints
    assert hints.settled(state.observation(p), state.legal_actions()) == choice
