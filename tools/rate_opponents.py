#!/usr/bin/env python3
"""Measure the Elo of the lobby's opponent levels (src/cardtable/server/opponents.py).

Plays a round robin of a game's five levels (``cardtable tournament``'s engine: each pair
``--games`` games, seats swapped, mirror matches over the starter decks with duplicate
deals; Random anchored at 0) and writes each level's Elo with its 95% interval into
``src/cardtable/server/opponents.json`` (or ``--out``), keeping the other games' entries.

Usage::

    python3 tools/rate_opponents.py looney --games 20 --jobs 2 --seed 1
"""

from __future__ import annotations

import argparse
import json
import subprocess
from datetime import date
from pathlib import Path
from typing import Any

import cardtable
from cardtable.cli_tournament import mirror_decks
from cardtable.core.registry import game_class
from cardtable.server.opponents import MEASURED, levels
from cardtable.sim.tournament import TournamentConfig, play, to_json


def rate(name: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """The levels of game ``name`` rated by a round robin: ``{levels: {spec: {elo, elo_low,
    elo_high, games, score}}, games_per_pair, seed, command, date, commit}``."""
    game = cardtable.load_game(name)
    specs = tuple(level.spec for level in levels(game_class(name)))
    config = TournamentConfig(
        name, game.options_dict(), specs, games, seed, mirror_decks(game, True), True, True
    )
    summary = to_json(play(config, jobs))
    if summary["errors"]:
        raise SystemExit(f"{name}: {len(summary['errors'])} games ended in an engine error")
    rated = {
        r["spec"]: {
            "elo": r["elo"],
            "elo_low": r["low"],
            "elo_high": r["high"],
            "games": r["games"],
            "score": r["score"],
        }
        for r in summary["ratings"]
    }
    command = f"python3 tools/rate_opponents.py {name} --games {games} --seed {seed}"
    return {
        "levels": rated,
        "games_per_pair": games,
        "seed": seed,
        "command": command,
        "date": date.today().isoformat(),
        "commit": _commit(),
    }


def _commit() -> str:
    """The checkout's commit, or "" outside a git checkout."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        )
    except OSError:
        return ""
    return out.stdout.strip()


def main() -> None:
    """Rate the games given and update the file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", choices=cardtable.available_games())
    parser.add_argument("--games-per-pair", "--games", dest="per_pair", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=MEASURED)
    args = parser.parse_args()
    data = json.loads(args.out.read_text(encoding="utf-8")) if args.out.is_file() else {}
    for name in args.games:
        data[name] = rate(name, args.per_pair, args.seed, args.jobs)
        args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        best = max(data[name]["levels"].values(), key=lambda r: r["elo"])
        print(f"{name}: rated; the strongest level at Elo {best['elo']:.0f}")


if __name__ == "__main__":
    main()
