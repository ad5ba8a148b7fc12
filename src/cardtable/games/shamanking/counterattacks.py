"""Counterattacks and Signature Moves: the signature step and a Strike sent back.

Holds SK-4.3 (the signature step: all three zones charged, the Signature's Intercept and cost)
and SK-4.5 (counterattack: pay the Strike, its effects, its Force sent back); the extra-cost
ability's payment (SK-3.4) is in furyoku.py. Rule numbers refer to docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.events import note

from .advantages import AdvantageRules
from .cards import ZONES
from .fields import ALL_CHARGED, SIGNATURE_ATTACK, EventLog

if TYPE_CHECKING:
    from .tables import Price


class CounterattackRules(AdvantageRules):
    """SK-4.3 and SK-4.5: the attacks a defender sends back."""

    __slots__ = ()

    def _signature_values(self, p: int) -> tuple[int, int, Price]:
        t = self.game.tables
        s = self.shaman(p)
        side = self.side[p]
        i, f = self._apply_values(
            p, t.sig_intercept[s][side], t.sig_force[s][side], t.sig_effects[s][side]
        )
        return i, f, t.sig_cost[s][side]

    def _signature_ok(self, p: int) -> bool:
        """SK-4.3: all three zones charged, the Signature's Intercept and cost met."""
        if self.charges[p] != ALL_CHARGED or self.stow[p]:
            return False
        intercept, _force, cost = self._signature_values(p)
        return intercept >= self.incoming and self.can_pay(p, cost, in_zone=False)

    def _signature(self, ev: EventLog) -> None:
        p = self.defender
        _intercept, force, cost = self._signature_values(p)
        self.charges[p] = 0
        self._pay(p, cost, ev, in_zone=False)
        t = self.game.tables
        s, side = self.shaman(p), self.side[p]
        if ev is not None:
            ev.append(note("signature_move", p, name=t.sig_name[s][side], force=force))
        self._one_shot(p, t.sig_effects[s][side], ev)
        if self.hot.flip_on_use:
            self.side[p] ^= 1
        else:
            self.stow[p] = True
        self.attack_card = SIGNATURE_ATTACK
        self._start_turn(1 - p, force, ev)

    def _counter(self, extra: bool, ev: EventLog) -> None:
        """SK-4.5: pay the Strike (with its extra ability, SK-3.4) and send its Force back."""
        p = self.defender
        t = self.game.tables
        card = self.flipped
        d = self.cards[card]
        if extra:
            self._pay_extra_first(p, d, ev)
        else:
            self._pay(p, t.cost[d], ev)
        _intercept, force = self._strike_values(p, d, extra)
        if self.active(p, d):
            self._one_shot(p, t.effects[d] + (t.extra_effects[d] if extra else ()), ev)
        self.flipped = -1
        if ev is not None:
            ids = self.game.card_ids
            ev.append(note("counterattack", p, card=ids[d], force=force, zone=ZONES[self.zone]))
        self.attack_card = card
        self._start_turn(1 - p, force, ev)
