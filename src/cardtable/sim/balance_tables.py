"""The tables of the balance report's page (``balance_html``), as HTML strings, and the
helpers that format rates, intervals and differences; every word in the page's language
(``Words``)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from cardtable.core.i18n import N_
from cardtable.sim.balance_words import FIRST_PLAYER, Words

Json = dict[str, Any]
EN = Words()


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return f"{x:.1%}"


def interval(x: Json) -> str:
    """A rate's 95% interval, ``low–high`` in percent."""
    return f"{x['low']:.1%}–{x['high']:.1%}"


def points(x: float, w: Words = EN) -> str:
    """A difference of rates in percentage points, signed."""
    return w(N_("{points} pts"), points=f"{x * 100:+.1f}")


def span(x: Json, spec: str = ".1f", sign: str = "", w: Words = EN) -> str:
    """A mean's (or a difference's) interval, ``low to high``; ``–`` when it is unknown."""
    if x["low"] is None:
        return "–"
    return w(
        N_("{low} to {high}"), low=f"{x['low']:{sign}{spec}}", high=f"{x['high']:{sign}{spec}}"
    )


def points_span(x: Json, w: Words = EN) -> str:
    """A difference's interval in percentage points, ``-1.0 pts to +2.5 pts``."""
    return w(N_("{low} to {high}"), low=points(x["low"], w), high=points(x["high"], w))


def table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table; cells are HTML already (a cell ``'<td ...>'`` is kept as it is)."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(c if c.startswith("<td") else f"<td>{c}</td>" for c in row) + "</tr>"
        for row in rows
    )
    return f"<table><caption>{escape(caption)}</caption><tr>{th}</tr>{body}</table>"


def flag_cell(flag: str, w: Words = EN) -> str:
    """A table cell showing a flag, shaded green (above) or red (below)."""
    return f'<td class="{flag}">{escape(w.term(flag))}</td>' if flag else "<td></td>"


INTERVAL = N_("95% interval")
WIN_RATE = N_("win rate")
FLAG = N_("flag")
GAMES = N_("games")


def flags_table(flags: list[Json], w: Words = EN) -> str:
    """The items that stand out."""
    if not flags:
        return "<p>" + escape(w(N_("No item stands out under the flag rule."))) + "</p>"
    rows = [
        [
            escape(w.term(f["kind"])),
            escape(w.item(f["kind"], f["name"])),
            escape(w.term(f["metric"])),
            flag_cell(f["direction"], w),
            str(f["n"]),
            pct(f["score"]),
            interval(f),
        ]
        for f in flags
    ]
    head = [w(N_("kind")), w(N_("item")), w(N_("metric")), w(FLAG), "n", w(WIN_RATE), w(INTERVAL)]
    return table(w(N_("Flagged")), head, rows)


def group_names(run: Json, w: Words = EN) -> list[tuple[str, Json]]:
    """The seats, the first player (when the games tell it), decks and agents of a run (or
    of its changes), each with its name."""
    out = [(w(N_("seat P{seat}"), seat=x["seat"]), x) for x in run["seats"]]
    if run.get("first_player"):
        out.append((w(FIRST_PLAYER), run["first_player"]))
    out += [(w(N_("deck {deck}"), deck=w.deck_name(x["deck"])), x) for x in run["decks"]]
    return out + [(w(N_("agent {agent}"), agent=x["agent"]), x) for x in run["agents"]]


def matchup_names(matchups: list[Json], w: Words = EN) -> list[tuple[str, Json]]:
    """Each matchup (of a run or of its changes), named by its two decks."""
    name = N_("{deck} against {against}")
    return [
        (w(name, deck=w.deck_name(m["deck"]), against=w.deck_name(m["against"])), m)
        for m in matchups
    ]


def groups_table(run: Json, w: Words = EN) -> str:
    """Win rates by seat (first-player advantage), deck and agent."""
    rows = [
        [
            escape(name),
            str(x["n"]),
            f"{x['wins']}-{x['draws']}-{x['losses']}",
            pct(x["score"]),
            interval(x),
            flag_cell(x["flag"], w),
        ]
        for name, x in group_names(run, w)
    ]
    head = ["", w(N_("player-games")), w(N_("W-D-L")), w(WIN_RATE), w(INTERVAL), w(FLAG)]
    return table(w(N_("By seat, deck and agent")), head, rows)


