"""Substitutions (WR-5.2): a player from the hand takes the place and position of one on
court, keeping the lineup within the limits of WR-2 (checked as WR-2.6 says); the newcomer's
positions are checked at once (WR-3.6)."""

from __future__ import annotations

from cardtable.core.events import Event, note, reveal

from .cards import NSTATS, PLAYER
from .fields import RugbyFields
from .zones import COURT, DISCARD, HAND, SLOTS, tbase


class Substitution(RugbyFields):
    """Substitutions: which are legal, and a player coming on court."""

    __slots__ = ()

    def _sub_actions(self, team: int, hand: list[int]) -> list[int]:
        """WR-5.2: a player from the hand replaces one on court; the lineup must stay legal.
        ``hand``: the distinct definitions in the team's hand, sorted (as _hand_defs)."""
        h = self.game.hot
        kind = h.kind
        players = [d for d in hand if kind[d] == PLAYER]
        if not players:
            return []
        lt = h.lineup
        clash, net = lt.clash, lt.net
        rooms = lt.rooms_without_each(self._court_defs(team))
        out: list[int] = []
        for d in players:
            mask = 0  # the slots d may go to: lt.fits(rooms[s], d), written out
            for s, (taken, free) in enumerate(rooms):
                if not clash[d] & taken and net[d] <= free:
                    mask |= 1 << s
            out += h.sub_at[d][mask]
        return out

    def _substitute(self, d: int, s: int, o: int, ev: list[Event] | None) -> None:
        """WR-5.2: the incoming player takes the outgoing one's place and position."""
        team = self.team
        b = tbase(team)
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
