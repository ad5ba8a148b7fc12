"""Goofspiel's rules (docs/rules/goofspiel.md). Zones: ``prize_deck`` (the diamonds, face
down), ``prize`` (the one turned up), ``discard`` (prizes lost to a tie), and per player
``p<i>.hand`` and ``p<i>.bid`` (seen by their owner only), ``p<i>.played`` and ``p<i>.won``."""
# cardtable: compile

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardtable.core.decks import Deck
from cardtable.core.events import Event, move, note
from cardtable.core.i18n import N_, reason
from cardtable.core.state import TERMINAL, State

if TYPE_CHECKING:
    from .game import GoofspielGame

PRIZE_SUIT = "diamonds"
PRIZE_DECK, PRIZE, DISCARD, HAND, BID, PLAYED, WON = range(7)  # P1's zones: 4 on (+ 4 * p)


def deal(game: GoofspielGame, seed: int, decks: Sequence[Deck]) -> GoofState:
    """GS-1.2, GS-1.3: hands up to ``hand_size``; those prizes shuffled, the first turned up."""
    st = GoofState.__new__(GoofState)
    st._init_base(game, seed)
    pool, size = game.card_pool, game.options.hand_size
    h0, h1 = (
        sorted(pool.index[c] for c in d.cards("hand") if pool.get(c).rank <= size) for d in decks
    )
    prizes = [i for i, c in enumerate(pool.cards) if c.type == PRIZE_SUIT and c.rank <= size]
    st.cards = (*h0, *h1, *prizes)
    st.zones[HAND], st.zones[HAND + 4] = tuple(range(len(h0))), tuple(range(len(h0), len(h0 + h1)))
    st.zones[PRIZE_DECK] = st.rng.shuffled(range(len(h0 + h1), len(st.cards)))
    st._turn_up()
    return st


class GoofState(State):
    """A game of Goofspiel: its zones are its whole state."""

    __slots__ = ()
    game: GoofspielGame

    def scores(self) -> list[int]:
        """GS-3.1: each player's points, the ranks of the prizes it won."""
        return [sum(self.game.rank[self.cards[c]] for c in self.zones[WON + 4 * p]) for p in (0, 1)]

    def current_player(self) -> int:
        """GS-2.1: P0 bids, then P1; TERMINAL once no prize is left (GS-3.1)."""
        return TERMINAL if not self.zones[PRIZE] else 1 if self.zones[BID] else 0

    def _legal_actions(self) -> list[int]:
        return sorted({self.cards[c] for c in self.zones[HAND + 4 * self.current_player()]})

    def _explain_illegal(self, action: int) -> str:
        return reason(N_("the {card} is not in your hand"), card=self.game.named_card(action))

    def _apply(self, action: int) -> list[Event]:
        p = self.current_player()
        card = next(c for c in self.zones[HAND + 4 * p] if self.cards[c] == action)
        events = [self._move(card, HAND + 4 * p, BID + 4 * p, p)]
        return events + self._showdown() if p == 1 else events

    def _move(self, card: int, src: int, dst: int, player: int = -1) -> Event:
        self.zones[src] = tuple(c for c in self.zones[src] if c != card)
        self.zones[dst] += (card,)
        return move(card, src, dst, player)

    def _showdown(self) -> list[Event]:
        """GS-2.2 to GS-2.4: bids shown, the higher takes the prize, a tie discards it (GS-3.1)."""
        bids = [self.zones[BID][0], self.zones[BID + 4][0]]
        events = [self._move(b, BID + 4 * p, PLAYED + 4 * p, p) for p, b in enumerate(bids)]
        r0, r1 = (self.game.rank[self.cards[b]] for b in bids)
        w = 0 if r0 > r1 else 1 if r1 > r0 else -1
        prize = self.zones[PRIZE][0]
        events.append(self._move(prize, PRIZE, WON + 4 * w if w >= 0 else DISCARD, w))
        if self.zones[PRIZE_DECK]:
            return [*events, self._turn_up()]
        return [*events, note("game_over", self._winner(), scores=self.scores())]

    def _turn_up(self) -> Event:
        return self._move(self.zones[PRIZE_DECK][-1], PRIZE_DECK, PRIZE)

    def _winner(self) -> int:
        s0, s1 = self.scores()
        return 0 if s0 > s1 else 1 if s1 > s0 else -1

    def returns(self) -> list[float]:
        """GS-3.1: 1 for the player with more points, -1 for the other; 0 each for a draw."""
        w = self._winner() if self.is_terminal() else -1
        return [0.0, 0.0] if w < 0 else [1.0 - 2 * w, 2 * w - 1.0]

    def _public_view(self, player: int | None) -> dict[str, Any]:
        w = self._winner() if self.is_terminal() else None
        winner = "draw" if w == -1 else w
        return {"current_player": self.current_player(), "scores": self.scores(), "winner": winner}

    def _copy_into(self, other: State) -> None:
        """Nothing to copy: the zones are the whole state."""
