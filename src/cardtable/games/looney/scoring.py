"""LT-6: scoring one scene: reveal, apply effects, compare in the seed's order, clean up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.events import Event, move, note, reveal

from .cards import (
    COND_ALONE,
    COND_NONE,
    COND_SCENE_COLOR,
    COND_WITH,
    GRAY,
    VERBS,
    CompiledEffect,
)
from .zones import DISCARD, DOWN, FX, LOCATION, MOVIE_DISCARD, SCORE, STORY, UP, pbase

if TYPE_CHECKING:
    from .rules import LooneyState

(
    V_RANK,
    V_OPP_RANK,
    V_SCENE_RANK,
    V_SCENE_COLOR,
    V_GROUP_COLOR,
    V_POINTS,
    V_WINS_TIES,
    V_CANCEL,
    V_DRAW,
) = range(len(VERBS))


def _holds(e: CompiledEffect, printed: int, n_actors: int, chars: set[int]) -> bool:
    """Whether an effect's condition holds for a side (LT-6.3)."""
    cond = e[3]
    if cond == COND_NONE:
        return True
    if cond == COND_SCENE_COLOR:
        return printed == e[4]
    if cond == COND_ALONE:
        return n_actors == 1
    return cond == COND_WITH and e[4] in chars


def score_slot(st: LooneyState, s: int, ev: list[Event], draws: list[tuple[int, int]]) -> None:
    """Score the scene on slot ``s``: decide the winner, award points, discard the rest."""
    t = st.game.tables
    opts = st.game.options
    z = st.zones
    cards = st.cards
    n = st.game.num_players
    scene = z[STORY + s][0]
    sd = cards[scene]
    printed = t.color[sd]
    order = [(st.rp + i) % n for i in range(n)]
    sides = [p for p in order if not st.out[p] and (z[pbase(p) + DOWN + s] or z[pbase(p) + UP + s])]
    # LT-6.1 reveal everything placed face down
    actors: dict[int, tuple[int, ...]] = {}
    fx: dict[int, tuple[int, ...]] = {}
    for p in sides:
        b = pbase(p)
        actors[p] = z[b + DOWN + s] + z[b + UP + s]
        fx[p] = z[b + FX + s]
        for c in z[b + DOWN + s] + fx[p]:
            ev.append(reveal(c, p))
    chars = {p: {t.char[cards[c]] for c in actors[p]} for p in sides}
    # LT-6.2 cancel_effects switches off the other sides' special effects
    cancels = {
        p
        for p in sides
        for c in fx[p]
        for e in t.effects[cards[c]]
        if e[0] == V_CANCEL and _holds(e, printed, len(actors[p]), chars[p])
    }
    active: dict[int, list[CompiledEffect]] = {}
    for p in sides:
        own = [c for c in actors[p]]
        if not any(q in cancels for q in sides if q != p):
            own += fx[p]
        na = len(actors[p])
        active[p] = [
            e for c in own for e in t.effects[cards[c]] if _holds(e, printed, na, chars[p])
        ]
    loc_fx = [
        e
        for c in z[LOCATION + s]
        for e in t.effects[cards[c]]
        if e[3] == COND_NONE or (e[3] == COND_SCENE_COLOR and e[4] == printed)
    ]
    # LT-6.3 the scene's rank and colour for this scoring
    scene_rank = t.rank[sd] + sum(e[1] for e in loc_fx if e[0] == V_SCENE_RANK)
    scene_color = printed
    for e in loc_fx:
        if e[0] == V_SCENE_COLOR:
            scene_color = e[2]
    for p in sides:
        for e in active[p]:
            if e[0] == V_SCENE_RANK:
                scene_rank += e[1]
            elif e[0] == V_SCENE_COLOR:
                scene_color = e[2]
    # LT-6.4 each side's rank value and colour
    value: dict[int, int] = {}
    colors: dict[int, int] = {}
    ties: set[int] = set()
    for p in sides:
        v = sum(t.rank[cards[c]] for c in actors[p])
        v += sum(e[1] for e in active[p] if e[0] == V_RANK)
        v += sum(e[1] for q in sides if q != p for e in active[q] if e[0] == V_OPP_RANK)
        value[p] = max(0, v)
        hues = {t.color[cards[c]] for c in actors[p]}
        if opts.mixed_group_color == "any":
            mask = sum(1 << h for h in hues)
        else:
            mask = 1 << next(iter(hues)) if len(hues) == 1 else 0
        for e in active[p]:
            if e[0] == V_GROUP_COLOR:
                mask = 1 << e[2]
        colors[p] = mask
        if any(e[0] == V_WINS_TIES for e in active[p]):
            ties.add(p)
    winner = _compare(sides, value, colors, ties, scene_rank, scene_color, opts.overact_all)
    points = t.points[sd] + sum(e[1] for e in loc_fx if e[0] == V_POINTS)
    # LT-6.6 the won scene goes to the score pile; everything else placed is discarded
    if winner >= 0:
        points += sum(e[1] for e in active[winner] if e[0] == V_POINTS)
        st.scores[winner] += points
        _send(st, STORY + s, pbase(winner) + SCORE, ev)
    else:
        owner = st.owner[scene]
        _send(st, STORY + s, MOVIE_DISCARD if owner < 0 else pbase(owner) + DISCARD, ev)
    ev.append(
        note(
            "scene_scored",
            winner,
            slot=s + 1,
            scene=st.game.card_ids[sd],
            points=points if winner >= 0 else 0,
            values={str(p): value[p] for p in sides},
            scene_rank=scene_rank,
            scene_color=st.game.color_name(scene_color),
        )
    )
    for c in z[LOCATION + s]:
        _send_one(st, c, LOCATION + s, pbase(max(st.owner[c], 0)) + DISCARD, ev)
    for p in range(n):
        b = pbase(p)
        for src in (b + DOWN + s, b + FX + s, b + UP + s):
            for c in z[src]:
                _send_one(st, c, src, b + DISCARD, ev)
    for p in sides:
        k = sum(e[1] for e in active[p] if e[0] == V_DRAW)
        if k:
            draws.append((p, k))


def _compare(
    sides: list[int],
    value: dict[int, int],
    colors: dict[int, int],
    ties: set[int],
    scene_rank: int,
    scene_color: int,
    overact_all: str,
) -> int:
    """LT-6.5: overacting, then colour (not on gray), then higher rank, then tie-breaks.
    ``sides`` is ordered from the round player clockwise; returns -1 if nobody wins."""
    cands = sides
    proper = [p for p in cands if value[p] <= scene_rank]
    if overact_all == "nobody" or (proper and len(proper) < len(cands)):
        cands = proper
    if not cands:
        return -1
    if scene_color != GRAY:
        match = [p for p in cands if colors[p] >> scene_color & 1]
        if match and len(match) < len(cands):
            cands = match
    best = max(value[p] for p in cands)
    cands = [p for p in cands if value[p] == best]
    if len(cands) > 1:
        tie = [p for p in cands if p in ties]
        if tie:
            cands = tie
    return cands[0]


def _send(st: LooneyState, src: int, dst: int, ev: list[Event]) -> None:
    for c in st.zones[src]:
        ev.append(move(c, src, dst))
    st.zones[dst] += st.zones[src]
    st.zones[src] = ()


def _send_one(st: LooneyState, c: int, src: int, dst: int, ev: list[Event]) -> None:
    ev.append(move(c, src, dst))
    st.zones[dst] += (c,)
    st.zones[src] = ()
