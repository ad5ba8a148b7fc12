"""Shaman King game knowledge for agents: values of actions from an observation.

Counterattack when you can (harder in later zones: the point is near), keep furyoku for red
costs, place advantages that charge new zones, use the Signature when it is there, focus cards
you cannot use when furyoku is short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SIGNATURE

if TYPE_CHECKING:
    from .game import SKGame


def action_values(g: SKGame, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (higher is better), from the observation only."""
    t = g.tables
    me = obs["player"]
    z = obs["zones"]
    furyoku = sum(z[f"p{me}.furyoku.{c}"] for c in ("green", "yellow", "red"))
    zone = ("green", "yellow", "red").index(obs["zone"])
    flipped = g.card_pool.index.get(obs["flipped"]) if obs["flipped"] else None
    out = []
    for a in legal:
        if a == PASS:
            out.append(0.0)
        elif a in (COUNTER, COUNTER_EXTRA):
            force = t.force[flipped] if flipped is not None else 0
            out.append(5.0 + zone + 0.3 * force + (0.2 if a == COUNTER_EXTRA else 0.0))
        elif a == PLAY:
            charged = len(obs["charges"][me])
            out.append(1.5 + (1.0 if charged < 3 else 0.0))
        elif a == FOCUS:
            out.append(1.0 if furyoku < 6 else 0.2)
        elif a == SIGNATURE:
            out.append(6.0)
        else:
            out.append(1.0 if a == FIRST + 1 else 0.5)
    return out
