"""The rules sheet printed by ``cardtable rules wcrugby``, in English and Japanese (in the
seed's words: ピリオド, 作戦タイム, 持ち点, 防御表示, インバウンダー, ターゲット, TOP)."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import N_, Lang, translator
from cardtable.core.presentation import Presentation

ALLOWANCE = {
    "wwr-2025": N_("a woman of class 2.0-3.5 adds 1.0 to the limit, one of 0.5-1.5 adds 0.5"),
    "seed-1.5-none": N_(
        "a woman of class 2.0-3.5 adds 1.0, one of 0.5-1.0 adds 0.5, one of 1.5 adds nothing"
    ),
    "seed-1.5-full": N_("a woman of class 1.5-3.5 adds 1.0, one of 0.5-1.0 adds 0.5"),
    "legacy": N_("every woman adds 0.5"),
}
"""WR-2.2, each ``female_allowance`` rule in words."""


class RugbySheet(Presentation):
    """The rules sheet of wheelchair rugby (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the wheelchair rugby rules sheet for the game's options."""
        _ = translator(__package__, lang)
        o: Any = self.game.options
        return [
            (_("Players"), _("2 teams (players). Each fields 4 athletes at a time.")),
            (
                _("How to win"),
                _(
                    "Each period a team scores 10 - the opponent's TOP + its own TOP (at least "
                    "0). After 4 periods the higher total wins; a tie plays extra periods (up to "
                    "{overtime}, then a draw).",
                    overtime=o.max_overtime,
                ),
            ),
            (
                _("Deck construction"),
                _(
                    "Exactly 30 cards, any mix of player, special and bench-work cards. On "
                    "court: 4 players of different names with class points totalling at most "
                    "8.0 plus allowances ({allowance}; one over-age (+) player adds 0.5, at most "
                    "one on court).",
                    allowance=_(ALLOWANCE[o.female_allowance]),
                ),
            ),
            (
                _("Setup"),
                _(
                    "Each team picks 4 players from its deck, face down (sideways for defence), "
                    "names an inbounder (Throw 3+, else the opponent's TOP +1) and a target "
                    "(Catch 3+, likewise), shuffles the rest and draws {hand}.",
                    hand=o.hand_size,
                ),
            ),
            (_("A period"), self._period(lang)),
            (
                _("When a deck runs out"),
                _("Shuffle the discard pile to make a new deck."),
            ),
        ]

    def _period(self, lang: Lang) -> str:
        """The three steps of a period (WR-4 to WR-7)."""
        _ = translator(__package__, lang)
        o: Any = self.game.options
        steps = [
            _(
                "1. Reveal: a team whose DEF total beats the opponent's ATK total gains the "
                "difference as TOP."
            ),
            _(
                "2. Strategy time, once per team (period 1: higher ATK first; then alternating; "
                "a held ball swaps the order from the next period): substitute players from the "
                "hand (the opponent may substitute too), play bench-work cards, and special "
                "cards to activate one skill of an upright player (at most 2 players a period, "
                "never one player twice, whichever of the player's cards is on court). An "
                "inbounder's skill adds 1 less TOP."
            ),
            _(
                "3. Score the period, draw up to {hand}, take the players back; a team that "
                "made no substitution drops at least one of them (fatigue); place the next "
                "lineup.",
                hand=o.hand_size,
            ),
        ]
        return "\n".join(steps)
