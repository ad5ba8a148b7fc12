"""The balance lab: its statistics and flags on made-up data, what a game's trace counts,
determinism, resuming after a stop, --compare, and the command."""

from __future__ import annotations

import html
import json
import math
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.agents.base import make_agent
from cardtable.core.errors import CardtableError
from cardtable.sim.balance import (
    BalanceConfig,
    default_deck_specs,
    missing,
    play,
    report,
    schedule,
    seat_decks,
    total_games,
)
from cardtable.sim.balance_stats import (
    Tally,
    mean_difference,
    mean_interval,
    score_difference,
    share,
    stands_out,
    t975,
)
from cardtable.sim.balance_summary import RunData, expected, seat_points, summarize_run
from cardtable.sim.balance_tables import short_by_deck, short_games
from cardtable.sim.play import play_game
from cardtable.sim.runner import GameResult
from cardtable.sim.trace import GameTrace, play_traced

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
RUGBY_CARDS = ROOT / "src/cardtable/games/wcrugby/cards"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        capture_output=True,
        text=True,
        check=False,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb", "PYTHONPATH": str(SRC)},
    )


def config(game: str, games: int, **kw: Any) -> BalanceConfig:
    g = cardtable.load_game(game)
    agents = kw.pop("agents", ("random", "greedy"))
    return BalanceConfig(game, g.options_dict(), agents, games, default_deck_specs(g), **kw)


# ----- statistics on made-up data ---------------------------------------------------------


def test_tally_counts_draws_as_half_and_its_interval_holds_the_score() -> None:
    t = Tally()
    for points in (1.0, 1.0, 0.5, 0.0):
        t.add(points)
    assert (t.n, t.wins, t.draws, t.score) == (4, 2, 1, 0.625)
    data = t.to_json()
    assert data["losses"] == 1 and data["low"] < 0.625 < data["high"]
    sweep = Tally(n=10, wins=10)
    low, high = sweep.interval()
    assert high == 1.0 and 0.69 < low < 0.73
    assert Tally().to_json()["low"] == 0.0 and Tally().to_json()["high"] == 1.0
    assert share(3, 12)["share"] == 0.25 and share(0, 0)["share"] == 0.0


def test_t_quantiles_and_the_interval_of_a_mean() -> None:
    assert t975(1) == 12.706 and t975(30) == 2.042
    assert t975(60) == pytest.approx(2.000, abs=0.001)
    assert t975(10**6) == pytest.approx(1.960, abs=0.001)
    m = mean_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert m["mean"] == 3.0 and m["sd"] == pytest.approx(math.sqrt(2.5))
    half = 2.776 * math.sqrt(2.5) / math.sqrt(5)
    assert (m["low"], m["high"]) == (pytest.approx(3 - half), pytest.approx(3 + half))
    assert mean_interval([7.0])["high"] is None and mean_interval([])["n"] == 0
    assert mean_difference(mean_interval([7.0]), m)["low"] is None


def test_newcombe_interval_of_a_difference_matches_the_paper() -> None:
    # Newcombe (1998), method 10: 56/70 against 48/80 gives 0.2000 (0.0524 to 0.3339)
    before = Tally(n=80, wins=48).to_json()
    after = Tally(n=70, wins=56).to_json()
    d = score_difference(before, after)
    assert d["delta"] == pytest.approx(0.2)
    assert d["low"] == pytest.approx(0.0524, abs=1e-4)
    assert d["high"] == pytest.approx(0.3339, abs=1e-4)
    same = mean_difference(mean_interval([1.0, 2.0, 3.0]), mean_interval([1.0, 2.0, 3.0]))
    assert same["delta"] == 0.0 and same["low"] < 0 < same["high"]
    longer = mean_difference(mean_interval([10.0, 11.0] * 50), mean_interval([20.0, 21.0] * 50))
    assert longer["delta"] == 10.0 and 9.5 < longer["low"] < longer["high"] < 10.5


