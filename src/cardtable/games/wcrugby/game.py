"""The wheelchair rugby game: options, cards, decks, action codec and new states."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cached_property
from itertools import combinations
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field

from cardtable.core.cards import CardPool, game_card_pool
from cardtable.core.decks import MANY, Deck, DeckLayout, DeckProblem
from cardtable.core.game import Game, GameOptions
from cardtable.core.i18n import N_, reason
from cardtable.core.zones import ZoneSpec

from .actions import Codec
from .cards import (
    ADAPTER,
    PLAYER,
    SPECIAL,
    CardTables,
    RugbyCard,
    compile_tables,
)
from .fields import PHASES
from .hints import RugbyHints
from .presentation import RugbyPresentation
from .rules import HotTables, RugbyState
from .zones import POOL, tbase, zone_specs

HERE = Path(__file__).parent

DECK_SIZE = 30


class RugbyOptions(GameOptions):
    """Options of the wheelchair rugby game; the defaults follow the seed (docs/rules)."""

    players: int = Field(2, description="two teams")
    female_allowance: Literal["wwr-2025", "seed-1.5-none", "seed-1.5-full", "legacy"] = Field(
        "wwr-2025",
        description="the seed's bands (+1.0 for a woman of 2.0-3.5, +0.5 for 0.5-1.0) with a "
        "woman of 1.5 at +0.5 as in the 2025 world rule; or 1.5 adding nothing, or +1.0; or the "
        "older +0.5 for every woman",
    )
    hand_size: int = Field(6, ge=1, le=20, description="hands are drawn up to this size")
    max_overtime: int = Field(
        20,
        ge=0,
        le=100,
        description="extra periods played while tied (the tie is almost always broken long "
        "before); still tied after them, the game is a draw",
    )


class RugbyGame(Game):
    """The unofficial wheelchair rugby card game."""

    name: ClassVar[str] = "wcrugby"
    title: ClassVar[str] = "Wheelchair Rugby Card Game (unofficial)"
    title_ja: ClassVar[str] = "車いすラグビーカードゲーム（非公式）"
    version: ClassVar[str] = "1.0.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[GameOptions]] = RugbyOptions
    deck_dir: ClassVar[Path | None] = HERE / "decks"
    browser_module: ClassVar[Path | None] = HERE / "web" / "wcrugby.js"
    presentation_class = RugbyPresentation
    hints_class = RugbyHints
    deck_layout: ClassVar[DeckLayout] = DeckLayout({"deck": MANY})
    options: RugbyOptions

    def __init__(self, options: GameOptions) -> None:
        assert isinstance(options, RugbyOptions)
        super().__init__(options)
        self._pool = game_card_pool(HERE, self.card_files(), ADAPTER)
        self.tables: CardTables = compile_tables(self._pool)
        self.codec = Codec(len(self._pool), self.card_ids)
        self.special_defs = frozenset(i for i, k in enumerate(self.tables.kind) if k == SPECIAL)
        self.hot = HotTables.of(self)
        self._startable: dict[tuple[int, ...], bool] = {}

    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        return zone_specs(2)

    @property
    def card_pool(self) -> CardPool[RugbyCard]:
        """The card definitions."""
        return self._pool

    def num_distinct_actions(self) -> int:
        """11 fixed actions plus 24 per card definition (see actions.py)."""
        return self.codec.size

    @property
    def max_game_length(self) -> int:
        """Periods times the most decisions one period can take."""
        periods = 4 + self.options.max_overtime
        return 2 + periods * 2 * (12 + 4 * DECK_SIZE)

    def observation_values(self) -> Mapping[str, Collection[str]]:
        """The observation's one string field: the phase."""
        return {"phase": PHASES}

    # ----- decks ------------------------------------------------------------------------
    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """WR-1.1 exactly 30 cards; WR-1.2 four players who can start together."""
        problems = []
        size = deck.size("deck")
        if size != DECK_SIZE:
            problems.append(
                DeckProblem(
                    "WR-1.1",
                    reason(N_("a deck has exactly 30 cards; this one has {size}"), size=size),
                )
            )
        index = self.card_pool.index
        players = sorted({index[c] for c in deck.sections.get("deck", {})} & self._player_defs)
        if not self._can_start(tuple(players)):
            problems.append(
                DeckProblem(
                    "WR-1.2",
                    N_(
                        "the deck needs 4 players of different names who fit the class-point "
                        "limit together, to start a game"
                    ),
                )
            )
        return problems

    def _can_start(self, players: tuple[int, ...]) -> bool:
        """Whether some 4 of these player definitions may be on court together (WR-1.2);
        remembered, as every new game checks both decks."""
        known = self._startable.get(players)
        if known is None:
            fit = self.hot.lineup.ok  # lineup_problem(...) == "", as arithmetic
            known = self._startable[players] = any(fit(four) for four in combinations(players, 4))
        return known

    @cached_property
    def _player_defs(self) -> set[int]:
        return {i for i, k in enumerate(self.tables.kind) if k == PLAYER}

    # ----- states -----------------------------------------------------------------------
    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> RugbyState:
        """WR-3.1: each team looks through its deck to choose its starting lineup."""
        decks = self.checked_decks(decks)
        st = RugbyState.__new__(RugbyState)
        st._init_base(self, seed)
        st._init_fields()
        index = self.card_pool.index
        cards: list[int] = []
        for team, deck in enumerate(decks):
            first = len(cards)
            cards += [index[c] for c in deck.cards("deck")]
            st.zones[tbase(team) + POOL] = tuple(range(first, len(cards)))
        st.cards = tuple(cards)
        return st

    def action_to_string(self, action: int) -> str:
        """See actions.py for the notation."""
        return self.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse the notation of actions.py (or a plain integer)."""
        return self.codec.parse(text, self.card_pool.index)
