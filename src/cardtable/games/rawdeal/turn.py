"""The turn (RD-4): RD-4.1 the start, with the turn limit (RD-8.3), the set-up reversal
carried over (RD-6.4) and the start-of-turn abilities (RD-3.2); RD-4.2 the draw; the
``draw_and_bury`` ability; and RD-4.7 the end of the turn with RD-8.2's count-out and the
next player (RD-9.1). Playing cards is in playing.py."""

from __future__ import annotations

from cardtable.core.events import EVERYONE, NO_CARD, NO_ZONE, Event, move, note

from .damage import DamageRules
from .match import DRAW, PH_BURY, PH_MAIN, PH_OVER, Events, _event
from .tables import A_DRAW_TWO, A_START_OVERTURN, A_START_RECYCLE
from .zones import ARSENAL, PER_PLAYER, RINGSIDE, pbase
from .zones import HAND as HAND_ZONE


class TurnRules(DamageRules):
    """RD-4.1, RD-4.2, RD-4.7: the turn's start and end."""

    __slots__ = ()

    def _start_turn(self, p: int, ev: Events) -> None:
        """RD-4.1 start-of-turn abilities, RD-4.2 the draw."""
        self.turn_no += 1
        if self.turn_no > self.hot.max_turns:
            self._game_over(DRAW, "turn limit", ev)
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
            self._effects(p, p, self.game.tables.effects[carried], ev, setup_only=True)
        ability = self.abilities[p]
        if ability == A_START_OVERTURN:
            self._damage(self.next_opponent(p), 1, ev, from_card=False)
            if self.phase == PH_OVER:
                return
        elif ability == A_START_RECYCLE:
            b = pbase(p)
            if self.zones[b + RINGSIDE]:
                card = self.zones[b + RINGSIDE][-1]
                self.zones[b + RINGSIDE] = self.zones[b + RINGSIDE][:-1]
                self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
                if ev is not None:
                    ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))
        self._draw(p, 2 if ability == A_DRAW_TWO else 1, ev)

    def _use_ability(self, ev: Events) -> None:
        """draw_and_bury: draw 1, then put 1 card from the hand under the Arsenal."""
        p = self.actor
        self.ability_used = True
        if ev is not None:
            ev.append(note("ability", p))
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
            self._knock_out(out, "count-out", ev)
            if self.phase == PH_OVER:
                return
        p = self.tp
        self._start_turn(self.active[1 - p % 2] if self.hot.tag else self.next_opponent(p), ev)
