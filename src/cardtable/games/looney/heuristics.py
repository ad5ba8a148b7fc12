"""Looney Tunes game knowledge for agents: values of actions from an observation.

The greedy agent takes the highest value; search agents use it as a rollout policy. Only the
observation is read, never the true state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import DONE, FIRST, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS

if TYPE_CHECKING:
    from .game import LooneyGame


def _slot_state(g: LooneyGame, obs: dict[str, Any], me: int, s: int) -> tuple[int, int, int, int]:
    """(scene rank, scene points, scene colour, my visible rank total) of slot ``s``."""
    z = obs["zones"]
    scene = z[f"storyboard.{s + 1}"]
    if not scene:
        return (0, 0, -1, 0)
    c = g.card_pool.get(scene[0])
    mine = 0
    for key in (f"p{me}.slot{s + 1}.down", f"p{me}.slot{s + 1}.up"):
        zone = z[key]
        if isinstance(zone, list):
            mine += sum(g.card_pool.get(cid).rank or 0 for cid in zone)
    return (c.rank or 0, c.points or 0, g.tables.color[g.card_pool.index[scene[0]]], mine)


def _fit(rank: int, have: int, add: int, points: int, match: bool) -> float:
    """How good it is to bring a group to ``have + add`` on a scene of ``rank``."""
    total = have + add
    if total > rank:
        return -1.0 - (total - rank) * 0.1
    return points * (0.4 + 0.6 * total / max(rank, 1)) + (1.5 if match else 0.0)


def action_values(g: LooneyGame, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action: fill scenes up to (not over) their rank, match colours,
    prefer valuable scenes, keep special effects for actors that need them."""
    me = obs["player"]
    slots = [_slot_state(g, obs, me, s) for s in range(SLOTS)]
    codec = g.codec
    t = g.tables
    answering = obs["answering"]
    out = []
    for a in legal:
        if a < REFILL:
            out.append(1.0 if a - FIRST == me else 0.0)
        elif a == REFILL:
            out.append(0.5)
        elif a == ROLE:
            out.append(0.2 if not answering else 0.6)
        elif a == DONE:
            out.append(0.3)
        elif a < SCENE:
            rank, pts, col, have = slots[a - ROLE_SLOT]
            out.append(pts * 0.5 - (have > rank))
        elif a < codec.effect_base:
            d = t.personal_defs[a - SCENE]
            out.append(0.4 + 0.05 * t.points[d])
        elif a < codec.place_base:
            d = t.personal_defs[a - codec.effect_base]
            bonus = sum(max(e[1], 0) if e[0] in (0, 5) else 1 for e in t.effects[d])
            out.append(1.0 + 0.3 * bonus)
        elif a < codec.location_base:
            p, s = divmod(a - codec.place_base, SLOTS)
            d = t.personal_defs[p]
            rank, pts, col, have = slots[s]
            cover = 3.0 if answering and have == 0 else 0.0
            out.append(_fit(rank, have, t.rank[d], pts, t.color[d] == col) + cover)
        else:
            out.append(0.1)
    return out
