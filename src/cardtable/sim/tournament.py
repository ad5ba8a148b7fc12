"""Round-robin tournaments between agents: the schedule, the results per pair, the ratings.

Schedule. Every pair of agents ``(i, j)``, ``i < j`` in the order given, plays ``games`` games
through the batch runner (``runner.run_many``), as a batch whose agents are ``(i, j)``. The
runner seats a batch's agents rotated by the game's index, so in a two-player game the pair
swaps seats every game (with an odd count, ``i`` has seat 0 once more); with more players the
pair fills the seats alternately (``i, j, i, ...`` then ``j, i, j, ...``). A pair's game counts
as a win for the agent whose seats got the higher mean return, a draw when the means are equal.
With several decks, each pair's games are split into one block per rotation of the deck list
so that both agents play every deck about equally often. In a *mirror* tournament every game is
a mirror match instead: one block per deck, in which every seat plays that deck (so that an
uneven pairing of decks cannot hide the difference between the agents). Block ``r`` of pair
``k`` has the seed ``derive_seed(seed, k, r)``, so the results depend on the seed only, never
on ``jobs``.

Duplicate deals. With ``duplicate`` each deal (the shuffles, and the deck in each seat) is
played twice, the pair swapping seats (``SimConfig.duplicate``). The score's interval then
comes from the pair's mean score on each deal, so the luck of the cards that falls on both
agents alike no longer widens it (``PairResult.interval``); a *split* deal is one on which
both agents scored alike (each won once), so the cards and seats, not the agents, decided it.

Ratings: see ``ratings.py`` (Bradley-Terry on the Elo scale, first agent at 0, Fisher
intervals). Nothing here prints.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.errors import CardtableError
from cardtable.core.rng import derive_seed
from cardtable.sim.backends import Backend
from cardtable.sim.ratings import Z95, Match, Rating, fit_ratings, wilson
from cardtable.sim.runner import GameResult, SimConfig, agent_labels, run_many
from cardtable.sim.runner import validate as validate_batch

PRIOR_DRAWS = 1.0
SEATING = (
    "every pair plays its games with seats swapped each game; with more than two players "
    "the pair fills the seats alternately (A,B,A,... then B,A,B,...); a game is won by the "
    "agent whose seats have the higher mean return"
)
DUPLICATE = (
    "; duplicate deals: each deal (the shuffles and the deck in each seat) is played twice, "
    "the agents swapping seats, and the score's interval comes from the pair's mean score "
    "per deal"
)
METHOD = (
    "Bradley-Terry maximum likelihood on the Elo scale over all games, draws as half wins, "
    "first agent anchored at 0, one virtual draw per pair as a prior; 95% intervals from "
    "the Fisher information"
)


@dataclass(frozen=True)
class TournamentConfig:
    """What to play: ``games`` games for every pair of ``agents`` (specs), with ``decks``
    rotated among the seats or, with ``mirror``, each deck against itself."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    decks: tuple[str, ...] | None = None
    mirror: bool = False
    duplicate: bool = False


@dataclass(frozen=True)
class PairResult:
    """Agent ``a`` against agent ``b`` (indices into the agents): ``a``'s wins, draws and losses,
    the games that ended in an engine error (as ``(seed, message)``), and with duplicate deals
    ``a``'s mean score on each deal."""

    a: int
    b: int
    wins: int
    draws: int
    losses: int
    errors: tuple[tuple[int, str], ...] = ()
    deals: tuple[float, ...] = ()

    @property
    def games(self) -> int:
        """Games that finished."""
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """``a``'s mean score (a draw is half a win); 0.5 when no game finished."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.5

    @property
    def split_deals(self) -> int:
        """Deals on which the two agents scored alike (a mean score of one half): each won
        one game, or every game was drawn."""
        return self.deals.count(0.5)

    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``score``: with duplicate deals ``paired_interval`` of the
        deals' mean scores, otherwise the Wilson interval over the games."""
        if self.deals:
            return paired_interval(self.score, self.deals)
        return wilson(self.score, self.games)

    def flipped(self) -> PairResult:
        """The same games from ``b``'s side."""
        deals = tuple(1.0 - x for x in self.deals)
        return PairResult(self.b, self.a, self.losses, self.draws, self.wins, self.errors, deals)


def paired_interval(score: float, deals: Sequence[float]) -> tuple[float, float]:
    """A 95% interval for ``score`` from the mean scores of independent deals:
    ``score ± 1.96·s/√k`` for ``k`` deals, where ``s²`` is the deals' sample variance with two
    virtual deals added, one lost and one won (so that a few deals that all went alike, or all
    split, do not give a zero width); clipped to 0..1."""
    values = [*deals, 0.0, 1.0]
    k = len(values)
    mean = sum(values) / k
    var = sum((x - mean) ** 2 for x in values) / (k - 1)
    half = Z95 * math.sqrt(var / len(deals))
    return max(0.0, score - half), min(1.0, score + half)


