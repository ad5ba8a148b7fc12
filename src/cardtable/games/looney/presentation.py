"""Looney Tunes for people (its Presentation), in four parts: the table and card lines (render.py),
how the game ended (result.py), the rules sheet (sheet.py), and the log's sentences (words.py;
the zones' words are their labels, zones.py)."""

from .render import LooneyDrawing
from .result import LooneyResult
from .sheet import LooneySheet
from .words import SENTENCES


class LooneyPresentation(LooneyDrawing, LooneyResult, LooneySheet):
    """How Looney Tunes reads to people."""

    sentences = SENTENCES
