"""``cardtable tournament``: a round robin between agents, its tables, and the files it writes.

The files go to ``--out`` (default ``tournament-<game>`` in the current folder, created if
needed): ``tournament.json`` (``sim.tournament.to_json``) and ``tournament.html``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.sim.backends import Backend
from cardtable.sim.report_html import tournament_html
from cardtable.sim.tournament import TournamentConfig, play, to_json, total_games, validate


def tournament_session(
    console: Console,
    game: Game,
    agents: str,
    games: int,
    seed: int,
    jobs: int | Backend,
    decks: list[str] | None,
    out: Path | None,
    mirror: bool = False,
    duplicate: bool = False,
) -> int:
    """Play the tournament, print its tables, write the files; return the exit code
    (1 if some game ended in an engine error, else 0). Bad input raises ``CardtableError``."""
    if isinstance(jobs, int) and jobs < 1:
        raise CardtableError("--jobs must be at least 1")
    config = TournamentConfig(
        game.name,
        game.options_dict(),
        tuple(a.strip() for a in agents.split(",") if a.strip()),
        games,
        seed,
        tuple(decks) if decks else mirror_decks(game, mirror),
        mirror,
        duplicate,
    )
    validate(config)
    with Progress(console=console, transient=True) as bar:
        task = bar.add_task("playing", total=total_games(config))
        result = play(config, jobs, lambda done: bar.update(task, completed=done))
    summary = to_json(result)
    print_summary(console, summary)
    folder = out if out is not None else Path(f"tournament-{game.name}")
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(summary, indent=1) + "\n"
    (folder / "tournament.json").write_text(text, encoding="utf-8")
    (folder / "tournament.html").write_text(tournament_html(summary), encoding="utf-8")
    console.print(f"written: {escape(str(folder / 'tournament.json'))}, tournament.html")
    return 1 if summary["errors"] else 0


def mirror_decks(game: Game, mirror: bool) -> tuple[str, ...] | None:
    """The decks of a mirror tournament given no ``--deck``: every starter deck of the game
    (``None`` when not mirrored, or the game has none)."""
    if not mirror:
        return None
    return tuple(sorted(game.starter_decks())) or None


def print_summary(console: Console, s: dict[str, Any]) -> None:
    """The ratings (best first) and the score matrix, then any errors."""
    title = f"{s['game']}: {s['games_per_pair']} games per pair, seed {s['seed']}"
    table = Table("#", "agent", "Elo", "95% interval", "games", "score", title=title)
    anchor = s["rating"]["anchor"]
    for rank, r in enumerate(s["ratings"], 1):
        table.add_row(
            str(rank),
            escape(r["agent"]),
            f"{r['elo']:+.0f}",
            "anchor" if r["agent"] == anchor else f"{r['low']:+.0f} to {r['high']:+.0f}",
            str(r["games"]),
            f"{r['score']:.1%}",
        )
    console.print(table)
    console.print(f"Elo: the first agent ({escape(anchor)}) is the anchor, fixed at 0")
    console.print(escape(s["deck_plan"]))
    console.print(score_matrix(s))
    if s["duplicate"]:
        console.print(
            "duplicate deals: each deal was played twice with the seats swapped; split = "
            "deals each agent won once (decided by the cards and seats, not the agents)"
        )
        for p in s["pairs"]:
            console.print(
                f"  {escape(p['a'])} vs {escape(p['b'])}: "
                f"{p['split_deals']} of {p['deals']} deals split"
            )
    for err in s["errors"][:5]:
        console.print(
            f"[red]{escape(err['a'])} vs {escape(err['b'])} (seed {err['seed']}): "
            f"{escape(err['error'])}[/]"
        )
    if s["errors"]:
        console.print(f"[red]{len(s['errors'])} games ended in an error[/]")


def score_matrix(s: dict[str, Any]) -> Table:
    """Each row agent's score against each column agent, with its 95% interval and W-D-L."""
    cells: dict[tuple[str, str], str] = {}
    for p in s["pairs"]:
        lo, hi = p["score_low"], p["score_high"]
        cells[p["a"], p["b"]] = (
            f"{p['score']:.0%} [{lo:.0%}-{hi:.0%}]\n{p['wins']}-{p['draws']}-{p['losses']}"
        )
        cells[p["b"], p["a"]] = (
            f"{1 - p['score']:.0%} [{1 - hi:.0%}-{1 - lo:.0%}]\n"
            f"{p['losses']}-{p['draws']}-{p['wins']}"
        )
    table = Table(
        "", *map(escape, s["agents"]), title="score of the row against the column (W-D-L)"
    )
    for a in s["agents"]:
        table.add_row(escape(a), *(cells.get((a, b), "·") for b in s["agents"]))
    return table
