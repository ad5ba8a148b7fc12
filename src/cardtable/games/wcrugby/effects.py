"""The effect vocabulary of skills, special cards and bench work (WR-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.events import Event, note

from .cards import (
    ATK,
    DEF,
    NSTATS,
    OPPONENTS,
    SELF,
    V_ATK,
    V_BLOCK,
    V_DEF,
    V_DRAW,
    V_HELD,
    V_OPP_TOP,
    V_STATUS,
    V_TOP,
    CompiledEffect,
    Cond,
)
from .zones import COURT, PER_TEAM, SLOTS

if TYPE_CHECKING:
    from .fields import RugbyFields


def on_court_stat(st: RugbyFields, team: int, slot: int, stat: int) -> int:
    """A status (0-4), ATK (5) or DEF (6) of the player on a court slot, modifiers included;
    ATK and DEF are the sideways values for a player placed sideways."""
    z = st.zones[PER_TEAM * team + COURT + slot]
    if not z:
        return 0
    t = st.game.tables
    d = st.cards[z[0]]
    if stat >= ATK and st.side[team] >> slot & 1:
        base = t.side_stats[d][stat - ATK]
    else:
        base = t.stats[d][stat]
    return base + st.mods[(team * SLOTS + slot) * NSTATS + stat]


def cond_holds(st: RugbyFields, team: int, slot: int, cond: Cond) -> bool:
    """Whether the player on ``slot`` meets a ``when: {status, min}`` condition."""
    return cond is None or on_court_stat(st, team, slot, cond[0]) >= cond[1]


def apply_effects(
    st: RugbyFields,
    team: int,
    slot: int,
    effects: tuple[CompiledEffect, ...],
    inbounder: bool,
    ev: list[Event] | None,
) -> None:
    """Apply effects for ``team``; ``slot`` is the skill's player (-1 for a bench card).
    WR-3.5: an inbounder's skill adds 1 less to its own TOP (never below 0); what it takes
    from the opponent's TOP is not reduced."""
    if not effects:
        return
    gain = sum(e[1] for e in effects if e[0] == V_TOP)
    if inbounder and gain:
        gain = max(0, gain - 1)
    st.top[team] += gain
    opp = 1 - team
    for verb, amount, stat, who in effects:
        if verb == V_OPP_TOP:
            st.top[opp] = max(st.top[opp] + amount, -st.def_top[opp])
        elif verb in (V_STATUS, V_ATK, V_DEF):
            _modify(st, team, slot, stat, amount, who)
        elif verb == V_HELD:
            st.held = not st.held
            if ev is not None:
                ev.append(note("held_ball", team))
        elif verb == V_DRAW:
            st._draw(team, amount, ev)
        elif verb == V_BLOCK:
            st.blocked[opp] = True
    if ev is not None:
        ev.append(note("top", team, top=[st.top_of(0), st.top_of(1)]))


def _modify(st: RugbyFields, team: int, slot: int, stat: int, amount: int, who: int) -> None:
    """Change a status, ATK or DEF of the chosen players on court (WR-8.3 to WR-8.5)."""
    if who == SELF and slot >= 0:
        targets = [(team, slot)]
    else:
        side = 1 - team if who == OPPONENTS else team
        targets = [(side, s) for s in range(SLOTS)]
    for tm, s in targets:
        if not st.zones[PER_TEAM * tm + COURT + s]:
            continue
        st.mods[(tm * SLOTS + s) * NSTATS + stat] += amount
        if stat == ATK:
            st.atk_tot[tm] += amount
        elif stat == DEF:
            st.def_tot[tm] += amount
    if stat >= ATK:
        for tm in (0, 1):
            st.def_top[tm] = max(0, st.def_tot[tm] - st.atk_tot[1 - tm])
