"""Wheelchair rugby events in words, for the game log (``RugbyPresentation.sentences``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a lineup lies face down until the period starts, so the opponent reads "a player". The
words are those of docs/rules/wcrugby.md: a team's pool, lineup and court with places 1 to 4,
the inbounder and the target, strategy time, substitutions, special and bench-work cards,
tired and fatigued players, ATK, DEF and TOP, periods and held balls. Teams are named by
their seats (P0, P1), as everywhere else at the table. The zones' own words are their
labels (zones.py).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import Lang
from cardtable.core.wording import Sentences, read_move

_CARD_KINDS = {
    "player": "the player",
    "special": "the special card",
    "bench": "the bench-work card",
}


def _pair(label: str, values: list[int]) -> str:
    return f"{label} P0 {values[0]}, P1 {values[1]}"


def _order(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    p, first = view.get("player"), view["first"]
    if first == p:
        return f"P{p} chooses to take strategy time first"
    return f"P{p} chooses P{first} to take strategy time first"


def _position_penalty(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    p = view["player"]
    stat = "Throw" if view["position"] == "inbounder" else "Catch"
    return (
        f"P{p}'s {view['position']} in place {view['slot']} lacks a {stat} of 3: "
        f"P{1 - p}'s TOP rises by 1"
    )


def _period_start(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    period = view["period"]
    name = f"Period {period}" + (" (overtime)" if period > 4 else "")
    stats = "; ".join(
        (_pair("ATK", view["atk"]), _pair("DEF", view["dfn"]), _pair("TOP", view["top"]))
    )
    return f"{name} begins: {stats}"


def _period_end(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    a, b = view["scores"]
    return f"Period {view['period']} ends: P0 scores {a}, P1 scores {b}"


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    a, b = view["totals"]
    if "player" not in view:
        return f"The game is a draw, {a} to {b}"
    return f"P{view['player']} wins the game, {max(a, b)} to {min(a, b)}"


# a move from (source, destination): what the player does, and the words for a hidden card
_MOVES = {
    ("pool", "deck"): ("P{p} shuffles {what} from their pool into their deck", "a card"),
    ("deck", "hand"): ("P{p} draws {what}", "a card"),
    ("discard", "deck"): ("P{p} shuffles {what} from their discard pile into their deck", "a card"),
    ("lineup", "court"): ("P{p} puts {what} on court in place {place}", "their player"),
    ("hand", "court"): ("P{p} brings {what} on court in place {place}", "a player"),
    ("court", "discard"): (
        "P{p} takes {what} off court from place {place} to their discard pile",
        "the player",
    ),
    ("court", "tired"): ("{what} leaves place {place} of P{p}'s court and is tired", "The player"),
    ("tired", "fatigued"): ("P{p} drops {what} from fatigue", "a tired player"),
    ("fatigued", "discard"): (
        "P{p} puts {what} from their fatigued players on their discard pile",
        "a fatigued player",
    ),
    ("tired", "hand"): ("P{p} takes {what} back into their hand", "a tired player"),
}


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view)
    p, a, b, card = m.player, m.src.name, m.dst.name, m.card
    place = m.dst.place or m.src.place
    if b == "lineup":
        return f"P{p} puts {card or 'a player'} face down in place {place} of their lineup"
    if (a, b) == ("hand", "discard"):
        if m.card_id is None:
            return f"P{p} plays a card from their hand"
        kind = _CARD_KINDS.get(game.card_pool.get(m.card_id).type, "the card")
        return f"P{p} plays {kind} {card}"
    if (a, b) in _MOVES:
        sentence, hidden = _MOVES[a, b]
        return sentence.format(p=p, what=card or hidden, place=place)
    return m.goes()


SENTENCES: Sentences = {
    "move": _move,
    "reveal": "P{player} reveals {card}",
    "order": _order,
    "lineup_placed": "P{player} has placed their lineup",
    "position_penalty": _position_penalty,
    "strategy_time": "P{player}'s strategy time in period {period}",
    "substitution": "P{player} makes a substitution in place {slot}",
    "special": "P{player} activates skill {skill} of their player in place {slot}",
    "held_ball": "P{player} forces a held ball: the order of the next period is swapped",
    "top": "TOP now stands at P0 {top[0]}, P1 {top[1]}",
    "reshuffle": "P{player} shuffles their discard pile into a new deck",
    "period_start": _period_start,
    "period_end": _period_end,
    "game_over": _game_over,
}
