"""Shaman King game knowledge for agents: values of actions from an observation.

The greedy agent takes the highest value; search agents use it as a rollout policy. Only what
the observation holds is read: the values read :class:`Facts`, which search rollouts build
straight from a sampled state (:func:`state_facts`) and the greedy agent from its observation
(:func:`observed_facts`).

Values are in points (3 win the game): the chance to score or to be scored on in the exchange
being played, plus what a decision adds to or takes from the resources of the next exchanges
(furyoku, charges, Teamwork cards).

- *Who stops what.* A player's chance to stop a Force with one flip is estimated from the cards
  of theirs that everyone has seen (discard pile, play areas, Teamwork and advantage areas),
  with the whole card set as a prior: the share of Strikes whose Intercept reaches that Force
  and whose cost their furyoku pays. An attack passes a zone when that flip fails.
- *Counterattack.* Worth the chance that the opponent fails to stop its Force with three flips
  (then I score), less the furyoku it costs; ``counter+`` when the ability is worth its extra
  cost. An opponent whose Signature Move stops it is not beaten.
- *Letting the card go* (pass, focus, play): the attack moves on, so it is worth minus the
  chance that every flip left fails (in the red zone, a point for the opponent), plus what the
  card brings: focus adds furyoku of this zone (red furyoku pays every colour), an Advantage
  charges its zone (three charges make a Signature Move), adds its Intercept to the flips left
  and may move the attack back (one more flip), a Teamwork card strengthens its zone for good
  (against the one it replaces). Playing a card pays its cost.
- *Signature Move.* A sure counterattack with the Signature's Force, against flipping (with its
  chance to fail) and keeping the charges for a later turn.
- Furyoku is worth more when little is left.
"""
# cardtable: compile

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SIGNATURE
from .cards import ZONES
from .fields import ALL_CHARGED, PH_CHOICE, PH_FLIP, PH_OVER, PH_SIGNATURE, PHASES
from .tables import (
    ADVANTAGE_CARD,
    NO_COND,
    STRIKE,
    TEAMWORK_CARD,
    V_CHARGE,
    V_FORCE,
    V_GAIN,
    V_INTERCEPT,
    V_MOVE_BACK,
    V_PER_TEAMWORK,
    V_UNDERPAY,
    Cond,
    Effect,
    Price,
)
from .zones import DECK, pbase

if TYPE_CHECKING:
    from .game import SKGame
    from .rules import SKState

_FURYOKU = (0.05, 0.07, 0.09)  # one furyoku card in the green, yellow, red zone, in points
_SHORT = 4  # below this many furyoku cards, each one less costs this much more:
_SHORT_COST = 0.05
_CHARGE_VALUE = 0.1  # one more charged zone, times (1 + the zones charged before)
_HOLD_SIGNATURE = 0.15  # keeping the charges for a later Signature Move
_TEAMWORK = 0.08  # a Teamwork card in place (plus what its effects are worth)
_PRIOR = 10.0  # weight of the card set in the estimate of a player's cards
_LATER = 0.1  # what a counterattack found on a later flip is worth
_SEND_FIRST = False  # the chooser lets the other send the Opening Attack (docs/agents.md)


Fury = tuple[int, int, int]  # furyoku cards in the green, yellow and red zones
# a Strike's Intercept and cost: red, yellow and red, all colours (the sums SK-3.2 compares)
StrikeCost = tuple[int, int, int, int]
# a player's Strikes everyone has seen (each by its Intercept and cost), and cards seen
Seen = tuple[tuple[StrikeCost, ...], int]
NOT_COUNTED: Seen = ((), -1)  # the opponent's, left to count until a counterattack is valued


