#!/usr/bin/env python3
"""Cost of copying a mid-game state of every registered game, in microseconds.

Search (MCTS, ISMCTS determinization, rollouts) copies the state at least once per
simulation, so the copy cost is a floor on the cost of a simulation.

For each game, mid-game states are reached by playing a random game from a seed to its end,
then replaying the first half of its actions from the same seed (so the states sit at a
decision, half way through a real game). On those states, in the same run:

* ``state.clone()``, our copy;
* ``copy.deepcopy(state)`` with the game object shared (not copied), the baseline;
* ``state.resample(player, rng)`` for the player to act, what ISMCTS calls per simulation.

Timing: batches of calls for about ``--seconds`` per row, split over the states; the table
gives the median and the best batch mean (the best is the least disturbed by other load).

Usage: python bench/clone_cost.py [--seconds 2] [--states 8] [--game looney] [--json out.json]
"""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Callable

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
from cardtable.core.game import Game
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.state import State


def mid_game_states(game: Game, count: int, seed: int) -> list[State]:
    """``count`` states half way through seeded random games (skipping games too short)."""
    out: list[State] = []
    attempt = 0
    while len(out) < count:
        attempt += 1
        if attempt > 20 * count:
            raise RuntimeError("could not reach enough non-terminal mid-game states")
        game_seed = derive_seed(seed, attempt)
        rng = Rng(game_seed)
        st = game.new_initial_state(seed=game_seed)
        while not st.is_terminal():
            st.apply_action(rng.choice(st.legal_actions()))
        actions = st.history()
        if len(actions) < 4:
            continue
        mid = game.new_initial_state(seed=game_seed)
        for a in actions[: len(actions) // 2]:
            mid.apply_action(a)
        out.append(mid)
    return out


def same_state(a: State, b: State) -> bool:
    """Whether two states look the same through the public API (and own their zones)."""
    players = [*range(a.game.num_players), None]
    return (
        a is not b
        and a.zones is not b.zones
        and a.history() == b.history()
        and a.legal_actions() == b.legal_actions()
        and a.current_player() == b.current_player()
        and all(a.observation(p) == b.observation(p) for p in players)
    )


def time_over_states(
    states: list[State], make_op: Callable[[State], Callable[[], object]], seconds: float
) -> tuple[float, float, int]:
    """(median µs, best µs, number of calls timed) of ``make_op(state)()`` over all states."""
    means: list[float] = []
    for st in states:
        means += time_batches(make_op(st), seconds / len(states), min_batches=3)
    med, best = summarize_us(means)
    return med, best, len(means)


def deepcopy_op(st: State) -> Callable[[], object]:
    """``copy.deepcopy`` of the state with its game (rules, cards, options) shared."""
    game = st.game
    return lambda: copy.deepcopy(st, {id(game): game})


def resample_op(seed: int) -> Callable[[State], Callable[[], object]]:
    def make(st: State) -> Callable[[], object]:
        rng = Rng(seed)
        player = st.current_player()
        return lambda: st.resample(player, rng)

    return make


COLUMNS = [
    ("id", "row"),
    ("what", "what"),
    ("decisions_in", "decisions in"),
    ("us_median", "µs/call (median)"),
    ("us_best", "µs/call (best batch)"),
    ("calls_per_s", "calls/s"),
    ("vs_clone", "× clone"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_common_args(parser, default_seconds=2.0)
    parser.add_argument(
        "--states", type=int, default=8, help="mid-game states per game (default 8)"
    )
    args = parser.parse_args(argv)
    names = games_to_run(args.game)
    env = env_info()
    budget = (
        f"budget {args.seconds}s per row over {args.states} mid-game states, "
        f"{args.players} players, seed {args.seed}"
    )
    print(header("Clone cost", env, budget))
    rows: list[Row] = []
    ratios: list[str] = []
    for name in names:
        base = f"cardtable/{name}/{args.players}p"
        meta: Row = {"engine": "cardtable", "game": f"{name} ({args.players}p)", "impl": "Python"}
        try:
            game = cardtable.load_game(name, players=args.players)
            states = mid_game_states(game, args.states, args.seed)
            for st in states:
                if not same_state(st, st.clone()):
                    raise AssertionError("clone() differs from the original state")
                if not same_state(st, copy.deepcopy(st, {id(game): game})):
                    raise AssertionError("deepcopy differs from the original state")
        except Exception as exc:  # one broken game must not stop the run
            err = f"{type(exc).__name__}: {exc}"[:300]
            rows.append({"id": f"{base}/clone", **meta, "error": err})
            print(f"  {base}: ERROR {err}", file=sys.stderr)
            continue
        decisions_in = sum(len(s.history()) for s in states) / len(states)
        measured: dict[str, Row] = {}
        ops: list[tuple[str, str, Callable[[State], Callable[[], object]], str]] = [
            ("clone", "state.clone()", lambda s: s.clone, "us_per_copy"),
            ("deepcopy", "copy.deepcopy(state), game shared", deepcopy_op, "us_per_copy"),
            (
                "resample",
                "state.resample(player to act, rng)",
                resample_op(args.seed),
                "us_per_call",
            ),
        ]
        for kind, what, make_op, per_key in ops:
            med, best, batches = time_over_states(states, make_op, args.seconds)
            row: Row = {
                "id": f"{base}/{kind}",
                **meta,
                "what": what,
                "states": len(states),
                "decisions_in": decisions_in,
                "us_median": med,
                "us_best": best,
                per_key: med,
                "calls_per_s": 1e6 / med,
                "batches": batches,
            }
            if kind != "resample":
                row["copies_per_s"] = row["calls_per_s"]
            measured[kind] = row
            rows.append(row)
            print(f"  {row['id']}: {med:.2f} µs", file=sys.stderr, flush=True)
        clone_us = measured["clone"]["us_median"]
        for r in measured.values():
            r["vs_clone"] = r["us_median"] / clone_us
        deep_us = measured["deepcopy"]["us_median"]
        measured["clone"]["vs_deepcopy"] = clone_us / deep_us
        ratios.append(
            f"- {name}: clone {clone_us:.2f} µs vs deepcopy {deep_us:.1f} µs: "
            f"deepcopy costs {deep_us / clone_us:.0f} × a clone "
            f"(clone = {clone_us / deep_us:.3f} × deepcopy); resample "
            f"{measured['resample']['us_median']:.1f} µs = "
            f"{measured['resample']['vs_clone']:.1f} × a clone"
        )
    print(md_table(COLUMNS, rows))
    if ratios:
        print("\nRatios, measured in this run:")
        print("\n".join(ratios))
    write_json(args.json, "clone_cost.py", args, env, rows)
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
