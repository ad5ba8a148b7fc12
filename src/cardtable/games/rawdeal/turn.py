"""The turn (RD-4): RD-4.1 the start, with the turn limit (RD-8.3), the set-up reversal
carried over (RD-6.4) and the start-of-turn abilities (RD-3.2); RD-4.2 the draw; the
``draw_and_bury`` ability; and RD-4.7 the end of the turn with RD-8.2's count-out and the
next player (RD-9.1). Playing cards is in playing.py."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import EVERYONE, NO_CARD, NO_ZONE, Event, note

from .damage import DamageRules
from .match import (
    COUNT_OUT,
    DRAW,
    PH_BURY,
    PH_MAIN,
    PH_OVER,
    RESUME_MAIN,
    RESUME_START,
    TURN_LIMIT,
    Events,
    _event,
)
from .tables import (
    A_ACTIVATED,
    A_DRAW_BURY,
    A_DRAW_TWO,
    A_START_OVERTURN,
    A_START_RECOVER,
    A_START_RECYCLE,
    A_START_RECYCLE_CHOICE,
    ABILITY_EFFECTS,
)
from .zones import ARSENAL, PER_PLAYER
from .zones import HAND as HAND_ZONE


class TurnRules(DamageRules):
    """RD-4.1, RD-4.2, RD-4.7: the turn's start and end."""

    __slots__ = ()

    def _start_turn(self, p: int, ev: Events) -> None:
        """RD-4.1 start-of-turn abilities, RD-4.2 the draw."""
        self.turn_no += 1
        if self.turn_no > self.hot.max_turns:
            self._game_over(DRAW, TURN_LIMIT, ev)
            return
        self.tp = self.actor = p
        self.phase = PH_MAIN
        self.ability_used = False
        self.tagged = False
        self.last_played = -1
        self.last_damage = 0
        self.last_maneuver = 0
        self.bonus = (0, 0)
        self.rev_cost = 0
        self.unrev_next = -1
        self.no_arsenal = False
        damage, cost = self.next_turn[p]  # RD-7.23: a bonus kept for this turn
        self.turn_bonuses = ((damage, 0),) if damage else ()
        self.turn_cost = cost
        if damage or cost:
            self.next_turn = tuple((0, 0) if q == p else b for q, b in enumerate(self.next_turn))
        if ev is not None:
            ev.append(
                _event(
                    Event, ("turn", p, NO_CARD, NO_ZONE, NO_ZONE, {"turn": self.turn_no}, EVERYONE)
                )
            )
        carried = self.carry[p]
        if carried >= 0:  # RD-6.4 a set-up reversal counts for this turn's first card
            self.carry[p] = -1
            self.last_played = carried
            self._carry_setup(self.game.tables.effects[carried])
        ability = self.abilities[p]
        if ability & A_START_OVERTURN:
            self._damage(self.next_opponent(p), 1, ev, from_card=False)
            if self.phase == PH_OVER:
                return
        if ability & A_START_RECYCLE:
            self._recover(p, 1, ev)
        chooses = ability & (A_START_RECYCLE_CHOICE | A_START_RECOVER)
        if chooses:  # RD-3.12, RD-3.13: the player chooses a card first
            self.resume = RESUME_START
            self.source = self.superstar(p)
            self._effects(p, p, ABILITY_EFFECTS[chooses], ev)
            if self.phase != PH_MAIN:
                return
        self._draw_segment(ev)

    def _draw_segment(self, ev: Events) -> None:
        """RD-4.2: the turn player draws 1 card (2 with ``draw_two``)."""
        p = self.tp
        self._draw(p, 2 if self.abilities[p] & A_DRAW_TWO else 1, ev)

    def _use_ability(self, ev: Events) -> None:
        """RD-4.3: ``draw_and_bury``: draw 1, then put 1 card from the hand under the Arsenal;
        the abilities that discard (RD-3.10, RD-3.11) work through their effects."""
        p = self.actor
        self.ability_used = True
        if ev is not None:
            ev.append(note("ability", p))
        ability = self.abilities[p] & A_ACTIVATED
        if ability != A_DRAW_BURY:
            self.resume = RESUME_MAIN
            self.source = self.superstar(p)
            self._effects(p, self.next_opponent(p), ABILITY_EFFECTS[ability], ev)
            return
        self._draw(p, 1, ev)
        if self.zones[PER_PLAYER * p + HAND_ZONE]:
            self.phase = PH_BURY

    def _end_turn(self, ev: Events) -> None:
        """RD-4.7 end of turn; RD-8.2 count-out of every player still in the match; the
        next turn goes to the next player still in (RD-9.1)."""
        z = self.zones
        if self.hot.n == 2:  # the common case, without the loops
            if z[ARSENAL] and z[PER_PLAYER + ARSENAL]:  # (zones of players 0 and 1)
                out = []
            else:
                out = [p for p in (0, 1) if not z[PER_PLAYER * p + ARSENAL]]
        else:
            out = [p for p in self.standing() if not z[PER_PLAYER * p + ARSENAL]]
        if out:
            self._knock_out(out, COUNT_OUT, ev)
            if self.phase == PH_OVER:
                return
        p = self.tp
        self._start_turn(self.active[1 - p % 2] if self.hot.tag else self.next_opponent(p), ev)
