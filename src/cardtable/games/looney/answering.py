"""Answering (LT-5): LT-5.1 each other player in turn (LT-8.2) covers the used scenes and says done,
LT-5.3 an answering player who can place no more may stop (option: eliminated, LT-7.5)."""
# cardtable: compile

from __future__ import annotations

from .base import Events
from .end import RoundEnd
from .zones import DOWN, PER_PLAYER, PLAYER_BASE, UP, occupied


class Answering(RoundEnd):
    """The end of a placement, and the turn passing to the next answering player."""

    __slots__ = ()

    def _covered(self) -> bool:
        """Whether the acting player has an actor on every used scene."""
        z = self.zones
        b = PLAYER_BASE + PER_PLAYER * self.actor  # pbase(self.actor), without the call
        placed = occupied(z, b + DOWN) | occupied(z, b + UP)  # bit s: an actor on slot s
        return self.used & ~placed == 0

    def _done(self, ev: Events) -> None:
        """The acting player ends their placement; the next player answers or scoring starts."""
        p = self.actor
        if not self.n_placed:
            self._eliminate(p, ev)
            return
        uncovered_out = self.hot.uncovered_out
        if p != self.rp and uncovered_out and not self._covered():
            self._eliminate(p, ev)
            return
        self._next_answer(ev)

    def _next_answer(self, ev: Events) -> None:
        """LT-5.1: each other player in turn, clockwise from the round player, answers."""
        n = self.hot.n
        p = (self.actor + 1) % n
        while p != self.rp and self.out[p]:
            p = (p + 1) % n
        if p == self.rp:
            self._score_round(ev)
        else:
            self._begin_turn(p, ev)
