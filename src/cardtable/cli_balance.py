"""``cardtable balance``: the balance lab's command, its progress bar, summary and files.

The files go to ``--out`` (default ``balance-<game>`` in the current folder, created if
needed): ``balance.json`` (``sim.balance.report``), ``balance.html`` (in the command's
language: ``--lang``, else the locale's) and the checkpoint ``games.jsonl`` (every finished
game; ``--resume`` continues from it after a Ctrl-C).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from cardtable.cli_suggest import print_suggestions, suggest_session
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import Lang
from cardtable.core.registry import load_game
from cardtable.sim.backends import Backend
from cardtable.sim.balance import (
    BalanceConfig,
    default_deck_specs,
    play,
    report,
    total_games,
    validate,
)
from cardtable.sim.balance_stats import MARGIN, MIN_SAMPLES
from cardtable.sim.balance_tables import span
from cardtable.sim.suggest import SuggestConfig, check_fields


def make_config(
    game: Game,
    agents: str,
    games: int,
    decks: list[str] | None,
    seed: int,
    compare: str | None,
    rotate: bool = False,
) -> BalanceConfig:
    """The settings from the command line: ``agents`` comma-separated, ``decks`` ``None``
    for every starter deck (``default_deck_specs``), ``rotate`` for the rotating schedule
    instead of the round robin."""
    return BalanceConfig(
        game.name,
        game.options_dict(),
        tuple(a.strip() for a in agents.split(",") if a.strip()),
        games,
        tuple(decks) if decks else default_deck_specs(game),
        seed,
        compare,
        "rotate" if rotate else "round-robin",
    )


def balance_session(
    console: Console,
    settings: BalanceConfig,
    jobs: int | Backend,
    out: Path | None,
    resume: bool = False,
    margin: float = MARGIN,
    min_samples: int = MIN_SAMPLES,
    suggest: SuggestConfig | None = None,
    lang: Lang = "en",
) -> int:
    """Play the balance run, print its summary and write the files (the page in ``lang``);
    with ``suggest`` also search, verify and write changes for what is off (``sim.suggest``).
    Return the exit code:
    1 if some game ended in an engine error, 130 when stopped by Ctrl-C (the finished games
    stay in the checkpoint), else 0. Bad input raises ``CardtableError`` before anything is
    played or written."""
    if isinstance(jobs, int) and jobs < 1:
        raise CardtableError("--jobs must be at least 1")
    if not 0 <= margin < 1 or min_samples < 1:
        raise CardtableError("--margin must be from 0 to 1 and --min-samples at least 1")
    validate(settings)
    if suggest is not None:
        check_fields(settings, suggest)
    folder = out if out is not None else Path(f"balance-{settings.game}")
    try:
        results = _play(console, settings, jobs, folder, resume)
    except KeyboardInterrupt:
        return _stopped(console, "the finished games are", folder / "games.jsonl")
    data = report(settings, results, margin, min_samples)
    if suggest is not None:
        try:
            found = suggest_session(console, settings, data, jobs, folder, suggest, resume)
        except KeyboardInterrupt:
            return _stopped(console, "the changes played so far are", folder / "suggest.jsonl")
        data["suggestions"] = found
    (folder / "balance.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print_summary(console, data)
    if data.get("suggestions"):
        print_suggestions(console, data["suggestions"])
    html = write_html(console, folder, data, lang, load_game(settings.game, **settings.options))
    console.print(f"written: {escape(str(folder / 'balance.json'))}, {html}games.jsonl")
    errors = data["base"]["errors"] + (data["compare"] or {"errors": []})["errors"]
    return 1 if errors else 0


def _stopped(console: Console, what: str, path: Path) -> int:
    """Say where a stopped run's work is kept and how to go on; the exit code 130."""
    console.print(
        f"[yellow]stopped[/]: {what} in {escape(str(path))}; run the same command with "
        "--resume to go on"
    )
    return 130


def write_html(
    console: Console,
    folder: Path,
    data: dict[str, Any],
    lang: Lang = "en",
    game: Game | None = None,
) -> str:
    """Write ``balance.html`` in ``lang`` (``game``: the run's, naming its cards in ``lang``);
    return ``"balance.html, "``, or ``""`` after a note when matplotlib is not installed."""
    from cardtable.sim.balance_html import balance_html

    try:
        page = balance_html(data, lang, game)
    except ModuleNotFoundError as exc:
        if exc.name is None or not exc.name.startswith("matplotlib"):
            raise
        console.print("[yellow]balance.html needs matplotlib:[/] pip install 'cardtable[plots]'")
        return ""
    (folder / "balance.html").write_text(page, encoding="utf-8")
    return "balance.html, "


