"""``cardtable balance --suggest``: the search's progress and its proposals in the terminal.

Each target (a deck, seat or card the base run puts outside the band) gets a line saying why
it is off, and each proposal the changes (card, number, from, to), the target's verified win
rate with its interval, every deck before and after, and the folder and patch written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from cardtable.core.errors import CardtableError
from cardtable.sim.backends import Backend
from cardtable.sim.balance import BalanceConfig
from cardtable.sim.suggest import SuggestConfig, suggest

Json = dict[str, Any]


def search_config(screen_games: int, margin: float, fields: str | None = None) -> SuggestConfig:
    """The search's settings from the command line (CardtableError when out of range);
    ``fields`` comma-separated."""
    if screen_games < 1:
        raise CardtableError("--screen-games must be at least 1")
    names = tuple(f.strip() for f in (fields or "").split(",") if f.strip())
    return SuggestConfig(screen_games=screen_games, margin=margin, fields=names)


def suggest_session(
    console: Console,
    settings: BalanceConfig,
    data: Json,
    jobs: int | Backend,
    folder: Path,
    config: SuggestConfig,
    resume: bool = False,
) -> Json:
    """Run the search over the base run of ``data`` (the lab's report) with a status line;
    ``resume``: the changes a stopped search kept in ``suggest.jsonl`` are not played again."""
    config = SuggestConfig(**{**config.__dict__, "verify_games": settings.games})
    with console.status("searching for changes") as status:

        def show(what: str) -> None:
            status.update(f"searching for changes: {escape(what)}")

        return suggest(settings, data["base"], jobs, folder, config, show, resume)


def print_suggestions(console: Console, result: Json) -> None:
    """Every target: why it is off, and its proposals with their verified effect."""
    console.print("[bold]suggestions[/] (each change verified by playing the games again)")
    for t in result["targets"]:
        b = t["before"]
        console.print(
            f"\n[bold]{t['kind']} {escape(t['name'])}[/] {t['direction']} "
            f"({b['score']:.1%} [{b['low']:.1%}-{b['high']:.1%}]): {escape(t['why'])}"
        )
        if not t["proposals"]:
            console.print("  no change of its numbers moved it toward the band")
        for k, p in enumerate(t["proposals"], 1):
            console.print(proposal_text(k, t, p))


def proposal_text(k: int, target: Json, p: Json) -> str:
    """One proposal: its changes, the target after, the decks after, where it is written."""
    changes = ", ".join(
        f"{escape(c['card'])} {escape(c['field'])} {c['from']} -> {c['to']}" for c in p["changes"]
    )
    v = p["verified"]
    mark = "[green]in the band[/]" if v and v["in_band"] else "[yellow]closer, not in the band[/]"
    lines = [f"  {k}. {changes}: {mark}"]
    if v:
        lines.append(
            f"     {escape(target['name'])}: {target['before']['score']:.1%} -> {v['score']:.1%} "
            f"[{v['low']:.1%}-{v['high']:.1%}] over {v['n']} player-games; flags {v['flags']}"
        )
        decks = "; ".join(
            f"{escape(d['deck'])} {d['before']:.0%} -> {d['after']:.0%}" for d in p["decks"]
        )
        lines.append(
            f"     decks: {decks}; P0 {p['seat0']['before']:.0%} -> {p['seat0']['after']:.0%}"
        )
    lines.append(f"     cards: {escape(p['folder'])}  patch: {escape(p['patch'])}")
    return "\n".join(lines)
