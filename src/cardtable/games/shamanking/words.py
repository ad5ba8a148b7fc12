"""Shaman King events in words, for the game log (``SKPresentation.sentences``), in English and
Japanese.

Every sentence is built from an event *view* alone, so it names a card only where the view
does: furyoku lies face down, so a card that goes from the deck to furyoku is "a card". The
words are those of docs/rules/shamanking.md: the green, yellow and red zones with their play,
teamwork and furyoku areas, flipping, the defender, the incoming Force, counterattacks,
Signature moves, the Opening Attack. The zones' own words are their labels (zones.py). Every
message is an English template marked for translation (``N_`` in tables, ``_`` in code) and
translated by the game's catalogue (locale/ja/LC_MESSAGES/messages.po), with the seed's words:
巫力, 反撃, 戦闘力, シグネチャームーブ, オープニングアタック.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang
from cardtable.core.wording import Sentences, cap, game_words, read_move

from .cards import ZONES, SKCard, character_of
from .cardtext import short_name
from .text import colour_word


def points_words(game: Game, points: list[int], lang: Lang) -> str:
    """Each player's points: "P0 1, P1 0" (P0 1ポイント、P1 0ポイント)."""
    _ = game_words(game, lang)
    each = [_("P{player} {points}", player=p, points=n) for p, n in enumerate(points)]
    return ("、" if lang == "ja" else ", ").join(each)


def _opening_attack(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    p = view["player"]
    return _("P{player} sends the Opening Attack at P{opponent}", player=p, opponent=1 - p)


def _point(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    points = points_words(game, view["points"], lang)
    return _(
        "P{player} scores a point (points: {points})", player=view.get("player"), points=points
    )


def _deck_rebuilt(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    counts = ("、" if lang == "ja" else ", ").join(
        _("{colour} {count}", colour=colour_word(c, lang), count=n)
        for c, n in zip(ZONES, view["furyoku"], strict=True)
    )
    return _(
        "P{player}'s deck is exhausted: their cards are shuffled into a new deck and their "
        "furyoku refilled ({counts})",
        player=view.get("player"),
        counts=counts,
    )


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    points = points_words(game, view["points"], lang)
    if "player" not in view:
        return _("The game is a draw: the turn limit is reached (points: {points})", points=points)
    return _("P{player} wins the game (points: {points})", player=view["player"], points=points)


def _shaman_turns_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    if view["side"] == "front":
        return _("P{player}'s Shaman turns over to its front side", player=view["player"])
    return _("P{player}'s Shaman turns over to its back side", player=view["player"])


def signature_name(game: Game, name: str, lang: Lang) -> str:
    """A Signature's name (as the rules' tables give it, in English) in ``lang``."""
    if lang == "ja":
        for card in game.card_pool.cards:
            for face in (card.front, card.back) if isinstance(card, SKCard) else ():
                if face is not None and face.signature.name == name:
                    return face.signature.name_ja or name
    return name


def _signature_move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    return _(
        "P{player} uses the Signature move {name}: a counterattack of Force {force}",
        player=view["player"],
        name=signature_name(game, view["name"], lang),
        force=view["force"],
    )


def _counterattack(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    return _(
        "P{player} counterattacks with {card} in the {zone} zone: Force {force}",
        player=view["player"],
        card=game.card_name(view["card"], lang),
        zone=colour_word(view["zone"], lang),
        force=view["force"],
    )


def _character(game: Game, card_id: str | None, lang: Lang) -> str:
    """The character whose name a Teamwork card gives its zone (SK-5.7)."""
    card = game.card_pool.get(card_id) if card_id else None
    _ = game_words(game, lang)
    if not isinstance(card, SKCard):
        return _("its character")
    return short_name(character_of(card), card.name_ja, lang)


# a move from (source, destination): what the player does ({colour}: of the zones)
_MOVES = {
    ("deck", "play"): N_("P{p} flips {what} into the {colour} zone"),
    ("play", "furyoku"): N_("P{p} focuses {what} into {colour} furyoku"),
    ("play", "advantage"): N_("P{p} plays the Advantage {what} from the {colour} zone"),
    ("furyoku", "discard"): N_("P{p} pays with {what} from their {colour} furyoku"),
    ("discard", "furyoku"): N_("P{p} gains {what} from their discard pile as {colour} furyoku"),
    ("deck", "discard"): N_("P{p} turns {what} from their deck onto their discard pile"),
    ("deck", "furyoku"): N_("P{p} puts {what} from their new deck face down as {colour} furyoku"),
    ("teamwork", "discard"): N_(
        "P{p}'s Teamwork card {what} in the {colour} zone is replaced and goes to their "
        "discard pile"
    ),
}


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    m = read_move(game, view, lang)
    p, a, b, what = m.player, m.src.name, m.dst.name, m.what
    place = m.dst.place or m.src.place
    colour = colour_word(place, lang) if place else ""
    if (a, b) == ("play", "teamwork"):
        return _(
            "P{p} plays the Teamwork card {what} in the {colour} zone, which becomes "
            "{character}'s zone",
            p=p,
            what=what,
            colour=colour,
            character=_character(game, m.card_id, lang),
        )
    if (a, b) in _MOVES:
        return _(_MOVES[a, b], p=p, what=what, colour=colour)
    if b == "deck":
        return _(
            "{what} is shuffled from {src} into P{p}'s new deck",
            what=cap(what),
            src=m.src_label,
            p=p,
        )
    if b == "discard":
        return _("{what} goes from {src} to their discard pile", what=cap(what), src=m.src_label)
    return m.goes()


SENTENCES: Sentences = {
    "move": _move,
    "opening_attack": _opening_attack,
    "turn": N_("P{player} defends against an incoming Force of {incoming}"),
    "shaman_turns_over": _shaman_turns_over,
    "signature_move": _signature_move,
    "counterattack": _counterattack,
    "point": _point,
    "deck_rebuilt": _deck_rebuilt,
    "game_over": _game_over,
}
