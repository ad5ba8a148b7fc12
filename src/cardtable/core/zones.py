"""Card zones and the one declaration of who may see them.

A state keeps its zones as a list of tuples of card instance numbers (copy-on-write, so that a
clone copies one list). Each zone has a :class:`ZoneSpec` saying who owns it and who may see the
cards in it. Observations, the events sent to a player and ``resample`` are all derived from
these specs, so a new zone cannot leak by accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.core.i18n import Translate


class Visibility(Enum):
    """Who may see the cards of a zone (everyone always sees how many there are)."""

    PUBLIC = "public"  # every player and spectators
    OWNER = "owner"  # only the zone's owner
    NOBODY = "nobody"  # no one (a shuffled deck)


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """The declaration of one zone.

    ``key`` names the zone in observations and scenario files (e.g. ``p0.hand``).
    ``owner`` is a player index, or ``None`` for a shared zone.
    ``kinds`` lists the card kinds the zone may hold; ``resample`` keeps hidden cards of those
    kinds in it. ``None`` means any kind.
    ``stack`` marks an ordered pile whose top is the last element (decks).

    For words (a game's Presentation; never read by the rules): ``name`` is what the zone is,
    the same for every owner and place (``hand``, ``court``, ``storyboard``); ``place`` tells
    apart the zones of one name and owner (a slot ``2``, a colour ``red``); ``label`` is the
    zone in the game's words for logs, an English template of ``{player}`` (the owner) and
    ``{place}`` marked for translation (``N_("P{player}'s Ringside pile")``, ``N_("scene
    {place}")``), read through :meth:`words`. A game's words read these instead of parsing
    keys; ``""`` is "not declared" (the log then makes a label from the key).
    """

    key: str
    owner: int | None
    visibility: Visibility
    kinds: frozenset[str] | None = None
    stack: bool = False
    name: str = ""
    place: str = ""
    label: str = ""

    def words(self, translate: Translate | None = None) -> str:
        """The label filled in (``P0's Ringside pile``), translated by ``translate`` (a game's
        :func:`~cardtable.core.i18n.translator`; none: English); "" when not declared."""
        if not self.label:
            return ""
        if translate is None:
            return self.label.format(player=self.owner, place=self.place)
        return translate(self.label, player=self.owner, place=self.place)

    def visible_to(self, player: int | None) -> bool:
        """Whether ``player`` (``None``: a spectator) may see which cards are in this zone."""
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return player is not None and player == self.owner
        return False


def places(
    key: str,
    owner: int | None,
    visibility: Visibility,
    kinds: frozenset[str] | None = None,
    *,
    name: str,
    label: str,
    count: int,
) -> list[ZoneSpec]:
    """``count`` zones of one name and owner, places 1 to ``count`` (slots, places on a
    court): ``key`` is a template of ``{place}`` (``"p0.slot{place}.up"``), filled here;
    ``label`` a template of ``{player}`` and ``{place}`` (``"P{player}'s slot {place} (face
    up)"``), kept for :meth:`ZoneSpec.words`."""
    return [
        ZoneSpec(
            key.format(place=n),
            owner,
            visibility,
            kinds,
            name=name,
            place=str(n),
            label=label,
        )
        for n in range(1, count + 1)
    ]


def visibility_table(specs: tuple[ZoneSpec, ...], num_players: int) -> tuple[tuple[bool, ...], ...]:
    """Return ``table[viewer][zone]``: may the viewer see the zone; viewer ``num_players`` is a
    spectator."""
    rows = [tuple(s.visible_to(p) for s in specs) for p in range(num_players)]
    rows.append(tuple(s.visible_to(None) for s in specs))
    return tuple(rows)
