"""The Shaman King state's fields, the facts read from them, and the public view: the base of every
part of the rules (the parts are a chain over :class:`SKFields`, topped in rules.py; the methods one
part calls in another are declared here as abstract methods).

Holds SK-1.6 (whether a card's text works), SK-2.6 (the field: points, charges, the Shaman's
side, the turn), the scenario fields and the phases. Rule numbers (SK-x.y) refer to
docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any, TypeAlias

from cardtable.core.events import Event, move
from cardtable.core.state import TERMINAL, State

from .cards import ZONES
from .zones import DECK, FURYOKU, PER_PLAYER, SHAMAN, pbase

if TYPE_CHECKING:
    from .game import SKGame
    from .rules import HotTables
    from .tables import Cond, Effect, Price

PH_CHOICE, PH_SIGNATURE, PH_FLIP, PH_OVER = range(4)
PHASES = ("opening choice", "signature step", "flip", "over")
OPENING, SIGNATURE_ATTACK = -1, -2  # the attack_card of an Opening Attack, a Signature Move
# the observation's ``attack`` when it is no card: by attack_card (else the Strike's card id)
ATTACK_MOVES = {OPENING: "opening-attack", SIGNATURE_ATTACK: "signature"}
ALL_CHARGED = 7  # the charges of a player whose three zones are charged (bit z: zone z)
SIDES = ("front", "back")  # a Shaman's sides, by the field ``side``
# who sends the Opening Attack after a point (option opening_after_point), by HotTables
SENDERS = ("scored-on-sends", "scorer-sends", "first-player-sends")
SCORED_ON_SENDS, SCORER_SENDS, FIRST_PLAYER_SENDS = range(3)

EventLog: TypeAlias = "list[Event] | None"
"""Where the rules put the events of an action: a list for ``apply_action``, ``None`` for
``push``, whose caller wants none (no event is built then)."""


class SKFields(State):
    """A game of Shaman King in progress (two players): its fields and the facts read from
    them. The methods the parts of the rules call on one another are declared here for the
    type checker; each part defines its own (rules.py names the parts)."""

    __slots__ = (
        "adv_force",
        "adv_intercept",
        "attack_card",
        "charges",
        "chooser",
        "defender",
        "first_sender",
        "flipped",
        "fog",
        "hot",
        "incoming",
        "move_back",
        "moves_used",
        "phase",
        "points",
        "side",
        "stow",
        "turn_no",
        "winner",
        "zone",
    )

    game: SKGame
    hot: HotTables  # game.hot, kept here: one lookup less on every hot path
    phase: int
    chooser: int
    defender: int
    zone: int
    incoming: int
    attack_card: int
    flipped: int
    first_sender: int
    charges: list[int]
    side: list[int]
    stow: list[bool]
    points: list[int]
    fog: list[int]
    adv_force: int
    adv_intercept: int
    move_back: int
    moves_used: int
    turn_no: int
    winner: int

    # The parts' methods that other parts call (see rules.py), each defined by the part named.
    # furyoku.py
    @abstractmethod
    def can_pay(self, p: int, cost: Price, in_zone: bool = True) -> bool: ...
    @abstractmethod
    def _pay(
        self, p: int, cost: Price, ev: EventLog, in_zone: bool = True, priced: bool = False
    ) -> None: ...
    @abstractmethod
    def _pay_extra_first(self, p: int, d: int, ev: EventLog) -> None: ...
    @abstractmethod
    def _with_extra(self, d: int) -> Price: ...
    @abstractmethod
    def _gain(self, p: int, zone: int, n: int, ev: EventLog) -> None: ...
    # effects.py
    @abstractmethod
    def _holds(self, p: int, cond: Cond) -> bool: ...
    @abstractmethod
    def _teamwork_effects(self, p: int) -> tuple[Effect, ...]: ...
    @abstractmethod
    def _strike_values(self, p: int, d: int, extra: bool) -> tuple[int, int]: ...
    @abstractmethod
    def _strike_intercept(self, p: int, d: int, extra: bool, active: bool) -> int: ...
    @abstractmethod
    def _apply_values(
        self, p: int, intercept: int, force: int, effects: tuple[Effect, ...]
    ) -> tuple[int, int]: ...
    @abstractmethod
    def _opp_teamwork(self, p: int) -> int: ...
    @abstractmethod
    def _one_shot(self, p: int, effects: tuple[Effect, ...], ev: EventLog) -> None: ...
    # turn.py
    @abstractmethod
    def _opening(self, defender: int, ev: EventLog) -> None: ...
    @abstractmethod
    def _start_turn(self, p: int, force: int, ev: EventLog, opening: bool = False) -> None: ...
    @abstractmethod
    def _cleanup(self, p: int, ev: EventLog) -> None: ...
    # counterattacks.py
    @abstractmethod
    def _signature_ok(self, p: int) -> bool: ...
    @abstractmethod
    def _signature(self, ev: EventLog) -> None: ...
    @abstractmethod
    def _counter(self, extra: bool, ev: EventLog) -> None: ...
    # advantages.py
    @abstractmethod
    def _play(self, ev: EventLog) -> None: ...
    # points.py
    @abstractmethod
    def _point(self, scorer: int, ev: EventLog) -> None: ...
    @abstractmethod
    def _game_over(self, winner: int, how: str, ev: EventLog) -> None: ...
    # exhaustion.py
    @abstractmethod
    def _four_to_discard(self, p: int, ev: EventLog) -> None: ...
    @abstractmethod
    def _rebuild_if_empty(self, p: int, ev: EventLog) -> None: ...
    @abstractmethod
    def rebuild_deck(self, p: int, ev: EventLog) -> None: ...

    def _init_fields(self) -> None:
        self.hot = self.game.hot
        self.phase = PH_CHOICE
        self.chooser = 0
        self.defender = 0
        self.zone = 0  # the zone the attack has reached (0 green, 1 yellow, 2 red)
        self.incoming = 0  # the Force the defender must stop
        self.attack_card = (
            OPENING  # instance of the attacking Strike, or OPENING / SIGNATURE_ATTACK
        )
        self.flipped = -1  # the card awaiting the defender's decision
        self.first_sender = 0  # who sent the first Opening Attack
        self.charges = [0, 0]  # bit z: zone z charged
        self.side = [0, 0]  # the Shaman's face: 0 front, 1 back
        self.stow = [False, False]  # a Signature was used: stow it and turn over at cleanup
        self.points = [0, 0]
        # per player and zone (3p + z): how many cards at the bottom of that furyoku area
        # nobody knows (put there from the deck); the cards above came from public places
        self.fog = [0] * 6
        self.adv_force = 0
        self.adv_intercept = 0
        self.move_back = 0
        self.moves_used = 0
        self.turn_no = 0
        self.winner = -1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, type(self))
        other.hot = self.hot
        other.phase = self.phase
        other.chooser = self.chooser
        other.defender = self.defender
        other.zone = self.zone
        other.incoming = self.incoming
        other.attack_card = self.attack_card
        other.flipped = self.flipped
        other.first_sender = self.first_sender
        other.charges = self.charges[:]
        other.side = self.side[:]
        other.stow = self.stow[:]
        other.points = self.points[:]
        other.fog = self.fog[:]
        other.adv_force = self.adv_force
        other.adv_intercept = self.adv_intercept
        other.move_back = self.move_back
        other.moves_used = self.moves_used
        other.turn_no = self.turn_no
        other.winner = self.winner

    def pin_fields(self, fields: dict[str, Any]) -> None:
        """Scenario fields (docs/rules/shamanking.md, "Scenario fields"): ``chooser`` (who
        chooses who sends the Opening Attack), ``points`` ([p0, p1]), ``charges`` (per player
        the charged zones, e.g. ``[[green, red], []]``) and ``side`` (per player ``front`` or
        ``back``)."""
        valid = ("chooser", "points", "charges", "side")
        unknown = sorted(set(fields) - set(valid))
        if unknown:
            raise KeyError(f"unknown state field(s) {unknown}; valid: {', '.join(valid)}")
        if "chooser" in fields:
            self.chooser = int(fields["chooser"]) % 2
        if "points" in fields:
            points = [int(x) for x in fields["points"]]
            if len(points) != 2:
                raise KeyError("'points' needs 2 numbers")
            self.points = points
        if "charges" in fields:
            charges = list(fields["charges"])
            if len(charges) != 2 or not all(set(c or []) <= set(ZONES) for c in charges):
                raise KeyError("'charges' needs 2 lists of zones (green, yellow, red)")
            self.charges = [sum(1 << ZONES.index(z) for z in set(c or [])) for c in charges]
        if "side" in fields:
            sides = [str(s) for s in fields["side"]]
            if len(sides) != 2 or not set(sides) <= set(SIDES):
                raise KeyError("'side' needs 2 values, each 'front' or 'back'")
            self.side = [SIDES.index(s) for s in sides]
        self._legal = None

    def is_terminal(self) -> bool:
        """Whether the game is over (as ``current_player() == TERMINAL``, one call less)."""
        return self.phase == PH_OVER

    def current_player(self) -> int:
        """The chooser at the start, then the defending player; TERMINAL at the end."""
        if self.phase == PH_OVER:
            return TERMINAL
        return self.chooser if self.phase == PH_CHOICE else self.defender

    def shaman(self, p: int) -> int:
        """The definition of a player's Shaman."""
        return self.cards[self.zones[pbase(p) + SHAMAN][0]]

    def active(self, p: int, d: int) -> bool:
        """SK-1.6: a card's text works when its trait matches the Shaman's (or it is generic)."""
        return self.game.tables.works[self.cards[self.zones[pbase(p) + SHAMAN][0]]][d]

    def furyoku(self, p: int) -> tuple[int, int, int]:
        """Furyoku cards in the green, yellow and red zones."""
        z = self.zones
        b = pbase(p) + FURYOKU
        return (len(z[b]), len(z[b + 1]), len(z[b + 2]))

    def _remove(self, zone: int, card: int) -> None:
        z = self.zones[zone]
        if z[-1] == card:  # the usual case: the card flipped last
            self.zones[zone] = z[:-1]
            return
        i = z.index(card)
        self.zones[zone] = z[:i] + z[i + 1 :]

    def _from_deck(self, p: int, dst: int, ev: EventLog) -> int:
        """Move the top card of a player's deck to zone ``dst``; return it."""
        zones = self.zones
        top = PER_PLAYER * p + DECK
        deck = zones[top]
        card = deck[-1]
        zones[top] = deck[:-1]
        zones[dst] += (card,)
        if ev is not None:
            ev.append(move(card, top, dst, p))
        return card

    def _public_view(self, player: int | None) -> dict[str, Any]:
        cur = self.current_player()
        ids = self.game.card_ids
        if self.attack_card >= 0:
            attack = ids[self.cards[self.attack_card]]
        else:
            attack = ATTACK_MOVES[self.attack_card]
        return {
            "game": "shamanking",
            "player": player,
            "num_players": 2,
            "phase": PHASES[self.phase],
            "turn": self.turn_no,
            "current_player": None if cur == TERMINAL else cur,
            "defender": self.defender,
            "zone": ZONES[self.zone],
            "incoming_force": self.incoming,
            "attack": attack,
            "flipped": ids[self.cards[self.flipped]] if self.flipped >= 0 else None,
            "points": self.points[:],
            "charges": [[ZONES[z] for z in range(3) if self.charges[p] >> z & 1] for p in (0, 1)],
            "shaman_side": [SIDES[s] for s in self.side],
            "signature_pending": self.stow[:],
            "turn_bonus": {"force": self.adv_force, "intercept": self.adv_intercept},
            "winner": None if self.winner == -1 else (self.winner if self.winner >= 0 else "draw"),
        }
