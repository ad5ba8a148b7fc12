"""Raw Deal events in words, for the game log (``RawDealPresentation.describe_event``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: an opponent's draw is "a card". The words are those of docs/rules/rawdeal.md: the
Arsenal, the Ring, the Ringside pile, the Backlash deck, Pre-match cards, maneuvers and
actions, reversals, overturning, pinfall and count-out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .zones import ZONE_NAMES

if TYPE_CHECKING:
    from .game import RawDealGame

_ZONE = re.compile(rf"p(\d+)\.({'|'.join(ZONE_NAMES)})")
_LABELS = {
    "hand": "hand",
    "arsenal": "Arsenal",
    "ring": "Ring",
    "ringside": "Ringside pile",
    "backlash": "Backlash deck",
    "backstage": "Backstage area",
    "prematch": "Pre-match area",
    "playing": "playing area",
}


def zone_label(key: str) -> str | None:
    """``p0.ringside``: ``P0's Ringside pile``."""
    m = _ZONE.fullmatch(key)
    return f"P{m[1]}'s {_LABELS[m[2]]}" if m else None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _side(game: RawDealGame, p: int) -> str:
    """A winner: a player, or in a tag team match a team (seats p and p + 2)."""
    return f"P{p} and P{p + 2}" if game.options.match == "tag" else f"P{p}"


def describe(game: RawDealGame, view: dict[str, Any]) -> str | None:
    """A Raw Deal event view in words; ``None`` for an event kind this game never emits."""
    kind = view["kind"]
    p = view.get("player")
    if kind == "move":
        return _move(game, view)
    if kind == "turn":
        return f"Turn {view['turn']}: P{p} is the turn player"
    if kind == "first_player":
        return f"P{p} has the highest Superstar Value and goes first"
    if kind == "target":
        return f"P{p} aims the card at P{view['target']}"
    if kind == "ability":
        return f"P{p} uses their Superstar ability"
    if kind == "tag":
        return f"P{p} tags in their partner P{view['partner']}"
    if kind == "play":
        as_type = "a maneuver" if view["as_type"] == "maneuver" else "an action"
        return f"P{p} plays {game.card_name(view['card'])} as {as_type}"
    if kind == "damage":
        return f"P{p} takes {view['amount']} damage"
    if kind == "overturn":
        n = view["amount"]
        cards = "1 card" if n == 1 else f"{n} cards"
        return f"P{p} must overturn {cards} of their own Arsenal for their card (not damage)"
    if kind == "reversal":
        return f"P{p} reverses it with {game.card_name(view['card'])}"
    if kind == "reversed_from_arsenal":
        card = game.card_name(view["card"])
        return f"P{p} overturns the reversal {card} from their Arsenal and stops the damage"
    if kind == "eliminated":
        how = "is pinned" if view["how"] == "pinfall" else "is counted out"
        return f"P{p} {how} and leaves the match"
    if kind == "game_over":
        return _game_over(game, view)
    return None


def _move(game: RawDealGame, view: dict[str, Any]) -> str:
    src, dst = _ZONE.fullmatch(view["from"]), _ZONE.fullmatch(view["to"])
    card = game.card_name(view.get("card"))
    what = card or "a card"
    if src is None or dst is None:
        return f"{_cap(what)} goes from {view['from']} to {view['to']}"
    p = view.get("player", int(src[1]))
    a, b = src[2], dst[2]
    mine = src[1] == dst[1] == str(p)
    if mine and (a, b) == ("arsenal", "hand"):
        return f"P{p} draws {what}"
    if mine and (a, b) == ("arsenal", "ringside"):
        return f"P{p} overturns {what} from their Arsenal to their Ringside pile"
    if mine and b == "playing":
        return f"P{p} takes {what} from their {_LABELS[a]} into the playing area"
    if mine and (a, b) == ("backlash", "prematch"):
        return f"P{p} places {what} from their Backlash deck as a Pre-match card"
    if mine and b == "ring" and a != "playing":
        return f"P{p} puts {what} from their {_LABELS[a]} into their Ring to reverse the card"
    if mine and (a, b) == ("playing", "ring"):
        return f"{_cap(what)} enters P{p}'s Ring"
    if mine and (a, b) == ("playing", "ringside"):
        return f"{_cap(what)} is reversed and goes to P{p}'s Ringside pile"
    if mine and (a, b) == ("hand", "arsenal"):
        return f"P{p} puts {what} from their hand at the bottom of their Arsenal"
    if mine and (a, b) == ("hand", "ringside"):
        return f"P{p} discards {what} from their hand to their Ringside pile"
    if mine and (a, b) == ("ringside", "arsenal"):
        return f"P{p} puts {what} from their Ringside pile at the bottom of their Arsenal"
    src_label, dst_label = zone_label(view["from"]), zone_label(view["to"])
    return f"{_cap(what)} goes from {src_label} to {dst_label}"


def _game_over(game: RawDealGame, view: dict[str, Any]) -> str:
    how = view["how"]
    if "player" in view:
        side = _side(game, view["player"])
        verb = "wins" if game.options.match != "tag" else "win"
        return f"{side} {verb} the match by {how}"
    if how == "turn limit":
        return "The match is a draw: the turn limit is reached"
    what = how.removeprefix("double ")
    if game.options.double_countout == "draw":
        return f"The match is a draw: the last players go out together by {what}"
    return f"Nobody wins: the last players go out together by {what}"
