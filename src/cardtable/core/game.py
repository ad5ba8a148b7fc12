"""The Game protocol: a game's rules contract (fixed facts, options, cards, decks, zones,
action codec and new states), and the two optional parts it declares: its presentation
(core/presentation.py) and its hints for agents (core/hints.py)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from cardtable.core.cards import CardPool
from cardtable.core.decks import Deck, DeckLayout, DeckProblem, deck_from_data, load_deck_file
from cardtable.core.errors import CardFileError, IllegalDeckError
from cardtable.core.hints import AgentHints
from cardtable.core.i18n import LANGS, Lang, Named, named
from cardtable.core.importer import CardImporter
from cardtable.core.presentation import Presentation
from cardtable.core.zones import ZoneSpec, visibility_table

if TYPE_CHECKING:
    from cardtable.core.state import State


class GameOptions(BaseModel):
    """Options every game takes; a game extends this with its own."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int = Field(2, description="number of players")
    cards: str | None = Field(
        None,
        description="a folder of card files (*.yaml), or one card file, to play with instead "
        "of the built-in card set",
    )


class Game(ABC):
    """A game with fixed options: the rules contract (identity, cards and decks, the action
    space, zones, new states). Subclasses set the class attributes and hooks, and name their
    optional parts: ``presentation_class`` (how the game reads to people) and
    ``hints_class`` (what agents know of it); see docs/protocol.md."""

    name: ClassVar[str]
    title: ClassVar[str]
    title_ja: ClassVar[str] = ""
    """The title in Japanese (``title_in``); "" shows ``title`` in every language."""
    version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]] = GameOptions
    deck_layout: ClassVar[DeckLayout] = DeckLayout()
    deck_dir: ClassVar[Path | None] = None
    #: The game's browser module (an ES module drawing its table; docs/adding-a-game.md),
    #: which the server sends as ``/games/<name>.js``; ``None``: the game has none.
    browser_module: ClassVar[Path | None] = None
    #: A small example game for contributors (Goofspiel): the lobby lists it after the others.
    example: ClassVar[bool] = False
    #: The game's presentation (docs/protocol.md): how it reads to people.
    presentation_class: ClassVar[type[Presentation]] = Presentation
    #: The game's hints for agents (docs/protocol.md), or ``None``: it gives none.
    hints_class: ClassVar[type[AgentHints] | None] = None
    #: The game's card importer (docs/protocol.md), or ``None``: it imports no other format.
    importer_class: ClassVar[type[CardImporter] | None] = None
    #: Named rules presets (docs/protocol.md): a name -> option values. The option
    #: ``preset=NAME`` (``load_game``, ``-o preset=NAME``) sets them; options given beside it
    #: override them.
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    def __init__(self, options: GameOptions) -> None:
        self.options = options
        self.zone_specs: tuple[ZoneSpec, ...] = self._zone_specs()
        self.zone_keys = {s.key: i for i, s in enumerate(self.zone_specs)}
        self.visibility = visibility_table(self.zone_specs, self.num_players)

    # ----- facts -------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """How many players this game is set up for."""
        return self.options.players

    @abstractmethod
    def num_distinct_actions(self) -> int:
        """The size of the fixed action space; every action is an int below it."""

    @property
    @abstractmethod
    def max_game_length(self) -> int:
        """An upper bound on the number of decisions in one game."""

    def min_return(self) -> float:
        """The lowest value ``returns()`` can give a player."""
        return -1.0

    def max_return(self) -> float:
        """The highest value ``returns()`` can give a player."""
        return 1.0

    def options_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready mapping."""
        return self.options.model_dump(mode="json")

    # ----- cards and decks ---------------------------------------------------------------
    @property
    @abstractmethod
    def card_pool(self) -> CardPool[Any]:
        """The game's card definitions."""

    @classmethod
    def title_in(cls, lang: Lang = "en") -> str:
        """The game's title in ``lang`` (``title_ja`` in Japanese when set, else ``title``)."""
        return (cls.title_ja or cls.title) if lang == "ja" else cls.title

    def card_name(self, card_id: object, lang: Lang = "en") -> str | None:
        """The name of a card id of this game in ``lang`` (its Japanese name when the card
        file gives one, else its name), or ``None`` for no card (``None``, as in an event
        view of a hidden card) or an unknown id."""
        if isinstance(card_id, str) and card_id in self.card_pool.index:
            card = self.card_pool.get(card_id)
            ja = getattr(card, "name_ja", "") if lang == "ja" else ""
            return str(ja or card.name)
        return None

    def named_card(self, card: str | int) -> Named:
        """A card (its id, or its index in the pool) by its name in every language, for a
        :class:`~cardtable.core.i18n.Reason` to name it in the language it is said in."""
        cid = self.card_ids[card] if isinstance(card, int) else card
        english = self.card_name(cid) or cid
        return named(english, **{lang: self.card_name(cid, lang) or english for lang in LANGS[1:]})

    def unenforced_text(self, card_id: str) -> tuple[str, ...]:
        """The sentences of a card's printed text that the rules do not enforce (an
        imported card whose text was not all read into rules); empty for a card whose every
        rule is enforced, as every card of a game's own card files."""
        return ()

    def unenforced_cards(self, decks: Sequence[Deck]) -> dict[str, tuple[str, ...]]:
        """The cards of ``decks`` whose text the rules do not all enforce
        (``unenforced_text``), by id in id order, with the sentences not enforced."""
        ids = {cid for deck in decks for counts in deck.sections.values() for cid in counts}
        found = {cid: self.unenforced_text(cid) for cid in sorted(ids)}
        return {cid: sentences for cid, sentences in found.items() if sentences}

    @cached_property
    def card_ids(self) -> tuple[str, ...]:
        """Card id by pool index."""
        return tuple(c.id for c in self.card_pool.cards)

    @cached_property
    def card_kinds(self) -> tuple[str, ...]:
        """Card kind (type) by pool index."""
        return tuple(c.type for c in self.card_pool.cards)

    @cached_property
    def starter_folder(self) -> Path | None:
        """Where the starter decks are: a card set's own ``decks`` folder when the ``cards``
        option names a folder that has one (``cardtable import`` writes it), else the
        game's ``deck_dir``."""
        cards = self.options.cards
        own = Path(cards) / "decks" if cards is not None else None
        if own is not None and own.is_dir() and any(own.glob("*.yaml")):
            return own
        return self.deck_dir

    @cached_property
    def _starters(self) -> dict[str, Deck]:
        folder = self.starter_folder
        if folder is None:
            return {}
        return {p.stem: self.load_deck(p) for p in sorted(folder.glob("*.yaml"))}

    def starter_decks(self) -> dict[str, Deck]:
        """The decks shipped with the game or its card set (``starter_folder``), by file
        stem."""
        return dict(self._starters)

    def default_decks(self) -> list[Deck]:
        """The decks used when ``new_initial_state`` gets ``decks=None``: player i gets the
        i-th starter deck in name order."""
        decks = list(self._starters.values())
        return [decks[i % len(decks)] for i in range(self.num_players)]

    def checked_decks(self, decks: Sequence[Deck] | None) -> Sequence[Deck]:
        """The decks for a new game (``None``: the default decks), one per player and each
        legal; raises IllegalDeckError naming the broken rules. The default decks are
        checked once per game object."""
        if decks is None:
            return self._default_decks_checked
        return self._check_decks(decks)

    @cached_property
    def _default_decks_checked(self) -> Sequence[Deck]:
        return tuple(self._check_decks(self.default_decks()))

    def _check_decks(self, decks: Sequence[Deck]) -> Sequence[Deck]:
        if len(decks) != self.num_players:
            raise IllegalDeckError(f"expected {self.num_players} decks, got {len(decks)}")
        for deck in decks:
            problems = self.check_deck(deck)
            if problems:
                raise IllegalDeckError(
                    f"deck '{deck.name}' is not legal: " + "; ".join(map(str, problems))
                )
        return decks

    @abstractmethod
    def check_deck(self, deck: Deck) -> list[DeckProblem]:
        """Every deck-construction rule the deck breaks (empty when it is legal)."""

    def load_deck(self, path: Path) -> Deck:
        """Load a deck file for this game (raises DeckFileError)."""
        return load_deck_file(path, self.name, self.deck_layout, self.card_pool.index)

    def deck_from_dict(self, data: Any, where: str = "deck") -> Deck:
        """Validate a deck given as data (the shape of a deck file)."""
        return deck_from_data(data, where, self.name, self.deck_layout, self.card_pool.index)

    def resolve_deck(self, spec: str) -> Deck:
        """A deck by starter name (file stem) or by path to a deck file. The starter decks
        are loaded only for a starter name, so that a deck file works with a card set the
        starters do not fit (``-o cards=DIR`` of imported cards)."""
        folder = self.starter_folder
        if folder is not None and spec in {p.stem for p in folder.glob("*.yaml")}:
            return self.starter_decks()[spec]
        return self.load_deck(Path(spec))

    def card_files(self) -> list[Path] | None:
        """The card files named by the ``cards`` option, or ``None`` for the built-in set;
        raises CardFileError when the path has none."""
        if self.options.cards is None:
            return None
        path = Path(self.options.cards)
        if path.is_dir():
            files = sorted(path.glob("*.yaml"))
            if not files:
                raise CardFileError(
                    f"{path}: no card files (*.yaml) in this folder (option 'cards')"
                )
            return files
        if path.is_file():
            return [path]
        raise CardFileError(f"{path}: no such file or folder (option 'cards')")

    # ----- states and actions ------------------------------------------------------------
    @abstractmethod
    def _zone_specs(self) -> tuple[ZoneSpec, ...]:
        """Declare every zone of the game for this number of players."""

    @abstractmethod
    def new_initial_state(self, seed: int = 0, decks: Sequence[Deck] | None = None) -> State:
        """A new game, shuffled by ``seed``; ``decks=None`` uses the default decks."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The notation of an action."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Parse notation (or a plain integer) into an action; does not check legality.
        Raises ActionNotationError for anything that is not an action of the game: text
        that cannot be read, an unknown card id, a number out of range, a non-str."""

    # ----- observations ------------------------------------------------------------------
    def observation_values(self) -> Mapping[str, Collection[str | int]]:
        """Every value each field of the observation (``_public_view``) whose values are
        words or seats can hold, by the field's path; read by the tensor layout
        (``cardtable.rl``), whose one-hot of a string field is over these values plus any seen
        in its sample games, and whose counts of a list of whole numbers (a set of seats) run
        over their range, so that the layout does not depend on what the samples reached.

        A path is the field's keys joined by dots (``phase``, ``playing.as``), ``[]`` after a
        key for the elements of the list it holds (``shaman_side[]``: every seat's entry;
        ``charges[][]``: the elements of every seat's list). Declare every field that holds
        strings other than card ids (phases, how the game ended, ...), and the elements of
        every list of seats (``eliminated[]``: ``range(self.num_players)``); a field of card
        ids needs nothing. A path whose field holds something other than what is declared (a
        number where strings are declared, a dict) is an error the layout raises. Default:
        nothing declared."""
        return {}

    # ----- the optional parts ------------------------------------------------------------
    @cached_property
    def presentation(self) -> Presentation:
        """The game's presentation part, built once per game object."""
        return self.presentation_class(self)

    @cached_property
    def hints(self) -> AgentHints | None:
        """The game's hints for agents, built once per game object; ``None`` when the game
        gives none (``hints_class`` is ``None``)."""
        return None if self.hints_class is None else self.hints_class(self)

    @cached_property
    def importer(self) -> CardImporter:
        """The game's card importer, built once per game object; the base
        :class:`CardImporter` (which imports nothing) when ``importer_class`` is ``None``."""
        return (self.importer_class or CardImporter)(self)
