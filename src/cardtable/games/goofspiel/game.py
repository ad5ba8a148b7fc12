"""Goofspiel's declaration: options, cards, decks, zones and ``bid <card-id>`` notation."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field, TypeAdapter

from cardtable.core.cards import CardBase, CardPool, game_card_pool
from cardtable.core.decks import MANY, Deck, DeckLayout, DeckProblem
from cardtable.core.errors import ActionNotationError, CardFileError
from cardtable.core.game import Game, GameOptions
from cardtable.core.i18n import N_
from cardtable.core.notation import action_number, check_action_number, notation_words
from cardtable.core.state import State
from cardtable.core.zones import Visibility, ZoneSpec

from .hints import GoofHints
from .presentation import GoofPresentation
from .rules import PRIZE_SUIT, deal

HERE = Path(__file__).parent
ONE_SUIT = N_("a hand is the 13 cards, ace to king, of one suit other than diamonds")


class GoofCard(CardBase):
    """A playing card: its suit is its type, and its rank is its value."""

    type: Literal["spades", "hearts", "diamonds"] = Field(description="the suit")
    rank: int = Field(ge=1, le=13, description="ace 1, 2 to 10, jack 11, queen 12, king 13")


class GoofOptions(GameOptions):
    """Goofspiel's options."""

    hand_size: int = Field(
        13, ge=1, le=13, description=N_("cards in each hand, ace upwards (GS-1.2)")
    )


def _check_prizes(pool: CardPool[GoofCard]) -> None:
    """GS-1.1: the prize suit holds each rank once (a card file may not change that)."""
    ranks = sorted(c.rank for c in pool.cards if c.type == PRIZE_SUIT)
    if ranks != list(range(1, 14)):
        raise CardFileError(f"GS-1.1: the {PRIZE_SUIT} must be ace to king once each")


class GoofspielGame(Game):
    """Goofspiel for two: bid one card a round for the prize turned up; high bid takes it."""

    name: ClassVar[str] = "goofspiel"
    title: ClassVar[str] = "Goofspiel"
    title_ja: ClassVar[str] = "ゴフスピール"
    version: ClassVar[str] = "1.0.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[GameOptions]] = GoofOptions
    deck_layout: ClassVar[DeckLayout] = DeckLayout({"hand": MANY})
    deck_dir: ClassVar[Path | None] = HERE / "decks"
    browser_module: ClassVar[Path | None] = HERE / "web" / "goofspiel.js"
    example: ClassVar[bool] = True
    presentation_class = GoofPresentation
    hints_class = GoofHints
    options: GoofOptions

    def __init__(self, options: GameOptions) -> None:
        super().__init__(options)
        self._pool = game_card_pool(HERE, self.card_files(), TypeAdapter(GoofCard), _check_prizes)
        self.rank = tuple(c.rank for c in self._pool.cards)  # by pool index

    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        hidden, public, own = Visibility.NOBODY, Visibility.PUBLIC, Visibility.OWNER
        kinds = (("hand", own), ("bid", own), ("played", public), ("won", public))
        mine = tuple(ZoneSpec(f"p{p}.{k}", p, v) for p in range(2) for k, v in kinds)
        shared = [ZoneSpec("prize_deck", None, hidden, stack=True), ZoneSpec("prize", None, public)]
        return (*shared, ZoneSpec("discard", None, public), *mine)

    def num_distinct_actions(self) -> int:
        """One action per card: bidding it."""
        return len(self._pool)

    @property
    def max_game_length(self) -> int:
        """Each player bids once a round, one round per prize."""
        return 2 * self.options.hand_size

    @property
    def card_pool(self) -> CardPool[GoofCard]:
        """The 39 cards: spades, hearts and diamonds."""
        return self._pool

    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """GS-1.1: a hand is the 13 cards of one suit that is not the prizes'."""
        cards = [self._pool.get(cid) for cid in deck.sections.get("hand", {})]  # ids, not counts
        suits, ranks = {c.type for c in cards}, sorted(c.rank for c in cards)
        ok = deck.size("hand") == 13 and ranks == list(range(1, 14)) and len(suits) == 1
        return [] if ok and PRIZE_SUIT not in suits else [DeckProblem("GS-1.1", ONE_SUIT)]

    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> State:
        """A new game: the hands from the decks, the prizes shuffled and the first turned up."""
        return deal(self, seed, self.checked_decks(decks))

    def action_to_string(self, action: int) -> str:
        """``bid <card-id>``."""
        return f"bid {self._pool.cards[check_action_number(action, len(self._pool))].id}"

    def string_to_action(self, text: str) -> int:
        """``bid <card-id>`` or a plain integer; raises ActionNotationError."""
        if (number := action_number(w := notation_words(text), len(self._pool), text)) is not None:
            return number
        if len(w) == 2 and w[0] == "bid" and w[1] in self._pool.index:
            return self._pool.index[w[1]]
        raise ActionNotationError(N_("write 'bid <card-id>', e.g. 'bid queen-of-spades'"), text)
