"""The tournament report as one self-contained HTML page (inline CSS and SVG, no scripts).

``tournament_html`` takes the JSON summary of ``tournament.to_json``, so a saved
``tournament.json`` can be turned into a page again.
"""

from __future__ import annotations

import json
import math
from html import escape
from typing import Any

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 4px 10px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: bold; margin-bottom: 4px; }
p.note { color: #555; max-width: 60em; }
"""


def tournament_html(summary: dict[str, Any]) -> str:
    """The whole page: settings, the ratings table and chart, the score matrix, the pairs."""
    title = f"cardtable tournament: {summary['game']}"
    options = json.dumps(summary["options"], sort_keys=True)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
            f"<h1>{escape(title)}</h1>",
            f"<p>options {escape(options)} · seed {summary['seed']} · "
            f"{summary['games_per_pair']} games per pair · {summary['games']} games · "
            f"{len(summary['errors'])} errors</p>",
            f"<p>{escape(summary['deck_plan'])}</p>",
            f'<p class="note">{escape(summary["seating"])}. '
            f"Ratings: {escape(summary['rating']['method'])}.</p>",
            ratings_table(summary),
            ratings_svg(summary["ratings"]),
            matrix_table(summary),
            pairs_table(summary),
            "</body></html>",
            "",
        ]
    )


def ratings_table(summary: dict[str, Any]) -> str:
    """The ratings, best first, with their 95% intervals, games and mean scores."""
    anchor = summary["rating"]["anchor"]
    rows = [
        f"<tr><td>{escape(r['agent'])}</td><td>{r['elo']:+.0f}</td>"
        f"<td>{_interval(r, anchor)}</td><td>{r['games']}</td>"
        f"<td>{r['score']:.1%}</td></tr>"
        for r in summary["ratings"]
    ]
    head = "<tr><th>agent</th><th>Elo</th><th>95% interval</th><th>games</th><th>score</th></tr>"
    return f"<table><caption>Ratings</caption>{head}{''.join(rows)}</table>"


def _interval(r: dict[str, Any], anchor: str) -> str:
    return "anchor" if r["agent"] == anchor else f"{r['low']:+.0f} to {r['high']:+.0f}"


def matrix_table(summary: dict[str, Any]) -> str:
    """Each row agent's score against each column agent, shaded red (0%) to green (100%)."""
    agents: list[str] = summary["agents"]
    cells: dict[tuple[str, str], tuple[float, str]] = {}
    for p in summary["pairs"]:
        wdl = f"{p['wins']}-{p['draws']}-{p['losses']}"
        ldw = f"{p['losses']}-{p['draws']}-{p['wins']}"
        cells[p["a"], p["b"]] = (p["score"], wdl)
        cells[p["b"], p["a"]] = (1.0 - p["score"], ldw)
    head = "".join(f"<th>{escape(a)}</th>" for a in agents)
    rows = []
    for a in agents:
        tds = []
        for b in agents:
            if (a, b) not in cells:
                tds.append("<td>·</td>")
                continue
            score, wdl = cells[a, b]
            colour = f"hsl({120 * score:.0f}, 60%, 85%)"
            tds.append(f'<td style="background:{colour}" title="W-D-L {wdl}">{score:.1%}</td>')
        rows.append(f"<tr><th>{escape(a)}</th>{''.join(tds)}</tr>")
    caption = "Score of the row against the column (hover: wins-draws-losses)"
    return f"<table><caption>{caption}</caption><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def pairs_table(summary: dict[str, Any]) -> str:
    """Every pair: wins, draws and losses of the first, its score and 95% interval, and with
    duplicate deals how many deals split."""
    dup = bool(summary.get("duplicate"))
    head = (
        "<tr><th>pair</th><th>games</th><th>wins</th><th>draws</th><th>losses</th>"
        "<th>score</th><th>95% interval</th>"
        + ("<th>deals split</th>" if dup else "")
        + "<th>errors</th></tr>"
    )
    rows = [
        f"<tr><td>{escape(p['a'])} vs {escape(p['b'])}</td><td>{p['games']}</td>"
        f"<td>{p['wins']}</td><td>{p['draws']}</td><td>{p['losses']}</td>"
        f"<td>{p['score']:.1%}</td><td>{p['score_low']:.1%} to {p['score_high']:.1%}</td>"
        + (f"<td>{p['split_deals']} of {p['deals']}</td>" if dup else "")
        + f"<td>{p['errors']}</td></tr>"
        for p in summary["pairs"]
    ]
    return f"<table><caption>Pairs</caption>{head}{''.join(rows)}</table>"


def nice_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering ``low..high``."""
    span = max(high - low, 1e-9)
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return [m * step for m in range(math.ceil(low / step), math.floor(high / step) + 1)]


def ratings_svg(ratings: list[dict[str, Any]]) -> str:
    """A chart of the ratings (points) with their 95% intervals (error bars), best on top."""
    left, width, row, top = 180, 720, 32, 16
    plot = width - left - 40
    height = top + row * len(ratings) + 54
    low = min([float(r["low"]) for r in ratings] + [0.0])
    high = max([float(r["high"]) for r in ratings] + [0.0])
    pad = max((high - low) * 0.05, 25.0)
    low, high = low - pad, high + pad

    def x(v: float) -> float:
        return left + (v - low) / (high - low) * plot

    axis_y = top + row * len(ratings) + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Elo ratings with 95% intervals">',
        f'<line x1="{left}" y1="{axis_y}" x2="{left + plot}" y2="{axis_y}" stroke="#444"/>',
    ]
    for t in nice_ticks(low, high):
        parts.append(
            f'<line x1="{x(t):.1f}" y1="{top}" x2="{x(t):.1f}" y2="{axis_y + 4}" '
            f'stroke="{"#888" if t == 0 else "#e4e4e4"}"/>'
            f'<text x="{x(t):.1f}" y="{axis_y + 18}" font-size="12" '
            f'text-anchor="middle">{t:+g}</text>'
        )
    parts.append(
        f'<text x="{left + plot / 2}" y="{axis_y + 36}" font-size="12" '
        'text-anchor="middle">Elo (95% interval)</text>'
    )
    for k, r in enumerate(ratings):
        y = top + row * k + row / 2
        parts.append(
            f'<text x="{left - 10}" y="{y + 4}" font-size="13" '
            f'text-anchor="end">{escape(r["agent"])}</text>'
            f'<line x1="{x(r["low"]):.1f}" y1="{y}" x2="{x(r["high"]):.1f}" y2="{y}" '
            'stroke="#1f5fa8" stroke-width="2"/>'
            + "".join(
                f'<line x1="{x(e):.1f}" y1="{y - 6}" x2="{x(e):.1f}" y2="{y + 6}" '
                'stroke="#1f5fa8" stroke-width="2"/>'
                for e in (r["low"], r["high"])
            )
            + f'<circle cx="{x(r["elo"]):.1f}" cy="{y}" r="5" fill="#1f5fa8">'
            f"<title>{escape(r['agent'])}: {r['elo']:+.0f} "
            f"({r['low']:+.0f} to {r['high']:+.0f})</title></circle>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
