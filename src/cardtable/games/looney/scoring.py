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
    VERBS,
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
    """Whether an effect's condition holds for a side (LT-9.13)."""
    cond = e[3]
    if cond == COND_NONE:
        return True
    if cond == COND_SCENE_COLOR:
        return printed == e[4]
    if cond == COND_ALONE:
        return n_actors == 1
    return cond == COND_WITH and e[4] in chars


def score_slot(st: LooneyState, s: int, ev: list[Event], draws: list[tuple[int, int]]) -> None:
    """Score the scene on slot ``s``: decide the winner, award points, discard the actors and
    special effects (the slot's location stays, LT-9.2)."""
    game = st.game
    t = game.tables
    z = st.zones
    cards = st.cards
    n = game.num_players
    effects = t.effects
    rank = t.rank
    color = t.color
    scene = z[STORY + s][0]
    sd = cards[scene]
    printed = color[sd]
    out = st.out
    # The sides, from the round player clockwise, with their actors and special effects.
    # LT-6.1 reveal everything placed face down.
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
    # LT-6.2 cancel_effects switches off the other sides' special effects
    chars: dict[int, set[int]] = {}  # a side's characters, for conditions 'with'
    char = t.char
    cancels: set[int] = set()
    if any_fx:
        for p in sides:
            for c in fx[p]:
                for e in effects[cards[c]]:
                    if e[0] == V_CANCEL:
                        if p not in chars:
                            chars[p] = {char[cards[x]] for x in actors[p]}
                        if _holds(e, printed, len(actors[p]), chars[p]):
                            cancels.add(p)
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
    # LT-6.3 the scene's rank and colour for this scoring
    scene_rank = rank[sd]
    scene_color = printed
    loc_points = 0
    for c in z[LOCATION + s]:
        for e in effects[cards[c]]:
            if e[3] == COND_NONE or (e[3] == COND_SCENE_COLOR and e[4] == printed):
                verb = e[0]
                if verb == V_SCENE_RANK:
                    scene_rank += e[1]
                elif verb == V_SCENE_COLOR:
                    scene_color = e[2]
                elif verb == V_POINTS:
                    loc_points += e[1]
    opp_rank: dict[int, int] = {}
    all_opp = 0
    for p in sides:
        opp = 0
        for e in active[p]:
            verb = e[0]
            if verb == V_SCENE_RANK:
                scene_rank += e[1]
            elif verb == V_SCENE_COLOR:
                scene_color = e[2]
            elif verb == V_OPP_RANK:
                opp += e[1]
        opp_rank[p] = opp
        all_opp += opp
    # LT-6.4 each side's rank value and colour
    any_hue = game.options.mixed_group_color == "any"
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
    winner = _compare(sides, value, colors, ties, scene_rank, scene_color, game.options.overact_all)
    points = t.points[sd] + loc_points
    # LT-6.6 the won scene goes to the score pile; everything else placed is discarded
    if winner >= 0:
        for e in active[winner]:
            if e[0] == V_POINTS:
                points += e[1]
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
            scene=game.card_ids[sd],
            points=points if winner >= 0 else 0,
            values={str(p): value[p] for p in sides},
            scene_rank=scene_rank,
            scene_color=COLORS[scene_color],
        )
    )
    # LT-9.2 the slot's location is not discarded: it stays for the scenes to come
    for p in range(n):
        b = PLAYER_BASE + PER_PLAYER * p
        if z[b + DOWN + s]:
            _send(st, b + DOWN + s, b + DISCARD, ev)
        if z[b + FX + s]:
            _send(st, b + FX + s, b + DISCARD, ev)
        if z[b + UP + s]:
            _send(st, b + UP + s, b + DISCARD, ev)
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


def _send(st: LooneyState, src: int, dst: int, ev: list[Event]) -> None:
    for c in st.zones[src]:
        ev.append(move(c, src, dst))
    st.zones[dst] += st.zones[src]
    st.zones[src] = ()