class HeuristicTables:
    """Per game: zone keys, card tables, and the card set's Strikes as a prior."""

    __slots__ = (
        "areas_at",
        "character",
        "charges_own",
        "cost",
        "discards",
        "effects",
        "extra_cost",
        "extra_effects",
        "force",
        "furyoku",
        "furyoku_at",
        "index",
        "intercept",
        "kind",
        "piles",
        "piles_of",
        "prior",
        "prior_cache",
        "prior_size",
        "public",
        "public_at",
        "shaman",
        "shaman_at",
        "sig_cost",
        "sig_effects",
        "sig_force",
        "sig_intercept",
        "strike",
        "teamwork",
        "teamwork_at",
        "trait_ok",
    )

    def __init__(self, g: SKGame) -> None:
        t = g.tables
        n = len(t.kind)
        self.index = g.card_pool.index
        self.kind = t.kind
        self.cost = t.cost
        self.intercept = t.intercept
        self.force = t.force
        # an Advantage played charges its zone, an immediate one with immediate_charge (SK-5.2)
        self.charges_own = tuple(g.options.immediate_charge or not i for i in t.immediate)
        self.effects = t.effects
        self.extra_cost = t.extra_cost
        self.extra_effects = t.extra_effects
        self.sig_cost = t.sig_cost
        self.sig_force = t.sig_force
        self.sig_intercept = t.sig_intercept
        self.sig_effects = t.sig_effects
        self.trait_ok = t.works  # [shaman][card]: the card's text works (SK-1.6, SK-5.6)
        self.character = t.character  # a Teamwork card's character (SK-5.7), or -1
        # per card: a Strike's Intercept and cost (as StrikeCost), None for other cards
        self.strike: tuple[StrikeCost | None, ...] = tuple(
            (t.intercept[d], t.cost[d][2], t.cost[d][1] + t.cost[d][2], sum(t.cost[d]))
            if t.kind[d] == STRIKE
            else None
            for d in range(n)
        )
        # the Strikes of the card set by cost: their Intercepts, sorted
        by_cost: dict[Price, list[int]] = {}
        for d in range(n):
            if t.kind[d] == STRIKE:
                by_cost.setdefault(t.cost[d], []).append(t.intercept[d])
        self.prior = tuple((c, sorted(i)) for c, i in by_cost.items())
        self.prior_size = sum(1 for k in t.kind if k != 0)  # cards that can be in a deck
        # the prior's part of a stop chance, by (furyoku, Intercept needed)
        self.prior_cache: dict[tuple[Fury, int], float] = {}
        # the Strikes of a discard pile, by its cards
        self.discards: dict[tuple[str, ...], tuple[StrikeCost, ...]] = {}
        # the same by the instances of a pile, for the cards of one game (piles_of)
        self.piles: dict[tuple[int, ...], tuple[StrikeCost, ...]] = {}
        self.piles_of: tuple[int, ...] = ()
        # the discard pile, then the areas in the order of their zones (zones.py)
        areas = ("discard", *(f"{a}.{z}" for a in ("play", "teamwork") for z in ZONES), "advantage")
        self.public = tuple(tuple(f"p{p}.{a}" for a in areas) for p in (0, 1))
        self.furyoku = tuple(tuple(f"p{p}.furyoku.{z}" for z in ZONES) for p in (0, 1))
        self.teamwork = tuple(tuple(f"p{p}.teamwork.{z}" for z in ZONES) for p in (0, 1))
        self.shaman = tuple(f"p{p}.shaman" for p in (0, 1))
        # the zones the values read, by key and index: card lists, and furyoku counts
        keys = g.zone_keys
        self.public_at = tuple(tuple(keys[k] for k in self.public[p]) for p in (0, 1))
        self.furyoku_at = tuple(tuple(keys[k] for k in self.furyoku[p]) for p in (0, 1))
        self.teamwork_at = tuple(tuple(keys[k] for k in self.teamwork[p]) for p in (0, 1))
        self.shaman_at = tuple(keys[k] for k in self.shaman)
        # state_facts reads these card lists as they lie: they must be public, and not
        # stacks (an observation lists a stack top first)
        for i in (*self.public_at[0], *self.public_at[1], *self.shaman_at):
            assert all(v[i] for v in g.visibility) and not g.zone_specs[i].stack
        # and the areas after the discard pile as one slice of the zones
        self.areas_at = tuple((at[1], at[-1] + 1) for at in self.public_at)
        assert all(at[1:] == tuple(range(at[1], at[-1] + 1)) for at in self.public_at)


