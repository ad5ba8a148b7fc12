"""How a Shaman King game ended, in one sentence: the winner and the points, "P0 wins, 3
points to 1" (SK-6.5), or the draw at the turn limit; from the spectator's observation."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, translator
from cardtable.core.presentation import Presentation


class SKResult(Presentation):
    """The result sentence of ``cardtable play``, replays, the lobby and the end banner."""

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """One sentence: "P0 wins, 3 points to 1" or "Draw at the turn limit, 2 points to 2"."""
        _ = translator(__package__, lang)
        (a, b), w = observation["points"], observation["winner"]
        if w == "draw":
            return _("Draw at the turn limit, {a} points to {b}", a=a, b=b)
        won, lost = (a, b) if w == 0 else (b, a)
        return _("P{player} wins, {won} points to {lost}", player=w, won=won, lost=lost)
