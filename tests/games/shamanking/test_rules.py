"""Shaman King rules beyond the scenario files: every rule of the rule book names a test, the
scenario state fields, two players without a hand (SK-1.8), the field (SK-2.6) and the known
furyoku (SK-3.1). (tests/test_scenarios.py runs the scenario files.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable
from cardtable.agents import make_agent
from cardtable.core.conformance import check_heuristics, check_push
from cardtable.core.errors import GameOptionError
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng
from cardtable.games.shamanking.actions import FOCUS
from cardtable.games.shamanking.rules import SKState
from cardtable.games.shamanking.zones import FURYOKU, pbase

RULE_BOOK = Path(__file__).parents[3] / "docs" / "rules" / "shamanking.md"


def test_every_rule_has_a_test() -> None:
    """Each rule entry of the rule book names at least one test."""
    doc = RULE_BOOK.read_text()
    for entry in doc.split("\n**SK-")[1:]:
        rule = "SK-" + entry.split(" ")[0]
        body = entry.split("\n\n")[0]
        assert "\nTest: " in body, f"{rule} names no test"


def test_pin_fields() -> None:
    """The scenario fields of SKState.pin_fields (rule book, "Scenario fields")."""
    g = cardtable.load_game("shamanking")
    st = g.new_initial_state(seed=0)
    st.pin_fields(
        {
            "chooser": 1,
            "points": [2, 1],
            "charges": [["green", "red"], []],
            "side": ["back", "front"],
        }
    )
    obs = st.observation(None)
    assert st.current_player() == 1
    assert obs["points"] == [2, 1]
    assert obs["charges"] == [["green", "red"], []]
    assert obs["shaman_side"] == ["back", "front"]
    for bad in (
        {"turn": 3},
        {"points": [1]},
        {"charges": [["blue"], []]},
        {"side": ["up", "front"]},
    ):
        with pytest.raises(KeyError):
            st.pin_fields(bad)


def test_resample_keeps_the_furyoku_everyone_saw_put_down() -> None:
    """SK-3.1: a card put face down into a furyoku area from a public place (focused from a
    play area, taken from a discard pile) is known to both players: the known cards are
    exactly those the public events show going there and not yet out again, and a resample
    leaves them where they lie, for either player. The furyoku put there from the deck (at
    setup and at deck exhaustion) is dealt again with the deck. Games to 10 points reach deck
    exhaustion."""
    greedy = [make_agent("greedy", seed=s) for s in (1, 2)]
    rng = Rng(7)
    focused = moved = rebuilt = 0
    for seed in range(8):
        game = cardtable.load_game("shamanking", target_points=3 if seed % 2 else 10)
        public = [all(v[i] for v in game.visibility) for i in range(len(game.zone_specs))]
        fury = {pbase(p) + FURYOKU + z for p in (0, 1) for z in range(3)}
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, SKState)
        seen: set[int] = set()  # the known furyoku by the public events
        while not state.is_terminal():
            p = state.current_player()
            action = greedy[p].decide(InfoSet(state, p))
            defender = state.defender
            for ev in state.apply_action(action):
                rebuilt += ev.kind == "deck_rebuilt"
                if ev.src in fury:
                    seen.discard(ev.card)
                if ev.dst in fury and public[ev.src]:
                    seen.add(ev.card)
            assert state._known_hidden(0) == state._known_hidden(1) == seen
            focused += action == FOCUS
            places = {c: (i, z.index(c)) for i, z in enumerate(state.zones) for c in z}
            hidden_fury = [c for z in range(3) for c in state.zones[pbase(defender) + FURYOKU + z]]
            for viewer in (0, 1):
                other = state.resample(viewer, rng)
                for c in seen:
                    i, at = places[c]
                    assert other.zones[i][at] == c
                moved += sum(
                    1 for c in hidden_fury if c not in seen and c not in other.zones[places[c][0]]
                )
    assert focused > 20 and moved > 20 and rebuilt > 0


COLOURS = ("green", "yellow", "red")
AREAS = (
    "deck",
    "discard",
    "advantage",
    "shaman",
    *(f"{a}.{z}" for a in ("furyoku", "play", "teamwork") for z in COLOURS),
)


def test_two_players_and_no_hand() -> None:
    """SK-1.8: exactly two players; no hand anywhere; after setup every card of a 60-card deck
    is in the deck, the furyoku or the discard pile, and the first decision is not a draw."""
    for players in (1, 3):
        with pytest.raises(GameOptionError):
            cardtable.load_game("shamanking", players=players)
    game = cardtable.load_game("shamanking")
    state = game.new_initial_state(seed=0)
    obs = state.observation(0)
    assert not any("hand" in key for key in obs) and not any("hand" in k for k in obs["zones"])
    zones = state.observation(None)["zones"]
    for p in (0, 1):
        furyoku = sum(zones[f"p{p}.furyoku.{z}"] for z in COLOURS)
        assert zones[f"p{p}.deck"] + furyoku + len(zones[f"p{p}.discard"]) == 60
    assert {state.action_to_string(a) for a in state.legal_actions()} == {"first", "second"}


def test_the_field() -> None:
    """SK-2.6: per player three zones of a play, a teamwork and a furyoku area, and outside
    them the deck, the discard pile, the advantage area and the Shaman; nothing else."""
    game = cardtable.load_game("shamanking")
    keys = {spec.key for spec in game.zone_specs}
    assert keys == {f"p{p}.{area}" for p in (0, 1) for area in AREAS}
    zones = game.new_initial_state(seed=0).observation(None)["zones"]
    for p in (0, 1):
        assert len(zones[f"p{p}.shaman"]) == 1 and zones[f"p{p}.advantage"] == []
        for zone in COLOURS:
            assert zones[f"p{p}.play.{zone}"] == zones[f"p{p}.teamwork.{zone}"] == []


def test_the_zone_of_a_character_in_words() -> None:
    """SK-5.7: the log says which character's zone a placed Teamwork card makes of its zone,
    and the table shows it."""
    g = cardtable.load_game("shamanking")
    st = g.new_initial_state(seed=0)
    st.pin_zones({"p1.deck": ["tomoshibi-lantern-guardian", "wisp-swarm", "wisp-swarm"]})
    st.pin_fields({"chooser": 0})
    st.apply_action(g.string_to_action("first"))
    events = st.apply_action(g.string_to_action("play"))
    show = g.presentation
    words = [show.describe_event(e, None) for e in (st.event_view(x, None) for x in events) if e]
    assert (
        "P1 plays the Teamwork card Tomoshibi, Lantern Guardian in the green zone, which "
        "becomes Tomoshibi's zone" in words
    )
    assert "Tomoshibi, Lantern Guardian (Tomoshibi's zone)" in show.render(st.observation(None))
    card = show.describe_card("tomoshibi-lantern-guardian")
    assert "Only Sera Okabe can place this guardian spirit." in card
    assert "The zone you place it in also becomes Tomoshibi's zone." in card


@pytest.mark.parametrize(
    "options",
    [
        {"payment": "flip-zone"},
        {"opening_after_point": "scorer-sends", "focus": False},
        {"opening_after_point": "first-player-sends", "signature_turn": "on-use"},
        {"trait_mismatch": "unplayable", "immediate_charge": False},
    ],
)
def test_push_and_rollout_values_under_the_options(options: dict[str, object]) -> None:
    """Under each option the rules compile into HotTables: ``push`` (which builds no events)
    reaches the state ``apply_action`` reaches, and ``rollout_values`` (read from the state)
    are the values of the observation."""
    game = cardtable.load_game("shamanking", **options)
    check_push(game, range(6))
    check_heuristics(game, range(2), every=3)
