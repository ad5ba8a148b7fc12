"""Events in words, for logs people read (the terminal, the server, replays).

Plain text, no markup: a caller that prints to a rich console escapes it. The text is built
from an event *view* (``state.event_view(event, viewer)``), so it names only the cards that
viewer may see. Each game words its own events (``Presentation.describe_event``, e.g. ``P0 plays
Body Slam as a maneuver``); an event a game leaves to this module gets the generic text, with
zones and details in words (``P0 moves a hidden card from P0's deck to P0's hand``). Every
text exists in each language of ``cardtable.core.i18n``.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import Lang, translator

_OWNER = re.compile(r"([pt])(\d+)")
_NUMBERED = re.compile(r"([a-z_]+?)(\d+)")


def describe_event(
    game: Game, view: dict[str, Any], viewer: int | None = None, lang: Lang = "en"
) -> str:
    """An event view in words in ``lang``: the game's own sentence (``P1 draws a card``),
    else the generic one (``P0 moves Taz from P0's hand to P0's slot 1 down``). ``viewer`` is
    the player the view was made for (``None``: a spectator)."""
    text = game.presentation.describe_event(view, viewer, lang)
    return text if text else generic_text(game, view, lang)


def generic_text(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    """The generic words of an event view, from its kind, zones and details."""
    _ = translator("cardtable", lang)
    who = _("P{player}", player=view["player"]) if "player" in view else _("Somebody")
    if view["kind"] == "move":
        card = game.card_name(view.get("card"), lang) or _("a hidden card")
        src, dst = zone_text(game, view["from"], lang), zone_text(game, view["to"], lang)
        return _("{who} moves {card} from {src} to {dst}", who=who, card=card, src=src, dst=dst)
    if view["kind"] == "reveal":
        card = game.card_name(view.get("card"), lang) or _("a card")
        return _("{who} reveals {card}", who=who, card=card)
    details = "; ".join(
        f"{key.replace('_', ' ')} {value_text(game, key, value, lang)}"
        for key, value in view.items()
        if key not in ("kind", "player")
    )
    kind = view["kind"].replace("_", " ")
    text = f"{who}: {kind}" if "player" in view else kind.capitalize()
    return f"{text} ({details})" if details else text


def zone_text(game: Game, key: str, lang: Lang = "en") -> str:
    """A zone key in words: the game's label, else a generic one."""
    return game.presentation.zone_label(key, lang) or generic_zone_label(key)


def generic_zone_label(key: str) -> str:
    """``p0.ringside``: ``P0's ringside``; ``storyboard.2``: ``the storyboard 2``;
    ``p1.slot3.down``: ``P1's slot 3 down``."""
    parts = key.split(".")
    owner = ""
    m = _OWNER.fullmatch(parts[0])
    if m and len(parts) > 1:
        owner = f"P{m[2]}'s "
        parts = parts[1:]
    words: list[str] = []
    for part in parts:
        n = _NUMBERED.fullmatch(part)
        words.append(f"{n[1]} {n[2]}" if n else part)
    text = " ".join(words).replace("_", " ")
    return f"{owner}{text}" if owner else f"the {text}"


def value_text(game: Game, key: str, value: Any, lang: Lang = "en") -> str:
    """A detail of an event in words: card ids as names, zone keys as labels, lists and
    mappings spelt out."""
    if isinstance(value, bool):
        _ = translator("cardtable", lang)
        return _("yes") if value else _("no")
    if isinstance(value, str):
        if value in game.zone_keys:
            return zone_text(game, value, lang)
        return game.card_name(value, lang) or value.replace("_", " ")
    if isinstance(value, list | tuple):
        return ", ".join(value_text(game, key, v, lang) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} {value_text(game, str(k), v, lang)}" for k, v in value.items())
    return str(value)
