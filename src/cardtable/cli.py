"""The ``cardtable`` command line (typer and rich). Reaches games only through the registry."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from cardtable.cli_balance import balance_session, make_config, record_session
from cardtable.cli_deck import write_new_deck
from cardtable.cli_help import Command, GameArg, Group, LangOption, OptionList
from cardtable.cli_import import (
    ACCEPT_FLAG,
    check_unenforced,
    import_session,
    spec_decks,
    unsupported_table,
)
from cardtable.cli_play import checked_decks, play_session
from cardtable.cli_replay import replay_session
from cardtable.cli_serve import house_cards
from cardtable.cli_serve import serve as serve_session
from cardtable.cli_suggest import search_config
from cardtable.cli_tournament import mirror_decks, tournament_session
from cardtable.core.cards import load_yaml
from cardtable.core.decks import Deck, load_deck_file
from cardtable.core.errors import CardtableError, DeckFileError, brief
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, check_lang, lang_from_env, say, translator
from cardtable.core.registry import available_games, game_class, load_game
from cardtable.records import load_record
from cardtable.scenario import run_scenario, scenario_files
from cardtable.sim.backends import Backend, make_backend
from cardtable.sim.runner import SimConfig, run, summarize

app = typer.Typer(
    help="cardtable: play, check and simulate out-of-print trading card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=Group,
)
deck_app = typer.Typer(help="Deck files.", no_args_is_help=True, cls=Group)
scenario_app = typer.Typer(help="Scenario files.", no_args_is_help=True, cls=Group)
app.add_typer(deck_app, name="deck")
app.add_typer(scenario_app, name="scenario")
console = Console(highlight=False)

RayOption = Annotated[
    str | None,
    typer.Option(
        metavar="local|HOST:PORT",
        help="run on Ray instead: 'local' (a Ray on this machine, --jobs CPUs) or a cluster "
        "address such as HOST:6379 (docs/scaling.md)",
    ),
]


AgentsOption = Annotated[
    str, typer.Option(metavar="AGENT,AGENT", help="comma-separated agent specs")
]
JobsOption = Annotated[int, typer.Option(help="local processes")]
RecordOption = Annotated[
    str | None,
    typer.Option(
        metavar="ID",
        help="instead of a run: play game ID (BLOCK:GAME, as the report lists it) of the run "
        "in --out again and save it for cardtable replay",
    ),
]
SuggestOption = Annotated[
    bool,
    typer.Option("--suggest", help="propose verified changes to card numbers (docs/balance.md)"),
]
ScreenGamesOption = Annotated[
    int, typer.Option(metavar="N", help="--suggest: games per screened change")
]
FieldsOption = Annotated[
    str | None,
    typer.Option(metavar="NAME,NAME", help="--suggest: only numbers of these names (atk,def)"),
]
CompareOption = Annotated[
    str | None,
    typer.Option(
        metavar="CARDS", help="another card set (folder or file): same games again, with changes"
    ),
]
BaseOption = Annotated[
    Path | None,
    typer.Option(
        metavar="DIR",
        help="with --compare: take the base card set's games from an earlier run in DIR (its "
        "settings but --compare and --games the same) instead of playing them again",
    ),
]
ResumeOption = Annotated[
    bool,
    typer.Option(
        "--resume", help="go on from the checkpoint in --out (a larger --games lengthens it)"
    ),
]


AcceptOption = Annotated[
    bool,
    typer.Option(
        ACCEPT_FLAG,
        help="play decks holding cards whose printed text the rules do not all enforce "
        "(imported cards; those sentences do nothing)",
    ),
]


LabDataOption = Annotated[
    Path | None,
    typer.Option(
        metavar="DIR",
        help="folder of the balance lab's card sets and runs (default: cardtable-data "
        "in this folder)",
    ),
]
OriginsOption = Annotated[
    list[str] | None,
    typer.Option(
        metavar="URL",
        help="another site whose pages may open this server's tables (repeatable; "
        "e.g. https://example.org); the server's own pages always may",
    ),
]
HouseCardsOption = Annotated[
    list[str] | None,
    typer.Option(
        "--cards",
        metavar="GAME=DIR",
        help="play this card folder (such as one cardtable import wrote) at every table of "
        "the game instead of its built-in cards (repeatable, one per game)",
    ),
]
AgentSecondsOption = Annotated[
    float,
    typer.Option(
        min=0.1,
        max=600,
        metavar="SECONDS",
        help="the longest a computer opponent may think over one move, whatever its spec asks",
    ),
]
LabWorkersOption = Annotated[
    int,
    typer.Option(
        min=1,
        metavar="N",
        help="balance-lab runs played at once, each in a process of its own at a lower "
        "priority; the others wait",
    ),
]


def chosen_lang(lang: str | None) -> Lang:
    """``--lang``, else the language of the locale."""
    return check_lang(lang) if lang else lang_from_env()


def _backend(jobs: int, ray: str | None) -> Backend:
    """The backend of --jobs and --ray (CardtableError for --jobs below 1)."""
    if jobs < 1:
        raise CardtableError("--jobs must be at least 1")
    return make_backend(jobs, ray)


def parse_options(items: list[str] | None) -> dict[str, Any]:
    """Turn KEY=VALUE strings into a mapping (values read as YAML scalars)."""
    out: dict[str, Any] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise CardtableError(f"option {brief(item)}: write options as KEY=VALUE")
        try:
            out[key.strip().replace("-", "_")] = load_yaml(value)[0]
        except yaml.YAMLError as exc:
            why = getattr(exc, "problem", None) or "cannot read it"
            raise CardtableError(
                f"option {brief(item)}: the value is not valid YAML ({why})"
            ) from None
    return out


def get_game(name: str, options: list[str] | None, players: int | None = None) -> Game:
    """Load a game with the command line's options."""
    opts = parse_options(options)
    if players is not None:
        opts["players"] = players
    return load_game(name, **opts)


