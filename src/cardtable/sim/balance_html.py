"""The balance report as one self-contained HTML page: tables, and matplotlib plots embedded
as PNG images (``balance_plots``); no scripts, nothing fetched.

``balance_html`` takes the JSON report of ``balance.report``, so a saved ``balance.json`` can
be turned into a page again.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from cardtable.sim.balance_plots import Row, end_bars, forest, length_histogram
from cardtable.sim.balance_tables import (
    cards_table,
    ends_table,
    errors_table,
    flag_cell,
    flags_table,
    group_names,
    groups_table,
    length_table,
    matchups_table,
    pct,
    points,
    short_games,
    span,
    table,
)
from cardtable.sim.suggest_html import suggestions_section

Json = dict[str, Any]

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 80em; }
table { border-collapse: collapse; margin: 1em 0; font-size: 14px; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
th:first-child, td:first-child { text-align: left; }
caption { text-align: left; font-weight: bold; margin-bottom: 4px; }
p.note { color: #555; max-width: 60em; }
td.above { background: #dcf5e3; } td.below { background: #fbe0e0; }
img { display: block; margin: 1em 0; max-width: 100%; }
"""


def balance_html(report: Json) -> str:
    """The whole page: settings and rules; with ``--compare`` what changed first; then per
    card set the flagged items, seats, decks and agents, game length, how games end and
    every card."""
    title = f"cardtable balance: {report['title']}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        settings(report),
    ]
    other = report["compare"]
    if other is None:
        parts.append(run_sections(report, report["base"], "Results"))
    else:
        label = escape(str(other["cards_option"]))
        parts += [
            compare_sections(report),
            run_sections(report, report["base"], "Results with the base card set"),
            run_sections(report, other, f"Results with cards {label}"),
        ]
    if report.get("suggestions"):
        parts.append(suggestions_section(report["suggestions"]))
    parts += ["</body></html>", ""]
    return "\n".join(parts)


def settings(report: Json) -> str:
    """What was played, and the rules behind the numbers."""
    r = report["rules"]
    decks = ", ".join(report["decks"])
    compare = report["compare"] and report["compare"]["cards_option"]
    return (
        f"<p>{report['games']} games per card set · agents {escape(', '.join(report['agents']))}"
        f" · decks {escape(decks)} · seed {report['seed']} · options "
        f"{escape(json.dumps(report['options'], sort_keys=True))}"
        + (f" · compared with cards {escape(str(compare))}" if compare else "")
        + "</p>"
        f'<p class="note">Win rate: {escape(r["score"])}. Played: {escape(r["played"])}. '
        f"Expected: a card's win rate from its decks alone (the mean deck win rate over the "
        f"same player-games). Flags: {escape(r['flag'])}. Intervals are 95%: Wilson for "
        "rates, Student t for mean lengths, Newcombe for differences of rates.</p>"
    )


def run_sections(report: Json, run: Json, heading: str) -> str:
    """Flagged items, the groups, length, ends, cards and errors of one run."""
    r = report["rules"]
    return "\n".join(
        [
            f"<h2>{escape(heading)}</h2>",
            f"<p>{run['finished']} of {run['games']} games finished · overall win rate "
            f"{pct(run['overall']['score'])} · {len(run['errors'])} errors</p>",
            flags_table(run["flags"]),
            groups_table(run),
            forest(
                _group_rows(run),
                "Win rate by seat, deck and agent",
                "win rate",
                r["min_samples"],
                run["overall"]["score"],
                r["margin"],
            ),
            *([matchups_table(run)] if run["matchups"] else []),
            length_table([("", run["length"])]),
            length_histogram([(heading, run["length"])]),
            *_unit_sections(run, heading),
            ends_table(run["ends"]),
            end_bars([(heading, run["ends"])]),
            *card_plots(run, r["min_samples"]),
            cards_table(run),
            errors_table(run["errors"]),
        ]
    )


def _unit_sections(run: Json, heading: str) -> list[str]:
    """The game's length in its own unit (turns, rounds, periods), when it has one."""
    units = run["units"]
    if units is None:
        return []
    unit = units["unit"]
    return [
        length_table([("", units)], unit),
        short_games(units),
        length_histogram([(heading, units)], unit),
    ]


def _group_rows(run: Json) -> list[Row]:
    return [
        Row(name, x["score"], x["low"], x["high"], x["flag"], x["n"])
        for name, x in group_names(run)
    ]


def card_plots(run: Json, min_samples: int) -> list[str]:
    """A forest plot per card metric (played, then each mark), most above expected first."""
    labels = dict.fromkeys(label for c in run["cards"] for label in c["marks"])
    out = []
    for metric in ["played", *labels]:
        rows = []
        for c in run["cards"]:
            x = c["played"] if metric == "played" else c["marks"].get(metric)
            if x and x["n"]:
                name = f"{c['card']} ({x['n']})"
                rows.append(
                    Row(name, x["score"], x["low"], x["high"], x["flag"], x["n"], x["reference"])
                )
        rows.sort(key=lambda row: (-(row.value - (row.reference or 0.0)), row.name))
        if rows:
            title = f"Win rate when {metric}, per card (tick: expected from its decks)"
            out.append(forest(rows, title, "win rate", min_samples))
    return out


