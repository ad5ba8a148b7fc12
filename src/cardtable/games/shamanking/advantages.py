"""Advantage and Teamwork cards played from a flip, and the charges they give.

Holds SK-5.1 (Advantage: placed, charges its zone), SK-5.2 (immediate Advantage), SK-5.3
(Teamwork: replaces the one in its zone) and SK-5.5 (charges); what a Teamwork card in place
does (SK-5.4, SK-5.7) is in effects.py. Rule numbers refer to docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import move

from .fields import EventLog
from .furyoku import FuryokuRules
from .tables import TEAMWORK_CARD, V_FORCE, V_INTERCEPT, V_PER_TEAMWORK
from .zones import ADVANTAGE, DISCARD, TEAMWORK, pbase
from .zones import PLAY as PLAY_ZONE


class AdvantageRules(FuryokuRules):
    """SK-5.1 to SK-5.3: playing the flipped Advantage or Teamwork card."""

    __slots__ = ()

    def _play(self, ev: EventLog) -> None:
        """SK-5.1/5.2: an Advantage is placed and charges its zone (an immediate one is used
        at once, and charges unless immediate_charge=false); SK-5.3: a Teamwork card goes to
        the zone's teamwork area, replacing the one there."""
        p = self.defender
        b = pbase(p)
        t = self.game.tables
        card = self.flipped
        d = self.cards[card]
        self._pay(p, t.cost[d], ev)
        self.flipped = -1
        src = b + PLAY_ZONE + self.zone
        self._remove(src, card)
        if t.kind[d] == TEAMWORK_CARD:
            dst = b + TEAMWORK + self.zone
            for old in self.zones[dst]:
                self.zones[b + DISCARD] += (old,)
                if ev is not None:
                    ev.append(move(old, dst, b + DISCARD, p))
            self.zones[dst] = (card,)
            if ev is not None:
                ev.append(move(card, src, dst, p))
            if self.active(p, d):
                self._one_shot(p, t.effects[d], ev)
            return
        immediate = t.immediate[d]
        if not immediate:  # SK-5.1: placed in the advantage area
            self.zones[b + ADVANTAGE] += (card,)
            if ev is not None:
                ev.append(move(card, src, b + ADVANTAGE, p))
        if not immediate or self.hot.immediate_charge:  # SK-5.1, SK-5.2: it charges
            self.charges[p] |= 1 << self.zone
        self._advantage_effects(p, d, ev)
        if immediate:  # SK-5.2: used at once, then to the discard pile (after its effects)
            self.zones[b + DISCARD] += (card,)
            if ev is not None:
                ev.append(move(card, src, b + DISCARD, p))

    def _advantage_effects(self, p: int, d: int, ev: EventLog) -> None:
        """An Advantage's text, if it works (SK-1.6): Force and Intercept for the rest of the
        turn, then its one-shot effects (SK-7, SK-7.9)."""
        t = self.game.tables
        if self.active(p, d):
            for verb, amount, _zone, cond in t.effects[d]:
                if self._holds(p, cond):
                    if verb == V_FORCE:
                        self.adv_force += amount
                    elif verb == V_INTERCEPT:
                        self.adv_intercept += amount
                    elif verb == V_PER_TEAMWORK:
                        self.adv_force += amount * self._opp_teamwork(p)
            self._one_shot(p, t.effects[d], ev)
