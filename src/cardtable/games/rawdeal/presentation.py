"""Raw Deal for people (its Presentation), in four parts: the table and card lines (render.py), how
the match ended (result.py), the rules sheet (sheet.py), and the log's sentences (words.py; the
zones' words are their labels, zones.py)."""

from .render import RawDealDrawing
from .result import RawDealResult
from .sheet import RawDealSheet
from .words import SENTENCES


class RawDealPresentation(RawDealDrawing, RawDealResult, RawDealSheet):
    """How Raw Deal reads to people."""

    sentences = SENTENCES
