"""The Shaman King game: options, cards, deck rules and new states."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import ClassVar, Literal, NamedTuple

from pydantic import Field

from cardtable.core.cards import CardPool, game_card_pool
from cardtable.core.decks import MANY, SINGLE, Deck, DeckLayout, DeckProblem
from cardtable.core.game import Game, GameOptions
from cardtable.core.i18n import N_, reason
from cardtable.core.zones import ZoneSpec

from . import actions
from .cards import ADAPTER, ZONES, SKCard
from .fields import ATTACK_MOVES, PHASES, SIDES
from .hints import SKHints
from .presentation import SKPresentation
from .rules import HotTables, SKState
from .tables import STRIKE, CardTables, compile_tables
from .zones import DECK, DISCARD, FURYOKU, SHAMAN, pbase, zone_specs

HERE = Path(__file__).parent

MIN_DECK = 60
MAX_COPIES = 4


class SKOptions(GameOptions):
    """Options of Shaman King; the defaults follow the seed and the notes' proposals."""

    players: int = Field(2, description="two players")
    target_points: int = Field(3, ge=1, le=10, description="points that win")
    focus: bool = Field(True, description="a flipped card may be focused into furyoku")
    signature_turn: Literal["next-cleanup", "on-use"] = Field(
        "next-cleanup",
        description="the Shaman turns over (and its other Signature becomes the next one) at "
        "the next cleanup, or as soon as the Signature is used",
    )
    trait_mismatch: Literal["no-effect", "unplayable"] = Field(
        "no-effect",
        description="a card whose trait does not match the Shaman's: played without its text, "
        "or not playable at all",
    )
    opening_after_point: Literal["scored-on-sends", "scorer-sends", "first-player-sends"] = Field(
        "scored-on-sends",
        description="who sends the Opening Attack after a point: the player scored on, the "
        "scorer, or whoever sent the first one",
    )
    immediate_charge: bool = Field(
        True,
        description="an immediate Advantage (never placed) charges its zone too, as every "
        "Advantage used does; false: only a placed one charges",
    )
    payment: Literal["any-zone", "flip-zone"] = Field(
        "any-zone",
        description="costs are paid from the furyoku of every zone by colour, or only from the "
        "zone where the card was flipped",
    )
    max_turns: int = Field(500, ge=1, le=10_000, description="turns before the game is a draw")


class CardLayout(NamedTuple):
    """The card instances of a new game: their definitions, and per player the instance of
    their Shaman and the range of the instances of their deck."""

    cards: tuple[int, ...]
    players: tuple[tuple[int, int, int], ...]