@app.command(cls=Command)
def games(lang: LangOption = None) -> None:
    """List the games."""
    words = chosen_lang(lang)
    _ = translator("cardtable", words)
    table = Table(_("game"), _("title"), _("players"), _("version"))
    for name in available_games():
        cls = game_class(name)
        players = f"{cls.min_players}-{cls.max_players}"
        table.add_row(name, cls.title_in(words), players, cls.version)
    console.print(table)


@app.command(cls=Command)
def rules(game: GameArg, option: OptionList = None, lang: LangOption = None) -> None:
    """Print a rules sheet: players, how to win, decks, setup, the turn, deck-out."""
    words = chosen_lang(lang)
    _ = translator("cardtable", words)
    g = get_game(game, option)
    console.print(f"[bold]{escape(g.title_in(words))}[/]")
    for heading, text in g.presentation.rules_sheet(words):
        console.print(Panel(escape(text), title=heading, title_align="left"))
    console.print(
        escape(
            _("Every rule, with its source and test: {file}", file="docs/rules/" + g.name + ".md")
        )
    )


@app.command(cls=Command)
def cards(
    game: GameArg,
    kind: Annotated[
        str | None, typer.Option("--type", metavar="TYPE", help="only cards of this type")
    ] = None,
    unsupported: Annotated[
        bool,
        typer.Option(
            "--unsupported",
            help="only the cards whose printed text the rules do not all enforce (imported "
            "cards), with those sentences",
        ),
    ] = False,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    """List the cards of a game with their rules text (with -o cards=DIR: a changed card
    set, or one made by cardtable import)."""
    g = get_game(game, option)
    chosen = chosen_lang(lang)
    if unsupported:
        _show_unsupported(g, chosen)
        return
    table = Table("id", "card")
    shown = 0
    for c in g.card_pool.cards:
        if kind is None or c.type == kind:
            table.add_row(c.id, g.presentation.describe_card(c.id, chosen))
            shown += 1
    if kind is not None and not shown:
        types = sorted({c.type for c in g.card_pool.cards})
        raise CardtableError(f"no cards of type {brief(kind)}; types: {', '.join(types)}")
    console.print(table)


def _show_unsupported(game: Game, lang: Lang) -> None:
    """``cards --unsupported``: the cards whose text is not all enforced, or that none is."""
    table = unsupported_table(game, lang)
    if table is None:
        _ = translator("cardtable", lang)
        console.print(escape(_("The rules enforce the text of every card.")))
    else:
        console.print(table)


@app.command("import", cls=Command)
def import_cmd(
    game: GameArg,
    paths: Annotated[
        list[Path],
        typer.Argument(
            metavar="PATH",
            help="card set files, deck lists, or folders of them (searched recursively); "
            "rawdeal: OCTGN set.xml files, OCTGN .o8d decks, text deck lists",
        ),
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out", metavar="DIR", help="the card folder to write (play with -o cards=DIR)"
        ),
    ],
    skip_bad: Annotated[
        bool,
        typer.Option(
            "--skip-bad",
            help="leave out the cards that cannot be imported, listing them, instead of "
            "importing nothing",
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Import a game's real cards and decks from the files a player has (rawdeal: OCTGN set
    and deck files, text deck lists) into a card folder, reporting per set how much of the
    cards' text the rules enforce (docs/importing-cards.md)."""
    g = get_game(game, None)
    import_session(console, g, paths, out, skip_bad, chosen_lang(lang))


@deck_app.command("check", cls=Command)
def deck_check(
    files: Annotated[list[Path], typer.Argument(metavar="FILE", help="deck files (YAML)")],
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    """Check deck files against their game's construction rules (exit 1 if any is broken);
    with -o cards=DIR against a changed card set (and -o for the game's other options)."""
    words = chosen_lang(lang)
    _ = translator("cardtable", words)
    bad = 0
    for path in files:
        try:
            data = load_yaml(path.read_text(encoding="utf-8"))[0]
        except OSError as exc:
            raise DeckFileError(f"{path}: cannot read the file ({exc.strerror})") from None
        except (yaml.YAMLError, UnicodeDecodeError):
            data = None
        name = data.get("game") if isinstance(data, dict) else None
        if not isinstance(name, str):
            raise DeckFileError(f"{path}: field 'game': a deck file names its game")
        g = get_game(name, option)
        deck = checked_deck_file(g, path, words)
        problems = g.check_deck(deck)
        if problems:
            bad += 1
            for p in problems:
                said = say(p.message, g, words)
                console.print(f"[red]{escape(str(path))}: {p.rule}:[/] {escape(said)}")
        else:
            legal = _("legal")
            console.print(f"[green]{escape(str(path))}: {escape(legal)}[/] ({escape(deck.name)})")
    if bad:
        raise typer.Exit(1)


def checked_deck_file(game: Game, path: Path, lang: Lang) -> Deck:
    """A deck file of ``game`` read, or DeckFileError with its problems in ``lang``."""
    try:
        return load_deck_file(path, game.name, game.deck_layout, game.card_pool.index)
    except DeckFileError as exc:
        said = [say(problem, game, lang) for problem in exc.problems]
        raise DeckFileError("\n".join(said), said) from None


@deck_app.command("new", cls=Command)
def deck_new(
    game: GameArg,
    out: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="the file to write (default: GAME-deck.yaml)"),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="overwrite an existing file")] = False,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    """Write a deck file to edit: the game's first starter deck, each card commented with
    its name and type (it passes `deck check` as it is)."""
    chosen = chosen_lang(lang)
    _ = translator("cardtable", chosen)
    g = get_game(game, option)
    path = out if out is not None else Path(f"{g.name}-deck.yaml")
    deck = write_new_deck(g, path, force, chosen)
    console.print(
        escape(
            _(
                "wrote {file} ({deck}); check it with: cardtable deck check {file}",
                file=str(path),
                deck=deck.name,
            )
        )
    )


@app.command(cls=Command)
def play(
    game: GameArg,
    opponent: Annotated[
        str, typer.Option(metavar="AGENT", help="agent spec for the computer")
    ] = "greedy",
    humans: Annotated[int, typer.Option(help="people at this terminal (1 or 2+)")] = 1,
    seat: Annotated[int, typer.Option(help="your seat when playing the computer")] = 0,
    players: Annotated[int | None, typer.Option(help="number of players")] = None,
    seed: Annotated[int | None, typer.Option(help="shuffle seed (random if not given)")] = None,
    deck: Annotated[
        list[str] | None,
        typer.Option(metavar="DECK", help="a deck per player: starter name or file"),
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="write the game record here")
    ] = None,
    accept_unenforced: AcceptOption = False,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    """Play a game in the terminal: against the computer, or people taking turns (? at the
    prompt lists the moves with their meaning)."""
    g = get_game(game, option, players)
    decks = checked_decks(g, deck) or g.default_decks()
    check_unenforced(console, g, decks, accept_unenforced, chosen_lang(lang))
    play_session(console, g, opponent, humans, seat, seed, deck, save, chosen_lang(lang))


@app.command(cls=Command)
def serve(
    host: Annotated[
        str, typer.Option(metavar="ADDRESS", help="address to listen on")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="database URL (default: sqlite:///cardtable.db in this folder; PostgreSQL: "
            "postgresql+psycopg://USER:PASSWORD@HOST/DB)",
        ),
    ] = None,
    abandon_after: Annotated[
        float,
        typer.Option(
            min=0.1,
            help="minutes an open or running table may wait with none of its seats' people "
            "connected; then it is abandoned",
        ),
    ] = 30.0,
    allow_origin: OriginsOption = None,
    max_connections: Annotated[
        int,
        typer.Option(min=1, help="connections at once; beyond them the server answers 503"),
    ] = 1000,
    agent_workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="processes the searching computer opponents (ismcts) think in, one "
            "decision each at a time (default: one per core but one, at least 1); one more "
            "answers for random and greedy",
        ),
    ] = None,
    agent_seconds: AgentSecondsOption = 5.0,
    data: LabDataOption = None,
    lab_workers: LabWorkersOption = 1,
    cards: HouseCardsOption = None,
) -> None:
    """Serve games to browsers: open the printed address (docs/server-api.md)."""
    serve_session(
        console,
        host,
        port,
        db,
        abandon_after * 60,
        tuple(allow_origin or ()),
        max_connections,
        agent_workers=agent_workers,
        agent_seconds=agent_seconds,
        data=data,
        lab_workers=lab_workers,
        house=house_cards(cards),
    )


