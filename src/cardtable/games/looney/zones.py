"""The Looney Tunes zones: where every card can be, and who may see it.

Shared: the Movie deck (hidden, top last), its discard pile, four storyboard slots (one scene
each) and a location beside each slot. Per player: hand (owner), personal deck (hidden),
discard pile, score pile, the Role being placed, and per slot the actors placed face down
(owner), the special effects placed face down (owner) and the actors placed face up (Roles).
"""

from __future__ import annotations

from cardtable.core.zones import Visibility, ZoneSpec

from .actions import SLOTS

MOVIE_DECK = 0
MOVIE_DISCARD = 1
STORY = 2  # + slot
LOCATION = 6  # + slot
PLAYER_BASE = 10
PER_PLAYER = 17
HAND, DECK, DISCARD, SCORE, ROLE, DOWN, FX, UP = 0, 1, 2, 3, 4, 5, 9, 13  # + player base

PUBLIC, OWNER, NOBODY = Visibility.PUBLIC, Visibility.OWNER, Visibility.NOBODY


def pbase(player: int) -> int:
    """The first zone index of a player's zones."""
    return PLAYER_BASE + PER_PLAYER * player


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone for ``players`` players."""
    specs = [
        ZoneSpec("movie_deck", None, NOBODY, frozenset({"scene"}), stack=True),
        ZoneSpec("movie_discard", None, PUBLIC),
    ]
    specs += [ZoneSpec(f"storyboard.{s + 1}", None, PUBLIC) for s in range(SLOTS)]
    specs += [ZoneSpec(f"location.{s + 1}", None, PUBLIC) for s in range(SLOTS)]
    for p in range(players):
        specs += [
            ZoneSpec(f"p{p}.hand", p, OWNER),
            ZoneSpec(f"p{p}.deck", p, NOBODY, stack=True),
            ZoneSpec(f"p{p}.discard", p, PUBLIC),
            ZoneSpec(f"p{p}.score", p, PUBLIC),
            ZoneSpec(f"p{p}.role", p, PUBLIC),
        ]
        specs += [
            ZoneSpec(f"p{p}.slot{s + 1}.down", p, OWNER, frozenset({"actor"})) for s in range(SLOTS)
        ]
        specs += [
            ZoneSpec(f"p{p}.slot{s + 1}.effects", p, OWNER, frozenset({"effect"}))
            for s in range(SLOTS)
        ]
        specs += [ZoneSpec(f"p{p}.slot{s + 1}.up", p, PUBLIC) for s in range(SLOTS)]
    return tuple(specs)
