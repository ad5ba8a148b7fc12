"""Wheelchair rugby for people (its Presentation), in five parts: the table and card lines
(render.py), how the game ended (result.py), the rules sheet (sheet.py), the choices in words
(menu.py), and the log's sentences (words.py; the zones' words are their labels, zones.py);
each in English and Japanese (locale/ja/LC_MESSAGES/messages.po)."""

from cardtable.core.presentation import LengthUnit

from .menu import RugbyMenu
from .render import RugbyDrawing
from .result import RugbyResult
from .sheet import RugbySheet
from .words import SENTENCES
from .zones import COURT, SLOTS, tbase


class RugbyPresentation(RugbyDrawing, RugbyResult, RugbySheet, RugbyMenu):
    """How Wheelchair rugby reads to people."""

    sentences = SENTENCES

    def length_unit(self) -> LengthUnit:
        """A balance report counts the game's length in periods; the team of the game's first
        strategy time (WR-5.1) is its first player."""
        return LengthUnit("period_end", "periods", shared=True, opener="strategy_time")

    def balance_zones(self) -> dict[str, tuple[int, ...]]:
        """For balance reports: a player card is "on court" when it enters a court slot (at
        each reveal and substitution, so its count is about the periods it played)."""
        court = tuple(tbase(t) + COURT + s for t in (0, 1) for s in range(SLOTS))
        return {"on court": court}
