"""Strategy time: the first team's, then the second's (WR-5.1), the other team's window to
substitute (WR-5.3), bench work (WR-5.6), and ending a strategy time (WR-5.7)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import Event, note

from .actions import END
from .cards import NSTATS, PLAYER
from .effects import apply_effects
from .fields import PH_STRATEGY, PH_WINDOW
from .substitution import Substitution
from .zones import DISCARD, HAND, PER_TEAM, SLOTS


class Strategy(Substitution):
    """The strategy times of a period: their actions, their order, bench work, ending."""

    __slots__ = ()

    def _strategy_actions(self, window: bool) -> list[int]:
        """WR-5: substitutions, and in the team's own strategy time bench work and specials.
        END, bench, substitution and special actions are numbered in this order and each
        part comes sorted, so the list is sorted."""
        team = self.team
        players, specials, bench = self._hand_by_kind(team)
        if window:
            return [END, *self._sub_actions(team, players)] if players else [END]
        out = [END]
        if not (bench or players or specials):
            return out
        court = self._court_defs(team)
        if bench:
            out += self._bench_actions(bench, court)
        if players:
            out += self._sub_actions(team, players, court)
        if specials:
            out += self._special_actions(specials, court)
        return out

    def _bench_actions(self, bench: list[int], court: list[int]) -> list[int]:
        """WR-5.4 the bench work (of the distinct definitions ``bench``, sorted) whose
        condition an own player on court (``court``: the definition on each slot, -1 where
        empty) meets; sorted."""
        cond = self.game.tables.cond
        first = self.hot.bench
        team = self.team
        return [
            first + d for d in bench if cond[d] is None or self._team_cond(team, cond[d], court)
        ]

    def _team_cond(self, team: int, cond: tuple[int, int] | None, court: list[int]) -> bool:
        """Whether an own player on court meets a bench card's condition."""
        if cond is None:
            return True
        stat, need = cond
        stats, mods = self.game.tables.stats, self.mods
        mb = team * SLOTS * NSTATS + stat
        for s, d in enumerate(court):
            # on_court_stat(self, team, s, stat) >= need, written out: a condition names a
            # status (not ATK or DEF), so sideways placement does not matter
            if d >= 0 and stats[d][stat] + mods[mb + s * NSTATS] >= need:
                return True
        return False

    def _begin_strategy(self, ev: list[Event] | None) -> None:
        """WR-5.1: strategy time of the first team, then of the second."""
        self.phase = PH_STRATEGY
        self.team = self.first
        if ev is not None:
            ev.append(note("strategy_time", self.team, period=self.period))

    def _end(self, ev: list[Event] | None) -> None:
        """WR-5.7: end the window of WR-5.3, or the team's strategy time (opening the other
        team's window)."""
        if self.phase == PH_WINDOW:
            self.phase = PH_STRATEGY
            self.team = 1 - self.team
            if self.ended[self.team]:
                self._after_strategy(ev)
            return
        self.ended[self.team] = True
        if not self._open_window(ev):
            self._after_strategy(ev)

    def _open_window(self, ev: list[Event] | None) -> bool:
        """WR-5.3: the other team may substitute during this team's strategy time."""
        other = 1 - self.team
        players = self._hand_by_kind(other)[PLAYER]
        subs = self._sub_actions(other, players) if players else []
        if not subs:
            return False
        self.team = other
        self.phase = PH_WINDOW
        self._legal = [END, *subs]  # the window's legal actions, known already
        return True

    def _after_strategy(self, ev: list[Event] | None) -> None:
        """WR-5.1: the second team's strategy time, or, both over, the period's end."""
        if not self.ended[1 - self.first]:
            self.team = 1 - self.first
            self.phase = PH_STRATEGY
            if ev is not None:
                ev.append(note("strategy_time", self.team, period=self.period))
            return
        self._end_period(ev)

    def _bench(self, d: int, ev: list[Event] | None) -> None:
        """WR-5.6: play bench-work card ``d``; the other team's window opens (WR-5.3)."""
        team = self.team
        b = PER_TEAM * team
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + DISCARD, ev, team)
        apply_effects(self, team, -1, self.game.tables.effects[d], False, ev)
        self._open_window(ev)
