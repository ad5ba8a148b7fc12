"""Looney Tunes for people (its Presentation): the rules sheet (sheet.py), the table and
card lines (render.py), and events in words (words.py; zones
read as their labels, zones.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.presentation import Presentation

from . import render, sheet, words

if TYPE_CHECKING:
    from .game import LooneyGame


class LooneyPresentation(Presentation):
    """How Looney Tunes reads to people."""

    game: LooneyGame
    sentences = words.SENTENCES

    def rules_sheet(self) -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules looney``."""
        return sheet.rules_sheet(self.game.options)

    def render(self, observation: dict[str, Any]) -> str:
        """The table as text with rich markup."""
        return render.render(self.game, observation)

    def describe_card(self, card_id: str) -> str:
        """One line for a card."""
        return render.describe(self.game.card_pool.get(card_id))
