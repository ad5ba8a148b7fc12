"""Damage and pinfall (RD-5.4, RD-5.5, RD-5.7, RD-8.1): cards overturned one at a time from
the Arsenal to the Ringside pile, a fitting reversal overturned that stops the damage and
the Stun Value draw it may give, and the pin when the Arsenal runs out."""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod

from cardtable.core.events import EVERYONE, NO_CARD, NO_ZONE, Event, note

from .effects import EffectRules
from .match import PH_OVER, PH_STUN, PINFALL, Events, _event
from .zones import ARSENAL, PER_PLAYER, RINGSIDE

NO_REVERSALS: frozenset[int] = frozenset()


class DamageRules(EffectRules):
    """RD-5.4: damage, which may end the turn (the turn is in turn.py)."""

    __slots__ = ()

    def _damage(self, victim: int, n: int, ev: Events, from_card: bool) -> bool:
        """RD-5.4: overturn ``n`` cards one at a time. With ``from_card`` a fitting reversal
        overturned from the Arsenal stops the damage and ends the turn (Stun Value may let
        the attacker draw); only with overturned_text=official do its reversal effects
        apply, on a card worded for it (RD-5.7). Returns whether the damage was stopped.
        RD-8.1 decides pins."""
        src = PER_PLAYER * victim + ARSENAL
        dst = PER_PLAYER * victim + RINGSIDE
        z = self.zones
        h = self.hot
        if ev is not None:
            data = {"amount": n}
            ev.append(_event(Event, ("damage", victim, NO_CARD, NO_ZONE, NO_ZONE, data, EVERYONE)))
        arsenal = z[src]
        if h.pinfall_seed and n >= len(arsenal) and n > 0:
            self._knock_out([victim], PINFALL, ev)
            return False
        # the cards to overturn, in order, up to the first fitting reversal (from_card): the
        # Arsenal reversals that fit the card by the cards alone may; nothing else that
        # decides whether they fit changes while cards are overturned
        top = arsenal[: -n - 1 : -1] if n > 0 else ()
        reversals = (
            h.answers(self.pending_def, self.pending_as).arsenal
            if from_card and self.pending_def >= 0 and not (self.pending_unrev or self.no_arsenal)
            else NO_REVERSALS
        )
        cards = self.cards
        fort: int | None = None
        stop = -1
        for i, card in enumerate(top) if reversals else ():
            if cards[card] in reversals:
                if fort is None:
                    fort = self.fortitude(victim)
                if self._fits(cards[card], fort):
                    stop = i
                    top = top[: i + 1]
                    break
        if ev is not None:  # the cards overturned, one at a time
            for card in top:
                ev.append(_event(Event, ("move", victim, card, src, dst, None, EVERYONE)))
        z[src] = arsenal[: len(arsenal) - len(top)]
        z[dst] += top
        if stop >= 0:
            self._stopped(victim, self.cards[top[stop]], stop < n - 1, ev)
            return True
        if len(top) < n:  # the Arsenal ran out
            self._knock_out([victim], PINFALL, ev)
        return False

    def _stopped(self, victim: int, d: int, early: bool, ev: Events) -> None:
        """RD-5.4: the reversal ``d`` overturned from ``victim``'s Arsenal stopped the damage
        (``early``: before its last card); the turn ends, or the attacker may draw first
        for Stun Value (RD-5.5). Only with overturned_text=official do the reversal's
        effects apply (RD-5.7)."""
        if ev is not None:
            ev.append(note("reversed_from_arsenal", victim, card=self.game.card_ids[d]))
        if self.hot.rev_overturned[d]:  # RD-5.7: its effects apply
            self._effects(victim, self.tp, self.game.tables.reversal_effects[d], ev)
            if self.phase == PH_OVER or self.gone >> self.tp & 1:
                return
        stun = min(
            self.game.tables.stun[self.pending_def], len(self.zones[PER_PLAYER * self.tp + ARSENAL])
        )
        if early and stun:  # RD-5.5 Stun Value
            self.stun_max = stun
            self.phase = PH_STUN
            self.actor = self.tp
        else:
            self._end_turn(ev)

    @abstractmethod
    def _end_turn(self, ev: Events) -> None:
        """RD-4.7: end the turn (:class:`~cardtable.games.rawdeal.turn.TurnRules`)."""