@dataclass(frozen=True)
class TournamentResult:
    """Everything a tournament produced; ``ratings[i]`` belongs to ``labels[i]``."""

    config: TournamentConfig
    labels: list[str]
    pairs: list[PairResult]
    ratings: list[Rating]
    prior_draws: float = PRIOR_DRAWS
    lengths: list[int] = field(default_factory=list)


def check(config: TournamentConfig) -> None:
    """Raise ``CardtableError`` for fewer than two agents or fewer than one game per pair."""
    if len(config.agents) < 2:
        raise CardtableError("a tournament needs at least 2 agents, e.g. --agents random,greedy")
    if config.games < 1:
        raise CardtableError("--games must be at least 1")
    if config.mirror and not config.decks:
        raise CardtableError("a mirror tournament needs decks (--deck), and this game has none")


def validate(config: TournamentConfig) -> None:
    """``check``, then the game, options, every agent spec and deck (raises
    ``CardtableError``); call it before showing progress so that bad input fails at once."""
    check(config)
    validate_batch(SimConfig(config.game, config.options, 1, config.agents, 0, config.decks))


def block_sizes(games: int, blocks: int) -> list[int]:
    """Split a pair's ``games`` into ``blocks`` even-sized parts as far as possible (so that
    seats swap evenly in each); an odd game goes to the last part. Empty parts are dropped."""
    twos = games // 2
    sizes = [2 * (twos // blocks + (r < twos % blocks)) for r in range(blocks)]
    sizes[-1] += games % 2
    return [s for s in sizes if s]


def schedule(config: TournamentConfig) -> list[tuple[int, int, SimConfig]]:
    """The batches to play, as ``(i, j, batch)`` with the batch's agents ``(i, j)``."""
    decks = config.decks or ()
    rotations: list[tuple[str, ...]]
    if config.mirror:
        rotations = [(d,) for d in decks]
    else:
        rotations = [decks[r:] + decks[:r] for r in range(len(decks))] or [()]
    out = []
    n = len(config.agents)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    for k, (i, j) in enumerate(pairs):
        for r, games in enumerate(block_sizes(config.games, len(rotations))):
            batch = SimConfig(
                config.game,
                config.options,
                games,
                (config.agents[i], config.agents[j]),
                derive_seed(config.seed, k, r),
                rotations[r] or None,
                duplicate=config.duplicate,
            )
            out.append((i, j, batch))
    return out


def game_score(result: GameResult) -> float:
    """The score of the batch's first agent in one game: 1, 0.5 or 0 (by mean return)."""
    mine = [v for v, s in zip(result.returns, result.seats, strict=True) if s == 0]
    theirs = [v for v, s in zip(result.returns, result.seats, strict=True) if s == 1]
    a, b = sum(mine) / len(mine), sum(theirs) / len(theirs)
    return 1.0 if a > b else 0.0 if a < b else 0.5


def tally(a: int, b: int, results: Sequence[GameResult], duplicate: bool = False) -> PairResult:
    """Count ``a``'s wins, draws and losses over the games of its batches against ``b``; with
    ``duplicate`` also ``a``'s mean score on each deal (the games sharing a seed)."""
    scored = [(r.seed, game_score(r)) for r in results if not r.error]
    ok = [score for _, score in scored]
    errors = tuple((r.seed, r.error) for r in results if r.error)
    by_deal: dict[int, list[float]] = {}
    if duplicate:
        for seed, score in scored:
            by_deal.setdefault(seed, []).append(score)
    deals = tuple(sum(v) / len(v) for v in by_deal.values())
    return PairResult(a, b, ok.count(1.0), ok.count(0.5), ok.count(0.0), errors, deals)


def rate(
    agents: int, pairs: Sequence[PairResult], prior_draws: float = PRIOR_DRAWS
) -> list[Rating]:
    """Elo ratings with 95% intervals from the pairs' results (see ``ratings.fit_ratings``)."""
    matches = [Match(p.a, p.b, p.games, p.wins + p.draws / 2) for p in pairs]
    return fit_ratings(agents, matches, prior_draws)


def play(
    config: TournamentConfig,
    jobs: int | Backend = 1,
    progress: Callable[[int], None] | None = None,
) -> TournamentResult:
    """Play the whole round robin and rate the agents; identical results for any ``jobs``.

    Raises ``CardtableError`` for bad input (agents, game, options, decks) before any game is
    played. ``progress`` gets the number of games finished so far (see ``total_games``).
    """
    validate(config)
    plan = schedule(config)
    batches = run_many([batch for _, _, batch in plan], jobs, progress)
    merged: dict[tuple[int, int], list[GameResult]] = {}
    for (i, j, _), results in zip(plan, batches, strict=True):
        merged.setdefault((i, j), []).extend(results)
    pairs = [tally(i, j, results, config.duplicate) for (i, j), results in merged.items()]
    lengths = [r.length for results in batches for r in results if not r.error]
    labels = agent_labels(config.agents)
    return TournamentResult(config, labels, pairs, rate(len(labels), pairs), lengths=lengths)


def total_games(config: TournamentConfig) -> int:
    """How many games the tournament plays."""
    n = len(config.agents)
    return n * (n - 1) // 2 * config.games


def versus(result: TournamentResult, i: int, j: int) -> PairResult | None:
    """Agent ``i`` against agent ``j``, from ``i``'s side (``None`` when ``i == j``)."""
    for p in result.pairs:
        if (p.a, p.b) == (i, j):
            return p
        if (p.a, p.b) == (j, i):
            return p.flipped()
    return None


def ranking(result: TournamentResult) -> list[int]:
    """Agent indices from the highest rating to the lowest (ties keep the given order)."""
    return sorted(range(len(result.labels)), key=lambda i: -result.ratings[i].elo)


def agent_record(result: TournamentResult, i: int) -> tuple[int, float]:
    """Agent ``i``'s finished games and mean score over the whole tournament."""
    games, points = 0, 0.0
    for j in range(len(result.labels)):
        p = versus(result, i, j)
        if p is not None:
            games += p.games
            points += p.wins + p.draws / 2
    return games, points / games if games else 0.5


def to_json(result: TournamentResult) -> dict[str, Any]:
    """The JSON-ready summary: settings, per-pair results, ratings (best first), errors."""
    c, labels = result.config, result.labels
    errors = [
        {"a": labels[p.a], "b": labels[p.b], "seed": seed, "error": message}
        for p in result.pairs
        for seed, message in p.errors
    ]
    return {
        "game": c.game,
        "options": c.options,
        "seed": c.seed,
        "games_per_pair": c.games,
        "games": sum(p.games for p in result.pairs) + len(errors),
        "agents": labels,
        "specs": list(c.agents),
        "decks": list(c.decks) if c.decks else None,
        "mirror": c.mirror,
        "duplicate": c.duplicate,
        "deck_plan": deck_plan(c),
        "seating": SEATING + (DUPLICATE if c.duplicate else ""),
        "rating": {"method": METHOD, "anchor": labels[0], "prior_draws": result.prior_draws},
        "pairs": [_pair_json(p, labels) for p in result.pairs],
        "ratings": [_rating_json(result, i) for i in ranking(result)],
        "length": _length(result.lengths),
        "errors": errors,
    }


def _pair_json(p: PairResult, labels: list[str]) -> dict[str, Any]:
    """One pair's results, with the interval of its score."""
    low, high = p.interval()
    return {
        "a": labels[p.a],
        "b": labels[p.b],
        "games": p.games,
        "wins": p.wins,
        "draws": p.draws,
        "losses": p.losses,
        "score": p.score,
        "score_low": low,
        "score_high": high,
        "deals": len(p.deals),
        "split_deals": p.split_deals,
        "errors": len(p.errors),
    }


def _rating_json(result: TournamentResult, i: int) -> dict[str, Any]:
    """Agent ``i``'s rating, with its interval, games and score."""
    r = result.ratings[i]
    games, score = agent_record(result, i)
    return {
        "agent": result.labels[i],
        "spec": result.config.agents[i],
        "elo": r.elo,
        "low": r.low,
        "high": r.high,
        "games": games,
        "score": score,
    }


def deck_plan(config: TournamentConfig) -> str:
    """Which decks the games were played with, in words."""
    if not config.decks:
        return "every game with the game's default decks"
    names = ", ".join(config.decks)
    if config.mirror:
        return f"mirror matches: every seat plays the same deck, in turn each of {names}"
    return f"decks {names}, rotated among the seats so that each agent plays each"


def _length(lengths: list[int]) -> dict[str, float]:
    """Mean, least and most decisions per finished game."""
    if not lengths:
        return {"mean": 0.0, "min": 0, "max": 0}
    return {"mean": sum(lengths) / len(lengths), "min": min(lengths), "max": max(lengths)}
