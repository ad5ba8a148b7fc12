"""The terminal's words for moves and results, shared by ``cardtable play`` and ``replay``.

An action reads as the browser shows it: the game's notation with each card id replaced by
the card's name in the player's language (``place Bugs Bunny, Maestro on 1``). The meaning
of a move that names a card is that card's line from ``game.presentation.describe_card``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape

from cardtable.core.game import Game
from cardtable.core.i18n import Lang, Translate


def cards_named(game: Game, text: str) -> list[str]:
    """The card ids an action's notation names, in order."""
    index = game.card_pool.index
    return [w for w in text.split() if w in index]


def action_words(game: Game, text: str, lang: Lang) -> str:
    """An action's notation with each card id replaced by the card's name in ``lang``
    (plain text, no markup)."""
    return game.presentation.notation_words(text, lang)


def help_lines(
    game: Game, texts: Sequence[str], said: Sequence[str], lang: Lang, _: Translate
) -> list[str]:
    """The help of a menu of moves (``texts``: their notations, ``said``: their words, in
    menu order), with rich markup: each move's number, words and notation, then the line of
    each card it names (once per card)."""
    lines = [_("Your moves: a number or the notation (in brackets where it differs); q to quit.")]
    described: set[str] = set()
    for i, (text, words) in enumerate(zip(texts, said, strict=True), 1):
        shown = escape(words) if words == text else f"{escape(words)} [dim]({escape(text)})[/]"
        lines.append(f"  [cyan]{i:>2}[/] {shown}")
        for cid in cards_named(game, text):
            if cid not in described:
                described.add(cid)
                lines.append("       " + game.presentation.describe_card(cid, lang))
    return lines
