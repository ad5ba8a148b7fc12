"""The effect vocabulary at work: conditions, Force and Intercept modifiers, one-shot effects,
and the Teamwork card that defends a zone.

Holds SK-5.4 (a Teamwork card's effects in its zone), SK-5.7 (the zone of a character), SK-7.1
to SK-7.3 (Force, Intercept, Force per opposing Teamwork card), SK-7.4 to SK-7.6 (gain
furyoku, charge, move back), SK-7.8 (conditions) and SK-7.9 (reach and duration). Rule numbers refer
to docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from .fields import EventLog
from .points import PointRules
from .tables import (
    V_CHARGE,
    V_FORCE,
    V_GAIN,
    V_INTERCEPT,
    V_MOVE_BACK,
    V_PER_TEAMWORK,
    Cond,
    Effect,
)
from .zones import PER_PLAYER, TEAMWORK, pbase

MOVE_BACKS_PER_TURN = 2


class EffectRules(PointRules):
    """SK-7: what the effects of the cards in use do."""

    __slots__ = ()

    def _holds(self, p: int, cond: Cond) -> bool:
        """SK-7.8: whether an effect's condition holds for ``p`` defending in this zone."""
        inc_max, inc_min, zone, tw_here, zone_of = cond
        if not inc_min <= self.incoming <= inc_max:
            return False
        if zone >= 0 and zone != self.zone:
            return False
        if zone_of >= 0 and zone_of != self.zone_character(p, self.zone):
            return False
        if tw_here >= 0:
            here = bool(self.zones[pbase(p) + TEAMWORK + self.zone])
            return here == bool(tw_here)
        return True

    def zone_character(self, p: int, zone: int) -> int:
        """SK-5.7: the character (index in ``tables.characters``) whose zone a Teamwork card
        in place makes of the zone, or -1."""
        z = self.zones[pbase(p) + TEAMWORK + zone]
        return self.game.tables.character[self.cards[z[0]]] if z else -1

    def _teamwork_effects(self, p: int) -> tuple[Effect, ...]:
        """The Teamwork card of the zone being defended, if its text works (SK-5.4)."""
        z = self.zones[PER_PLAYER * p + TEAMWORK + self.zone]
        if not z:
            return ()
        d = self.cards[z[0]]
        return self.game.tables.effects[d] if self.active(p, d) else ()

    def _strike_values(self, p: int, d: int, extra: bool) -> tuple[int, int]:
        """Intercept and Force of Strike ``d`` flipped by ``p`` in the current zone, with
        modifiers from itself, this turn's Advantages and the zone's Teamwork (SK-4.5, SK-7.9)."""
        t = self.game.tables
        intercept, force = t.intercept[d] + self.adv_intercept, t.force[d] + self.adv_force
        effects: tuple[Effect, ...] = self._teamwork_effects(p)
        if self.active(p, d):
            effects = effects + t.effects[d] + (t.extra_effects[d] if extra else ())
        return self._apply_values(p, intercept, force, effects)

    def _strike_intercept(self, p: int, d: int, extra: bool, active: bool) -> int:
        """The Intercept of ``_strike_values`` alone (the legal actions need no more);
        ``active``: whether the Strike's text works (SK-1.6)."""
        t = self.game.tables
        intercept = t.intercept[d] + self.adv_intercept
        effects = self._teamwork_effects(p)
        if active:
            effects = effects + t.effects[d] + (t.extra_effects[d] if extra else ())
        for verb, amount, _zone, cond in effects:
            if verb == V_INTERCEPT and self._holds(p, cond):
                intercept += amount
        return intercept

    def _apply_values(
        self, p: int, intercept: int, force: int, effects: tuple[Effect, ...]
    ) -> tuple[int, int]:
        for verb, amount, _zone, cond in effects:
            if not self._holds(p, cond):
                continue
            if verb == V_INTERCEPT:
                intercept += amount
            elif verb == V_FORCE:
                force += amount
            elif verb == V_PER_TEAMWORK:
                force += amount * self._opp_teamwork(p)
        return intercept, max(0, force)

    def _opp_teamwork(self, p: int) -> int:
        """The number of Teamwork cards the opponent of ``p`` has in play (SK-7.3)."""
        zones = self.zones
        b = PER_PLAYER * (1 - p) + TEAMWORK
        return (1 if zones[b] else 0) + (1 if zones[b + 1] else 0) + (1 if zones[b + 2] else 0)

    def _one_shot(self, p: int, effects: tuple[Effect, ...], ev: EventLog) -> None:
        """Effects that happen once: gain furyoku, charge, move back (SK-7.4 to SK-7.6)."""
        for verb, amount, zone, cond in effects:
            if not self._holds(p, cond):
                continue
            if verb == V_GAIN:
                self._gain(p, self.zone if zone < 0 else zone, amount, ev)
            elif verb == V_CHARGE:
                target = zone
                if zone == 3:
                    target = next((z for z in range(3) if not self.charges[p] >> z & 1), -1)
                if target >= 0:
                    self.charges[p] |= 1 << target
            elif verb == V_MOVE_BACK and self.moves_used < MOVE_BACKS_PER_TURN:
                self.move_back += amount
                self.moves_used += 1
