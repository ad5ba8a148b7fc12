"""Raw Deal for people (its Presentation): the rules sheet (sheet.py), the table and
card lines (render.py), and events and zones in words (words.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.presentation import Presentation

from . import render, sheet, words

if TYPE_CHECKING:
    from .game import RawDealGame


class RawDealPresentation(Presentation):
    """How Raw Deal reads to people."""

    game: RawDealGame

    def rules_sheet(self) -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules rawdeal``."""
        return sheet.rules_sheet(self.game.options)

    def render(self, observation: dict[str, Any]) -> str:
        """The table as text with rich markup."""
        return render.render(self.game, observation)

    def describe_card(self, card_id: str) -> str:
        """One line for a card."""
        return render.describe(self.game.card_pool.get(card_id), self.game.options.overturned_text)

    def describe_event(self, view: dict[str, Any], viewer: int | None) -> str | None:
        """An event view in the game's words (words.py); it names only what the view names."""
        return words.describe(self.game, view)

    def zone_label(self, key: str) -> str | None:
        """A zone key in the game's words (words.py)."""
        return words.zone_label(key)
