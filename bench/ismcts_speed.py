#!/usr/bin/env python3
"""ISMCTS simulations per second for every registered game, against random playouts.

For each game: a fixed set of root states (seeded random play from new games, each with more
than one legal action) and the ``ismcts`` agent (default settings unless ``--agent`` says
otherwise). The agent decides at the roots in turn until the budget of seconds is used;
each decision is timed and its simulations counted. A simulation is one sampled state
(``InfoSet.sample``), a walk down the tree, one expansion, a heuristic rollout and a
back-up. Reported: simulations/s, µs per simulation, decisions played per simulation, and
milliseconds per decision (mean and worst).

In the same run, a baseline per game: uniformly random playouts from new games (the loop of
``random_playouts.py``), as µs per decision. ``vs_random`` is µs per simulation over that:
how many random-playout decisions one simulation costs, a ratio that holds across machines
better than the raw figures. For scale (not measured here): OpenSpiel's Python ISMCTS does
about 300 simulations/s on gin rummy on the reference machine (../shared/bench/baseline).

Usage: python bench/ismcts_speed.py [--seconds 3] [--agent ismcts:iterations=300]
       [--roots 6] [--game looney] [--players 2] [--json out.json]
A row decides until both its budget and one decision per root are used (``--seconds 0
--roots 1`` decides once per game).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from typing import Any

import cardtable
from _common import Row, add_common_args, env_info, games_to_run, header, md_table, write_json
from cardtable.agents import make_agent
from cardtable.agents.ismcts import ISMCTSAgent
from cardtable.core.hints import hints_of
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.state import State

COLUMNS = [
    ("id", "row"),
    ("steps", "decisions timed"),
    ("sims_per_step", "sims/decision"),
    ("sims_per_s", "simulations/s"),
    ("us_per_sim", "µs/simulation"),
    ("decisions_per_sim", "decisions/sim"),
    ("ms_per_decision", "ms/decision"),
    ("ms_per_decision_max", "worst ms"),
    ("us_per_decision", "µs/decision (random)"),
    ("vs_random", "× random decision"),
]


def root_states(name: str, players: int, seed: int, count: int) -> list[State]:
    """``count`` states with more than one legal action, each drawn uniformly from the
    decisions of one seeded random game (so the roots spread over whole games)."""
    game = cardtable.load_game(name, players=players)
    rng = Rng(seed)
    roots: list[State] = []
    for i in range(count):
        state = game.new_initial_state(seed=derive_seed(seed, i))
        choices: list[State] = []
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(legal) > 1:
                choices.append(state.clone())
            state.apply_action(rng.choice(legal))
        if choices:
            roots.append(rng.choice(choices))
    if not roots:
        raise RuntimeError(f"{name}: no root state with a choice")
    return roots


def random_baseline(name: str, players: int, seed: int, seconds: float) -> Row:
    """Random playouts from new games for ``seconds`` (at least 3 games): µs per decision."""
    game = cardtable.load_game(name, players=players)
    rng = Rng(seed)
    games = decisions = 0
    t0 = time.perf_counter()
    while games < 3 or time.perf_counter() - t0 < seconds:
        state = game.new_initial_state(seed=derive_seed(seed, games))
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    wall = time.perf_counter() - t0
    return {
        "games": games,
        "decisions_per_game": decisions / games,
        "us_per_decision": wall * 1e6 / decisions,
        "decisions_per_s": decisions / wall,
    }


def measure_search(agent: ISMCTSAgent, roots: list[State], seconds: float) -> Row:
    """Decide at ``roots`` in turn for ``seconds`` (each root at least once)."""
    first = roots[0]
    agent.decide(InfoSet(first, first.current_player()))  # warm-up
    steps = sims = decisions = 0
    busy = worst = 0.0
    deadline = time.perf_counter() + seconds
    while steps < len(roots) or time.perf_counter() < deadline:
        root = roots[steps % len(roots)]
        agent.decide(InfoSet(root, root.current_player()))
        stats = agent.last_stats
        steps += 1
        sims += stats.simulations
        decisions += stats.decisions
        busy += stats.seconds
        worst = max(worst, stats.seconds)
    return {
        "steps": steps,
        "sims_per_step": sims / steps,
        "busy_s": round(busy, 4),
        "sims_per_s": sims / busy,
        "us_per_sim": busy * 1e6 / sims,
        "decisions_per_sim": decisions / sims,
        "ms_per_decision": busy * 1e3 / steps,
        "ms_per_decision_max": worst * 1e3,
    }


def build_agent(spec: str, seed: int) -> ISMCTSAgent:
    """The agent of ``spec``; raises SystemExit if it is not an ISMCTS spec."""
    agent = make_agent(spec, seed)
    if not isinstance(agent, ISMCTSAgent):
        raise SystemExit(f"--agent must be an ismcts spec, got {spec!r}")
    return agent


def game_rows(name: str, args: argparse.Namespace) -> list[Row]:
    """The baseline row and the ISMCTS row of one game."""
    base = f"cardtable/{name}/{args.players}p"
    common: Row = {"engine": "cardtable", "game": f"{name} ({args.players}p)", "impl": "Python"}
    baseline: Row = {"id": f"{base}/random-playouts", **common, "driver": "Python loop"}
    search: Row = {"id": f"{base}/ismcts", **common, "bot": args.agent, "driver": "Python"}
    try:
        baseline.update(random_baseline(name, args.players, args.seed, args.seconds / 3))
        agent = build_agent(args.agent, args.seed)
        search["params"] = agent_params(agent, name)
        roots = root_states(name, args.players, args.seed, args.roots)
        search.update(measure_search(agent, roots, args.seconds))
        search["us_per_decision"] = baseline["us_per_decision"]
        search["vs_random"] = search["us_per_sim"] / baseline["us_per_decision"]
    except Exception as exc:  # one broken game must not stop the run
        search["error"] = f"{type(exc).__name__}: {exc}"[:300]
        print(f"  {search['id']}: ERROR {search['error']}", file=sys.stderr)
    else:
        print(f"  {search['id']}: {search['sims_per_s']:.0f} simulations/s", file=sys.stderr)
    return [baseline, search]


def agent_params(agent: ISMCTSAgent, name: str) -> dict[str, Any]:
    """The settings the agent searched with in game ``name`` (a setting the spec leaves out
    is the game's: ``search_iterations`` and ``search_steps`` when it sets no budget,
    ``search_exploration``, ``search_depth``, ``search_root``)."""
    game = cardtable.load_game(name)
    budget = agent.budget(game)
    params = dataclasses.asdict(agent.settings)
    params["iterations"], params["steps"] = budget.iterations, budget.steps
    if params["c"] is None:
        params["c"] = hints_of(game).search_exploration
    if params["depth"] is None:
        params["depth"] = hints_of(game).search_depth
    if params["root"] is None:
        params["root"] = hints_of(game).search_root
    return params


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_common_args(parser, default_seconds=3.0)
    parser.add_argument(
        "--agent", default="ismcts", help="the ISMCTS spec to measure (default %(default)s)"
    )
    parser.add_argument(
        "--roots", type=int, default=6, help="distinct root states per game (default 6)"
    )
    args = parser.parse_args(argv)
    build_agent(args.agent, args.seed)  # a bad spec stops the run before anything is timed
    names = games_to_run(args.game)
    env = env_info()
    budget = (
        f"agent {args.agent}; budget {args.seconds}s per game and at least one decision per "
        f"root ({args.roots} roots), {args.players} players, seed {args.seed}"
    )
    print(header("ISMCTS speed", env, budget))
    rows: list[Row] = []
    for name in names:
        rows += game_rows(name, args)
    print(md_table(COLUMNS, rows))
    print("\nRatios against random playouts measured in this run:")
    for r in rows[1::2]:
        if "error" in r:
            print(f"- {r['id']}: error: {r['error']}")
        else:
            print(
                f"- {r['id']}: {r['us_per_sim']:.0f} µs/simulation = "
                f"{r['vs_random']:.0f} × a random-playout decision "
                f"({r['us_per_decision']:.1f} µs); {r['decisions_per_sim']:.1f} decisions "
                f"per simulation; {r['ms_per_decision']:.0f} ms per decision"
            )
    write_json(args.json, "ismcts_speed.py", args, env, rows)
    return 1 if any("error" in r for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
