"""The Raw Deal zones of each player, and who may see them."""

from __future__ import annotations

from cardtable.core.i18n import N_
from cardtable.core.zones import Visibility, ZoneSpec

# a player's zones, by index: zone p<player>.<name> is PER_PLAYER * player + index
ZONE_NAMES = ("hand", "arsenal", "ring", "ringside", "backlash", "backstage", "prematch", "playing")
PER_PLAYER = len(ZONE_NAMES)
HAND, ARSENAL, RING, RINGSIDE, BACKLASH, BACKSTAGE, PREMATCH, PLAYING = range(PER_PLAYER)


def pbase(player: int) -> int:
    """The first zone index of a player's zones."""
    return PER_PLAYER * player


# each zone in words, for logs ("their Ringside pile"; translated where used)
ZONE_WORDS = {
    "hand": N_("hand"),
    "arsenal": N_("Arsenal"),
    "ring": N_("Ring"),
    "ringside": N_("Ringside pile"),
    "backlash": N_("Backlash deck"),
    "backstage": N_("Backstage area"),
    "prematch": N_("Pre-match area"),
    "playing": N_("playing area"),
}

# each zone's label, a template of {player} (ZoneSpec.words): "P0's Ringside pile"
ZONE_LABELS = {
    "hand": N_("P{player}'s hand"),
    "arsenal": N_("P{player}'s Arsenal"),
    "ring": N_("P{player}'s Ring"),
    "ringside": N_("P{player}'s Ringside pile"),
    "backlash": N_("P{player}'s Backlash deck"),
    "backstage": N_("P{player}'s Backstage area"),
    "prematch": N_("P{player}'s Pre-match area"),
    "playing": N_("P{player}'s playing area"),
}


# the card kinds a hidden zone may hold (RD-1.6, RD-3.4: Backlash cards never go to the hand or
# the Arsenal), which a resample keeps; None: any
ARSENAL_ONLY = frozenset({"arsenal"})
HIDDEN_KINDS = {
    HAND: ARSENAL_ONLY,
    ARSENAL: ARSENAL_ONLY,
    BACKLASH: frozenset({"prematch", "midmatch"}),
}


def zone_specs(players: int) -> tuple[ZoneSpec, ...]:
    """Hand and Backlash deck (owner), Arsenal (nobody, a pile), and the public Ring, Ringside
    pile, Backstage area (Superstar, Enforcer), Pre-match cards and the card being played."""
    pub, own, nobody = Visibility.PUBLIC, Visibility.OWNER, Visibility.NOBODY
    seen_by = (own, nobody, pub, pub, own, pub, pub, pub)  # by zone index
    return tuple(
        ZoneSpec(
            f"p{p}.{name}",
            p,
            seen_by[z],
            HIDDEN_KINDS.get(z),
            stack=z == ARSENAL,
            name=name,
            label=ZONE_LABELS[name],
        )
        for p in range(players)
        for z, name in enumerate(ZONE_NAMES)
    )
