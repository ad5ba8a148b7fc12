"""Goofspiel's deck rule (GS-1.1); everything else is in its scenario files."""

from __future__ import annotations

import cardtable
from cardtable.core.decks import Deck


def test_a_hand_is_one_suit_ace_to_king() -> None:
    game = cardtable.load_game("goofspiel")
    for deck in game.starter_decks().values():
        assert game.check_deck(deck) == []
    ranks = ["ace", *map(str, range(2, 11)), "jack", "queen", "king"]
    for hand in (
        {f"{r}-of-diamonds": 1 for r in ranks},  # the prizes' suit
        {f"{r}-of-{'spades' if r == 'ace' else 'hearts'}": 1 for r in ranks},  # two suits
        {f"{r}-of-hearts": 1 for r in ranks[:-1]},  # no king
        {**{f"{r}-of-hearts": 1 for r in ranks}, "ace-of-hearts": 2},  # an ace twice
    ):
        problems = game.check_deck(Deck("goofspiel", "bad", {"hand": hand}))
        assert [p.rule for p in problems] == ["GS-1.1"], hand
