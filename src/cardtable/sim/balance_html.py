"""The balance report as one self-contained HTML page: tables, and matplotlib plots embedded
as PNG images (``balance_plots``); no scripts, nothing fetched.

``balance_html`` takes the JSON report of ``balance.report``, so a saved ``balance.json`` can
be turned into a page again, in any language: every word of the page is a message of
cardtable's catalogue, the words the report's data holds are said by ``balance_words``, and
with the run's game its cards are named in the page's language. The plots' own labels stay
English (``balance_words.PLOTS``); in another language each plot has its title above it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.core.i18n import N_, Lang
from cardtable.sim.balance_plots import Row, end_bars, forest, length_histogram
from cardtable.sim.balance_stats import flag_rule_text
from cardtable.sim.balance_tables import (
    HOW_GAMES_END,
    INTERVAL,
    WIN_RATE,
    card_label,
    cards_table,
    ends_table,
    errors_table,
    flag_cell,
    flags_table,
    group_names,
    groups_table,
    length_table,
    matchup_names,
    matchups_table,
    pct,
    points,
    points_span,
    short_games,
    span,
    table,
)
from cardtable.sim.balance_words import PLOTS, Words
from cardtable.sim.suggest_html import suggestions_section

if TYPE_CHECKING:
    from cardtable.core.game import Game

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
figure { margin: 1em 0; } figure img { margin: 4px 0; }
figcaption { font-weight: bold; font-size: 14px; }
"""

DRAWN = Words(PLOTS)
"""The words drawn inside the plots."""


class Said(NamedTuple):
    """A text in the page's language, and in the plots' (to draw)."""

    page: str
    plot: str


def said(w: Words, message: str, terms: Mapping[str, str] | None = None, **fields: Any) -> Said:
    """``message`` in the page's language and in the plots', formatted with ``fields`` and
    with ``terms`` (words of the report's data) each said in the same language."""
    terms = terms or {}
    page = w(message, **fields, **{k: w.term(v) for k, v in terms.items()})
    return Said(page, DRAWN(message, **fields, **{k: DRAWN.term(v) for k, v in terms.items()}))


def caption(text: Said, w: Words) -> str:
    """A plot's caption: its title in the page's language, none when the plot says it."""
    return "" if w.lang == PLOTS else text.page


def balance_html(report: Json, lang: Lang = "en", game: Game | None = None) -> str:
    """The whole page in ``lang`` (``game``: the run's game, to name its cards in ``lang``):
    settings and rules; with ``--compare`` what changed first; then per card set the flagged
    items, seats, decks and agents, game length, how games end and every card."""
    w = Words(lang, game)
    title = w(N_("cardtable balance: {title}"), title=w.title(report))
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}"><head><meta charset="utf-8">',
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{escape(title)}</h1>",
        settings(report, w),
    ]
    other = report["compare"]
    if other is None:
        parts.append(run_sections(report, report["base"], said(w, N_("Results")), w))
    else:
        label = str(other["cards_option"])
        parts += [
            compare_sections(report, w),
            run_sections(report, report["base"], said(w, N_("Results with the base card set")), w),
            run_sections(report, other, said(w, N_("Results with cards {label}"), label=label), w),
        ]
    if report.get("suggestions"):
        parts.append(suggestions_section(report["suggestions"], report["base"], w))
    parts += ["</body></html>", ""]
    return "\n".join(parts)


def settings(report: Json, w: Words) -> str:
    """What was played, and the rules behind the numbers."""
    r = report["rules"]
    compare = report["compare"] and report["compare"]["cards_option"]
    played = w(
        N_("{games} games per card set · agents {agents} · decks {decks} · seed {seed} · "
           "options {options}"),
        games=report["games"], agents=", ".join(report["agents"]),
        decks=", ".join(report["decks"]), seed=report["seed"],
        options=json.dumps(report["options"], sort_keys=True),
    )  # fmt: skip
    if compare:
        played += w(N_(" · compared with cards {cards}"), cards=str(compare))
    rules = w(
        N_("Win rate: {score}. Played: {played}. Expected: a card's win rate from its decks "
           "alone (the mean deck win rate over the same player-games). Flags: {flag}. "
           "Intervals are 95%: Wilson for rates, Student t for mean lengths, paired over the "
           "shared deals for changes of seats, decks, agents and matchups, Newcombe for "
           "changes of cards."),
        score=w.stored(r["score"]), played=w.stored(r["played"]),
        flag=flag_rule_text(r["margin"], r["min_samples"], w.lang),
    )  # fmt: skip
    if w.lang != PLOTS:
        rules += " " + w(N_("The words inside the plots are in English."))
    return f'<p>{escape(played)}</p><p class="note">{escape(rules)}</p>'


