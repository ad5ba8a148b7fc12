"""Furyoku and costs: what a cost comes to, whether it can be paid, paying it, and where
furyoku comes from; which furyoku nobody knows.

Holds SK-3.1 (furyoku face down: the cards nobody knows), SK-3.2 (paying a cost), SK-3.3
(furyoku from the discard pile), SK-3.4 (extra-cost abilities) and the underpay of SK-7.7.
Rule numbers refer to docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import move

from .effects import EffectRules
from .fields import EventLog
from .tables import V_UNDERPAY, Price
from .zones import DECK, DISCARD, FURYOKU, PER_PLAYER, TEAMWORK, pbase


class FuryokuRules(EffectRules):
    """SK-3: furyoku and costs."""

    __slots__ = ()

    def _price(self, p: int, cost: Price, in_zone: bool = True) -> Price:
        """The cost after the underpay of the Teamwork card in the current zone (SK-5.4, SK-7.7);
        ``in_zone=False`` for the Signature Move, which uses no zone (SK-4.3)."""
        if not in_zone or not self.zones[PER_PLAYER * p + TEAMWORK + self.zone]:
            return cost
        g, y, r = cost
        for verb, amount, colour, cond in self._teamwork_effects(p):
            if verb == V_UNDERPAY and self._holds(p, cond):
                if colour == 0:
                    g = max(0, g - amount)
                elif colour == 1:
                    y = max(0, y - amount)
                elif colour == 2:
                    r = max(0, r - amount)
        return (g, y, r)

    def can_pay(self, p: int, cost: Price, in_zone: bool = True) -> bool:
        """SK-3.2: red furyoku pays any colour, yellow pays yellow or green, green only green."""
        zones = self.zones
        b = PER_PLAYER * p + FURYOKU
        if in_zone and zones[b - FURYOKU + TEAMWORK + self.zone]:
            cost = self._price(p, cost)
        g, y, r = cost
        if in_zone and self.hot.flip_zone_pay:
            # only this zone's furyoku, which pays the colours its own colour may pay
            if (self.zone == 0 and (y or r)) or (self.zone == 1 and r):
                return False
            return g + y + r <= len(zones[b + self.zone])
        fr = len(zones[b + 2])
        if r > fr:
            return False
        fr -= r
        fy = len(zones[b + 1])
        if y > fy + fr:
            return False
        return g <= len(zones[b]) + fy + fr - y

    def _pay(
        self, p: int, cost: Price, ev: EventLog, in_zone: bool = True, priced: bool = False
    ) -> None:
        """Pay a cost: red with red; yellow with yellow, then red; green with green, then
        yellow, then red (the cheapest furyoku first). Paid furyoku goes to the discard pile.
        ``priced``: the cost is already underpaid (SK-7.7)."""
        g, y, r = cost if priced else self._price(p, cost, in_zone)
        if in_zone and self.hot.flip_zone_pay:
            self._take(p, self.zone, g + y + r, ev)
            self._narrow_fog(p, self.zone)
            return
        if r:
            self._take(p, 2, r, ev)
        if y:
            y = self._take(p, 1, y, ev)
            if y:
                self._take(p, 2, y, ev)
        if g:
            g = self._take(p, 0, g, ev)
            if g:
                g = self._take(p, 1, g, ev)
                if g:
                    self._take(p, 2, g, ev)
        zones = self.zones
        fog = self.fog
        for zone in (0, 1, 2):  # as _narrow_fog does
            left = len(zones[PER_PLAYER * p + FURYOKU + zone])
            if left < fog[3 * p + zone]:
                fog[3 * p + zone] = left

    def _take(self, p: int, zone: int, need: int, ev: EventLog) -> int:
        """Pay up to ``need`` furyoku cards from the top of a zone's (the last one first) to the
        discard pile; return how many are still needed."""
        zones = self.zones
        at = PER_PLAYER * p + FURYOKU + zone
        here = zones[at]
        k = min(need, len(here))
        if not k:
            return need
        paid = here[: -k - 1 : -1]
        zones[at] = here[:-k]
        discard = PER_PLAYER * p + DISCARD
        zones[discard] += paid
        if ev is not None:
            ev.extend(move(card, at, discard, p) for card in paid)
        return need - k

    def _narrow_fog(self, p: int, zone: int) -> None:
        """The cards nobody knows are at the bottom of a furyoku zone: fewer may be left."""
        left = len(self.zones[PER_PLAYER * p + FURYOKU + zone])
        if left < self.fog[3 * p + zone]:
            self.fog[3 * p + zone] = left

    def _pay_extra_first(self, p: int, d: int, ev: EventLog) -> None:
        """SK-3.4: the extra cost is paid before the card's own cost. Underpay (SK-7.7) lowers
        the two together once, the card's own cost first; the two payments can be made
        whenever their sum can (the furyoku colours are nested, and each pays cheapest first)."""
        tg, ty, tr = self._price(p, self._with_extra(d))
        og, oy, o_r = self._price(p, self.game.tables.cost[d])
        own = (min(og, tg), min(oy, ty), min(o_r, tr))
        self._pay(p, (tg - own[0], ty - own[1], tr - own[2]), ev, priced=True)
        self._pay(p, own, ev, priced=True)

    def _with_extra(self, d: int) -> Price:
        """A Strike's own cost plus its extra cost (SK-3.4)."""
        t = self.game.tables
        (g, y, r), extra = t.cost[d], t.extra_cost[d]
        assert extra is not None
        return (g + extra[0], y + extra[1], r + extra[2])

    def _gain(self, p: int, zone: int, n: int, ev: EventLog) -> None:
        """Furyoku from the top of the discard pile (SK-3.3); an empty discard pile first takes
        4 cards from the deck (SK-8.2); a deck that this empties is rebuilt once the furyoku
        card is taken (SK-8.1)."""
        b = pbase(p)
        zones = self.zones
        for _ in range(n):
            if not zones[b + DISCARD]:
                self._four_to_discard(p, ev)
                if not zones[b + DISCARD]:  # no card at all, only in a pinned position (SK-8.3)
                    return
            card = zones[b + DISCARD][-1]
            zones[b + DISCARD] = zones[b + DISCARD][:-1]
            zones[b + FURYOKU + zone] += (card,)
            if ev is not None:
                ev.append(move(card, b + DISCARD, b + FURYOKU + zone, p))
            if not zones[b + DECK]:
                self.rebuild_deck(p, ev)

    def _pinned(self, zone: int, new: list[int]) -> None:
        """Furyoku pinned by a scenario is furyoku nobody knows."""
        for p in (0, 1):
            z = zone - pbase(p) - FURYOKU
            if 0 <= z < 3:
                self.fog[3 * p + z] = len(new)

    def _known_hidden(self, player: int) -> set[int]:
        """SK-3.1: the furyoku cards everyone saw put face down (focused from a play area or
        taken from a discard pile), above those put there from the deck, which nobody knows:
        a resample leaves them in place."""
        known: set[int] = set()
        zones = self.zones
        for p in (0, 1):
            b = pbase(p) + FURYOKU
            for z in range(3):
                known.update(zones[b + z][self.fog[3 * p + z] :])
        return known
