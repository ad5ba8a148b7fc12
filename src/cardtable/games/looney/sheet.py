"""The rules sheet printed by ``cardtable rules looney``, in English and Japanese (the seed's
words: ラウンドプレイヤー, ストーリーボード, アクター, ロール, 過剰演技, 獲得)."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang, Translate
from cardtable.core.presentation import Presentation


class LooneySheet(Presentation):
    """The rules sheet of Looney Tunes (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the Looney Tunes rules sheet for the game's options."""
        o: Any = self.game.options
        _ = self.translator(lang)
        return [
            (
                _("Players"),
                _(
                    "{players} players (2 to 4). Each is a talent agent casting actors.",
                    players=o.players,
                ),
            ),
            (_("How to win"), _win(o, _)),
            (
                _("Deck construction"),
                _(
                    "A shared Movie deck of exactly 50 scenes. Each player has a personal deck of "
                    "about 30 cards (6 to 60): actors, special effects, personal scenes and "
                    "locations, in any mix."
                ),
            ),
            (
                _("Setup"),
                _(
                    "Shuffle the Movie deck and each personal deck; each player draws {hand}. "
                    "A random player chooses who goes first.",
                    hand=o.hand_size,
                ),
            ),
            (_("A round"), _round(o, _)),
            (_("When a deck runs out"), _deck_out(o, _)),
        ]


def _win(o: Any, _: Translate) -> str:
    """How to win: the target (and when it is checked), elimination, the round limit."""
    when = (
        _("first (checked after each scene)")
        if o.target_check == "scene"
        else _("(checked after the round's scoring; the highest total wins)")
    )
    return _(
        "Reach {target} points of won scenes {when}, or be the last player not eliminated. "
        "A player who must place an actor and cannot is eliminated. After {rounds} rounds the "
        "higher score wins.",
        target=o.target_points,
        when=when,
        rounds=o.max_rounds,
    )


def _round(o: Any, _: Translate) -> str:
    """The four steps of a round (LT-3 to LT-6)."""
    steps = [
        _(
            "1. Draw: the round player with {fewer} or fewer cards draws up to {hand}.",
            fewer=o.hand_size - 1,
            hand=o.hand_size,
        ),
        _(
            "2. Storyboard: fill the storyboard back to 4 scenes from one source: the Movie "
            "deck, or scene cards from the hand (if those run out, the Movie deck fills the "
            "rest)."
        ),
        _(
            "3. Actors: the round player places actors face down on any scenes (never two "
            "actors of one character on their side), each optionally with one special effect "
            "of its colour or gray; or plays a Role: turn over the personal deck until an "
            "actor appears and place it face up. The round player may also put one location "
            "on a slot with no location: it stays there for the rest of the game and changes "
            "every scene scored there. Then each other player, clockwise, must answer with "
            "actors on every scene the round player used."
        ),
        _(
            "4. Scoring, for each used scene: reveal; a side above the scene's rank "
            "(overacting) loses to one at or below it; else a side matching the scene's "
            "colour beats one that does not (not on gray scenes; a mixed group has no "
            "colour); else the higher rank value wins; a tie goes to the round player. The "
            "winner scores the scene's points; the actors and special effects placed are "
            "discarded (locations stay)."
        ),
    ]
    return "\n".join(steps)


def _deck_out(o: Any, _: Translate) -> str:
    """An empty personal deck (per the option) and the Movie deck (LT-7.2, LT-7.3)."""
    deck_out = (
        _("An empty personal deck is not rebuilt: its owner simply draws and turns over no more.")
        if o.personal_deck_out == "continue"
        else _("An empty personal deck is rebuilt by shuffling its owner's discard pile.")
    )
    return _(
        "{personal} The Movie deck reshuffles its own discard pile. Each deck has its own "
        "discard pile.",
        personal=deck_out,
    )
