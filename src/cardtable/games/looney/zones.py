"""The Looney Tunes zones: where every card can be, and who may see it.

Shared: the Movie deck (hidden, top last), its discard pile, four storyboard slots (one scene
each) and a location beside each slot. Per player: hand (owner), personal deck (hidden),
discard pile, score pile, the Role being placed, and per slot the actors placed face down
(owner), the special effects placed face down (owner) and the actors placed face up (Roles).
"""

from __future__ import annotations

from cardtable.core.i18n import N_
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


# a player's piles and the three zones of a slot: their ZoneSpec names and labels (templates of
# {player} and {place}, translated by the game's catalogue)
PILES = {
    "hand": N_("P{player}'s hand"),
    "deck": N_("P{player}'s deck"),
    "discard": N_("P{player}'s discard pile"),
    "score": N_("P{player}'s score pile"),
    "role": N_("P{player}'s Role"),
}
SLOT_PARTS = {
    "down": N_("P{player}'s slot {place} (face down)"),
    "effects": N_("P{player}'s slot {place} (special effects)"),
    "up": N_("P{player}'s slot {place} (face up)"),
}


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone for ``players`` players."""
    movie = frozenset({"scene"})
    specs = [
        ZoneSpec(
            "movie_deck",
            None,
            NOBODY,
            movie,
            stack=True,
            name="movie_deck",
            label=N_("the Movie deck"),
        ),
        ZoneSpec(
            "movie_discard",
            None,
            PUBLIC,
            name="movie_discard",
            label=N_("the Movie deck's discard pile"),
        ),
    ]
    specs += places(
        "storyboard.{place}",
        None,
        PUBLIC,
        name="storyboard",
        label=N_("scene {place}"),
        count=SLOTS,
    )
    specs += places(
        "location.{place}",
        None,
        PUBLIC,
        name="location",
        label=N_("the location at slot {place}"),
        count=SLOTS,
    )
    seen = {"hand": OWNER, "deck": NOBODY, "discard": PUBLIC, "score": PUBLIC, "role": PUBLIC}
    kinds = {"down": frozenset({"actor"}), "effects": frozenset({"effect"}), "up": None}
    for p in range(players):
        specs += [
            ZoneSpec(f"p{p}.{pile}", p, seen[pile], stack=pile == "deck", name=pile, label=label)
            for pile, label in PILES.items()
        ]
        for part, label in SLOT_PARTS.items():
            vis = PUBLIC if part == "up" else OWNER
            key = f"p{p}.slot{{place}}.{part}"
            specs += places(key, p, vis, kinds[part], name=part, label=label, count=SLOTS)
    return tuple(specs)
