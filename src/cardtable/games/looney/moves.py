"""Moving cards: playing one from the hand, turning over the top of a pile, drawing (LT-3.1,
LT-2.2) and rebuilding an empty deck from its discard pile (LT-7.2, LT-7.3)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import move, note

from .base import PH_PLACE, Events, HandKinds, LooneyBase
from .zones import DECK, DISCARD, HAND, PER_PLAYER, PLAYER_BASE


class CardMoves(LooneyBase):
    """The card moves every part of the round uses."""

    __slots__ = ()

    def _hand_kinds(self, player: int) -> HandKinds:
        """``player``'s hand and its distinct card definitions by kind (see ``HandKinds``).
        The legal actions read them at almost every decision, and half the time the hand is
        the one they last read (a Role, a scene played or a turn passed leave it alone): zones
        are immutable tuples, so the very same tuple is the same hand."""
        hand = self.zones[PLAYER_BASE + PER_PLAYER * player + HAND]  # pbase(player) + HAND
        kept = self.hands[player]
        if kept[0] is hand:
            return kept
        cards = self.cards
        kind = self.hot.kind
        scenes: list[int] = []
        actors: list[int] = []
        effects: list[int] = []
        locations: list[int] = []
        by_kind = (scenes, actors, effects, locations)  # by SCENE, ACTOR, EFFECT, LOCATION
        for d in {cards[i] for i in hand}:
            by_kind[kind[d]].append(d)
        kinds = (hand, scenes, actors, effects, locations)
        self.hands[player] = kinds
        return kinds

    def _play_from_hand(self, personal: int, dst: int, ev: Events) -> None:
        d = self.hot.personal_defs[personal]
        player = self.actor if self.phase == PH_PLACE else self.rp
        h = PLAYER_BASE + PER_PLAYER * player + HAND  # pbase(player) + HAND, without the call
        hand = self.zones[h]
        cards = self.cards
        i = 0
        while cards[hand[i]] != d:
            i += 1
        card = hand[i]
        self.zones[h] = hand[:i] + hand[i + 1 :]
        self.zones[dst] += (card,)
        if ev is not None:
            ev.append(move(card, h, dst, player))

    def _move_top(self, src: int, dst: int, ev: Events, player: int) -> int:
        z = self.zones
        card = z[src][-1]
        z[src] = z[src][:-1]
        z[dst] += (card,)
        if ev is not None:
            ev.append(move(card, src, dst, player))
        return card

    def _reshuffle(self, src: int, dst: int, ev: Events, player: int) -> None:
        """Shuffle pile ``src`` to become deck ``dst`` (LT-7.2, LT-7.3)."""
        z = self.zones
        if ev is not None:
            for c in z[src]:
                ev.append(move(c, src, dst, player))
        z[dst] = self.rng.shuffled(z[dst] + z[src])
        z[src] = ()
        if ev is not None:
            ev.append(note("reshuffle", player, deck=self.game.zone_specs[dst].key))

    def _draw(self, player: int, n: int, ev: Events) -> None:
        """Draw ``n`` cards; an empty deck draws nothing unless the reshuffle option is on."""
        b = PLAYER_BASE + PER_PLAYER * player  # pbase(player), without the call
        z = self.zones
        for _ in range(n):
            if not z[b + DECK]:
                if not self.hot.deck_reshuffle or not z[b + DISCARD]:
                    return
                self._reshuffle(b + DISCARD, b + DECK, ev, player)
            self._move_top(b + DECK, b + HAND, ev, player)
