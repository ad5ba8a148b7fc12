"""Moving cards: playing one from the hand, turning over the top of a pile, drawing (LT-3.1,
LT-2.2) and rebuilding an empty deck from its discard pile (LT-7.2, LT-7.3)."""

from __future__ import annotations

from cardtable.core.events import Event, move, note

from .base import PH_PLACE, QUIET, LooneyBase
from .zones import DECK, DISCARD, HAND, pbase


class CardMoves(LooneyBase):
    """The card moves every part of the round uses."""

    __slots__ = ()

    def _play_from_hand(self, personal: int, dst: int, ev: list[Event]) -> None:
        d = self.game.tables.personal_defs[personal]
        player = self.actor if self.phase == PH_PLACE else self.rp
        h = pbase(player) + HAND
        hand = self.zones[h]
        cards = self.cards
        i = 0
        while cards[hand[i]] != d:
            i += 1
        card = hand[i]
        self.zones[h] = hand[:i] + hand[i + 1 :]
        self.zones[dst] += (card,)
        if ev is not QUIET:
            ev.append(move(card, h, dst, player))

    def _move_top(self, src: int, dst: int, ev: list[Event], player: int) -> int:
        z = self.zones
        card = z[src][-1]
        z[src] = z[src][:-1]
        z[dst] += (card,)
        if ev is not QUIET:
            ev.append(move(card, src, dst, player))
        return card

    def _reshuffle(self, src: int, dst: int, ev: list[Event], player: int) -> None:
        """Shuffle pile ``src`` to become deck ``dst`` (LT-7.2, LT-7.3)."""
        z = self.zones
        if ev is not QUIET:
            for c in z[src]:
                ev.append(move(c, src, dst, player))
        z[dst] = self.rng.shuffled(z[dst] + z[src])
        z[src] = ()
        ev.append(note("reshuffle", player, deck=self.game.zone_specs[dst].key))

    def _draw(self, player: int, n: int, ev: list[Event]) -> None:
        """Draw ``n`` cards; an empty deck draws nothing unless the reshuffle option is on."""
        b = pbase(player)
        z = self.zones
        for _ in range(n):
            if not z[b + DECK]:
                if not self.game.hot.deck_reshuffle or not z[b + DISCARD]:
                    return
                self._reshuffle(b + DISCARD, b + DECK, ev, player)
            self._move_top(b + DECK, b + HAND, ev, player)
