"""The rules sheet printed by ``cardtable rules shamanking``, in English and Japanese (the
seed's words: 巫力, 迎撃力, 戦闘力, 反撃, チャージ, フォーカス)."""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import N_, Lang, translator
from cardtable.core.presentation import Presentation

# (heading, text); {points}: the points that win (option target_points)
SECTIONS = (
    (
        N_("Players"),
        N_("2 players, each a Shaman with a Signature strike on each of its two faces."),
    ),
    (
        N_("How to win"),
        N_("Score {points} points: a point for each attack that passes the opponent's red zone."),
    ),
    (
        N_("Deck construction"),
        N_(
            "60 or more cards, at most 4 of a card, no Shaman inside. A card's text works only if "
            "its trait matches your Shaman's (or it has none); a guardian spirit names the Shamans"
            " that can use it instead."
        ),
    ),
    (
        N_("Setup"),
        N_(
            "2 furyoku (face-down cards) in each of the green, yellow and red zones; 4 cards face "
            "up to the discard pile; the higher total Force of those chooses who sends the Opening"
            " Attack (Force 4; the defender gains 1 green furyoku). Ties: one card more each."
        ),
    ),
    (
        N_("A turn (the defender's)"),
        N_(
            "1. Cleanup: advantages and last turn's cards go to the discard pile. 2. Signature "
            "step: with all three zones charged you may use the Signature strike. 3. Flip into "
            "green, then yellow, then red: a Strike whose Intercept is at least the incoming Force"
            " may counterattack (pay its cost; its Force goes back); an Advantage may be paid and "
            "placed (it charges the zone); a Teamwork card may be paid into the zone's teamwork "
            "area (replacing the one there), making it the zone of its character; any card may be "
            "focused into the zone's furyoku. Costs: green furyoku pays green, yellow pays yellow "
            "or green, red pays any colour. An attack past red scores a point; the scorer "
            "celebrates (1 furyoku per zone with a Teamwork card) and the game restarts with the "
            "Opening Attack."
        ),
    ),
    (
        N_("When a deck runs out"),
        N_(
            "At once: note each zone's furyoku; shuffle the discard pile, the advantage area and "
            "the furyoku into a new deck (the Shaman, the Teamwork cards in play and the cards in "
            "use stay); refill the furyoku to the noted counts, one short if that would empty the "
            "deck; charges stay. A needed but empty discard pile first takes 4 cards from the "
            "deck."
        ),
    ),
)


class SKSheet(Presentation):
    """The rules sheet of Shaman King (a part of its Presentation)."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections (heading, text) of the Shaman King rules sheet for the game's options."""
        o: Any = self.game.options
        _ = translator(__package__, lang)
        return [(_(heading), _(text, points=o.target_points)) for heading, text in SECTIONS]
