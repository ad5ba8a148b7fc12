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


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone of the game."""
    pub, nobody = Visibility.PUBLIC, Visibility.NOBODY
    specs: list[ZoneSpec] = []
    for p in range(players):
        specs += [ZoneSpec(f"p{p}.deck", p, nobody, stack=True), ZoneSpec(f"p{p}.discard", p, pub)]
        specs += [ZoneSpec(f"p{p}.furyoku.{z}", p, nobody) for z in ZONES]
        specs += [ZoneSpec(f"p{p}.play.{z}", p, pub) for z in ZONES]
        specs += [ZoneSpec(f"p{p}.teamwork.{z}", p, pub) for z in ZONES]
        specs += [ZoneSpec(f"p{p}.advantage", p, pub), ZoneSpec(f"p{p}.shaman", p, pub)]
    return tuple(specs)
