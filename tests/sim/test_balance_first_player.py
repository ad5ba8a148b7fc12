"""The balance report's first player: who played first in each game (the trace's ``opener``),
kept in the checkpoint, counted in the report apart from seat P0, flagged, compared between
card sets, and the seat target of ``--suggest``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import cardtable
from cardtable.agents.base import make_agent
from cardtable.cli_suggest import searched
from cardtable.core.infoset import InfoSet
from cardtable.core.state import State
from cardtable.sim.balance_store import result_from_json, result_to_json
from cardtable.sim.balance_summary import RunData, changes, summarize_run
from cardtable.sim.balance_words import Words
from cardtable.sim.runner import GameResult
from cardtable.sim.suggest import Target, item, targets, why
from cardtable.sim.trace import GameTrace, Watcher

TRUTH: dict[str, Callable[[Any], int]] = {
    "looney": lambda s: int(s.rp),  # LT-2.4: the player the chooser named plays round 1
    "rawdeal": lambda s: int(s.tp),  # RD-6.1: the first turn's player
    "shamanking": lambda s: 1 - int(s.defender),  # SK-2.4: the Opening Attack's sender
    "wcrugby": lambda s: int(s.first),  # WR-5.1: the first team of period 1
}
"""Each game's first player as its own state says it, once the trace has named one."""


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_the_trace_names_the_player_who_plays_first(name: str) -> None:
    game = cardtable.load_game(name)
    seen = set()
    starters = game.default_decks()
    for seed in range(1, 9):
        decks = starters[:2] if seed % 2 else starters[1::-1]
        state: State = game.new_initial_state(seed=seed, decks=decks)
        watch = Watcher(state)
        agents = [make_agent("greedy", seed + p) for p in (0, 1)]
        while watch.opener < 0 and not state.is_terminal():
            p = state.current_player()
            watch.see(state.apply_action(agents[p].decide(InfoSet(state, p))))
        assert watch.opener == TRUTH[name](state), seed
        seen.add(watch.opener)
    assert seen == {0, 1}  # over eight deals both seats have played first


def run_of(first: list[int], winners: list[int]) -> dict[str, Any]:
    """A made-up Shaman King run: game i played first by seat ``first[i]`` (-1: not told)
    and won by seat ``winners[i]``, the two decks swapping seats every two games."""
    game = cardtable.load_game("shamanking")
    data: list[tuple[tuple[int, ...], GameResult]] = []
    for i, (f, w) in enumerate(zip(first, winners, strict=True)):
        trace = GameTrace(((), ()), (), "points", opener=f)
        returns = (1.0, -1.0) if w == 0 else (-1.0, 1.0)
        decks = (i // 2 % 2, 1 - i // 2 % 2)
        data.append((decks, GameResult(i, i // 2, (0, 1), returns, 30, "", trace)))
    return summarize_run(RunData(game, game.default_decks(), data), ["a", "b"], 0.03, 30)


def test_the_report_counts_the_first_player_apart_from_seat_p0() -> None:
    n = 200
    first = [i % 2 for i in range(n)]  # each seat plays first half the time
    winners = [f if i // 4 % 10 < 7 else 1 - f for i, f in enumerate(first)]  # the first: 70%
    run = run_of(first, winners)
    assert run["seats"][0]["score"] == 0.5 and not run["seats"][0]["flag"]
    mover = run["first_player"]
    assert (mover["n"], mover["score"], mover["flag"]) == (n, 0.7, "above")
    assert mover["low"] < 0.7 < mover["high"]
    assert {(f["kind"], f["name"], f["direction"]) for f in run["flags"]} == {
        ("seat", "first", "above")
    }
    assert targets(run) == [Target("seat", "first", "above")]
    assert item(run, Target("seat", "first", "above"))["score"] == 0.7
    said = why(run, Target("seat", "first", "above"), "ja")
    assert said.startswith("先手が200対戦のうち70% [63%-76%]に勝っている")


def test_games_that_do_not_tell_who_played_first_leave_it_out() -> None:
    first = [-1] * 40 + [0, 1] * 20
    winners = [0] * 40 + [0, 1] * 20  # those told: the first player always wins
    run = run_of(first, winners)
    assert run["first_player"]["n"] == 40 and run["first_player"]["score"] == 1.0
    none = run_of([-1] * 40, [0, 1] * 20)
    assert none["first_player"] is None and not none["flags"]
    none["seats"][0]["score"] = 0.6  # without a first player, seat P0 is the seat target
    assert targets(none) == [Target("seat", "P0", "above")]


def test_the_first_players_change_between_card_sets() -> None:
    first = [i % 2 for i in range(200)]
    before = run_of(first, first)  # the first player always wins
    after = run_of(first, [1 - f if i % 2 else f for i, f in enumerate(first)])
    ch = changes(before, after, 0.03, 30)
    assert ch["first_player"]["before"] == 1.0 and ch["first_player"]["after"] == 0.5
    assert ch["first_player"]["flag"] == "below"
    assert ("seat", "first") in {(f["kind"], f["name"]) for f in ch["flags"]}
    assert changes(before, run_of([-1] * 200, first), 0.03, 30)["first_player"] is None


def test_the_checkpoint_keeps_who_played_first_and_reads_older_games() -> None:
    trace = GameTrace(((), ()), (), "points", 8, (4, 4), ((), ()), 1)
    r = GameResult(3, 77, (0, 1), (1.0, -1.0), 40, "", trace)
    row = result_to_json(r)
    assert result_from_json(row) == r
    old = result_from_json(row[:12])  # written before the first player was kept
    assert old.trace is not None and old.trace.opener == -1
    assert old.trace.seat_units == (4, 4)


def test_the_first_player_in_words() -> None:
    assert Words("ja").item("seat", "first") == "先手"
    assert searched("seat first", Words("ja")).endswith(" 先手")
    assert searched("seat first") == "seat first player" and searched("seat P0") == "seat P0"
    assert Words("en").item("seat", "first") == "first player"
    assert Words("en").item("seat", "P0") == "P0"
