"""The Shaman King zones of each player, and who may see them.

Per player: the deck (hidden), the discard pile (public, top last), per colour zone its face-down
furyoku (hidden), its play area and its teamwork area (public), the advantage area, and the
Shaman.
"""

from __future__ import annotations

from cardtable.core.zones import Visibility, ZoneSpec

from .cards import ZONES

PER_PLAYER = 13
DECK, DISCARD, FURYOKU, PLAY, TEAMWORK, ADVANTAGE, SHAMAN = 0, 1, 2, 5, 8, 11, 12


def pbase(player: int) -> int:
    """The first zone index of a player's zones."""
    return PER_PLAYER * player


# each zone in words, for logs: "P0's red furyoku", "P1's discard pile"
ZONE_WORDS = {
    "deck": "deck",
    "discard": "discard pile",
    "advantage": "advantage area",
    "shaman": "Shaman",
    "furyoku": "furyoku",
    "play": "play area",
    "teamwork": "teamwork area",
}


def _zone(p: int, name: str, vis: Visibility, colour: str = "", stack: bool = False) -> ZoneSpec:
    """Player ``p``'s zone ``name`` (of one colour zone, if ``colour``): ``p0.furyoku.red``."""
    key = f"p{p}.{name}.{colour}" if colour else f"p{p}.{name}"
    words = f"{colour} {ZONE_WORDS[name]}" if colour else ZONE_WORDS[name]
    return ZoneSpec(key, p, vis, stack=stack, name=name, place=colour, label=f"P{p}'s {words}")


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone of the game."""
    pub, nobody = Visibility.PUBLIC, Visibility.NOBODY
    specs: list[ZoneSpec] = []
    for p in range(players):
        specs += [_zone(p, "deck", nobody, stack=True), _zone(p, "discard", pub)]
        specs += [_zone(p, "furyoku", nobody, z) for z in ZONES]
        specs += [_zone(p, "play", pub, z) for z in ZONES]
        specs += [_zone(p, "teamwork", pub, z) for z in ZONES]
        specs += [_zone(p, "advantage", pub), _zone(p, "shaman", pub)]
    return tuple(specs)
