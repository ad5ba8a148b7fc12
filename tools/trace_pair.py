#!/usr/bin/env python3
"""What each side of one deck pairing does, per game: every event kind counted by the player
it belongs to (turns, plays, reversals; in Raw Deal a ``damage`` event is the player's who
takes it, counted by its amount), the cards played, and the wins, as means over the games.

Deal ``k`` (seed ``derive_seed(seed, k)``) is played twice, each deck in each seat. Each deck
has its own agent (``--agents A/B``: deck A's, then deck B's; one spec for both), so a deck can
be played by the search against a greedy opponent and the other way round.

Usage::

    python3 tools/trace_pair.py rawdeal starter-high-flyer starter-mat-technician \\
        --agents ismcts/greedy --games 20 --seed 7 [-o cards=DIR] [--cards 0.25]

Used for log/2026-12-rawdeal-search-balance.md.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence

import cardtable
from cardtable.agents.base import make_agent
from cardtable.core.events import Event
from cardtable.core.rng import derive_seed
from cardtable.sim.play import play_out

Tally = Counter[tuple[int, str]]


def count(events: Sequence[Event], order: Sequence[int], tally: Tally) -> None:
    """Add one action's events to ``tally`` by deck (``order[seat]``): each kind once (a
    ``damage`` by its amount) and each card played (``play:<card>``)."""
    for e in events:
        if e.player < 0:
            continue
        deck, data = order[e.player], e.data or {}
        amount = data.get("amount", 1) if e.kind == "damage" else 1
        tally[deck, e.kind] += amount if isinstance(amount, int) else 1
        if e.kind == "play" and isinstance(data.get("card"), str):
            tally[deck, f"play:{data['card']}"] += 1


def trace(game_name: str, decks: Sequence[str], agents: Sequence[str], games: int, seed: int,
          options: dict[str, str]) -> Tally:  # fmt: skip
    """Play ``games`` games of the pairing; the summed counts by deck (0 or 1) and name."""
    game = cardtable.load_game(game_name, **options)
    resolved = [game.resolve_deck(d) for d in decks]
    tally: Tally = Counter()
    for i in range(games):
        deal = derive_seed(seed, i // 2)
        order = [0, 1] if i % 2 == 0 else [1, 0]
        state = game.new_initial_state(seed=deal, decks=[resolved[d] for d in order])
        seats = [make_agent(agents[d], seed=deal + p) for p, d in enumerate(order)]
        play_out(state, seats, lambda evs, o=order: count(evs, o, tally))
        for p, r in enumerate(state.returns()):
            tally[order[p], "wins"] += r > 0
    return tally


def main() -> None:
    """Parse the command line, trace the pairing and print the means per game."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("decks", nargs=2, help="two decks (starter names or files)")
    ap.add_argument("--agents", default="greedy", help="A/B: deck A's agent and deck B's")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("-o", dest="options", action="append", default=[], help="key=value")
    ap.add_argument("--cards", type=float, default=0.25, help="list cards played this often")
    args = ap.parse_args()
    agents = args.agents.split("/") * (2 if "/" not in args.agents else 1)
    options = dict(o.split("=", 1) for o in args.options)
    tally = trace(args.game, args.decks, agents, args.games, args.seed, options)
    print(f"{args.games} games; per game: {args.decks[0]} ({agents[0]}) | "
          f"{args.decks[1]} ({agents[1]})")  # fmt: skip
    for name in sorted({n for _, n in tally}):
        a, b = (tally[d, name] / args.games for d in (0, 1))
        if not name.startswith("play:") or max(a, b) >= args.cards:
            print(f"{name:40s} {a:8.2f} {b:8.2f}")


if __name__ == "__main__":
    main()
