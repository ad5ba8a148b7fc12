"""The Looney Tunes game: options, cards, decks, action codec and new states."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import ClassVar, Literal

from pydantic import Field

from cardtable.core.cards import CardPool, game_card_pool
from cardtable.core.decks import MANY, Deck, DeckLayout, DeckProblem
from cardtable.core.game import Game, GameOptions
from cardtable.core.i18n import N_, reason
from cardtable.core.zones import ZoneSpec

from .actions import SLOTS, Codec
from .base import PHASES
from .cards import ADAPTER, COLORS, CardTables, LooneyCard, check_pool, compile_tables
from .hints import LooneyHints
from .presentation import LooneyPresentation
from .rules import HotTables, LooneyState
from .zones import DECK, HAND, MOVIE_DECK, pbase, zone_specs

HERE = Path(__file__).parent

MIN_DECK = 6
MAX_DECK = 60


class LooneyOptions(GameOptions):
    """Options of Looney Tunes; the defaults follow the seed (docs/rules/looney.md)."""

    players: int = Field(2, description="number of players, 2 to 4")
    target_points: int = Field(40, ge=1, le=500, description="points that win the game")
    hand_size: int = Field(6, ge=1, le=20, description="the hand is drawn up to this size")
    role_limit: Literal["once", "unlimited", "when-stuck"] = Field(
        "once", description="how often a player may play a Role in one placement"
    )
    refill: Literal["one-source", "mix"] = Field(
        "one-source",
        description="one storyboard refill comes from one source, or each scene from either",
    )
    placement_method: Literal["mixed", "one"] = Field(
        "mixed",
        description="a placement may mix actors from the hand and Roles, or use one method",
    )
    unique_scope: Literal["side", "scene"] = Field(
        "side", description="one actor of a character on your whole side, or per scene"
    )
    answer_method: Literal["any", "same"] = Field(
        "any", description="answering players may use any method, or only the round player's"
    )
    answer_elimination: Literal["none-placed", "scene-uncovered"] = Field(
        "none-placed",
        description="an answering player is eliminated when they place nothing, or when a "
        "used scene stays uncovered",
    )
    mixed_group_color: Literal["none", "any"] = Field(
        "none", description="a mixed-colour group has no colour, or matches any of its colours"
    )
    overact_all: Literal["compare", "nobody"] = Field(
        "compare", description="when every side overacts: compare as usual, or nobody wins"
    )
    personal_deck_out: Literal["continue", "reshuffle"] = Field(
        "continue", description="an empty personal deck: play on without it, or reshuffle"
    )
    target_check: Literal["scene", "round"] = Field(
        "scene",
        description="the target is checked after each scene (the first to reach it wins), or "
        "after the round's scoring (the highest total wins)",
    )
    max_rounds: int = Field(
        200, ge=1, le=10_000, description="rounds before the game ends on points"
    )


class LooneyGame(Game):
    """Looney Tunes TCG: actors steal scenes of a shared storyboard."""

    name: ClassVar[str] = "looney"
    title: ClassVar[str] = "Looney Tunes Trading Card Game"
    title_ja: ClassVar[str] = "ルーニー・テューンズ トレーディングカードゲーム"
    version: ClassVar[str] = "1.0.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[GameOptions]] = LooneyOptions
    deck_dir: ClassVar[Path | None] = HERE / "decks"
    browser_module: ClassVar[Path | None] = HERE / "web" / "looney.js"
    presentation_class = LooneyPresentation
    hints_class = LooneyHints
    deck_layout: ClassVar[DeckLayout] = DeckLayout({"personal": MANY})
    options: LooneyOptions

    def __init__(self, options: GameOptions) -> None:
        assert isinstance(options, LooneyOptions)
        super().__init__(options)
        self._pool = game_card_pool(HERE, self.card_files(), ADAPTER, check_pool)
        self.tables: CardTables = compile_tables(self._pool)
        personal_ids = tuple(self.card_ids[d] for d in self.tables.personal_defs)
        self.codec = Codec(len(personal_ids), personal_ids)
        self.personal_index = {cid: i for i, cid in enumerate(personal_ids)}
        self.hot = HotTables.of(self)

    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        return zone_specs(self.options.players)

    @property
    def card_pool(self) -> CardPool[LooneyCard]:
        """The card definitions (the shipped set unless another pool was given)."""
        return self._pool

    def num_distinct_actions(self) -> int:
        """11 fixed actions plus 10 per personal card definition (see actions.py)."""
        return self.codec.size

    @property
    def max_game_length(self) -> int:
        """Rounds times the most decisions one round can take."""
        per_player = 2 * MAX_DECK + 6
        return 1 + self.options.max_rounds * (SLOTS + per_player * self.num_players)

    def observation_values(self) -> Mapping[str, Collection[str | int]]:
        """The observation's one string field, the phase; and the seats that can be
        eliminated."""
        return {"phase": PHASES, "eliminated[]": range(self.num_players)}

    def color_name(self, color: int) -> str:
        """The name of a colour code."""
        return COLORS[color]

    # ----- decks ------------------------------------------------------------------------
    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """LT-1.1 size 6 to 60; LT-1.2 personal cards only."""
        problems = []
        size = deck.size("personal")
        if not MIN_DECK <= size <= MAX_DECK:
            problems.append(
                DeckProblem(
                    "LT-1.1",
                    reason(
                        N_(
                            "a personal deck has {low} to {high} cards (about 30); "
                            "this one has {size}"
                        ),
                        low=MIN_DECK,
                        high=MAX_DECK,
                        size=size,
                    ),
                )
            )
        for cid in deck.sections.get("personal", {}):
            if self.card_pool.get(cid).deck == "movie":
                problems.append(
                    DeckProblem(
                        "LT-1.2",
                        reason(N_("'{card}' is a Movie-deck scene, not a personal card"), card=cid),
                    )
                )
        return problems

    # ----- states -----------------------------------------------------------------------
    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> LooneyState:
        """LT-2: shuffle the Movie deck and each personal deck, deal 6 cards to each player,
        and pick at random who chooses the first player."""
        personal = self._default_personal if decks is None else self._personal(decks)
        st = LooneyState.__new__(LooneyState)
        st._init_base(self, seed)
        st._init_fields()
        cards = list(self.tables.movie)
        owner = [-1] * len(cards)
        st.zones[MOVIE_DECK] = st.rng.shuffled(range(len(cards)))
        for p, defs in enumerate(personal):
            first = len(cards)
            cards += defs
            owner += [p] * len(defs)
            st.zones[pbase(p) + DECK] = st.rng.shuffled(range(first, len(cards)))
        st.cards = tuple(cards)
        st.owner = tuple(owner)
        for p in range(self.num_players):
            b = pbase(p)
            k = min(self.options.hand_size, len(st.zones[b + DECK]))
            st.zones[b + HAND] = st.zones[b + DECK][-k:][::-1]
            st.zones[b + DECK] = st.zones[b + DECK][:-k]
        st.chooser = st.rng.below(self.num_players)
        return st

    def _personal(self, decks: Sequence[Deck] | None) -> tuple[tuple[int, ...], ...]:
        """Each player's personal deck (checked) as card definitions, in deck-file order."""
        index = self.card_pool.index
        return tuple(
            tuple(index[c] for c in deck.cards("personal")) for deck in self.checked_decks(decks)
        )

    @cached_property
    def _default_personal(self) -> tuple[tuple[int, ...], ...]:
        """``_personal`` of the default decks, worked out once."""
        return self._personal(None)

    def action_to_string(self, action: int) -> str:
        """See actions.py for the notation."""
        return self.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse the notation of actions.py (or a plain integer)."""
        return self.codec.parse(text, self.personal_index)
