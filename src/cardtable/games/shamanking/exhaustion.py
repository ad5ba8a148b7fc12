"""When a place runs out: a deck rebuilt from the discard pile, the advantage area and the
furyoku; an empty discard pile filled from the deck.

Holds SK-8.1 (deck exhaustion), SK-8.2 (an empty discard pile) and SK-8.3 (the deck keeps a
card). Rule numbers refer to docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import move, note

from .fields import EventLog, SKFields
from .zones import ADVANTAGE, DECK, DISCARD, FURYOKU, pbase


class ExhaustionRules(SKFields):
    """SK-8: decks and discard piles that run out."""

    __slots__ = ()

    def _four_to_discard(self, p: int, ev: EventLog) -> None:
        """SK-8.2: 4 cards face up from the deck to the discard pile, one at a time, or as many
        as the deck holds (it is rebuilt after the furyoku card is taken, SK-8.1)."""
        self._rebuild_if_empty(p, ev)
        for _ in range(4):
            if not self.zones[pbase(p) + DECK]:
                return
            self._from_deck(p, pbase(p) + DISCARD, ev)

    def _rebuild_if_empty(self, p: int, ev: EventLog) -> None:
        """SK-8.1: a deck that has run out is rebuilt at once."""
        if not self.zones[pbase(p) + DECK]:
            self.rebuild_deck(p, ev)

    def rebuild_deck(self, p: int, ev: EventLog) -> None:
        """SK-8.1 deck exhaustion: note the furyoku counts (charges stay), gather the discard
        pile, the advantage area and the furyoku (not the Shaman, the Teamwork cards in play or
        the cards in use in the play areas), shuffle them into a new deck, and refill each
        zone's furyoku to its count from it, leaving at least one card in the deck (SK-8.3)."""
        b = pbase(p)
        counts = self.furyoku(p)
        pool: list[int] = []
        for zone in (b + DISCARD, b + ADVANTAGE, b + FURYOKU, b + FURYOKU + 1, b + FURYOKU + 2):
            if ev is not None:
                ev.extend(move(c, zone, b + DECK, p) for c in self.zones[zone])
            pool += self.zones[zone]
            self.zones[zone] = ()
        if not pool:  # nothing to rebuild from, only in a pinned position (SK-8.3)
            return
        self.zones[b + DECK] = self.rng.shuffled(pool)
        if ev is not None:
            ev.append(note("deck_rebuilt", p, furyoku=list(counts)))
        for z in range(3):
            for _ in range(counts[z]):
                if len(self.zones[b + DECK]) <= 1:  # SK-8.3: the deck keeps a card
                    break
                self._from_deck(p, b + FURYOKU + z, ev)
            self.fog[3 * p + z] = len(self.zones[b + FURYOKU + z])
