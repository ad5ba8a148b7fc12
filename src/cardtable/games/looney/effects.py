"""The effects at a scoring (LT-9): which hold for a side (LT-9.13), which a
``cancel_effects`` switches off (LT-6.2, LT-9.11), the scene's rank, colour and a location's
points for this scoring (LT-6.3, LT-9.2, LT-9.6 to LT-9.9), and each side's rank value, colour
and tie-breaks (LT-6.4, LT-9.4, LT-9.5, LT-9.8, LT-9.10)."""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    COND_ALONE,
    COND_NONE,
    COND_SCENE_COLOR,
    COND_WITH,
    V_CANCEL,
    V_GROUP_COLOR,
    V_OPP_RANK,
    V_POINTS,
    V_RANK,
    V_SCENE_COLOR,
    V_SCENE_RANK,
    V_WINS_TIES,
    CompiledEffect,
)
from .zones import LOCATION, STORY

if TYPE_CHECKING:
    from .base import LooneyBase


def holds(e: CompiledEffect, printed: int, n_actors: int, chars: set[int]) -> bool:
    """Whether an effect's condition holds for a side (LT-9.13)."""
    cond = e[3]
    if cond == COND_NONE:
        return True
    if cond == COND_SCENE_COLOR:
        return printed == e[4]
    if cond == COND_ALONE:
        return n_actors == 1
    return cond == COND_WITH and e[4] in chars


def active_effects(
    st: LooneyBase,
    printed: int,
    sides: list[int],
    actors: dict[int, tuple[int, ...]],
    fx: dict[int, tuple[int, ...]],
    any_fx: bool,
) -> dict[int, list[CompiledEffect]]:
    """LT-6.2 and LT-9.13: each side's effects that apply (their conditions hold), without the
    special effects a ``cancel_effects`` of another side switches off."""
    t = st.game.tables
    effects = t.effects
    char = t.char
    cards = st.cards
    chars: dict[int, set[int]] = {}  # a side's characters, for conditions 'with'
    cancels = _cancelling_sides(st, printed, sides, actors, fx, chars) if any_fx else set()
    active: dict[int, list[CompiledEffect]] = {}
    for p in sides:
        group = actors[p]
        own = group
        if fx[p] and not (cancels and any(q in cancels for q in sides if q != p)):
            own = group + fx[p]
        side_active: list[CompiledEffect] = []
        for c in own:
            for e in effects[cards[c]]:
                if e[3] == COND_NONE:
                    side_active.append(e)
                    continue
                if p not in chars:
                    chars[p] = {char[cards[x]] for x in group}
                if holds(e, printed, len(group), chars[p]):
                    side_active.append(e)
        active[p] = side_active
    return active


def _cancelling_sides(
    st: LooneyBase,
    printed: int,
    sides: list[int],
    actors: dict[int, tuple[int, ...]],
    fx: dict[int, tuple[int, ...]],
    chars: dict[int, set[int]],
) -> set[int]:
    """LT-6.2: the sides with a ``cancel_effects`` special effect whose condition holds
    (``chars`` caches each side's characters)."""
    t = st.game.tables
    effects = t.effects
    char = t.char
    cards = st.cards
    cancels: set[int] = set()
    for p in sides:
        for c in fx[p]:
            for e in effects[cards[c]]:
                if e[0] == V_CANCEL:
                    if p not in chars:
                        chars[p] = {char[cards[x]] for x in actors[p]}
                    if holds(e, printed, len(actors[p]), chars[p]):
                        cancels.add(p)
    return cancels


def scene_for_scoring(
    st: LooneyBase,
    s: int,
    printed: int,
    sides: list[int],
    active: dict[int, list[CompiledEffect]],
) -> tuple[int, int, int]:
    """LT-6.3: the scene's rank and colour for this scoring (the location's changes, then the
    active effects' from the round player clockwise), and the location's extra points."""
    t = st.game.tables
    cards = st.cards
    scene_rank = t.rank[cards[st.zones[STORY + s][0]]]
    scene_color = printed
    loc_points = 0
    for c in st.zones[LOCATION + s]:
        for e in t.effects[cards[c]]:
            if e[3] == COND_NONE or (e[3] == COND_SCENE_COLOR and e[4] == printed):
                verb = e[0]
                if verb == V_SCENE_RANK:
                    scene_rank += e[1]
                elif verb == V_SCENE_COLOR:
                    scene_color = e[2]
                elif verb == V_POINTS:
                    loc_points += e[1]
    for p in sides:
        for e in active[p]:
            verb = e[0]
            if verb == V_SCENE_RANK:
                scene_rank += e[1]
            elif verb == V_SCENE_COLOR:
                scene_color = e[2]
    return scene_rank, scene_color, loc_points


def side_values(
    st: LooneyBase,
    sides: list[int],
    actors: dict[int, tuple[int, ...]],
    active: dict[int, list[CompiledEffect]],
) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """LT-6.4: each side's rank value (never below 0) and colour mask, and the sides that win
    ties."""
    t = st.game.tables
    rank = t.rank
    color = t.color
    cards = st.cards
    any_hue = st.hot.any_hue
    opp_rank: dict[int, int] = {}
    all_opp = 0
    for p in sides:
        k = 0
        for e in active[p]:
            if e[0] == V_OPP_RANK:
                k += e[1]
        opp_rank[p] = k
        all_opp += k
    value: dict[int, int] = {}
    colors: dict[int, int] = {}
    ties: set[int] = set()
    for p in sides:
        v = all_opp - opp_rank[p]
        hues = 0
        n_hues = 0
        for c in actors[p]:
            d = cards[c]
            v += rank[d]
            bit = 1 << color[d]
            if not hues & bit:
                hues |= bit
                n_hues += 1
        mask = hues if any_hue or n_hues == 1 else 0
        for e in active[p]:
            verb = e[0]
            if verb == V_RANK:
                v += e[1]
            elif verb == V_GROUP_COLOR:
                mask = 1 << e[2]
            elif verb == V_WINS_TIES:
                ties.add(p)
        value[p] = v if v > 0 else 0
        colors[p] = mask
    return value, colors, ties
