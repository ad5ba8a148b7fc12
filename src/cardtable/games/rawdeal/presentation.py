"""Raw Deal for people (its Presentation): the rules sheet (sheet.py), the table and
card lines (render.py), and events in words (words.py; zones
read as their labels, zones.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.presentation import Presentation

from . import render, sheet, words

if TYPE_CHECKING:
    from .game import RawDealGame


class RawDealPresentation(Presentation):
    """How Raw Deal reads to people."""

    game: RawDealGame
    sentences = words.SENTENCES

    def rules_sheet(self) -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules rawdeal``."""
        return sheet.rules_sheet(self.game.options)

    def render(self, observation: dict[str, Any]) -> str:
        """The table as text with rich markup."""
        return render.render(self.game, observation)

    def describe_card(self, card_id: str) -> str:
        """One line for a card."""
        return render.describe(self.game.card_pool.get(card_id), self.game.options.overturned_text)
