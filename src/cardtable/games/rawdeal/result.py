"""How a Raw Deal match ended, in one sentence (RD-8): who won, by pinfall or count-out, on
which turn and with how many cards left in their Arsenal; or the draw at the turn limit, or
the last players going out together; from the spectator's observation (its ``ended``)."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.presentation import Presentation

from .match import DRAW, NO_WINNER, PINFALL, TEAMS, TURN_LIMIT


class RawDealResult(Presentation):
    """The result sentence of ``cardtable play``, replays, the lobby and the end banner."""

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """One sentence: "P0 wins by pinfall on turn 5, 55 cards left in the Arsenal", "P1
        and P3 win by count-out on turn 30", "Draw at the turn limit, after 200 turns"."""
        _ = translator(__package__, lang)
        w, how, turn = observation["winner"], observation.get("ended", ""), observation["turn"]
        if isinstance(w, int):
            left = observation["zones"][f"p{w}.arsenal"]
            if how == PINFALL:
                return _(
                    "P{player} wins by pinfall on turn {turn}, {left} cards left in the Arsenal",
                    player=w,
                    turn=turn,
                    left=left,
                )
            return _(
                "P{player} wins by count-out on turn {turn}, {left} cards left in the Arsenal",
                player=w,
                turn=turn,
                left=left,
            )
        if w in TEAMS:  # a tag team: seats t and t + 2
            a = TEAMS.index(w)
            b = a + 2
            if how == PINFALL:
                return _("P{a} and P{b} win by pinfall on turn {turn}", a=a, b=b, turn=turn)
            return _("P{a} and P{b} win by count-out on turn {turn}", a=a, b=b, turn=turn)
        return _together(_, w, how, turn)


def _together(_: Translate, winner: str, how: str, turn: int) -> str:
    """RD-8.4: no winner: the turn limit, or the last players out together."""
    if how == TURN_LIMIT:
        return _("Draw at the turn limit, after {turns} turns", turns=turn - 1)
    what = _("pinfall") if how.endswith(PINFALL) else _("count-out")
    if winner == NO_WINNER[DRAW]:
        return _(
            "Draw on turn {turn}: the last players go out together by {how}", turn=turn, how=what
        )
    return _(
        "Nobody wins on turn {turn}: the last players go out together by {how}", turn=turn, how=what
    )
