"""``cardtable deck new``: a starter deck written out as a commented deck file to edit.

The file is the game's first starter deck (by name), each card on a line of its own with a
comment giving the card's name (in the chosen language) and type, so a player can change the
counts and ids without a card list beside them; it passes ``cardtable deck check`` as it is.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from cardtable.core.decks import SINGLE, Deck
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, translator


def first_starter(game: Game) -> Deck:
    """The game's first starter deck by name (CardtableError for a game without one)."""
    starters = game.starter_decks()
    if not starters:
        raise CardtableError(f"{game.name}: the game has no starter decks to start from")
    return starters[sorted(starters)[0]]


def _scalar(key: str, value: object) -> str:
    """``key: value`` as one YAML line, quoted where YAML needs it."""
    text = yaml.safe_dump({key: value}, allow_unicode=True, width=10_000, sort_keys=False)
    return text.strip()


def _comment(game: Game, card_id: str, lang: Lang) -> str:
    """``# Name (type)`` for a card line, on one line."""
    card = game.card_pool.get(card_id)
    name = " ".join((game.card_name(card_id, lang) or card_id).split())
    return f"  # {name} ({card.type})"


def deck_text(game: Game, deck: Deck, lang: Lang) -> str:
    """A deck as a deck file to edit: a header saying how, then ``game``, ``name``,
    ``description`` and each section, every card line commented with its name and type."""
    _ = translator("cardtable", lang)
    header = [
        _(
            "A {game} deck to edit, copied from the starter deck {deck}.",
            game=game.title_in(lang),
            deck=deck.name,
        ),
        _("Change the card ids and counts; every card: cardtable cards {name}", name=game.name),
        _("Check it against the rules: cardtable deck check FILE"),
    ]
    lines = [f"# {h}" for h in header]
    lines += [_scalar("game", game.name), _scalar("name", deck.name)]
    if deck.description:
        lines.append(_scalar("description", deck.description))
    for section, kind in game.deck_layout.sections.items():
        counts = deck.sections.get(section, {})
        if not counts:
            continue
        if kind.startswith(SINGLE):
            card_id = next(iter(counts))
            lines.append(_scalar(section, card_id) + _comment(game, card_id, lang))
            continue
        lines.append(f"{section}:")
        for card_id, n in counts.items():
            lines.append("  " + _scalar(card_id, n) + _comment(game, card_id, lang))
    return "\n".join(lines) + "\n"


def write_new_deck(game: Game, out: Path, force: bool, lang: Lang) -> Deck:
    """Write the game's first starter deck to ``out`` as a commented deck file (refusing an
    existing file unless ``force``); returns the deck written."""
    _ = translator("cardtable", lang)
    deck = first_starter(game)
    text = deck_text(game, deck, lang)
    try:
        with out.open("w" if force else "x", encoding="utf-8") as fp:
            fp.write(text)
    except FileExistsError:
        raise CardtableError(
            _("{file}: the file exists; give --force to overwrite it", file=str(out))
        ) from None
    except OSError as exc:
        raise CardtableError(
            _("{file}: cannot write the file ({why})", file=str(out), why=exc.strerror)
        ) from None
    return deck
