"""``cardtable replay``: a saved game step by step, in words, from one view.

Each step reads as the browser's replay does: the player and the action with its cards by
name (``3. P0: place Bugs Bunny, Maestro on 1``), then each event as that view sees it, in
the game's words (``cardtable.eventlog``). A step of another player's shows only that they
acted, then what the view saw of it.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.registry import load_game
from cardtable.core.state import State
from cardtable.eventlog import describe_event
from cardtable.records import GameRecord, replay


def read_view(as_player: str, players: int) -> int | None:
    """``--as``: a seat number, or ``None`` for ``spectator`` and ``all``."""
    if as_player in ("spectator", "all"):
        return None
    if not as_player.isdigit() or len(as_player) > 3:
        raise CardtableError("--as takes a seat number, 'spectator' or 'all'")
    if not 0 <= int(as_player) < players:
        raise CardtableError(f"--as: seat must be 0 to {players - 1}")
    return int(as_player)


def replay_session(
    console: Console, record: GameRecord, as_player: str, pause: bool, lang: Lang
) -> None:
    """Print a saved game step by step from the view of ``--as``, in words."""
    _ = translator("cardtable", lang)
    game = record_game(record)
    view = read_view(as_player, game.num_players)
    for step, (state, action) in enumerate(replay(record), 1):
        if action is None:
            console.print(game.presentation.render(state.observation(view), lang))
            console.print(f"[bold]{escape(ending(game, state, lang, record.conceded))}[/]")
            break
        every = as_player == "all"
        print_step(
            console, game, state, action, step, state.current_player() if every else view, _, lang
        )
        if pause:
            wait = _("Enter for the next step")
            console.input(f"[dim]{escape(wait)}[/]")


def record_game(record: GameRecord) -> Game:
    """The game a record was played in; a card folder it names that is not here says to
    point at one's own copy with ``--cards``."""
    try:
        return load_game(record.game, **record.options)
    except CardtableError as exc:
        if "cards" not in record.options:
            raise
        raise CardtableError(
            f"{exc}; the game was played with the card set {record.options['cards']!r}: "
            "point at your copy of it with --cards DIR"
        ) from None


def ending(game: Game, state: State, lang: Lang, conceded: int | None = None) -> str:
    """How a replayed game ended (``Presentation.result``), that seat ``conceded`` it, or
    that it was left unfinished."""
    _ = translator("cardtable", lang)
    if conceded is not None and not state.is_terminal():
        return _("P{seat} conceded the game", seat=conceded)
    if not state.is_terminal():
        return _("The game was left unfinished")
    return game.presentation.result(state.observation(None), lang)


def print_step(
    console: Console,
    game: Game,
    state: State,
    action: int,
    step: int,
    viewer: int | None,
    _: Translate,
    lang: Lang,
) -> None:
    """One step: who acted and (when ``viewer`` is the actor) the action, then the events
    as ``viewer`` sees them (``None``: a spectator)."""
    actor = state.current_player()
    if viewer == actor:
        words = game.presentation.describe_action(state, action, lang)
        console.print(f"[bold]{step}. P{actor}:[/] {escape(words)}")
    else:
        console.print(f"[bold]{step}.[/] " + escape(_("P{p} acts", p=actor)))
    clone = state.clone()
    for event in clone.apply_action(action):
        seen = clone.event_view(event, viewer)
        if seen is not None:
            console.print("   " + escape(describe_event(game, seen, viewer, lang)))
