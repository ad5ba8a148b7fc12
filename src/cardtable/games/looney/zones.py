"""The Looney Tunes zones: where every card can be, and who may see it.

Shared: the Movie deck (hidden, top last), its discard pile, four storyboard slots (one scene
each) and a location beside each slot. Per player: hand (owner), personal deck (hidden),
discard pile, score pile, the Role being placed, and per slot the actors placed face down
(owner), the special effects placed face down (owner) and the actors placed face up (Roles).
"""

from __future__ import annotations

from cardtable.core.zones import Visibility, ZoneSpec, places

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


def occupied(zones: list[tuple[int, ...]], first: int) -> int:
    """A bit per slot, bit s set where zone ``first + s`` holds a card: which of the four
    zones from ``first`` (the storyboard, the locations, a player's face-down actors ...) are
    taken."""
    return (
        (1 if zones[first] else 0)
        | (2 if zones[first + 1] else 0)
        | (4 if zones[first + 2] else 0)
        | (8 if zones[first + 3] else 0)
    )


assert SLOTS == 4  # occupied() reads four zones


# a player's piles and the three zones of a slot, in words (their ZoneSpec names and labels)
PILES = {
    "hand": "hand",
    "deck": "deck",
    "discard": "discard pile",
    "score": "score pile",
    "role": "Role",
}
SLOT_PARTS = {"down": "face down", "effects": "special effects", "up": "face up"}


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone for ``players`` players."""
    movie = frozenset({"scene"})
    specs = [
        ZoneSpec(
            "movie_deck", None, NOBODY, movie, stack=True, name="movie_deck", label="the Movie deck"
        ),
        ZoneSpec(
            "movie_discard",
            None,
            PUBLIC,
            name="movie_discard",
            label="the Movie deck's discard pile",
        ),
    ]
    specs += places(
        "storyboard.{place}", None, PUBLIC, name="storyboard", label="scene {place}", count=SLOTS
    )
    specs += places(
        "location.{place}",
        None,
        PUBLIC,
        name="location",
        label="the location at slot {place}",
        count=SLOTS,
    )
    seen = {"hand": OWNER, "deck": NOBODY, "discard": PUBLIC, "score": PUBLIC, "role": PUBLIC}
    kinds = {"down": frozenset({"actor"}), "effects": frozenset({"effect"}), "up": None}
    for p in range(players):
        specs += [
            ZoneSpec(
                f"p{p}.{pile}",
                p,
                seen[pile],
                stack=pile == "deck",
                name=pile,
                label=f"P{p}'s {words}",
            )
            for pile, words in PILES.items()
        ]
        for part, words in SLOT_PARTS.items():
            vis = PUBLIC if part == "up" else OWNER
            key, label = f"p{p}.slot{{place}}.{part}", f"P{p}'s slot {{place}} ({words})"
            specs += places(key, p, vis, kinds[part], name=part, label=label, count=SLOTS)
    return tuple(specs)
