"""Raw Deal events in words, for the game log (``RawDealPresentation.sentences``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: an opponent's draw is "a card". The words are those of docs/rules/rawdeal.md: the
Arsenal, the Ring, the Ringside pile, the Backlash deck, Pre-match cards, maneuvers and
actions, reversals, overturning, pinfall and count-out. The zones' own words are their
labels (zones.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import Lang
from cardtable.core.wording import Sentences, cap, read_move

from .zones import ZONE_WORDS

if TYPE_CHECKING:
    from .game import RawDealGame


def _side(game: RawDealGame, p: int) -> str:
    """A winner: a player, or in a tag team match a team (seats p and p + 2)."""
    return f"P{p} and P{p + 2}" if game.options.match == "tag" else f"P{p}"


def _play(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    as_type = "a maneuver" if view["as_type"] == "maneuver" else "an action"
    return f"P{view.get('player')} plays {game.card_name(view['card'])} as {as_type}"


def _overturn(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    n = view["amount"]
    cards = "1 card" if n == 1 else f"{n} cards"
    p = view.get("player")
    return f"P{p} must overturn {cards} of their own Arsenal for their card (not damage)"


def _eliminated(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    how = "is pinned" if view["how"] == "pinfall" else "is counted out"
    return f"P{view.get('player')} {how} and leaves the match"


# a move between two zones of the player's own: (from, to) -> what the player does
_OWN_MOVES = {
    ("arsenal", "hand"): "P{p} draws {what}",
    ("arsenal", "ringside"): "P{p} overturns {what} from their Arsenal to their Ringside pile",
    ("backlash", "prematch"): "P{p} places {what} from their Backlash deck as a Pre-match card",
    ("playing", "ring"): "{What} enters P{p}'s Ring",
    ("playing", "ringside"): "{What} is reversed and goes to P{p}'s Ringside pile",
    ("hand", "arsenal"): "P{p} puts {what} from their hand at the bottom of their Arsenal",
    ("hand", "ringside"): "P{p} discards {what} from their hand to their Ringside pile",
    (
        "ringside",
        "arsenal",
    ): "P{p} puts {what} from their Ringside pile at the bottom of their Arsenal",
}


def _move(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view)
    p, a, b, what = m.player, m.src.name, m.dst.name, m.what
    if not m.src.owner == m.dst.owner == p:
        return m.goes()
    if b == "playing" and (a, b) not in _OWN_MOVES:
        return f"P{p} takes {what} from their {ZONE_WORDS[a]} into the playing area"
    if b == "ring" and a != "playing":
        return f"P{p} puts {what} from their {ZONE_WORDS[a]} into their Ring to reverse the card"
    sentence = _OWN_MOVES.get((a, b))
    return sentence.format(p=p, what=what, What=cap(what)) if sentence else m.goes()


def _game_over(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
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


SENTENCES: Sentences = {
    "move": _move,
    "turn": "Turn {turn}: P{player} is the turn player",
    "first_player": "P{player} has the highest Superstar Value and goes first",
    "target": "P{player} aims the card at P{target}",
    "ability": "P{player} uses their Superstar ability",
    "tag": "P{player} tags in their partner P{partner}",
    "play": _play,
    "damage": "P{player} takes {amount} damage",
    "overturn": _overturn,
    "reversal": "P{player} reverses it with {card}",
    "reversed_from_arsenal": (
        "P{player} overturns the reversal {card} from their Arsenal and stops the damage"
    ),
    "eliminated": _eliminated,
    "game_over": _game_over,
}
