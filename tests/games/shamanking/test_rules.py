"""Shaman King rules beyond the scenario files: every rule of the rule book names a test, and
the scenario state fields. (tests/test_scenarios.py runs the scenario files.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable

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
