"""``cardtable sim``: many seeded games between agents, with seats rotated, on this process,
local processes or a Ray cluster (``backends.py``).

Game ``i`` gets the seed ``derive_seed(seed, i)`` and seats the agents rotated by ``i``, so the
results are identical for any number of jobs. With ``duplicate`` the games go in groups of as
many games as there are agents, and every game of a group replays the same *deal*: group
``k = i // len(agents)`` has the seed ``derive_seed(seed, k)`` and the same deck in each seat,
while the agents rotate through the seats (duplicate play, as in duplicate bridge or poker: the
luck of the cards falls on every agent alike). With ``deck_duplicate`` the games go in groups of
as many games as there are decks instead: group ``k`` has the seed ``derive_seed(seed, k)`` and
the agents rotated by ``k``, and game ``j`` of the group gives seat ``p`` deck ``(j + p)``, so
every deal is played with each deck in each seat (the balance lab's round robin). A config may
name a slice of its batch (``first``), which plays exactly those games of the whole batch;
with ``trace`` each result also carries the game's ``GameTrace`` (``trace.py``: cards played,
how it ended), gathered in the worker.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.agents.base import Agent, make_agent
from cardtable.core.decks import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.rng import derive_seed
from cardtable.records import GameRecord
from cardtable.sim.backends import Backend, make_backend
from cardtable.sim.play import play_game
from cardtable.sim.trace import GameTrace, play_traced


@dataclass(frozen=True)
class SimConfig:
    """What to simulate."""

    game: str
    options: dict[str, Any]
    games: int
    agents: tuple[str, ...]
    seed: int = 0
    decks: tuple[str, ...] | None = None
    first: int = 0  # play games first .. first + games - 1 of the batch
    trace: bool = False  # also collect each game's GameTrace
    duplicate: bool = False  # replay each deal with the agents rotated through the seats
    deck_duplicate: bool = False  # replay each deal with the decks rotated through the seats


@dataclass(frozen=True)
class GameResult:
    """One game's outcome: which agent sat where, returns, length, or the error."""

    index: int
    seed: int
    seats: tuple[int, ...]  # seats[p] = index into config.agents
    returns: tuple[float, ...]
    length: int
    error: str = ""
    trace: GameTrace | None = None  # with SimConfig.trace, for a game without error


@dataclass(frozen=True)
class Seating:
    """Game ``i`` of a batch as the runner sets it up: its seed, which agent (an index into
    ``config.agents``) and which deck sits in each seat, and the agents themselves."""

    seed: int
    seats: tuple[int, ...]
    decks: list[Deck] | None
    agents: list[Agent]


def seating(config: SimConfig, game: Game, decks: list[Deck] | None, i: int) -> Seating:
    """How game ``i`` of ``config`` is played (``decks`` resolved from ``config.decks``)."""
    n = game.num_players
    deal, turn = deal_of(config, i)
    seats = tuple((turn + p) % len(config.agents) for p in range(n))
    seed = derive_seed(config.seed, deal)
    if decks is not None:
        shift = i % len(decks) if config.deck_duplicate else deal
        decks = [decks[(shift + p) % len(decks)] for p in range(n)]
    agents = [make_agent(config.agents[s], derive_seed(seed, p + 1)) for p, s in enumerate(seats)]
    return Seating(seed, seats, decks, agents)


def _play_one(config: SimConfig, game: Game, decks: list[Deck] | None, i: int) -> GameResult:
    n = game.num_players
    s = seating(config, game, decks, i)
    try:
        if config.trace:
            returns, length, trace = play_traced(game, s.agents, s.seed, s.decks)
            return GameResult(i, s.seed, s.seats, tuple(returns), length, trace=trace)
        rec = play_game(game, s.agents, s.seed, s.decks)
    except Exception as exc:  # an engine error is reported, not fatal
        return GameResult(i, s.seed, s.seats, (0.0,) * n, 0, f"{type(exc).__name__}: {exc}")
    return GameResult(i, s.seed, s.seats, tuple(rec.result or ()), len(rec.actions))


def record_one(config: SimConfig, i: int) -> GameRecord:
    """Play game ``i`` of ``config`` again, exactly as ``run`` plays it, and return its whole
    record (``cardtable replay`` steps through it). Bad settings raise ``CardtableError``."""
    if not 0 <= i < config.first + config.games:
        raise CardtableError(
            f"game {i}: the batch has games 0 to {config.first + config.games - 1}"
        )
    game = load_game(config.game, **config.options)
    decks = [game.resolve_deck(d) for d in config.decks] if config.decks else None
    s = seating(config, game, decks, i)
    return play_game(game, s.agents, s.seed, s.decks, [config.agents[k] for k in s.seats])