@app.command(cls=Command)
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option(help="how many games")] = 100,
    agents: AgentsOption = "random,random",
    seed: Annotated[int, typer.Option(help="seed of the batch")] = 0,
    jobs: JobsOption = 1,
    ray: RayOption = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", metavar="FILE", help="write the summary here")
    ] = None,
    deck: Annotated[
        list[str] | None, typer.Option(metavar="DECK", help="decks, rotated with the seats")
    ] = None,
    option: OptionList = None,
    duplicate: Annotated[
        bool,
        typer.Option(
            help="duplicate deals: play each deal (shuffles and decks) once with each agent "
            "in each seat, so the luck of the cards falls on every agent alike"
        ),
    ] = False,
    accept_unenforced: AcceptOption = False,
) -> None:
    """Simulate many games between agents; seats rotate; identical results for any --jobs."""
    g = get_game(game, option)
    decks = [g.resolve_deck(d) for d in deck] if deck else g.default_decks()
    check_unenforced(console, g, decks, accept_unenforced, "en")
    if games < 1:
        raise CardtableError("--games must be at least 1")
    backend = _backend(jobs, ray)
    config = SimConfig(
        g.name,
        g.options_dict(),
        games,
        tuple(a.strip() for a in agents.split(",") if a.strip()),
        seed,
        tuple(deck) if deck else None,
        duplicate=duplicate,
    )
    from rich.progress import Progress

    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("playing", total=games)
        results = run(config, backend, lambda done: bar.update(task, completed=done))
    summary = summarize(config, results)
    _print_summary(summary)
    if json_path:
        json_path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        console.print(f"summary written to {escape(str(json_path))}")
    if summary["errors"]:
        raise typer.Exit(1)


