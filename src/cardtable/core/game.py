"""The Game protocol: a game's fixed facts, options, cards, decks and action codec."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from cardtable.core.cards import CardPool
from cardtable.core.decks import Deck, DeckLayout, DeckProblem, deck_from_data, load_deck_file
from cardtable.core.errors import CardFileError, IllegalDeckError
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
    """A game with fixed options. Subclasses set the class attributes and hooks."""

    name: ClassVar[str]
    title: ClassVar[str]
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
    #: Simulations per decision that a search agent (``ismcts``) runs when its spec sets no
    #: budget: enough to play this game well within about a second on one core.
    search_iterations: ClassVar[int] = 200
    #: At most this many decisions played (tree and rollout together) in the simulations of
    #: one ``ismcts`` decision when its spec sets no budget (``None``: no cap): a cap on the
    #: time of the dearest decisions, whose simulations run longest.
    search_steps: ClassVar[int | None] = None
    #: The UCB1 exploration constant of ``ismcts`` (results scaled to 0..1) when its spec
    #: sets no ``c``.
    search_exploration: ClassVar[float] = 0.7
    #: How ``ismcts`` shares its simulations among the root actions when its spec sets no
    #: ``root``: ``"ucb"`` (UCB1, the usual tree policy), ``"paired"`` (every legal action
    #: in turn on the same sampled state and the same rollout seed, so that they are compared
    #: on common random numbers) or ``"halving"`` (paired, with the budget in phases after
    #: each of which the half of the actions with the lower means drop out).
    search_root: ClassVar[str] = "ucb"

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

    def card_name(self, card_id: object) -> str | None:
        """The name of a card id of this game, or ``None`` for no card (``None``, as in an
        event view of a hidden card) or an unknown id."""
        if isinstance(card_id, str) and card_id in self.card_pool.index:
            return str(self.card_pool.get(card_id).name)
        return None

    @cached_property
    def card_ids(self) -> tuple[str, ...]:
        """Card id by pool index."""
        return tuple(c.id for c in self.card_pool.cards)

    @cached_property
    def card_kinds(self) -> tuple[str, ...]:
        """Card kind (type) by pool index."""
        return tuple(c.type for c in self.card_pool.cards)

    @cached_property
    def _starters(self) -> dict[str, Deck]:
        folder = self.deck_dir
        if folder is None:
            return {}
        return {p.stem: self.load_deck(p) for p in sorted(folder.glob("*.yaml"))}

    def starter_decks(self) -> dict[str, Deck]:
        """The decks shipped with the game (``deck_dir/*.yaml``), by file stem."""
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
        """A deck by starter name (file stem) or by path to a deck file."""
        starters = self.starter_decks()
        if spec in starters:
            return starters[spec]
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

    def balance_zones(self) -> dict[str, tuple[int, ...]]:
        """Zones whose entries a balance report counts per card, by label, for a notion the
        generic report cannot derive (wcrugby: ``{"on court": <the court zones>}``): a card
        counts for a label in a game when it entered one of its zones. Default: none. Read
        only by ``sim`` (``cardtable balance``), never by the rules."""
        return {}

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

    # ----- for people and agents ---------------------------------------------------------
    @abstractmethod
    def rules_sheet(self) -> list[tuple[str, str]]:
        """Sections of a short rules sheet: (heading, text)."""

    @abstractmethod
    def render(self, observation: dict[str, Any]) -> str:
        """Draw an observation as text with rich markup."""

    @abstractmethod
    def describe_card(self, card_id: str) -> str:
        """One line describing a card (stats and text), with rich markup."""

    def describe_event(self, view: dict[str, Any], viewer: int | None) -> str | None:
        """An event view in plain words for a log people read, or ``None`` to leave it to the
        generic text of ``cardtable.eventlog``. Default: ``None``.

        ``view`` is exactly what ``state.event_view(event, viewer)`` gives ``viewer`` (``None``:
        a spectator), and the words must come from it alone: a move whose ``card`` is ``None``
        names no card, nor anything derived from the card, so nothing hidden can leak through
        the words. Card names come from ``card_pool``; zone keys, data keys and ``k=v`` pairs
        should not appear raw. Plain text, no markup, no trailing full stop."""
        return None

    def zone_label(self, key: str) -> str | None:
        """A zone key in the game's own words for logs (``p0.ringside``: ``P0's Ringside
        pile``), or ``None`` for the generic label of ``cardtable.eventlog``. Default:
        ``None``."""
        return None

    @abstractmethod
    def heuristic_values(self, observation: dict[str, Any], legal: list[int]) -> list[float]:
        """A value for each legal action from this game's knowledge, using the observation only.
        Higher is better; used by the greedy agent and as a rollout policy."""

    def rollout_values(self, state: State, player: int, legal: list[int]) -> list[float]:
        """``heuristic_values`` of ``player``'s observation of ``state``: what search agents
        call in their rollouts and expansions, on sampled states. A game may override it to
        read the same facts straight from the state, without building the observation, as
        long as it returns exactly the same values (the conformance suite checks that it
        does)."""
        return self.heuristic_values(state.observation(player), legal)

    def evaluate(self, state: State) -> list[float] | None:
        """An estimate of ``state.returns()`` for an unfinished state, one value per player
        within ``min_return()..max_return()``, or ``None`` when the game has no evaluation
        (the default). Search agents call it on a sampled state where they stop a playout
        early; like ``returns``, it may use the whole state it is given."""
        return None
