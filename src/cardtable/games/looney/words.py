"""Looney Tunes events in words, for the game log (``LooneyPresentation.sentences``), in
English and Japanese.

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a face-down actor placed by an opponent is "an actor", a card drawn by an opponent is
"a card". The words are those of docs/rules/looney.md: the Movie deck, scenes on the
storyboard's slots, a player's slots with face-down and face-up actors, the Role, the score
pile; in Japanese the seed's: ムービーデッキ, シーン, スロット, 裏向き, 表向き, ロール,
捨て札, 獲得. The zones' own words are their labels (zones.py). A sentence with a card and
one without are two messages, so that each language words the hidden card its own way.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang, Translate
from cardtable.core.wording import Move, Sentences, cap, game_words, read_move

from .text import color_word
from .zones import PILES, SLOT_PARTS


def _scores(scores: list[int], lang: Lang) -> str:
    """``P0 12, P1 41`` (``P0 12、P1 41`` in Japanese)."""
    return ("、" if lang == "ja" else ", ").join(f"P{p} {s}" for p, s in enumerate(scores))


def _first_player(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    p, first = view.get("player"), view["first"]
    if first == p:
        return _("P{player} chooses to go first", player=p)
    return _("P{player} chooses P{first} to go first", player=p, first=first)


def _reshuffle(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    if view["deck"] == "movie_deck":
        return _("The Movie deck's discard pile is shuffled into a new Movie deck")
    return _("P{player} shuffles their discard pile into a new deck", player=view.get("player"))


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view, lang)
    _ = game_words(game, lang)
    card, p, a, b, place = m.card, m.player, m.src.name, m.dst.name, m.dst.place
    if a == "movie_deck" and b == "storyboard" and card:
        return _(
            "{card} is turned over from the Movie deck as scene {place}", card=card, place=place
        )
    if a == "movie_discard" and b == "movie_deck" and card:
        return _(
            "{card} is shuffled from the Movie deck's discard pile into the Movie deck", card=card
        )
    words = _from_hand(_, p, card, b, place) if a == "hand" else None
    if a == "deck" and b in PILES:
        words = _from_deck(_, p, card, b)
    return words or _other_move(_, m)


def _other_move(_: Translate, m: Move) -> str:
    """A move that is not a play from the hand nor a card from the deck (or that such words
    do not cover)."""
    card, p, a, b = m.card, m.player, m.src.name, m.dst.name
    if a == "discard" and b == "deck":
        if card:
            return _(
                "P{player} shuffles {card} from their discard pile back into their deck",
                player=p,
                card=card,
            )
        return _("P{player} shuffles a card from their discard pile back into their deck", player=p)
    if a == "role" and b in SLOT_PARTS:
        if card:
            return _(
                "P{player} places {card} from their Role face up in slot {place}",
                player=p,
                card=card,
                place=m.dst.place,
            )
        return _(
            "P{player} places the actor from their Role face up in slot {place}",
            player=p,
            place=m.dst.place,
        )
    if a in SLOT_PARTS and b == "discard":
        fields = {"player": p, "place": m.src.place}
        if card:
            return _(
                "{card} goes from P{player}'s slot {place} to their discard pile",
                card=cap(card),
                **fields,
            )
        return _("A card goes from P{player}'s slot {place} to their discard pile", **fields)
    if a == "storyboard":
        fields = {"place": m.src.place, "zone": m.dst_label}
        if card:
            return _("Scene {place}, {card}, goes to {zone}", card=card, **fields)
        return _("Scene {place} goes to {zone}", **fields)
    return m.goes()


def _from_hand(_: Translate, p: Any, card: str | None, dst: str, place: str) -> str | None:
    """A card played from P``p``'s hand to the zone named ``dst`` (a scene, a slot or a
    location) at ``place``, or None."""
    fields = {"player": p, "place": place}
    if dst == "storyboard":
        if card:
            return _(
                "P{player} plays the scene {card} from their hand as scene {place}",
                card=card,
                **fields,
            )
        return _("P{player} plays a scene from their hand as scene {place}", **fields)
    if dst == "down":
        if card:
            return _("P{player} places {card} face down in slot {place}", card=card, **fields)
        return _("P{player} places an actor face down in slot {place}", **fields)
    if dst == "effects":
        if card:
            return _(
                "P{player} adds the special effect {card} face down to slot {place}",
                card=card,
                **fields,
            )
        return _("P{player} adds a special effect face down to slot {place}", **fields)
    if dst == "location":
        if card:
            return _(
                "P{player} puts the location {card} at slot {place}, where it stays",
                card=card,
                **fields,
            )
        return _("P{player} puts a location at slot {place}, where it stays", **fields)
    return None


def _from_deck(_: Translate, p: Any, card: str | None, pile: str) -> str | None:
    """A card from P``p``'s deck to their ``pile`` (drawn, or turned over by a Role), or
    None."""
    if pile == "hand":
        if card:
            return _("P{player} draws {card}", player=p, card=card)
        return _("P{player} draws a card", player=p)
    if pile == "role":
        if card:
            return _("P{player}'s Role turns up {card}", player=p, card=card)
        return _("P{player}'s Role turns up an actor", player=p)
    if pile == "discard":
        if card:
            return _(
                "P{player}'s Role turns over {card}, which goes to their discard pile",
                player=p,
                card=card,
            )
        return _("P{player}'s Role turns over a card, which goes to their discard pile", player=p)
    return None


def _scene_scored(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    looks = _(
        "rank {rank}, {color}", rank=view["scene_rank"], color=color_word(view["scene_color"], _)
    )
    ranks = ("、" if lang == "ja" else ", ").join(f"P{q} {v}" for q, v in view["values"].items())
    fields = {
        "place": view["slot"],
        "scene": game.card_name(view["scene"], lang),
        "looks": looks,
        "ranks": ranks,
    }
    if "player" in view:
        pts = view["points"]
        points = _("1 point") if pts == 1 else _("{points} points", points=pts)
        return _(
            "P{player} wins scene {place}, {scene} ({looks}), for {points}; rank values: {ranks}",
            player=view["player"],
            points=points,
            **fields,
        )
    return _("Nobody wins scene {place}, {scene} ({looks}); rank values: {ranks}", **fields)


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    how = view["how"]
    scores = _scores(view["scores"], lang)
    if "player" not in view:
        return _("The game is a draw after the round limit (scores: {scores})", scores=scores)
    fields = {"player": view["player"], "scores": scores}
    if how == "points":
        return _("P{player} wins the game on points (scores: {scores})", **fields)
    if how == "elimination":
        return _(
            "P{player} wins the game: every other player is eliminated (scores: {scores})",
            **fields,
        )
    return _(
        "P{player} wins the game with the most points after the round limit (scores: {scores})",
        **fields,
    )


SENTENCES: Sentences = {
    "move": _move,
    "reveal": N_("P{player} turns {card} face up"),
    "first_player": _first_player,
    "round": N_("Round {round} begins; P{player} is the round player"),
    "reshuffle": _reshuffle,
    "eliminated": N_("P{player} is eliminated"),
    "role_failed": N_(
        "P{player}'s Role fails: the deck ran out, or its first actor could not be placed"
    ),
    "scene_scored": _scene_scored,
    "game_over": _game_over,
}
