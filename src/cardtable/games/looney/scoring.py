"""LT-6: scoring one scene: reveal, apply effects, compare in the seed's order, clean up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.events import Event, move, note, reveal

from .cards import (
    COLORS,
    COND_ALONE,
    COND_NONE,
    COND_SCENE_COLOR,
    COND_WITH,
    GRAY,
    V_CANCEL,
    V_DRAW,
    V_GROUP_COLOR,
    V_OPP_RANK,
    V_POINTS,
    V_RANK,
    V_SCENE_COLOR,
    V_SCENE_RANK,
    V_WINS_TIES,
    CompiledEffect,
)
from .zones import (
    DISCARD,
    DOWN,
    FX,
    LOCATION,
    MOVIE_DISCARD,
    PER_PLAYER,
    PLAYER_BASE,
    SCORE,
    STORY,
    UP,
    pbase,
)

if TYPE_CHECKING:
    from .base import LooneyBase


def _holds(e: CompiledEffect, printed: int, n_actors: int, chars: set[int]) -> bool:
    """Whether an effect's condition holds for a side (LT-9.13)."""
    cond = e[3]
    if cond == COND_NONE:
        return True
    if cond == COND_SCENE_COLOR:
        return printed == e[4]
    if cond == COND_ALONE:
        return n_actors == 1
    return cond == COND_WITH and e[4] in chars


def score_slot(st: LooneyBase, s: int, ev: list[Event], draws: list[tuple[int, int]]) -> None:
    """Score the scene on slot ``s``: decide the winner, award points, discard the actors and
    special effects (the slot's location stays, LT-9.2)."""
    game = st.game
    scene = st.zones[STORY + s][0]
    sd = st.cards[scene]
    printed = game.tables.color[sd]
    sides, actors, fx, any_fx = _reveal(st, s, ev)
    active = _active_effects(st, printed, sides, actors, fx, any_fx)
    scene_rank, scene_color, loc_points = _scene_for_scoring(st, s, printed, sides, active)
    value, colors, ties = _side_values(st, sides, actors, active)
    winner = _compare(sides, value, colors, ties, scene_rank, scene_color, game.options.overact_all)
    points = _award(st, s, winner, game.tables.points[sd] + loc_points, active, ev)
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


def _reveal(st: LooneyBase, s: int, ev: list[Event]) -> Sides:
    """LT-6.1: the sides at slot ``s``, from the round player clockwise, with their actors and
    special effects, everything placed face down revealed; and whether any special effect is
    there."""
    z = st.zones
    n = st.game.num_players
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
        for c in down:
            ev.append(reveal(c, p))
        if side_fx:
            any_fx = True
            for c in side_fx:
                ev.append(reveal(c, p))
    return sides, actors, fx, any_fx


def _active_effects(
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
            card_effects = effects[cards[c]]
            if card_effects:
                if p not in chars:
                    chars[p] = {char[cards[x]] for x in group}
                side_chars = chars[p]
                na = len(group)
                for e in card_effects:
                    if _holds(e, printed, na, side_chars):
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
                    if _holds(e, printed, len(actors[p]), chars[p]):
                        cancels.add(p)
    return cancels


def _scene_for_scoring(
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


def _side_values(
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
    any_hue = st.game.options.mixed_group_color == "any"
    opp_rank = {p: sum(e[1] for e in active[p] if e[0] == V_OPP_RANK) for p in sides}
    all_opp = sum(opp_rank.values())
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


def _award(
    st: LooneyBase,
    s: int,
    winner: int,
    points: int,
    active: dict[int, list[CompiledEffect]],
    ev: list[Event],
) -> int:
    """LT-6.6 and LT-6.7: the winner scores the scene (``points`` plus their ``points``
    effects) into their score pile; a scene nobody wins goes to its deck's discard pile.
    Returns the points scored (0 if nobody wins)."""
    if winner < 0:
        owner = st.owner[st.zones[STORY + s][0]]
        _send(st, STORY + s, MOVIE_DISCARD if owner < 0 else pbase(owner) + DISCARD, ev)
        return 0
    for e in active[winner]:
        if e[0] == V_POINTS:
            points += e[1]
    st.scores[winner] += points
    _send(st, STORY + s, pbase(winner) + SCORE, ev)
    return points


def _discard_placed(st: LooneyBase, s: int, ev: list[Event]) -> None:
    """LT-6.6: every actor and special effect placed at slot ``s`` goes to its owner's discard
    pile; the slot's location stays for the scenes to come (LT-9.2)."""
    z = st.zones
    for p in range(st.game.num_players):
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
    if len(cands) == 1:
        return cands[0]
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


def _send(st: LooneyBase, src: int, dst: int, ev: list[Event]) -> None:
    for c in st.zones[src]:
        ev.append(move(c, src, dst))
    st.zones[dst] += st.zones[src]
    st.zones[src] = ()
