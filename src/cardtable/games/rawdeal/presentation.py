"""Raw Deal for people (its Presentation), in three parts: the table and card lines
(render.py), the rules sheet (sheet.py), and the log's sentences (words.py; the zones' words
are their labels, zones.py)."""

from .render import RawDealDrawing
from .sheet import RawDealSheet
from .words import SENTENCES


class RawDealPresentation(RawDealDrawing, RawDealSheet):
    """How Raw Deal reads to people."""

    sentences = SENTENCES
