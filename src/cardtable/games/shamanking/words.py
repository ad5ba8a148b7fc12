"""Shaman King events in words, for the game log (``SKPresentation.sentences``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: furyoku lies face down, so a card that goes from the deck to furyoku is "a card". The
words are those of docs/rules/shamanking.md: the green, yellow and red zones with their play,
teamwork and furyoku areas, flipping, the defender, the incoming Force, counterattacks,
Signature moves, the Opening Attack. The zones' own words are their labels (zones.py).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import Lang
from cardtable.core.wording import Sentences, cap, read_move

from .cards import ZONES, SKCard, character_of


def _points(points: list[int]) -> str:
    return ", ".join(f"P{p} {n}" for p, n in enumerate(points))


def _opening_attack(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    p = view["player"]
    return f"P{p} sends the Opening Attack at P{1 - p}"


def _point(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    return f"P{view.get('player')} scores a point (points: {_points(view['points'])})"


def _deck_rebuilt(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    counts = ", ".join(f"{c} {n}" for c, n in zip(ZONES, view["furyoku"], strict=True))
    return (
        f"P{view.get('player')}'s deck is exhausted: their cards are shuffled into a new deck "
        f"and their furyoku refilled ({counts})"
    )


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    points = _points(view["points"])
    if "player" not in view:
        return f"The game is a draw: the turn limit is reached (points: {points})"
    return f"P{view['player']} wins the game (points: {points})"


def _character(game: Game, card_id: str | None) -> str:
    """The character whose name a Teamwork card gives its zone (SK-5.7)."""
    card = game.card_pool.get(card_id) if card_id else None
    return character_of(card) if isinstance(card, SKCard) else "its character"


# a move from (source, destination): what the player does ({colour}: of the zones)
_MOVES = {
    ("deck", "play"): "P{p} flips {what} into the {colour} zone",
    ("play", "furyoku"): "P{p} focuses {what} into {colour} furyoku",
    ("play", "advantage"): "P{p} plays the Advantage {what} from the {colour} zone",
    ("furyoku", "discard"): "P{p} pays with {what} from their {colour} furyoku",
    ("discard", "furyoku"): "P{p} gains {what} from their discard pile as {colour} furyoku",
    ("deck", "discard"): "P{p} turns {what} from their deck onto their discard pile",
    ("deck", "furyoku"): "P{p} puts {what} from their new deck face down as {colour} furyoku",
}


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view)
    p, a, b, what = m.player, m.src.name, m.dst.name, m.what
    colour = m.dst.place or m.src.place
    if (a, b) == ("play", "teamwork"):
        return (
            f"P{p} plays the Teamwork card {what} in the {colour} zone, which becomes "
            f"{_character(game, m.card_id)}'s zone"
        )
    if (a, b) in _MOVES:
        return _MOVES[a, b].format(p=p, what=what, colour=colour)
    if b == "deck":
        return f"{cap(what)} is shuffled from {m.src_label} into P{p}'s new deck"
    if (a, b) == ("teamwork", "discard"):
        return (
            f"P{p}'s Teamwork card {what} in the {colour} zone is replaced and goes to their "
            "discard pile"
        )
    if b == "discard":
        return f"{cap(what)} goes from {m.src_label} to their discard pile"
    return m.goes()


SENTENCES: Sentences = {
    "move": _move,
    "opening_attack": _opening_attack,
    "turn": "P{player} defends against an incoming Force of {incoming}",
    "shaman_turns_over": "P{player}'s Shaman turns over to its {side} side",
    "signature_move": "P{player} uses the Signature move {name}: a counterattack of Force {force}",
    "counterattack": "P{player} counterattacks with {card} in the {zone} zone: Force {force}",
    "point": _point,
    "deck_rebuilt": _deck_rebuilt,
    "game_over": _game_over,
}
