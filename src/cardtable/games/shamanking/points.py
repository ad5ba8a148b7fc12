"""Points and the end: the point scored when an attack passes red, the celebration, the next
Opening Attack, and the end of the game.

Holds SK-6.1 (a point), SK-6.2 (both clean up), SK-6.3 (celebration), SK-6.4 (who sends the
next Opening Attack), SK-6.5 (winning) and the draw of SK-4.8. Rule numbers refer to
docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .exhaustion import ExhaustionRules
from .fields import FIRST_PLAYER_SENDS, PH_OVER, SCORED_ON_SENDS, EventLog
from .zones import TEAMWORK, pbase


class PointRules(ExhaustionRules):
    """SK-6: points, and the end of the game."""

    __slots__ = ()

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the loser; 0 each for a draw or before the end."""
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def _point(self, scorer: int, ev: EventLog) -> None:
        """SK-6.1 the attack passed red: a point; SK-6.5 the game may be won; SK-6.2 both
        clean up; SK-6.3 celebration; SK-6.4 the next Opening Attack."""
        self.points[scorer] += 1
        self.flipped = -1
        if ev is not None:
            ev.append(note("point", scorer, points=self.points[:]))
        if self.points[scorer] >= self.hot.target_points:
            self._game_over(scorer, "points", ev)
            return
        for q in (0, 1):
            self._cleanup(q, ev)
        for z in range(3):
            if self.zones[pbase(scorer) + TEAMWORK + z]:
                self._gain(scorer, z, 1, ev)
        rule = self.hot.next_sender
        if rule == FIRST_PLAYER_SENDS:
            sender = self.first_sender
        else:
            sender = 1 - scorer if rule == SCORED_ON_SENDS else scorer
        self._opening(1 - sender, ev)

    def _game_over(self, winner: int, how: str, ev: EventLog) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self._legal = []
        if ev is not None:
            ev.append(note("game_over", max(winner, -1), how=how, points=self.points[:]))