def _can_pay(cost: Price, fury: Fury) -> bool:
    """SK-3.2: red furyoku pays any colour, yellow pays yellow or green, green only green."""
    g, y, r = cost
    fg, fy, fr = fury
    if r > fr:
        return False
    fr -= r
    if y > fy + fr:
        return False
    return g <= fg + fy + fr - y


def _spend(cost: Price, fury: Fury) -> Fury:
    """The furyoku left after paying ``cost`` the engine's way (SK-3.2: cheapest first)."""
    g, y, r = cost
    fg, fy, fr = fury
    fr -= r
    take = min(y, fy)
    fy -= take
    fr -= y - take
    take = min(g, fg)
    fg -= take
    g -= take
    take = min(g, fy)
    fy -= take
    fr -= g - take
    return (fg, fy, fr)


def _worth(fury: Fury) -> float:
    """What furyoku is worth: each card by its zone's colour, the last ones more."""
    total = fury[0] + fury[1] + fury[2]
    v = fury[0] * _FURYOKU[0] + fury[1] * _FURYOKU[1] + fury[2] * _FURYOKU[2]
    if total < _SHORT:
        v -= (_SHORT - total) * _SHORT_COST
    return v


def _stops(ht: HeuristicTables, seen: Seen, fury: Fury, need: int) -> float:
    """The chance that one flip of a player stops an attack: the share of their cards (those
    seen: their Strikes and how many cards, with the card set as a prior) that are Strikes of
    Intercept at least ``need`` whose cost their furyoku pays (SK-3.2, as :func:`_can_pay`)."""
    strikes, n_seen = seen
    fg, fy, fr = fury
    fyr = fy + fr
    total = fg + fyr
    hits = 0
    for intercept, r, yr, gyr in strikes:
        if intercept >= need and r <= fr and yr <= fyr and gyr <= total:
            hits += 1
    key = (fury, need)
    prior = ht.prior_cache.get(key)
    if prior is None:
        k = 0
        for c, icpts in ht.prior:
            if icpts[-1] >= need and _can_pay(c, fury):
                k += len(icpts) - bisect_left(icpts, need)
        prior = _PRIOR * k / ht.prior_size
        if len(ht.prior_cache) < 4096:
            ht.prior_cache[key] = prior
    return (hits + prior) / (n_seen + _PRIOR)


class Facts(NamedTuple):
    """All that the values read of one player's view of a signature step or a flip, the same
    whether built from the observation (:func:`observed_facts`) or straight from a state
    (:func:`state_facts`, for search rollouts). Cards are indices of the card set."""

    phase: int  # PH_SIGNATURE or PH_FLIP
    me: int
    fury: Fury  # my furyoku cards by zone
    opp_fury: Fury
    mine: Seen
    theirs: Seen
    incoming: int
    zone: int
    shaman: int  # my Shaman
    opp_shaman: int
    side: tuple[int, ...]  # each player's Shaman: 0 front, 1 back
    charges: tuple[int, ...]  # each player's charged zones, bit z for zone z
    pending: tuple[bool, ...]  # each player's Signature is out until their next cleanup
    flipped: int  # the card just flipped, or -1
    bonus_force: int  # the turn's Advantages
    bonus_intercept: int
    teamwork: tuple[int, ...]  # my Teamwork card in each zone, or -1
    opp_teamwork: int  # the opponent's zones that hold a Teamwork card


