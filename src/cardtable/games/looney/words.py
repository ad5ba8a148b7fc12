"""Looney Tunes events in words, for the game log (``LooneyPresentation.describe_event``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a face-down actor placed by an opponent is "an actor", a card drawn by an opponent is
"a card". The words are those of docs/rules/looney.md: the Movie deck, scenes on the
storyboard's slots, a player's slots with face-down and face-up actors, the Role, the score
pile.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.core.game import Game

_SLOT = re.compile(r"p(\d+)\.slot(\d+)\.(down|effects|up)")
_PLAYER_ZONE = re.compile(r"p(\d+)\.(hand|deck|discard|score|role)")
_SHARED_SLOT = re.compile(r"(storyboard|location)\.(\d+)")

_PILES = {
    "hand": "hand",
    "deck": "deck",
    "discard": "discard pile",
    "score": "score pile",
    "role": "Role",
}
_SLOT_PARTS = {"down": "face down", "effects": "special effects", "up": "face up"}


def zone_label(key: str) -> str | None:
    """``p1.slot2.down``: ``P1's slot 2 (face down)``; ``storyboard.2``: ``scene 2``;
    ``location.2``: ``the location at slot 2`` (it outlives the scenes there, LT-9.2)."""
    if key == "movie_deck":
        return "the Movie deck"
    if key == "movie_discard":
        return "the Movie deck's discard pile"
    if m := _SHARED_SLOT.fullmatch(key):
        return f"scene {m[2]}" if m[1] == "storyboard" else f"the location at slot {m[2]}"
    if m := _PLAYER_ZONE.fullmatch(key):
        return f"P{m[1]}'s {_PILES[m[2]]}"
    if m := _SLOT.fullmatch(key):
        return f"P{m[1]}'s slot {m[2]} ({_SLOT_PARTS[m[3]]})"
    return None


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _owner(key: str) -> int | None:
    m = re.match(r"p(\d+)\.", key)
    return int(m[1]) if m else None


def _scores(scores: list[int]) -> str:
    return ", ".join(f"P{p} {s}" for p, s in enumerate(scores))


def describe(game: Game, view: dict[str, Any]) -> str | None:
    """A Looney Tunes event view in words; ``None`` for an event kind this game never emits."""
    kind = view["kind"]
    p = view.get("player")
    if kind == "move":
        return _move(game, view)
    if kind == "reveal":
        return f"P{p} turns {game.card_name(view['card'])} face up"
    if kind == "first_player":
        first = view["first"]
        if first == p:
            return f"P{p} chooses to go first"
        return f"P{p} chooses P{first} to go first"
    if kind == "round":
        return f"Round {view['round']} begins; P{p} is the round player"
    if kind == "reshuffle":
        if view["deck"] == "movie_deck":
            return "The Movie deck's discard pile is shuffled into a new Movie deck"
        return f"P{p} shuffles their discard pile into a new deck"
    if kind == "eliminated":
        return f"P{p} is eliminated"
    if kind == "role_failed":
        return f"P{p}'s Role fails: the deck ran out, or its first actor could not be placed"
    if kind == "scene_scored":
        return _scene_scored(game, view)
    if kind == "game_over":
        return _game_over(view)
    return None


def _move(game: Game, view: dict[str, Any]) -> str:
    src, dst = view["from"], view["to"]
    card = game.card_name(view.get("card"))
    p = view.get("player")
    if p is None:
        p = _owner(dst) if _owner(dst) is not None else _owner(src)
    story = re.fullmatch(r"storyboard\.(\d+)", dst)
    if src == "movie_deck" and story and card:
        return f"{card} is turned over from the Movie deck as scene {story[1]}"
    if src == "movie_discard" and dst == "movie_deck" and card:
        return f"{card} is shuffled from the Movie deck's discard pile into the Movie deck"
    from_pile = _PLAYER_ZONE.fullmatch(src)
    to_pile = _PLAYER_ZONE.fullmatch(dst)
    to_slot = _SLOT.fullmatch(dst)
    if from_pile and from_pile[2] == "hand":
        words = _from_hand(p, card, dst, story, to_slot)
        if words:
            return words
    if from_pile and from_pile[2] == "deck" and to_pile:
        words = _from_deck(p, card, to_pile[2])
        if words:
            return words
    if from_pile and from_pile[2] == "discard" and to_pile and to_pile[2] == "deck":
        what = card or "a card"
        return f"P{p} shuffles {what} from their discard pile back into their deck"
    if from_pile and from_pile[2] == "role" and to_slot:
        what = card or "the actor"
        return f"P{p} places {what} from their Role face up in slot {to_slot[2]}"
    from_slot = _SLOT.fullmatch(src)
    if from_slot and to_pile and to_pile[2] == "discard":
        what = card or "a card"
        slot = from_slot[2]
        return f"{_cap(what)} goes from P{p}'s slot {slot} to their discard pile"
    from_story = _SHARED_SLOT.fullmatch(src)
    if from_story and from_story[1] == "storyboard":
        scene = f"Scene {from_story[2]}, {card}," if card else f"Scene {from_story[2]}"
        return f"{scene} goes to {zone_label(dst)}"
    what = card or "a card"
    src_label, dst_label = zone_label(src) or src, zone_label(dst) or dst
    return f"{_cap(what)} goes from {src_label} to {dst_label}"


def _from_hand(
    p: Any, card: str | None, dst: str, story: re.Match[str] | None, to_slot: re.Match[str] | None
) -> str | None:
    """A card played from P``p``'s hand to ``dst`` (a scene, a slot or a location), or None."""
    if story and card:
        return f"P{p} plays the scene {card} from their hand as scene {story[1]}"
    if story:
        return f"P{p} plays a scene from their hand as scene {story[1]}"
    if to_slot and to_slot[3] == "down":
        what = card or "an actor"
        return f"P{p} places {what} face down in slot {to_slot[2]}"
    if to_slot and to_slot[3] == "effects":
        what = f"the special effect {card}" if card else "a special effect"
        return f"P{p} adds {what} face down to slot {to_slot[2]}"
    loc = re.fullmatch(r"location\.(\d+)", dst)
    if loc:
        what = f"the location {card}" if card else "a location"
        return f"P{p} puts {what} at slot {loc[1]}, where it stays"
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


def _scene_scored(game: Game, view: dict[str, Any]) -> str:
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


def _game_over(view: dict[str, Any]) -> str:
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
