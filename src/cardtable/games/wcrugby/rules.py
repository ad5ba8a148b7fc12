"""The wheelchair rugby state: one class, ``RugbyState``, made of the parts of the rules.

The parts are a chain over the fields of :class:`~.fields.RugbyFields`, each in a module named for
its section of docs/rules/wcrugby.md and extending the one listed after it (one line of classes, not
mixins: mypyc compiles no multiple inheritance, docs/performance.md): placing.py (WR-3.1, WR-3.2,
WR-3.7, WR-3.8, WR-7.3), reveal.py (WR-4, WR-3.3 to WR-3.6, the order of WR-5.1), strategy.py
(WR-5.1, WR-5.3, WR-5.6, WR-5.7), substitution.py (WR-5.2), specials.py (WR-5.4), scoring.py (WR-6,
WR-7.4) and between_periods.py (WR-5.5, WR-7.1, WR-7.2). This module holds what joins them: the
tables the hot paths look up, the legal actions and the applying of an action by phase (WR-5.7), and
the views (explain.py, observation.py)."""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event, note

from .actions import END, FIRST, PICK, SECOND, SKILLS
from .cards import PLAYER
from .explain import explain
from .fields import PH_FATIGUE, PH_LINEUP, PH_ORDER, PH_POSITIONS, PH_STRATEGY, PH_WINDOW
from .lineup import LineupTables
from .observation import public_view
from .placing import Placing
from .zones import SLOTS

if TYPE_CHECKING:
    from .game import RugbyGame


def _subs_by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of court slots (bit s: slot s), the substitutions onto its slots:
    ``first + 2s`` upright and ``first + 2s + 1`` sideways."""
    return tuple(
        tuple(first + 2 * s + o for s in range(SLOTS) if mask >> s & 1 for o in (0, 1))
        for mask in range(1 << SLOTS)
    )


def _skills_by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of skills (bit k: skill k), the actions ``first + k``."""
    return tuple(
        tuple(first + k for k in range(SKILLS) if mask >> k & 1) for mask in range(1 << SKILLS)
    )


class HotTables:
    """What the hot paths look up per decision, computed once per game (options are frozen):
    the lineup arithmetic of the female-allowance option, the first action of each kind, and
    per card definition its actions."""

    __slots__ = (
        "bench",
        "fatigue",
        "free_skills",
        "hand_size",
        "kind",
        "lineup",
        "max_overtime",
        "pick",
        "players",
        "skill_conds",
        "special",
        "special_at",
        "sub",
        "sub_at",
    )

    @classmethod
    def of(cls, game: RugbyGame) -> HotTables:
        """The tables, computed. (No ``__init__``: in the compiled build, a class without
        one pickles.)"""
        tables = cls()
        tables._fill(game)
        return tables

    def _fill(self, game: RugbyGame) -> None:
        t = game.tables
        codec = game.codec
        n = len(t.kind)
        self.kind = t.kind
        self.hand_size = game.options.hand_size  # options: read once, not per draw
        self.max_overtime = game.options.max_overtime
        self.players = frozenset(d for d in range(n) if t.kind[d] == PLAYER)
        self.lineup = LineupTables.of(t, game.options.female_allowance)
        self.fatigue = codec.fatigue
        self.bench = codec.bench
        self.sub = codec.sub
        self.special = codec.special
        # per definition: the mask of its skills without a condition, and (bit, status,
        # least value) for each of its skills with one
        self.free_skills = tuple(
            sum(1 << k for k, (cond, _) in enumerate(t.skills[d]) if cond is None) for d in range(n)
        )
        self.skill_conds = tuple(
            tuple(
                (1 << k, cond[0], cond[1])
                for k, (cond, _) in enumerate(t.skills[d])
                if cond is not None
            )
            for d in range(n)
        )
        # per definition: its two picks (upright, sideways), its substitutions by mask of the
        # slots it may go to, and its special actions by slot and then by mask of skills
        self.pick = tuple((PICK + 2 * d, PICK + 2 * d + 1) for d in range(n))
        self.sub_at = tuple(_subs_by_mask(codec.sub + 8 * d) for d in range(n))
        self.special_at = tuple(
            tuple(_skills_by_mask(codec.special + SKILLS * (4 * d + s)) for s in range(SLOTS))
            for d in range(n)
        )


class RugbyState(Placing):
    """A game of wheelchair rugby in progress. Team 0 and team 1 are the two players."""

    __slots__ = ()

    # ----- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        """The legal actions of the phase, sorted."""
        ph = self.phase
        if ph in (PH_STRATEGY, PH_WINDOW):
            return self._strategy_actions(ph == PH_WINDOW)
        if ph == PH_LINEUP:
            return self._pick_actions() or [END]
        if ph == PH_POSITIONS:
            return self._position_actions()
        if ph == PH_FATIGUE:
            return self._fatigue_actions()
        return [FIRST, SECOND]

    def _explain_illegal(self, action: int) -> str:
        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        """Apply a legal action of the phase; return what happened."""
        ev: list[Event] = []
        self._push(action, ev)
        return ev

    def _push(self, action: int, ev: list[Event] | None = None) -> None:
        """Apply a legal action of the phase, adding what happened to ``ev``; with ``ev``
        None (as ``push`` calls it), no event is built at all."""
        ph = self.phase
        h = self.hot
        if ph == PH_LINEUP:
            if action == END:
                self._lineup_done(ev)
            else:
                self._pick(action - PICK, ev)
        elif ph == PH_POSITIONS:
            self._position(action, ev)
        elif ph == PH_ORDER:
            self.first = self.team if action == FIRST else 1 - self.team
            if ev is not None:
                ev.append(note("order", self.team, first=self.first))
            self._begin_strategy(ev)
        elif ph == PH_FATIGUE:
            if action == END:
                self._fatigue_done(ev)
            else:
                self._drop(action - h.fatigue, ev)
        elif action == END:
            self._end(ev)
        elif action < h.sub:
            self._bench(action - h.bench, ev)
        elif action < h.special:
            x, o = divmod(action - h.sub, 2)
            d, s = divmod(x, 4)
            self._substitute(d, s, o, ev)
        else:
            x, k = divmod(action - h.special, SKILLS)
            d, s = divmod(x, 4)
            self._special(d, s, k, ev)

    # ----- views -----------------------------------------------------------------------------
    def _public_view(self, player: int | None) -> dict[str, Any]:
        return public_view(self, player)
