"""The tables of the balance report's page (``balance_html``), as HTML strings, and the
helpers that format rates, intervals and differences."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

Json = dict[str, Any]


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{x:.1%}"


def interval(x: Json) -> str:
    """A rate's 95% interval, ``low–high`` in percent."""
    return f"{x['low']:.1%}–{x['high']:.1%}"


def points(x: float) -> str:
    """A difference of rates in percentage points, signed."""
    return f"{x * 100:+.1f} pts"


def span(x: Json, spec: str = ".1f", sign: str = "") -> str:
    """A mean's (or a difference's) interval, ``low–high``; ``–`` when it is unknown."""
    if x["low"] is None:
        return "–"
    return f"{x['low']:{sign}{spec}} to {x['high']:{sign}{spec}}"


def table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table; cells are HTML already (a cell ``'<td ...>'`` is kept as it is)."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in row) + "</tr>"
        for row in rows
    )
    return f"<table><caption>{escape(caption)}</caption><tr>{th}</tr>{body}</table>"


def flag_cell(flag: str) -> str:
    """A table cell showing a flag, shaded green (above) or red (below)."""
    return f'<td class="{flag}">{flag}</td>' if flag else "<td></td>"


def flags_table(flags: list[Json]) -> str:
    """The items that stand out."""
    if not flags:
        return "<p>No item stands out under the flag rule.</p>"
    rows = [
        [
            escape(f["kind"]),
            escape(f["name"]),
            escape(f["metric"]),
            flag_cell(f["direction"]),
            str(f["n"]),
            pct(f["score"]),
            interval(f),
        ]
        for f in flags
    ]
    head = ["kind", "item", "metric", "flag", "n", "win rate", "95% interval"]
    return table("Flagged", head, rows)


def group_names(run: Json) -> list[tuple[str, Json]]:
    """The seats, decks and agents of a run (or of its changes), each with its name."""
    out = [(f"seat P{x['seat']}", x) for x in run["seats"]]
    out += [(f"deck {x['deck']}", x) for x in run["decks"]]
    return out + [(f"agent {x['agent']}", x) for x in run["agents"]]


def groups_table(run: Json) -> str:
    """Win rates by seat (first-player advantage), deck and agent."""
    rows = [
        [
            escape(name),
            str(x["n"]),
            f"{x['wins']}-{x['draws']}-{x['losses']}",
            pct(x["score"]),
            interval(x),
            flag_cell(x["flag"]),
        ]
        for name, x in group_names(run)
    ]
    head = ["", "player-games", "W-D-L", "win rate", "95% interval", "flag"]
    return table("By seat, deck and agent", head, rows)


def length_table(runs: list[tuple[str, Json]], unit: str = "decisions") -> str:
    """Decisions (or ``unit``) per game: mean with its interval, spread and range."""
    rows = [
        [
            escape(label),
            str(x["n"]),
            f"{x['mean']:.1f}",
            span(x),
            f"{x['sd']:.1f}",
            str(x["min"]),
            str(x["median"]),
            str(x["max"]),
        ]
        for label, x in runs
    ]
    head = ["", "games", "mean", "95% interval", "sd", "min", "median", "max"]
    return table(f"Game length ({unit} per game)", head, rows)


def short_games(units: Json) -> str:
    """The share of games in which some player had fewer than three of its own units."""
    short, unit = units["short"], escape(units["unit"])
    return (
        f"<p>Games in which some player had fewer than 3 {unit}: {short['n']} "
        f"({pct(short['share'])}, 95% interval {interval(short)}).</p>"
    )


def matchups_table(run: Json) -> str:
    """Each deck's win rate against each other deck (row against column), with its games."""
    names = [x["deck"] for x in run["decks"]]
    cells = {(m["deck"], m["against"]): m for m in run["matchups"]}
    rows = []
    for a in names:
        row = [escape(a)]
        for b in names:
            m = cells.get((a, b))
            row.append(f"{pct(m['score'])} ({m['n']})" if m else "")
        rows.append(row)
    return table("Matchups: the row's win rate against the column (games)", ["", *names], rows)


def ends_table(ends: list[Json]) -> str:
    """How games ended: each reason's count, share with its interval, and mean length."""
    rows = [
        [escape(e["how"]), str(e["n"]), pct(e["share"]), interval(e), f"{e['length']:.1f}"]
        for e in ends
    ]
    return table("How games end", ["how", "games", "share", "95% interval", "length"], rows)


CARD_HEAD = ["card", "type", "decks", "in deck", "win rate", "played", "of in-deck", "copies"]
CARD_HEAD += ["win rate", "95% interval", "expected", "flag", "not played"]


def cards_table(run: Json) -> str:
    """Every card: its decks; in-deck, played, not-played and mark win rates."""
    labels = list(dict.fromkeys(label for c in run["cards"] for label in c["marks"]))
    head = list(CARD_HEAD)
    for label in labels:
        head += [label, "win rate", "95% interval", "expected", "times", "flag"]
    rows = [
        _card_row(c) + [x for label in labels for x in _mark_cells(c, label)] for c in run["cards"]
    ]
    return table("Cards (win rates over player-games)", head, rows)


def _card_row(c: Json) -> list[str]:
    d, p = c["in_deck"], c["played"]
    decks = ", ".join(f"{escape(k)} ×{v}" for k, v in c["decks"].items())
    return [
        card_cell(c),
        escape(c["type"]),
        decks,
        str(d["n"]),
        pct(d["score"]),
        str(p["n"]),
        pct(p["rate"]),
        f"{p['times']:.1f}",
        pct(p["score"]),
        interval(p),
        pct(p["reference"]),
        flag_cell(p["flag"]),
        pct(c["not_played"]["score"]),
    ]


def card_cell(c: Json) -> str:
    """A card's name with its id, and its rules text below (reports written before cards
    carried names show the id alone)."""
    name, text = c.get("name") or c["card"], c.get("text") or ""
    head = f"<b>{escape(name)}</b>" + (
        f" <code>{escape(c['card'])}</code>" if name != c["card"] else ""
    )
    return head + (f"<br><small>{escape(text)}</small>" if text else "")


def _mark_cells(c: Json, label: str) -> list[str]:
    m = c["marks"].get(label)
    if not m:
        return ["0", "", "", "", "", "<td></td>"]
    return [
        str(m["n"]),
        pct(m["score"]),
        interval(m),
        pct(m["reference"]),
        f"{m['times']:.1f}",
        flag_cell(m["flag"]),
    ]


def errors_table(errors: list[Json]) -> str:
    """Games that ended in an engine error (the first 50)."""
    if not errors:
        return ""
    rows = [[str(e["game"]), str(e["seed"]), escape(e["error"])] for e in errors[:50]]
    return table(f"Errors ({len(errors)})", ["game", "seed", "error"], rows)
