"""Raw Deal events in words, for the game log (``RawDealPresentation.sentences``), in English
and Japanese (the catalogue ``locale/ja/LC_MESSAGES/messages.po``).

Every sentence is built from an event *view* alone, so it names a card only where the view
does: an opponent's draw is "a card". The words are those of docs/rules/rawdeal.md: the
Arsenal, the Ring, the Ringside pile, the Backlash deck, Pre-match cards, maneuvers and
actions, reversals, overturning, pinfall and count-out; in Japanese the seed's (メインデッキ,
リング, リングサイド, 逆転デッキ, プレマッチ, マニューバー, リバーサル, めくる, ピンフォール,
カウントアウト). The zones' own words are their labels (zones.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import N_, Lang, Translate
from cardtable.core.wording import Sentences, cap, game_words, read_move

from .match import COUNT_OUT, DOUBLE, PINFALL, TURN_LIMIT
from .zones import ZONE_WORDS

if TYPE_CHECKING:
    from .game import RawDealGame


def how_word(_: Translate, how: str) -> str:
    """How a player goes out (RD-8): ``pinfall`` or ``count-out``, in the language of ``_``."""
    return _("pinfall") if how == PINFALL else _("count-out") if how == COUNT_OUT else how


def _play(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    p, card = view.get("player"), game.card_name(view["card"], lang)
    if view["as_type"] == "maneuver":
        return _("P{player} plays {card} as a maneuver", player=p, card=card)
    return _("P{player} plays {card} as an action", player=p, card=card)


def _first_player(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    if view.get("tied"):
        return _(
            "P{player} goes first on a tie for the highest Superstar Value",
            player=view.get("player"),
        )
    return _("P{player} has the highest Superstar Value and goes first", player=view.get("player"))


def _overturn(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    n, p = view["amount"], view.get("player")
    if n == 1:
        return _(
            "P{player} must overturn 1 card of their own Arsenal for their card (not damage)",
            player=p,
        )
    return _(
        "P{player} must overturn {n} cards of their own Arsenal for their card (not damage)",
        player=p,
        n=n,
    )


def _eliminated(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    if view["how"] == PINFALL:
        return _("P{player} is pinned and leaves the match", player=view.get("player"))
    return _("P{player} is counted out and leaves the match", player=view.get("player"))


# a move between two zones of the player's own: (from, to) -> what the player does
_OWN_MOVES = {
    ("arsenal", "hand"): N_("P{p} draws {what}"),
    ("arsenal", "ringside"): N_("P{p} overturns {what} from their Arsenal to their Ringside pile"),
    ("backlash", "prematch"): N_("P{p} places {what} from their Backlash deck as a Pre-match card"),
    ("playing", "ring"): N_("{What} enters P{p}'s Ring"),
    ("playing", "ringside"): N_("{What} is reversed and goes to P{p}'s Ringside pile"),
    ("hand", "arsenal"): N_("P{p} puts {what} from their hand at the bottom of their Arsenal"),
    ("hand", "ringside"): N_("P{p} discards {what} from their hand to their Ringside pile"),
    ("ringside", "arsenal"): N_(
        "P{p} puts {what} from their Ringside pile at the bottom of their Arsenal"
    ),
    ("ringside", "hand"): N_("P{p} puts {what} from their Ringside pile into their hand"),
    ("ring", "ringside"): N_("P{p} puts {what} from their Ring into their Ringside pile"),
}


def _move(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    m = read_move(game, view, lang)
    p, a, b, what = m.player, m.src.name, m.dst.name, m.what
    if not m.src.owner == m.dst.owner == p:
        return m.goes()
    _ = game_words(game, lang)
    zone = _(ZONE_WORDS[a])
    if b == "playing" and (a, b) not in _OWN_MOVES:
        return _(
            "P{p} takes {what} from their {zone} into the playing area", p=p, what=what, zone=zone
        )
    if b == "ring" and a != "playing":
        return _(
            "P{p} puts {what} from their {zone} into their Ring to reverse the card",
            p=p,
            what=what,
            zone=zone,
        )
    sentence = _OWN_MOVES.get((a, b))
    return _(sentence, p=p, what=what, What=cap(what)) if sentence else m.goes()


def _game_over(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    _ = game_words(game, lang)
    how = view["how"]
    if "player" in view:
        p = view["player"]
        if game.options.match == "tag":  # a team: seats p and p + 2
            return _("P{a} and P{b} win the match by {how}", a=p, b=p + 2, how=how_word(_, how))
        return _("P{player} wins the match by {how}", player=p, how=how_word(_, how))
    if how == TURN_LIMIT:
        return _("The match is a draw: the turn limit is reached")
    what = how_word(_, how.removeprefix(DOUBLE))
    if game.options.double_countout == "draw":
        return _("The match is a draw: the last players go out together by {how}", how=what)
    return _("Nobody wins: the last players go out together by {how}", how=what)


def _seen_hand(game: RawDealGame, view: dict[str, Any], lang: Lang = "en") -> str:
    """RD-7.26: what the player who looks sees (their own event alone)."""
    _ = game_words(game, lang)
    names = ", ".join(str(game.card_name(c, lang)) for c in view["cards"]) or _("no card")
    return _("P{player} sees in P{target}'s hand: {cards}", player=view["player"],
             target=view["target"], cards=names)  # fmt: skip


SENTENCES: Sentences = {
    "move": _move,
    "turn": N_("Turn {turn}: P{player} is the turn player"),
    "first_player": _first_player,
    "target": N_("P{player} aims the card at P{target}"),
    "ability": N_("P{player} uses their Superstar ability"),
    "decline": N_("P{player} declines the offer"),
    "tag": N_("P{player} tags in their partner P{partner}"),
    "play": _play,
    "damage": N_("P{player} takes {amount} damage"),
    "overturn": _overturn,
    "reversal": N_("P{player} reverses it with {card}"),
    "reveal": N_("P{player} shows {card}"),
    "look_hand": N_("P{player} looks at P{target}'s hand"),
    "seen_hand": _seen_hand,
    "shuffle": N_("P{player} shuffles their Arsenal"),
    "reversed_from_arsenal": N_(
        "P{player} overturns the reversal {card} from their Arsenal and stops the damage"
    ),
    "eliminated": _eliminated,
    "game_over": _game_over,
}
