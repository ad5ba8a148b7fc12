"""Golden playthroughs: a seeded random game written out step by step, in the spirit of
OpenSpiel's playthrough files. Every observation of every player (as JSON), the legal actions
with their notation, and the chosen action, so any change in behaviour shows up as a diff.

``python -m cardtable.playthrough GAME --seed S [-o KEY=VALUE ...]`` prints one.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from cardtable.core.registry import load_game
from cardtable.core.rng import Rng


def playthrough(name: str, seed: int, options: dict[str, Any] | None = None) -> str:
    """The playthrough text of a random game of ``name`` from ``seed``."""
    game = load_game(name, **(options or {}))
    state = game.new_initial_state(seed=seed)
    rng = Rng(seed)
    lines = [
        f"game: {game.name} {game.version}",
        f"options: {json.dumps(game.options_dict(), sort_keys=True)}",
        f"seed: {seed}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
    ]
    step = 0
    while True:
        lines.append(f"\n# step {step}")
        for p in [*range(game.num_players), None]:
            obs = json.dumps(state.observation(p), sort_keys=True)
            lines.append(f"observation {'spectator' if p is None else p}: {obs}")
        if state.is_terminal():
            lines.append(f"returns: {state.returns()}")
            break
        legal = state.legal_actions()
        lines.append(f"current_player: {state.current_player()}")
        lines.append("legal: " + "; ".join(f"{a}={state.action_to_string(a)}" for a in legal))
        a = rng.choice(legal)
        lines.append(f"action: {a}={state.action_to_string(a)}")
        events = [state.event_view(e, None) for e in state.apply_action(a)]
        lines.append("events: " + json.dumps(events, sort_keys=True))
        step += 1
    return "\n".join(lines) + "\n"


def main() -> None:
    """Command-line entry: print a playthrough."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args()
    opts: dict[str, Any] = {}
    for item in args.option:
        k, _, v = item.partition("=")
        opts[k] = json.loads(v) if v[:1].isdigit() else v
    print(playthrough(args.game, args.seed, opts), end="")


if __name__ == "__main__":
    main()
