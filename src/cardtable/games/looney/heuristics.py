"""Looney Tunes game knowledge for agents: values of actions from an observation.

The greedy agent takes the highest value; search agents use it as a rollout policy (with the
answers' threat capped lower: ``ROLLOUT_THREAT_MAX``). Only what the player's observation
shows is read, never the true state: the values read a ``Known``, built from the observation
or, for search rollouts, straight from a state (the same facts).

Every value is in points won this round, less what the cards spent are worth (``done`` is 0):

- A *side* (my actors and special effects at a scene) is worth its chance to win the scene
  times the scene's points. The chance follows the comparison of LT-6.5: a proper side beats
  an overacting one, colour beats rank, then the higher rank, and ties go to the round player.
- As the round player I place first: the chance is how often an answer beats such a side
  (measured in games between greedy agents, by the gap to the scene's rank: a side that fits a
  coloured scene exactly in its colour is nearly safe, one below the rank at a gray scene or
  off colour is not), more when the answer sees my actors (Roles), less when the players who
  answer have too few cards to cover every scene I use and more when they hold many (the
  first round's answer holds six).
- Answering, I know how many actors and special effects the round player has at each scene and
  the face-up ones: their rank value lies between one and five per actor, and a side that beats
  every value they can have is safe.
- An actor placed now may be the first of a group: it is valued one card ahead, with the
  partner from the hand that brings the group up to the scene's rank, or with the special
  effect of the hand that could go with it.
- An actor costs what it could win later, more when cards are short for the rest of the game
  (the cards needed to reach the target against the deck and hand); the last actor is kept when
  the deck is empty (a player who cannot place is eliminated, LT-7.5). Special effects,
  locations and scenes are cheap to play: the hand is only refilled up to six, so they clog it.
- A Role costs cards of the deck; answering, it covers a scene without spending the hand.
- Scenes from the hand go to the storyboard when the hand's actors fit them.
- The chooser plays the first round itself (measured: it wins a little more often).
"""
# cardtable: compile

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.core.hints import standings_to_returns

