"""The Shaman King zones of each player, and who may see them.

Per player: the deck (hidden), the discard pile (public, top last), per colour zone its face-down
furyoku (hidden), its play area and its teamwork area (public), the advantage area, and the
Shaman.
"""

from __future__ import annotations

from cardtable.core.i18n import N_
from cardtable.core.zones import Visibility, ZoneSpec

from .cards import ZONES

PER_PLAYER = 13
DECK, DISCARD, FURYOKU, PLAY, TEAMWORK, ADVANTAGE, SHAMAN = 0, 1, 2, 5, 8, 11, 12


def pbase(player: int) -> int:
    """The first zone index of a player's zones."""
    return PER_PLAYER * player


# each zone in words, for logs ("P0's red furyoku", "P1's discard pile"): an English template
# of {player} marked for translation, one per zone name and colour (a colour's words differ by
# language, so each coloured zone has its own message)
LABELS = {
    ("deck", ""): N_("P{player}'s deck"),
    ("discard", ""): N_("P{player}'s discard pile"),
    ("advantage", ""): N_("P{player}'s advantage area"),
    ("shaman", ""): N_("P{player}'s Shaman"),
    ("furyoku", "green"): N_("P{player}'s green furyoku"),
    ("furyoku", "yellow"): N_("P{player}'s yellow furyoku"),
    ("furyoku", "red"): N_("P{player}'s red furyoku"),
    ("play", "green"): N_("P{player}'s green play area"),
    ("play", "yellow"): N_("P{player}'s yellow play area"),
    ("play", "red"): N_("P{player}'s red play area"),
    ("teamwork", "green"): N_("P{player}'s green teamwork area"),
    ("teamwork", "yellow"): N_("P{player}'s yellow teamwork area"),
    ("teamwork", "red"): N_("P{player}'s red teamwork area"),
}


def _zone(p: int, name: str, vis: Visibility, colour: str = "", stack: bool = False) -> ZoneSpec:
    """Player ``p``'s zone ``name`` (of one colour zone, if ``colour``): ``p0.furyoku.red``."""
    key = f"p{p}.{name}.{colour}" if colour else f"p{p}.{name}"
    label = LABELS[name, colour]
    return ZoneSpec(key, p, vis, stack=stack, name=name, place=colour, label=label)


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
