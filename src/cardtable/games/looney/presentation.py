"""Looney Tunes for people (its Presentation), in five parts: the table and card lines (render.py),
the menu lines of the legal actions (menu.py), how the game ended (result.py), the rules sheet
(sheet.py), and the log's sentences (words.py; the zones' words are their labels, zones.py).
Every part speaks English and Japanese (locale/ja/LC_MESSAGES/messages.po)."""

from cardtable.core.presentation import LengthUnit

from .menu import LooneyMenu
from .render import LooneyDrawing
from .result import LooneyResult
from .sheet import LooneySheet
from .words import SENTENCES


class LooneyPresentation(LooneyDrawing, LooneyMenu, LooneyResult, LooneySheet):
    """How Looney Tunes reads to people."""

    sentences = SENTENCES

    def length_unit(self) -> LengthUnit:
        """A balance report counts the game's length in rounds."""
        return LengthUnit("round", "rounds", shared=True)
