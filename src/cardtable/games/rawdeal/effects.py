"""The effect vocabulary (RD-7): a card's effects, RD-7.1 ``draw``, RD-7.2 ``opp_discard``,
RD-7.3 ``next_bonus`` (a set-up bonus, RD-6.2), RD-7.4 ``next_reversal_cost``, RD-7.5
``overturn_self`` (with RD-8.1), RD-7.6 ``recover`` and RD-7.9 ``pin_opponent``; or only the
set-up of a reversal carried into the next turn (RD-6.4)."""

from __future__ import annotations

from cardtable.core.events import move, note

from .match import PH_OVER, Events
from .tables import (
    V_DRAW,
    V_NEXT_BONUS,
    V_NEXT_COST,
    V_OPP_DISCARD,
    V_OVERTURN_SELF,
    V_PIN_OPPONENT,
    V_RECOVER,
    Effect,
)
from .winning import WinningRules
from .zones import ARSENAL, PER_PLAYER, RINGSIDE, pbase
from .zones import HAND as HAND_ZONE


class EffectRules(WinningRules):
    """RD-7: what cards do besides damage."""

    __slots__ = ()

    def _effects(
        self,
        p: int,
        opp: int,
        effects: tuple[Effect, ...],
        ev: Events,
        setup_only: bool = False,
    ) -> None:
        """RD-7: apply a card's effects for player ``p`` against opponent ``opp``."""
        for verb, amount, sub in effects:
            if verb == V_NEXT_BONUS:
                self.bonus = (amount, 0 if sub < 0 else 1 << sub)
            elif verb == V_NEXT_COST:
                self.rev_cost = amount
            elif setup_only:
                continue
            elif verb == V_DRAW:
                self._draw(p, amount, ev)
            elif verb == V_OPP_DISCARD:
                self._discard_at_random(opp, amount, ev)
            elif verb == V_PIN_OPPONENT:
                self._knock_out([opp], "pinfall", ev)
                if self.phase == PH_OVER:
                    return
            elif verb == V_OVERTURN_SELF:
                self._overturn_self(p, amount, ev)
                if self.phase == PH_OVER:
                    return
            elif verb == V_RECOVER:
                self._recover(p, amount, ev)

    def _discard_at_random(self, opp: int, amount: int, ev: Events) -> None:
        """RD-7.2: ``opp`` discards ``amount`` cards at random from their hand to their Ringside."""
        b = pbase(opp)
        for _ in range(amount):
            hand = self.zones[b + HAND_ZONE]
            if not hand:
                break
            i = self.rng.below(len(hand))
            self.zones[b + HAND_ZONE] = hand[:i] + hand[i + 1 :]
            self._put(hand[i], b + HAND_ZONE, b + RINGSIDE, ev, opp)

    def _recover(self, p: int, amount: int, ev: Events) -> None:
        """RD-7.6: ``p`` puts their ``amount`` newest Ringside cards under their Arsenal."""
        b = pbase(p)
        for _ in range(amount):
            if not self.zones[b + RINGSIDE]:
                break
            card = self.zones[b + RINGSIDE][-1]
            self.zones[b + RINGSIDE] = self.zones[b + RINGSIDE][:-1]
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            if ev is not None:
                ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))

    def _overturn_self(self, p: int, n: int, ev: Events) -> None:
        """RD-7.5: player ``p`` overturns ``n`` cards of their own Arsenal, the cost of their
        own card and no damage (RD-8.1). With pinfall=seed they overturn what the Arsenal
        holds and are never pinned by it (an empty Arsenal is counted out at the end of the
        turn, RD-8.2); with pinfall=official a card that must be overturned from an empty
        Arsenal pins them."""
        src = PER_PLAYER * p + ARSENAL
        arsenal = self.zones[src]
        k = min(n, len(arsenal))
        if ev is not None:
            ev.append(note("overturn", p, amount=n))
        self.zones[src] = arsenal[: len(arsenal) - k]
        for card in reversed(arsenal[len(arsenal) - k :]):  # the top card first
            self._put(card, src, PER_PLAYER * p + RINGSIDE, ev, p)
        if k < n and not self.hot.pinfall_seed:
            self._knock_out([p], "pinfall", ev)