def length_table(runs: list[tuple[str, Json]], unit: str = "decisions", w: Words = EN) -> str:
    """Decisions (or ``unit``) per game: mean with its interval, spread and range."""
    rows = [
        [
            escape(label),
            str(x["n"]),
            f"{x['mean']:.1f}",
            span(x, w=w),
            f"{x['sd']:.1f}",
            str(x["min"]),
            str(x["median"]),
            str(x["max"]),
        ]
        for label, x in runs
    ]
    head = ["", w(GAMES), w(N_("mean")), w(INTERVAL), w(N_("sd")), w(N_("min"))]
    head += [w(N_("median")), w(N_("max"))]
    return table(w(N_("Game length ({unit} per game)"), unit=w.term(unit)), head, rows)


def short_games(units: Json, w: Words = EN) -> str:
    """The share of games in which some player had fewer than three of its own units."""
    short = units["short"]
    said = w(
        N_("Games in which some player had fewer than 3 {unit}: {n} ({share}, 95% interval "
           "{interval})."),
        unit=w.term(units["unit"]), n=short["n"], share=pct(short["share"]),
        interval=interval(short),
    )  # fmt: skip
    more = [x for x in (short_by_deck(units, w), short_game_list(units, w)) if x]
    return f"<p>{escape(said)}</p>" + "".join(f"<p>{escape(x)}</p>" for x in more)


def short_by_deck(units: Json, w: Words = EN) -> str:
    """Which decks the short games came from, most often first: per deck with any, its short
    games of all its games, their share, and how many of them it won and lost; empty when no
    game was short (or the report predates the per-deck count)."""
    decks = sorted((x for x in units.get("short_decks", ()) if x["n"]), key=lambda x: -x["share"])
    each = [_deck_short(x, w) for x in decks]
    return w(N_("short games by deck: {decks}"), decks=w(N_("; ")).join(each)) if each else ""


SHORT_RESULTS = {1.0: N_("won"), 0.5: N_("drew"), 0.0: N_("lost")}
"""A seat's result in a listed short game, by its points."""


SHORT_BY_ID = N_("short games by id: {games}")
"""The page's heading of the listed short games (the terminal's says how to replay one)."""


def short_game_list(
    units: Json, w: Words = EN, limit: int | None = None, message: str = SHORT_BY_ID
) -> str:
    """The report's short games by id (the first ``limit``, default all listed), each with
    every seat's deck, result and own units, in ``message`` (a message with ``{games}``);
    empty when none is listed."""
    games = list(units.get("short_games") or ())[:limit]
    each = w(N_("; ")).join(_short_game(g, units["unit"], w) for g in games)
    return w(message, games=each) if games else ""


def _short_game(g: Json, unit: str, w: Words) -> str:
    """One short game: ``0:21 (High Flyer won in 1 turns, Heel Manager lost in 0 turns)``."""
    seats = w(N_(", ")).join(
        w(N_("{deck} {result} in {n} {unit}"), deck=w.deck_name(deck),
          result=w(SHORT_RESULTS.get(points, N_("drew"))), n=n, unit=w.term(unit))
        for deck, points, n in zip(g["decks"], g["points"], g["units"], strict=False)
    )  # fmt: skip
    return w(N_("{id} ({seats})"), id=g["id"], seats=seats)


def _deck_short(x: Json, w: Words) -> str:
    """One deck's short games: how many of its games, their share, won and lost."""
    return w(
        N_("{deck} {n} of {games} ({share}; won {won}, lost {lost})"),
        deck=w.deck_name(x["deck"]), n=x["n"], games=x["games"], share=pct(x["share"]),
        won=x["won"], lost=x["lost"],
    )  # fmt: skip


