"""The rules sheet printed by ``cardtable rules rawdeal``, in English and Japanese (the seed's
words: メインデッキ, 逆転デッキ, リング, リングサイド, 不屈の精神値, 必要不屈値, ...)."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, Translate
from cardtable.core.presentation import Presentation

from .construction import LIMITS


def _players(_: Translate, o: Any) -> str:
    """The Players section: the match type the options choose."""
    if o.match == "tag":
        return _(
            "4 players, each a Superstar (with an Enforcer if the Superstar allows), in two tag "
            "teams: P0 and P2 against P1 and P3. The teams take turns; only each team's active "
            "member plays and is aimed at. Once per turn, in your main segment, you may tag in "
            "your partner, who takes over the turn. A player pinned or counted out leaves the "
            "match and the partner becomes active; a team with nobody left loses."
        )
    if o.players == 2:
        return _("2 players, each a Superstar (with an Enforcer if the Superstar allows).")
    return _(
        "{n} players, each a Superstar (with an Enforcer if the Superstar allows), every one "
        "for themselves. Turns go round in seat order. Each card you play is aimed at one "
        "opponent you choose, who alone may reverse it and takes its damage. A player pinned "
        "or counted out leaves the match; the last one in wins.",
        n=o.players,
    )


def _winning(_: Translate, o: Any) -> str:
    """How to win: pinfall (by the option ``pinfall``) and count-out (RD-8)."""
    pin = (
        _(
            "you are pinned the moment you take damage at least equal to the cards left in "
            "your Arsenal; overturning your own cards for your card's cost never pins you"
        )
        if o.pinfall == "seed"
        else _(
            "you are pinned when you must overturn a card, for damage or for your card's "
            "cost, and your Arsenal is empty"
        )
    )
    both = _("a draw.") if o.double_countout == "draw" else _("both lose.")
    return _(
        "Pinfall: {pin}. Count-out: a player whose Arsenal is empty at the end of any turn "
        "loses; both at once: {both}",
        pin=pin,
        both=both,
    )


def _turn(_: Translate, o: Any) -> str:
    """A turn (RD-4, RD-5), and what an overturned reversal does (option overturned_text)."""
    overturned = (
        _("An overturned reversal only stops the damage: its text and damage never apply.")
        if o.overturned_text == "seed"
        else _(
            "An overturned reversal's text and damage do not apply, unless the card says it "
            "works when overturned."
        )
    )
    return _(
        "Start-of-turn abilities; draw 1; then play maneuvers and actions (each needs "
        "Fortitude at least its F; your Fortitude is the printed D of the cards in your "
        "Ring), Mid-match cards, and your Superstar's ability. After each card the opponent "
        "may reverse it: the card goes to Ringside and your turn ends. Otherwise its effects "
        "apply and its damage is overturned one card at a time from the opponent's Arsenal; "
        "a fitting reversal overturned stops the damage and ends your turn, and Stun Value "
        "lets you draw if it stopped early. {overturned}",
        overturned=overturned,
    )


class RawDealSheet(Presentation):
    """The rules sheet of Raw Deal (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the Raw Deal rules sheet for the game's options."""
        _ = self.translator(lang)
        o: Any = self.game.options
        total, pre, mid = LIMITS[o.backlash]
        return [
            (_("Players"), _players(_, o)),
            (_("How to win"), _winning(_, o)),
            (
                _("Deck construction"),
                _(
                    "An Arsenal of exactly 60 maneuvers, actions and reversals: at most 3 of a "
                    "card, Unique cards 1, Set-up and non-unique Follow-up cards any number; "
                    "Superstar-specific cards only for that Superstar; never Face with Heel, "
                    "nor Raw with SmackDown!. A Backlash deck of at most {total} cards: {pre} "
                    "Pre-match, {mid} Mid-match.",
                    total=total,
                    pre=pre,
                    mid=mid,
                ),
            ),
            (
                _("Setup"),
                _(
                    "Reveal Superstars and Enforcers, shuffle the Arsenals, draw your Hand "
                    "Size. Then, from the higher Superstar Value, alternate placing Pre-match "
                    "cards from the Backlash deck or passing (up to {limit} each; two passes in "
                    "a row end it). The higher Superstar Value, with the Pre-match cards "
                    "placed, takes the first turn.",
                    limit=o.prematch_limit,
                ),
            ),
            (_("A turn"), _turn(_, o)),
            (
                _("When a deck runs out"),
                _(
                    "Drawing from an empty Arsenal draws nothing; an empty Arsenal at the end "
                    "of a turn is a count-out."
                ),
            ),
        ]
