"""Looney Tunes for people (its Presentation), in three parts: the table and card lines
(render.py), the rules sheet (sheet.py), and the log's sentences (words.py; the zones' words
are their labels, zones.py)."""

from .render import LooneyDrawing
from .sheet import LooneySheet
from .words import SENTENCES


class LooneyPresentation(LooneyDrawing, LooneySheet):
    """How Looney Tunes reads to people."""

    sentences = SENTENCES
