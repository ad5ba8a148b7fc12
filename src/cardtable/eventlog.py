"""Events in words, for logs people read (the terminal, the server, replays).

Plain text, no markup: a caller that prints to a rich console escapes it. The text is built
from an event *view* (``state.event_view(event, viewer)``), so it names only the cards that
viewer may see.
"""

from __future__ import annotations

from typing import Any

from cardtable.core.game import Game


def describe_event(game: Game, view: dict[str, Any]) -> str:
    """An event view in words, e.g. ``P0 Taz: p0.hand → p0.slot1.down``."""
    who = f"P{view['player']} " if "player" in view else ""
    if view["kind"] == "move":
        cid = view.get("card")
        card = game.card_pool.get(cid).name if cid else "a hidden card"
        return f"{who}{card}: {view['from']} → {view['to']}"
    if view["kind"] == "reveal":
        return f"{who}reveals {game.card_pool.get(view['card']).name}"
    details = ", ".join(f"{k}={v}" for k, v in view.items() if k not in ("kind", "player"))
    text = f"{who}{view['kind'].replace('_', ' ')}"
    return f"{text} {details}" if details else text
