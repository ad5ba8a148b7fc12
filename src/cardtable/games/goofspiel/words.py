"""Goofspiel for people: the rules sheet, the table as text, and the log in words."""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game

SHEET = [
    ("Goal", "Win prizes worth more points (GS-3.1): ace 1, 2 to 10, jack 11, queen 12, king 13."),
    ("A round", "A diamond is turned up; P0 bids a card face down, then P1 (GS-2.1)."),
    ("The bids", "The higher takes the prize; a tie discards it (GS-2.2, GS-2.3)."),
    ("Notation", "bid <card-id>, e.g. bid queen-of-spades (`cardtable cards goofspiel`)"),
]
VERBS = {"won": "takes", "played": "shows", "bid": "bids"}


def describe(game: Game, view: dict[str, Any]) -> str | None:
    """An event view as a sentence that names only the card the view names."""
    who, card = f"P{view.get('player')}", view.get("card")
    if view["kind"] == "game_over":
        s0, s1 = view["scores"]
        won = f"{who} wins the game" if "player" in view else "The game is a draw"
        return f"{won}, {max(s0, s1)} to {min(s0, s1)}"
    name = f"the {game.card_pool.get(card).name}" if card else "a card"
    dst = str(view.get("to"))
    if dst == "prize":
        return f"{name[:1].upper()}{name[1:]} is turned up as the prize"
    if dst == "discard":
        return f"The bids tie: {name} is discarded"
    verb = VERBS.get(dst.rpartition(".")[2])
    return f"{who} {verb} {name}{' face down' * (verb == 'bids')}" if verb else None


def _cards(game: Game, zone: list[str] | int) -> str:
    if isinstance(zone, int):
        return f"{zone} face down" if zone else "none"
    return ", ".join(game.card_pool.get(c).name for c in zone) or "none"


def render(game: Game, obs: dict[str, Any]) -> str:
    """The table: the prize, then each player's points, prizes won, bids and hand."""
    z = {key: _cards(game, zone) for key, zone in obs["zones"].items()}
    lines = [
        f"[b]Prize:[/b] {z['prize']}  [dim](deck {z['prize_deck']}; tied: {z['discard']})[/dim]"
    ]
    for p, score in enumerate(obs["scores"]):
        lines.append(f"[b]P{p}[/b]: {score} point{'s' * (score != 1)}, won {z[f'p{p}.won']}")
        lines.append(f"  bid {z[f'p{p}.bid']}; shown {z[f'p{p}.played']}; hand {z[f'p{p}.hand']}")
    return "\n".join(lines)
