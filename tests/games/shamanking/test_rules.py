"""Shaman King rules beyond the scenario files: every rule of the rule book names a test, and
the scenario state fields. (tests/test_scenarios.py runs the scenario files.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable
from cardtable.agents import make_agent
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
