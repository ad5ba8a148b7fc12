#!/usr/bin/env python3
"""Environment steps per second through the researcher interfaces (cardtable.rl).

For each game, whole random games (uniform among the legal actions, drawn with a seeded
cardtable ``Rng``), in the same run:

* ``raw``: the baseline, ``state.apply_action`` on ``state.legal_actions()``, no observation;
* ``raw+obs``: the same, plus ``state.observation(player)`` of the player to act;
* ``aec``: PettingZoo ``agent_iter`` / ``last`` / ``step`` (each decision builds the acting
  agent's tensor and mask), the driver of the peers' PettingZoo rows;
* ``gym``: Gymnasium ``step`` for seat 0 against the ``random`` agent (``us_per_step`` per
  ``env.step``; ``us_per_decision`` counts the opponent's decisions too);
* ``openspiel``: the pyspiel state (``python_cardtable_<game>``) driven by a Python loop,
  with the tensor of the player to act at each decision through OpenSpiel's Python
  observation API (``make_observation(game).set_from(state, player)``; pyspiel's
  ``state.observation_tensor(player)`` costs one more tensor, as OpenSpiel builds a throwaway
  initial state to learn the shape on every call); ``openspiel-rules``: without it, as the
  peers' OpenSpiel rows.

Every row is also given as a ratio against ``raw`` of the same game and run. The peers'
figures come from the JSON files in ../shared/bench/baseline (PettingZoo over RLCard and
OpenSpiel C++, OpenSpiel's Python games, RLCard's ``env.step``): another run, so read them
as orders of magnitude, not ratios.

Usage: python bench/rl_steps.py [--seconds 2] [--games N] [--game looney] [--players 2]
       [--json out.json] [--peers DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import make_observation

import cardtable
import cardtable.rl
import cardtable.rl.openspiel as rl_openspiel
from _common import ROOT, Row, add_common_args, env_info, games_to_run, header, md_table
from _common import write_json as _write_json
from cardtable.core.rng import Rng, derive_seed

Play = Callable[[], tuple[int, int]]  # one game: (env steps, decisions)
PEER_DIR = ROOT.parent / "shared" / "bench" / "baseline"
PEER_ENGINES = ("PettingZoo", "RLCard", "OpenSpiel")


def raw_driver(name: str, players: int, seed: int, observe: bool) -> Play:
    """Random games on the bare state (with the acting player's observation if asked)."""
    game = cardtable.load_game(name, players=players)
    rng = Rng(seed)
    count = [0]

    def play() -> tuple[int, int]:
        count[0] += 1
        state = game.new_initial_state(seed=derive_seed(seed, count[0]))
        n = 0
        while not state.is_terminal():
            if observe:
                state.observation(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n, n

    return play


def aec_driver(name: str, players: int, seed: int) -> Play:
    """Random games through the PettingZoo AEC API (``last`` builds the observation)."""
    env = cardtable.rl.aec_env(name, players=players)
    env.reset(seed=seed)
    rng = Rng(seed)
    flatnonzero = np.flatnonzero

    def play() -> tuple[int, int]:
        env.reset()
        n = 0
        for _ in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(rng.choice(flatnonzero(obs["action_mask"]).tolist()))
            n += 1
        return n, n

    return play


def gym_driver(name: str, players: int, seed: int) -> Play:
    """Random games of seat 0 through Gymnasium, against the random agent."""
    env = cardtable.rl.gym_env(name, opponent="random", players=players)
    env.reset(seed=seed)
    rng = Rng(seed)
    flatnonzero = np.flatnonzero

    def play() -> tuple[int, int]:
        _, info = env.reset()
        steps = 0
        while True:
            action = rng.choice(flatnonzero(info["action_mask"]).tolist())
            _, _, term, trunc, info = env.step(action)
            steps += 1
            if term or trunc:
                break
        assert env.game_state is not None
        return steps, len(env.game_state.history())

    return play


def openspiel_driver(name: str, players: int, seed: int, observe: bool) -> Play:
    """Random games on the pyspiel state, with the observation tensor if asked (through
    ``make_observation(game).set_from``, OpenSpiel's Python observation API)."""
    game = pyspiel.load_game(rl_openspiel.short_name(name), {"players": players, "seed": seed})
    observation = make_observation(game)
    rng = Rng(seed)

    def play() -> tuple[int, int]:
        state = game.new_initial_state()
        n = 0
        while not state.is_terminal():
            if observe:
                observation.set_from(state, state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            n += 1
        return n, n

    return play


def measure(play: Play, seconds: float, min_games: int) -> Row:
    """Whole games for the budget (after one warm-up game)."""
    play()
    games = steps = decisions = 0
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while games < min_games or time.perf_counter() < deadline:
        s, d = play()
        steps += s
        decisions += d
        games += 1
    wall = time.perf_counter() - t0
    return {
        "games": games,
        "wall_s": round(wall, 4),
        "games_per_s": games / wall,
        "decisions_per_game": decisions / games,
        "steps_per_s": steps / wall,
        "us_per_step": wall * 1e6 / steps,
        "us_per_decision": wall * 1e6 / decisions,
    }


DRIVERS: list[tuple[str, str, str, Callable[[str, int, int], Play]]] = [
    (
        "raw",
        "cardtable",
        "state.apply_action (baseline)",
        lambda g, p, s: raw_driver(g, p, s, False),
    ),
    (
        "raw+obs",
        "cardtable",
        "state.apply_action + observation",
        lambda g, p, s: raw_driver(g, p, s, True),
    ),
    ("aec", "cardtable.rl", "PettingZoo AEC last/step", aec_driver),
    ("gym", "cardtable.rl", "Gymnasium step vs random", gym_driver),
    (
        "openspiel",
        "cardtable.rl",
        "pyspiel state + observation set_from",
        lambda g, p, s: openspiel_driver(g, p, s, True),
    ),
    (
        "openspiel-rules",
        "cardtable.rl",
        "pyspiel state, Python loop",
        lambda g, p, s: openspiel_driver(g, p, s, False),
    ),
]


def game_rows(name: str, args: argparse.Namespace) -> list[Row]:
    """Every driver's row for one game, with its ratio against ``raw``."""
    rows: list[Row] = []
    for key, engine, driver, make in DRIVERS:
        row: Row = {
            "id": f"cardtable/{name}/{args.players}p/{key}",
            "engine": engine,
            "game": f"{name} ({args.players}p)",
            "impl": "Python",
            "driver": driver,
        }
        try:
            row.update(measure(make(name, args.players, args.seed), args.seconds, args.games))
        except Exception as exc:  # one broken driver must not stop the run
            row["error"] = f"{type(exc).__name__}: {exc}"[:300]
        rows.append(row)
        fig = row.get("us_per_decision")
        print(
            f"  {row['id']}: {fig if fig is None else round(fig, 2)} µs/decision", file=sys.stderr
        )
    base = rows[0].get("us_per_decision")
    for row in rows:
        if base and "us_per_decision" in row:
            row["vs_raw"] = row["us_per_decision"] / base
    return rows


def peer_rows(folder: Path) -> list[Row]:
    """The peers' rows (PettingZoo, RLCard, OpenSpiel) from their baseline JSON files,
    averaged over the runs found (``runs`` says how many)."""
    merged: dict[str, list[Row]] = {}
    for path in sorted(folder.glob("peers_random_playouts*.json")):
        for row in json.loads(path.read_text())["rows"]:
            if row.get("engine") in PEER_ENGINES and "us_per_decision" in row:
                merged.setdefault(row["id"], []).append(row)
    out: list[Row] = []
    for rid, rows in merged.items():
        first = rows[0]
        us = sum(r["us_per_decision"] for r in rows) / len(rows)
        out.append(
            {
                "id": f"peer/{rid}",
                "engine": first["engine"],
                "game": first["game"],
                "impl": first["impl"],
                "driver": first["driver"],
                "us_per_decision": us,
                "us_per_step": sum(r["us_per_step"] for r in rows) / len(rows),
                "runs": len(rows),
                "source": "../shared/bench/baseline (another run)",
            }
        )
    return out


COLUMNS = [
    ("id", "row"),
    ("driver", "driven by"),
    ("games", "games"),
    ("decisions_per_game", "decisions/game"),
    ("us_per_step", "µs/step"),
    ("us_per_decision", "µs/decision"),
    ("vs_raw", "× raw"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_common_args(parser, default_seconds=2.0)
    parser.add_argument("--games", type=int, default=1, help="at least this many games per row")
    parser.add_argument("--peers", type=Path, default=PEER_DIR, help="the peers' JSON folder")
    args = parser.parse_args(argv)
    names = games_to_run(args.game)
    env = env_info()
    budget = (
        f"budget {args.seconds}s and at least {args.games} game(s) per row, {args.players} players"
    )
    print(header("RL adapters: environment steps", env, budget))
    rows: list[Row] = []
    for name in names:
        rows += game_rows(name, args)
    print(md_table(COLUMNS, rows))
    peers = peer_rows(args.peers) if args.peers.is_dir() else []
    if peers:
        print("\nPeers (from their baseline files, another run: orders of magnitude only):\n")
        print(
            md_table(
                [("id", "row"), ("driver", "driven by"), ("us_per_decision", "µs/decision")], peers
            )
        )
    print("\nRatios against the raw playout of the same game in this run:")
    for r in rows:
        if "error" in r:
            print(f"- {r['id']}: error: {r['error']}")
        elif r["id"].endswith(("/aec", "/gym", "/openspiel")):
            print(f"- {r['id']}: {r['us_per_decision']:.1f} µs/decision = {r['vs_raw']:.2f} × raw")
    write_json(args.json, args, env, rows + peers)
    return 1 if any("error" in r for r in rows) else 0


def write_json(
    path: str | None, args: argparse.Namespace, env: dict[str, Any], rows: list[Row]
) -> None:
    """The JSON of the run, in the peers' shape."""
    _write_json(path, "rl_steps.py", args, env, rows)


if __name__ == "__main__":
    sys.exit(main())
