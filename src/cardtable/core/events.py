"""Event records returned by ``apply_action``, and their per-player views.

An event is a small tuple. A ``move`` names a card instance and the zones it left and entered;
whether a player may learn which card it was is derived from the zones' declarations: the card
is shown to a player who may see either zone. Other events carry public data only, or name the
one player they are private to.
"""
# cardtable: compile

from __future__ import annotations

from typing import Any, NamedTuple

NO_CARD = -1
NO_ZONE = -1
EVERYONE = -1


class Event(NamedTuple):
    """One thing that happened.

    ``kind``: e.g. ``move``, ``reveal``, ``score``, ``eliminated``, ``game_over``.
    ``player``: the player the event is about, or -1.
    ``card``: a card instance for ``move``/``reveal``, else -1.
    ``src``/``dst``: zone indices for ``move``, else -1.
    ``data``: public details (JSON-ready), or ``None``.
    ``private_to``: -1 if every player may see the event, else the only player who may.
    """

    kind: str
    player: int = EVERYONE
    card: int = NO_CARD
    src: int = NO_ZONE
    dst: int = NO_ZONE
    data: dict[str, Any] | None = None
    private_to: int = EVERYONE


# The helpers build the tuple directly: the generated ``Event.__new__`` costs a Python call.
_new_event = tuple.__new__


def move(card: int, src: int, dst: int, player: int = EVERYONE) -> Event:
    """A card instance moved from zone ``src`` to zone ``dst``."""
    return _new_event(Event, ("move", player, card, src, dst, None, EVERYONE))


def reveal(card: int, player: int = EVERYONE) -> Event:
    """A card instance was turned face up for everyone."""
    return _new_event(Event, ("reveal", player, card, NO_ZONE, NO_ZONE, None, EVERYONE))


def note(kind: str, player: int = EVERYONE, **data: Any) -> Event:
    """A public event with data, such as a score or the end of the game."""
    return _new_event(Event, (kind, player, NO_CARD, NO_ZONE, NO_ZONE, data, EVERYONE))
