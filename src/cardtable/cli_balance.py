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
from cardtable.core.i18n import N_, Lang
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
from cardtable.sim.balance_games import parse_game_id, record_from_checkpoint
from cardtable.sim.balance_stats import MARGIN, MIN_SAMPLES, flag_rule_text
from cardtable.sim.balance_tables import (
    EN,
    FLAG,
    GAMES,
    INTERVAL,
    WIN_RATE,
    group_names,
    points,
    points_span,
    short_by_deck,
    short_game_list,
    span,
)
from cardtable.sim.balance_words import Words
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
    base: Path | None = None,
) -> int:
    """Play the balance run, print its summary and write the files (the page in ``lang``);
    with ``suggest`` also search, verify and write changes for what is off (``sim.suggest``);
    with ``base`` the base card set's games come from that earlier run (``play``).
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
    w = Words(lang, load_game(settings.game, **settings.options))
    try:
        results = _play(console, settings, jobs, folder, resume, w, base)
    except KeyboardInterrupt:
        return _stopped(console, STOPPED_PLAYING, folder / "games.jsonl", w)
    data = report(settings, results, margin, min_samples)
    if suggest is not None:
        try:
            found = suggest_session(console, settings, data, jobs, folder, suggest, resume, w)
        except KeyboardInterrupt:
            return _stopped(console, STOPPED_SEARCHING, folder / "suggest.jsonl", w)
        data["suggestions"] = found
    (folder / "balance.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print_summary(console, data, w)
    if data.get("suggestions"):
        print_suggestions(console, data["suggestions"], data["base"], w)
    html = write_html(console, folder, data, lang, w.game)
    files = f"{folder / 'balance.json'}, {html}games.jsonl"
    console.print(escape(w(N_("written: {files}"), files=files)))
    errors = data["base"]["errors"] + (data["compare"] or {"errors": []})["errors"]
    return 1 if errors else 0


def record_session(console: Console, game: str, out: Path | None, gid: str, lang: Lang) -> Path:
    """``--record``: play game ``gid`` of the run in ``out`` (default ``balance-GAME``) again,
    save its record as ``records/<id>.json`` there, and say how to step through it (and, in
    yellow, when it no longer ends as the run's checkpoint says). Returns the record's path.
    Bad input raises ``CardtableError`` before anything is written."""
    folder = out if out is not None else Path(f"balance-{game}")
    wanted = parse_game_id(gid)
    played = record_from_checkpoint(folder, game, wanted)
    w = Words(lang)
    path = folder / "records" / wanted.file_name()
    path.parent.mkdir(parents=True, exist_ok=True)
    played.record.save(path)
    if played.same is False:
        console.print(f"[yellow]{escape(w(CHANGED_SINCE))}[/]")
    console.print(escape(w(N_("written: {files}"), files=str(path))), soft_wrap=True)
    command = f"cardtable replay {path} --as all"
    console.print(escape(w(N_("step through it with: {command}"), command=command)), soft_wrap=True)
    return path


CHANGED_SINCE = N_(
    "this game ends otherwise than in the run: the card files or cardtable changed since"
)


SHORT_SHOWN = 5
"""The short games the terminal lists by id (balance.html lists all the report does)."""

SHORT_TO_REPLAY = N_("short games (--record ID plays one again, for cardtable replay): {games}")
"""The terminal's heading of the listed short games."""

STOPPED_PLAYING = N_(
    "stopped: the finished games are in {path}; run the same command with --resume to go on"
)
STOPPED_SEARCHING = N_(
    "stopped: the changes played so far are in {path}; run the same command with --resume to go on"
)


def _stopped(console: Console, message: str, path: Path, w: Words = EN) -> int:
    """Say where a stopped run's work is kept and how to go on; the exit code 130."""
    console.print(f"[yellow]{escape(w(message, path=str(path)))}[/]")
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
        note = Words(lang)(N_("balance.html needs matplotlib: pip install 'cardtable[plots]'"))
        console.print(f"[yellow]{escape(note)}[/]")
        return ""
    (folder / "balance.html").write_text(page, encoding="utf-8")
    return "balance.html, "


def _play(
    console: Console,
    settings: BalanceConfig,
    jobs: int | Backend,
    folder: Path,
    resume: bool,
    w: Words = EN,
    base: Path | None = None,
) -> list[list[Any]]:
    total = total_games(settings)
    columns = (*Progress.get_default_columns()[:2], BarColumn(), MofNCompleteColumn())
    with Progress(*columns, TimeRemainingColumn(), console=console, transient=True) as bar:
        task = bar.add_task(w(N_("playing")), total=total)

        def update(n: int) -> None:
            bar.update(task, completed=n)

        return play(settings, jobs, folder, resume, update, base)


def print_summary(console: Console, data: dict[str, Any], w: Words = EN) -> None:
    """Win rates by seat, deck and agent; length and ends; the flagged items; with
    ``--compare``, what changed; in the language of ``w``."""
    base = data["base"]
    title = w(
        N_("{game}: {finished} of {games} games, agents {agents}, seed {seed}"),
        game=w.title(data), finished=base["finished"], games=base["games"],
        agents=w(N_(", ")).join(data["agents"]), seed=data["seed"],
    )  # fmt: skip
    console.print(groups_table(base, title, w))
    console.print(escape(length_line(base["length"], w)))
    if base["units"] is not None:
        console.print(escape(units_line(base["units"], w)))
        if by_deck := short_by_deck(base["units"], w):
            console.print(escape(by_deck))
        if listed := short_game_list(base["units"], w, SHORT_SHOWN, SHORT_TO_REPLAY):
            console.print(escape(listed))
    if base["matchups"]:
        console.print(matchups_table(base, w))
    console.print(escape(ends_line(base["ends"], w)))
    console.print(flags_table(base["flags"], w(N_("flagged (see balance.html for every card)")), w))
    if data["changes"] is not None:
        console.print(changes_table(data, w))
        ch = data["changes"]["length"]
        line = w(N_("mean length change: {delta} decisions [{span}]"),
                 delta=f"{ch['delta']:+.1f}", span=span(ch, sign="+", w=w))  # fmt: skip
        console.print(escape(line))
    for err in base["errors"][:5]:
        said = w(N_("game {game} (seed {seed}): {error}"), game=err["game"], seed=err["seed"],
                 error=err["error"])  # fmt: skip
        console.print(f"[red]{escape(said)}[/]")
    rule = flag_rule_text(data["rules"]["margin"], data["rules"]["min_samples"], w.lang)
    said = w(N_("flags: {rule}"), rule=rule)
    console.print(f"[dim]{escape(said)}[/]")


def _flag(direction: str, w: Words = EN) -> str:
    colour = {"above": "green", "below": "red"}.get(direction)
    return f"[{colour}]{escape(w.term(direction))}[/]" if colour else ""


def _interval(x: dict[str, Any], w: Words, spec: str = ".1%") -> str:
    return w(N_("{low} to {high}"), low=f"{x['low']:{spec}}", high=f"{x['high']:{spec}}")


def groups_table(run: dict[str, Any], title: str, w: Words = EN) -> Table:
    """Seats (first-player advantage), decks and agents with win rates and intervals."""
    head = ("", w(GAMES), w(N_("W-D-L")), w(WIN_RATE), w(INTERVAL), w(FLAG))
    table = Table(*head, title=escape(title))
    for name, x in group_names(run, w):
        table.add_row(
            escape(name),
            str(x["n"]),
            f"{x['wins']}-{x['draws']}-{x['losses']}",
            f"{x['score']:.1%}",
            _interval(x, w),
            _flag(x["flag"], w),
        )
    return table


def length_line(x: dict[str, Any], w: Words = EN) -> str:
    """The mean game length with its interval, spread and range."""
    return w(
        N_("game length: mean {mean} decisions [{span}], sd {sd}, min {min}, median {median}, "
           "max {max}"),
        mean=f"{x['mean']:.1f}", span=span(x, w=w), sd=f"{x['sd']:.1f}", min=x["min"],
        median=x["median"], max=x["max"],
    )  # fmt: skip


def units_line(x: dict[str, Any], w: Words = EN) -> str:
    """The game's length in its own unit, and the share of short games."""
    short = x["short"]
    return w(
        N_("game length in {unit}: mean {mean} [{span}], min {min}, median {median}, "
           "max {max}; fewer than 3 {unit} for some player: {share} [{low}-{high}]"),
        unit=w.term(x["unit"]), mean=f"{x['mean']:.1f}", span=span(x, w=w), min=x["min"],
        median=x["median"], max=x["max"], share=f"{short['share']:.1%}",
        low=f"{short['low']:.1%}", high=f"{short['high']:.1%}",
    )  # fmt: skip


def ends_line(ends: list[dict[str, Any]], w: Words = EN) -> str:
    """How games end: each reason's share with its interval."""
    said = w(N_(", ")).join(
        f"{w.term(e['how'])} {e['share']:.0%} [{e['low']:.0%}-{e['high']:.0%}]" for e in ends
    )
    return w(N_("how games end: {ends}"), ends=said)


def matchups_table(run: dict[str, Any], w: Words = EN) -> Table:
    """Each deck's win rate against each other deck (rows against columns)."""
    names = [x["deck"] for x in run["decks"]]
    cells = {(m["deck"], m["against"]): m for m in run["matchups"]}
    shown = [escape(w.deck_name(n)) for n in names]
    table = Table(w(N_("deck against")), *shown, title=escape(w(N_("matchups (row's win rate)"))))
    for a, label in zip(names, shown, strict=True):
        row = [f"{cells[a, b]['score']:.0%}" if (a, b) in cells else "" for b in names]
        table.add_row(label, *row)
    return table


def flags_table(flags: list[dict[str, Any]], title: str, w: Words = EN) -> Table | str:
    """The items that stand out, or a line saying none does."""
    if not flags:
        return escape(w(N_("nothing stands out under the flag rule")))
    head = (w(N_("kind")), w(N_("item")), w(N_("metric")), "n", w(WIN_RATE), w(INTERVAL))
    table = Table(*head, w(FLAG), title=escape(title))
    for f in flags:
        table.add_row(
            escape(w.term(f["kind"])),
            escape(w.item(f["kind"], f["name"])),
            escape(w.term(f["metric"])),
            str(f["n"]),
            f"{f['score']:.1%}",
            _interval(f, w),
            _flag(f["direction"], w),
        )
    return table


def changes_table(data: dict[str, Any], w: Words = EN) -> Table:
    """Seats and decks before and after, and every flagged change."""
    ch = data["changes"]
    title = w(N_("what changed with cards {cards}"), cards=data["compare"]["cards_option"])
    head = ("", w(N_("metric")), w(N_("before")), w(N_("after")), w(N_("change")), w(INTERVAL))
    table = Table(*head, w(FLAG), title=escape(title))
    groups = {**ch, "agents": []}
    rows = [(n, w.term("win rate"), x) for n, x in group_names(groups, w)]
    against = N_("win rate against {deck}")
    rows += [
        (w.deck_name(x["deck"]), w(against, deck=w.deck_name(x["against"])), x)
        for x in ch["matchups"]
    ]
    rows += [
        (f"{w.term('card')} {w.card_name(f['name'])}", w.term(f["metric"]), f)
        for f in ch["flags"]
        if f["kind"] == "card"
    ]
    for name, metric, x in rows:
        table.add_row(
            escape(name),
            escape(metric),
            f"{x['before']:.1%}",
            f"{x['after']:.1%}",
            points(x["delta"], w),
            points_span(x, w),
            _flag(str(x.get("flag", x.get("direction", ""))), w),
        )
    return table
