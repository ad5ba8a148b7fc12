"""The statistics of a balance report: tallies of results, 95% intervals, and the flag rule.

- A *score* is a win rate with draws counted as half a win; its interval is Wilson's.
- A mean (game length) gets a Student t interval.
- A difference of two scores (``--compare``) gets Newcombe's hybrid score interval, built from
  the two Wilson intervals; where both runs played the same deals (seats, decks, agents and
  matchups), a paired interval over the deals instead; a difference of two means gets
  Welch's interval.
- The flag rule: an item *stands out* when it has at least ``min_samples`` samples and its
  whole 95% interval lies more than ``margin`` above or below a reference (the overall score
  for a score, 0 for a difference).

Pure arithmetic: no numpy, no scipy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.core.i18n import N_, Lang, translator
from cardtable.sim.ratings import Z95, wilson

MARGIN = 0.03
MIN_SAMPLES = 30

# Student t, 97.5% quantile, for 1..30 degrees of freedom (beyond: a series in 1/df).
_T975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip


def t975(df: float) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (``inf`` below 1)."""
    if df < 1:
        return math.inf
    if df <= 30:
        return _T975[int(df) - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def interval(score: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a score over ``n`` samples, widened by rounding errors so
    that it always holds the score; ``(0, 1)`` when there are none."""
    low, high = wilson(score, n)
    return (min(low, score), max(high, score)) if n else (low, high)


@dataclass
class Tally:
    """Results of one group of player-games: points are 1 (win), 0.5 (draw) or 0 (loss)."""

    n: int = 0
    wins: int = 0
    draws: int = 0

    def add(self, points: float) -> None:
        """Count one player-game."""
        self.n += 1
        if points == 1.0:
            self.wins += 1
        elif points == 0.5:
            self.draws += 1

    @property
    def score(self) -> float:
        """Wins plus half the draws, over the games (0.0 when there are none)."""
        return (self.wins + self.draws / 2) / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the score."""
        return interval(self.score, self.n)

    def to_json(self) -> dict[str, Any]:
        """``n``, ``wins``, ``draws``, ``losses``, ``score`` and its interval ``low``..``high``."""
        low, high = self.interval()
        losses = self.n - self.wins - self.draws
        return {
            "n": self.n,
            "wins": self.wins,
            "draws": self.draws,
            "losses": losses,
            "score": self.score,
            "low": low,
            "high": high,
        }


def share(k: int, n: int) -> dict[str, Any]:
    """A proportion ``k / n`` with its 95% Wilson interval."""
    low, high = interval(k / n if n else 0.0, n)
    return {"n": k, "share": k / n if n else 0.0, "low": low, "high": high}


def mean_interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation and the 95% t interval of the mean (``low``..``high``); with
    fewer than two values the interval is unknown (``None``)."""
    n = len(values)
    mean = math.fsum(values) / n if n else 0.0
    if n < 2:
        return {"n": n, "mean": mean, "sd": 0.0, "low": None, "high": None}
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t975(n - 1) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


def score_difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b``'s score minus ``a``'s (both as ``Tally.to_json``), with Newcombe's 95% hybrid
    score interval; the two groups are taken as independent."""
    d = b["score"] - a["score"]
    low = d - math.hypot(b["score"] - b["low"], a["high"] - a["score"])
    high = d + math.hypot(b["high"] - b["score"], a["score"] - a["low"])
    return {"delta": d, "low": low, "high": high, "n_a": a["n"], "n_b": b["n"]}


def paired_difference(deals: Sequence[tuple[float, float, int]]) -> dict[str, Any]:
    """The change of a score between two runs played on the same deals. ``deals`` holds, per
    deal, the points of the group's player-games in the first run, in the second, and how
    many player-games that is (the same in both). The change is the second score minus the
    first; its 95% interval is Student t's over the deals, each deal one sample (a ratio
    estimator, so the player-games of one deal are not taken as independent). Shared deals
    cancel the luck of the deal, which the unpaired ``score_difference`` counts as noise. A
    score lies in 0..1, so the interval is cut to -1..+1 (a few deals can spread it wider).
    With fewer than two deals the interval is unknown (``None``)."""
    n = sum(c for _, _, c in deals)
    g = len(deals)
    d = math.fsum(y - x for x, y, _ in deals) / n if n else 0.0
    out: dict[str, Any] = {"delta": d, "low": None, "high": None, "n_a": n, "n_b": n, "deals": g}
    if g >= 2 and n:
        spread = math.fsum(((y - x) - d * c) ** 2 for x, y, c in deals) * g / (g - 1)
        half = t975(g - 1) * math.sqrt(spread) / n
        out["low"], out["high"] = max(d - half, -1.0), min(d + half, 1.0)
    return out


def mean_difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b``'s mean minus ``a``'s (both as ``mean_interval``) with Welch's 95% interval
    (``None`` when either has fewer than two values)."""
    d = b["mean"] - a["mean"]
    va, vb = a["sd"] ** 2 / max(a["n"], 1), b["sd"] ** 2 / max(b["n"], 1)
    se = math.sqrt(va + vb)
    if a["n"] < 2 or b["n"] < 2:
        return {"delta": d, "low": None, "high": None, "n_a": a["n"], "n_b": b["n"]}
    df = (va + vb) ** 2 / ((va**2 / (a["n"] - 1)) + (vb**2 / (b["n"] - 1))) if se else 1e9
    half = t975(df) * se
    return {"delta": d, "low": d - half, "high": d + half, "n_a": a["n"], "n_b": b["n"]}


def stands_out(
    low: float,
    high: float,
    samples: int,
    reference: float,
    margin: float = MARGIN,
    min_samples: int = MIN_SAMPLES,
) -> str:
    """The flag rule: ``"above"`` when ``low > reference + margin``, ``"below"`` when
    ``high < reference - margin``, with at least ``min_samples`` samples; else ``""``."""
    if samples < min_samples:
        return ""
    if low > reference + margin:
        return "above"
    if high < reference - margin:
        return "below"
    return ""


def flag_rule_text(margin: float, min_samples: int, lang: Lang = "en") -> str:
    """The flag rule in words, for the report, in ``lang``."""
    _ = translator("cardtable", lang)
    return _(
        N_("an item is flagged when it has at least {min_samples} samples and its whole 95% "
           "interval lies more than {margin} above or below its reference. The reference of a "
           "seat, deck or agent is the overall win rate; that of a card's win rate when played "
           "(or per mark, such as on court) is the win rate its decks alone give over the same "
           "player-games (so a strong deck does not flag all its cards); that of a change "
           "between two card sets is the change of the reference"),
        min_samples=min_samples, margin=f"{margin:.0%}",
    )  # fmt: skip