from .actions import DONE, FIRST, REFILL, ROLE, ROLE_SLOT, SCENE, SLOT_RANGE, SLOTS
from .base import PH_OVER, PH_PLACE, PH_STORY
from .cards import (
    ACTOR,
    COND_ALONE,
    COND_NONE,
    COND_SCENE_COLOR,
    EFFECT,
    GRAY,
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
from .rules import LooneyState
from .scoring import score_slot
from .zones import DECK as DECK_ZONE
from .zones import DOWN, FX, STORY, UP, pbase
from .zones import HAND as HAND_ZONE
from .zones import LOCATION as LOCATION_ZONE
from .zones import ROLE as ROLE_ZONE

if TYPE_CHECKING:
    from .game import LooneyGame

# Chance that an answer beats a proper side of the round player, by the gap between the scene's
# rank and the side's rank value (0 to 7 and more): when the side matches a coloured scene (an
# answer must match too), at a gray scene (rank alone decides) and off colour (any matching
# answer wins). Measured in games between greedy agents, a little on the safe side.
_BEAT_FIT = (0.03, 0.07, 0.08, 0.1, 0.12, 0.14, 0.16, 0.18)
_BEAT_GRAY = (0.12, 0.26, 0.4, 0.45, 0.5, 0.58, 0.65, 0.72)
_BEAT_OFF = 0.38
_BEAT_OFF_GAP = 0.025
_BEAT_OVER = 0.8
_SEEN = 0.25  # more when the answer sees the whole side (Roles face up, no special effect)
# The tables were measured with the answer's threat capped at 1 (about two cards of its hand
# per scene I use); an answer holding more beats more often, up to twice (the first round's
# answer holds six cards, LT-3.1). Measured: the first round player won 40% of greedy games
# with the cap at 1 and 52% with 2, and greedy with 2 won 55% against greedy with 1. The
# search's rollouts keep the cap at 1: with 2 the search's round robin of the starter decks
# moved far (Rainbow Revue 52% to 72%, the first player 53% to 56%; 360 games, seed 1), and
# the search's budgets and the starter decks were tuned with 1.
GREEDY_THREAT_MAX = 2.0
ROLLOUT_THREAT_MAX = 1.0
_BEAT_MAX = 0.97  # an answer's chance to beat a side, at most
_CARD = 2.0  # what an actor in the hand is worth, in points
_CARD_RANK = 0.08  # and per rank
_SCARCE_LO, _SCARCE_HI = 0.6, 1.5  # bounds of the scarcity factor of cards
_PTS_PER_ROUND = 7.0  # points scored in a round, by all players
_NEED_PER_ROUND = 2.0  # actors a player spends in a round
_KEEP_LAST = 6.0  # placing the last actor with an empty deck: elimination ahead
_CLOG = 2.0  # playing a card that only clogs the hand makes room for one from the deck
_CLOG_EMPTY = 0.3  # the same when the deck is empty
_SCENE_CLOG = 0.4  # a scene from the hand, against one from the Movie deck
_REFILL = 1.2  # a scene from the Movie deck
_DRAW_VALUE = 0.8  # one more card drawn
_ROLE_COST = 1.5  # a Role turns over (and discards) cards of the deck
_PARTNER = 0.85  # a group finished by a second card is worth this much of its value
_PARTNER_LOW = 1  # partners considered: at most this much below the rank left
# The chooser starts: 51.8% in 6,400 games of greedy against greedy (it was 41% with the
# answer's threat capped at 1, when the chooser let the other player start).
_FIRST_SELF = True


class HeuristicTables:
    """Per game: the options and zones the heuristics read, and per card definition what they
    look up."""

    __slots__ = (
        "any_hue",
        "char",
        "color",
        "effect_base",
        "effects",
        "index",
        "kind",
        "location_base",
        "nobody_over",
        "personal_defs",
        "place_base",
        "plain",
        "points",
        "rank",
        "same_def",
        "shapes",
        "target",
        "unseen",
        "zone_count",
        "zone_keys",
    )

    def __init__(self, g: LooneyGame) -> None:
        t = g.tables
        self.index = g.card_pool.index
        self.kind = t.kind
        self.color = t.color
        self.rank = t.rank
        self.points = t.points
        self.char = t.char
        self.effects = t.effects
        self.plain = tuple(not e for e in t.effects)  # a card without effects
        # a card with an effect on who wins (not only points or cards drawn)
        self.shapes = tuple(
            any(e[0] < V_POINTS or e[0] in (V_WINS_TIES, V_CANCEL) for e in x) for x in t.effects
        )
        self.personal_defs = t.personal_defs
        self.effect_base = g.codec.effect_base
        self.place_base = g.codec.place_base
        self.location_base = g.codec.location_base
        # the options the values test, as the rules' HotTables read them (LT-6.4, LT-6.7)
        self.any_hue = g.hot.any_hue
        self.nobody_over = g.hot.nobody_over
        # the zones the values read (the storyboard, the locations, each player's hand, deck,
        # Role and slots): index, key, listed top first
        read = [STORY + s for s in SLOT_RANGE] + [LOCATION_ZONE + s for s in SLOT_RANGE]
        for p in range(g.num_players):
            b = pbase(p)
            read += [b + HAND_ZONE, b + DECK_ZONE, b + ROLE_ZONE]
            read += [b + part + s for part in (DOWN, FX, UP) for s in SLOT_RANGE]
        self.zone_keys = tuple((i, g.zone_specs[i].key, g.zone_specs[i].stack) for i in read)
        self.zone_count = len(g.zone_specs)
        self.same_def = tuple(range(len(t.kind)))  # "cards" of an observation's zones
        self.unseen = len(t.kind)  # the card of a hidden zone (no definition: never read)
        self.target = g.options.target_points


# A side: (rank value, colour mask, opponent_rank total, scene_rank, scene colour or -1,
# wins ties, extra points, cards drawn, cancels)
Side = tuple[int, int, int, int, int, bool, int, int, bool]


def _side(ht: HeuristicTables, actors: list[int], fx: list[int], printed: int) -> Side:
    """What a side of card definitions adds up to at a scene of printed colour ``printed``
    (LT-6.3, LT-6.4, LT-9.13)."""
    rank = ht.rank
    color = ht.color
    hues = 0
    v = 0
    for d in actors:
        v += rank[d]
        hues |= 1 << color[d]
    mask = hues if ht.any_hue or hues & (hues - 1) == 0 else 0
    opp = srank = pts = draw = 0
    scol = -1
    ties = cancel = False
    effects = ht.effects
    for d in actors + fx if fx else actors:
        for e in effects[d]:
            if e[3] != COND_NONE and not _condition_holds(ht, e, actors, printed):
                continue
            verb = e[0]
            if verb == V_RANK:
                v += e[1]
            elif verb == V_OPP_RANK:
                opp += e[1]
            elif verb == V_SCENE_RANK:
                srank += e[1]
            elif verb == V_SCENE_COLOR:
                scol = e[2]
            elif verb == V_GROUP_COLOR:
                mask = 1 << e[2]
            elif verb == V_POINTS:
                pts += e[1]
            elif verb == V_WINS_TIES:
                ties = True
            elif verb == V_CANCEL:
                cancel = True
            else:
                draw += e[1]
    return (v, mask, opp, srank, scol, ties, pts, draw, cancel)


def _condition_holds(
    ht: HeuristicTables, e: CompiledEffect, actors: list[int], printed: int
) -> bool:
    """Whether effect ``e``'s condition (not ``COND_NONE``) holds for a side of ``actors`` at a
    scene of printed colour ``printed`` (LT-9.13)."""
    cond = e[3]
    if cond == COND_SCENE_COLOR:
        return printed == e[4]
    if cond == COND_ALONE:
        return len(actors) == 1
    return e[4] in {ht.char[a] for a in actors}


class _Slot:
    """One storyboard slot as the acting player sees it."""

    __slots__ = (
        "actors",
        "base",
        "color",
        "fx",
        "hidden",
        "mask",
        "nobody_over",
        "plain",
        "points",
        "printed",
        "rank",
        "seen",
        "threat",
        "win",
    )

    def __init__(self, ht: HeuristicTables, scene: int, threat: float) -> None:
        self.actors: list[int] = []  # my actors here (definitions)
        self.fx: list[int] = []  # my special effects here
        self.base = 0  # my actors' rank total
        self.mask = 0  # my actors' colours (bits)
        self.plain = True  # no card of my side has an effect
        self.nobody_over = ht.nobody_over  # an overacting side never wins (overact_all=nobody)
        self.rank = ht.rank[scene]  # the scene's rank, colour and points with its location
        self.color = self.printed = ht.color[scene]  # and its printed colour
        self.points = ht.points[scene]
        self.seen = True  # my side is all face up (Roles), without special effects
        # the other sides already placed here: (face-down actors, face-up rank total, face-up
        # colour mask, face-up actors, special effects)
        self.hidden: list[tuple[int, int, int, int, int]] = []
        self.threat = threat  # how able the players still to answer are (0..2)
        self.win = 0.0  # my side's value now (chance times points)


def _beats(seen: bool) -> tuple[tuple[float, ...], ...]:
    """The chance an answer beats a proper side, at most 0.97, by the gap (0 to 7): at a gray
    scene, for a side that matches the scene's colour, for one off colour (``seen``: the
    answer sees the whole side)."""
    rows = (_BEAT_GRAY, _BEAT_FIT, [_BEAT_OFF + _BEAT_OFF_GAP * gap for gap in range(8)])
    return tuple(tuple(min(b + _SEEN if seen else b, _BEAT_MAX) for b in row) for row in rows)


_BEATS = (_beats(False), _beats(True))  # by seen, then gray / fit / off, then gap


def _chance(sl: _Slot, side: Side, seen: bool) -> float:
    """My chance to win slot ``sl`` with ``side`` (``seen``: the answer sees all of it)."""
    v, mask, opp, srank, scol, ties, _, _, _ = side
    rank = sl.rank + srank
    col = scol if scol >= 0 else sl.color
    if v < 0:
        v = 0
    proper = v <= rank
    if not proper and sl.nobody_over:
        return 0.0
    gray = col == GRAY
    match = gray or bool(mask >> col & 1)
    win = 1.0
    for kd, up_sum, up_mask, k_up, kf in sl.hidden:
        win *= _vs_placed(
            v, proper, match, gray, ties, rank, col, kd, up_sum, up_mask, k_up, kf, opp
        )
    threat = sl.threat
    if threat > 0.0:
        if not proper:
            beat = _BEAT_OVER
        else:
            gap = rank - v + opp  # opp (0 or less) lowers the answer's value
            gap = 0 if gap < 0 else (gap if gap < 8 else 7)
            beat = _BEATS[seen][0 if gray else (1 if match else 2)][gap]
        beat *= threat
        win *= 1.0 - (beat if beat < _BEAT_MAX else _BEAT_MAX)
    return win


def _vs_placed(
    v: int,
    proper: bool,
    match: bool,
    gray: bool,
    ties: bool,
    rank: int,
    col: int,
    kd: int,
    up_sum: int,
    up_mask: int,
    k_up: int,
    kf: int,
    opp: int,
) -> float:
    """My chance to beat a side already placed: ``kd`` face-down actors (rank 1 to 5 each),
    face-up ones of rank total ``up_sum``, colours ``up_mask`` and number ``k_up``, ``kf``
    special effects; ``opp`` is my opponent_rank total (0 or less). A placed side is the round
    player's, who wins ties."""
    lo = kd + up_sum + opp
    hi = 5 * kd + up_sum + 2 * kf + opp
    if lo < 0:
        lo = 0
    if hi < 0:
        hi = 0
    if lo > rank:
        over = 1.0
    elif hi <= rank:
        over = 0.0
    else:
        over = 0.15 if kd else 0.0
    if gray:
        pm = 1.0  # no colour check: colours are equal
    elif kd == 0:
        pm = 1.0 if (up_mask & (up_mask - 1) == 0 and up_mask >> col & 1) else 0.0
        if kf:
            pm = 0.5 * pm + 0.25
    elif k_up and not (up_mask >> col & 1):
        pm = 0.2
    else:
        pm = 0.7
    if not proper:  # both overact: colour, then the higher rank value
        return over * (0.5 if match else 0.2) * (1.0 - 0.1 * kf)
    b = rank if hi > rank else hi
    a = b - 3 if b - 3 > lo else lo
    if a > b:
        a = b
    # the chance their value is below mine (or equal, when I win ties)
    below = v - a + (1 if ties else 0)
    p_less = 0.0 if below <= 0 else (1.0 if below > b - a else below / (b - a + 1))
    if match:
        w = over + (1.0 - over) * ((1.0 - pm) + pm * p_less)
    else:
        w = over + (1.0 - over) * (1.0 - pm) * p_less
    return w * (1.0 - 0.12 * kf) if kf else w


# ----- what the acting player knows -----------------------------------------------------------
class Known(NamedTuple):
    """All that the values read of one player's view, the same whether built from the
    observation (:func:`observed`) or straight from a state (:func:`known`, for search
    rollouts). ``zones`` and ``cards`` read like a state's: ``cards[c]`` is the definition of
    card ``c`` of a zone the player sees; of a zone hidden from them only the number of cards
    is read."""

    me: int
    num_players: int
    round_player: int
    answering: bool  # the acting player answers the round player's placement
    out: Sequence[bool]  # each player is eliminated
    used: int  # the scenes used this round (bit s: slot s)
    effect_slot: int  # the slot of the actor just placed from the hand, or -1
    top_score: int  # the highest score
    zones: Sequence[tuple[int, ...]]
    cards: tuple[int, ...]


def observed(ht: HeuristicTables, obs: dict[str, Any]) -> Known:
    """What an observation (of a placement or a storyboard) tells: each seen zone the values
    read as its cards' definitions, each hidden one as that many cards that are never read."""
    z = obs["zones"]
    index = ht.index
    hidden = (ht.unseen,)
    zones: list[tuple[int, ...]] = [()] * ht.zone_count  # the zones not read stay empty
    for i, key, stack in ht.zone_keys:
        cards = z[key]
        if not cards:
            continue
        if isinstance(cards, int):
            zones[i] = hidden * cards
        else:
            defs = tuple(map(index.__getitem__, cards))
            zones[i] = defs[::-1] if stack else defs
    out = obs["eliminated"]
    effect_slot = obs["effect_slot"]
    return Known(
        obs["player"],
        obs["num_players"],
        obs["round_player"],
        obs["answering"],
        [p in out for p in range(obs["num_players"])],
        sum(1 << (s - 1) for s in obs["used_slots"]),
        -1 if effect_slot is None else effect_slot - 1,
        max(obs["scores"]),
        zones,
        ht.same_def,
    )


def known(state: LooneyState, player: int) -> Known:
    """What ``state.observation(player)`` tells, read straight from the state."""
    return Known(
        player,
        state.game.num_players,
        state.rp,
        state.phase == PH_PLACE and state.actor != state.rp,
        state.out,
        state.used,
        state.pending_effect,
        max(state.scores),
        state.zones,
        state.cards,
    )


# ----- the action values -------------------------------------------------------------------
def action_values(
    ht: HeuristicTables,
    obs: dict[str, Any],
    legal: list[int],
    threat_max: float = GREEDY_THREAT_MAX,
) -> list[float]:
    """A value per legal action (see the module docstring), from an observation;
    ``threat_max`` caps how able the answers are (see ``GREEDY_THREAT_MAX``)."""
    phase = obs["phase"]
    if phase == "placement":
        return _placement_values(ht, observed(ht, obs), legal, threat_max)
    if phase == "storyboard":
        return _storyboard_values(ht, observed(ht, obs), legal)
    return _first_player_values(obs["player"], legal)


def rollout_values(
    ht: HeuristicTables,
    state: LooneyState,
    player: int,
    legal: list[int],
    threat_max: float = ROLLOUT_THREAT_MAX,
) -> list[float]:
    """The values of :func:`action_values` for ``player``'s observation, from the state,
    with the rollouts' cap on the answers' threat by default."""
    phase = state.phase
    if phase == PH_PLACE:
        return _placement_values(ht, known(state, player), legal, threat_max)
    if phase == PH_STORY:
        return _storyboard_values(ht, known(state, player), legal)
    return _first_player_values(player, legal)


def _first_player_values(me: int, legal: list[int]) -> list[float]:
    """The chooser names itself to start (by _FIRST_SELF)."""
    return [1.0 if (a - FIRST == me) == _FIRST_SELF else 0.0 for a in legal]


def _placement_values(
    ht: HeuristicTables, k: Known, legal: list[int], threat_max: float
) -> list[float]:
    """The placement phase: each action's value, then one card ahead for the placements that
    could be the best."""
    kind = ht.kind
    cards = k.cards
    hand = [cards[c] for c in k.zones[pbase(k.me) + HAND_ZONE]]
    actors = [d for d in hand if kind[d] == ACTOR]
    effects = list(dict.fromkeys(d for d in hand if kind[d] == EFFECT))  # each once: ahead
    slots = _read_slots(ht, k, _answer_threat(k, threat_max))
    placed: dict[tuple[int, int], tuple[float, float]] = {}  # (actor, slot): value, gain
    values = _first_values(ht, k, legal, slots, actors, placed)
    if placed and (len(actors) > 1 or effects):
        _look_ahead(ht, legal, slots, actors, effects, placed, values)
    return values


def _scarcity(ht: HeuristicTables, k: Known, deck: int, n_actors: int) -> float:
    """How scarce cards are: the cards needed for the rest of the game (rounds left, from the
    leading score) against the cards left, within _SCARCE_LO.._SCARCE_HI."""
    rounds = (ht.target - k.top_score) / _PTS_PER_ROUND
    scarcity = (_NEED_PER_ROUND * (rounds if rounds > 1.0 else 1.0) + 1.0) / (deck + n_actors + 1)
    return _SCARCE_LO if scarcity < _SCARCE_LO else min(scarcity, _SCARCE_HI)


def _answer_threat(k: Known, threat_max: float) -> float:
    """How able the players who answer after me are (0 to ``threat_max``; 1 is the answer the
    tables measured): an answer must cover every used scene, so few cards are spread thin, and
    many beat more often."""
    z = k.zones
    me = k.me
    n = k.num_players
    out = k.out
    threat = 0.0
    n_used = k.used.bit_count() or 1
    stop = k.round_player if k.answering else me
    q = (me + 1) % n
    while q != stop:
        if not out[q]:
            b = pbase(q)
            t = (0.55 * len(z[b + HAND_ZONE]) + (1.0 if z[b + DECK_ZONE] else 0.0)) / n_used
            if t > threat:
                threat = t if t < threat_max else threat_max
        q = (q + 1) % n
    return threat


def _first_values(
    ht: HeuristicTables,
    k: Known,
    legal: list[int],
    slots: list[_Slot | None],
    actors: list[int],
    placed: dict[tuple[int, int], tuple[float, float]],
) -> list[float]:
    """Each legal action's value on its own; ``placed`` gets each actor placement's (value,
    gain)."""
    z = k.zones
    b = pbase(k.me)
    rank = ht.rank
    deck = len(z[b + DECK_ZONE])
    clog = _CLOG if deck else _CLOG_EMPTY
    scarcity = _scarcity(ht, k, deck, len(actors))
    values: list[float] = []
    place_base = ht.place_base
    loc_base = ht.location_base
    eff_base = ht.effect_base
    pdefs = ht.personal_defs
    for a in legal:
        if a >= place_base:
            p, s = divmod(a - (place_base if a < loc_base else loc_base), SLOTS)
            d = pdefs[p]
            sl = slots[s]
            if sl is None:
                values.append(-1.0)
            elif a >= loc_base:
                values.append(_location_value(ht, sl, d, clog))
            else:
                key = (d, s)
                got = placed.get(key)
                if got is None:
                    cost = (_CARD + _CARD_RANK * rank[d]) * scarcity
                    if deck == 0 and len(actors) <= 1:
                        cost += _KEEP_LAST
                    got = placed[key] = _placement_gain(ht, sl, d, cost)
                values.append(got[0])
        elif a >= eff_base:
            sl = slots[k.effect_slot]
            f = pdefs[a - eff_base]
            values.append(_effect_value(ht, sl, f, clog) if sl is not None else clog)
        elif a == DONE:
            values.append(0.0)
        elif a == ROLE:
            values.append(_role_value(slots, k.answering, deck, len(actors), scarcity))
        elif ROLE_SLOT <= a < SCENE:  # the Role's actor, face up, is known now
            sl = slots[a - ROLE_SLOT]
            role = z[b + ROLE_ZONE]
            values.append(0.0 if sl is None or not role else _role_gain(ht, sl, k.cards[role[0]]))
        else:
            values.append(0.0)
    return values


def _placement_gain(ht: HeuristicTables, sl: _Slot, d: int, cost: float) -> tuple[float, float]:
    """Placing actor ``d`` face down on slot ``sl``: (gain less ``cost``, gain), the gain
    being the change in my side's value there."""
    side = _with(ht, sl, d)
    gain = _chance(sl, side, False) * (sl.points + side[6]) - sl.win
    return gain - cost, gain


def _role_gain(ht: HeuristicTables, sl: _Slot, d: int) -> float:
    """Placing the Role's actor ``d`` face up on slot ``sl`` (known to the answers): the
    change in my side's value there."""
    side = _with(ht, sl, d)
    return _chance(sl, side, sl.seen) * (sl.points + side[6]) - sl.win


def _look_ahead(
    ht: HeuristicTables,
    legal: list[int],
    slots: list[_Slot | None],
    actors: list[int],
    effects: list[int],
    placed: dict[tuple[int, int], tuple[float, float]],
    values: list[float],
) -> None:
    """One card ahead, for the actor placements that could then be the best action: adds
    ``_ahead`` to their ``values``."""
    place_base = ht.place_base
    loc_base = ht.location_base
    pdefs = ht.personal_defs
    best = max(values)
    ahead: dict[tuple[int, int], float] = {}
    pairs: list[dict[tuple[int, int], float]] = [{}, {}, {}, {}]  # by slot
    for i, a in enumerate(legal):
        if not place_base <= a < loc_base:
            continue
        p, s = divmod(a - place_base, SLOTS)
        d = pdefs[p]
        key = (d, s)
        v = ahead.get(key)
        if v is None:
            v, gain = placed[key]
            sl = slots[s]
            assert sl is not None
            if v + _PARTNER * (sl.points + 2) - gain > best:
                v += _ahead(ht, sl, d, gain, actors, effects, pairs[s])
            ahead[key] = v
        values[i] = v


def _read_slots(ht: HeuristicTables, k: Known, threat: float) -> list[_Slot | None]:
    """The slots the acting player may place on, as they see them."""
    z = k.zones
    cards = k.cards
    me = k.me
    answering = k.answering
    out = k.out
    used = k.used
    others = [pbase(q) for q in range(k.num_players) if q != me and not out[q]]
    mb = pbase(me)
    slots: list[_Slot | None] = [None, None, None, None]
    for s in SLOT_RANGE:
        scene = z[STORY + s]
        if not scene or (answering and not used >> s & 1):
            continue
        sl = slots[s] = _Slot(ht, cards[scene[0]], threat)
        for c in z[LOCATION_ZONE + s]:
            _locate(ht, sl, cards[c])
        down = z[mb + DOWN + s]
        up = z[mb + UP + s]
        fx = z[mb + FX + s]
        if fx:
            sl.fx = [cards[c] for c in fx]
            sl.plain = False
        sl.seen = not down and not fx
        for qb in others:
            kd = len(z[qb + DOWN + s])
            qup = z[qb + UP + s]
            if kd or qup:
                sl.hidden.append(_other_side(ht, cards, kd, qup, len(z[qb + FX + s])))
        if down or up:
            _read_mine(ht, sl, [cards[c] for c in down + up])
    return slots


def _other_side(
    ht: HeuristicTables, cards: tuple[int, ...], kd: int, qup: tuple[int, ...], kf: int
) -> tuple[int, int, int, int, int]:
    """Another player's side at a slot as I see it: ``kd`` face-down actors, the face-up ones
    ``qup`` (rank total, colours, number), ``kf`` special effects."""
    rank = ht.rank
    color = ht.color
    up_sum = up_mask = 0
    for c in qup:
        d = cards[c]
        up_sum += rank[d]
        up_mask |= 1 << color[d]
    return (kd, up_sum, up_mask, len(qup), kf)


def _read_mine(ht: HeuristicTables, sl: _Slot, mine: list[int]) -> None:
    """My actors ``mine`` (definitions, face down then face up) at slot ``sl``, and what my
    side there is worth now."""
    rank = ht.rank
    color = ht.color
    plain = ht.plain
    sl.actors = mine
    for d in mine:
        sl.base += rank[d]
        sl.mask |= 1 << color[d]
        if not plain[d]:
            sl.plain = False
    side = _side(ht, mine, sl.fx, sl.printed)
    sl.win = _chance(sl, side, sl.seen) * (sl.points + side[6])


def _with(ht: HeuristicTables, sl: _Slot, d: int, e: int = -1) -> Side:
    """My side at ``sl`` with actor ``d`` (and ``e``) added; quick when no card has an
    effect."""
    plain = ht.plain
    if sl.plain and plain[d] and (e < 0 or plain[e]):
        rank = ht.rank
        color = ht.color
        v = sl.base + rank[d]
        hues = sl.mask | 1 << color[d]
        if e >= 0:
            v += rank[e]
            hues |= 1 << color[e]
        mask = hues if ht.any_hue or hues & (hues - 1) == 0 else 0
        return (v, mask, 0, 0, -1, False, 0, 0, False)
    mine = [*sl.actors, d] if e < 0 else [*sl.actors, d, e]
    return _side(ht, mine, sl.fx, sl.printed)


def _locate(ht: HeuristicTables, sl: _Slot, loc: int) -> None:
    """Apply a location's effects to the slot's scene (LT-9.2)."""
    for e in ht.effects[loc]:
        if e[3] == COND_NONE or (e[3] == COND_SCENE_COLOR and e[4] == sl.printed):
            if e[0] == V_SCENE_RANK:
                sl.rank += e[1]
            elif e[0] == V_SCENE_COLOR:
                sl.color = e[2]
            elif e[0] == V_POINTS:
                sl.points += e[1]


def _ahead(
    ht: HeuristicTables,
    sl: _Slot,
    d: int,
    alone: float,
    actors: list[int],
    effects: list[int],
    pairs: dict[tuple[int, int], float],
) -> float:
    """What placing actor ``d`` at ``sl`` gains, over ``alone`` (its gain placed alone), when
    the next card is the partner from the hand that brings the group up to the scene's rank
    (less that card), or a special effect of the hand that goes with it (0 if neither
    helps)."""
    rank = ht.rank
    room = sl.rank - sl.base - rank[d]
    gain = alone
    now = sl.win
    if room > 0:
        char = ht.char
        chars = {char[x] for x in sl.actors}
        chars.add(char[d])
        skipped = False
        tried = -1
        for e in actors:
            if e == d and not skipped:
                skipped = True
                continue
            r = rank[e]
            if r > room + 1 or r < room - _PARTNER_LOW or e == tried or char[e] in chars:
                continue
            tried = e
            key = (d, e) if d < e else (e, d)
            w = pairs.get(key)
            if w is None:
                side = _with(ht, sl, d, e)
                w = pairs[key] = _chance(sl, side, False) * (sl.points + side[6])
            v = _PARTNER * (w - now) - (_CARD + _CARD_RANK * r)
            if v > gain:
                gain = v
    if effects:
        color = ht.color
        c = color[d]
        mine = [*sl.actors, d]
        shapes = ht.shapes
        for f in effects:
            if shapes[f] and (color[f] == GRAY or color[f] == c):
                side = _side(ht, mine, [*sl.fx, f], sl.printed)
                w = _chance(sl, side, False) * (sl.points + side[6])
                v = _PARTNER * (w - now) + _DRAW_VALUE * side[7]
                if v > gain:
                    gain = v
    return gain - alone


def _effect_value(ht: HeuristicTables, sl: _Slot, f: int, clog: float) -> float:
    """A special effect with the actor just placed at ``sl``."""
    before = _side(ht, sl.actors, sl.fx, sl.printed)
    after = _side(ht, sl.actors, [*sl.fx, f], sl.printed)
    w0 = _chance(sl, before, sl.seen) * (sl.points + before[6])
    w1 = _chance(sl, after, False) * (sl.points + after[6])
    value = w1 - w0 + _DRAW_VALUE * (after[7] - before[7]) + clog
    if after[8] and not before[8]:  # cancel: worth the special effects of the other sides
        value += 0.4 * sum(h[4] for h in sl.hidden) * (sl.points + after[6])
    return value


def _location_value(ht: HeuristicTables, sl: _Slot, loc: int, clog: float) -> float:
    """A location at ``sl``'s slot: it changes the scene for whoever wins it (LT-9.2). It
    stays for the later scenes of the slot too, but those may go to anyone: only this round's
    scene is valued."""
    if not sl.actors:
        return clog - 1.0
    side = _side(ht, sl.actors, sl.fx, sl.printed)
    w0 = _chance(sl, side, sl.seen)
    p0 = sl.points + side[6]
    keep = (sl.rank, sl.color, sl.points)
    _locate(ht, sl, loc)
    w1 = _chance(sl, side, sl.seen)
    p1 = sl.points + side[6]
    sl.rank, sl.color, sl.points = keep
    return w1 * p1 - w0 * p0 - (1.0 - w1) * (p1 - p0) * 0.5 + clog


def _role_value(
    slots: list[_Slot | None], answering: bool, deck: int, n_actors: int, scarcity: float
) -> float:
    """A Role: a face-up actor from the deck for a slot, paid with cards of the deck (an
    average actor: rank 3, a third of the time in the scene's colour); answering, it covers a
    scene without spending an actor of the hand."""
    best = -9.0
    uncovered = 0
    for sl in slots:
        if sl is None:
            continue
        if not sl.actors:
            uncovered += 1
        v = sl.base + 3
        if sl.color == GRAY:
            w = _chance(sl, (v, 0, 0, 0, -1, False, 0, 0, False), sl.seen)
        else:
            w = _chance(sl, (v, 1 << sl.color, 0, 0, -1, False, 0, 0, False), sl.seen) / 3.0
            w += 2.0 / 3.0 * _chance(sl, (v, 0, 0, 0, -1, False, 0, 0, False), sl.seen)
        gain = w * sl.points - sl.win
        if gain > best:
            best = gain
    cost = _ROLE_COST * (1.0 + (8 - deck) * 0.1 if deck < 8 else 1.0)
    if answering and uncovered:
        cost -= _CARD * (1.0 if n_actors >= uncovered else 2.0)
    return best - cost


# ----- the storyboard ----------------------------------------------------------------------
def _fit(ht: HeuristicTables, scene: int, actors: list[int]) -> float:
    """What a scene is worth to me as the round player with these actors: the best single
    actor or pair (proper), as its chance against an answer times the points, less the
    cards."""
    rank = ht.rank[scene]
    col = ht.color[scene]
    pts = ht.points[scene]
    best = 0.0
    rk = ht.rank
    color = ht.color
    char = ht.char
    n = len(actors)
    for i in range(n):
        a = actors[i]
        for j in range(i, n):
            if j == i:
                v = rk[a]
                match = color[a] == col
                cards = 1
            else:
                b = actors[j]
                if char[b] == char[a]:
                    continue
                v = rk[a] + rk[b]
                match = color[a] == col and color[b] == col
                cards = 2
            if v > rank:
                continue
            gap = rank - v if rank - v < 8 else 7
            if col == GRAY:
                beat = _BEAT_GRAY[gap]
            else:
                beat = _BEAT_FIT[gap] if match else _BEAT_OFF + _BEAT_OFF_GAP * gap
            value = (1.0 - beat) * pts - cards * _CARD
            if value > best:
                best = value
    return best


def _storyboard_values(ht: HeuristicTables, k: Known, legal: list[int]) -> list[float]:
    kind = ht.kind
    cards = k.cards
    hand = [cards[c] for c in k.zones[pbase(k.me) + HAND_ZONE]]
    actors = [d for d in hand if kind[d] == ACTOR]
    pdefs = ht.personal_defs
    out = []
    for a in legal:
        if a == REFILL:
            out.append(_REFILL)
        elif a >= SCENE:
            out.append(_fit(ht, pdefs[a - SCENE], actors) + _SCENE_CLOG)
        else:
            out.append(0.0)
    return out


# ----- evaluation of a whole state, for search -------------------------------------------------
# Fitted (logistic regression) on 20,000 states of epsilon-greedy games between greedy agents:
# a player's chance to win grows with the points still needed by the others against their own,
# and with the actors they have left (hand and deck); the points at stake in the round being
# played count for a share. ``python tools/fit_evaluate.py looney`` plays such games and refits
# the three constants beside these, with held-out Brier scores.
_EVAL_POINTS = 0.86
_EVAL_ACTORS = 0.7
_EVAL_PENDING = 0.6


def evaluate(state: LooneyState) -> list[float]:
    """An estimate of ``state.returns()`` for an unfinished state: each player's chance to win
    from a race to the target (points needed, the round's points at stake, actors left), as
    the expected return (1 for a win, -1/(n-1) for a loss)."""
    g = state.game
    n = g.num_players
    if state.phase == PH_OVER:
        return state.returns()
    t = g.tables
    kind = t.kind
    cards = state.cards
    zones = state.zones
    gains = [0.0] * n
    if state.phase == PH_PLACE and state.used:
        used = [s for s in range(SLOTS) if state.used >> s & 1]
        if state.actor == state.rp:  # the answers are to come
            at_stake = sum(t.points[cards[zones[STORY + s][0]]] for s in used)
            gains[state.rp] = _EVAL_PENDING * at_stake
        else:  # the round as it would be scored now
            probe = state.clone()
            assert isinstance(probe, LooneyState)
            draws: list[tuple[int, int]] = []
            for s in used:
                score_slot(probe, s, None, draws)
            for p in range(n):
                gains[p] = _EVAL_PENDING * (probe.scores[p] - state.scores[p])
    target = g.options.target_points
    need = [max(0.0, target - state.scores[p] - gains[p]) for p in range(n)]
    actors = [0] * n
    for p in range(n):
        b = pbase(p)
        k = 0
        for c in zones[b + HAND_ZONE] + zones[b + DECK_ZONE]:
            if kind[cards[c]] == ACTOR:
                k += 1
        actors[p] = k
    alive = [p for p in range(n) if not state.out[p]]
    spread_need = math.sqrt(2.0 * sum(need[p] for p in alive) / len(alive) + 4.0)
    spread_actors = math.sqrt(2.0 * sum(actors[p] for p in alive) / len(alive) + 4.0)
    strength: list[float | None] = [None] * n
    for p in alive:
        strength[p] = (
            -_EVAL_POINTS * need[p] / spread_need + _EVAL_ACTORS * actors[p] / spread_actors
        )
    return standings_to_returns(strength)