def run_sections(report: Json, run: Json, heading: Said, w: Words) -> str:
    """Flagged items, the groups, length, ends, cards and errors of one run."""
    r = report["rules"]
    groups = said(w, N_("Win rate by seat, deck and agent"))
    finished = w(
        N_("{finished} of {games} games finished · overall win rate {rate} · {errors} errors"),
        finished=run["finished"], games=run["games"], rate=pct(run["overall"]["score"]),
        errors=len(run["errors"]),
    )  # fmt: skip
    return "\n".join(
        [
            f"<h2>{escape(heading.page)}</h2>",
            f"<p>{escape(finished)}</p>",
            flags_table(run["flags"], w),
            groups_table(run, w),
            forest(
                _group_rows(run),
                groups.plot,
                DRAWN(WIN_RATE),
                r["min_samples"],
                run["overall"]["score"],
                r["margin"],
                caption(groups, w),
            ),
            *([matchups_table(run, w)] if run["matchups"] else []),
            length_table([("", run["length"])], w=w),
            length_histogram([(heading.plot, run["length"])], caption=_length_caption(w)),
            *_unit_sections(run, heading, w),
            ends_table(run["ends"], w),
            end_bars([(heading.plot, run["ends"])], _ends_caption(w)),
            *card_plots(run, r["min_samples"], w),
            cards_table(run, w),
            errors_table(run["errors"], w),
        ]
    )


def _length_caption(w: Words, unit: str = "decisions") -> str:
    return caption(said(w, N_("Game length in {unit}"), {"unit": unit}), w)


def _ends_caption(w: Words) -> str:
    return caption(said(w, N_("How games end (share, 95% interval)")), w)


def _unit_sections(run: Json, heading: Said, w: Words) -> list[str]:
    """The game's length in its own unit (turns, rounds, periods), when it has one."""
    units = run["units"]
    if units is None:
        return []
    unit = units["unit"]
    return [
        length_table([("", units)], unit, w),
        short_games(units, w),
        length_histogram([(heading.plot, units)], unit, _length_caption(w, unit)),
    ]


def _group_rows(run: Json) -> list[Row]:
    """The forest plot's rows of the seats, decks and agents (named in the plots' words)."""
    return [
        Row(name, x["score"], x["low"], x["high"], x["flag"], x["n"])
        for name, x in group_names(run, DRAWN)
    ]


def card_plots(run: Json, min_samples: int, w: Words) -> list[str]:
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
            message = N_("Win rate when {metric}, per card (tick: expected from its decks)")
            title = said(w, message, {"metric": metric})
            out.append(
                forest(rows, title.plot, DRAWN(WIN_RATE), min_samples, caption=caption(title, w))
            )
    return out


BEFORE, AFTER = N_("before"), N_("after")
CHANGE = N_("change")


def compare_sections(report: Json, w: Words) -> str:
    """What changed from the base card set to the compared one."""
    ch, base, other = report["changes"], report["base"], report["compare"]
    r = report["rules"]
    label = str(other["cards_option"])
    runs = [(BEFORE, base), (AFTER, other)]
    heading = w(N_("What changed with cards {label}"), label=label)
    note = N_(
        "The same seeds, agents and decks were played with the other card set. Differences "
        "are after minus before."
    )
    return "\n".join(
        [
            f"<h2>{escape(heading)}</h2>",
            f'<p class="note">{escape(w(note))}</p>',
            change_flags_table(ch["flags"], w),
            change_table(w(N_("Seats, decks and agents")), group_names(ch, w), w),
            change_table(w(N_("Matchups")), matchup_names(ch["matchups"], w), w),
            length_table([(w(name), run["length"]) for name, run in runs], w=w),
            _length_change(ch["length"], w),
            length_histogram(
                [(DRAWN(name), run["length"]) for name, run in runs], caption=_length_caption(w)
            ),
            end_change_table(ch["ends"], w),
            end_bars([(DRAWN(name), run["ends"]) for name, run in runs], _ends_caption(w)),
            card_change_plot(ch, r["min_samples"], w),
            card_change_table(ch, w),
        ]
    )