def compare_sections(report: Json) -> str:
    """What changed from the base card set to the compared one."""
    ch, base, other = report["changes"], report["base"], report["compare"]
    r = report["rules"]
    label = str(other["cards_option"])
    runs = [("before", base), ("after", other)]
    return "\n".join(
        [
            f"<h2>What changed with cards {escape(label)}</h2>",
            '<p class="note">The same seeds, agents and decks were played with the other card '
            "set. Differences are after minus before.</p>",
            change_flags_table(ch["flags"]),
            change_table("Seats, decks and agents", _change_groups(ch)),
            length_table([(name, run["length"]) for name, run in runs]),
            _length_change(ch["length"]),
            length_histogram([(name, run["length"]) for name, run in runs]),
            end_change_table(ch["ends"]),
            end_bars([(name, run["ends"]) for name, run in runs]),
            card_change_plot(ch, r["min_samples"]),
            card_change_table(ch),
        ]
    )


def change_flags_table(flags: list[Json]) -> str:
    """The changes that stand out."""
    if not flags:
        return "<p>No change stands out under the flag rule.</p>"
    rows = [
        [
            escape(f["kind"]),
            escape(f["name"]),
            escape(f["metric"]),
            flag_cell(f["direction"]),
            pct(f["before"]),
            pct(f["after"]),
            points(f["delta"]),
            f"{points(f['low'])} to {points(f['high'])}",
        ]
        for f in flags
    ]
    head = ["kind", "item", "metric", "flag", "before", "after", "change", "95% interval"]
    return table("Flagged changes", head, rows)


def _change_groups(ch: Json) -> list[tuple[str, Json]]:
    out = [(f"seat P{x['seat']}", x) for x in ch["seats"]]
    out += [(f"deck {x['deck']}", x) for x in ch["decks"]]
    return out + [(f"agent {x['agent']}", x) for x in ch["agents"]]


def change_table(caption: str, items: list[tuple[str, Json]]) -> str:
    """Win rates before and after, the change and its interval, the flag."""
    rows = [
        [
            escape(name),
            pct(x["before"]),
            pct(x["after"]),
            points(x["delta"]),
            f"{points(x['low'])} to {points(x['high'])}",
            flag_cell(x["flag"]),
        ]
        for name, x in items
    ]
    return table(caption, ["", "before", "after", "change", "95% interval", "flag"], rows)


def _length_change(x: Json) -> str:
    return (
        f"<p>Mean length change: {x['delta']:+.1f} decisions "
        f"(95% interval {span(x, sign='+')}).</p>"
    )


def end_change_table(ends: list[Json]) -> str:
    """Each end reason's share before and after, and the change."""
    rows = [
        [
            escape(e["how"]),
            pct(e["before"]),
            pct(e["after"]),
            points(e["delta"]),
            f"{points(e['low'])} to {points(e['high'])}",
        ]
        for e in ends
    ]
    return table("How games end", ["how", "before", "after", "change", "95% interval"], rows)


def card_change_plot(ch: Json, min_samples: int) -> str:
    """The change of each card's win rate when played (tick: the change its decks explain)."""
    rows = []
    for c in ch["cards"]:
        x = c["played"]
        if x:
            rows.append(
                Row(
                    c["card"],
                    x["delta"],
                    x["low"],
                    x["high"],
                    x["flag"],
                    min(x["n_a"], x["n_b"]),
                    x["reference"],
                )
            )
    rows.sort(key=lambda row: (-(row.value - (row.reference or 0.0)), row.name))
    if not rows:
        return ""
    title = "Change of the win rate when played (tick: the change its decks explain)"
    return forest(rows, title, "after minus before", min_samples, 0.0)


def card_change_table(ch: Json) -> str:
    """Per card: in-deck and played win rates before and after, with the changes."""
    rows = []
    for c in ch["cards"]:
        row = [escape(c["card"]), escape(c["type"])]
        for metric in ("in_deck", "played"):
            x = c[metric]
            row += (
                [
                    pct(x["before"]),
                    pct(x["after"]),
                    points(x["delta"]),
                    f"{points(x['low'])} to {points(x['high'])}",
                ]
                if x
                else ["", "", "", ""]
            )
        row.append(flag_cell(c["played"]["flag"]) if c["played"] else "<td></td>")
        rows.append(row)
    head = [
        "card",
        "type",
        "in deck before",
        "after",
        "change",
        "95% interval",
        "played before",
        "after",
        "change",
        "95% interval",
        "flag",
    ]
    return table("Cards: changes of their win rates", head, rows)
