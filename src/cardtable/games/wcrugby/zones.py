"""The wheelchair rugby zones, per team: who may see what.

The deck before the starting lineup is chosen (``pool``), the hand, the shuffled deck, the
discard pile, the players returning from court (``tired``) and those dropped for fatigue
(``fatigued``, shown at the next reveal), the lineup placed face down, and the court after the
reveal.
"""

from __future__ import annotations

from cardtable.core.zones import Visibility, ZoneSpec

SLOTS = 4
PER_TEAM = 14
POOL, HAND, DECK, DISCARD, TIRED, FATIGUED, LINEUP, COURT = 0, 1, 2, 3, 4, 5, 6, 10

PLAYERS_ONLY = frozenset({"player"})


def tbase(team: int) -> int:
    """The first zone index of a team's zones."""
    return PER_TEAM * team


def zone_specs(teams: int) -> tuple[ZoneSpec, ...]:
    """Declare every zone of the game."""
    pub, own, nobody = Visibility.PUBLIC, Visibility.OWNER, Visibility.NOBODY
    specs: list[ZoneSpec] = []
    for t in range(teams):
        specs += [
            ZoneSpec(f"t{t}.pool", t, own),
            ZoneSpec(f"t{t}.hand", t, own),
            ZoneSpec(f"t{t}.deck", t, nobody, stack=True),
            ZoneSpec(f"t{t}.discard", t, pub),
            ZoneSpec(f"t{t}.tired", t, own, PLAYERS_ONLY),
            ZoneSpec(f"t{t}.fatigued", t, own, PLAYERS_ONLY),
        ]
        specs += [ZoneSpec(f"t{t}.lineup.{s + 1}", t, own, PLAYERS_ONLY) for s in range(SLOTS)]
        specs += [ZoneSpec(f"t{t}.court.{s + 1}", t, pub) for s in range(SLOTS)]
    return tuple(specs)
