"""A game's card importer: reading the community's files of a game's real cards into a
card folder that ``-o cards=DIR`` loads.

The optional fourth part of a game (docs/protocol.md, "Card importer"): a game that can
read other formats subclasses :class:`CardImporter` in its own package and names the
subclass in ``Game.importer_class``; the CLI (``cardtable import GAME PATH... --out DIR``)
reaches it only through ``game.importer``. The result is generic: per set, how many cards
were read and how much of their printed text the rules enforce, and the deck files written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from cardtable.core.errors import CardtableError

if TYPE_CHECKING:
    from cardtable.core.game import Game


class ImportFileError(CardtableError):
    """A file to import that cannot be read (broken, hostile, or not of a known format), or
    a card or deck line in it that cannot be imported; the message names the file and the
    card or line."""


@dataclass(frozen=True)
class SetSummary:
    """One imported set: its name, the card file written, and its cards by how much of
    their text the rules enforce (``full``: all of it, or no text; ``partly``: some
    sentences; ``none``: none), and the cards left out (``skipped``)."""

    name: str
    file: str
    full: int
    partly: int
    none: int
    skipped: int = 0

    @property
    def cards(self) -> int:
        """The cards written for the set."""
        return self.full + self.partly + self.none


@dataclass(frozen=True)
class DeckSummary:
    """One imported deck list: the deck file written and the deck-construction problems
    (in words) the game finds in it (a deck is written even when it breaks a rule, so that
    the player can fix it)."""

    source: str
    file: str
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportResult:
    """What one import wrote into ``out``."""

    out: Path
    sets: tuple[SetSummary, ...] = ()
    decks: tuple[DeckSummary, ...] = ()
    skipped: tuple[str, ...] = field(default=())  # a line per card left out, naming it


class CardImporter:
    """What reads a game's cards and decks from other formats (the base class reads none)."""

    #: The formats read, in a few words, for ``cardtable import --help`` and errors.
    formats: ClassVar[str] = ""

    def __init__(self, game: Game) -> None:
        self.game = game

    def import_files(self, paths: Sequence[Path], out: Path, skip_bad: bool) -> ImportResult:
        """Read the card and deck files at ``paths`` (files or folders) and write a card
        folder ``out`` (card files, ``decks/``); raise :class:`ImportFileError` naming every
        problem, or with ``skip_bad`` leave the cards that cannot be read out and list them
        in the result."""
        raise ImportFileError(f"{self.game.name}: cardtable cannot import this game's cards")
