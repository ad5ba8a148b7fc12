"""Raw Deal game knowledge for agents: values of actions from an observation.

Play the most damaging maneuver you can afford, set-ups before the maneuver they help, always
reverse when you can, draw all Stun Value cards, bury the card you can least afford to play;
aim at the opponent with the smallest Arsenal; tag in a partner whose Arsenal is much larger.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import ABILITY, END, HAND, MANEUVER, REVERSAL, STUN

if TYPE_CHECKING:
    from .game import RawDealGame


def action_values(g: RawDealGame, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (higher is better), from the observation only."""
    t = g.tables
    me = obs["player"]
    fort = obs["fortitude"][me]
    phase = obs["phase"]
    out = []
    for a in legal:
        if a == END:
            out.append(0.0)
        elif a == ABILITY:
            out.append(0.5)
        elif a < HAND:
            out.append(float(a - STUN))
        elif a == g.codec.tag:
            out.append(_tag_value(obs, me))
        elif a >= g.codec.target:  # aim at the opponent closest to being pinned
            out.append(100.0 - _arsenal(obs, a - g.codec.target))
        else:
            first = HAND if a < g.codec.backlash else g.codec.backlash
            d, k = divmod(a - first, 3)
            if phase == "bury":
                out.append(t.fortitude[d] - fort + 0.1 * t.damage[d])
            elif phase == "pre-match":
                out.append(1.0)
            elif k == REVERSAL:
                out.append(5.0 + t.damage[d])
            elif k == MANEUVER:
                out.append(1.0 + t.damage[d] + 0.5 * t.stun[d])
            else:
                out.append(1.5 + sum(e[1] for e in t.effects[d] if e[0] in (0, 2)))
    return out


def _arsenal(obs: dict[str, Any], p: int) -> int:
    """Player ``p``'s Arsenal size as the observation shows it (a count)."""
    size = obs["zones"][f"p{p}.arsenal"]
    return size if isinstance(size, int) else len(size)


def _tag_value(obs: dict[str, Any], me: int) -> float:
    """Tag in the partner early in the turn when their Arsenal is 10 or more cards larger."""
    partner = (me + 2) % 4
    fresh = _arsenal(obs, partner) - _arsenal(obs, me) >= 10
    return 0.25 if fresh and obs["last_played"] is None else -1.0
