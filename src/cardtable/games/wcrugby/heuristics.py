"""Wheelchair rugby game knowledge for agents: values of actions from an observation.

Lineups: strong ATK+DEF for the class points spent, a thrower as inbounder and a catcher as
target. Strategy: specials on the skills that move TOP most, bench work that helps, one
substitution a period (it spares a player from fatigue) when it does not weaken the team.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import END, FIRST, INBOUNDER, PICK, SECOND, SKILLS, TARGET
from .cards import CardTables
from .effects import V_ATK, V_DEF, V_DRAW, V_OPP_TOP, V_STATUS, V_TOP

if TYPE_CHECKING:
    from .game import RugbyGame


def player_value(t: CardTables, d: int, sideways: bool = False) -> float:
    """How much a player brings on court, for the class points it costs."""
    atk, dfn = t.side_stats[d] if sideways else t.stats[d][5:7]
    skills = 0.0 if sideways else 0.5 * len(t.skills[d])
    roles = 0.7 * (t.stats[d][1] >= 3) + 0.7 * (t.stats[d][2] >= 3)
    return atk + dfn + skills + roles - 0.9 * t.halves[d] / 2


def effects_value(effects: tuple[tuple[int, int, int, int], ...]) -> float:
    """A rough TOP-equivalent of a list of compiled effects."""
    v = 0.0
    for verb, amount, _stat, who in effects:
        if verb == V_TOP:
            v += amount
        elif verb == V_OPP_TOP:
            v -= amount
        elif verb in (V_ATK, V_DEF):
            v += 0.8 * amount * (-1 if who == 2 else 1)
        elif verb == V_STATUS:
            v += 0.2 * amount * (-1 if who == 2 else 1)
        elif verb == V_DRAW:
            v += 0.5 * amount
        else:
            v += 0.6
    return v


def action_values(g: RugbyGame, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (higher is better), from the observation only."""
    t = g.tables
    c = g.codec
    me = obs["player"]
    z = obs["zones"]
    index = g.card_pool.index

    def slot_def(s: int) -> int:
        for key in (f"t{me}.court.{s + 1}", f"t{me}.lineup.{s + 1}"):
            cards = z[key]
            if isinstance(cards, list) and cards:
                return index[cards[0]]
        return -1

    team = obs["teams"][me]
    out = []
    for a in legal:
        if a == END:
            out.append(0.0 if obs["phase"] != "strategy" or team["substituted"] else -0.5)
        elif a in (FIRST, SECOND):
            out.append(1.0 if a == SECOND else 0.5)
        elif a < TARGET:
            d = slot_def(a - INBOUNDER)
            out.append(t.stats[d][1] if d >= 0 else 0)
        elif a < PICK:
            d = slot_def(a - TARGET)
            out.append(t.stats[d][2] if d >= 0 else 0)
        elif a < c.fatigue:
            d, o = divmod(a - PICK, 2)
            out.append(player_value(t, d, bool(o)))
        elif a < c.bench:
            out.append(-player_value(t, a - c.fatigue))
        elif a < c.sub:
            out.append(0.5 + effects_value(t.effects[a - c.bench]))
        elif a < c.special:
            x, o = divmod(a - c.sub, 2)
            d, s = divmod(x, 4)
            old = slot_def(s)
            gain = player_value(t, d, bool(o)) - (player_value(t, old) if old >= 0 else 0)
            out.append(gain - 1.0 + (1.5 if not team["substituted"] else 0.0))
        else:
            x, k = divmod(a - c.special, SKILLS)
            d, s = divmod(x, 4)
            skill = t.skills[slot_def(s)][k][1] if slot_def(s) >= 0 else ()
            out.append(1.0 + effects_value(skill) + effects_value(t.effects[d]))
    return out
