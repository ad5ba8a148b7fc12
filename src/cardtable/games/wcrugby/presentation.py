"""Wheelchair rugby for people (its Presentation): the rules sheet (sheet.py), the table and
card lines (render.py), and events in words (words.py; zones
read as their labels, zones.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.presentation import Presentation

from . import render, sheet, words
from .zones import COURT, SLOTS, tbase

if TYPE_CHECKING:
    from .game import RugbyGame


class RugbyPresentation(Presentation):
    """How Wheelchair rugby reads to people."""

    game: RugbyGame
    sentences = words.SENTENCES

    def rules_sheet(self) -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules wcrugby``."""
        return sheet.rules_sheet(self.game.options)

    def render(self, observation: dict[str, Any]) -> str:
        """The court, score sheet and hand as text with rich markup."""
        return render.render(self.game, observation)

    def describe_card(self, card_id: str) -> str:
        """One line for a card."""
        return render.describe(self.game.card_pool.get(card_id))

    def balance_zones(self) -> dict[str, tuple[int, ...]]:
        """For balance reports: a player card is "on court" when it enters a court slot (at
        each reveal and substitution, so its count is about the periods it played)."""
        court = tuple(tbase(t) + COURT + s for t in (0, 1) for s in range(SLOTS))
        return {"on court": court}