def deal_of(config: SimConfig, i: int) -> tuple[int, int]:
    """Game ``i``'s deal (the index its seed derives from) and the rotation of the agents
    over the seats."""
    if config.deck_duplicate:
        deal = i // len(config.decks or (None,))
        return deal, deal
    return (i // len(config.agents) if config.duplicate else i), i


def _play_chunk(args: tuple[SimConfig, int, int]) -> list[GameResult]:
    config, lo, hi = args
    game = load_game(config.game, **config.options)
    decks = [game.resolve_deck(d) for d in config.decks] if config.decks else None
    return [_play_one(config, game, decks, i) for i in range(lo, hi)]


def validate(config: SimConfig) -> None:
    """Check the game, options, agents and decks before starting (raises CardtableError)."""
    game = load_game(config.game, **config.options)
    if len(config.agents) < 1:
        raise CardtableError("give at least one agent")
    for spec in config.agents:
        make_agent(spec)
    for d in config.decks or ():
        problems = game.check_deck(game.resolve_deck(d))
        if problems:
            raise CardtableError(f"deck {d}: " + "; ".join(map(str, problems)))


def run(
    config: SimConfig, jobs: int | Backend = 1, progress: Callable[[int], None] | None = None
) -> list[GameResult]:
    """Play ``config.games`` games; results are in game order whatever ``jobs`` (a number of
    local processes, or a backend) is."""
    return run_many([config], jobs, progress)[0]


def run_many(
    configs: Sequence[SimConfig],
    jobs: int | Backend = 1,
    progress: Callable[[int], None] | None = None,
    on_chunk: Callable[[int, list[GameResult]], None] | None = None,
) -> list[list[GameResult]]:
    """Play several batches on one backend (all are validated first): ``jobs`` local
    processes, or a backend of sim/backends.py (Ray, say).

    Returns one list per config, each in game order; the results depend neither on ``jobs``
    nor on the backend. ``progress`` is called with the number of games finished so far,
    over all batches. ``on_chunk(k, results)`` is called, in order, with each finished chunk
    of games of ``configs[k]`` (before ``progress``), e.g. to save them as they come.
    """
    for config in configs:
        validate(config)
    backend = make_backend(jobs) if isinstance(jobs, int) else jobs
    total = sum(c.games for c in configs)
    size = max(backend.min_chunk, min(50, total // max(1, backend.workers * 8) or 1))
    chunks = [
        (c, lo, min(lo + size, c.first + c.games))
        for c in configs
        for lo in range(c.first, c.first + c.games, size)
    ]
    owner = [k for k, c in enumerate(configs) for _ in range(c.first, c.first + c.games, size)]
    results: list[GameResult] = []

    def take(k: int, part: list[GameResult]) -> None:
        results.extend(part)
        if on_chunk:
            on_chunk(owner[k], part)
        if progress:
            progress(len(results))

    for k, part in enumerate(backend.map_ordered(_play_chunk, chunks)):
        take(k, part)
    out: list[list[GameResult]] = []
    start = 0
    for c in configs:
        out.append(results[start : start + c.games])
        start += c.games
    return out


def winners(returns: Sequence[float]) -> list[int]:
    """The players with the best return when it is positive (several: a team); none (a
    draw) otherwise."""
    best = max(returns, default=0.0)
    return [p for p, v in enumerate(returns) if v == best] if best > 0 else []


def summarize(config: SimConfig, results: list[GameResult]) -> dict[str, Any]:
    """Wins per seat and per agent, draws, game length mean and spread, and errors. The
    players with the best return win when it is positive (several: a team); otherwise the
    game counts as a draw. With ``duplicate`` also the deals played in full and how many of
    them were *split*: every agent won as many of the deal's games as every other, so the
    cards and seats decided the deal, not the agents."""
    labels = agent_labels(config.agents)
    n = len(results[0].returns) if results else 0
    wins_agent = dict.fromkeys(labels, 0)
    games_agent = dict.fromkeys(labels, 0)
    wins_seat = [0] * n
    draws = 0
    ok = [r for r in results if not r.error]
    for r in ok:
        for s in set(r.seats):
            games_agent[labels[s]] += 1
        won = winners(r.returns)
        if not won:  # nobody won: a draw (or everyone lost)
            draws += 1
            continue
        for p in won:  # several winners: a team won
            wins_seat[p] += 1
        for label in {labels[r.seats[p]] for p in won}:
            wins_agent[label] += 1
    lengths = [r.length for r in ok]
    mean = sum(lengths) / len(lengths) if lengths else 0.0
    var = sum((x - mean) ** 2 for x in lengths) / (len(lengths) - 1) if len(lengths) > 1 else 0.0
    summary: dict[str, Any] = {
        "game": config.game,
        "options": config.options,
        "seed": config.seed,
        "games": len(results),
        "agents": list(labels),
        "decks": list(config.decks) if config.decks else None,
        "wins_by_agent": wins_agent,
        "games_by_agent": games_agent,
        "wins_by_seat": wins_seat,
        "draws": draws,
        "length": {
            "mean": mean,
            "std": math.sqrt(var),
            "min": min(lengths, default=0),
            "max": max(lengths, default=0),
        },
        "errors": [{"game": r.index, "seed": r.seed, "error": r.error} for r in results if r.error],
        "duplicate": config.duplicate,
    }
    if config.duplicate:
        summary["deals"], summary["split_deals"] = split_deals(len(config.agents), ok)
    return summary


def split_deals(agents: int, results: Sequence[GameResult]) -> tuple[int, int]:
    """Of the deals of a duplicate batch played in full (``agents`` games sharing a seed,
    none of them an engine error): how many there are, and how many were split (every agent
    won the same number of the deal's games)."""
    deals: dict[int, list[GameResult]] = {}
    for r in results:
        deals.setdefault(r.seed, []).append(r)
    full = [games for games in deals.values() if len(games) == agents]
    split = 0
    for games in full:
        wins = [0] * agents
        for r in games:
            for s in {r.seats[p] for p in winners(r.returns)}:
                wins[s] += 1
        split += len(set(wins)) == 1
    return len(full), split


def agent_labels(agents: tuple[str, ...]) -> list[str]:
    """Agent labels; a spec used twice is told apart by its position (``random#2``)."""
    out = []
    for i, a in enumerate(agents):
        out.append(a if agents.count(a) == 1 else f"{a}#{i + 1}")
    return out