def _tally(
    ht: HeuristicTables,
    piles: dict[Any, tuple[StrikeCost, ...]],
    to_card: Mapping[str, int] | tuple[int, ...],
    pile: tuple[Any, ...],
    areas: Iterable[Sequence[Any]],
) -> Seen:
    """The Strikes among a player's discard ``pile`` and public ``areas`` (their cards, in the
    order of ``HeuristicTables.public``), and how many cards they hold; ``to_card`` maps what
    the zones list to cards of the set.
    The Strikes of a pile are remembered in ``piles``: a pile changes little."""
    strike = ht.strike
    known = piles.get(pile)
    if known is None:
        if len(piles) >= 4096:
            piles.clear()
        known = piles.get(pile[:-1])  # a card more than a pile seen: the usual case
        if known is None:
            known = tuple([x for c in pile if (x := strike[to_card[c]]) is not None])
        elif pile:
            x = strike[to_card[pile[-1]]]
            if x is not None:
                known += (x,)
        piles[pile] = known
    more: list[StrikeCost] = []
    n = len(pile)
    for area in areas:
        if area:
            n += len(area)
            for c in area:
                x = strike[to_card[c]]
                if x is not None:
                    more.append(x)
    return (known + tuple(more) if more else known), n


def _seen(ht: HeuristicTables, z: dict[str, Any], p: int) -> Seen:
    """The Strikes of player ``p`` that everyone has seen, and how many cards were seen, from
    the zones of an observation."""
    areas = ht.public[p]
    return _tally(ht, ht.discards, ht.index, tuple(z[areas[0]]), [z[k] for k in areas[1:]])


def observed_facts(ht: HeuristicTables, obs: dict[str, Any]) -> Facts:
    """The facts of an observation (of a signature step or a flip)."""
    z = obs["zones"]
    me = obs["player"]
    opp = 1 - me
    index = ht.index
    fk, ok = ht.furyoku[me], ht.furyoku[opp]
    flipped = obs["flipped"]
    bonus = obs["turn_bonus"]
    return Facts(
        PHASES.index(obs["phase"]),
        me,
        (z[fk[0]], z[fk[1]], z[fk[2]]),
        (z[ok[0]], z[ok[1]], z[ok[2]]),
        _seen(ht, z, me),
        _seen(ht, z, opp),
        obs["incoming_force"],
        ZONES.index(obs["zone"]),
        index[z[ht.shaman[me]][0]],
        index[z[ht.shaman[opp]][0]],
        tuple(0 if s == "front" else 1 for s in obs["shaman_side"]),
        tuple(sum(1 << ZONES.index(c) for c in cs) for cs in obs["charges"]),
        tuple(obs["signature_pending"]),
        -1 if flipped is None else index[flipped],
        bonus["force"],
        bonus["intercept"],
        tuple(index[z[k][0]] if z[k] else -1 for k in ht.teamwork[me]),
        sum(1 for k in ht.teamwork[opp] if z[k]),
    )


def _state_seen(ht: HeuristicTables, state: SKState, p: int) -> Seen:
    """:func:`_seen`, read from the state's zones."""
    cards = state.cards
    zones = state.zones
    if ht.piles_of is not cards:  # the piles remembered are of another game's cards
        ht.piles.clear()
        ht.piles_of = cards
    first, end = ht.areas_at[p]
    return _tally(ht, ht.piles, cards, zones[ht.public_at[p][0]], zones[first:end])


