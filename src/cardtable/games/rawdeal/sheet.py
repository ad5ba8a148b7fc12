"""The rules sheet printed by ``cardtable rules rawdeal``."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation

from .construction import LIMITS


def _players(o: Any) -> str:
    """The Players section: the match type the options choose."""
    each = "each a Superstar (with an Enforcer if the Superstar allows)"
    if o.match == "tag":
        return (
            f"4 players, {each}, in two tag teams: P0 and P2 against P1 and P3. The teams take "
            "turns; only each team's active member plays and is aimed at. Once per turn, in your "
            "main segment, you may tag in your partner, who takes over the turn. A player pinned "
            "or counted out leaves the match and the partner becomes active; a team with nobody "
            "left loses."
        )
    if o.players == 2:
        return f"2 players, {each}."
    return (
        f"{o.players} players, {each}, every one for themselves. Turns go round in seat order. "
        "Each card you play is aimed at one opponent you choose, who alone may reverse it and "
        "takes its damage. A player pinned or counted out leaves the match; the last one in wins."
    )


class RawDealSheet(Presentation):
    """The rules sheet of Raw Deal (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the Raw Deal rules sheet for the game's options."""
        o: Any = self.game.options
        total, pre, mid = LIMITS[o.backlash]
        pin = (
            "you are pinned the moment you take damage at least equal to the cards left in your "
            "Arsenal; overturning your own cards for your card's cost never pins you"
            if o.pinfall == "seed"
            else "you are pinned when you must overturn a card, for damage or for your card's "
            "cost, and your Arsenal is empty"
        )
        return [
            ("Players", _players(o)),
            (
                "How to win",
                f"Pinfall: {pin}. Count-out: a player whose Arsenal is empty at the end of any "
                "turn loses; both at once: "
                + ("a draw." if o.double_countout == "draw" else "both lose."),
            ),
            (
                "Deck construction",
                "An Arsenal of exactly 60 maneuvers, actions and reversals: at most 3 of a card, "
                "Unique cards 1, Set-up and non-unique Follow-up cards any number; "
                "Superstar-specific cards only for that Superstar; never Face with Heel, nor Raw "
                f"with SmackDown!. A Backlash deck of at most {total} cards: {pre} Pre-match, "
                f"{mid} Mid-match.",
            ),
            (
                "Setup",
                "Reveal Superstars and Enforcers, shuffle the Arsenals, draw your Hand Size. "
                "Then, from the higher Superstar Value, alternate placing Pre-match cards from "
                f"the Backlash deck or passing (up to {o.prematch_limit} each; two passes in a "
                "row end it). The higher Superstar Value takes the first turn.",
            ),
            (
                "A turn",
                "Start-of-turn abilities; draw 1; then play maneuvers and actions (each needs "
                "Fortitude at least its F; your Fortitude is the printed D of the cards in your "
                "Ring), Mid-match cards, and your Superstar's ability. After each card the "
                "opponent may reverse it: the card goes to Ringside and your turn ends. Otherwise "
                "its effects apply and its damage is overturned one card at a time from the "
                "opponent's Arsenal; a fitting reversal overturned stops the damage and ends your "
                "turn, and Stun Value lets you draw if it stopped early. "
                + (
                    "An overturned reversal only stops the damage: its text and damage never apply."
                    if o.overturned_text == "seed"
                    else "An overturned reversal's text and damage do not apply, unless the card "
                    "says it works when overturned."
                ),
            ),
            (
                "When a deck runs out",
                "Drawing from an empty Arsenal draws nothing; an empty Arsenal at the end of a "
                "turn is a count-out.",
            ),
        ]
