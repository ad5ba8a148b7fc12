"""Every Shaman King scenario file passes (each names the rule it tests), and the rule book
lists each one under its rule."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardtable
from cardtable.scenario import run_scenario, scenario_files

FILES = scenario_files([Path(__file__).parent / "scenarios"])
RULE_BOOK = Path(__file__).parents[3] / "docs" / "rules" / "shamanking.md"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.rule, f"{path.name} names no rule"
    assert result.ok, result.message


def test_rule_book_lists_every_scenario_under_its_rule() -> None:
    """docs/rules/shamanking.md names each scenario file in the entry of the rule it tests."""
    doc = RULE_BOOK.read_text()
    for path in FILES:
        rule = run_scenario(path).rule
        assert f"**{rule} " in doc, f"{path.name}: rule {rule} is not in the rule book"
        entry = doc.split(f"**{rule} ")[1].split("\n\n")[0]
        assert path.name in entry, f"{path.name} is not listed under {rule}"


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
