"""Tournaments: the rating maths on made-up results, the schedule, determinism, the command."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardtable.core.errors import CardtableError
from cardtable.sim.ratings import Match, elo_difference, fit_ratings, wilson
from cardtable.sim.report_html import nice_ticks, tournament_html
from cardtable.sim.runner import GameResult, SimConfig, run
from cardtable.sim.tournament import (
    PairResult,
    TournamentConfig,
    TournamentResult,
    block_sizes,
    deck_plan,
    game_score,
    paired_interval,
    play,
    rate,
    schedule,
    to_json,
    versus,
)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        check=False,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb"},
    )


# ----- rating maths -----------------------------------------------------------------------


def test_a_75_percent_score_is_about_191_elo() -> None:
    assert elo_difference(0.75) == pytest.approx(400 * math.log10(3))
    plain = fit_ratings(2, [Match(0, 1, 400, 100)], prior_draws=0)
    assert plain[0].elo == 0.0 and plain[1].elo == pytest.approx(190.85, abs=0.01)
    with_prior = fit_ratings(2, [Match(0, 1, 400, 100)])
    assert with_prior[1].elo == pytest.approx(191, abs=2)
    assert with_prior[1].low < with_prior[1].elo < with_prior[1].high


def test_symmetric_results_give_equal_ratings() -> None:
    matches = [Match(0, 1, 40, 20), Match(1, 2, 40, 20), Match(0, 2, 40, 20)]
    ratings = fit_ratings(3, matches)
    assert all(r.elo == pytest.approx(0.0, abs=1e-9) for r in ratings)
    assert ratings[1].high - ratings[1].low == pytest.approx(ratings[2].high - ratings[2].low)
    mirrored = fit_ratings(2, [Match(0, 1, 30, 12)]), fit_ratings(2, [Match(1, 0, 30, 18)])
    assert mirrored[0][1].elo == pytest.approx(mirrored[1][1].elo)


def test_ratings_are_transitive_and_a_clean_sweep_stays_finite() -> None:
    chain = fit_ratings(3, [Match(0, 1, 1000, 250), Match(1, 2, 1000, 250)], prior_draws=0)
    assert chain[1].elo == pytest.approx(190.85, abs=0.01)
    assert chain[2].elo == pytest.approx(2 * 190.85, abs=0.02)
    sweep = fit_ratings(2, [Match(0, 1, 20, 0)])
    assert math.isfinite(sweep[1].elo) and sweep[1].elo > 400
    assert math.isfinite(sweep[1].low) and math.isfinite(sweep[1].high)


def test_the_interval_shrinks_with_more_games() -> None:
    widths = []
    for games in (100, 1000, 10000):
        r = fit_ratings(2, [Match(0, 1, games, games * 0.75)])[1]
        widths.append(r.high - r.low)
    assert widths[0] > widths[1] > widths[2]
    assert widths[0] / widths[1] == pytest.approx(math.sqrt(10), rel=0.05)


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0.5, 0) == (0.0, 1.0)
    low, high = wilson(1.0, 10)
    assert 0.69 < low < 0.73 and high == pytest.approx(1.0)
    assert wilson(0.75, 400)[1] - wilson(0.75, 400)[0] < wilson(0.75, 40)[1] - wilson(0.75, 40)[0]


def test_rate_and_versus_read_pairs_from_both_sides() -> None:
    pair = PairResult(0, 1, wins=30, draws=10, losses=60)
    assert pair.games == 100 and pair.score == 0.35
    ratings = rate(2, [pair])
    assert ratings[1].elo > 0
    config = TournamentConfig("looney", {}, ("a", "b"), 100)
    result = TournamentResult(config, ["a", "b"], [pair], ratings)
    back = versus(result, 1, 0)
    assert back is not None and (back.wins, back.draws, back.losses) == (60, 10, 30)
    assert versus(result, 0, 0) is None


def test_paired_interval_reads_the_deals_not_the_games() -> None:
    split = PairResult(0, 1, wins=100, draws=0, losses=100, deals=(0.5,) * 100)
    low, high = split.interval()
    wide_low, wide_high = wilson(0.5, 200)
    assert low < 0.5 < high and high - low < (wide_high - wide_low) / 2
    assert split.split_deals == 100
    swept = PairResult(0, 1, wins=20, draws=0, losses=0, deals=(1.0,) * 10)
    low, high = swept.interval()
    assert high == 1.0 and 0.6 < low < 1.0
    mirrored = paired_interval(0.25, [0.0, 0.5] * 50)
    assert paired_interval(0.75, [1.0, 0.5] * 50) == pytest.approx(
        (1 - mirrored[1], 1 - mirrored[0])
    )
    back = PairResult(0, 1, wins=3, draws=1, losses=0, deals=(1.0, 0.75)).flipped()
    assert (back.a, back.wins, back.losses, back.deals) == (1, 0, 3, (0.0, 0.25))


def test_duplicate_games_replay_one_deal_with_the_seats_swapped() -> None:
    decks = ("starter-heel-manager", "starter-strike-force")
    config = SimConfig("rawdeal", {}, 4, ("greedy", "greedy:seed=1"), 3, decks, duplicate=True)
    games = run(config)
    assert [g.seats for g in games] == [(0, 1), (1, 0)] * 2
    assert games[0].seed == games[1].seed != games[2].seed == games[3].seed
    # the same deal, decks and seat seeds: the two greedy players play the same game (on this
    # batch seed no tie is broken by the agents' own seeds, which differ)
    for first, second in (games[:2], games[2:]):
        assert (first.returns, first.length) == (second.returns, second.length)
    plain = run(SimConfig("rawdeal", {}, 4, config.agents, 8, decks))
    assert len({g.seed for g in plain}) == 4


# ----- schedule ---------------------------------------------------------------------------


def test_block_sizes_keep_seat_swaps_even() -> None:
    assert block_sizes(7, 1) == [7]
    assert block_sizes(10, 2) == [6, 4]
    assert block_sizes(3, 4) == [2, 1]
    assert sum(block_sizes(101, 3)) == 101


def test_schedule_plays_every_pair_with_rotated_decks() -> None:
    config = TournamentConfig(
        "looney", {}, ("random", "greedy", "random:seed=2"), 10, 5, ("x", "y")
    )
    plan = schedule(config)
    assert sorted({(i, j) for i, j, _ in plan}) == [(0, 1), (0, 2), (1, 2)]
    assert [b.games for i, j, b in plan if (i, j) == (0, 1)] == [6, 4]
    assert [b.decks for i, j, b in plan if (i, j) == (0, 1)] == [("x", "y"), ("y", "x")]
    assert len({b.seed for _, _, b in plan}) == len(plan)


def test_mirror_schedule_plays_each_deck_against_itself() -> None:
    config = TournamentConfig("looney", {}, ("random", "greedy"), 10, 5, ("x", "y", "z"), True)
    plan = schedule(config)
    assert [b.decks for _, _, b in plan] == [("x",), ("y",), ("z",)]
    assert [b.games for _, _, b in plan] == [4, 4, 2]
    assert "mirror" in deck_plan(config) and "rotated" in deck_plan(
        TournamentConfig("looney", {}, ("random", "greedy"), 10, 5, ("x", "y"))
    )
    with pytest.raises(CardtableError, match="mirror tournament needs decks"):
        play(TournamentConfig("looney", {}, ("random", "greedy"), 2, mirror=True))


def test_game_score_compares_the_pairs_mean_returns() -> None:
    two = GameResult(0, 1, (1, 0), (1.0, -1.0), 10)
    assert game_score(two) == 0.0
    four = GameResult(1, 1, (0, 1, 0, 1), (-1 / 3, -1 / 3, 1.0, -1 / 3), 10)
    assert game_score(four) == 1.0
    assert game_score(GameResult(2, 1, (0, 1), (0.0, 0.0), 10)) == 0.5


# ----- whole tournaments ------------------------------------------------------------------


def test_same_seed_same_results_for_any_jobs() -> None:
    config = TournamentConfig("shamanking", {}, ("random", "greedy", "random:seed=3"), 6, seed=3)
    one, two = to_json(play(config, jobs=1)), to_json(play(config, jobs=2))
    assert one == two
    assert one["games"] == 18 and one["errors"] == []
    for p in one["pairs"]:
        assert p["wins"] + p["draws"] + p["losses"] == p["games"] == 6
        assert p["score_low"] <= p["score"] <= p["score_high"]
    elos = [r["elo"] for r in one["ratings"]]
    assert elos == sorted(elos, reverse=True)
    other = to_json(play(TournamentConfig("shamanking", {}, config.agents, 6, seed=4)))
    # another seed deals other games: their lengths differ even where the scores agree
    assert (other["pairs"], other["length"]) != (one["pairs"], one["length"])


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def test_html_page_is_self_contained() -> None:
    summary = {
        "game": "looney",
        "options": {"players": 2},
        "seed": 0,
        "games_per_pair": 10,
        "games": 10,
        "agents": ["random", "<b>"],
        "seating": "swapped",
        "deck_plan": "decks <d>",
        "rating": {"method": "BT", "anchor": "random", "prior_draws": 1.0},
        "pairs": [
            {
                "a": "random",
                "b": "<b>",
                "games": 10,
                "wins": 2,
                "draws": 1,
                "losses": 7,
                "score": 0.25,
                "score_low": 0.08,
                "score_high": 0.55,
                "errors": 0,
            }
        ],
        "ratings": [
            {"agent": "<b>", "elo": 191.0, "low": 20.0, "high": 360.0, "games": 10, "score": 0.75},
            {"agent": "random", "elo": 0.0, "low": 0.0, "high": 0.0, "games": 10, "score": 0.25},
        ],
        "errors": [],
    }
    page = tournament_html(summary)
    assert "&lt;b&gt;" in page and "<b>" not in page.split("<body>")[1]
    assert "decks &lt;d&gt;" in page
    assert "<script" not in page and "http" not in page.replace('xmlns="http', "")
    assert 0.0 in nice_ticks(-30, 400) and nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]


def test_command_writes_json_and_html(tmp_path: Path) -> None:
    out = tmp_path / "t"
    res = cli(
        "tournament", "shamanking", "--agents", "random,greedy", "--games", "4", "--out", str(out)
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "95% interval" in res.stdout and "score of the row" in res.stdout
    data = json.loads((out / "tournament.json").read_text())
    assert data["agents"] == ["random", "greedy"] and data["games_per_pair"] == 4
    assert {r["agent"] for r in data["ratings"]} == {"random", "greedy"}
    assert data["pairs"][0]["games"] == 4
    page = (out / "tournament.html").read_text()
    parser = _Tags()
    parser.feed(page)
    assert parser.tags.count("table") == 3 and "svg" in parser.tags
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    assert ET.fromstring(svg).tag.endswith("svg")


def test_mirror_command_plays_every_starter_deck_against_itself(tmp_path: Path) -> None:
    out = tmp_path / "m"
    res = cli(
        "tournament",
        "rawdeal",
        "--agents",
        "random,greedy",
        "--games",
        "8",
        "--mirror",
        "--out",
        str(out),
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "mirror matches" in res.stdout
    data = json.loads((out / "tournament.json").read_text())
    assert data["mirror"] is True and data["errors"] == []
    assert data["decks"] == [
        "starter-heel-manager",
        "starter-high-flyer",
        "starter-mat-technician",
        "starter-strike-force",
    ]
    assert data["pairs"][0]["games"] == 8


def test_duplicate_command_scores_each_deal(tmp_path: Path) -> None:
    out = tmp_path / "d"
    res = cli(
        "tournament", "looney", "--agents", "random,greedy", "--games", "6", "--duplicate",
        "--out", str(out),
    )  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr
    assert "deals split" in res.stdout
    data = json.loads((out / "tournament.json").read_text())
    assert data["duplicate"] is True and "duplicate deals" in data["seating"]
    pair = data["pairs"][0]
    assert pair["games"] == 6 and pair["deals"] == 3 and 0 <= pair["split_deals"] <= 3
    page = (out / "tournament.html").read_text()
    assert "duplicate deals" in page and f"{pair['split_deals']} of 3</td>" in page


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--agents", "random,genius"), "unknown agent 'genius'"),
        (("--agents", "random"), "at least 2 agents"),
        (("--games", "0"), "--games must be at least 1"),
        (("-o", "colour=2"), "unknown option(s) colour"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    res = cli("tournament", "shamanking", "--out", str(tmp_path / "t"), *args)
    out = res.stdout + res.stderr
    assert res.returncode == 2, out
    assert message in out and "Traceback" not in out
    assert not (tmp_path / "t").exists()
