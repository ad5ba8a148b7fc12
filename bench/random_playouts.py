#!/usr/bin/env python3
"""Uniformly random playouts, initial state to the end, for every registered game.

For each game: start new games (one seed each) and pick every action uniformly at random
among ``legal_actions()`` with a seeded cardtable ``Rng``, for a wall-time budget; report
games/s, decisions per game, microseconds per decision and per step, and memory (the
tracemalloc peak over one whole game, and the process's maximum resident set size).

In the same run, a floor: the same Python loop over a null state that does nothing (100
decisions of 10 legal actions each), so that the game's figures can be read as a ratio
against what the loop itself costs on this machine now. The floor is measured twice: with
the cardtable ``Rng`` our rows use, and with ``random.Random`` as in the peer benchmarks'
floor row. cardtable games deal inside the state, so they have no chance steps: a step is a
decision.

Each game has two rows: ``random``, the checked ``apply_action`` (legality check, events
built), and ``random-push``, the trusted ``push`` (neither) that search and batch simulation
use.

Usage: python bench/random_playouts.py [--seconds 3] [--games N] [--game looney]
       [--players 2] [--json out.json]
A row plays until both its budget of seconds and its minimum number of games are used
(``--seconds 0 --games 3`` plays exactly 3 games).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Protocol

import cardtable
from _common import (
    Row,
    add_common_args,
    env_info,
    games_to_run,
    header,
    md_table,
    summarize_us,
    time_batches,
    write_json,
)
from cardtable.core.rng import Rng, derive_seed

NULL_LENGTH = 100
NULL_ACTIONS = 10


class Playable(Protocol):
    """What the driver loop needs of a state."""

    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> object: ...
    def push(self, action: int) -> None: ...


class Chooser(Protocol):
    """A seeded random generator with ``choice`` (cardtable's Rng or random.Random)."""

    def choice(self, items: list[int]) -> int: ...


class NullState:
    """The cheapest state with the same API: ``length`` decisions, nothing else."""

    __slots__ = ("actions", "length", "n")

    def __init__(self, length: int = NULL_LENGTH) -> None:
        self.n = 0
        self.length = length
        self.actions = list(range(NULL_ACTIONS))

    def is_terminal(self) -> bool:
        return self.n >= self.length

    def legal_actions(self) -> list[int]:
        return self.actions

    def apply_action(self, action: int) -> None:
        self.n += 1

    def push(self, action: int) -> None:
        self.n += 1


def play_out(state: Playable, rng: Chooser) -> int:
    """Play ``state`` to the end with random legal actions; return the number of decisions.
    Every checked row, the floor included, runs exactly this loop."""
    n = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def push_out(state: Playable, rng: Chooser) -> int:
    """``play_out`` with the trusted ``push`` instead of ``apply_action``."""
    n = 0
    while not state.is_terminal():
        state.push(rng.choice(state.legal_actions()))
        n += 1
    return n


def game_factory(name: str, players: int, seed: int) -> Callable[[], Playable]:
    """New states of one game, each with the next seed of a seeded sequence."""
    game = cardtable.load_game(name, players=players)
    counter = [0]

    def new_state() -> Playable:
        counter[0] += 1
        return game.new_initial_state(seed=derive_seed(seed, counter[0]))

    return new_state


def measure(
    new_state: Callable[[], Playable],
    rng: Chooser,
    seconds: float,
    min_games: int,
    play: Callable[[Playable, Chooser], int] = play_out,
) -> Row:
    """Whole random games for the budget, then one more under tracemalloc for its peak."""
    play_out(new_state(), rng)  # warm-up: imports, caches
    games = decisions = 0
    cpu0 = time.process_time()
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        decisions += play(new_state(), rng)
        games += 1
        if games >= min_games and time.perf_counter() >= deadline:
            break
    wall = time.perf_counter() - t0
    cpu = time.process_time() - cpu0
    tracemalloc.start()
    try:
        play_out(new_state(), rng)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    row: Row = {
        "games": games,
        "wall_s": round(wall, 4),
        "cpu_s": round(cpu, 4),
        "cpu_share": cpu / wall if wall else None,
        "games_per_s": games / wall,
        "decisions_per_game": decisions / games,
        "chance_per_game": 0.0,
    }
    row["steps_per_s"] = decisions / wall
    row["us_per_step"] = wall * 1e6 / decisions if decisions else None
    row["us_per_decision"] = row["us_per_step"]
    row["us_per_game"] = wall * 1e6 / games
    row["tracemalloc_peak_kib"] = peak / 1024
    row["ru_maxrss_kib"] = max_rss_kib()
    return row


def max_rss_kib() -> int | None:
    """The process's peak resident set size so far, in KiB (``None`` where unknown)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss // 1024 if sys.platform == "darwin" else rss


def new_state_cost(name: str, players: int, seconds: float) -> tuple[float, float]:
    """(median, best) microseconds of ``new_initial_state`` alone."""
    game = cardtable.load_game(name, players=players)
    seeds = iter(range(1 << 62))
    return summarize_us(time_batches(lambda: game.new_initial_state(seed=next(seeds)), seconds))


COLUMNS = [
    ("id", "row"),
    ("games", "games"),
    ("games_per_s", "games/s"),
    ("decisions_per_game", "decisions/game"),
    ("us_per_decision", "µs/decision"),
    ("steps_per_s", "steps/s"),
    ("vs_floor", "× floor"),
    ("us_new_state", "µs new state"),
    ("tracemalloc_peak_kib", "peak KiB (1 game)"),
    ("ru_maxrss_kib", "max RSS KiB"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_common_args(parser, default_seconds=3.0)
    parser.add_argument(
        "--games", type=int, default=1, help="at least this many games per row (default 1)"
    )
    args = parser.parse_args(argv)
    names = games_to_run(args.game)
    env = env_info()
    budget = (
        f"budget {args.seconds}s and at least {args.games} game(s) per row, "
        f"{args.players} players, seed {args.seed}"
    )
    print(header("Random playouts", env, budget))
    rows: list[Row] = []

    floors: list[tuple[str, str, Chooser]] = [
        ("floor/null-state/cardtable-rng", "cardtable Rng", Rng(args.seed)),
        ("floor/null-state/random.Random", "random.Random", random.Random(args.seed)),
    ]
    for rid, rng_name, chooser in floors:
        row: Row = {
            "id": rid,
            "engine": "reference",
            "game": f"null state ({NULL_LENGTH} decisions)",
            "impl": "Python",
            "driver": f"Python loop ({rng_name})",
        }
        min_games = max(args.games, 10)
        row.update(measure(NullState, chooser, args.seconds, min_games))
        rows.append(row)
        print(f"  {rid}: {row['us_per_decision']:.3f} µs/decision", file=sys.stderr, flush=True)
    floor_us: float = rows[0]["us_per_decision"]

    for name, (suffix, play) in [
        (n, kind) for n in names for kind in (("random", play_out), ("random-push", push_out))
    ]:
        rid = f"cardtable/{name}/{args.players}p/{suffix}"
        row = {
            "id": rid,
            "engine": "cardtable",
            "game": f"{name} ({args.players}p)",
            "impl": "Python",
            "driver": f"Python loop (cardtable Rng, {play.__name__})",
        }
        try:
            factory = game_factory(name, args.players, args.seed)
            row.update(measure(factory, Rng(args.seed), args.seconds, args.games, play))
            med, best = new_state_cost(name, args.players, min(0.5, args.seconds / 4))
            row["us_new_state"] = med
            row["us_new_state_best"] = best
            row["vs_floor"] = row["us_per_decision"] / floor_us
        except Exception as exc:  # one broken game must not stop the run
            row["error"] = f"{type(exc).__name__}: {exc}"[:300]
            print(f"  {rid}: ERROR {row['error']}", file=sys.stderr)
        else:
            print(f"  {rid}: {row['us_per_decision']:.2f} µs/decision", file=sys.stderr)
        rows.append(row)
    for r in rows[:2]:
        r["vs_floor"] = r["us_per_decision"] / floor_us

    print(md_table(COLUMNS, rows))
    print(f"\nRatios against the floor measured in this run ({floor_us:.3f} µs/decision):")
    for r in rows[2:]:
        if "error" in r:
            print(f"- {r['id']}: error: {r['error']}")
        else:
            print(
                f"- {r['id']}: {r['us_per_decision']:.2f} µs/decision = "
                f"{r['vs_floor']:.1f} × the floor"
            )
    write_json(args.json, "random_playouts.py", args, env, rows)
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