def matchups_table(run: Json, w: Words = EN) -> str:
    """Each deck's win rate against each other deck (row against column), with its games."""
    names = [x["deck"] for x in run["decks"]]
    cells = {(m["deck"], m["against"]): m for m in run["matchups"]}
    rows = []
    for a in names:
        row = [escape(w.deck_name(a))]
        for b in names:
            m = cells.get((a, b))
            row.append(f"{pct(m['score'])} ({m['n']})" if m else "")
        rows.append(row)
    caption = N_("Matchups: the row's win rate against the column (games)")
    return table(w(caption), ["", *(w.deck_name(n) for n in names)], rows)


HOW_GAMES_END = N_("How games end")


def ends_table(ends: list[Json], w: Words = EN) -> str:
    """How games ended: each reason's count, share with its interval, and mean length."""
    rows = [
        [escape(w.term(e["how"])), str(e["n"]), pct(e["share"]), interval(e), f"{e['length']:.1f}"]
        for e in ends
    ]
    head = [w(N_("how")), w(GAMES), w(N_("share")), w(INTERVAL), w(N_("length"))]
    return table(w(HOW_GAMES_END), head, rows)


CARD_HEAD = [N_("card"), N_("type"), N_("decks"), N_("in deck"), WIN_RATE, N_("played")]
CARD_HEAD += [N_("of in-deck"), N_("copies"), WIN_RATE, INTERVAL, N_("expected"), FLAG]
CARD_HEAD += [N_("not played")]
MARK_HEAD = [WIN_RATE, INTERVAL, N_("expected"), N_("times"), FLAG]


def cards_table(run: Json, w: Words = EN) -> str:
    """Every card: its decks; in-deck, played, not-played and mark win rates."""
    labels = list(dict.fromkeys(label for c in run["cards"] for label in c["marks"]))
    head = [w(h) for h in CARD_HEAD]
    for label in labels:
        head += [w.term(label), *(w(h) for h in MARK_HEAD)]
    rows = [
        _card_row(c, w) + [x for label in labels for x in _mark_cells(c, label, w)]
        for c in run["cards"]
    ]
    return table(w(N_("Cards (win rates over player-games)")), head, rows)


def _card_row(c: Json, w: Words) -> list[str]:
    d, p = c["in_deck"], c["played"]
    decks = ", ".join(f"{escape(k)} ×{v}" for k, v in c["decks"].items())
    return [
        card_cell(c, w),
        escape(w.term(c["type"])),
        decks,
        str(d["n"]),
        pct(d["score"]),
        str(p["n"]),
        pct(p["rate"]),
        f"{p['times']:.1f}",
        pct(p["score"]),
        interval(p),
        pct(p["reference"]),
        flag_cell(p["flag"], w),
        pct(c["not_played"]["score"]),
    ]


def card_cell(c: Json, w: Words = EN) -> str:
    """A card's name (in the page's language) with its id, and its rules text below
    (reports written before cards carried names show the id alone)."""
    name, text = w.card_name(c["card"], c.get("name") or ""), w.card_text(c)
    return card_label(c["card"], name) + (f"<br><small>{escape(text)}</small>" if text else "")


def card_label(card: str, name: str) -> str:
    """A card's name in bold with its id after it (the id alone when it is its name)."""
    if name == card:
        return f"<b>{escape(name)}</b>"
    return f"<b>{escape(name)}</b> <code>{escape(card)}</code>"


def _mark_cells(c: Json, label: str, w: Words) -> list[str]:
    m = c["marks"].get(label)
    if not m:
        return ["0", "", "", "", "", "<td></td>"]
    return [
        str(m["n"]),
        pct(m["score"]),
        interval(m),
        pct(m["reference"]),
        f"{m['times']:.1f}",
        flag_cell(m["flag"], w),
    ]


def errors_table(errors: list[Json], w: Words = EN) -> str:
    """Games that ended in an engine error (the first 50)."""
    if not errors:
        return ""
    rows = [[str(e["game"]), str(e["seed"]), escape(e["error"])] for e in errors[:50]]
    head = [w(N_("game")), w(N_("seed")), w(N_("error"))]
    return table(w(N_("Errors ({n})"), n=len(errors)), head, rows)
