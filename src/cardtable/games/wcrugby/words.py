"""Wheelchair rugby events in words, for the game log (``RugbyPresentation.describe_event``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a lineup lies face down until the period starts, so the opponent reads "a player". The
words are those of docs/rules/wcrugby.md: a team's pool, lineup and court with places 1 to 4,
the inbounder and the target, strategy time, substitutions, special and bench-work cards,
tired and fatigued players, ATK, DEF and TOP, periods and held balls. Teams are named by
their seats (P0, P1), as everywhere else at the table.
"""

from __future__ import annotations

import re
from typing import Any

from cardtable.core.game import Game

_ZONE = re.compile(r"t(\d+)\.(pool|hand|deck|discard|tired|fatigued|lineup|court)(?:\.(\d+))?")
_LABELS = {
    "pool": "pool",
    "hand": "hand",
    "deck": "deck",
    "discard": "discard pile",
    "tired": "tired players",
    "fatigued": "fatigued players",
}
_CARD_KINDS = {
    "player": "the player",
    "special": "the special card",
    "bench": "the bench-work card",
}


def zone_label(key: str) -> str | None:
    """``t0.court.2``: ``place 2 of P0's court``; ``t1.tired``: ``P1's tired players``."""
    m = _ZONE.fullmatch(key)
    if m is None:
        return None
    if m[3]:
        return f"place {m[3]} of P{m[1]}'s {m[2]}"
    return f"P{m[1]}'s {_LABELS[m[2]]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _pair(label: str, values: list[int]) -> str:
    return f"{label} P0 {values[0]}, P1 {values[1]}"


def describe(game: Game, view: dict[str, Any]) -> str | None:
    """A wheelchair rugby event view in words; ``None`` for an event kind this game never
    emits."""
    kind = view["kind"]
    p = view.get("player")
    if kind == "move":
        return _move(game, view)
    if kind == "reveal":
        return f"P{p} reveals {game.card_name(view['card'])}"
    if kind == "order":
        first = view["first"]
        if first == p:
            return f"P{p} chooses to take strategy time first"
        return f"P{p} chooses P{first} to take strategy time first"
    if kind == "lineup_placed":
        return f"P{p} has placed their lineup"
    if kind == "position_penalty":
        stat = "Throw" if view["position"] == "inbounder" else "Catch"
        return (
            f"P{p}'s {view['position']} in place {view['slot']} lacks a {stat} of 3: "
            f"P{1 - view['player']}'s TOP rises by 1"
        )
    if kind == "strategy_time":
        return f"P{p}'s strategy time in period {view['period']}"
    if kind == "substitution":
        return f"P{p} makes a substitution in place {view['slot']}"
    if kind == "special":
        return f"P{p} activates skill {view['skill']} of their player in place {view['slot']}"
    if kind == "held_ball":
        return f"P{p} forces a held ball: the order of the next period is swapped"
    if kind == "top":
        return f"TOP now stands at P0 {view['top'][0]}, P1 {view['top'][1]}"
    if kind == "reshuffle":
        return f"P{p} shuffles their discard pile into a new deck"
    if kind in ("period_start", "period_end", "game_over"):
        return _score_words(kind, view)
    return None


def _score_words(kind: str, view: dict[str, Any]) -> str:
    """A period starts or ends, or the game is over: the figures in words."""
    p = view.get("player")
    if kind == "period_start":
        period = view["period"]
        name = f"Period {period}" + (" (overtime)" if period > 4 else "")
        stats = "; ".join(
            (_pair("ATK", view["atk"]), _pair("DEF", view["dfn"]), _pair("TOP", view["top"]))
        )
        return f"{name} begins: {stats}"
    if kind == "period_end":
        a, b = view["scores"]
        return f"Period {view['period']} ends: P0 scores {a}, P1 scores {b}"
    a, b = view["totals"]  # game_over
    if "player" not in view:
        return f"The game is a draw, {a} to {b}"
    return f"P{p} wins the game, {max(a, b)} to {min(a, b)}"


def _move(game: Game, view: dict[str, Any]) -> str:
    src, dst = _ZONE.fullmatch(view["from"]), _ZONE.fullmatch(view["to"])
    card_id = view.get("card")
    card = game.card_name(card_id)
    if src is None or dst is None:
        what = card or "a card"
        return f"{_cap(what)} goes from {view['from']} to {view['to']}"
    p = view.get("player", int(src[1]))
    a, b = src[2], dst[2]
    place = dst[3] or src[3]
    if b == "lineup":
        what = card or "a player"
        return f"P{p} puts {what} face down in place {place} of their lineup"
    if (a, b) == ("pool", "deck"):
        what = card or "a card"
        return f"P{p} shuffles {what} from their pool into their deck"
    if (a, b) == ("deck", "hand"):
        return f"P{p} draws {card or 'a card'}"
    if (a, b) == ("discard", "deck"):
        return f"P{p} shuffles {card or 'a card'} from their discard pile into their deck"
    if (a, b) == ("lineup", "court"):
        what = card or "their player"
        return f"P{p} puts {what} on court in place {place}"
    if (a, b) == ("hand", "court"):
        return f"P{p} brings {card or 'a player'} on court in place {place}"
    if (a, b) == ("court", "discard"):
        what = card or "the player"
        return f"P{p} takes {what} off court from place {place} to their discard pile"
    if (a, b) == ("court", "tired"):
        what = card or "The player"
        return f"{what} leaves place {place} of P{p}'s court and is tired"
    if (a, b) == ("hand", "discard"):
        if card_id is None:
            return f"P{p} plays a card from their hand"
        kind = _CARD_KINDS.get(game.card_pool.get(card_id).type, "the card")
        return f"P{p} plays {kind} {card}"
    if (a, b) == ("tired", "fatigued"):
        return f"P{p} drops {card or 'a tired player'} from fatigue"
    if (a, b) == ("fatigued", "discard"):
        what = card or "a fatigued player"
        return f"P{p} puts {what} from their fatigued players on their discard pile"
    if (a, b) == ("tired", "hand"):
        return f"P{p} takes {card or 'a tired player'} back into their hand"
    what = card or "a card"
    src_label, dst_label = zone_label(view["from"]), zone_label(view["to"])
    return f"{_cap(what)} goes from {src_label} to {dst_label}"
