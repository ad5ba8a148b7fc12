"""The Raw Deal game: options, cards, deck rules, action codec and new states."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Literal, NamedTuple

from pydantic import Field, model_validator

from cardtable.core.cards import CardPool, game_card_pool
from cardtable.core.decks import (
    MANY,
    OPTIONAL_MANY,
    OPTIONAL_SINGLE,
    SINGLE,
    Deck,
    DeckLayout,
    DeckProblem,
)
from cardtable.core.game import Game, GameOptions
from cardtable.core.zones import ZoneSpec

from .actions import AS, Codec
from .cards import ADAPTER, RawDealCard, check_pool
from .hints import RawDealHints
from .importer import RawDealImporter
from .match import ENDINGS, MATCHES, NO_WINNER, PHASES, TEAMS
from .prematch import first_tied_from
from .presentation import RawDealPresentation
from .rules import HotTables, RawDealState
from .tables import PREMATCH_CARD, CardTables, compile_tables
from .zones import ARSENAL, BACKLASH, BACKSTAGE, pbase, zone_specs

HERE = Path(__file__).parent

ARSENAL_SIZE = 60
SECTIONS = ("superstar", "enforcer", "backlash", "arsenal")
DECK_CACHE_SIZE = 256  # decks whose checks and card definitions are kept


class DeckFacts(NamedTuple):
    """What a new game needs of a deck, worked out once: the rules it breaks and, when it
    breaks none, the card definitions of each section in deck order. ``sections`` is a copy
    of the deck's, to notice a deck changed since."""

    deck: Deck
    sections: Mapping[str, Mapping[str, int]]
    problems: tuple[DeckProblem, ...]
    defs: Mapping[str, tuple[int, ...]]


class RawDealOptions(GameOptions):
    """Options of Raw Deal; the defaults follow the seed (docs/rules/rawdeal.md)."""

    players: int = Field(2, ge=2, le=4, description="2 to 4 players")
    match: Literal["free-for-all", "tag"] = Field(
        "free-for-all",
        description="every player for themselves, each card aimed at one opponent (with 2 "
        "players: the singles match); or a 2-on-2 tag team match (4 players: seats 0 and 2 "
        "against 1 and 3)",
    )
    backlash: Literal["seed", "classic", "revolution"] = Field(
        "seed",
        description="Backlash deck limits: the seed's 16 (8 Pre-match + 8 Mid-match), the "
        "classic 10 + 10, or the Revolution 6 + 6",
    )
    prematch_limit: int = Field(
        3, ge=0, le=10, description="Pre-match cards per player (classic: 5)"
    )
    midmatch_limit: int = Field(5, ge=0, le=20, description="Mid-match cards in a Ring at once")
    pinfall: Literal["seed", "official"] = Field(
        "seed",
        description="pinned when damage is at least the Arsenal left, never by one's own cost "
        "(seed), or only when a card must be overturned and none is left (official rule book)",
    )
    overturned_text: Literal["seed", "official"] = Field(
        "seed",
        description="a reversal overturned from the Arsenal only cuts off the damage and "
        "applies no effect, even on a card worded to work when overturned (seed); or cards "
        "with effects_when_overturned or overturned_only apply their reversal effects when "
        "overturned (official rule book)",
    )
    reversal_window: Literal["always", "when_able"] = Field(
        "always",
        description="after every card that a reversal of the card set could answer, judged "
        "by what everyone sees, the defender is asked, holding a fitting reversal or not "
        "(always: the window tells nobody about the hand); or only when the defender holds "
        "one (when_able: faster, but the window shows everyone that the hand holds one)",
    )
    double_countout: Literal["draw", "double-loss"] = Field(
        "draw", description="both players counted out at once: a draw, or both lose (FAQ)"
    )
    max_turns: int = Field(300, ge=1, le=10_000, description="turns before the game is a draw")
    shuffle: Literal["random", "none"] = Field(
        "random",
        description="each Arsenal shuffled (random); or dealt in the order its deck file lists "
        "it, first listed on top (none: to replay a game played at a table, RD-2.2)",
    )
    tie_first: Literal["random", "p0", "p1", "p2", "p3"] = Field(
        "random",
        description="who starts the Pre-match, and so takes the first turn, on a tie of "
        "Superstar Values: drawn at random from the game's seed, or that seat (or the next "
        "tied seat after it; to replay a game played at a table, RD-2.3)",
    )

    @model_validator(mode="after")
    def _tag_needs_four(self) -> RawDealOptions:
        if self.match == "tag" and self.players != 4:
            raise ValueError(f"a tag team match needs players=4, not {self.players}")
        return self

    @model_validator(mode="after")
    def _tie_seat_plays(self) -> RawDealOptions:
        if self.tie_first != "random" and int(self.tie_first[1:]) >= self.players:
            raise ValueError(
                f"option 'tie_first': seat {self.tie_first} is not in a game of "
                f"{self.players} players"
            )
        return self


