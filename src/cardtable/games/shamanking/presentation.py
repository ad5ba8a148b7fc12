"""Shaman King for people (its Presentation), in six parts, each in English and Japanese: the
cards' rules text and lines (cardtext.py, text.py), the menu (choices.py), the table (render.py,
with the Intercept against Force of figures.py), how the game ended (result.py), the rules
sheet (sheet.py), and the log's sentences (words.py; the zones' words are their labels,
zones.py)."""

from cardtable.core.presentation import LengthUnit

from .cardtext import SKCardText
from .choices import SKChoices
from .render import SKDrawing
from .result import SKResult
from .sheet import SKSheet
from .words import SENTENCES


class SKPresentation(SKCardText, SKChoices, SKDrawing, SKResult, SKSheet):
    """How Shaman King reads to people."""

    sentences = SENTENCES

    def length_unit(self) -> LengthUnit:
        """A balance report counts the game's length in turns; the sender of the Opening Attack
        (SK-2.4) is the game's first player."""
        return LengthUnit("turn", "turns", opener="opening_attack")
