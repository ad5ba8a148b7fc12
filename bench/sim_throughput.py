"""Simulation throughput: the same seeded batch on 1 and 2 local processes (and on a local
Ray with ``--ray``), in games per second, with the speed-up against one process measured in
the same run.

Each backend plays the identical batch (``cardtable sim``'s runner: game i seeded
``derive_seed(seed, i)``), so the runs do the same work and their results are checked to be
equal. The times include starting the worker processes (or Ray) and loading the game in each
chunk, which is what a user waits for.

    python bench/sim_throughput.py [--games N] [--game G] [--agents greedy,random] [--ray]
        [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import time

from _common import Row, env_info, header, md_table, write_json
from cardtable.sim.backends import Backend, Processes, RayCluster, Serial
from cardtable.sim.runner import SimConfig, run


def measure(config: SimConfig, name: str, backend: Backend) -> tuple[Row, object]:
    """Play the batch on ``backend``; the row of figures and the results (to compare)."""
    t0 = time.perf_counter()
    results = run(config, backend)
    seconds = time.perf_counter() - t0
    row: Row = {
        "id": f"cardtable/{config.game}/sim/{name}",
        "engine": "cardtable",
        "game": config.game,
        "impl": name,
        "agents": ",".join(config.agents),
        "games": config.games,
        "seconds": seconds,
        "games_per_s": config.games / seconds if seconds else None,
    }
    return row, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--game", default="looney", help="the game (default looney)")
    parser.add_argument("--agents", default="greedy,random", help="agent specs")
    parser.add_argument("--seed", type=int, default=1234, help="seed of the batch")
    parser.add_argument("--ray", action="store_true", help="also run on a local Ray (2 CPUs)")
    parser.add_argument("--json", metavar="PATH", default=None, help="also write JSON to PATH")
    args = parser.parse_args()
    env = env_info()
    print(header("Simulation throughput", env, f"{args.games} games of {args.game} per run"))
    config = SimConfig(args.game, {}, args.games, tuple(args.agents.split(",")), args.seed)
    runs: list[tuple[str, Backend]] = [("1 process", Serial()), ("2 processes", Processes(2))]
    if args.ray:
        runs.append(("ray local 2 CPUs", RayCluster("local", 2)))
    rows: list[Row] = []
    first: object = None
    for name, backend in runs:
        row, results = measure(config, name, backend)
        if first is None:
            first = results
        row["same_results"] = results == first
        rows.append(row)
    base = rows[0]["seconds"]
    for row in rows:
        row["speedup"] = base / row["seconds"] if row["seconds"] else None
    columns = [
        ("id", "row"),
        ("games", "games"),
        ("seconds", "s"),
        ("games_per_s", "games/s"),
    ]
    print(md_table([*columns, ("speedup", "speed-up"), ("same_results", "same results")], rows))
    print(f"\nSpeed-up against 1 process, measured in this run ({os.cpu_count()} CPUs):")
    for row in rows[1:]:
        print(f"- {row['impl']}: {row['speedup']:.2f} ×")
    if not all(row["same_results"] for row in rows):
        raise SystemExit("the backends gave different results")
    write_json(args.json, "sim_throughput.py", args, env, rows)


if __name__ == "__main__":
    main()
