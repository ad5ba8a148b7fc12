"""LineupTables (the arithmetic the hot paths use) agrees with lineup_problem (WR-2)."""

from __future__ import annotations

from typing import get_args

import pytest

import cardtable
from cardtable.core.rng import Rng
from cardtable.games.wcrugby.cards import compile_tables
from cardtable.games.wcrugby.game import RugbyOptions
from cardtable.games.wcrugby.lineup import LineupTables, lineup_problem

RULES = get_args(RugbyOptions.model_fields["female_allowance"].annotation)


@pytest.mark.parametrize("rule", RULES)
def test_lineup_tables_agree_with_lineup_problem(rule: str) -> None:
    t = compile_tables(cardtable.load_game("wcrugby").card_pool)
    lt = LineupTables.of(t, rule)
    n = len(t.kind)
    rng = Rng(7)
    for _ in range(300):
        # any definitions, repeats and non-players included, with empty slots (-1)
        court = [rng.below(n) if rng.below(5) else -1 for _ in range(4)]
        defs = [d for d in court if d >= 0]
        assert lt.ok(defs) == (not lineup_problem(t, defs, rule)), defs
        rooms = lt.rooms_without_each(court)
        for s in range(4):
            others = [d for i, d in enumerate(court) if d >= 0 and i != s]
            assert rooms[s] == lt.room(others)
            for d in range(n):
                want = not lineup_problem(t, [*others, d], rule)
                assert lt.fits(rooms[s], d) == want, (others, d)
