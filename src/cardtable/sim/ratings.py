"""Ratings from game results: Bradley-Terry on the Elo scale, and the Wilson interval.

The model: agent ``i`` scores against agent ``j`` with probability
``1 / (1 + 10 ** ((R_j - R_i) / 400))``; a draw counts as half a win. Ratings are fitted by
maximum likelihood over all games, with the first agent anchored at 0. A weak prior of
``prior_draws`` virtual draws between every pair keeps the ratings finite when an agent wins
or loses every game. The 95% intervals come from the Fisher information at the fit (the
inverse of the negative Hessian of the log-likelihood), so they are deterministic and need
no resampling. Pure arithmetic: no numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
ELO = 400.0 / math.log(10.0)  # Elo points per natural-log unit of odds


@dataclass(frozen=True)
class Match:
    """What agents ``a`` and ``b`` did against each other: ``games`` games, ``score`` for ``a``
    (wins plus half the draws)."""

    a: int
    b: int
    games: float
    score: float


@dataclass(frozen=True)
class Rating:
    """An agent's Elo rating with its 95% interval (``low`` to ``high``)."""

    elo: float
    low: float
    high: float


def elo_difference(score: float) -> float:
    """The Elo difference that a score in (0, 1) implies (0.75 gives about +191)."""
    return ELO * math.log(score / (1.0 - score))


def wilson(score: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a mean score over ``games`` games ((0, 1) when there are
    none). Draws count as half a win, so ``score`` may lie between the binomial values."""
    if games <= 0:
        return 0.0, 1.0
    z2 = z * z / games
    centre = (score + z2 / 2) / (1 + z2)
    half = z / (1 + z2) * math.sqrt(score * (1 - score) / games + z2 / (4 * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def fit_ratings(
    agents: int, matches: Sequence[Match], prior_draws: float = 1.0, z: float = Z95
) -> list[Rating]:
    """Maximum-likelihood Bradley-Terry ratings on the Elo scale, agent 0 fixed at 0.

    Every pair of agents gets ``prior_draws`` virtual draws besides its ``matches`` (pass 0
    for the plain maximum likelihood, which needs each group of agents to have scored and
    conceded against the rest). Intervals are ``elo ± z * standard error`` from the Fisher
    information; agent 0's interval is ``[0, 0]`` since it is the anchor.
    """
    if agents < 1:
        raise ValueError("fit_ratings needs at least one agent")
    games, score = _tables(agents, matches, prior_draws)
    r = [0.0] * agents
    for _ in range(100):
        step = _solve(_information(r, games), _gradient(r, games, score))
        t, before = 1.0, _loglik(r, games, score)
        while t > 1e-6:
            trial = [0.0] + [r[i + 1] + t * step[i] for i in range(agents - 1)]
            if _loglik(trial, games, score) >= before - 1e-12:
                break
            t /= 2
        r = trial
        if max((abs(t * s) for s in step), default=0.0) < 1e-10:
            break
    cov = _inverse(_information(r, games))
    out = [Rating(0.0, 0.0, 0.0)]
    for i in range(1, agents):
        se = math.sqrt(max(cov[i - 1][i - 1], 0.0)) * ELO
        out.append(Rating(r[i] * ELO, r[i] * ELO - z * se, r[i] * ELO + z * se))
    return out


def _tables(
    agents: int, matches: Sequence[Match], prior: float
) -> tuple[list[list[float]], list[list[float]]]:
    """Games and scores per ordered pair: ``games[i][j]`` and ``score[i][j]`` (for ``i``)."""
    games = [[0.0 if i == j else prior for j in range(agents)] for i in range(agents)]
    score = [[0.0 if i == j else prior / 2 for j in range(agents)] for i in range(agents)]
    for m in matches:
        if m.a == m.b:
            raise ValueError(f"agent {m.a} cannot play itself")
        games[m.a][m.b] += m.games
        games[m.b][m.a] += m.games
        score[m.a][m.b] += m.score
        score[m.b][m.a] += m.games - m.score
    return games, score


def _p(d: float) -> float:
    """The logistic function, stable for large ``|d|``."""
    if d >= 0:
        return 1.0 / (1.0 + math.exp(-d))
    e = math.exp(d)
    return e / (1.0 + e)


def _loglik(r: list[float], games: list[list[float]], score: list[list[float]]) -> float:
    total = 0.0
    for i in range(len(r)):
        for j in range(i + 1, len(r)):
            if games[i][j]:
                p = min(max(_p(r[i] - r[j]), 1e-300), 1.0 - 1e-16)
                total += score[i][j] * math.log(p) + score[j][i] * math.log(1.0 - p)
    return total


def _gradient(r: list[float], games: list[list[float]], score: list[list[float]]) -> list[float]:
    """The gradient of the log-likelihood in the free ratings (all but agent 0)."""
    n = len(r)
    return [
        sum(score[i][j] - games[i][j] * _p(r[i] - r[j]) for j in range(n) if j != i)
        for i in range(1, n)
    ]


def _information(r: list[float], games: list[list[float]]) -> list[list[float]]:
    """The Fisher information (negative Hessian) in the free ratings (all but agent 0)."""
    n = len(r)
    w = [[games[i][j] * _p(r[i] - r[j]) * _p(r[j] - r[i]) for j in range(n)] for i in range(n)]
    return [
        [sum(w[i][k] for k in range(n) if k != i) if i == j else -w[i][j] for j in range(1, n)]
        for i in range(1, n)
    ]


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small positive-definite matrix (Gauss-Jordan with pivoting)."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda i: abs(a[i][c]))
        if abs(a[pivot][c]) < 1e-300:
            raise ValueError("the ratings are not determined by these results")
        a[c], a[pivot] = a[pivot], a[c]
        inv = 1.0 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for i in range(n):
            if i != c and a[i][c]:
                f = a[i][c]
                a[i] = [x - f * y for x, y in zip(a[i], a[c], strict=True)]
    return [row[n:] for row in a]


def _solve(m: list[list[float]], v: list[float]) -> list[float]:
    """``m^-1 v`` for the small matrices here."""
    inv = _inverse(m)
    return [sum(x * y for x, y in zip(row, v, strict=True)) for row in inv]
