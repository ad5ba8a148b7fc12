"""Looney Tunes game knowledge for agents (heuristics.py): the action values read the
observation only and value every legal action, and follow the comparison of LT-6.5 (an exact
fit in the scene's colour, an answer that beats whatever the round player can have); the
special effects clog no hand and the last actor is kept; ``evaluate`` estimates the returns
within their range and adding up like them; and the greedy agent they drive beats random play."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.agents import make_agent
from cardtable.core.conformance import check_heuristics, random_states
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.games.looney.heuristics import (
    GREEDY_THREAT_MAX,
    ROLLOUT_THREAT_MAX,
    action_values,
    rollout_values,
)
from cardtable.games.looney.hints import LooneyHints
from cardtable.games.looney.rules import LooneyState
from cardtable.sim.runner import SimConfig, run


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_finite_value_for_every_legal_action(players: int) -> None:
    """The generic check (conformance.check_heuristics: finite values read from the
    observation alone, evaluate in range) over random games that reach every phase."""
    game = cardtable.load_game("looney", players=players)
    check_heuristics(game, range(4))
    phases = {
        (obs["phase"], obs["answering"])
        for state in random_states(game, range(4))
        if not state.is_terminal()
        for obs in [state.observation(state.current_player())]
    }
    assert {("choose-first", False), ("placement", False), ("placement", True)} <= phases


def placement(movie: list[str], hands: list[list[str]], **zones: list[str]) -> LooneyState:
    """A two-player game at player 0's first placement: the storyboard is the top of the
    pinned Movie deck (slot 1 first), the hands as given (player 0's filled up to six with a
    blue special effect, so that it draws nothing) and the other zones as given."""
    game = cardtable.load_game("looney")
    state = game.new_initial_state(seed=1)
    assert isinstance(state, LooneyState)
    hand = hands[0] + ["cool-customer"] * (6 - len(hands[0]))
    pins = {"movie_deck": movie, "p0.hand": hand, "p1.hand": hands[1]}
    pins.update({key.replace("_", "."): cards for key, cards in zones.items()})
    state.pin_zones(pins)
    state.pin_fields({"chooser": 0})
    state.apply_action(state.string_to_action("first 0"))
    assert state.observation(0)["phase"] == "placement"
    return state


def values(state: State) -> dict[str, float]:
    """The heuristic value of each legal action, by its notation."""
    p = state.current_player()
    legal = state.legal_actions()
    found = state.game.hints.heuristic_values(state.observation(p), legal)
    return {state.action_to_string(a): v for a, v in zip(legal, found, strict=True)}


def play(state: State, *actions: str) -> None:
    for a in actions:
        state.apply_action(state.string_to_action(a))


# rocket-skates-mishap: red, rank 4 (3 points); moonlight-serenade: blue 4 (3);
# carrot-patch-caper: yellow 3 (2); hunting-season-showdown: red 8 (6); forest-stakeout: green
# 5 (4)
SCENES = ["rocket-skates-mishap", "moonlight-serenade", "carrot-patch-caper"]
SCENES += ["hunting-season-showdown", "swamp-stomp"]


def test_the_round_player_fits_a_scene_in_its_colour() -> None:
    """LT-6.5: a red 4 on the red scene of rank 4 is nearly safe; on the blue one an answer in
    blue beats it; on the scene of rank 3 it overacts."""
    scenes = [*SCENES[:3], "forest-stakeout", "swamp-stomp"]
    state = placement(scenes, [["taz-whirlwind"], ["porky-pig-farmhand"] * 6])
    v = values(state)
    assert max(v, key=v.__getitem__) == "place taz-whirlwind on 1"
    assert v["place taz-whirlwind on 1"] > v["place taz-whirlwind on 2"]
    assert v["place taz-whirlwind on 2"] > v["place taz-whirlwind on 3"]


def test_a_group_is_built_up_to_the_rank() -> None:
    """At a gray scene rank alone decides (LT-6.5): a red 5 alone is far below Director's Cut
    (rank 8), with the red 3 of the hand it fits exactly; so the 5 goes there, looking one card
    ahead, and the 3 follows."""
    scenes = ["moonlight-serenade", "carrot-patch-caper", "rainy-day-rescue", "directors-cut"]
    hand = ["yosemite-sam-desperado", "sylvester-sputtering-schemer"]
    state = placement([*scenes, "swamp-stomp"], [hand, ["porky-pig-farmhand"] * 6])
    v = values(state)
    assert max(v, key=v.__getitem__) == "place yosemite-sam-desperado on 4"
    play(state, "place yosemite-sam-desperado on 4")
    v = values(state)
    assert max(v, key=v.__getitem__) == "place sylvester-sputtering-schemer on 4"
    assert v["place sylvester-sputtering-schemer on 4"] > v["done"] == 0.0


def test_a_full_answering_hand_is_feared_more() -> None:
    """The round player's side is worth less against an answer holding six cards (the first
    round's answer, LT-3.1) than against one holding a single card: six beat it more often."""
    scenes = [*SCENES[:3], "forest-stakeout", "swamp-stomp"]
    taz = "place taz-whirlwind on 2"  # red 4 on the blue scene of rank 4: any blue answer wins
    full = values(placement(scenes, [["taz-whirlwind"], ["porky-pig-farmhand"] * 6]))[taz]
    one = values(placement(scenes, [["taz-whirlwind"], ["porky-pig-farmhand"]]))[taz]
    assert full < one


