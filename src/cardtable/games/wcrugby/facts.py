"""What the heuristics read of one team's view of a strategy time or a substitution window
(:class:`Facts`, read by heuristics.Court): built from the team's observation
(:func:`observed_facts`, for the greedy agent) or straight from a state (:func:`state_facts`,
for search rollouts, which so skip the observation). Both give the same facts: every field
is public in these phases (both lineups are revealed) or the team's own."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import NSTATS, STATS
from .fields import RugbyFields
from .zones import COURT, HAND, SLOTS, tbase

STAT_INDEX = {name: i for i, name in enumerate(STATS)}
COURT_KEYS = tuple(tuple(f"t{q}.court.{s + 1}" for s in range(SLOTS)) for q in (0, 1))
HAND_KEYS = ("t0.hand", "t1.hand")


class Facts(NamedTuple):
    """One team's view of a strategy time or a substitution window. Cards are definitions,
    slots 0 to 3; ``court[q][s]`` is -1 where empty; ``side[q]`` and ``special_slots`` are
    masks of slots (bit s: slot s); ``mods`` is laid out as the state's (team, slot, stat)."""

    me: int
    court: list[list[int]]
    side: list[int]
    atk: list[int]
    dfn: list[int]
    top: list[int]
    hand: list[int]
    mods: list[int]
    blocked: bool
    special_slots: int  # WR-5.4: the own players (by name) who had a special this period
    specials_used: int
    opp_done: bool
    first: int
    held: bool
    inb: int  # the own inbounder's slot, or -1
    tgt: int  # the own target's slot, or -1
    substituted: bool


_new_facts = tuple.__new__


def _mask(slots: list[int]) -> int:
    """The mask of slots numbered from 1 as the observation numbers them."""
    out = 0
    for s in slots:
        out |= 1 << (s - 1)
    return out


def observed_facts(index: dict[str, int], obs: dict[str, Any]) -> Facts:
    """The facts of an observation (of a strategy time or a substitution window)."""
    me = obs["player"]
    z = obs["zones"]
    teams = obs["teams"]
    mine = teams[me]
    mods = [0] * (2 * SLOTS * NSTATS)
    for q in (0, 1):
        for slot, changes in teams[q]["modifiers"].items():
            base = (q * SLOTS + int(slot) - 1) * NSTATS
            for name, amount in changes.items():
                mods[base + STAT_INDEX[name]] = amount
    return Facts(
        me,
        [[index[z[key][0]] if z[key] else -1 for key in COURT_KEYS[q]] for q in (0, 1)],
        [_mask(teams[0]["sideways"]), _mask(teams[1]["sideways"])],
        obs["atk"],
        obs["def"],
        obs["top"],
        [index[c] for c in z[HAND_KEYS[me]]],
        mods,
        mine["skills_blocked"],
        _mask(mine["special_slots"]),
        mine["specials_used"],
        teams[1 - me]["strategy_done"],
        obs["first"],
        obs["held_ball"],
        -1 if mine["inbounder"] is None else mine["inbounder"] - 1,
        -1 if mine["target"] is None else mine["target"] - 1,
        mine["substituted"],
    )


def state_facts(st: RugbyFields, me: int) -> Facts:
    """The facts of ``st.observation(me)`` (a strategy time or a substitution window), read
    straight from the state. The lists are the state's own: read them, never change them."""
    z = st.zones
    cards = st.cards
    court = []
    for q in (0, 1):
        b = tbase(q) + COURT
        court.append([cards[z[b + s][0]] if z[b + s] else -1 for s in range(SLOTS)])
    used = st.specials[me]
    name = st.game.tables.name
    special_slots = 0
    if used:
        for s, d in enumerate(court[me]):
            if d >= 0 and name[d] in used:
                special_slots |= 1 << s
    top, def_top = st.top, st.def_top
    # Facts(...) built as events.py builds its tuples: the generated __new__ costs a call
    return _new_facts(
        Facts,
        (
            me,
            court,
            st.side,
            st.atk_tot,
            st.def_tot,
            [max(0, top[0] + def_top[0]), max(0, top[1] + def_top[1])],  # st.top_of(team)
            [cards[c] for c in z[tbase(me) + HAND]],
            st.mods,
            st.blocked[me],
            special_slots,
            len(used),
            st.ended[1 - me],
            st.first,
            st.held,
            st.inb[me],
            st.tgt[me],
            st.subs[me],
        ),
    )