def _print_summary(s: dict[str, Any]) -> None:
    n = s["games"]
    table = Table("agent", "games", "wins", "win rate", title=f"{s['game']}: {n} games")
    for label, wins in s["wins_by_agent"].items():
        played = s["games_by_agent"][label]
        table.add_row(label, str(played), str(wins), f"{wins / played:.1%}" if played else "-")
    console.print(table)
    seats = ", ".join(f"P{p}: {w}" for p, w in enumerate(s["wins_by_seat"]))
    length = s["length"]
    console.print(f"wins by seat: {seats}; draws: {s['draws']}")
    console.print(
        f"game length: mean {length['mean']:.1f} decisions, sd {length['std']:.1f}, "
        f"min {length['min']}, max {length['max']}; errors: {len(s['errors'])}"
    )
    if s["duplicate"]:
        console.print(
            f"duplicate deals: {s['split_deals']} of {s['deals']} deals split (every agent won "
            "as often in the deal: the cards and seats decided it)"
        )
    for err in s["errors"][:5]:
        console.print(f"[red]game {err['game']} (seed {err['seed']}): {escape(err['error'])}[/]")


@app.command(cls=Command)
def tournament(
    game: GameArg,
    agents: Annotated[
        str, typer.Option(metavar="AGENT,AGENT", help="comma-separated agent specs, at least 2")
    ] = "random,greedy",
    games: Annotated[int, typer.Option(help="games per pair, seats swapped")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the tournament")] = 0,
    jobs: JobsOption = 1,
    ray: RayOption = None,
    deck: Annotated[
        list[str] | None,
        typer.Option(metavar="DECK", help="decks, rotated so each agent plays each"),
    ] = None,
    mirror: Annotated[
        bool,
        typer.Option(
            help="mirror matches: all seats play the same deck, each --deck in turn "
            "(every starter deck when none is given)"
        ),
    ] = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            help="duplicate deals: play each deal twice with the seats swapped, so the luck "
            "of the cards falls on both agents alike (narrower intervals for the same games)"
        ),
    ] = False,
    out: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="folder for the files (default: tournament-GAME)"),
    ] = None,
    option: OptionList = None,
    accept_unenforced: AcceptOption = False,
) -> None:
    """Round robin between agents: Elo ratings with 95% intervals, a score matrix, and
    tournament.json and tournament.html; identical results for any --jobs."""
    g = get_game(game, option)
    decks = spec_decks(g, deck or mirror_decks(g, mirror))
    check_unenforced(console, g, decks, accept_unenforced, "en")
    backend = _backend(jobs, ray)
    code = tournament_session(
        console, g, agents, games, seed, backend, deck, out, mirror, duplicate
    )
    if code:
        raise typer.Exit(code)


