"""How a Looney Tunes game ended, in one sentence (LT-7): the winner, the points of the
scenes won and whether it was the target (LT-7.1), the round limit (LT-7.4) or elimination
(LT-7.5), from the spectator's observation."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, join_list, translator
from cardtable.core.presentation import Presentation


class LooneyResult(Presentation):
    """The result sentence of ``cardtable play``, replays, the lobby and the end banner."""

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """One sentence: "P1 wins with 43 points to 9", "P1 wins by elimination, 38 points
        to 39", "P0 wins after round 12, 35 points to 30", "Draw after round 12, 30–30"."""
        _ = translator(__package__, lang)
        scores, w, rnd = observation["scores"], observation["winner"], observation["round"]
        if w == "draw":
            return _("Draw after round {round}, {scores}", round=rnd, scores=_dash(scores))
        fields = {
            "player": w,
            "won": scores[w],
            "lost": join_list([str(s) for p, s in enumerate(scores) if p != w], lang),
        }
        if len(observation["eliminated"]) == len(scores) - 1:
            return _("P{player} wins by elimination, {won} points to {lost}", **fields)
        if scores[w] >= observation["target"]:
            return _("P{player} wins with {won} points to {lost}", **fields)
        return _("P{player} wins after round {round}, {won} points to {lost}", round=rnd, **fields)


def _dash(scores: list[int]) -> str:
    """Scores in seat order, ``30–30``."""
    return "–".join(str(s) for s in scores)
