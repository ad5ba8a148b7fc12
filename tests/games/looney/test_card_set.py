"""The shipped Looney Tunes card set covers every mechanic (LT-1.4, LT-9)."""

from __future__ import annotations

from collections import Counter

import cardtable
from cardtable.games.looney.cards import VERBS

POOL = cardtable.load_game("looney").card_pool  # the built-in card set


def test_movie_deck_is_exactly_50_scenes() -> None:
    movie = [c for c in POOL.cards if c.deck == "movie"]
    assert len(movie) == 50
    assert all(c.type == "scene" for c in movie)
    assert {c.color for c in movie} == {"red", "blue", "yellow", "green", "gray"}
    assert len({c.rank for c in movie}) >= 6 and len({c.points for c in movie}) >= 6


def test_personal_cards_cover_every_mechanic() -> None:
    personal = [c for c in POOL.cards if c.deck == "personal"]
    kinds = Counter(c.type for c in personal)
    assert len(personal) >= 60
    assert kinds["actor"] >= 30 and kinds["effect"] >= 10
    assert kinds["scene"] >= 3 and kinds["location"] >= 3
    actors = [c for c in personal if c.type == "actor"]
    assert {c.color for c in actors} == {"red", "blue", "yellow", "green"}
    assert len({c.character for c in actors}) >= 15
    assert {c.color for c in personal if c.type == "effect"} >= {"red", "blue", "gray"}
    used = {e.do for c in personal for e in c.effects}
    assert used == set(VERBS)
