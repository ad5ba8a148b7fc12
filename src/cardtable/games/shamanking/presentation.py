"""Shaman King for people (its Presentation), in three parts: the table and card lines
(render.py), the rules sheet (sheet.py), and the log's sentences (words.py; the zones' words
are their labels, zones.py)."""

from .render import SKDrawing
from .sheet import SKSheet
from .words import SENTENCES


class SKPresentation(SKDrawing, SKSheet):
    """How Shaman King reads to people."""

    sentences = SENTENCES
