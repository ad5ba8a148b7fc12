"""The wheelchair rugby state's fields, its phases, and what every part of the rules reads.

:class:`RugbyFields` declares the fields (and ``__slots__``) of a game in progress; the parts
of the rules are a chain over it, each in a module named for its part of
docs/rules/wcrugby.md and extending the one listed after it (placing.py, reveal.py,
strategy.py, substitution.py, specials.py, scoring.py, between_periods.py), topped by
``RugbyState`` in rules.py. The steps one part calls in
another are declared here as abstract methods. No rule lives here; the reads (TOP, totals,
the cards on court) follow WR-4.3 and WR-6.1.
"""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from cardtable.core.events import Event, move
from cardtable.core.state import TERMINAL, State

from .cards import NSTATS
from .zones import COURT, HAND, PER_TEAM, SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame
    from .rules import HotTables

PH_LINEUP, PH_POSITIONS, PH_ORDER, PH_STRATEGY, PH_WINDOW, PH_FATIGUE, PH_OVER = range(7)
PHASES = ("lineup", "positions", "order", "strategy", "substitution window", "fatigue", "over")
"""The phases' names (the observation's ``phase``), by code."""


class RugbyFields(State):
    """The fields of a game of wheelchair rugby in progress. Team 0 and team 1 are the two
    players."""

    __slots__ = (
        "atk_tot",
        "blocked",
        "chooser",
        "def_top",
        "def_tot",
        "ended",
        "first",
        "held",
        "hot",
        "inb",
        "mods",
        "period",
        "phase",
        "scores",
        "seen",
        "side",
        "specials",
        "subs",
        "team",
        "tgt",
        "top",
        "winner",
    )

    game: RugbyGame
    hot: HotTables  # game.hot, kept here: one lookup less on every hot path

    def _init_fields(self) -> None:
        """Every field at the start of a game: period 1, team 0 to place its lineup."""
        self.hot = self.game.hot
        self.phase = PH_LINEUP
        self.team = 0  # the team to decide
        self.period = 1
        self.chooser = 0
        self.first = 0
        self.held = False
        self.ended = [False, False]  # strategy time over, this period
        self.side = [0, 0]  # bit s: slot s placed sideways
        self.inb = [-1, -1]
        self.tgt = [-1, -1]
        self.mods = [0] * (2 * SLOTS * NSTATS)
        self.top = [0, 0]
        self.def_top = [0, 0]
        self.atk_tot = [0, 0]
        self.def_tot = [0, 0]
        self.specials: list[tuple[int, ...]] = [(), ()]  # the name groups given a special
        self.blocked = [False, False]
        self.subs = [False, False]
        self.scores: list[list[int]] = [[], []]
        self.winner = -1
        # per team, the players everyone saw come off court since the last reshuffle (WR-5.5):
        # in the tired players, the fatigue pile, the hand, a lineup or the discard pile
        # (WR-7.2), never the deck
        self.seen: list[frozenset[int]] = [frozenset(), frozenset()]

    def _copy_into(self, other: State) -> None:
        """Copy every field into ``other`` (lists copied, tuples shared)."""
        assert isinstance(other, RugbyFields)
        other.hot = self.hot
        other.phase = self.phase
        other.team = self.team
        other.period = self.period
        other.chooser = self.chooser
        other.first = self.first
        other.held = self.held
        other.winner = self.winner
        other.ended = self.ended[:]
        other.side = self.side[:]
        other.inb = self.inb[:]
        other.tgt = self.tgt[:]
        other.mods = self.mods[:]
        other.top = self.top[:]
        other.def_top = self.def_top[:]
        other.atk_tot = self.atk_tot[:]
        other.def_tot = self.def_tot[:]
        other.specials = self.specials[:]
        other.blocked = self.blocked[:]
        other.subs = self.subs[:]
        other.seen = self.seen[:]
        other.scores = [self.scores[0][:], self.scores[1][:]]

    # ----- reads -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The team to decide, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.team

    def is_terminal(self) -> bool:
        """Whether the game is over (``current_player() == TERMINAL``, without the call)."""
        return self.phase == PH_OVER

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the loser, 0 each for a draw or before the end."""
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if t == self.winner else -1.0 for t in range(2)]

    def total(self, team: int) -> int:
        """A team's score over the periods played."""
        return sum(self.scores[team])

    def top_of(self, team: int) -> int:
        """A team's TOP this period (never below 0)."""
        return max(0, self.top[team] + self.def_top[team])

    def court(self, team: int) -> list[int]:
        """The card instance on each court slot of a team (-1 where empty)."""
        z = self.zones
        b = PER_TEAM * team + COURT
        return [z[b + s][0] if z[b + s] else -1 for s in range(SLOTS)]

    def _court_defs(self, team: int) -> list[int]:
        """The card definition on each court slot of a team (-1 where empty)."""
        z = self.zones
        cards = self.cards
        b = PER_TEAM * team + COURT
        return [cards[z[b + s][0]] if z[b + s] else -1 for s in range(SLOTS)]

    def _hand_defs(self, team: int) -> list[int]:
        """The distinct card definitions in a team's hand, sorted."""
        cards = self.cards
        return sorted({cards[c] for c in self.zones[PER_TEAM * team + HAND]})

    def _hand_by_kind(self, team: int) -> tuple[list[int], list[int], list[int]]:
        """The distinct card definitions in a team's hand, sorted, by kind: players,
        specials, bench work."""
        kind = self.game.tables.kind
        cards = self.cards
        parts: tuple[list[int], list[int], list[int]] = ([], [], [])
        for d in sorted({cards[c] for c in self.zones[PER_TEAM * team + HAND]}):  # _hand_defs
            parts[kind[d]].append(d)
        return parts

    def _lineup_defs(self, team: int, zone: int) -> list[int]:
        """The card definitions placed on a team's lineup (or court) places, in place order."""
        z = self.zones
        b = PER_TEAM * team + zone
        return [self.cards[z[b + s][0]] for s in range(SLOTS) if z[b + s]]

    def _take(self, zone: int, d: int) -> int:
        """Remove one card of definition ``d`` from ``zone``; return the instance."""
        cards = self.cards
        z = self.zones[zone]
        i = 0
        while cards[z[i]] != d:
            i += 1
        self.zones[zone] = z[:i] + z[i + 1 :]
        return z[i]

    def _put(self, card: int, src: int, dst: int, ev: list[Event] | None, team: int) -> None:
        """Add ``card`` on top of ``dst`` and say that it moved there from ``src`` (unless
        ``ev`` is None: no events are wanted, as for ``push``)."""
        self.zones[dst] += (card,)
        if ev is not None:
            ev.append(move(card, src, dst, team))

    def _put_all(self, src: int, dst: int, ev: list[Event] | None, team: int) -> None:
        """Move every card of ``src`` on top of ``dst``, in order (``_put`` each card, then
        empty ``src``): one tuple operation when no events are wanted."""
        z = self.zones
        cards = z[src]
        if cards:
            z[dst] += cards
            z[src] = ()
            if ev is not None:
                for card in cards:
                    ev.append(move(card, src, dst, team))

    # ----- the steps one part of the rules calls in another ----------------------------------
    @abstractmethod
    def _pick_actions(self) -> list[int]:
        """placing.py: the legal picks into the lineup (WR-3.1, WR-7.3)."""

    @abstractmethod
    def _lineup_done(self, ev: list[Event] | None) -> None:
        """placing.py: the lineup is placed; name its positions (WR-3.2)."""

    @abstractmethod
    def _start_period(self, ev: list[Event] | None) -> None:
        """reveal.py: the reveal and the period's TOP (WR-4)."""

    @abstractmethod
    def _check_positions(self, team: int, slots: tuple[int, int], ev: list[Event] | None) -> None:
        """reveal.py: the position checks of WR-3.3 and WR-3.4."""

    @abstractmethod
    def _begin_strategy(self, ev: list[Event] | None) -> None:
        """strategy.py: the first strategy time starts (WR-5.1)."""

    @abstractmethod
    def _sub_actions(
        self, team: int, players: list[int], court: list[int] | None = None
    ) -> list[int]:
        """substitution.py: the legal substitutions (WR-5.2)."""

    @abstractmethod
    def _special_actions(self, specials: list[int], court: list[int]) -> list[int]:
        """specials.py: the legal specials (WR-5.4)."""

    @abstractmethod
    def _end_period(self, ev: list[Event] | None) -> None:
        """scoring.py: the period's score, maybe the game's end (WR-6)."""

    @abstractmethod
    def _next_period(self, ev: list[Event] | None) -> None:
        """between_periods.py: draw up and fatigue (WR-7.1, WR-7.2)."""

    @abstractmethod
    def _begin_team_prep(self, ev: list[Event] | None) -> None:
        """between_periods.py: the deciding team prepares its lineup."""

    @abstractmethod
    def _draw(self, team: int, n: int, ev: list[Event] | None) -> None:
        """between_periods.py: draw ``n`` cards (WR-5.5)."""
