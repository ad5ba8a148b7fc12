"""The Shaman King state, put together from the parts of the rules.

The parts are a chain over :class:`~.fields.SKFields` (the fields, the facts read from them,
the public view), each in a module named for its part of docs/rules/shamanking.md and
extending the one listed after it (one line of classes, not mixins: mypyc compiles no
multiple inheritance, docs/performance.md):

- turn.py: the defender's turn, the legal actions, the Opening Attack, flips (SK-2.5, SK-4)
- counterattacks.py: the signature step and counterattacks (SK-4.3, SK-4.5)
- advantages.py: Advantage and Teamwork cards played, charges (SK-5.1 to SK-5.3)
- furyoku.py: furyoku and costs (SK-3, SK-7.7)
- effects.py: conditions, modifiers, one-shot effects, Teamwork in place (SK-5.4, SK-7)
- points.py: points and the end (SK-6, SK-4.8)
- exhaustion.py: when a place runs out (SK-8)

The setup (SK-2.1 to SK-2.4) is the game's (game.py, ``new_initial_state``). This module also
compiles the options the rules read on every step (:class:`HotTables`).
"""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING

from .fields import ALL_CHARGED, PH_CHOICE, PH_FLIP, PH_OVER, PH_SIGNATURE, PHASES, SENDERS
from .turn import TurnRules

if TYPE_CHECKING:
    from .game import SKOptions

__all__ = [
    "ALL_CHARGED",
    "PHASES",
    "PH_CHOICE",
    "PH_FLIP",
    "PH_OVER",
    "PH_SIGNATURE",
    "HotTables",
    "SKState",
]


class HotTables:
    """The options the rules read on every step, compiled once per game so that no option
    string is compared during play. A class with slots, not a NamedTuple: CPython 3.11
    specialises reading a slot, not a NamedTuple's field."""

    __slots__ = (
        "flip_on_use",
        "flip_zone_pay",
        "focus",
        "immediate_charge",
        "max_turns",
        "mismatch_usable",
        "next_sender",
        "target_points",
    )

    def _fill(self, options: SKOptions) -> None:
        # payment == "flip-zone": only the flip zone's furyoku pays
        self.flip_zone_pay = options.payment == "flip-zone"
        # trait_mismatch == "no-effect": a mismatched card is still played
        self.mismatch_usable = options.trait_mismatch == "no-effect"
        self.focus = options.focus
        self.flip_on_use = options.signature_turn == "on-use"
        self.immediate_charge = options.immediate_charge
        self.target_points = options.target_points
        self.max_turns = options.max_turns
        # opening_after_point, by its index in fields.SENDERS
        self.next_sender = SENDERS.index(options.opening_after_point)

    @classmethod
    def of(cls, options: SKOptions) -> HotTables:
        """The hot tables of a game's options."""
        tables = cls()
        tables._fill(options)
        return tables


class SKState(TurnRules):
    """A game of Shaman King in progress (two players): every part of the rules over the
    fields of :class:`~.fields.SKFields`."""

    __slots__ = ()
