"""Goofspiel for people (its Presentation): rules sheet, table, card lines and log words."""

from typing import Any

from cardtable.core.i18n import Lang, translator
from cardtable.core.presentation import Presentation

from .rules import PRIZE_SUIT

SHEET = [
    ("Goal", "Win prizes worth more points (GS-3.1): ace 1, 2 to 10, jack 11, queen 12, king 13."),
    ("A round", "A diamond is turned up; P0 bids a card face down, then P1 (GS-2.1)."),
    ("The bids", "The higher takes the prize; a tie discards it (GS-2.2, GS-2.3)."),
    ("Notation", "bid <card-id>, e.g. bid queen-of-spades (`cardtable cards goofspiel`)"),
]


class GoofPresentation(Presentation):
    """Goofspiel's words and drawing."""

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """The rules sheet of ``cardtable rules goofspiel``."""
        return SHEET

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
        who, card, dst = f"P{view.get('player')}", view.get("card"), str(view.get("to"))
        if view["kind"] == "game_over":
            won = f"{who} wins the game" if "player" in view else "The game is a draw"
            return f"{won}, {max(view['scores'])} to {min(view['scores'])}"
        name = f"the {self.game.card_pool.get(card).name}" if card else "a card"
        if dst == "prize":
            return f"{name[:1].upper()}{name[1:]} is turned up as the prize"
        if dst == "discard":
            return f"The bids tie: {name} is discarded"
        verb = {"won": "takes", "played": "shows", "bid": "bids"}.get(dst.rpartition(".")[2])
        return f"{who} {verb} {name}{' face down' * (verb == 'bids')}" if verb else None

    def _cards(self, zone: list[str] | int) -> str:
        names = [self.game.card_pool.get(c).name for c in zone] if isinstance(zone, list) else []
        return ", ".join(names) or (f"{zone} face down" if zone else "none")

    def render(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """The table: the prize, then each player's points, prizes won, bids and hand."""
        z = {key: self._cards(zone) for key, zone in observation["zones"].items()}
        tied = z["discard"]
        lines = [f"[b]Prize:[/b] {z['prize']}  [dim](deck {z['prize_deck']}; tied: {tied})[/dim]"]
        for p, score in enumerate(observation["scores"]):
            won, bid, shown, hand = (z[f"p{p}.{k}"] for k in ("won", "bid", "played", "hand"))
            lines.append(f"[b]P{p}[/b]: {score} point{'s' * (score != 1)}, won {won}")
            lines.append(f"  bid {bid}; shown {shown}; hand {hand}")
        return "\n".join(lines)

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """GS-3.1: the winner and the points, "P1 wins with 48 points to 43"."""
        _, w = translator(__package__, lang), observation["winner"]
        lo, hi = sorted(observation["scores"])
        if w == "draw":
            return _("Draw, {points} points each", points=hi)
        return _("P{player} wins with {won} points to {lost}", player=w, won=hi, lost=lo)
