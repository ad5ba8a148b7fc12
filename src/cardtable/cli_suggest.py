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
from cardtable.core.i18n import N_
from cardtable.sim.backends import Backend
from cardtable.sim.balance import BalanceConfig
from cardtable.sim.balance_tables import EN, pct
from cardtable.sim.balance_words import Words
from cardtable.sim.suggest import SuggestConfig, suggest
from cardtable.sim.suggest_html import field_said, target_heading, verified_line, why_said

Json = dict[str, Any]


SIDE_EFFECTS = {
    False: N_("Decks after: {decks}; P0 {before} → {after}"),
    True: N_("Decks after: {decks}; first player {before} → {after}"),
}
"""A verified proposal's side effects: the decks, and seat P0 or the first player."""

SEARCHING = N_("Searching for changes, target {n} of {total}: {target}")
"""The search's progress: the target it is on, counted among all it searches."""


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
    w: Words = EN,
) -> Json:
    """Run the search over the base run of ``data`` (the lab's report) with a status line;
    ``resume``: the changes a stopped search kept in ``suggest.jsonl`` are not played again."""
    config = SuggestConfig(**{**config.__dict__, "verify_games": settings.games})
    with console.status(escape(w(N_("Searching for changes…")))) as status:

        def show(what: str, done: int, total: int) -> None:
            said = w(SEARCHING, n=done + 1, total=total, target=searched(what, w))
            status.update(escape(said))

        return suggest(settings, data["base"], jobs, folder, config, show, resume)


def searched(what: str, w: Words = EN) -> str:
    """The target a search is on (``card kick``, ``seat first``) in the words of ``w``."""
    kind, _, name = what.partition(" ")
    return f"{w.term(kind)} {w.item(kind, name)}"


def print_suggestions(console: Console, result: Json, base: Json, w: Words = EN) -> None:
    """Every target: why it is off (told from ``base``, the base run, in the language of
    ``w``), and its proposals with their verified effect."""
    head = w(N_("Suggestions (each change verified by playing the games again)"))
    console.print(f"[bold]{escape(head)}[/]")
    for t in result["targets"]:
        console.print(f"\n[bold]{escape(target_heading(t, w))}[/] {escape(why_said(t, base, w))}")
        if not t["proposals"]:
            console.print(
                "  " + escape(w(N_("No change of its numbers moved it toward the band.")))
            )
        for k, p in enumerate(t["proposals"], 1):
            console.print(proposal_text(k, t, p, w))


def proposal_text(k: int, target: Json, p: Json, w: Words = EN) -> str:
    """One proposal: its changes, the target after, the decks after, where it is written."""
    changes = w(N_("; ")).join(
        f"{w.card_name(c['card'])} {field_said(c, w)} {c['from']} → {c['to']}" for c in p["changes"]
    )
    lines = [f"  {k}. {escape(changes)}"]
    v = p["verified"]
    if v:
        lines.append("     " + escape(verified_line(target, v, w)))
        first = "first_player" in p
        seat = p["first_player" if first else "seat0"]
        decks = w(N_(", ")).join(
            f"{w.deck_name(d['deck'])} {pct(d['before'])} → {pct(d['after'])}" for d in p["decks"]
        )
        after = w(SIDE_EFFECTS[first], decks=decks, before=pct(seat["before"]),
                  after=pct(seat["after"]))  # fmt: skip
        lines.append("     " + escape(after))
    where = w(N_("Changed cards: {folder}; patch: {patch}"), folder=p["folder"], patch=p["patch"])
    lines.append("     " + escape(where))
    return "\n".join(lines)
