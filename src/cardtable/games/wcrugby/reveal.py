"""The reveal and the period's start: both lineups turned face up (WR-4.1), DEF over the
opponent's ATK as TOP (WR-4.2, WR-4.3), the inbounder's Throw and the target's Catch checked
(WR-3.3, WR-3.4, WR-3.6), ATK and DEF of sideways players (WR-3.7), and who has the first
strategy time (WR-5.1, WR-8.6)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event, note, reveal

from .cards import ATK, CATCH, DEF, NSTATS, THROW
from .effects import on_court_stat
from .fields import PH_ORDER
from .strategy import Strategy
from .zones import COURT, DISCARD, FATIGUED, LINEUP, PER_TEAM, SLOTS


class Reveal(Strategy):
    """The period's start: the reveal, TOP from DEF over ATK, the position checks, the order."""

    __slots__ = ()

    def _start_period(self, ev: list[Event] | None) -> None:
        """WR-4: reveal both lineups; DEF over the opponent's ATK and position checks give TOP."""
        z = self.zones
        t = self.game.tables
        self.mods = [0] * (2 * SLOTS * NSTATS)
        self.top = [0, 0]
        self.specials = [(), ()]
        self.blocked = [False, False]
        self.subs = [False, False]
        self.ended = [False, False]
        for team in (0, 1):
            b = PER_TEAM * team
            self._put_all(b + FATIGUED, b + DISCARD, ev, team)
            for s in range(SLOTS):
                if ev is not None:
                    for c in z[b + LINEUP + s]:
                        ev.append(reveal(c, team))
                        self._put(c, b + LINEUP + s, b + COURT + s, ev, team)
                    z[b + LINEUP + s] = ()
                else:
                    self._put_all(b + LINEUP + s, b + COURT + s, ev, team)
        for team in (0, 1):
            atk = dfn = 0
            for s, c in enumerate(self.court(team)):
                if c >= 0:
                    d = self.cards[c]
                    a, f = (
                        t.side_stats[d] if self.side[team] >> s & 1 else t.stats[d][ATK : DEF + 1]
                    )
                    atk += a
                    dfn += f
            self.atk_tot[team], self.def_tot[team] = atk, dfn
        for team in (0, 1):
            self._check_positions(team, (self.inb[team], self.tgt[team]), ev)
        self._recompute_def_top()
        if ev is not None:
            ev.append(
                note(
                    "period_start",
                    period=self.period,
                    atk=self.atk_tot[:],
                    dfn=self.def_tot[:],
                    top=[self.top_of(0), self.top_of(1)],
                )
            )
        if self.period == 1:
            if self.atk_tot[0] != self.atk_tot[1]:
                self.first = 0 if self.atk_tot[0] > self.atk_tot[1] else 1
            else:
                self.phase = PH_ORDER
                self.team = self.chooser = self.rng.below(2)
                return
        else:
            self.first = 1 - self.first
            if self.held:
                self.first = 1 - self.first
        self.held = False
        self._begin_strategy(ev)

    def _check_positions(self, team: int, slots: tuple[int, int], ev: list[Event] | None) -> None:
        """WR-3.3 inbounder Throw >= 3 and WR-3.4 target Catch >= 3, else the opponent's TOP +1.
        ``slots`` are the (inbounder, target) slots to check now, -1 for none."""
        for which, (slot, stat) in enumerate(((slots[0], THROW), (slots[1], CATCH))):
            if slot < 0:
                continue
            if (
                not self.zones[PER_TEAM * team + COURT + slot]
                or on_court_stat(self, team, slot, stat) < 3
            ):
                self.top[1 - team] += 1
                role = ("inbounder", "target")[which]
                if ev is not None:
                    ev.append(note("position_penalty", team, position=role, slot=slot + 1))

    def _recompute_def_top(self) -> None:
        """WR-4.2: each team's TOP from its DEF over the opponent's ATK."""
        for team in (0, 1):
            self.def_top[team] = max(0, self.def_tot[team] - self.atk_tot[1 - team])
