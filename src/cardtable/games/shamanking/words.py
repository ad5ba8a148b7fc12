"""Shaman King events in words, for the game log (``SKPresentation.describe_event``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: furyoku lies face down, so a card that goes from the deck to furyoku is "a card". The
words are those of docs/rules/shamanking.md: the green, yellow and red zones with their play,
teamwork and furyoku areas, flipping, the defender, the incoming Force, counterattacks,
Signature moves, the Opening Attack.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.core.game import Game

from .cards import ZONES, SKCard, character_of

_ZONE = re.compile(
    r"p(\d+)\.(deck|discard|advantage|shaman|furyoku|play|teamwork)(?:\.(green|yellow|red))?"
)
_LABELS = {
    "deck": "deck",
    "discard": "discard pile",
    "advantage": "advantage area",
    "shaman": "Shaman",
    "furyoku": "furyoku",
    "play": "play area",
    "teamwork": "teamwork area",
}


def zone_label(key: str) -> str | None:
    """``p0.furyoku.red``: ``P0's red furyoku``; ``p1.discard``: ``P1's discard pile``."""
    m = _ZONE.fullmatch(key)
    if m is None:
        return None
    colour = f"{m[3]} " if m[3] else ""
    return f"P{m[1]}'s {colour}{_LABELS[m[2]]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _points(points: list[int]) -> str:
    return ", ".join(f"P{p} {n}" for p, n in enumerate(points))


def describe(game: Game, view: dict[str, Any]) -> str | None:
    """A Shaman King event view in words; ``None`` for an event kind this game never emits."""
    kind = view["kind"]
    p = view.get("player")
    if kind == "move":
        return _move(game, view)
    if kind == "opening_attack":
        return f"P{p} sends the Opening Attack at P{1 - view['player']}"
    if kind == "turn":
        return f"P{p} defends against an incoming Force of {view['incoming']}"
    if kind == "shaman_turns_over":
        return f"P{p}'s Shaman turns over to its {view['side']} side"
    if kind == "signature_move":
        return (
            f"P{p} uses the Signature move {view['name']}: a counterattack of Force {view['force']}"
        )
    if kind == "counterattack":
        card = game.card_name(view["card"])
        return f"P{p} counterattacks with {card} in the {view['zone']} zone: Force {view['force']}"
    if kind == "point":
        return f"P{p} scores a point (points: {_points(view['points'])})"
    if kind == "deck_rebuilt":
        counts = ", ".join(f"{c} {n}" for c, n in zip(ZONES, view["furyoku"], strict=True))
        return (
            f"P{p}'s deck is exhausted: their cards are shuffled into a new deck and their "
            f"furyoku refilled ({counts})"
        )
    if kind == "game_over":
        points = _points(view["points"])
        if "player" not in view:
            return f"The game is a draw: the turn limit is reached (points: {points})"
        return f"P{p} wins the game (points: {points})"
    return None


def _character(game: Game, card_id: str | None) -> str:
    """The character whose name a Teamwork card gives its zone (SK-5.7)."""
    card = game.card_pool.get(card_id) if card_id else None
    return character_of(card) if isinstance(card, SKCard) else "its character"


def _move(game: Game, view: dict[str, Any]) -> str:
    src, dst = _ZONE.fullmatch(view["from"]), _ZONE.fullmatch(view["to"])
    card = game.card_name(view.get("card"))
    what = card or "a card"
    if src is None or dst is None:
        return f"{_cap(what)} goes from {view['from']} to {view['to']}"
    p = view.get("player", int(src[1]))
    a, b = src[2], dst[2]
    colour = dst[3] or src[3]
    if (a, b) == ("deck", "play"):
        return f"P{p} flips {what} into the {colour} zone"
    if (a, b) == ("play", "furyoku"):
        return f"P{p} focuses {what} into {colour} furyoku"
    if (a, b) == ("play", "teamwork"):
        return (
            f"P{p} plays the Teamwork card {what} in the {colour} zone, which becomes "
            f"{_character(game, view.get('card'))}'s zone"
        )
    if (a, b) == ("play", "advantage"):
        return f"P{p} plays the Advantage {what} from the {colour} zone"
    if (a, b) == ("furyoku", "discard"):
        return f"P{p} pays with {what} from their {colour} furyoku"
    if (a, b) == ("discard", "furyoku"):
        return f"P{p} gains {what} from their discard pile as {colour} furyoku"
    if (a, b) == ("deck", "discard"):
        return f"P{p} turns {what} from their deck onto their discard pile"
    if (a, b) == ("deck", "furyoku"):
        return f"P{p} puts {what} from their new deck face down as {colour} furyoku"
    if b == "deck":
        source = zone_label(view["from"])
        return f"{_cap(what)} is shuffled from {source} into P{p}'s new deck"
    if (a, b) == ("teamwork", "discard"):
        return (
            f"P{p}'s Teamwork card {what} in the {colour} zone is replaced and goes to their "
            "discard pile"
        )
    if b == "discard":
        source = zone_label(view["from"])
        return f"{_cap(what)} goes from {source} to their discard pile"
    src_label, dst_label = zone_label(view["from"]), zone_label(view["to"])
    return f"{_cap(what)} goes from {src_label} to {dst_label}"
