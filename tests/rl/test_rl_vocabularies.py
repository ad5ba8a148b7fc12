"""The tensor layout does not depend on what the sample games happened to reach: a string
field's vocabulary is the game's declared values (``Game.observation_values``) plus any seen."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping

import pytest

import cardtable
from cardtable.core.registry import game_class
from cardtable.games.looney.base import PHASES as LOONEY_PHASES
from cardtable.games.looney.game import LooneyGame
from cardtable.rl import layout, schema
from cardtable.rl.schema import ObservationValuesError, Seen, add_declared

CONFIGS = [
    (name, n)
    for name in cardtable.available_games()
    for n in range(game_class(name).min_players, game_class(name).max_players + 1)
]
OTHER_SEEDS = (1, 4, 5, 8, 15)
"""Sample seeds whose games reach other values than the default seed's: without the
declarations, Raw Deal's ``ended`` (at every player count), Shaman King's ``attack`` and
``phase`` and the wheelchair rugby game's ``phase`` each differ for one of them."""

SAMPLE_DEPENDENT = {
    "goofspiel": ("winner",),  # a seat or "draw": only "is set" once a sample game is drawn
    "wcrugby": ("scores[", "teams[+0].modifiers.", "teams[+1].modifiers."),
}
"""Blocks still shaped by the samples for other reasons than a declared vocabulary or set of
seats: a field of numbers or a string, how many list positions (the rugby game's overtime
periods) and which dict keys (the statistics modified) were seen."""

Blocks = list[tuple[str, int]]


@pytest.fixture
def fresh_layouts() -> Iterator[None]:
    """Layouts and samples built anew in the test, and forgotten after it."""
    schema._sampled.cache_clear()
    layout._CACHE.clear()
    yield
    schema._sampled.cache_clear()
    layout._CACHE.clear()


def blocks_with_seed(monkeypatch: pytest.MonkeyPatch, name: str, players: int, seed: int) -> Blocks:
    """The layout's blocks (name, size) when the sample games are played from ``seed``."""
    monkeypatch.setattr(schema, "SAMPLE_SEED", seed)
    schema._sampled.cache_clear()
    game = cardtable.load_game(name, players=players)
    return [(b.name, b.size) for b in layout.build_layout(game).blocks]


def without(blocks: Blocks, prefixes: tuple[str, ...]) -> Blocks:
    return [b for b in blocks if not b[0].startswith(prefixes)]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
@pytest.mark.usefixtures("fresh_layouts")
def test_layout_does_not_depend_on_the_sample_games(
    monkeypatch: pytest.MonkeyPatch, name: str, players: int
) -> None:
    known = SAMPLE_DEPENDENT.get(name, ())
    base = without(blocks_with_seed(monkeypatch, name, players, schema.SAMPLE_SEED), known)
    for seed in OTHER_SEEDS:
        assert without(blocks_with_seed(monkeypatch, name, players, seed), known) == base, seed


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, raises=AssertionError))
        for name in SAMPLE_DEPENDENT
    ],
)
@pytest.mark.usefixtures("fresh_layouts")
def test_known_sample_dependence_is_still_there(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """When this passes (XPASS, a failure), the game's layout no longer depends on the
    samples at all: take it out of SAMPLE_DEPENDENT."""
    base = blocks_with_seed(monkeypatch, name, 2, schema.SAMPLE_SEED)
    for seed in OTHER_SEEDS:
        assert blocks_with_seed(monkeypatch, name, 2, seed) == base, seed


def test_a_declared_value_never_sampled_gets_its_entry() -> None:
    from cardtable.games.rawdeal.match import ENDINGS

    game = cardtable.load_game("rawdeal")
    assert "turn limit" not in schema.sample_observations(game).keys["ended"].strs
    lay = layout.layout_for(game)
    block = next(b for b in lay.blocks if b.name.startswith("ended "))
    assert block.size == len(ENDINGS) + 1  # every ending, and "other"
    sink = layout.Sink((0, 1))
    assert lay.fields is not None
    lay.fields({"ended": "turn limit"}, sink)
    assert sink.idx == [block.offset + sorted(ENDINGS).index("turn limit")]


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


@pytest.mark.parametrize("bad", [2.5, True, None])
def test_a_declared_value_must_be_a_string_or_a_whole_number(bad: object) -> None:
    message = rf"\['phase'\] holds {bad!r}, not a string or a whole number"
    with pytest.raises(ObservationValuesError, match=message):
        add_declared(Seen(), "g", {"phase": ("a", bad)})  # type: ignore[dict-item]


@pytest.mark.parametrize(("name", "players"), [("rawdeal", 2), ("rawdeal", 4), ("looney", 3)])
def test_a_declared_set_of_seats_counts_every_seat(name: str, players: int) -> None:
    """Samples that eliminated seat 0 only: with the game's declaration the ``eliminated``
    seats still run over every seat."""
    game = cardtable.load_game(name, players=players)
    root = Seen()
    for eliminated in ([], [0]):
        root.add_dict({"eliminated": eliminated})
    add_declared(root, name, game.observation_values())
    elem = root.keys["eliminated"].elem
    assert elem is not None and (elem.num_min, elem.num_max) == (0, players - 1)


@pytest.mark.parametrize("lists", [([],), ([0],), ([1], [0]), ([], [0])])
def test_a_declared_set_of_seats_is_a_set_block_whatever_the_samples(
    lists: tuple[list[int], ...],
) -> None:
    """Samples that never eliminated anyone, or always one seat: ``eliminated`` is still
    the block of a set of seats (not positions, not nothing)."""
    game = cardtable.load_game("rawdeal")
    root = Seen()
    for eliminated in lists:
        root.add_dict({"eliminated": eliminated})
    add_declared(root, "rawdeal", game.observation_values())
    builder = layout.Builder(game)
    builder.record("", root, False)
    names = [b.name for b in builder.blocks if b.name.startswith("eliminated")]
    assert names == ["eliminated (count of each value 0..1)", "eliminated length"]


def test_whole_numbers_declared_where_strings_were_seen_are_an_error() -> None:
    root = Seen()
    root.add_dict({"phase": "main"})
    with pytest.raises(ObservationValuesError, match="declares whole numbers for 'phase'"):
        add_declared(root, "g", {"phase": range(2)})