def test_an_answer_beats_most_values_the_round_player_can_have() -> None:
    """Answering one face-down actor (rank 1 to 5) on the red scene of rank 8 (LT-5.1): the red
    5 beats most of what it can be (a tie goes to the round player), so it goes there rather
    than the red 3; a red 3 more (a sure win) is not worth its card."""
    hands = [["porky-pig-farmhand"], ["yosemite-sam-desperado", "sylvester-sputtering-schemer"]]
    state = placement(SCENES, hands)
    play(state, "place porky-pig-farmhand on 4", "done")
    assert state.current_player() == 1 and state.observation(1)["answering"]
    v = values(state)
    assert max(v, key=v.__getitem__) == "place yosemite-sam-desperado on 4"
    play(state, "place yosemite-sam-desperado on 4")
    v = values(state)
    assert v["done"] > v["place sylvester-sputtering-schemer on 4"]


def test_special_effects_are_played_and_the_last_actor_kept() -> None:
    """A special effect that keeps the side proper is played (the hand is only refilled up to
    six, LT-3.1); with an empty deck the last actor stays in the hand (LT-7.5)."""
    hand = ["taz-whirlwind", "daffy-duck-showboat", "seeing-red"]
    state = placement(SCENES, [hand, ["porky-pig-farmhand"] * 6], p0_deck=[])
    play(state, "place taz-whirlwind on 1")
    v = values(state)
    assert max(v, key=v.__getitem__) == "effect seeing-red"
    play(state, "effect seeing-red")
    v = values(state)
    assert v["done"] > v["place daffy-duck-showboat on 3"]


def test_a_scene_from_the_hand_that_the_hand_fits() -> None:
    """LT-3.2: the round player's hand holds a yellow 3 and a yellow scene of rank 3, so the
    scene goes to the storyboard rather than one from the Movie deck."""
    game = cardtable.load_game("looney")
    state = game.new_initial_state(seed=2)
    hand = ["spotlight-solo", "daffy-duck-showboat", "porky-pig-farmhand"]
    state.pin_zones({"p0.hand": hand, "storyboard.1": []})
    state.pin_fields({"chooser": 0})
    play(state, "first 0")
    assert state.observation(0)["phase"] == "storyboard"
    v = values(state)
    assert v["scene spotlight-solo"] > v["refill"]


# options that change what the values read: colours of mixed groups, overacting, placing
# per scene, answering only as the round player did, a deck reshuffled
VARIANTS = [
    {},
    {"mixed_group_color": "any", "overact_all": "nobody", "role_limit": "unlimited"},
    {"unique_scope": "scene", "answer_method": "same", "personal_deck_out": "reshuffle"},
]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_rollout_values_read_from_the_state_match_the_observations(
    players: int, variant: int
) -> None:
    """``rollout_values`` reads what the values read straight from the state (search
    rollouts skip the observation): over games of greedy and random play, which place
    special effects, locations, Roles and answers with other sides on the scenes, it gives
    exactly the values of ``heuristic_values`` for the acting player's view, of the state and
    of a resample of it (hidden cards dealt again), with greedy's cap on the answers' threat
    and with the rollouts' (the hints give greedy the first and the rollouts the second)."""
    game = cardtable.load_game("looney", players=players, **VARIANTS[variant])
    hints = game.hints
    assert isinstance(hints, LooneyHints)
    caps = (GREEDY_THREAT_MAX, ROLLOUT_THREAT_MAX)
    greedy = make_agent("greedy", seed=1)
    rng = Rng(5)
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            for view in (state, state.resample(p, rng)):
                for cap in caps:
                    expected = action_values(hints.heur, view.observation(p), legal, cap)
                    assert rollout_values(hints.heur, view, p, legal, cap) == expected, seed
            obs = state.observation(p)
            greedy_turn = rng.random() < 0.5
            state.apply_action(greedy.act(game, obs, legal) if greedy_turn else rng.choice(legal))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_is_in_range_and_adds_up_like_the_returns(players: int) -> None:
    game = cardtable.load_game("looney", players=players)
    lo, hi = game.min_return(), game.max_return()
    for state in random_states(game, range(5), every=3):
        assert isinstance(state, LooneyState)
        values = game.hints.evaluate(state)
        assert values is not None and len(values) == players
        if state.is_terminal():
            assert values == state.returns()
            continue
        assert all(lo <= v <= hi for v in values)
        assert abs(sum(values)) < 1e-9  # LT-7: one winner, the others lose alike
        for q in range(players):
            if state.out[q]:
                assert values[q] == pytest.approx(-1 / (players - 1))


def test_evaluate_follows_the_scores() -> None:
    """The player close to the target is the favourite, more so with more actors left."""
    game = cardtable.load_game("looney")
    state = game.new_initial_state(seed=3)
    state.pin_fields({"scores": [34, 12]})
    v = game.hints.evaluate(state)
    assert v is not None and v[0] > 0.5 > -0.5 > v[1]
    state.pin_fields({"scores": [20, 20]})
    even = game.hints.evaluate(state)
    state.pin_zones({"p1.deck": []})
    fewer = game.hints.evaluate(state)
    assert even is not None and fewer is not None and fewer[0] > even[0]


def test_greedy_beats_random() -> None:
    """Seeded, seats rotating (measured: 194 of 200)."""
    config = SimConfig("looney", {}, 200, ("greedy", "random"), seed=5)
    wins = 0
    for r in run(config):
        assert not r.error
        best = max(r.returns)
        wins += any(r.seats[p] == 0 and v == best > 0 for p, v in enumerate(r.returns))
    assert wins >= 170