def _play(
    console: Console, settings: BalanceConfig, jobs: int | Backend, folder: Path, resume: bool
) -> list[list[Any]]:
    total = total_games(settings)
    columns = (*Progress.get_default_columns()[:2], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task("playing", total=total)
        return play(settings, jobs, folder, resume, lambda n: bar.update(task, completed=n))


def print_summary(console: Console, data: dict[str, Any]) -> None:
    """Win rates by seat, deck and agent; length and ends; the flagged items; with
    ``--compare``, what changed."""
    base = data["base"]
    title = (
        f"{data['game']}: {base['finished']} of {base['games']} games, "
        f"agents {', '.join(data['agents'])}, seed {data['seed']}"
    )
    console.print(groups_table(base, title))
    console.print(length_line(base["length"]))
    if base["units"] is not None:
        console.print(units_line(base["units"]))
    if base["matchups"]:
        console.print(matchups_table(base))
    ends = ", ".join(
        f"{escape(e['how'])} {e['share']:.0%} [{e['low']:.0%}-{e['high']:.0%}]"
        for e in base["ends"]
    )
    console.print(f"how games end: {ends}")
    console.print(flags_table(base["flags"], "flagged (see balance.html for every card)"))
    if data["changes"] is not None:
        console.print(changes_table(data))
        ch = data["changes"]["length"]
        console.print(f"mean length change: {ch['delta']:+.1f} decisions [{span(ch, sign='+')}]")
    for err in base["errors"][:5]:
        console.print(f"[red]game {err['game']} (seed {err['seed']}): {escape(err['error'])}[/]")
    console.print(f"[dim]flags: {escape(data['rules']['flag'])}[/]")


def _flag(direction: str) -> str:
    return {"above": "[green]above[/]", "below": "[red]below[/]"}.get(direction, "")


def groups_table(run: dict[str, Any], title: str) -> Table:
    """Seats (first-player advantage), decks and agents with win rates and intervals."""
    table = Table("", "games", "W-D-L", "win rate", "95% interval", "flag", title=title)
    groups = [(f"seat P{x['seat']}", x) for x in run["seats"]]
    groups += [(f"deck {x['deck']}", x) for x in run["decks"]]
    groups += [(f"agent {x['agent']}", x) for x in run["agents"]]
    for name, x in groups:
        table.add_row(
            escape(name),
            str(x["n"]),
            f"{x['wins']}-{x['draws']}-{x['losses']}",
            f"{x['score']:.1%}",
            f"{x['low']:.1%} to {x['high']:.1%}",
            _flag(x["flag"]),
        )
    return table


def length_line(x: dict[str, Any]) -> str:
    """The mean game length with its interval, spread and range."""
    return (
        f"game length: mean {x['mean']:.1f} decisions [{span(x)}], "
        f"sd {x['sd']:.1f}, min {x['min']}, median {x['median']}, max {x['max']}"
    )


def units_line(x: dict[str, Any]) -> str:
    """The game's length in its own unit, and the share of short games."""
    unit, short = x["unit"], x["short"]
    return (
        f"game length in {unit}: mean {x['mean']:.1f} [{span(x)}], min {x['min']}, "
        f"median {x['median']}, max {x['max']}; fewer than 3 {unit} for some player: "
        f"{short['share']:.1%} [{short['low']:.1%}-{short['high']:.1%}]"
    )


def matchups_table(run: dict[str, Any]) -> Table:
    """Each deck's win rate against each other deck (rows against columns)."""
    names = [x["deck"] for x in run["decks"]]
    cells = {(m["deck"], m["against"]): m for m in run["matchups"]}
    table = Table("deck against", *map(escape, names), title="matchups (row's win rate)")
    for a in names:
        row = [f"{cells[a, b]['score']:.0%}" if (a, b) in cells else "" for b in names]
        table.add_row(escape(a), *row)
    return table


def flags_table(flags: list[dict[str, Any]], title: str) -> Table | str:
    """The items that stand out, or a line saying none does."""
    if not flags:
        return "nothing stands out under the flag rule"
    table = Table("kind", "item", "metric", "n", "win rate", "95% interval", "flag", title=title)
    for f in flags:
        table.add_row(
            f["kind"],
            escape(f["name"]),
            escape(f["metric"]),
            str(f["n"]),
            f"{f['score']:.1%}",
            f"{f['low']:.1%} to {f['high']:.1%}",
            _flag(f["direction"]),
        )
    return table


def changes_table(data: dict[str, Any]) -> Table:
    """Seats and decks before and after, and every flagged change."""
    ch = data["changes"]
    title = f"what changed with cards {data['compare']['cards_option']}"
    table = Table("", "metric", "before", "after", "change", "95% interval", "flag", title=title)
    rows = [(f"seat P{x['seat']}", "win rate", x) for x in ch["seats"]]
    rows += [(f"deck {x['deck']}", "win rate", x) for x in ch["decks"]]
    rows += [
        (f"{f['kind']} {f['name']}", f["metric"], f) for f in ch["flags"] if f["kind"] == "card"
    ]
    for name, metric, x in rows:
        table.add_row(
            escape(name),
            escape(metric),
            f"{x['before']:.1%}",
            f"{x['after']:.1%}",
            f"{x['delta'] * 100:+.1f} pts",
            f"{x['low'] * 100:+.1f} to {x['high'] * 100:+.1f}",
            _flag(x.get("flag", x.get("direction", ""))),
        )
    return table
