"""Raw Deal for people (its Presentation), in five parts: the table and card lines (render.py),
how the match ended (result.py), the rules sheet (sheet.py), the actions as menu lines
(menu.py), and the log's sentences (words.py; the zones' words are their labels, zones.py).
Every part speaks English and Japanese (the catalogue locale/ja/LC_MESSAGES/messages.po)."""

from cardtable.core.presentation import LengthUnit

from .menu import RawDealMenu
from .render import RawDealDrawing
from .result import RawDealResult
from .sheet import RawDealSheet
from .words import SENTENCES


class RawDealPresentation(RawDealDrawing, RawDealResult, RawDealSheet, RawDealMenu):
    """How Raw Deal reads to people."""

    sentences = SENTENCES

    def length_unit(self) -> LengthUnit:
        """A balance report counts the game's length in turns."""
        return LengthUnit("turn", "turns")