def state_facts(
    ht: HeuristicTables, state: SKState, player: int, opponent_seen: bool = True
) -> Facts:
    """The facts of ``state.observation(player)``, read straight from the state (of a
    signature step or a flip): search rollouts skip the observation. ``opponent_seen=False``
    leaves the opponent's Strikes seen (``theirs``) NOT_COUNTED."""
    cards = state.cards
    zones = state.zones
    opp = 1 - player
    fk, ok = ht.furyoku_at[player], ht.furyoku_at[opp]
    tk, tko = ht.teamwork_at[player], ht.teamwork_at[opp]
    tw0, tw1, tw2 = zones[tk[0]], zones[tk[1]], zones[tk[2]]
    return Facts(
        state.phase,
        player,
        (len(zones[fk[0]]), len(zones[fk[1]]), len(zones[fk[2]])),
        (len(zones[ok[0]]), len(zones[ok[1]]), len(zones[ok[2]])),
        _state_seen(ht, state, player),
        _state_seen(ht, state, opp) if opponent_seen else NOT_COUNTED,
        state.incoming,
        state.zone,
        cards[zones[ht.shaman_at[player]][0]],
        cards[zones[ht.shaman_at[opp]][0]],
        tuple(state.side),
        tuple(state.charges),
        tuple(state.stow),
        cards[state.flipped] if state.flipped >= 0 else -1,
        state.adv_force,
        state.adv_intercept,
        (
            cards[tw0[0]] if tw0 else -1,
            cards[tw1[0]] if tw1 else -1,
            cards[tw2[0]] if tw2 else -1,
        ),
        (1 if zones[tko[0]] else 0) + (1 if zones[tko[1]] else 0) + (1 if zones[tko[2]] else 0),
    )


def _opening_values(legal: list[int]) -> list[float]:
    """The opening choice: the chooser sends the Opening Attack (or not, by _SEND_FIRST)."""
    return [1.0 if (a == FIRST) == _SEND_FIRST else 0.0 for a in legal]


def opening_choice(obs: dict[str, Any], legal: list[int]) -> int | None:
    """The chooser's pick at the opening choice (the best of ``_opening_values``), else
    ``None``."""
    if obs["phase"] != "opening choice":
        return None
    values = _opening_values(legal)
    return legal[values.index(max(values))]


