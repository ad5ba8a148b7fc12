"""The wheelchair rugby zones, per team: who may see what.

The deck before the starting lineup is chosen (``pool``), the hand, the shuffled deck, the
discard pile, the players returning from court (``tired``) and those dropped for fatigue
(``fatigued``, shown at the next reveal), the lineup placed face down, and the court after the
reveal.
"""

from __future__ import annotations

from cardtable.core.i18n import N_
from cardtable.core.zones import Visibility, ZoneSpec, places

SLOTS = 4
PER_TEAM = 14
POOL, HAND, DECK, DISCARD, TIRED, FATIGUED, LINEUP, COURT = 0, 1, 2, 3, 4, 5, 6, 10

PLAYERS_ONLY = frozenset({"player"})


def tbase(team: int) -> int:
    """The first zone index of a team's zones."""
    return PER_TEAM * team


# each zone in words, for logs: "P1's tired players", "place 2 of P0's court" (templates of
# the owner and the place, translated by the game's catalogue: ZoneSpec.words)
ZONE_WORDS = {
    "pool": N_("P{player}'s pool"),
    "hand": N_("P{player}'s hand"),
    "deck": N_("P{player}'s deck"),
    "discard": N_("P{player}'s discard pile"),
    "tired": N_("P{player}'s tired players"),
    "fatigued": N_("P{player}'s fatigued players"),
    "lineup": N_("place {place} of P{player}'s lineup"),
    "court": N_("place {place} of P{player}'s court"),
}


def _zone(
    t: int, name: str, vis: Visibility, kinds: frozenset[str] | None = None, stack: bool = False
) -> ZoneSpec:
    """Team ``t``'s zone ``name``: ``t0.hand``."""
    return ZoneSpec(f"t{t}.{name}", t, vis, kinds, stack, name=name, label=ZONE_WORDS[name])


def zone_specs(teams: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone of the game."""
    pub, own, nobody = Visibility.PUBLIC, Visibility.OWNER, Visibility.NOBODY
    specs: list[ZoneSpec] = []
    for t in range(teams):
        specs += [
            _zone(t, "pool", own),
            _zone(t, "hand", own),
            _zone(t, "deck", nobody, stack=True),
            _zone(t, "discard", pub),
            _zone(t, "tired", own, PLAYERS_ONLY),
            _zone(t, "fatigued", own, PLAYERS_ONLY),
        ]
        for name, vis, kinds in (("lineup", own, PLAYERS_ONLY), ("court", pub, None)):
            key = f"t{t}.{name}.{{place}}"
            specs += places(key, t, vis, kinds, name=name, label=ZONE_WORDS[name], count=SLOTS)
    return tuple(specs)
