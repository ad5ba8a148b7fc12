"""Shaman King for people (its Presentation), in five parts: the cards' rules text and lines in
English and Japanese (cardtext.py, text.py), the table (render.py), how the game ended
(result.py), the rules sheet (sheet.py), and the log's sentences (words.py; the zones' words are
their labels, zones.py)."""

from .cardtext import SKCardText
from .render import SKDrawing
from .result import SKResult
from .sheet import SKSheet
from .words import SENTENCES


class SKPresentation(SKCardText, SKDrawing, SKResult, SKSheet):
    """How Shaman King reads to people."""

    sentences = SENTENCES