@app.command(cls=Command)
def balance(
    game: GameArg,
    games: Annotated[int, typer.Option(help="games (per card set)")] = 1000,
    agents: AgentsOption = "greedy,greedy",
    deck: Annotated[
        list[str] | None,
        typer.Option(
            metavar="DECK",
            help="decks (starter name or file), each pair meeting from both seats with the "
            "same deals (default: every starter deck)",
        ),
    ] = None,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate", help="rotate the decks over the seats instead (each meets its neighbours)"
        ),
    ] = False,
    seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
    jobs: JobsOption = 1,
    ray: RayOption = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="folder for the files (default: balance-GAME)"),
    ] = None,
    compare: CompareOption = None,
    base: BaseOption = None,
    resume: ResumeOption = False,
    margin: Annotated[float, typer.Option(help="flag rule: margin around the reference")] = 0.03,
    min_samples: Annotated[int, typer.Option(help="flag rule: fewest samples")] = 30,
    suggest: SuggestOption = False,
    screen_games: ScreenGamesOption = 200,
    fields: FieldsOption = None,
    option: OptionList = None,
    accept_unenforced: AcceptOption = False,
    lang: LangOption = None,
    record: RecordOption = None,
) -> None:
    """The balance lab: win rates by seat, deck and card (in the deck, played; wcrugby: on
    court), game length and how games end, with 95% intervals; flags what stands out; writes
    balance.json and balance.html (in --lang); --suggest proposes changes. Ctrl-C stops,
    --resume goes on; identical for any --jobs."""
    if record is not None:
        record_session(console, game, out, record, chosen_lang(lang))
        return
    g = get_game(game, option)
    words = chosen_lang(lang)
    settings = make_config(g, agents, games, deck, seed, compare, rotate)
    for options in settings.run_options():  # the card set, then the one compared
        run = load_game(g.name, **options)
        check_unenforced(console, run, spec_decks(run, settings.decks), accept_unenforced, words)
    backend = _backend(jobs, ray)
    search = search_config(screen_games, margin, fields) if suggest else None
    code = balance_session(
        console, settings, backend, out, resume, margin, min_samples, search, words, base
    )
    if code:
        raise typer.Exit(code)


