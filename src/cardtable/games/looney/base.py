"""The fields of a Looney Tunes game in progress, and the values they take.

``LooneyBase`` declares every field of the state (its ``__slots__``), starts them (LT-2.3:
everyone on 0 points), copies them, and pins them for scenarios. The parts of the rules are
a chain over it, each extending the one below (moves.py, end.py, answering.py, placement.py,
storyboard.py), and ``LooneyState`` in rules.py is the top; the methods one part calls in
another above it are declared here. (One line of classes, not mixins: mypyc compiles no
multiple inheritance, docs/performance.md.)
"""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event
from cardtable.core.state import State

if TYPE_CHECKING:
    from .game import LooneyGame
    from .rules import HotTables

PH_FIRST, PH_STORY, PH_PLACE, PH_OVER = range(4)  # values of ``phase``
PHASES = ("choose-first", "storyboard", "placement", "over")
BY_MOVIE, BY_HAND = 1, 2  # storyboard refill sources (``refill_method``)
M_HAND, M_ROLE = 1, 2  # placement methods (bits of rp_methods and my_methods)
M_FAILED = 4  # bit of my_methods: a Role of this placement found no actor
DRAW = -2  # ``winner`` of a drawn game (-1 while it goes on)

HandKinds = tuple[tuple[int, ...], list[int], list[int], list[int], list[int]]
"""A hand and its distinct card definitions by kind: (the hand, then the scenes, actors,
special effects and locations), as ``CardMoves._hand_kinds`` keeps them."""
NO_HAND: HandKinds = ((), [], [], [], [])


Events = list[Event] | None
"""Where the parts put the events of an action; ``None`` for a ``push``, which wants none:
the parts test ``ev is not None`` before building one."""


class LooneyBase(State):
    """The fields of a game of Looney Tunes in progress (see rules.py for the whole state)."""

    __slots__ = (
        "actor",
        "chooser",
        "hands",
        "hot",
        "location_played",
        "my_methods",
        "n_placed",
        "out",
        "owner",
        "pending_effect",
        "phase",
        "refill_method",
        "role_used",
        "round_no",
        "rp",
        "rp_methods",
        "scores",
        "used",
        "winner",
    )

    game: LooneyGame
    owner: tuple[int, ...]
    hands: list[HandKinds]
    hot: HotTables

    def _init_fields(self) -> None:
        self.hot = self.game.hot
        self.phase = PH_FIRST
        self.chooser = 0
        self.rp = 0
        self.actor = 0
        self.used = 0
        self.pending_effect = -1
        self.role_used = False
        self.location_played = False
        self.refill_method = 0
        self.rp_methods = 0
        self.my_methods = 0
        self.n_placed = 0
        self.round_no = 0
        self.scores = [0] * self.game.num_players
        self.out = [False] * self.game.num_players
        self.winner = -1
        self.hands = [NO_HAND] * self.game.num_players

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, LooneyBase)
        other.owner = self.owner
        other.hot = self.hot
        other.phase = self.phase
        other.chooser = self.chooser
        other.rp = self.rp
        other.actor = self.actor
        other.used = self.used
        other.pending_effect = self.pending_effect
        other.role_used = self.role_used
        other.location_played = self.location_played
        other.refill_method = self.refill_method
        other.rp_methods = self.rp_methods
        other.my_methods = self.my_methods
        other.n_placed = self.n_placed
        other.round_no = self.round_no
        other.scores = self.scores[:]
        other.out = self.out[:]
        other.winner = self.winner
        other.hands = self.hands[:]

    # ----- scenario support ------------------------------------------------------------------
    def _pinned(self, zone: int, new: list[int]) -> None:
        """New instances belong to the zone's owner; movie scenes to nobody (-1)."""
        spec_owner = self.game.zone_specs[zone].owner
        t = self.game.tables
        owners = [-1 if t.personal[self.cards[c]] < 0 else (spec_owner or 0) for c in new]
        self.owner = self.owner + tuple(owners)

    def pin_fields(self, fields: dict[str, Any]) -> None:
        """Scenario fields: ``scores`` (list), ``chooser`` (who picks the first player)."""
        unknown = sorted(set(fields) - {"scores", "chooser"})
        if unknown:
            raise KeyError(f"unknown state field(s) {unknown}; valid: chooser, scores")
        if "scores" in fields:
            scores = [int(x) for x in fields["scores"]]
            if len(scores) != self.game.num_players:
                raise KeyError(f"'scores' needs {self.game.num_players} numbers")
            self.scores = scores
        if "chooser" in fields:
            self.chooser = int(fields["chooser"]) % self.game.num_players
        self._legal = None

    # ----- what one part calls in another ----------------------------------------------------
    @abstractmethod
    def _start_round(self, ev: Events) -> None:
        """LT-3.1 draw, then build the storyboard (storyboard.py)."""

    @abstractmethod
    def _begin_turn(self, player: int, ev: Events) -> None:
        """``player`` starts placing (placement.py)."""

    @abstractmethod
    def _check_stuck(self, ev: Events) -> None:
        """LT-7.5 eliminate the acting player if they cannot place (placement.py)."""

    @abstractmethod
    def _covered(self) -> bool:
        """Whether the acting player has an actor on every used scene (answering.py)."""

    @abstractmethod
    def _next_answer(self, ev: Events) -> None:
        """LT-5.1 the next player answers, or the round is scored (answering.py)."""

    @abstractmethod
    def _score_round(self, ev: Events) -> None:
        """LT-6 score the used scenes, then the next round or the end (end.py)."""

    @abstractmethod
    def _eliminate(self, player: int, ev: Events) -> None:
        """LT-7.5 ``player`` is out (end.py)."""

    @abstractmethod
    def _end_by_points(self, ev: Events) -> None:
        """LT-7.4 the round limit ends the game (end.py)."""
