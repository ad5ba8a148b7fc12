#!/usr/bin/env python3
"""OpenSpiel's own ISMCTSBot on every registered game: strength against random, and speed.

For each game (``python_cardtable_<game>``, cardtable.rl.openspiel): ``--games`` whole games
in which ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (``--simulations`` per decision,
UCT constant ``--uct-c``, one random rollout per leaf: ``mcts.RandomRolloutEvaluator``) plays
one seat, in turn each seat, against uniformly random players. Reported: the bot's wins (a
return above 0), simulations per second and milliseconds per searched decision (decisions
with one legal action are not searched by the bot and not counted), and, on states of a
seeded random game, the cost of ``resample_from_infostate`` alone and with the information
state string the bot asks of each sample (its tree key).

For scale (not measured here): OpenSpiel's Python ISMCTS does about 300 simulations/s on
gin rummy on the reference machine (../shared/bench/baseline); cardtable's own ``ismcts``
agent: bench/ismcts_speed.py.

Usage: python bench/openspiel_ismcts.py [--games 10] [--simulations 20] [--seconds 1]
       [--game looney] [--players 2] [--json out.json]
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import cardtable.rl.openspiel  # noqa: F401  (registers the games)
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

COLUMNS = [
    ("id", "row"),
    ("games", "games"),
    ("bot_wins", "bot wins"),
    ("searched", "searched decisions"),
    ("sims_per_s", "simulations/s"),
    ("ms_per_decision", "ms/decision"),
    ("us_per_resample", "µs/resample"),
    ("us_per_resample_key", "µs/resample + key"),
]


def play(game: Any, bot: Any, seat: int, rs: np.random.RandomState) -> tuple[float, int, float]:
    """One game, ``bot`` in ``seat``: (the bot's return, searched decisions, seconds in them)."""
    state = game.new_initial_state()
    searched, busy = 0, 0.0
    while not state.is_terminal():
        legal = state.legal_actions()
        if state.current_player() != seat:
            state.apply_action(int(rs.choice(legal)))
            continue
        t0 = time.perf_counter()
        action = int(bot.step(state))
        if len(legal) > 1:
            searched += 1
            busy += time.perf_counter() - t0
        state.apply_action(action)
    return float(state.returns()[seat]), searched, busy


def strength(game: Any, args: argparse.Namespace) -> Row:
    """``args.games`` games of the bot against random players, seats in turn."""
    rs = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(
        game, evaluator, args.uct_c, max_simulations=args.simulations, random_state=rs
    )
    wins = searched = 0
    busy = 0.0
    for i in range(args.games):
        ret, n, seconds = play(game, bot, i % game.num_players(), rs)
        wins += ret > 0
        searched += n
        busy += seconds
    sims = searched * args.simulations
    return {
        "games": args.games,
        "bot_wins": wins,
        "bot_win_rate": wins / args.games,
        "searched": searched,
        "sims_per_s": sims / busy if busy else None,
        "ms_per_decision": busy * 1e3 / searched if searched else None,
    }


def mid_game(game: Any, seed: int) -> Any:
    """A state halfway through a seeded random game."""
    rs = np.random.RandomState(seed)
    state = game.new_initial_state()
    states = []
    while not state.is_terminal():
        states.append(state.clone())
        state.apply_action(int(rs.choice(state.legal_actions())))
    return states[len(states) // 2]


def resample_cost(game: Any, args: argparse.Namespace) -> Row:
    """µs per ``resample_from_infostate`` for the player to act, alone and with the key."""
    state = mid_game(game, args.seed)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(args.seed, 0.0, 1.0)
    state.information_state_string(player)  # the original's lines, once, as in a search

    def with_key() -> None:
        state.resample_from_infostate(player, sampler).information_state_string(player)

    alone = summarize_us(
        time_batches(lambda: state.resample_from_infostate(player, sampler), args.seconds / 2)
    )
    keyed = summarize_us(time_batches(with_key, args.seconds / 2))
    return {"us_per_resample": alone[0], "us_per_resample_key": keyed[0]}


def game_row(name: str, args: argparse.Namespace) -> Row:
    """The row of one game (``error`` set if it failed)."""
    row: Row = {
        "id": f"cardtable/{name}/{args.players}p/openspiel-ismcts",
        "engine": "OpenSpiel",
        "game": f"{name} ({args.players}p)",
        "impl": "Python ISMCTSBot",
        "params": {"simulations": args.simulations, "uct_c": args.uct_c, "rollouts": 1},
    }
    try:
        game = pyspiel.load_game(f"python_cardtable_{name}", {"players": args.players})
        row.update(strength(game, args))
        row.update(resample_cost(game, args))
    except Exception as exc:  # a failing game is reported, the others run
        row["error"] = f"{type(exc).__name__}: {exc}"
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_common_args(parser, default_seconds=1.0)
    parser.add_argument("--games", type=int, default=10, help="games per game (default 10)")
    parser.add_argument(
        "--simulations", type=int, default=20, help="simulations per decision (default 20)"
    )
    parser.add_argument("--uct-c", type=float, default=2.0, help="UCT constant (default 2.0)")
    args = parser.parse_args(argv)
    env = env_info()
    budget = (
        f"{args.games} games per game, {args.simulations} simulations per decision, "
        f"{args.players} players, seed {args.seed}; {args.seconds}s per resample figure"
    )
    print(header("OpenSpiel ISMCTSBot", env, budget))
    rows = [game_row(name, args) for name in games_to_run(args.game)]
    print(md_table(COLUMNS, rows))
    for r in rows:
        if "error" in r:
            print(f"- {r['id']}: error: {r['error']}")
    write_json(args.json, "openspiel_ismcts.py", args, env, rows)
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