CLASSIC: Mapping[str, Any] = {
    "backlash": "classic",
    "prematch_limit": 5,
    "pinfall": "official",
    "overturned_text": "official",
}
"""``preset=classic``: the options where the rule book (RB17) differs from the seed's
defaults; docs/rules/rawdeal.md lists them with their rules."""


class RawDealGame(Game):
    """WWE Raw Deal: a wrestling card game of reversals and Fortitude."""

    name: ClassVar[str] = "rawdeal"
    title: ClassVar[str] = "Raw Deal (wrestling card game)"
    title_ja: ClassVar[str] = "Raw Deal（プロレスのカードゲーム）"
    version: ClassVar[str] = "0.1.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[GameOptions]] = RawDealOptions
    deck_dir: ClassVar[Path | None] = HERE / "decks"
    browser_module: ClassVar[Path | None] = HERE / "web" / "rawdeal.js"
    presentation_class = RawDealPresentation
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"classic": CLASSIC}
    hints_class = RawDealHints
    importer_class = RawDealImporter
    deck_layout: ClassVar[DeckLayout] = DeckLayout(
        {
            "superstar": SINGLE,
            "enforcer": OPTIONAL_SINGLE,
            "arsenal": MANY,
            "backlash": OPTIONAL_MANY,
        }
    )
    options: RawDealOptions

    def __init__(self, options: GameOptions) -> None:
        assert isinstance(options, RawDealOptions)
        super().__init__(options)
        pool = game_card_pool(HERE, self.card_files(), ADAPTER, check_pool)
        self._pool = pool
        self.tables: CardTables = compile_tables(pool)
        prematch = frozenset(i for i, k in enumerate(self.tables.kind) if k == PREMATCH_CARD)
        self.codec = Codec(len(pool), self.card_ids, prematch)
        self.hot = HotTables.of(self)
        self._deck_facts: dict[int, DeckFacts] = {}  # by id() of the deck

    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        return zone_specs(self.num_players)

    @property
    def card_pool(self) -> CardPool[RawDealCard]:
        """The card definitions."""
        return self._pool

    def unenforced_text(self, card_id: str) -> tuple[str, ...]:
        """The sentences of an imported card's text the rules do not enforce."""
        return self.card_pool.get(card_id).unenforced

    def num_distinct_actions(self) -> int:
        """6 fixed actions, 6 per card definition, 4 targets and the tag (see actions.py)."""
        return self.codec.size

    @property
    def max_game_length(self) -> int:
        """Turns times the most decisions one turn can take, plus the Pre-match."""
        n = self.num_players
        return n * 30 + self.options.max_turns * 2 * (ARSENAL_SIZE + 30)

    def observation_values(self) -> Mapping[str, Collection[str | int]]:
        """The observation's words: the kind of match, the phase, what the card being played
        is played as, how the match ended; and the winner, a team or no one in a tag team
        match (in a free-for-all it is a seat, or no one: numbers and words, undeclared); the
        seats that can be eliminated."""
        values: dict[str, Collection[str | int]] = {
            "match": MATCHES,
            "phase": PHASES,
            "playing.as": AS,
            "ended": ENDINGS,
            "eliminated[]": range(self.num_players),
        }
        if self.options.match == "tag":
            values["winner"] = (*TEAMS, *NO_WINNER.values())
        return values

    # ----- decks ------------------------------------------------------------------------
    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """RD-1: every construction rule the deck breaks."""
        return list(self.deck_facts(deck).problems)

    def deck_facts(self, deck: Deck) -> DeckFacts:
        """A deck's DeckFacts, worked out again only for a deck not seen before or changed
        since (the last DECK_CACHE_SIZE decks are kept)."""
        facts = self._deck_facts.get(id(deck))
        if facts is not None and facts.deck is deck and facts.sections == deck.sections:
            return facts
        from .construction import check

        problems = tuple(check(self, deck))
        index = self.card_pool.index
        defs = (
            {}
            if problems
            else {section: tuple(index[c] for c in deck.cards(section)) for section in SECTIONS}
        )
        if len(self._deck_facts) >= DECK_CACHE_SIZE:
            self._deck_facts.clear()
        sections = {section: dict(counts) for section, counts in deck.sections.items()}
        facts = self._deck_facts[id(deck)] = DeckFacts(deck, sections, problems, defs)
        return facts

    # ----- states -----------------------------------------------------------------------
    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> RawDealState:
        """RD-2: Superstars and Enforcers out, Arsenals shuffled, hands drawn, then the
        Pre-match from the higher Superstar Value."""
        decks = self.checked_decks(decks)
        st = RawDealState.__new__(RawDealState)
        st._init_base(self, seed)
        st._init_fields()
        cards: list[int] = []
        for p, deck in enumerate(decks):
            b = pbase(p)
            defs = self.deck_facts(deck).defs
            for section, zone in (
                ("superstar", BACKSTAGE),
                ("enforcer", BACKSTAGE),
                ("backlash", BACKLASH),
            ):
                st.zones[b + zone] += tuple(range(len(cards), len(cards) + len(defs[section])))
                cards += defs[section]
            first = len(cards)
            cards += defs["arsenal"]
            st.zones[b + ARSENAL] = self._arsenal(st, range(first, len(cards)))
        st.cards = tuple(cards)
        st._cache_abilities()
        t = self.tables
        for p in range(len(decks)):
            size = sum(t.hand_size[cards[c]] for c in st.zones[pbase(p) + BACKSTAGE])
            st._draw(p, size, None)
        values = [st.superstar_value(p) for p in range(len(decks))]
        st.tp = self._prematch_starter(st, [p for p, v in enumerate(values) if v == max(values)])
        st.next_prematch(st.tp, None)
        return st

    def _arsenal(self, st: RawDealState, cards: range) -> tuple[int, ...]:
        """RD-2.2: an Arsenal shuffled, or with ``shuffle=none`` in deck order, the first
        card of the deck on top (the end of the zone's tuple)."""
        if self.options.shuffle == "none":
            return tuple(reversed(cards))
        return st.rng.shuffled(cards)

    def _prematch_starter(self, st: RawDealState, top: list[int]) -> int:
        """RD-2.3: the player with the higher Superstar Value; on a tie drawn from the seed,
        or with ``tie_first=pN`` seat N, else the next tied seat after it."""
        if len(top) == 1:
            return top[0]
        if self.options.tie_first == "random":
            return top[st.rng.below(len(top))]
        return first_tied_from(top, int(self.options.tie_first[1:]), self.num_players)

    def action_to_string(self, action: int) -> str:
        """See actions.py for the notation."""
        return self.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse the notation of actions.py (or a plain integer)."""
        return self.codec.parse(text, self.card_pool.index)
