"""Wheelchair rugby events in words, for the game log (``RugbyPresentation.sentences``), in
English and Japanese.

Every sentence is built from an event *view* alone, so it names a card only where the view
does: a lineup lies face down until the period starts, so the opponent reads "a player". The
words are those of docs/rules/wcrugby.md: a team's pool, lineup and court with places 1 to 4,
the inbounder and the target, strategy time, substitutions, special and bench-work cards,
tired and fatigued players, ATK, DEF and TOP, periods and held balls; in Japanese those of the
seed (ピリオド, 作戦タイム, 選手交代, スペシャル技, ベンチワーク, ヘルドボール, 山札, 捨て札).
Teams are named by their seats (P0, P1), as everywhere else at the table. The zones' own
words are their labels (zones.py). Every template is English, marked with ``N_`` and
translated by the game's catalogue (``locale/ja/LC_MESSAGES/messages.po``).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang
from cardtable.core.wording import Sentences, game_words, read_move

from .cards import Player
from .text import skill_name, status_name

# a card played from the hand, by kind
_PLAYS = {
    "player": N_("P{player} plays the player {card}"),
    "special": N_("P{player} plays the special card {card}"),
    "bench": N_("P{player} plays the bench-work card {card}"),
}
_PLAYS_CARD = N_("P{player} plays the card {card}")

POSITIONS = {"inbounder": N_("inbounder"), "target": N_("target")}
"""The two positions of WR-3.2 in words."""


def _order(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    p, first = view.get("player"), view["first"]
    if first == p:
        return _("P{player} chooses to take strategy time first", player=p)
    return _("P{player} chooses P{first} to take strategy time first", player=p, first=first)


def _position_penalty(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    p, position = view["player"], view["position"]
    stat = "throw" if position == "inbounder" else "catch"
    return _(
        "P{player}'s {position} in place {slot} lacks a {stat} of 3: P{other}'s TOP rises by 1",
        player=p,
        position=_(POSITIONS.get(position, position)),
        slot=view["slot"],
        stat=status_name(stat, lang),
        other=1 - p,
    )


def _period_start(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    (a0, a1), (d0, d1), (t0, t1) = view["atk"], view["dfn"], view["top"]
    fields = {"atk0": a0, "atk1": a1, "def0": d0, "def1": d1, "top0": t0, "top1": t1}
    if view["period"] > 4:
        return _(
            "Period {period} (overtime) begins: ATK P0 {atk0}, P1 {atk1}; "
            "DEF P0 {def0}, P1 {def1}; TOP P0 {top0}, P1 {top1}",
            period=view["period"],
            **fields,
        )
    return _(
        "Period {period} begins: ATK P0 {atk0}, P1 {atk1}; DEF P0 {def0}, P1 {def1}; "
        "TOP P0 {top0}, P1 {top1}",
        period=view["period"],
        **fields,
    )


def _period_end(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    a, b = view["scores"]
    return _("Period {period} ends: P0 scores {a}, P1 scores {b}", period=view["period"], a=a, b=b)


def _game_over(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    a, b = view["totals"]
    if "player" not in view:
        return _("The game is a draw, {a} to {b}", a=a, b=b)
    return _(
        "P{player} wins the game, {won} to {lost}",
        player=view["player"],
        won=max(a, b),
        lost=min(a, b),
    )


def _special(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    """WR-5.4: the skill activated, by name, and whose it is (the court is public)."""
    _ = game_words(game, lang)
    p, slot, k = view["player"], view["slot"], view["skill"]
    card = game.card_pool.get(view["card"]) if view.get("card") else None
    if not isinstance(card, Player) or not 0 < k <= len(card.skills):
        return _(
            "P{player} activates skill {skill} of their player in place {slot}",
            player=p,
            skill=k,
            slot=slot,
        )
    return _(
        "P{player} activates {skill}, the special skill of {card} in place {slot}",
        player=p,
        skill=skill_name(card.skills[k - 1], lang),
        card=game.card_name(view["card"], lang),
        slot=slot,
    )


# a move from (source, destination): what the player does, and the words for a hidden card
_MOVES = {
    ("pool", "deck"): (
        N_("P{player} shuffles {what} from their pool into their deck"),
        N_("a card"),
    ),
    ("deck", "hand"): (N_("P{player} draws {what}"), N_("a card")),
    ("discard", "deck"): (
        N_("P{player} shuffles {what} from their discard pile into their deck"),
        N_("a card"),
    ),
    ("lineup", "court"): (
        N_("P{player} puts {what} on court in place {place}"),
        N_("their player"),
    ),
    ("hand", "court"): (N_("P{player} brings {what} on court in place {place}"), N_("a player")),
    ("court", "discard"): (
        N_("P{player} takes {what} off court from place {place} to their discard pile"),
        N_("the player"),
    ),
    ("court", "tired"): (
        N_("{what} leaves place {place} of P{player}'s court and is tired"),
        N_("The player"),
    ),
    ("tired", "fatigued"): (N_("P{player} drops {what} from fatigue"), N_("a tired player")),
    ("fatigued", "discard"): (
        N_("P{player} puts {what} from their fatigued players on their discard pile"),
        N_("a fatigued player"),
    ),
    ("tired", "hand"): (N_("P{player} takes {what} back into their hand"), N_("a tired player")),
}


def _move(game: Game, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    m = read_move(game, view, lang)
    p, a, b, card = m.player, m.src.name, m.dst.name, m.card
    place = m.dst.place or m.src.place
    if b == "lineup":
        return _(
            "P{player} puts {what} face down in place {place} of their lineup",
            player=p,
            what=card or _("a player"),
            place=place,
        )
    if (a, b) == ("hand", "discard"):
        if m.card_id is None:
            return _("P{player} plays a card from their hand", player=p)
        kind = game.card_pool.get(m.card_id).type
        return _(_PLAYS.get(kind, _PLAYS_CARD), player=p, card=card)
    if (a, b) in _MOVES:
        sentence, hidden = _MOVES[a, b]
        return _(sentence, player=p, what=card or _(hidden), place=place)
    return m.goes()


SENTENCES: Sentences = {
    "move": _move,
    "reveal": N_("P{player} reveals {card}"),
    "order": _order,
    "lineup_placed": N_("P{player} has placed their lineup"),
    "position_penalty": _position_penalty,
    "strategy_time": N_("P{player}'s strategy time in period {period}"),
    "substitution": N_("P{player} makes a substitution in place {slot}"),
    "special": _special,
    "held_ball": N_("P{player} forces a held ball: the order of the next period is swapped"),
    "top": N_("TOP now stands at P0 {top[0]}, P1 {top[1]}"),
    "reshuffle": N_("P{player} shuffles their discard pile into a new deck"),
    "period_start": _period_start,
    "period_end": _period_end,
    "game_over": _game_over,
}
