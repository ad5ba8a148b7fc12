"""The Raw Deal zones of each player, and who may see them."""

from __future__ import annotations

from cardtable.core.zones import Visibility, ZoneSpec

PER_PLAYER = 8
HAND, ARSENAL, RING, RINGSIDE, BACKLASH, BACKSTAGE, PREMATCH, PLAYING = range(PER_PLAYER)


def pbase(player: int) -> int:
    """The first zone index of a player's zones."""
    return PER_PLAYER * player


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Hand and Backlash deck (owner), Arsenal (nobody), and the public Ring, Ringside pile,
    Backstage area (Superstar, Enforcer), Pre-match cards and the card being played."""
    pub, own, nobody = Visibility.PUBLIC, Visibility.OWNER, Visibility.NOBODY
    specs: list[ZoneSpec] = []
    for p in range(players):
        specs += [
            ZoneSpec(f"p{p}.hand", p, own),
            ZoneSpec(f"p{p}.arsenal", p, nobody, stack=True),
            ZoneSpec(f"p{p}.ring", p, pub),
            ZoneSpec(f"p{p}.ringside", p, pub),
            ZoneSpec(f"p{p}.backlash", p, own),
            ZoneSpec(f"p{p}.backstage", p, pub),
            ZoneSpec(f"p{p}.prematch", p, pub),
            ZoneSpec(f"p{p}.playing", p, pub),
        ]
    return tuple(specs)