class SKGame(Game):
    """Shaman King TCG: no hand; flips into three furyoku zones; strikes and counterattacks."""

    name: ClassVar[str] = "shamanking"
    title: ClassVar[str] = "Shaman King Trading Card Game"
    title_ja: ClassVar[str] = "シャーマンキング トレーディングカードゲーム"
    version: ClassVar[str] = "0.1.0"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[GameOptions]] = SKOptions
    deck_dir: ClassVar[Path | None] = HERE / "decks"
    browser_module: ClassVar[Path | None] = HERE / "web" / "shamanking.js"
    presentation_class = SKPresentation
    hints_class = SKHints
    deck_layout: ClassVar[DeckLayout] = DeckLayout({"shaman": SINGLE, "deck": MANY})
    options: SKOptions

    def __init__(self, options: GameOptions) -> None:
        assert isinstance(options, SKOptions)
        super().__init__(options)
        pool = game_card_pool(HERE, self.card_files(), ADAPTER)
        self._pool = pool
        self.tables: CardTables = compile_tables(pool)
        self.hot = HotTables.of(options)
        t = self.tables
        # per card: its Force if it is a Strike, else 0 (the opening comparison, SK-2.4)
        self._strike_force = tuple(
            f if k == STRIKE else 0 for f, k in zip(t.force, t.kind, strict=True)
        )

    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        return zone_specs(2)

    @property
    def card_pool(self) -> CardPool[SKCard]:
        """The card definitions."""
        return self._pool

    def num_distinct_actions(self) -> int:
        """Eight actions (see actions.py)."""
        return len(actions.NAMES)

    @property
    def max_game_length(self) -> int:
        """Turns times the most decisions one turn can take."""
        return 2 + self.options.max_turns * (2 + 3 * (1 + 2 * 2))

    def observation_values(self) -> Mapping[str, Collection[str]]:
        """The observation's words: the phase, the zone of the turn, the zones charged, the
        Shamans' sides, and the attack: any Strike of the pool (sent back), the Opening
        Attack or a Signature Move."""
        kinds = zip(self.card_ids, self.tables.kind, strict=True)
        strikes = [cid for cid, k in kinds if k == STRIKE]
        return {
            "phase": PHASES,
            "zone": ZONES,
            "charges[][]": ZONES,
            "shaman_side[]": SIDES,
            "attack": (*strikes, *ATTACK_MOVES.values()),
        }

    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """SK-1: 60+ cards, at most 4 of a card, no Shaman inside, one Shaman beside it."""
        pool = self.card_pool
        out = []
        shaman = list(deck.sections.get("shaman", {}))
        if not shaman or pool.get(shaman[0]).type != "shaman":
            out.append(DeckProblem("SK-1.4", N_("the 'shaman' section must name a Shaman card")))
        cards = deck.sections.get("deck", {})
        size = sum(cards.values())
        if size < MIN_DECK:
            out.append(
                DeckProblem(
                    "SK-1.1",
                    reason(N_("a deck has 60 or more cards; this one has {size}"), size=size),
                )
            )
        for cid, n in cards.items():
            if pool.get(cid).type == "shaman":
                out.append(
                    DeckProblem(
                        "SK-1.3",
                        reason(N_("'{card}' is a Shaman card; it stays out of the deck"), card=cid),
                    )
                )
            if n > MAX_COPIES:
                out.append(
                    DeckProblem(
                        "SK-1.2", reason(N_("{n} copies of '{card}'; at most 4"), n=n, card=cid)
                    )
                )
        return out

    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> SKState:
        """SK-2: Shamans out, decks shuffled, 2 furyoku in each zone, 4 cards to the discard
        pile; the higher total Force chooses who sends the Opening Attack (ties: one card more
        each, until the totals differ)."""
        layout = self._default_layout if decks is None else self._layout(decks)
        st = SKState.__new__(SKState)
        st._init_base(self, seed)
        st._init_fields()
        st.cards = layout.cards
        zones = st.zones
        for p, (shaman, first, end) in enumerate(layout.players):
            b = pbase(p)
            zones[b + SHAMAN] = (shaman,)
            deck = st.rng.shuffled(range(first, end))
            for z in range(3):
                zones[b + FURYOKU + z] = deck[-2 * z - 2 : len(deck) - 2 * z]
                st.fog[3 * p + z] = 2
            zones[b + DISCARD] = deck[-7:-11:-1]
            zones[b + DECK] = deck[:-10]
        st.chooser = self._opening_chooser(st)
        return st

    @cached_property
    def _default_layout(self) -> CardLayout:
        return self._layout(None)

    def _layout(self, decks: Sequence[Deck] | None) -> CardLayout:
        """The card instances of a new game with ``decks`` (checked; ``None``: the default
        decks): each player's Shaman, then their deck."""
        index = self.card_pool.index
        cards: list[int] = []
        players = []
        for deck in self.checked_decks(decks):
            shaman = len(cards)
            cards.append(index[deck.cards("shaman")[0]])
            cards += [index[c] for c in deck.cards("deck")]
            players.append((shaman, shaman + 1, len(cards)))
        return CardLayout(tuple(cards), tuple(players))

    def _opening_chooser(self, st: SKState) -> int:
        """SK-2.4: compare the Force in the discard piles; on a tie each sends one more card.
        A deck this empties is rebuilt at once (SK-8.1); if the totals are still equal then,
        the chooser is drawn at random."""
        diff = self._force_total(st, 0) - self._force_total(st, 1)
        while diff == 0:
            for p in (0, 1):
                b = pbase(p)
                st.zones[b + DISCARD] += (st.zones[b + DECK][-1],)
                st.zones[b + DECK] = st.zones[b + DECK][:-1]
            diff = self._force_total(st, 0) - self._force_total(st, 1)
            emptied = [p for p in (0, 1) if not st.zones[pbase(p) + DECK]]
            for p in emptied:
                st.rebuild_deck(p, [])
            if emptied and diff == 0:
                return st.rng.below(2)
        return 0 if diff > 0 else 1

    def _force_total(self, st: SKState, p: int) -> int:
        """The total Force of the Strikes in a player's discard pile (SK-2.4)."""
        force = self._strike_force
        cards = st.cards
        return sum([force[cards[c]] for c in st.zones[pbase(p) + DISCARD]])

    def action_to_string(self, action: int) -> str:
        """See actions.py."""
        return actions.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse the notation of actions.py (or a plain integer)."""
        return actions.parse(text)
