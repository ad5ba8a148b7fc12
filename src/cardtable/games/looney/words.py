"""Looney Tunes events in words, for the game log (``LooneyPresentation.sentences``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a face-down actor placed by an opponent is "an actor", a card drawn by an opponent is
"a card". The words are those of docs/rules/looney.md: the Movie deck, scenes on the
storyboard's slots, a player's slots with face-down and face-up actors, the Role, the score
pile. The zones' own words are their labels (zones.py).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import Lang
from cardtable.core.wording import Move, Sentences, cap, read_move
from cardtable.core.zones import ZoneSpec

from .zones import PILES, SLOT_PARTS


def _scores(scores: list[int]) -> str:
    return ", ".join(f"P{p} {s}" for p, s in enumerate(scores))


def _first_player(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    p, first = view.get("player"), view["first"]
    if first == p:
        return f"P{p} chooses to go first"
    return f"P{p} chooses P{first} to go first"


def _reshuffle(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    if view["deck"] == "movie_deck":
        return "The Movie deck's discard pile is shuffled into a new Movie deck"
    return f"P{view.get('player')} shuffles their discard pile into a new deck"


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view)
    card, p, a, b = m.card, m.player, m.src.name, m.dst.name
    if a == "movie_deck" and b == "storyboard" and card:
        return f"{card} is turned over from the Movie deck as scene {m.dst.place}"
    if a == "movie_discard" and b == "movie_deck" and card:
        return f"{card} is shuffled from the Movie deck's discard pile into the Movie deck"
    words = _from_hand(p, card, m.dst) if a == "hand" else None
    if a == "deck" and b in PILES:
        words = _from_deck(p, card, b)
    return words or _other_move(m)


def _other_move(m: Move) -> str:
    """A move that is not a play from the hand nor a card from the deck (or that such words
    do not cover)."""
    card, p, a, b = m.card, m.player, m.src.name, m.dst.name
    if a == "discard" and b == "deck":
        what = card or "a card"
        return f"P{p} shuffles {what} from their discard pile back into their deck"
    if a == "role" and b in SLOT_PARTS:
        what = card or "the actor"
        return f"P{p} places {what} from their Role face up in slot {m.dst.place}"
    if a in SLOT_PARTS and b == "discard":
        return f"{cap(m.what)} goes from P{p}'s slot {m.src.place} to their discard pile"
    if a == "storyboard":
        scene = f"Scene {m.src.place}, {card}," if card else f"Scene {m.src.place}"
        return f"{scene} goes to {m.dst_label}"
    return m.goes()


def _from_hand(p: Any, card: str | None, dst: ZoneSpec) -> str | None:
    """A card played from P``p``'s hand to ``dst`` (a scene, a slot or a location), or None."""
    if dst.name == "storyboard" and card:
        return f"P{p} plays the scene {card} from their hand as scene {dst.place}"
    if dst.name == "storyboard":
        return f"P{p} plays a scene from their hand as scene {dst.place}"
    if dst.name == "down":
        what = card or "an actor"
        return f"P{p} places {what} face down in slot {dst.place}"
    if dst.name == "effects":
        what = f"the special effect {card}" if card else "a special effect"
        return f"P{p} adds {what} face down to slot {dst.place}"
    if dst.name == "location":
        what = f"the location {card}" if card else "a location"
        return f"P{p} puts {what} at slot {dst.place}, where it stays"
    return None


def _from_deck(p: Any, card: str | None, pile: str) -> str | None:
    """A card from P``p``'s deck to their ``pile`` (drawn, or turned over by a Role), or
    None."""
    if pile == "hand":
        return f"P{p} draws {card}" if card else f"P{p} draws a card"
    if pile == "role":
        what = card or "an actor"
        return f"P{p}'s Role turns up {what}"
    if pile == "discard":
        what = card or "a card"
        return f"P{p}'s Role turns over {what}, which goes to their discard pile"
    return None


def _scene_scored(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    scene = game.card_name(view["scene"])
    slot = view["slot"]
    looks = f"rank {view['scene_rank']}, {view['scene_color']}"
    ranks = ", ".join(f"P{q} {v}" for q, v in view["values"].items())
    if "player" in view:
        pts = view["points"]
        points = f"{pts} point" if pts == 1 else f"{pts} points"
        winner = view["player"]
        return f"P{winner} wins scene {slot}, {scene} ({looks}), for {points}; rank values: {ranks}"
    return f"Nobody wins scene {slot}, {scene} ({looks}); rank values: {ranks}"


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    how = view["how"]
    scores = _scores(view["scores"])
    if "player" not in view:
        return f"The game is a draw after the round limit (scores: {scores})"
    p = view["player"]
    if how == "points":
        return f"P{p} wins the game on points (scores: {scores})"
    if how == "elimination":
        return f"P{p} wins the game: every other player is eliminated (scores: {scores})"
    return f"P{p} wins the game with the most points after the round limit (scores: {scores})"


SENTENCES: Sentences = {
    "move": _move,
    "reveal": "P{player} turns {card} face up",
    "first_player": _first_player,
    "round": "Round {round} begins; P{player} is the round player",
    "reshuffle": _reshuffle,
    "eliminated": "P{player} is eliminated",
    "role_failed": (
        "P{player}'s Role fails: the deck ran out, or its first actor could not be placed"
    ),
    "scene_scored": _scene_scored,
    "game_over": _game_over,
}
