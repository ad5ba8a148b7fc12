"""Goofspiel's deck rule (GS-1.1; the other rules are in its scenario files) and its size."""

from __future__ import annotations

from pathlib import Path

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


def test_the_whole_package_stays_under_400_lines() -> None:
    """It is the small worked example of docs/adding-a-game.md: every file of its folder
    (Python, card and deck YAML, the browser module) counts."""
    package = Path(cardtable.__file__).parent / "games" / "goofspiel"
    files = [f for f in package.rglob("*") if f.is_file() and "__pycache__" not in f.parts]
    assert {f.suffix for f in files} == {".py", ".yaml", ".js"}
    lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
    assert lines < 400, f"the goofspiel package has {lines} lines"