def action_values(ht: HeuristicTables, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (see the module docstring), from an observation."""
    if obs["phase"] == "opening choice":
        return _opening_values(legal)
    return facts_values(ht, observed_facts(ht, obs), legal)


def rollout_values(
    ht: HeuristicTables, state: SKState, player: int, legal: list[int]
) -> list[float]:
    """The values of :func:`action_values` for ``player``'s observation, from the state."""
    if state.phase == PH_CHOICE:
        return _opening_values(legal)
    facts = state_facts(ht, state, player, opponent_seen=False)
    return facts_values(ht, facts, legal, lambda: _state_seen(ht, state, 1 - player))


def facts_values(
    ht: HeuristicTables, f: Facts, legal: list[int], count_theirs: Callable[[], Seen] | None = None
) -> list[float]:
    """A value per legal action of a signature step or a flip, from its facts;
    ``count_theirs`` counts ``f.theirs`` where it was left NOT_COUNTED (search rollouts count
    the opponent's Strikes only when a counterattack is valued)."""
    theirs = [] if count_theirs else [f.theirs]
    opp_fury = f.opp_fury
    opp_sig = _opponent_signature(ht, f)

    def scores(force: int) -> float:
        """The chance that the opponent fails to stop ``force`` with three flips."""
        if opp_sig >= force:
            return 0.0
        if not theirs:
            assert count_theirs is not None
            theirs.append(count_theirs())
        return (1.0 - _stops(ht, theirs[0], opp_fury, force)) ** 3

    if f.phase == PH_SIGNATURE:
        return _signature_step_values(ht, f, legal, scores)
    return _flip_values(ht, f, legal, scores)


def _opponent_signature(ht: HeuristicTables, f: Facts) -> int:
    """The intercept of the opponent's Signature Move at their next turn if they can make it
    (SK-4.3), else -1."""
    opp = 1 - f.me
    if f.charges[opp] == ALL_CHARGED and not f.pending[opp]:
        s = f.opp_shaman
        face = f.side[opp]
        if _can_pay(ht.sig_cost[s][face], f.opp_fury):
            return ht.sig_intercept[s][face]
    return -1


def _signature_step_values(
    ht: HeuristicTables, f: Facts, legal: list[int], scores: Callable[[int], float]
) -> list[float]:
    """The signature step: make the Signature Move now, or flip and keep it for later."""
    me = f.me
    fury = f.fury
    incoming = f.incoming
    shaman = f.shaman
    face = f.side[me]
    force = ht.sig_force[shaman][face] + _signature_force(ht.sig_effects[shaman][face], incoming)
    sig = scores(force) + _worth(_spend(ht.sig_cost[shaman][face], fury)) - _worth(fury)
    fail = (1.0 - _stops(ht, f.mine, fury, incoming)) ** 3
    flip = -fail + (1.0 - fail) * _LATER + _HOLD_SIGNATURE
    return [sig if a == SIGNATURE else flip for a in legal]


def _flip_values(
    ht: HeuristicTables, f: Facts, legal: list[int], scores: Callable[[int], float]
) -> list[float]:
    """A flip: what to do with the card just turned over, in the zone the attack has
    reached."""
    me = f.me
    fury = f.fury
    mine = f.mine
    incoming = f.incoming
    zone = f.zone
    worth_now = _worth(fury)
    d = f.flipped
    active = ht.trait_ok[f.shaman][d]
    tw_def = f.teamwork[zone]
    tw_ok = tw_def >= 0 and ht.trait_ok[f.shaman][tw_def]
    tw_effects: tuple[Effect, ...] = ht.effects[tw_def] if tw_ok else ()
    tw_char = ht.character[tw_def] if tw_def >= 0 else -1  # whose zone this is (SK-5.7)
    need = incoming - f.bonus_intercept
    flips = 2 - zone  # the flips left after this one

    def lets_go(fury_after: Fury, more_intercept: int, more_flips: int) -> float:
        """The card goes and the attack moves on: minus the chance that the flips left all
        fail, plus a little for a counterattack found later."""
        n = flips + more_flips
        fail = 1.0 if n <= 0 else (1.0 - _stops(ht, mine, fury_after, need - more_intercept)) ** n
        return -fail + (1.0 - fail) * _LATER

    out = []
    for a in legal:
        if a == PASS:
            out.append(lets_go(fury, 0, 0))
        elif a == FOCUS:
            after = (fury[0] + (zone == 0), fury[1] + (zone == 1), fury[2] + (zone == 2))
            out.append(lets_go(after, 0, 0) + _worth(after) - worth_now)
        elif a in (COUNTER, COUNTER_EXTRA):
            force, gain, cost = _counter(ht, f, a == COUNTER_EXTRA, active, tw_effects, tw_char)
            out.append(scores(force) + gain + _worth(_spend(cost, fury)) - worth_now)
        elif a == PLAY:
            charged = {x for x in range(3) if f.charges[me] >> x & 1}
            out.append(
                _play_value(
                    ht, d, active, fury, charged, incoming, zone, tw_def, tw_effects, lets_go
                )
                - worth_now
            )
        else:
            out.append(0.0)
    return out


def _counter(
    ht: HeuristicTables,
    f: Facts,
    extra: bool,
    active: bool,
    tw_effects: tuple[Effect, ...],
    tw_char: int,
) -> tuple[int, float, Price]:
    """A counterattack with the flipped card (``extra``: with its extra cost and effects): its
    force, what its effects gain besides, and its cost (the teamwork card's discount taken)."""
    d = f.flipped
    incoming = f.incoming
    zone = f.zone
    cost = ht.cost[d]
    effects: tuple[Effect, ...] = ht.effects[d] if active else ()
    if extra:
        xc = ht.extra_cost[d]
        assert xc is not None
        cost = (cost[0] + xc[0], cost[1] + xc[1], cost[2] + xc[2])
        effects += ht.extra_effects[d]
    if tw_effects:
        cost = _underpaid(tw_effects, cost, incoming, zone, tw_char)
        effects += tw_effects
    force = ht.force[d] + f.bonus_force
    gain = 0.0
    for verb, amount, ez, cond in effects:
        if not _holds(cond, incoming, zone, tw_char):
            continue
        if verb == V_FORCE:
            force += amount
        elif verb == V_PER_TEAMWORK:
            force += amount * f.opp_teamwork
        elif verb == V_GAIN:
            gain += amount * _FURYOKU[zone if ez < 0 else ez]
        elif verb == V_CHARGE:
            gain += _CHARGE_VALUE
    return force, gain, cost


def _play_value(
    ht: HeuristicTables,
    d: int,
    active: bool,
    fury: Fury,
    charged: set[int],
    incoming: int,
    zone: int,
    tw_def: int,
    tw_effects: tuple[Effect, ...],
    lets_go: Callable[[Fury, int, int], float],
) -> float:
    """Playing the flipped Advantage or Teamwork card (SK-5), then the attack moves on: the
    value of the furyoku left, the charges, the card's effects and the flips left."""
    tw_char = ht.character[tw_def] if tw_def >= 0 else -1
    cost = _underpaid(tw_effects, ht.cost[d], incoming, zone, tw_char) if tw_effects else ht.cost[d]
    left = _spend(cost, fury)
    value = _worth(left)
    more_intercept = 0
    more_flips = 0
    if ht.kind[d] == ADVANTAGE_CARD:
        if ht.charges_own[d] and zone not in charged:
            value += _CHARGE_VALUE * (1 + len(charged))
            charged.add(zone)
        if active:
            for verb, amount, ez, cond in ht.effects[d]:
                if not _holds(cond, incoming, zone, tw_char):
                    continue
                if verb == V_INTERCEPT:
                    more_intercept += amount
                elif verb in (V_FORCE, V_PER_TEAMWORK):
                    value += 0.02 * amount
                elif verb == V_GAIN:
                    value += amount * _FURYOKU[zone if ez < 0 else ez]
                elif verb == V_CHARGE:
                    target = ez if ez < 3 else next((x for x in range(3) if x not in charged), -1)
                    if target >= 0 and target not in charged:
                        value += _CHARGE_VALUE * (1 + len(charged))
                        charged.add(target)
                elif verb == V_MOVE_BACK:
                    more_flips += amount
    elif ht.kind[d] == TEAMWORK_CARD:
        value += _TEAMWORK + (_teamwork_worth(ht, d) if active else 0.0)
        if tw_def >= 0:  # it replaces the one in place
            value -= _TEAMWORK + (_teamwork_worth(ht, tw_def) if tw_effects else 0.0)
    return value + lets_go(left, more_intercept, more_flips)


def _teamwork_worth(ht: HeuristicTables, d: int) -> float:
    """What a Teamwork card's effects are worth to its zone, for good."""
    v = 0.0
    for verb, amount, _z, cond in ht.effects[d]:
        scale = 1.0 if cond == NO_COND else 0.6
        if verb == V_INTERCEPT:
            v += 0.04 * amount * scale
        elif verb in (V_FORCE, V_PER_TEAMWORK):
            v += 0.03 * amount * scale
        elif verb == V_UNDERPAY:
            v += 0.05 * amount * scale
    return v


def _underpaid(
    effects: tuple[Effect, ...], cost: Price, incoming: int, zone: int, character: int
) -> Price:
    """A cost lowered by the underpay of the zone's Teamwork card (SK-7.7), whose character
    names the zone (SK-5.7)."""
    g, y, r = cost
    for verb, amount, colour, cond in effects:
        if verb == V_UNDERPAY and _holds(cond, incoming, zone, character):
            if colour == 0:
                g = max(0, g - amount)
            elif colour == 1:
                y = max(0, y - amount)
            elif colour == 2:
                r = max(0, r - amount)
    return (g, y, r)


def _holds(cond: Cond, incoming: int, zone: int, character: int) -> bool:
    """SK-7.8: whether an effect's condition holds; ``character``: that of the zone's Teamwork
    card (SK-5.7), or -1 if it has none."""
    inc_max, inc_min, cz, tw, zone_of = cond
    if not inc_min <= incoming <= inc_max:
        return False
    if cz >= 0 and cz != zone:
        return False
    if zone_of >= 0 and zone_of != character:
        return False
    return tw < 0 or bool(tw) == (character >= 0)


def _signature_force(effects: tuple[Effect, ...], incoming: int) -> int:
    """The Force a Signature's own effects add (their conditions are on the incoming Force)."""
    f = 0
    for verb, amount, _z, cond in effects:
        if verb == V_FORCE and cond[1] <= incoming <= cond[0]:
            f += amount
    return f


# ----- evaluation of a whole state, for search -------------------------------------------------
# Fitted on 25,000 states of epsilon-greedy games between greedy agents: the next point goes to
# the attacker with a chance that grows with the chance that the defender's flips left all fail
# (from the Strikes left in their deck that stop the incoming Force and that they can pay), and
# every point to the player with more furyoku and charges; the race to the target points then
# gives each player's chance to win. ``python tools/fit_evaluate.py shamanking`` plays such games
# and refits the four constants beside these, with held-out Brier scores.
_EVAL_FAIL = 2.5
_EVAL_FURYOKU = 0.055
_EVAL_CHARGES = 0.1
_EVAL_ATTACKER = -0.14


def evaluate(state: SKState) -> list[float]:
    """An estimate of ``state.returns()`` for an unfinished state (see above)."""
    if state.phase == PH_OVER:
        return state.returns()
    if state.phase == PH_CHOICE:
        return [0.0, 0.0]
    g = state.game
    t = g.tables
    d = state.defender
    force = state.incoming
    fail = 0.0
    if state.phase == PH_FLIP and not ({COUNTER, COUNTER_EXTRA} & set(state.legal_actions())):
        flips = 2 - state.zone  # after this one
        if flips > 0:
            deck = state.zones[pbase(d) + DECK]
            need = force - state.adv_intercept
            kind = t.kind
            intercept = t.intercept
            cost = t.cost
            cards = state.cards
            payable: dict[Price, bool] = {}
            hits = 0
            for c in deck:
                x = cards[c]
                if kind[x] == STRIKE and intercept[x] >= need:
                    price = cost[x]
                    ok = payable.get(price)
                    if ok is None:
                        ok = payable[price] = state.can_pay(d, price, in_zone=False)
                    if ok:
                        hits += 1
            q = (hits + 1) / (len(deck) + 2)
            fail = (1.0 - q) ** flips
        else:
            fail = 1.0
    # + when player 0 attacks
    sign = 1.0 if d == 1 else -1.0
    f0, f1 = state.furyoku(0), state.furyoku(1)
    edge = _EVAL_FURYOKU * (sum(f0) - sum(f1)) + _EVAL_CHARGES * (
        bin(state.charges[0]).count("1") - bin(state.charges[1]).count("1")
    )
    first = 1.0 / (1.0 + math.exp(-(_EVAL_FAIL * sign * fail + _EVAL_ATTACKER * sign + edge)))
    later = 1.0 / (1.0 + math.exp(-edge))
    target = g.options.target_points
    need0 = target - state.points[0]
    need1 = target - state.points[1]
    p0 = first * _race(later, need0 - 1, need1) + (1.0 - first) * _race(later, need0, need1 - 1)
    return [2.0 * p0 - 1.0, 1.0 - 2.0 * p0]


def _race(rho: float, a: int, b: int) -> float:
    """The chance that player 0, who wins each point with chance ``rho``, wins ``a`` points
    before player 1 wins ``b``."""
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    # row[j]: the chance with i points still needed by player 0 and j by player 1
    row = [0.0] + [1.0] * b  # i = 0
    for _ in range(a):
        new = [0.0] * (b + 1)
        for j in range(1, b + 1):
            new[j] = rho * row[j] + (1.0 - rho) * new[j - 1]
        row = new
    return row[b]
