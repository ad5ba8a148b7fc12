"""The rules sheet printed by ``cardtable rules looney``."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import Lang
from cardtable.core.presentation import Presentation


class LooneySheet(Presentation):
    """The rules sheet of Looney Tunes (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the Looney Tunes rules sheet for the game's options."""
        o: Any = self.game.options
        deck_out = (
            "An empty personal deck is not rebuilt: its owner simply draws and turns over no more."
            if o.personal_deck_out == "continue"
            else "An empty personal deck is rebuilt by shuffling its owner's discard pile."
        )
        return [
            ("Players", f"{o.players} players (2 to 4). Each is a talent agent casting actors."),
            (
                "How to win",
                f"Reach {o.target_points} points of won scenes "
                + (
                    "first (checked after each scene)"
                    if o.target_check == "scene"
                    else "(checked after the round's scoring; the highest total wins)"
                )
                + ", or be the last player not eliminated. A player who must place an actor and "
                f"cannot is eliminated. After {o.max_rounds} rounds the higher score wins.",
            ),
            (
                "Deck construction",
                "A shared Movie deck of exactly 50 scenes. Each player has a personal deck of "
                "about 30 cards (6 to 60): actors, special effects, personal scenes and "
                "locations, in any mix.",
            ),
            (
                "Setup",
                f"Shuffle the Movie deck and each personal deck; each player draws {o.hand_size}. "
                "A random player chooses who goes first.",
            ),
            (
                "A round",
                f"1. Draw: the round player with {o.hand_size - 1} or fewer cards draws up to "
                f"{o.hand_size}.\n"
                "2. Storyboard: fill the storyboard back to 4 scenes from one source: the Movie "
                "deck, or scene cards from the hand (if those run out, the Movie deck fills the "
                "rest).\n"
                "3. Actors: the round player places actors face down on any scenes (never two "
                "actors of one character on their side), each optionally with one special effect "
                "of its colour or gray; or plays a Role: turn over the personal deck until an "
                "actor appears and place it face up. The round player may also put one location "
                "on a slot with no location: it stays there for the rest of the game and changes "
                "every scene scored there. Then each other player, clockwise, must answer with "
                "actors on every scene the round player used.\n"
                "4. Scoring, for each used scene: reveal; a side above the scene's rank "
                "(overacting) loses to one at or below it; else a side matching the scene's "
                "colour beats one that does not (not on gray scenes; a mixed group has no "
                "colour); else the higher rank value wins; a tie goes to the round player. The "
                "winner scores the scene's points; the actors and special effects placed are "
                "discarded (locations stay).",
            ),
            (
                "When a deck runs out",
                deck_out + " The Movie deck reshuffles its own discard pile. Each deck has its "
                "own discard pile.",
            ),
        ]
