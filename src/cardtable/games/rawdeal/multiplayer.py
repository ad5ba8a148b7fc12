"""Three or four players (RD-9): who is still in the match, the opponents a card may be aimed
at (RD-9.2, with RD-4.5's lower Fortitude), the next player, and the tag team match's
partners and tag-in (RD-9.5)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .match import Events
from .reversals import ReversalRules


def _by_team(a: int, b: int) -> tuple[int, int]:
    """The active members (team 0's, team 1's) given one member of each team."""
    return (a, b) if a % 2 == 0 else (b, a)


class MultiplayerRules(ReversalRules):
    """RD-9: the players in the match and the teams."""

    __slots__ = ()

    def standing(self) -> list[int]:
        """The players still in the match, in seat order."""
        gone = self.gone
        return [p for p in range(self.hot.n) if not gone >> p & 1]

    def opponents(self, p: int) -> list[int]:
        """RD-9.2: the players a card of player ``p`` may be aimed at: in a tag team match the
        other team's active member, otherwise every other player still in the match."""
        if self.hot.tag:
            return [self.active[1 - p % 2]]
        return [q for q in self.standing() if q != p]

    def next_opponent(self, p: int) -> int:
        """The opponent an effect without a card aims at (a start-of-turn ability): in a tag
        team match the other team's active member, otherwise the next player still in the
        match after ``p`` in seat order."""
        if self.hot.tag:
            return self.active[1 - p % 2]
        n = self.hot.n
        q = (p + 1) % n
        while self.gone >> q & 1:
            q = (q + 1) % n
        return q

    def _targets(self, p: int, d: int) -> list[int]:
        """RD-9.2: the opponents player ``p`` may aim definition ``d`` at (those with a lower
        Fortitude, when the card asks for it, RD-4.5)."""
        targets = [1 - p] if self.hot.n == 2 else self.opponents(p)
        if self.game.tables.req_fort_over[d]:
            fort = self.fortitude(p)
            targets = [q for q in targets if self.fortitude(q) < fort]
        return targets

    def partner(self, p: int) -> int:
        """Tag team match: the other member of ``p``'s team (seats 0 and 2, 1 and 3)."""
        return (p + 2) % 4

    def _tag_in(self, ev: Events) -> None:
        """RD-9.5: the active member tags in the partner, who takes over the rest of the
        turn; the set-up chain of the turn is broken."""
        p = self.tp
        q = self.partner(p)
        self.tagged = True
        self.active = _by_team(q, self.active[1 - p % 2])
        self.tp = self.actor = q
        self.last_played = -1
        self.last_damage = 0
        self.last_maneuver = 0
        self.bonus = (0, 0)
        self.rev_cost = 0
        self.turn_bonuses = ()
        self.turn_cost = 0
        self.unrev_next = -1
        self.no_arsenal = False
        if ev is not None:
            ev.append(note("tag", p, partner=q))
