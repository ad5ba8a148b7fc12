"""Scoring one scene (LT-6): LT-6.1 reveal the sides, apply the effects (effects.py: LT-6.2
to LT-6.4), LT-6.5 compare in the seed's order, LT-6.6 and LT-6.7 award the scene and clean
up (LT-9.2 the location stays), LT-9.12 queue the draws."""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.events import move, note, reveal

from .base import Events
from .cards import (
    COLORS,
    GRAY,
    V_DRAW,
    V_POINTS,
    CompiledEffect,
)
from .effects import active_effects, scene_for_scoring, side_values
from .zones import (
    DISCARD,
    DOWN,
    FX,
    MOVIE_DISCARD,
    PER_PLAYER,
    PLAYER_BASE,
    SCORE,
    STORY,
    UP,
)

if TYPE_CHECKING:
    from .base import LooneyBase


def score_slot(st: LooneyBase, s: int, ev: Events, draws: list[tuple[int, int]]) -> None:
    """Score the scene on slot ``s``: decide the winner, award points, discard the actors and
    special effects (the slot's location stays, LT-9.2)."""
    game = st.game
    scene = st.zones[STORY + s][0]
    sd = st.cards[scene]
    printed = game.tables.color[sd]
    sides, actors, fx, any_fx = _reveal(st, s, ev)
    active = active_effects(st, printed, sides, actors, fx, any_fx)
    scene_rank, scene_color, loc_points = scene_for_scoring(st, s, printed, sides, active)
    value, colors, ties = side_values(st, sides, actors, active)
    winner = _compare(sides, value, colors, ties, scene_rank, scene_color, st.hot.nobody_over)
    points = _award(st, s, winner, game.tables.points[sd] + loc_points, active, ev)
    if ev is not None:
        ev.append(
            note(
                "scene_scored",
                winner,
                slot=s + 1,
                scene=game.card_ids[sd],
                points=points,
                values={str(p): value[p] for p in sides},
                scene_rank=scene_rank,
                scene_color=COLORS[scene_color],
            )
        )
    _discard_placed(st, s, ev)
    _queue_draws(sides, active, draws)


Sides = tuple[list[int], dict[int, tuple[int, ...]], dict[int, tuple[int, ...]], bool]


def _reveal(st: LooneyBase, s: int, ev: Events) -> Sides:
    """LT-6.1: the sides at slot ``s``, from the round player clockwise, with their actors and
    special effects, everything placed face down revealed; and whether any special effect is
    there."""
    z = st.zones
    n = st.hot.n
    out = st.out
    sides: list[int] = []
    actors: dict[int, tuple[int, ...]] = {}
    fx: dict[int, tuple[int, ...]] = {}
    any_fx = False
    for i in range(n):
        p = (st.rp + i) % n
        b = PLAYER_BASE + PER_PLAYER * p
        down = z[b + DOWN + s]
        up = z[b + UP + s]
        if out[p] or not (down or up):
            continue
        sides.append(p)
        actors[p] = down + up
        fx[p] = side_fx = z[b + FX + s]
        if side_fx:
            any_fx = True
        if ev is not None:
            for c in down:
                ev.append(reveal(c, p))
            for c in side_fx:
                ev.append(reveal(c, p))
    return sides, actors, fx, any_fx


def _award(
    st: LooneyBase,
    s: int,
    winner: int,
    points: int,
    active: dict[int, list[CompiledEffect]],
    ev: Events,
) -> int:
    """LT-6.6 and LT-6.7: the winner scores the scene (``points`` plus their ``points``
    effects) into their score pile; a scene nobody wins goes to its deck's discard pile.
    Returns the points scored (0 if nobody wins)."""
    if winner < 0:
        owner = st.owner[st.zones[STORY + s][0]]
        dst = MOVIE_DISCARD if owner < 0 else PLAYER_BASE + PER_PLAYER * owner + DISCARD
        _send(st, STORY + s, dst, ev)
        return 0
    for e in active[winner]:
        if e[0] == V_POINTS:
            points += e[1]
    st.scores[winner] += points
    _send(st, STORY + s, PLAYER_BASE + PER_PLAYER * winner + SCORE, ev)
    return points


def _discard_placed(st: LooneyBase, s: int, ev: Events) -> None:
    """LT-6.6: every actor and special effect placed at slot ``s`` goes to its owner's discard
    pile; the slot's location stays for the scenes to come (LT-9.2)."""
    z = st.zones
    for p in range(st.hot.n):
        b = PLAYER_BASE + PER_PLAYER * p
        if z[b + DOWN + s]:
            _send(st, b + DOWN + s, b + DISCARD, ev)
        if z[b + FX + s]:
            _send(st, b + FX + s, b + DISCARD, ev)
        if z[b + UP + s]:
            _send(st, b + UP + s, b + DISCARD, ev)


def _queue_draws(
    sides: list[int], active: dict[int, list[CompiledEffect]], draws: list[tuple[int, int]]
) -> None:
    """LT-9.12: the cards each side's active ``draw`` effects will make it draw."""
    for p in sides:
        k = 0
        for e in active[p]:
            if e[0] == V_DRAW:
                k += e[1]
        if k:
            draws.append((p, k))


def _compare(
    sides: list[int],
    value: dict[int, int],
    colors: dict[int, int],
    ties: set[int],
    scene_rank: int,
    scene_color: int,
    nobody_over: bool,
) -> int:
    """LT-6.5: overacting, then colour (not on gray), then higher rank, then tie-breaks
    (``nobody_over``: when every side overacts, nobody wins). ``sides`` is ordered from the
    round player clockwise; returns -1 if nobody wins. Each step keeps the sides that pass it
    when some do, so the winner is the first side with the highest (proper, colour, rank
    value, wins ties)."""
    winner = -1
    best = (False, False, -1, False)
    colored = scene_color != GRAY
    for p in sides:
        v = value[p]
        key = (v <= scene_rank, colored and colors[p] >> scene_color & 1 == 1, v, p in ties)
        if key > best:
            winner = p
            best = key
    if nobody_over and not best[0]:
        return -1
    return winner


def _send(st: LooneyBase, src: int, dst: int, ev: Events) -> None:
    if ev is not None:
        for c in st.zones[src]:
            ev.append(move(c, src, dst))
    st.zones[dst] += st.zones[src]
    st.zones[src] = ()
