"""The paired interval of ``--compare``: two card sets played on the same deals."""

from __future__ import annotations

import math

import pytest

import cardtable
from cardtable.sim.balance_stats import paired_difference, score_difference, t975
from cardtable.sim.balance_summary import RunData, changes, paired_intervals, summarize_run
from cardtable.sim.runner import GameResult
from cardtable.sim.trace import GameTrace


def test_one_player_game_a_deal_is_the_paired_t_interval() -> None:
    # 10 deals: 3 losses became wins, 7 results stayed
    deals = [(0.0, 1.0, 1)] * 3 + [(1.0, 1.0, 1)] * 4 + [(0.0, 0.0, 1)] * 3
    d = paired_difference(deals)
    sd = math.sqrt((3 * 0.7**2 + 7 * 0.3**2) / 9)
    half = t975(9) * sd / math.sqrt(10)
    assert d["delta"] == pytest.approx(0.3) and d["deals"] == 10 and d["n_a"] == 10
    assert (d["low"], d["high"]) == (pytest.approx(0.3 - half), pytest.approx(0.3 + half))
    assert paired_difference([(1.0, 1.0, 2)] * 50) | {"n_a": 0} == {
        "delta": 0.0, "low": 0.0, "high": 0.0, "n_a": 0, "n_b": 100, "deals": 50,
    }  # fmt: skip
    assert paired_difference([(0.0, 1.0, 1)])["low"] is None  # one deal: unknown


def test_the_interval_stays_within_a_whole_win_rate() -> None:
    # three deals of uneven size spread Student t's interval past -1..+1; a change of a
    # score in 0..1 cannot go beyond it
    d = paired_difference([(0.0, 3.0, 3), (1.0, 0.0, 1), (0.0, 0.0, 1)])
    assert d["delta"] == pytest.approx(0.4)
    assert d["low"] == pytest.approx(-1.0) and d["high"] == pytest.approx(1.0)


def test_a_deal_with_two_player_games_counts_once() -> None:
    # a deal played from both seats: the deck's two player-games move together
    two = paired_difference([(1.0, 2.0, 2), (1.0, 1.0, 2)] * 20)
    one = paired_difference([(0.5, 1.0, 1), (0.5, 0.5, 1)] * 20)
    assert two["delta"] == one["delta"] == 0.25
    assert two["high"] - two["low"] == pytest.approx(one["high"] - one["low"])


def run_of(results: list[tuple[int, ...]]) -> RunData:
    """Shaman King games made up: deal ``i`` puts decks 0 and 1 in its two games (game 2i
    with deck 0 first, 2i+1 the other way round); ``results[i]`` says which seat won each."""
    game = cardtable.load_game("shamanking")
    decks = game.default_decks()
    data = []
    trace = GameTrace(((), ()), (), "points")
    for i, winners in enumerate(results):
        for k, w in enumerate(winners):
            returns = (1.0, -1.0) if w == 0 else (-1.0, 1.0)
            r = GameResult(2 * i + k, 1000 + i, (0, 1), returns, 30, "", trace)
            data.append(((k, 1 - k), r))
    return RunData(game, decks, data)


def test_changes_take_the_paired_interval_for_decks_seats_and_matchups() -> None:
    # deck 0 wins both games of a deal (seat 0 in the first, seat 1 in the second), or
    # deck 1 does; the change gives deck 0 eight more deals of forty
    before = [(0, 1), (1, 0)] * 20
    after = [(0, 1)] * 16 + before[16:]
    a, b = run_of(before), run_of(after)
    ra, rb = (summarize_run(x, ["x", "y"], 0.03, 30) for x in (a, b))
    ch = changes(ra, rb, 0.03, 30, paired_intervals(a, b))
    deck = next(d for d in ch["decks"] if d["deck"] == a.decks[0].name)
    assert deck["interval"] == "paired" and deck["deals"] == 40
    assert deck["delta"] == pytest.approx(0.2) and deck["flag"] == "above"
    unpaired = score_difference(ra["decks"][0], rb["decks"][0])
    assert deck["high"] - deck["low"] < unpaired["high"] - unpaired["low"]
    match = next(m for m in ch["matchups"] if m["deck"] == a.decks[0].name)
    assert match["against"] == a.decks[1].name
    assert (match["delta"], match["low"], match["high"]) == (
        deck["delta"], deck["low"], deck["high"],
    )  # fmt: skip
    assert [s["delta"] for s in ch["seats"]] == [0.0, 0.0]  # each seat won one game a deal
    same = changes(ra, ra, 0.03, 30, paired_intervals(a, a))
    assert all((x["low"], x["high"]) == (0.0, 0.0) for x in same["decks"] + same["matchups"])


def test_a_game_finished_in_one_run_only_is_left_out() -> None:
    a, b = run_of([(0, 1)] * 5), run_of([(0, 1)] * 5)
    old = b.games[0][1]
    b.games[0] = (b.games[0][0], GameResult(old.index, old.seed, (0, 1), (0.0, 0.0), 3, "boom"))
    pairs = paired_intervals(a, b)
    deck = pairs[("deck", a.decks[0].name)]
    assert deck["n_a"] == 9 and deck["deals"] == 5
