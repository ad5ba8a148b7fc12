"""``cardtable play``: a game in the terminal, people against agents or each other.

Each person sees only their own observation; with several people at one terminal the screen
is cleared and the next person is asked to take the seat before anything is shown.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.markup import escape

from cardtable.agents.base import Agent, make_agent
from cardtable.cli_words import help_lines
from cardtable.core.errors import ActionNotationError, CardtableError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, say, translator
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import derive_seed
from cardtable.core.state import State
from cardtable.eventlog import describe_event
from cardtable.records import start

if TYPE_CHECKING:
    from cardtable.core.decks import Deck
    from cardtable.records import GameRecord


def human_seats(n: int, humans: int, seat: int) -> list[int]:
    """Which seats people take: all of them, or ``seat`` for one person against agents."""
    if humans < 1:
        raise CardtableError("--humans must be at least 1")
    if humans >= n:
        return list(range(n))
    if humans == 1:
        if not 0 <= seat < n:
            raise CardtableError(f"--seat must be 0 to {n - 1}")
        return [seat]
    return list(range(humans))


QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "？", "help", "h")
_NUMBER = re.compile(r"[+-]?\d+")


class Refused(CardtableError):
    """An answer that is not one of the moves offered (nothing is changed)."""


def ask(console: Console, state: State, legal: list[int], lang: Lang = "en") -> int | None:
    """Offer the legal moves and ask until the person picks one (by its number in the menu
    or by its notation); ``?`` or ``help`` lists the moves with their meaning; ``None``
    means quit."""
    _ = translator("cardtable", lang)
    texts = [state.action_to_string(a) for a in legal]
    said = [state.game.presentation.describe_action(state, a, lang) for a in legal]
    for i, words in enumerate(said, 1):
        console.print(f"  [cyan]{i:>2}[/] {escape(words)}")
    how = _("number or notation, ? for help, q to quit")
    mine = _("your move")
    prompt = f"[bold]{escape(mine)}[/] ({escape(how)}): "
    while True:
        try:
            text = console.input(prompt).strip()
        except EOFError:
            return None
        if text.lower() in QUIT_WORDS:
            return None
        if text.lower() in HELP_WORDS:
            for line in help_lines(state.game, texts, said, lang, _):
                console.print(line)
            continue
        try:
            return chosen(state, legal, text, lang)
        except Refused as exc:
            console.print(f"[red]{escape(str(exc))}[/]")


def chosen(state: State, legal: list[int], text: str, lang: Lang = "en") -> int:
    """The legal action an answer names: a number of the menu, or notation of a legal
    action; raises :class:`Refused` saying why not in ``lang`` (the state is not changed)."""
    _ = translator("cardtable", lang)
    if _NUMBER.fullmatch(text):
        n = int(text) if len(text) < 10 else 0
        if 1 <= n <= len(legal):
            return legal[n - 1]
        shown = text if len(text) < 10 else text[:9] + "…"
        raise Refused(
            _(
                "{answer} is not one of the listed moves (1 to {count})",
                answer=shown,
                count=len(legal),
            )
        )
    try:
        a = state.string_to_action(text)
        if a not in legal:
            state.clone().apply_action(a)
        return a
    except ActionNotationError as exc:
        why = say(exc.reason, state.game, lang)
        raise Refused(_("not an action: {reason}", reason=why)) from None
    except IllegalActionError as exc:
        why = say(exc.reason, state.game, lang)
        raise Refused(_("not legal now: {reason}", reason=why)) from None


def play_session(
    console: Console,
    game: Game,
    opponent: str,
    humans: int,
    seat: int,
    seed: int | None,
    deck_specs: list[str] | None,
    save: Path | None,
    lang: Lang = "en",
) -> None:
    """Run one game at the terminal (the terminal's own words in ``lang``) and optionally
    save its record."""
    _ = translator("cardtable", lang)
    n = game.num_players
    people = human_seats(n, humans, seat)
    seed = secrets.randbelow(2**31) if seed is None else seed
    decks = checked_decks(game, deck_specs)
    agents: dict[int, Agent] = {
        p: make_agent(opponent, derive_seed(seed, p)) for p in range(n) if p not in people
    }
    names = [f"person P{p}" if p in people else opponent for p in range(n)]
    record = start(game, seed, decks, names)
    state = game.new_initial_state(seed=seed, decks=decks)
    seats = ", ".join(f"P{p}" for p in people)
    console.print(
        f"[bold]{escape(game.title_in(lang))}[/] · "
        + escape(_("seed {seed} · you are {seats}; ? lists your moves", seed=seed, seats=seats))
    )
    last = play_turns(console, game, state, people, agents, record, lang)
    if state.is_terminal():
        console.rule(escape(_("game over")))
        viewer = last if len(people) == 1 else None
        console.print(game.presentation.render(state.observation(viewer), lang))
        record.result = state.returns()
        console.print(f"[bold]{escape(game.presentation.result(state.observation(None), lang))}[/]")
    if save is not None:
        record.notation = [game.action_to_string(a) for a in record.actions]
        save.write_text(record.to_json() + "\n", encoding="utf-8")
        console.print(escape(_("record saved to {file} (cardtable replay {file})", file=str(save))))


def checked_decks(game: Game, deck_specs: list[str] | None) -> list[Deck] | None:
    """The decks ``--deck`` names, one per player and each legal, or ``None`` when none is
    given (the game's default decks). Raises CardtableError otherwise."""
    if not deck_specs:
        return None
    n = game.num_players
    decks = [game.resolve_deck(d) for d in deck_specs]
    if len(decks) != n:
        raise CardtableError(f"give one --deck per player ({n}), got {len(decks)}")
    for d in decks:
        problems = game.check_deck(d)
        if problems:
            raise CardtableError(f"deck {d.name}: " + "; ".join(map(str, problems)))
    return decks


def play_turns(
    console: Console,
    game: Game,
    state: State,
    people: list[int],
    agents: dict[int, Agent],
    record: GameRecord,
    lang: Lang = "en",
) -> int:
    """Play ``state`` until it ends or a person leaves, asking ``people`` and ``agents`` in
    turn, showing each event as its viewer sees it, recording the actions. Returns the last
    person to act (whose view ends the game)."""
    _ = translator("cardtable", lang)
    last = people[0]
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        if p in people:
            if len(people) > 1 and p != last:
                console.clear()
                console.input(escape(_("Pass the terminal to P{p} and press Enter ", p=p)))
            last = p
            console.rule(escape(_("P{p} to act", p=p)))
            console.print(game.presentation.render(state.observation(p), lang))
            a = ask(console, state, legal, lang)
            if a is None:
                console.print(escape(_("game left unfinished")))
                break
        else:
            a = agents[p].decide(InfoSet(state, p))
        viewer = p if p in people else last
        for e in state.apply_action(a):
            view = state.event_view(e, viewer)
            if view is not None:
                console.print("  " + escape(describe_event(game, view, viewer, lang)))
        record.actions.append(a)
    return last
