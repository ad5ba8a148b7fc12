"""The plots of the balance report, drawn with matplotlib (Agg, no pyplot) as PNG images
embedded in the page (``<img src="data:image/png;base64,...">``).

matplotlib is imported only when a plot is drawn, so the rest of ``cardtable`` runs without
it. Each function takes parts of the JSON report (``balance.report``) and returns an
``<img>`` tag.

The words drawn are English (``balance_words.PLOTS``: no Japanese font is sure to be
installed); a page in another language gives each plot a ``caption``, its title in that
language, shown above the image and read as its ``alt`` text.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

ABOVE, BELOW, PLAIN, FAINT = "#1a7f37", "#c62828", "#1f5fa8", "#9aa5b1"
BEFORE, AFTER = "#9aa5b1", "#1f5fa8"


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig, fig.subplots()


def _img(fig: Figure, alt: str, caption: str = "") -> str:
    """The figure as an embedded PNG; with a ``caption``, in a ``<figure>`` under it."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    data = base64.b64encode(buf.getvalue()).decode("ascii")
    img = f'<img alt="{escape(caption or alt)}" src="data:image/png;base64,{data}">'
    if not caption:
        return img
    return f"<figure><figcaption>{escape(caption)}</figcaption>{img}</figure>"


class Row(NamedTuple):
    """One line of a forest plot: a value with its 95% interval, its flag, its number of
    samples, and its own reference (``None``: none drawn)."""

    name: str
    value: float
    low: float
    high: float
    flag: str
    samples: int
    reference: float | None = None


def _colour(row: Row, min_samples: int) -> str:
    if row.samples < min_samples:
        return FAINT
    return ABOVE if row.flag == "above" else BELOW if row.flag == "below" else PLAIN


def forest(
    rows: Sequence[Row],
    title: str,
    xlabel: str,
    min_samples: int,
    line: float | None = None,
    margin: float = 0.0,
    caption: str = "",
) -> str:
    """One row per item, top to bottom: its value (a dot) and 95% interval (a bar), green
    when flagged above, red when flagged below, grey with too few samples; a row's own
    reference is a black tick; ``line`` is a common reference, with ``margin`` shaded."""
    fig, ax = _figure(8.0, 0.9 + 0.22 * max(len(rows), 1))
    for y, row in enumerate(reversed(rows)):
        colour = _colour(row, min_samples)
        ax.plot([row.low, row.high], [y, y], color=colour, linewidth=2)
        ax.plot([row.value], [y], "o", color=colour, markersize=5)
        if row.reference is not None:
            ax.plot([row.reference], [y], "|", color="#222", markersize=10)
    if line is not None:
        ax.axvspan(line - margin, line + margin, color="#e6e6e6")
        ax.axvline(line, color="#222", linewidth=1)
    ax.set_yticks(range(len(rows)), [r.name for r in reversed(rows)], fontsize=8)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_title(title, fontsize=10, loc="left")
    ax.set_xlabel(xlabel, fontsize=9)
    ax.grid(axis="x", color="#eeeeee")
    return _img(fig, title, caption)


def length_histogram(
    runs: Sequence[tuple[str, dict[str, Any]]], unit: str = "decisions", caption: str = ""
) -> str:
    """Decisions (or ``unit``) per game: one histogram per run, overlaid, on the same bins,
    with each run's mean."""
    fig, ax = _figure(8.0, 3.2)
    colours = (AFTER,) if len(runs) == 1 else (BEFORE, AFTER)
    seen = [k for _, length in runs for k, _ in length["histogram"]]
    if seen:
        low, high = min(seen), max(seen)
        step = max(1, -(-(high - low + 1) // 40))
        bins = [low - 0.5 + step * i for i in range((high - low) // step + 2)]
    for (label, length), colour in zip(runs, colours, strict=False):
        if length["histogram"]:
            values = [k for k, _ in length["histogram"]]
            weights = [v for _, v in length["histogram"]]
            name = f"{label} (mean {length['mean']:.1f})".strip()
            ax.hist(values, bins=bins, weights=weights, alpha=0.55, color=colour, label=name)
            ax.axvline(length["mean"], color=colour, linewidth=1.5)
    ax.set_title(f"Game length in {unit}", fontsize=10, loc="left")
    ax.set_xlabel(f"{unit} per game", fontsize=9)
    ax.set_ylabel("games", fontsize=9)
    if seen:
        ax.legend(fontsize=8)
    return _img(fig, f"histogram of the game length in {unit}", caption)


def end_bars(runs: Sequence[tuple[str, list[dict[str, Any]]]], caption: str = "") -> str:
    """The share of games ending each way, with 95% intervals (one bar per run and reason);
    nothing when every game ended the same way."""
    hows = list(dict.fromkeys(e["how"] for _, ends in runs for e in ends))
    if len(hows) < 2:
        return ""
    fig, ax = _figure(8.0, 0.9 + 0.35 * len(hows) * len(runs))
    height = 0.8 / len(runs)
    colours = (AFTER,) if len(runs) == 1 else (BEFORE, AFTER)
    for k, ((label, ends), colour) in enumerate(zip(runs, colours, strict=False)):
        by_how = {e["how"]: (e["share"], e["low"], e["high"]) for e in ends}
        bars = [by_how.get(h, (0.0, 0.0, 0.0)) for h in hows]
        ys = [len(hows) - 1 - i + (len(runs) - 1 - k) * height for i in range(len(hows))]
        errs = [[max(0.0, s - lo) for s, lo, _ in bars], [max(0.0, hi - s) for s, _, hi in bars]]
        shares = [s for s, _, _ in bars]
        ax.barh(ys, shares, height=height, color=colour, xerr=errs, label=label, capsize=3)
    middle = (len(runs) - 1) * height / 2
    ax.set_yticks([len(hows) - 1 - i + middle for i in range(len(hows))], hows)
    ax.set_xlim(0, 1)
    ax.set_title("How games end (share, 95% interval)", fontsize=10, loc="left")
    if len(runs) > 1:
        ax.legend(fontsize=8)
    return _img(fig, "how games end", caption)