@app.command("replay", cls=Command)
def replay_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a game record (play --save)")],
    as_player: Annotated[
        str, typer.Option("--as", metavar="SEAT", help="a seat number, 'spectator', or 'all'")
    ] = "spectator",
    pause: Annotated[bool, typer.Option(help="wait for Enter between steps")] = False,
    cards: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="the card folder the game was played with (a record from a server names "
            "its card set by folder name only)",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Step through a saved game from one player's view (or all views), in words."""
    chosen = chosen_lang(lang)
    record = load_record(file)
    if cards is not None:
        record.options["cards"] = str(cards)
    replay_session(console, record, as_player, pause, chosen)


@scenario_app.command("run", cls=Command)
def scenario_run(
    paths: Annotated[
        list[Path], typer.Argument(metavar="PATH", help="scenario files or folders of them")
    ],
) -> None:
    """Run scenario files (folders are searched for *.yaml); exit 1 if any fails."""
    files = scenario_files(paths)
    failed = 0
    for f in files:
        r = run_scenario(f)
        mark = "[green]ok[/]  " if r.ok else "[red]FAIL[/]"
        console.print(f"{mark} {escape(r.rule):8} {escape(str(f))}")
        if not r.ok:
            failed += 1
            console.print(f"      {escape(r.message)}")
    console.print(f"{len(files) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


def main() -> None:
    """Entry point: run the app; known errors print one line per problem and exit 2."""
    try:
        code = app(standalone_mode=False)
    except typer.TyperException as exc:  # a usage error: typer's own words, as click shows it
        _show_usage_error(exc)
        sys.exit(exc.exit_code)
    except typer.Abort:
        console.print("aborted")
        sys.exit(130)
    except CardtableError as exc:
        for line in str(exc).splitlines() or ["error"]:
            console.print(f"[red]error:[/] {escape(line)}")
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def _show_usage_error(exc: typer.TyperException) -> None:
    """Print a usage error the way typer does (usage line, hint, message) on stderr."""
    show = getattr(exc, "show", None)
    if callable(show):
        show()
    else:
        typer.echo(f"Error: {exc.format_message()}", err=True)
