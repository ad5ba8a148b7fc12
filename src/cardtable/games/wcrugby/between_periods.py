"""Between periods: the hands drawn up (WR-7.1) with the discard pile reshuffled when a deck
runs out (WR-5.5), the court players back to their team and fatigue (WR-7.2), then the next
lineup (WR-7.3, in placing.py)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event, move, note

from .actions import END
from .fields import PH_FATIGUE, PH_LINEUP, RugbyFields
from .zones import COURT, DECK, DISCARD, FATIGUED, HAND, PER_TEAM, SLOTS, TIRED


class BetweenPeriods(RugbyFields):
    """Between periods: drawing up, fatigue, and the next lineup's preparation."""

    __slots__ = ()

    def _next_period(self, ev: list[Event] | None) -> None:
        """WR-7.1: each team draws up to its hand size; WR-7.2: the court players return to
        it (as tired players); then team 0 prepares its next lineup."""
        self.period += 1
        for team in (0, 1):
            self._draw(team, self.hot.hand_size - len(self.zones[PER_TEAM * team + HAND]), ev)
            tb = PER_TEAM * team
            for s in range(SLOTS):
                self._put_all(tb + COURT + s, tb + TIRED, ev, team)
            self.seen[team] |= frozenset(self.zones[tb + TIRED])
        self.team = 0
        self._begin_team_prep(ev)

    def _begin_team_prep(self, ev: list[Event] | None) -> None:
        """WR-7.2 fatigue (a team that made no substitution drops a player), then WR-7.3 the
        new lineup from the hand."""
        team = self.team
        self.side[team] = 0
        self.inb[team] = self.tgt[team] = -1
        if self.period == 1:
            self.phase = PH_LINEUP
            return
        if not self.subs[team] and self.zones[PER_TEAM * team + TIRED]:
            self.phase = PH_FATIGUE
            return
        self._fatigue_done(ev)

    def _fatigue_actions(self) -> list[int]:
        """WR-7.2: drop one of the tired players; ``end`` once one is dropped (or none is
        tired)."""
        z = self.zones
        b = PER_TEAM * self.team
        out = sorted({self.game.codec.fatigue + self.cards[c] for c in z[b + TIRED]})
        if z[b + FATIGUED] or not z[b + TIRED]:
            out.insert(0, END)
        return out

    def _drop(self, d: int, ev: list[Event] | None) -> None:
        """WR-7.2: drop a tired player of definition ``d`` for fatigue."""
        b = PER_TEAM * self.team
        self._put(self._take(b + TIRED, d), b + TIRED, b + FATIGUED, ev, self.team)
        if not self.zones[b + TIRED]:
            self._fatigue_done(ev)

    def _fatigue_done(self, ev: list[Event] | None) -> None:
        """WR-7.2, WR-7.3: the tired players return to the hand; the next lineup is picked."""
        b = PER_TEAM * self.team
        self._put_all(b + TIRED, b + HAND, ev, self.team)
        self.phase = PH_LINEUP
        picks = self._pick_actions()
        if picks:
            self._legal = picks  # the next decision's legal actions, known already
        else:
            self._lineup_done(ev)

    def _draw(self, team: int, n: int, ev: list[Event] | None) -> None:
        """Draw ``n`` cards. WR-5.5: the moment the deck runs out, the discard pile is shuffled
        into a new deck; a draw from an empty deck (nothing was discarded when it ran out)
        does the same first."""
        b = PER_TEAM * team
        z = self.zones
        while n > 0:  # as many cards at once as the deck holds, each as if drawn on its own
            if not z[b + DECK] and not self._reshuffle(team, ev):
                return
            deck = z[b + DECK]
            k = min(n, len(deck))
            drawn = deck[: -k - 1 : -1]  # the top k cards, in the order they are drawn
            z[b + DECK] = deck[:-k]
            z[b + HAND] += drawn
            if ev is not None:
                for card in drawn:
                    ev.append(move(card, b + DECK, b + HAND, team))
            n -= k
            if not z[b + DECK]:
                self._reshuffle(team, ev)

    def _reshuffle(self, team: int, ev: list[Event] | None) -> bool:
        """WR-5.5: shuffle the discard pile into the (empty) deck; False if it is empty too."""
        b = PER_TEAM * team
        z = self.zones
        if not z[b + DISCARD]:
            return False
        if ev is not None:
            ev += [move(c, b + DISCARD, b + DECK, team) for c in z[b + DISCARD]]
        z[b + DECK] = self.rng.shuffled(z[b + DISCARD])
        self.seen[team] -= frozenset(z[b + DISCARD])  # in the deck now, like any other card
        z[b + DISCARD] = ()
        if ev is not None:
            ev.append(note("reshuffle", team))
        return True
