"""A string field's vocabulary in the tensor layout is the game's declared values
(``Game.observation_values``) plus any seen in the sample games."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

import pytest

import cardtable
from cardtable.games.looney.base import PHASES as LOONEY_PHASES
from cardtable.games.looney.game import LooneyGame
from cardtable.rl import layout, schema
from cardtable.rl.schema import ObservationValuesError, Seen, add_declared


@pytest.fixture
def fresh_layouts() -> Iterator[None]:
    """Layouts and samples built anew in the test, and forgotten after it."""
    schema._sampled.cache_clear()
    layout._CACHE.clear()
    yield
    schema._sampled.cache_clear()
    layout._CACHE.clear()


@pytest.mark.usefixtures("fresh_layouts")
def test_declared_fields_and_values_reach_the_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    def declared(self: LooneyGame) -> Mapping[str, Collection[str]]:
        return {"phase": (*LOONEY_PHASES, "intermission"), "mood": ("calm",), "a.b[]": ("x",)}

    monkeypatch.setattr(LooneyGame, "observation_values", declared)
    names = {b.name: b.size for b in layout.layout_for(cardtable.load_game("looney")).blocks}
    phases = ", ".join(sorted((*LOONEY_PHASES, "intermission")))
    assert names[f"phase ({phases}, other)"] == len(LOONEY_PHASES) + 2
    assert names["mood (calm, other)"] == 2  # a field no sample game has
    assert names["a is set"] == 1 and names["a.b (x, other)"] == 2  # counts of a list's strings


@pytest.mark.parametrize(
    ("path", "where"),
    [
        ("round", "round"),
        ("scores[]", "scores[]"),
        ("phase.name", "phase"),
        ("used_slots", "used_slots"),
    ],
)
@pytest.mark.usefixtures("fresh_layouts")
def test_a_declared_field_of_another_kind_is_an_error(
    monkeypatch: pytest.MonkeyPatch, path: str, where: str
) -> None:
    def declared(self: LooneyGame) -> Mapping[str, Collection[str]]:
        return {path: ("x",)}

    monkeypatch.setattr(LooneyGame, "observation_values", declared)
    with pytest.raises(ObservationValuesError) as err:
        layout.layout_for(cardtable.load_game("looney"))
    message = str(err.value)
    assert message.startswith(f"looney: observation_values() declares strings for '{path}'")
    assert f"at '{where}'" in message


@pytest.mark.parametrize("path", ["", "a..b", "a[", "a[]b", "[]"])
def test_a_path_that_cannot_be_read_is_an_error(path: str) -> None:
    with pytest.raises(ObservationValuesError, match="bad path"):
        add_declared(Seen(), "g", {path: ("x",)})


def test_a_declared_value_must_be_a_string() -> None:
    with pytest.raises(ObservationValuesError, match=r"\['phase'\] holds 3, not a string"):
        add_declared(Seen(), "g", {"phase": ("a", 3)})  # type: ignore[dict-item]