def change_flags_table(flags: list[Json], w: Words) -> str:
    """The changes that stand out."""
    if not flags:
        return "<p>" + escape(w(N_("No change stands out under the flag rule."))) + "</p>"
    rows = [
        [
            escape(w.term(f["kind"])),
            escape(w.item(f["kind"], f["name"])),
            escape(w.term(f["metric"])),
            flag_cell(f["direction"], w),
            pct(f["before"]),
            pct(f["after"]),
            points(f["delta"], w),
            points_span(f, w),
        ]
        for f in flags
    ]
    head = [N_("kind"), N_("item"), N_("metric"), N_("flag"), BEFORE, AFTER, CHANGE, INTERVAL]
    return table(w(N_("Flagged changes")), [w(h) for h in head], rows)


def change_table(title: str, items: list[tuple[str, Json]], w: Words) -> str:
    """Win rates before and after, the change and its interval, the flag."""
    rows = [
        [
            escape(name),
            pct(x["before"]),
            pct(x["after"]),
            points(x["delta"], w),
            points_span(x, w),
            flag_cell(x["flag"], w),
        ]
        for name, x in items
    ]
    head = ["", *(w(h) for h in (BEFORE, AFTER, CHANGE, INTERVAL, N_("flag")))]
    return table(title, head, rows)


def _length_change(x: Json, w: Words) -> str:
    """The change of the mean length in decisions, with its interval."""
    text = w(
        N_("Mean length change: {delta} decisions (95% interval {span})."),
        delta=f"{x['delta']:+.1f}",
        span=span(x, sign="+", w=w),
    )
    return f"<p>{escape(text)}</p>"


def end_change_table(ends: list[Json], w: Words) -> str:
    """Each end reason's share before and after, and the change."""
    rows = [
        [
            escape(w.term(e["how"])),
            pct(e["before"]),
            pct(e["after"]),
            points(e["delta"], w),
            points_span(e, w),
        ]
        for e in ends
    ]
    head = [w(h) for h in (N_("how"), BEFORE, AFTER, CHANGE, INTERVAL)]
    return table(w(HOW_GAMES_END), head, rows)


def card_change_plot(ch: Json, min_samples: int, w: Words) -> str:
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
    title = said(w, N_("Change of the win rate when played (tick: the change its decks explain)"))
    xlabel = DRAWN(N_("after minus before"))
    return forest(rows, title.plot, xlabel, min_samples, 0.0, caption=caption(title, w))


CARD_CHANGE_HEAD = [N_("card"), N_("type"), N_("in deck before"), AFTER, CHANGE, INTERVAL]
CARD_CHANGE_HEAD += [N_("played before"), AFTER, CHANGE, INTERVAL, N_("flag")]


def card_change_table(ch: Json, w: Words) -> str:
    """Per card: in-deck and played win rates before and after, with the changes."""
    rows = []
    for c in ch["cards"]:
        name = card_label(c["card"], w.card_name(c["card"]))
        row = [name, escape(w.term(c["type"]))]
        for metric in ("in_deck", "played"):
            x = c[metric]
            row += (
                [pct(x["before"]), pct(x["after"]), points(x["delta"], w), points_span(x, w)]
                if x
                else ["", "", "", ""]
            )
        row.append(flag_cell(c["played"]["flag"], w) if c["played"] else "<td></td>")
        rows.append(row)
    head = [w(h) for h in CARD_CHANGE_HEAD]
    return table(w(N_("Cards: changes of their win rates")), head, rows)
