"""Scoring and winning: the period's score from TOP (WR-6.1), the winner after period 4
(WR-6.2), overtime while tied and the draw after the last one (WR-7.4), and the game's end."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event, note

from .between_periods import BetweenPeriods
from .fields import PH_OVER

BASE_SCORE = 10


class Scoring(BetweenPeriods):
    """The period's score and the game's end."""

    __slots__ = ()

    def _end_period(self, ev: list[Event] | None) -> None:
        """WR-6.1: each team scores 10 - the opponent's TOP + its own TOP, at least 0."""
        for team in (0, 1):
            score = BASE_SCORE - self.top_of(1 - team) + self.top_of(team)
            self.scores[team].append(max(0, score))
        if ev is not None:
            ev.append(note("period_end", period=self.period, scores=[s[-1] for s in self.scores]))
        a, b = self.total(0), self.total(1)
        if self.period >= 4 and a != b:
            self._game_over(0 if a > b else 1, ev)
            return
        if self.period >= 4 + self.hot.max_overtime:
            self._game_over(-2, ev)
            return
        self._next_period(ev)

    def _game_over(self, winner: int, ev: list[Event] | None) -> None:
        """WR-6.2, WR-7.4: the game is over; ``winner`` is a team, or -2 for a draw."""
        self.phase = PH_OVER
        self.winner = winner
        if ev is not None:
            ev.append(note("game_over", max(winner, -1), totals=[self.total(0), self.total(1)]))
