"""Shaman King for people (its Presentation), in four parts: the cards' rules text and lines in
English and Japanese (cardtext.py, text.py), the table (render.py), the rules sheet
(sheet.py), and the log's sentences (words.py; the zones' words are their labels, zones.py)."""

from .cardtext import SKCardText
from .render import SKDrawing
from .sheet import SKSheet
from .words import SENTENCES


class SKPresentation(SKCardText, SKDrawing, SKSheet):
    """How Shaman King reads to people."""

    sentences = SENTENCES