def test_the_flag_rule() -> None:
    assert stands_out(0.56, 0.70, 100, 0.5, 0.05, 30) == "above"
    assert stands_out(0.54, 0.70, 100, 0.5, 0.05, 30) == ""  # within the margin
    assert stands_out(0.30, 0.44, 100, 0.5, 0.05, 30) == "below"
    assert stands_out(0.80, 0.90, 29, 0.5, 0.05, 30) == ""  # too few samples
    assert stands_out(0.02, 0.10, 50, 0.0, 0.01, 30) == "above"  # a change


def test_points_and_the_expected_rate_of_decks() -> None:
    assert seat_points([1.0, -1.0]) == [1.0, 0.0]
    assert seat_points([0.0, 0.0]) == [0.5, 0.5]
    assert seat_points([-1.0, -1.0]) == [0.5, 0.5]
    assert seat_points([1.0, -1.0, 1.0, -1.0]) == [1.0, 0.0, 1.0, 0.0]  # a team
    decks = [Tally(n=10, wins=8), Tally(n=10, wins=2)]
    assert expected({0: 3, 1: 1}, decks) == pytest.approx((3 * 0.8 + 0.2) / 4)
    assert expected({}, decks) == 0.0


def made_up_run(games: int = 120) -> dict[str, Any]:
    """Shaman King results made up so that one card is played only by winners, another only
    by losers, and the decks and seats are even."""
    game = cardtable.load_game("shamanking")
    decks = game.default_decks()
    idx = game.card_pool.index
    good, bad = idx["hearthstone-knuckle"], idx["wisp-swarm"]  # one per deck
    data = []
    for i in range(games):
        winner = (i // 2) % 2  # seats and decks each win half
        played: list[tuple[tuple[int, int], ...]] = [(), ()]
        deck_of = (i % 2, 1 - i % 2)  # one pair of decks, both ways round
        for p in range(2):
            card = good if deck_of[p] == 0 else bad
            if (card == good) == (p == winner):
                played[p] = ((card, 1),)
        trace = GameTrace(tuple(played), (), "points")
        returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        data.append((deck_of, GameResult(i, i, (i % 2, 1 - i % 2), returns, 30 + i % 7, "", trace)))
    return summarize_run(RunData(game, decks, data), ["a", "b"], 0.03, 30)


def test_flags_on_made_up_results() -> None:
    run = made_up_run()
    assert run["overall"]["score"] == 0.5 and run["finished"] == 120
    assert [s["n"] for s in run["seats"]] == [120, 120]
    assert all(not x["flag"] for x in run["seats"] + run["decks"] + run["agents"])
    cards = {c["card"]: c for c in run["cards"]}
    good, bad = cards["hearthstone-knuckle"], cards["wisp-swarm"]
    assert good["played"]["score"] == 1.0 and good["played"]["flag"] == "above"
    assert bad["played"]["score"] == 0.0 and bad["played"]["flag"] == "below"
    assert good["in_deck"]["n"] == 120 and good["played"]["rate"] == 0.5
    assert good["not_played"]["score"] == 0.0 and good["played"]["reference"] == 0.5
    flagged = {(f["name"], f["direction"]) for f in run["flags"]}
    assert flagged == {("hearthstone-knuckle", "above"), ("wisp-swarm", "below")}
    assert run["ends"] == [
        {"how": "points", "n": 120, "share": 1.0, "low": pytest.approx(0.969, abs=1e-3)}
        | {"high": 1.0, "length": pytest.approx(sum(30 + i % 7 for i in range(120)) / 120)}
    ]


def test_short_games_are_counted_by_deck_with_who_won_them() -> None:
    game = cardtable.load_game("shamanking")
    decks = game.default_decks()
    data = []
    for i in range(40):
        deck_of = (i % 2, 1 - i % 2)
        short = i < 10  # deck 0 ends these before its rival has had three turns
        winner = deck_of.index(0) if short else i // 2 % 2
        units = (2, 2) if short else (5, 5)
        trace = GameTrace(((), ()), (), "points", sum(units), units, ((), ()))
        returns = (1.0, -1.0) if winner == 0 else (-1.0, 1.0)
        data.append((deck_of, GameResult(i, i, (0, 1), returns, 30, "", trace)))
    units = summarize_run(RunData(game, decks, data), ["a", "b"], 0.03, 30)["units"]
    assert units["short"]["n"] == 10
    first, second = units["short_decks"]
    assert first["deck"] == "Iron Laws" and first["games"] == 40 and first["n"] == 10
    assert (first["won"], first["lost"], second["won"], second["lost"]) == (10, 0, 0, 10)
    assert first["share"] == 0.25 and first["low"] < 0.25 < first["high"]
    assert short_by_deck(units) == (
        "short games by deck: Iron Laws 10 of 40 (25.0%; won 10, lost 0); "
        "Lantern Guardians 10 of 40 (25.0%; won 0, lost 10)"
    )
    assert "Lantern Guardians 10 of 40 (25.0%; won 0, lost 10)" in short_games(units)  # HTML
    units["short_decks"][0]["n"] = 0  # a deck with none is left out; none at all says nothing
    assert short_by_deck(units).startswith("short games by deck: Lantern Guardians 10 of 40")
    assert short_by_deck({"short_decks": []}) == "" and short_by_deck({}) == ""


# ----- what a game's trace counts ---------------------------------------------------------


@pytest.mark.parametrize("name", ["looney", "wcrugby", "rawdeal", "shamanking"])
def test_a_traced_game_is_the_same_game_and_counts_cards_of_the_own_deck(name: str) -> None:
    game = cardtable.load_game(name)
    decks = game.default_decks()
    for seed in (1, 2):
        returns, length, trace = play_traced(
            game, [make_agent("greedy", seed + p) for p in (0, 1)], seed
        )
        record = play_game(game, [make_agent("greedy", seed + p) for p in (0, 1)], seed)
        assert (returns, length) == (record.result, len(record.actions))
        assert trace.end and all(trace.played), trace
        for p in (0, 1):
            own = {cid for s in decks[p].sections for cid in decks[p].cards(s)}
            assert {game.card_ids[d] for d, _ in trace.played[p]} <= own
    if name == "wcrugby":
        court = {game.card_ids[d] for d, _ in trace.marks[0][0]}
        assert court and {game.card_kinds[game.card_pool.index[c]] for c in court} == {"player"}
    else:
        assert trace.marks == ()


# ----- schedule, determinism, resuming ----------------------------------------------------


def test_schedule_rotates_the_decks_and_slices_cover_the_missing_games() -> None:
    c = BalanceConfig("looney", {"players": 2}, ("random",), 9, ("a", "b"), compare="x")
    c = BalanceConfig(**{**c.__dict__, "schedule": "rotate"})
    plan = schedule(c, 2)
    assert [(b.run, b.block, b.config.games, b.config.decks) for b in plan] == [
        (0, 0, 5, ("a", "b")),
        (0, 1, 4, ("b", "a")),
        (1, 0, 5, ("a", "b")),
        (1, 1, 4, ("b", "a")),
    ]
    assert plan[0].config.seed == plan[2].config.seed and plan[2].config.options["cards"] == "x"
    assert seat_decks(c, 1, 0, 2) == (1, 0)
    done = {(0, 0): {i: GameResult(i, 0, (0,), (0.0,), 1) for i in (0, 1, 3)}}
    parts = missing(plan[0], done)
    assert [(p.first, p.games) for p in parts] == [(2, 1), (4, 1)]
    assert [(p.first, p.games) for p in missing(plan[1], done)] == [(0, 4)]


def test_round_robin_plays_every_pair_from_both_seats_with_the_same_deals() -> None:
    c = BalanceConfig("looney", {"players": 2}, ("greedy",), 25, ("a", "b", "c", "d"))
    plan = schedule(c, 2)
    pairs = [b.config.decks for b in plan]
    assert pairs == [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"), ("b", "d"), ("c", "d")]
    assert [b.config.games for b in plan] == [6, 4, 4, 4, 4, 4]  # 13 whole deals
    assert all(b.config.deck_duplicate for b in plan)
    assert [seat_decks(c, 1, i, 2) for i in range(3)] == [(0, 2), (2, 0), (0, 2)]
    full = config("rawdeal", 24, agents=("greedy",), seed=2)
    assert len(full.decks) == 4  # every starter deck by default
    results = play(full)
    for batch in results:
        for first, second in zip(batch[::2], batch[1::2], strict=True):
            assert first.seed == second.seed  # one deal, each deck in each seat
    run = report(full, results)["base"]
    assert len(run["matchups"]) == 12 and all(m["n"] == 4 for m in run["matchups"])
    units = run["units"]
    assert units["unit"] == "turns" and units["n"] == 24 and units["min"] >= 1
    assert sum(v for _, v in units["histogram"]) == 24 and 0 <= units["short"]["share"] <= 1
    with pytest.raises(CardtableError, match="unknown schedule"):
        play(BalanceConfig("looney", {}, ("greedy",), 4, ("a",), schedule="swiss"))


def test_same_report_for_any_jobs() -> None:
    c = config("shamanking", 16, seed=3)
    one = report(c, play(c, jobs=1))
    two = report(c, play(c, jobs=2))
    assert one == two
    other = report(config("shamanking", 16, seed=4), play(config("shamanking", 16, seed=4)))
    assert other["base"]["length"] != one["base"]["length"]


def test_resume_after_a_stop_gives_the_uninterrupted_report(tmp_path: Path) -> None:
    c = config("looney", 40, seed=5)

    def stop(n: int) -> None:
        if n >= 15:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(c, jobs=1, folder=tmp_path, progress=stop)
    lines = (tmp_path / "games.jsonl").read_text().splitlines()
    saved = sum(len(json.loads(line)["games"]) for line in lines[1:])
    assert 15 <= saved < 40
    with (tmp_path / "games.jsonl").open("a") as f:
        f.write('{"run": 0, "block": 0, "games": [[1, 2')  # a line cut short by a hard stop
    seen: list[int] = []
    resumed = play(c, jobs=2, folder=tmp_path, resume=True, progress=seen.append)
    assert seen[0] == saved and seen[-1] == 40
    fresh = play(c, jobs=1)
    assert report(c, resumed) == report(c, fresh)
    again = play(c, jobs=1, folder=tmp_path, resume=True)  # nothing left to play
    assert report(c, again) == report(c, fresh)
    with pytest.raises(CardtableError, match="other settings"):
        play(config("looney", 40, seed=6), folder=tmp_path, resume=True)
    with pytest.raises(CardtableError, match="can grow but not shrink"):
        play(config("looney", 39, seed=5), folder=tmp_path, resume=True)
    with pytest.raises(CardtableError, match="cannot read"):
        play(c, folder=tmp_path / "nothing", resume=True)


@pytest.mark.parametrize("schedule", ["round-robin", "rotate"])
def test_resume_with_more_games_plays_only_the_new_ones(tmp_path: Path, schedule: str) -> None:
    short, long = (config("wcrugby", n, seed=2, schedule=schedule) for n in (24, 40))
    play(short, jobs=1, folder=tmp_path)
    seen: list[int] = []
    longer = play(long, jobs=1, folder=tmp_path, resume=True, progress=seen.append)
    assert seen[0] == total_games(short) and seen[-1] == total_games(long)
    assert report(long, longer) == report(long, play(long, jobs=1))
    header = json.loads((tmp_path / "games.jsonl").read_text().splitlines()[0])
    assert header["settings"]["games"] == 40  # a later --resume of 40 games reads it
    assert report(long, play(long, folder=tmp_path, resume=True)) == report(long, longer)


# ----- the command ------------------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)


def check_sums(run: dict[str, Any], players: int, agents: int) -> None:
    """The numbers of one run add up."""
    finished = run["finished"]
    assert finished == run["games"] - len(run["errors"])
    assert [s["n"] for s in run["seats"]] == [finished] * players
    assert sum(d["n"] for d in run["decks"]) == finished * players
    assert sum(a["n"] for a in run["agents"]) == finished * players
    assert sum(s["wins"] + s["draws"] / 2 for s in run["seats"]) == pytest.approx(
        run["overall"]["wins"] + run["overall"]["draws"] / 2
    )
    assert sum(e["n"] for e in run["ends"]) == finished
    assert sum(v for _, v in run["length"]["histogram"]) == finished == run["length"]["n"]
    groups = run["seats"] + run["decks"] + run["agents"] + [run["overall"]]
    for c in run["cards"]:
        assert c["in_deck"]["n"] == c["played"]["n"] + c["not_played"]["n"]
        groups += [c["in_deck"], c["played"], c["not_played"], *c["marks"].values()]
    for x in groups:
        assert x["wins"] + x["draws"] + x["losses"] == x["n"]
        assert x["low"] <= x["score"] <= x["high"]
    assert len(run["cards"]) > 10 and agents == len(run["agents"])


def test_command_writes_json_and_a_self_contained_html_page(tmp_path: Path) -> None:
    out = tmp_path / "b"
    res = cli(
        "balance", "shamanking", "--games", "24", "--agents", "random,greedy", "--out", str(out)
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "95% interval" in res.stdout and "how games end" in res.stdout
    data = json.loads((out / "balance.json").read_text())
    assert data["games"] == 24 and data["agents"] == ["random", "greedy"]
    assert len(data["decks"]) == 4 and data["schedule"] == "round-robin"  # every starter
    assert "matchups" in res.stdout and "game length in turns" in res.stdout
    assert data["compare"] is None and data["changes"] is None
    check_sums(data["base"], 2, 2)
    page = (out / "balance.html").read_text()
    parser = _Tags()
    parser.feed(page)
    assert parser.tags.count("table") >= 4 and parser.tags.count("img") >= 3
    assert "<script" not in page and not re.search(r'(src|href)="(?!data:)', page)
    assert page.count("data:image/png;base64,") == parser.tags.count("img")
    # cards read as the game prints them: the name and the rules text, not only the id
    card = next(c for c in data["base"]["cards"] if c["text"])
    assert card["name"] != card["card"] and card["name"] in page
    assert html.escape(card["text"]) in page


def stronger_rugby_cards(folder: Path) -> Path:
    """The rugby card set with every player's ATK 3 higher (at most 10), in ``folder``."""
    folder.mkdir()
    for f in RUGBY_CARDS.glob("*.yaml"):
        text = f.read_text()
        if f.name == "players.yaml":
            text = re.sub(
                r"(?m)^    atk: (\d+)$", lambda m: f"    atk: {min(int(m[1]) + 3, 10)}", text
            )
        (folder / f.name).write_text(text)
    return folder


def test_compare_plays_the_same_games_with_a_changed_card(tmp_path: Path) -> None:
    cards = stronger_rugby_cards(tmp_path / "cards")
    out = tmp_path / "b"
    args = ("balance", "wcrugby", "--games", "30", "--agents", "greedy,greedy", "--seed", "2")
    res = cli(*args, "--compare", str(cards), "--out", str(out), "--jobs", "2")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "what changed with cards" in res.stdout
    data = json.loads((out / "balance.json").read_text())
    assert data["base"]["cards_option"] is None and data["compare"]["cards_option"] == str(cards)
    check_sums(data["compare"], 2, 2)
    ch = data["changes"]
    assert [s["seat"] for s in ch["seats"]] == [0, 1] and len(ch["decks"]) == 4
    assert len(ch["matchups"]) == 12 and "against" in res.stdout  # every ordered pair
    for x in ch["seats"] + ch["decks"] + ch["matchups"]:  # over the shared deals
        assert x["interval"] == "paired" and x["low"] <= x["delta"] <= x["high"], x
    assert ch["length"]["low"] <= ch["length"]["delta"] <= ch["length"]["high"]
    assert data["base"]["length"] != data["compare"]["length"]
    court = [c for c in ch["cards"] if c["marks"].get("on court")]
    assert court and all(c["type"] == "player" for c in court)
    seeds = {0: [], 1: []}
    for line in (out / "games.jsonl").read_text().splitlines()[1:]:
        chunk = json.loads(line)
        seeds[chunk["run"]] += [(chunk["block"], g[0], g[1]) for g in chunk["games"]]
    assert sorted(seeds[0]) == sorted(seeds[1]) and len(seeds[0]) == 30
    assert "What changed with cards" in (out / "balance.html").read_text()


def test_base_takes_the_base_games_from_an_earlier_run(tmp_path: Path) -> None:
    cards = stronger_rugby_cards(tmp_path / "cards")
    args = ("balance", "wcrugby", "--agents", "greedy,greedy", "--seed", "2")
    first = cli(*args, "--games", "40", "--out", str(tmp_path / "first"))
    assert first.returncode == 0, first.stdout + first.stderr
    full = cli(*args, "--games", "30", "--compare", str(cards), "--out", str(tmp_path / "full"))
    assert full.returncode == 0, full.stdout + full.stderr
    reuse = ("--games", "30", "--compare", str(cards), "--out", str(tmp_path / "reuse"))
    res = cli(*args, *reuse, "--base", str(tmp_path / "first"))
    assert res.returncode == 0, res.stdout + res.stderr
    got, want = (json.loads((tmp_path / d / "balance.json").read_text()) for d in ("reuse", "full"))
    assert (got["base"], got["compare"], got["changes"]) == (
        want["base"], want["compare"], want["changes"],
    )  # fmt: skip
    # the base games are read, not played again: a result changed in the file shows
    checkpoint = tmp_path / "first" / "games.jsonl"
    lines = checkpoint.read_text().splitlines()
    chunk = json.loads(lines[1])
    chunk["games"][0][3] = [-r for r in chunk["games"][0][3]]
    checkpoint.write_text("\n".join([lines[0], json.dumps(chunk), *lines[2:]]) + "\n")
    res = cli(*args, *reuse, "--base", str(tmp_path / "first"), "--out", str(tmp_path / "again"))
    again = json.loads((tmp_path / "again" / "balance.json").read_text())
    assert again["base"]["overall"] == want["base"]["overall"]
    assert again["base"]["seats"] != want["base"]["seats"]
    # another seed is another run; --base needs --compare
    res = cli(*args[:-1], "3", *reuse, "--base", str(tmp_path / "first"))
    said = res.stdout + res.stderr
    assert res.returncode != 0 and "--base" in said and "seed: 2 then, 3 now" in said
    res = cli(*args, "--games", "30", "--base", str(tmp_path / "first"))
    assert res.returncode != 0 and "--base reuses" in res.stdout + res.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess",), "unknown game 'chess'"),
        (("shamanking", "--agents", "random,genius"), "unknown agent 'genius'"),
        (("shamanking", "--deck", "/no/such/deck.yaml"), "cannot read the file"),
        (("shamanking", "--compare", "/no/such/cards"), "no such file or folder"),
        (("shamanking", "--games", "0"), "--games must be at least 1"),
        (("shamanking", "--resume"), "--resume: cannot read"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    res = cli("balance", *args, "--out", str(tmp_path / "b"))
    out = res.stdout + res.stderr
    assert res.returncode == 2, out
    assert message in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
    assert not (tmp_path / "b").exists()
