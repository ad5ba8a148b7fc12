"""How a wheelchair rugby game ended, in one sentence: the winner, the period it ended in
and the totals, "P1 wins in period 4, 46–34" (WR-6.2; an overtime period is period 5 on,
WR-7.4), or the draw after the last overtime; from the spectator's observation."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, translator
from cardtable.core.presentation import Presentation


class RugbyResult(Presentation):
    """The result sentence of ``cardtable play``, replays, the lobby and the end banner."""

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """One sentence: "P1 wins in period 4, 46–34" or "Draw after period 6, 40–40"."""
        _ = translator(__package__, lang)
        (a, b), w, period = observation["totals"], observation["winner"], observation["period"]
        if w == "draw":
            return _("Draw after period {period}, {a}–{b}", period=period, a=a, b=b)
        won, lost = (a, b) if w == 0 else (b, a)
        return _(
            "P{player} wins in period {period}, {won}–{lost}",
            player=w,
            period=period,
            won=won,
            lost=lost,
        )
