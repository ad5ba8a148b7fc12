#!/usr/bin/env python3
"""A digest of a game's seeded behaviour, to show that a change (a refactor, a speed-up)
changes nothing a player or an agent could tell.

Run it on the code before and after the change and compare the outputs: two versions
behave the same exactly when every line is the same. Each line is a hash of one thing:

- ``applied``: seeded random games by ``apply_action``, every action with its full events;
- ``pushed``: the same games by the trusted ``push``, their returns and final views;
- ``observ``: the acting player's observation every step of every tenth game;
- ``values``: there, ``rollout_values`` and ``heuristic_values`` (to 9 decimals);
- ``evals``: there, the game's ``evaluate``;
- ``search``: seeded ``ismcts`` decisions at a fixed number of simulations (``--agent``).

Usage (the two trees' ``src`` in turn)::

    PYTHONPATH=OLD/src python3 tools/behaviour_digest.py looney > old.txt
    PYTHONPATH=src python3 tools/behaviour_digest.py looney | diff old.txt -
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

import cardtable
from cardtable.agents import make_agent
from cardtable.core.game import Game
from cardtable.core.hints import AgentHints, hints_of
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.state import State


def digest(value: object) -> str:
    """A short stable hash of a JSON-ready value."""
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _looks(state: State, hints: AgentHints, out: dict[str, list[Any]]) -> None:
    """Record what the acting player sees and what the hints make of it."""
    p = state.current_player()
    legal = list(state.legal_actions())
    obs = state.observation(p)
    out["observ"].append(digest(obs))
    out["values"].append(digest([round(v, 9) for v in hints.rollout_values(state, p, legal)]))
    out["values"].append(digest([round(v, 9) for v in hints.heuristic_values(obs, legal)]))
    e = hints.evaluate(state)
    out["evals"].append(None if e is None else [round(v, 9) for v in e])


def play(game: Game, games: int) -> dict[str, list[Any]]:
    """Seeded random games, by apply_action and by push side by side."""
    hints, rng = hints_of(game), Rng(11)
    out: dict[str, list[Any]] = {k: [] for k in ("applied", "pushed", "observ", "values")}
    out["evals"] = []
    for i in range(games):
        state = game.new_initial_state(seed=derive_seed(5, i))
        twin = state.clone()
        while not state.is_terminal():
            if i % 10 == 0:
                _looks(state, hints, out)
            action = rng.choice(list(state.legal_actions()))
            out["applied"].append((action, [list(e) for e in state.apply_action(action)]))
            twin.push(action)
        views = (digest(state.observation(None)), digest(twin.observation(None)))
        out["pushed"].append((state.returns(), twin.returns(), views))
    return out


def search(game: Game, roots: int, spec: str) -> list[int]:
    """Seeded ismcts decisions at states a few random moves into seeded games."""
    rng, states = Rng(3), []
    for i in range(roots):
        state = game.new_initial_state(seed=derive_seed(9, i))
        for _ in range(rng.below(40)):
            if state.is_terminal():
                break
            state.push(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_actions()) > 1:
            states.append(state)
    agent = make_agent(spec, seed=4)
    return [agent.decide(InfoSet(s, s.current_player())) for s in states]


def main(argv: list[str] | None = None) -> int:
    """Print the digest lines of one game."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("game", choices=cardtable.available_games())
    ap.add_argument("--games", type=int, default=200, help="random games (default 200)")
    ap.add_argument("--search", type=int, default=12, help="search roots (default 12)")
    ap.add_argument(
        "--agent",
        default="ismcts:iterations=100",
        help="the search agent's spec (add :depth=20 etc. to hold a default that changed)",
    )
    args = ap.parse_args(argv)
    game = cardtable.load_game(args.game, players=2)
    for key, values in play(game, args.games).items():
        print(f"{key:8} {digest(values)}")
    picks = search(game, args.search, args.agent)
    print(f"{'search':8} {digest(picks)} ({len(picks)} decisions)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
