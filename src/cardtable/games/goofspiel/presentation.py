"""Goofspiel for people (its Presentation): rules sheet, table, card lines and log words."""

from typing import Any, ClassVar

from cardtable.core.i18n import N_, Lang, translator
from cardtable.core.presentation import Presentation

from .rules import PRIZE_SUIT

SHEET = [  # (heading, text), each translated by locale/ja/LC_MESSAGES/messages.po
    (N_("Goal"), N_("More points win (GS-3.1): a prize is worth its rank, ace 1 to king 13.")),
    (N_("A round"), N_("A diamond is turned up; P0 bids a card face down, then P1 (GS-2.1).")),
    (N_("The bids"), N_("The higher takes the prize; a tie discards it (GS-2.2, GS-2.3).")),
    (N_("Notation"), N_("`bid <card-id>`, as `bid queen-of-spades` (`cardtable cards goofspiel`)")),
]
WORDS = {  # a move by the last part of the zone it goes to, and the end of the game
    "prize": N_("The {card} is turned up as the prize"),
    "discard": N_("The bids tie: the {card} is discarded"),
    "won": N_("P{player} takes the {card}"),
    "played": N_("P{player} shows the {card}"),
    "bid": N_("P{player} bids the {card} face down"),
    "hidden": N_("P{player} bids a card face down"),
    "winner": N_("P{player} wins the game, {hi} to {lo}"),
    "draw": N_("The game is a draw, {hi} to {lo}"),
}
TOP = N_("[b]Prize:[/b] {prize}  [dim](deck {prize_deck}; tied: {discard})[/dim]")
BIDS = N_("  bid {bid}; shown {played}; hand {hand}")
SIDE = (N_("[b]P{p}[/b]: {score} points, won {won}"), N_("[b]P{p}[/b]: {score} point, won {won}"))


class GoofPresentation(Presentation):
    """Goofspiel's words and drawing."""

    moves: ClassVar[dict[str, str]] = {"bid": N_("Bid the {card}")}  # GS-2.1

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules goofspiel``."""
        return [(_(h), _(t)) for _ in [self.translator(lang)] for h, t in SHEET]

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """GS-3.1: a prize is worth its rank in points; GS-2.2: a hand card bids its rank."""
        _, card = translator(__package__, lang), self.game.card_pool.get(card_id)
        if card.type == PRIZE_SUIT:
            return [_("A prize worth {points} points.", points=card.rank)]
        return [_("Bids {rank}: the higher bid takes the prize.", rank=card.rank)]

    def describe_event(
        self, view: dict[str, Any], viewer: int | None, lang: Lang = "en"
    ) -> str | None:
        """An event view as a sentence that names only the card the view names."""
        card, (lo, hi) = view.get("card"), sorted(view.get("scores", (0, 0)))
        key = str(view.get("to")).rpartition(".")[2] if card else "hidden"
        key = ("winner" if "player" in view else "draw") if view["kind"] == "game_over" else key
        fields = {"player": view.get("player"), "card": self.game.card_name(card, lang) or ""}
        return self.translator(lang)(WORDS[key], lo=lo, hi=hi, **fields) if key in WORDS else None

    def _cards(self, zone: list[str] | int, lang: Lang) -> str:
        _, name = self.translator(lang), self.game.card_name
        if isinstance(zone, int):
            return _("{n} face down", n=zone) if zone else _("none")
        return _(", ").join(name(c, lang) or c for c in zone) or _("none")

    def render(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """The table: the prize, then each player's points, prizes won, bids and hand."""
        _, zones = self.translator(lang), observation["zones"]
        lines = [_(TOP, **(z := {k: self._cards(v, lang) for k, v in zones.items()}))]
        for p, score in enumerate(observation["scores"]):
            mine = {k: z[f"p{p}.{k}"] for k in ("won", "bid", "played", "hand")}
            lines += [_(SIDE[score == 1], p=p, score=score, **mine), _(BIDS, **mine)]
        return "\n".join(lines)

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """GS-3.1: the winner and the points, "P1 wins with 48 points to 43"."""
        _, w, (lo, hi) = self.translator(lang), observation["winner"], sorted(observation["scores"])
        if w == "draw":
            return _("Draw, {points} points each", points=hi)
        return _("P{player} wins with {won} points to {lost}", player=w, won=hi, lost=lo)
