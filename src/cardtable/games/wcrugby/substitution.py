"""Substitutions (WR-5.2): a player from the hand takes the place and position of one on
court, keeping the lineup within the limits of WR-2 (checked as WR-2.6 says); the newcomer's
positions are checked at once (WR-3.6)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event, note, reveal

from .cards import NSTATS
from .specials import Specials
from .zones import COURT, DISCARD, HAND, PER_TEAM, SLOTS


class Substitution(Specials):
    """Substitutions: which are legal, and a player coming on court."""

    __slots__ = ()

    def _sub_actions(
        self, team: int, players: list[int], court: list[int] | None = None
    ) -> list[int]:
        """WR-5.2: a player from the hand replaces one on court; the lineup must stay legal.
        ``players``: the distinct player definitions in the team's hand, sorted; ``court``:
        the team's ``_court_defs``, when known."""
        if not players:
            return []
        h = self.hot
        lt = h.lineup
        clash, net = lt.clash, lt.net
        rooms = lt.rooms_without_each(self._court_defs(team) if court is None else court)
        (t0, f0), (t1, f1), (t2, f2), (t3, f3) = rooms
        sub_at = h.sub_at
        out: list[int] = []
        for d in players:
            # the mask of the SLOTS (4) slots d may go to: lt.fits(room of slot s, d)
            c, n = clash[d], net[d]
            mask = (
                (not c & t0 and n <= f0)
                + 2 * (not c & t1 and n <= f1)
                + 4 * (not c & t2 and n <= f2)
                + 8 * (not c & t3 and n <= f3)
            )
            out += sub_at[d][mask]
        return out

    def _substitute(self, d: int, s: int, o: int, ev: list[Event] | None) -> None:
        """WR-5.2: the incoming player takes the outgoing one's place and position."""
        team = self.team
        b = PER_TEAM * team
        old = self.zones[b + COURT + s]
        if old:
            self._put(old[0], b + COURT + s, b + DISCARD, ev, team)
            self.zones[b + COURT + s] = ()
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + COURT + s, ev, team)
        if ev is not None:
            ev.append(reveal(card, team))
        self.side[team] = self.side[team] & ~(1 << s) | (o << s)
        base = (team * SLOTS + s) * NSTATS
        self.mods[base : base + NSTATS] = [0] * NSTATS
        self.subs[team] = True
        if ev is not None:
            ev.append(note("substitution", team, slot=s + 1))
        positions = (s if self.inb[team] == s else -1, s if self.tgt[team] == s else -1)
        self._check_positions(team, positions, ev)
