"""Raw Deal game knowledge for agents: values of actions from an observation, and an
evaluation of a state for search (docs/agents.md, *Heuristics per game*).

The action values (``action_values``) read only the observation: the player's own hand and
Backlash deck, and what is public (Arsenal and hand sizes, Rings, Pre-match cards, Fortitude
Ratings, the card being played). Hidden cards are estimated from a *prior*: the average
Arsenal and Backlash deck of the shipped starter decks (public knowledge of the metagame).
Everything that depends only on the cards is worked out once per game (:class:`HeuristicTables`).
Search rollouts read the same facts straight from the state (``rollout_values``,
``View.of_state``), with exactly the same values; what a reversal of a play risks is kept per
:class:`Fit` once worked out.

The play, in words:

- **Plays in the main segment** are valued as expected gain: the damage that gets through
  (an overturned Arsenal reversal may stop it), the Fortitude the card adds (more when it
  unlocks cards in the hand: Fortitude building before big maneuvers), its effects (draws
  weighed against the Arsenal they cost, set-ups worth their bonus only when a follow-up is
  in hand), minus what a reversal from the defender's hand would cost (its damage, the card;
  but the defender spends a reversal too). The chance of a reversal is worked out from the
  defender's hand size, Backlash deck and Fortitude and the prior. Cards are ordered by gain
  over the chance that they end the turn (reversed, stopped or ``end_turn``), the optimal
  order for independent risks: safe cards and set-ups first, the big risky maneuver last.
  Damage that pins the opponent (at least their Arsenal) comes before everything. The turn
  ends when nothing has a positive expected gain.
- **Reversals** are played when what they prevent (the damage, a pin, the rest of the
  attacker's turn, a set-up) and what they deal outweigh the worth of keeping the card;
  a Multi maneuver is reversed only with two reversals at hand.
- **Stun Value** cards are drawn while the Arsenal can spare them; the ability
  ``draw_and_bury`` is used at once and buries the card least likely to be useful; the
  abilities that discard are used when what they bring back (a Ringside card, the
  opponent's card) is worth more than the cards they cost.
- **Choices** (RD-7.10 to RD-7.14): what a ``may`` offers is taken when its effects are worth
  more than nothing; the least useful cards are discarded, the most useful taken back from
  Ringside, and a Ringside card is always put back under the Arsenal (it is life).
- **Free-for-all**: aim at the opponent closest to a pin (the pin first of all); and while
  every opponent is far from one, play only what gains a lot (patience: let the others wear
  each other down).
- **Tag teams**: tag in the partner when the active member is worn down or out of plays and
  the partner is fresher.
- **Pre-match**: the cards that add most Fortitude, damage and protection first.
"""
# cardtable: compile

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from cardtable.core.errors import CardtableError
from cardtable.core.hints import standings_to_returns

from .actions import ABILITY, ACTION, END, HAND, MANEUVER
from .cards import SUBTYPES, VERBS
from .hot import NEVER
from .match import (
    CHOICE_PHASES,
    PH_BURY,
    PH_DISCARD,
    PH_MAIN,
    PH_MAY,
    PH_OVER,
    PH_PREMATCH,
    PH_REVERSAL,
    PH_STUN,
    PHASES,
)
from .tables import (
    A_ACTIVATED,
    A_DISCARD_OPP_DISCARD,
    A_DISCARD_RETRIEVE,
    A_DRAW_BURY,
    A_LESS_DAMAGE,
    ARSENAL_CARD,
    CHOSEN_VERBS,
    MIDMATCH_CARD,
    PREMATCH_CARD,
    SUPERSTAR,
    V_DISCARD,
    V_DISCARD_HAND,
    V_DISCARD_SELF,
    V_DRAW,
    V_END_TURN,
    V_KEEP_BONUS,
    V_LOOK_HAND,
    V_NEXT_BONUS,
    V_NEXT_COST,
    V_NEXT_TURN,
    V_NEXT_UNREVERSIBLE,
    V_NO_ARSENAL,
    V_OPP_DISCARD,
    V_OPP_DISCARD_ALL,
    V_OPP_DISCARD_CHOICE,
    V_OPP_DRAW,
    V_OPP_OVERTURN,
    V_OVERTURN_SELF,
    V_PIN_OPPONENT,
    V_RECOVER,
    V_RECOVER_CHOICE,
    V_RETRIEVE,
    V_SEARCH,
    V_TURN_BONUS,
    V_TURN_COST,
    Effect,
)
from .zones import ARSENAL, BACKLASH, PER_PLAYER, PLAYING, PREMATCH, RING, RINGSIDE
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from collections.abc import Callable

    from .game import RawDealGame
    from .rules import RawDealState

MAXF = 48  # Fortitude indices of the prior tables (higher is clamped)
WIN = 1000.0  # the value of winning (or of not losing) at once
DECK = 60.0  # Arsenal size of the prior
TARGET_WEAKEST = 0.6  # free-for-all: the pull, per card of Arsenal, towards the weakest target
BAIT = 2.0  # a reversal drawn out of the defender's hand: one fewer for the big maneuvers
FFA_PATIENCE = 0.6  # free-for-all: the gain a play needs, per card of the weakest Arsenal
OBSERVED = (ARSENAL, HAND_ZONE, BACKLASH, PREMATCH, RINGSIDE)  # the zones HeuristicTables.keys name
# the effects that effects_value weighs (the others add nothing)
VALUED = frozenset(
    (
        V_DRAW,
        V_OPP_DISCARD,
        V_OPP_DISCARD_CHOICE,
        V_NEXT_BONUS,
        V_NEXT_COST,
        V_OVERTURN_SELF,
        V_RECOVER,
        V_PIN_OPPONENT,
        V_OPP_DRAW,
        V_OPP_OVERTURN,
        V_TURN_BONUS,
        V_TURN_COST,
        V_SEARCH,
        V_KEEP_BONUS,
        V_NEXT_TURN,
        V_DISCARD_HAND,
        V_NEXT_UNREVERSIBLE,
        V_OPP_DISCARD_ALL,
        V_NO_ARSENAL,
    )
)
# what a card the opponent discards is worth: less when they choose it (RD-7.15)
DISCARD_WORTH = {V_OPP_DISCARD: 1.6, V_OPP_DISCARD_CHOICE: 1.2}
PHASE_CODES = {name: code for code, name in enumerate(PHASES)}  # an observation's phase


class Fit:
    """What the prior says about the reversals that fit one card played one way, with a
    given damage and card before it: by the reverser's Fortitude, the chance that one
    unknown card of a hand fits (``hand``), of a Backlash deck (``backlash``) and of an
    Arsenal, stopping the damage (``arsenal``); and the mean damage of a fitting reversal
    from the hand and the share of them that pin the attacker."""

    __slots__ = ("arsenal", "backlash", "chances", "hand", "losses", "pins", "rev_damage")

    def __init__(
        self,
        hand: list[float],
        backlash: list[float],
        arsenal: list[float],
        rev_damage: float,
        pins: float,
    ) -> None:
        self.hand = hand
        self.backlash = backlash
        self.arsenal = arsenal
        self.rev_damage = rev_damage
        self.pins = pins
        self.chances: dict[int, float] = {}  # chance's results, by its key
        self.losses: dict[int, float] = {}  # loss's results, by the Arsenal

    def chance(self, key: int, fq: int, h: int, b: int, twice: bool) -> float:
        """The chance that a defender with Fortitude ``fq`` (at most MAXF), ``h`` unknown
        cards in hand and ``b`` in the Backlash deck holds a fitting reversal (two of them,
        ``twice``: RD-6.5); kept in ``chances`` by ``key``, which stands for the four."""
        p = self.hand[fq]
        p_rev = 1 - (1 - p) ** h if p > 0 and h else 0.0
        pb = self.backlash[fq] if b else 0.0
        if pb > 0:
            p_rev = 1 - (1 - p_rev) * (1 - 0.5 * pb) ** b
        if twice:
            p_rev *= p_rev
        self.chances[key] = p_rev
        return p_rev

    def loss(self, my_ars: int, seed_pin: bool) -> float:
        """What the player with ``my_ars`` cards of Arsenal loses when the play is reversed:
        the card, the reversal's damage (a pin, with pinfall=seed, when it is at least the
        Arsenal), less the reversal the defender spent; kept in ``losses``."""
        rd = self.rev_damage
        loss = rd * arsenal_worth(my_ars) + 1.0 - BAIT
        if seed_pin and rd >= my_ars:
            loss += 0.5 * WIN
        loss += WIN * self.pins  # the chance that the reversal pins me (0.0 adds nothing)
        self.losses[my_ars] = loss
        return loss


def _cumulate(weights: list[tuple[int, float]]) -> list[float]:
    """Cumulative weights by Fortitude 0..MAXF of (Fortitude needed, weight) pairs."""
    out = [0.0] * (MAXF + 1)
    for f, w in weights:
        if f <= MAXF:
            out[f] += w
    total = 0.0
    for i in range(MAXF + 1):
        total += out[i]
        out[i] = total
    return out


class HeuristicTables:
    """Per game, worked out once: the prior decks, each card's worth as a reversal, set-up
    effects, Pre-match values, zone keys, and (on first use) the reversals that fit each
    play."""

    def __init__(self, g: RawDealGame) -> None:
        t = g.tables
        n = len(t.kind)
        self.t = t
        self.hot = g.hot
        self.n = n
        self.index = g.card_pool.index
        self.seed_pin = g.options.pinfall == "seed"
        self.tag = g.options.match == "tag"
        self.keys = [  # each player's Arsenal, hand, Backlash deck, Pre-match, Ringside
            tuple(g.zone_specs[PER_PLAYER * q + z].key for z in OBSERVED)
            for q in range(g.num_players)
        ]
        self._prior(g)
        self._reversal_worth()
        self._setups()
        self._prematch_values()
        self.backlash_first = g.codec.backlash
        self.target_first = g.codec.target
        # a play's (definition, played as, from the hand) by its action (HAND..target)
        self.play_of = [(0, 0, False)] * HAND + [
            (
                *divmod(a - (HAND if a < self.backlash_first else self.backlash_first), 3),
                a < self.backlash_first,
            )
            for a in range(HAND, self.target_first)
        ]
        self._card_rows()
        self._public_glance(g)
        self._fit_keys()

    def _reversal_worth(self) -> None:
        """What keeping each reversal in hand is worth (``keep``), from its coverage: the share
        of the prior's maneuvers and actions it fits; and which cards are reversals."""
        t = self.t
        n = self.n
        plays = [(d, k) for d in range(n) for k in (MANEUVER, ACTION) if t.plays[d] >> k & 1]
        weight = sum(self.arsenal_prior[d] for d, _ in plays) or 1.0
        cover = [0.0] * n
        for d, k in plays:
            ans = self.hot.answers(d, k)
            for r in ans.hand | ans.backlash:
                cover[r] += self.arsenal_prior[d] / weight
        self.keep = [
            2.0 + 6.0 * cover[d] + 0.15 * t.damage[d]
            if t.plays[d] & 4 and t.reversal[d] is not None
            else 0.0
            for d in range(n)
        ]
        self.is_reversal = [t.plays[d] & 4 and t.reversal[d] is not None for d in range(n)]

    def _setups(self) -> None:
        """Set-up effects: each card's bonus (amount, subtype mask) and reversal cost for the
        next card, and whether it ends the turn."""
        t = self.t
        n = self.n
        self.bonus = [(0, 0)] * n
        self.cost = [0] * n
        self.ends = [False] * n
        for d in range(n):
            for verb, amount, sub in t.effects[d]:
                if verb == V_NEXT_BONUS:
                    self.bonus[d] = (amount, 0 if sub < 0 else 1 << sub)
                elif verb == V_NEXT_COST:
                    self.cost[d] = amount
                elif verb == V_END_TURN:
                    self.ends[d] = True

    def _prematch_values(self) -> None:
        """Each Pre-match card's worth: Fortitude, damage, protection and draws it adds."""
        t = self.t
        n = self.n
        self.prematch_value = [0.0] * n
        for d in range(n):
            if t.kind[d] == PREMATCH_CARD:
                bonus, mask = t.pm_damage[d]
                self.prematch_value[d] = (
                    1.0
                    + 1.2 * t.pm_fortitude[d]
                    + bonus * (3.0 if not mask else 1.5)
                    + 3.0 * t.pm_reduction[d]
                    + 0.8 * t.pm_draw[d]
                )

    def _card_rows(self) -> None:
        """Each card's facts that valuing a play reads, as one tuple (``card``); of its
        effects by the type played as (RD-3.7), those that effects_value weighs (None: the
        card has no effects)."""
        t = self.t
        self.card = [
            (
                t.subtypes[d],
                t.damage[d],
                t.unreversible[d],
                t.multi[d],
                t.stun[d],
                tuple(
                    tuple(e for e in effects if e[0] in VALUED) if effects else None
                    for effects in t.success[d]
                ),
                self.ends[d],
                self.keep[d],
            )
            for d in range(self.n)
        ]

    def _public_glance(self, g: RawDealGame) -> None:
        """What the public cards say at a glance: Superstars that take less damage
        (``tough``), and each Pre-match card's (damage reduction, damage bonus or None)."""
        t = self.t
        n = self.n
        self.tough = frozenset(
            g.card_ids[d]
            for d in range(n)
            if t.kind[d] == SUPERSTAR and t.ability[d] & A_LESS_DAMAGE
        )
        # the ability each Superstar uses with ``ability`` (RD-4.3), by card id
        self.activated = {
            g.card_ids[d]: t.ability[d] & A_ACTIVATED for d in range(n) if t.kind[d] == SUPERSTAR
        }
        self.pm_info = {
            g.card_ids[d]: (t.pm_reduction[d], t.pm_damage[d] if t.pm_damage[d][0] else None)
            for d in range(n)
        }

    def _fit_keys(self) -> None:
        """What decides a fit beyond the cards, for the cache of ``Fit``: the card before
        (only these matter) and the damage (only up to the highest damage limit)."""
        t = self.t
        n = self.n
        self.after_cards = frozenset(r.after for r in t.reversal if r and r.after >= 0)
        limits = [r.max_damage for r in t.reversal if r and r.max_damage < 90]
        self.damage_cap = max(limits, default=0) + 1
        self.stride = n + 1
        self._fits: dict[int, Fit] = {}

    def _prior(self, g: RawDealGame) -> None:
        """The prior: how many of each definition an Arsenal holds (per 60 cards), and the
        share of each Mid-match card among a Backlash deck's Mid-match cards, averaged over
        the starter decks (uniform over the Arsenal cards without them)."""
        t = self.t
        n = self.n
        arsenal = [0.0] * n
        backlash = [0.0] * n
        try:
            decks = list(g.starter_decks().values())
        except CardtableError:  # a card set the starter decks do not fit: a uniform prior
            decks = []
        for deck in decks:
            for cid, k in deck.sections.get("arsenal", {}).items():
                if cid in self.index:
                    arsenal[self.index[cid]] += k / len(decks)
            for cid, k in deck.sections.get("backlash", {}).items():
                if cid in self.index:
                    backlash[self.index[cid]] += k / len(decks)
        if sum(arsenal) <= 0:
            ids = [d for d in range(n) if t.kind[d] == ARSENAL_CARD]
            arsenal = (
                [1.0 if t.kind[d] == ARSENAL_CARD else 0.0 for d in range(n)] if ids else [1.0] * n
            )
        total = sum(arsenal)
        self.arsenal_prior = [w * DECK / total for w in arsenal]
        mids = sum(backlash[d] for d in range(n) if t.kind[d] == MIDMATCH_CARD) or 1.0
        self.backlash_prior = [
            backlash[d] / mids if t.kind[d] == MIDMATCH_CARD else 0.0 for d in range(n)
        ]

    def fit(self, d: int, k: int, damage: int, prev: int) -> Fit:
        """The prior's reversals that fit definition ``d`` played as ``k`` with ``damage``
        right after ``prev`` (memoized)."""
        if damage > self.damage_cap:
            damage = self.damage_cap
        if prev not in self.after_cards:
            prev = -1
        key = ((d * 2 + k) * 64 + damage) * self.stride + prev + 1
        f = self._fits.get(key)
        if f is None:
            f = self._fits[key] = self._work_out_fit(d, k, damage, prev)
        return f

    def _work_out_fit(self, d: int, k: int, damage: int, prev: int) -> Fit:
        t = self.t
        ans = self.hot.answers(d, k)
        hand: list[tuple[int, float]] = []
        back: list[tuple[int, float]] = []
        ars: list[tuple[int, float]] = []
        rev_w = rev_d = pins = 0.0
        for r in sorted(ans.hand | ans.backlash | ans.arsenal):
            rv = t.reversal[r]
            assert rv is not None
            if k == MANEUVER and damage > rv.max_damage:
                continue
            if (rv.after != -1 and rv.after != prev) or rv.ring_at_least:
                continue  # (a Ring condition is seldom met: left out)
            f = t.fortitude[r]
            wa = self.arsenal_prior[r] / DECK
            wb = self.backlash_prior[r]
            if r in ans.hand and t.kind[r] == ARSENAL_CARD and wa:
                hand.append((f, wa))
                dmg = t.damage[r]
                if t.damage_as_reversed[r]:
                    dmg = damage if k == MANEUVER else 0
                rev_w += wa
                rev_d += wa * dmg
                if any(e[0] == V_PIN_OPPONENT for e in t.reversal_effects[r]):
                    pins += wa
            if r in ans.backlash and wb:
                back.append((f, wb))
            if r in ans.arsenal and wa:
                ars.append((f, wa))
        return Fit(
            _cumulate(hand),
            _cumulate(back),
            _cumulate(ars),
            rev_d / rev_w if rev_w else 2.0,
            pins / rev_w if rev_w else 0.0,
        )


def arsenal_worth(a: int) -> float:
    """What one more card in one's own Arsenal is worth: the Arsenal is life, and each card
    matters more as it runs low."""
    return 0.45 + 6.0 / (a + 2) if a >= 0 else 3.5


def hand_worth(h: int) -> float:
    """What one more card in hand is worth."""
    return 1.3 if h < 4 else 1.1 if h < 8 else 0.8


class View:
    """The facts of one observation that the values use, read once per call."""

    __slots__ = (
        "after",
        "arsenal",
        "backlash_n",
        "bonus",
        "bonus_mask",
        "bonuses",
        "fort",
        "hand",
        "hand_n",
        "k",
        "last",
        "maneuvers",
        "me",
        "modified",
        "opponents",
        "reduction",
        "rev_cost",
        "ringside",
        "unlocks",
    )

    @classmethod
    def of_observation(cls, k: HeuristicTables, obs: dict[str, Any]) -> View:
        """The facts of observation ``obs``. (No ``__init__``: in the compiled build, an
        object of a class with one is only made by calling it, and :meth:`of_state` makes
        one another way.)"""
        v = cls()
        v._read(k, obs)
        return v

    def _read(self, k: HeuristicTables, obs: dict[str, Any]) -> None:
        index = k.index
        z = obs["zones"]
        me = obs["player"]
        self.k = k
        self.me = me
        self.fort = obs["fortitude"]
        arsenal: list[int] = []
        hand_n: list[int] = []
        backlash_n: list[int] = []
        reduction: list[int] = []
        bonuses: list[tuple[int, int]] = []
        pm_info = k.pm_info
        for q, (ka, kh, kb, kp, _) in enumerate(k.keys):
            arsenal.append(z[ka])  # nobody sees an Arsenal: always a count
            h = z[kh]
            hand_n.append(h if h.__class__ is int else len(h))
            b = z[kb]
            backlash_n.append(b if b.__class__ is int else len(b))
            r = 0
            for c in z[kp]:
                less, more = pm_info[c]
                r += less
                if more and q == me:
                    bonuses.append(more)
            reduction.append(r)
        tough = k.tough
        for q, name in enumerate(obs["superstars"]):
            if name in tough:
                reduction[q] += 1  # RD-3.2: less damage from maneuvers
        self.arsenal = arsenal
        self.hand_n = hand_n
        self.backlash_n = backlash_n
        self.reduction = reduction
        self.bonuses = tuple(bonuses)
        keys = k.keys[me]
        self.hand = [index[c] for c in z[keys[1]]]
        self.ringside = len(z[keys[4]])
        last = obs["last_played"]
        if last is None:
            self.last = -1
            self.bonus_mask = self.rev_cost = 0
        else:
            d = self.last = index[last]
            self.bonus_mask = k.bonus[d][1]
            self.rev_cost = k.cost[d]
        self.bonus = obs["setup_bonus"]
        self.modified = bool(self.bonus or bonuses)
        self.after = self.last + 1 if self.last in k.after_cards else 0
        self.maneuvers: list[tuple[int, int, int]] | None = None
        if k.tag:
            self.opponents = [obs["active"][1 - me % 2]]
        elif len(arsenal) == 2:
            self.opponents = [1 - me]
        else:
            out = obs["eliminated"]
            self.opponents = [q for q in range(len(arsenal)) if q != me and q not in out]
        self.unlocks: list[tuple[int, float]] = []

    @classmethod
    def of_state(cls, k: HeuristicTables, st: RawDealState, me: int) -> View:
        """The same facts as ``View.of_observation(k, st.observation(me))``, read straight
        from the state: what player ``me`` may know of it (the counts of hidden zones, the own
        hand)."""
        v = cls()
        z = st.zones
        cards = st.cards
        v.k = k
        v.me = me
        seats = _seats_of_two(st) if len(z) == 2 * PER_PLAYER else _seats(st)
        v.fort, v.arsenal, v.hand_n, v.backlash_n, v.reduction, bonuses = seats
        v.bonuses = bonuses[me]
        b = PER_PLAYER * me
        v.hand = [cards[c] for c in z[b + HAND_ZONE]]
        v.ringside = len(z[b + RINGSIDE])
        d = v.last = st.last_played
        if d < 0:
            v.bonus_mask = v.rev_cost = 0
        else:
            v.bonus_mask = k.bonus[d][1]
            v.rev_cost = k.cost[d]
        v.bonus = st.bonus[0]
        v.modified = bool(v.bonus or v.bonuses)
        v.after = d + 1 if d in k.after_cards else 0
        v.maneuvers = None
        if k.tag:
            v.opponents = [st.active[1 - me % 2]]
        elif len(z) == 2 * PER_PLAYER:
            v.opponents = [1 - me]
        else:
            gone = st.gone
            v.opponents = [q for q in range(len(v.fort)) if q != me and not gone >> q & 1]
        v.unlocks = []
        return v

    def follow_up(self, d: int, fort: int, mask: int) -> bool:
        """Whether the hand holds a maneuver other than ``d`` that Fortitude ``fort`` lets
        the player play, of a subtype of ``mask`` (0: any)."""
        maneuvers = self.maneuvers
        if maneuvers is None:
            t = self.k.t
            need = self.k.hot.need
            maneuvers = [(h, need[h], t.subtypes[h]) for h in self.hand if t.plays[h] & 1]
            self.maneuvers = maneuvers
        return any(h != d and f <= fort and (not mask or mask & sub) for h, f, sub in maneuvers)

    def fortitude_worth(self, printed: int) -> float:
        """RD-3.5: what ``printed`` more Fortitude is worth, more when it unlocks cards in
        the hand (``find_unlocks``)."""
        unlock = 0.0
        for gap, w in self.unlocks:
            if gap > printed:
                break
            unlock += w
        return 0.25 * printed + (unlock if unlock < 4.5 else 4.5)

    def find_unlocks(self) -> None:
        """The cards in hand that more Fortitude would let the player play (1.5 each) or
        reverse with (1.0 each), by the Fortitude they lack, smallest first."""
        k = self.k
        fort = self.fort[self.me]
        need = k.hot.need
        is_rev = k.is_reversal
        rev_f = k.t.fortitude
        ups = []
        for h in self.hand:
            f = need[h]
            if f > fort and f < NEVER:
                ups.append((f - fort, 1.5))
            elif is_rev[h] and rev_f[h] > fort:
                ups.append((rev_f[h] - fort, 1.0))
        ups.sort()
        self.unlocks = ups


# What View.of_state reads of every seat: the Fortitude, the sizes of the Arsenal, hand and
# Backlash deck, the damage reduction, and the Pre-match damage bonuses.
SeatFacts = tuple[
    list[int], list[int], list[int], list[int], list[int], list[tuple[tuple[int, int], ...]]
]


def _seats(st: RawDealState) -> SeatFacts:
    """What View.of_state reads of every seat of ``st`` (RingFacts are counted again only
    where a zone changed: ``st.ring_facts``, its common case inline)."""
    z = st.zones
    abilities = st.abilities
    fort: list[int] = []
    arsenal: list[int] = []
    hand_n: list[int] = []
    backlash_n: list[int] = []
    reduction: list[int] = []
    bonuses: list[tuple[tuple[int, int], ...]] = []
    for q, facts in enumerate(st._facts):
        b = PER_PLAYER * q
        if facts.ring is not z[b + RING] or facts.prematch is not z[b + PREMATCH]:
            facts = st.ring_facts(q)
        fort.append(facts.fortitude)
        arsenal.append(len(z[b + ARSENAL]))
        hand_n.append(len(z[b + HAND_ZONE]))
        backlash_n.append(len(z[b + BACKLASH]))
        # RD-3.2: a tough Superstar takes less damage from maneuvers
        reduction.append(facts.reduction + (1 if abilities[q] & A_LESS_DAMAGE else 0))
        bonuses.append(facts.bonuses)
    return fort, arsenal, hand_n, backlash_n, reduction, bonuses


def _seats_of_two(st: RawDealState) -> SeatFacts:
    """``_seats`` of a singles match, without the loop."""
    z = st.zones
    f, g = st._facts
    if f.ring is not z[RING] or f.prematch is not z[PREMATCH]:
        f = st.ring_facts(0)
    if g.ring is not z[PER_PLAYER + RING] or g.prematch is not z[PER_PLAYER + PREMATCH]:
        g = st.ring_facts(1)
    a, b = st.abilities
    return (
        [f.fortitude, g.fortitude],
        [len(z[ARSENAL]), len(z[PER_PLAYER + ARSENAL])],
        [len(z[HAND_ZONE]), len(z[PER_PLAYER + HAND_ZONE])],
        [len(z[BACKLASH]), len(z[PER_PLAYER + BACKLASH])],
        [  # RD-3.2, RD-3.9
            f.reduction + (1 if a & A_LESS_DAMAGE else 0),
            g.reduction + (1 if b & A_LESS_DAMAGE else 0),
        ],
        [f.bonuses, g.bonuses],
    )


def play_value(v: View, d: int, kind: int, q: int, src_hand: bool) -> tuple[float, float]:
    """The expected gain of playing ``d`` as ``kind`` at opponent ``q`` now, and the chance
    that it ends the turn (reversed, its damage stopped, or ``end_turn``)."""
    k = v.k
    sub, printed, unreversible, multi, sv, effects, ends, keep = k.card[d]
    maneuver = kind == MANEUVER
    dmg = 0
    if maneuver:
        dmg = _damage_at(v, sub, printed, q) if v.modified else printed - v.reduction[q]
        dmg = dmg if dmg > 0 else 0
    cap = k.damage_cap
    fit = k._fits.get(((d * 2 + kind) * 64 + (dmg if dmg < cap else cap)) * k.stride + v.after)
    if fit is None:
        fit = k.fit(d, kind, dmg, v.last)
    p_rev = q_ars = 0.0
    if not unreversible:  # the chance of a reversal from the hand or the Backlash deck
        fq = v.fort[q] - (v.rev_cost if maneuver else 0)
        if fq >= 0:
            fq = fq if fq < MAXF else MAXF
            h = v.hand_n[q]
            b = v.backlash_n[q]
            twice = maneuver and multi  # RD-6.5: two reversals needed
            key = (fq << 20 | h << 10 | b) << 1 | twice  # (a hand or deck holds < 1024)
            chance = fit.chances.get(key)
            p_rev = fit.chance(key, fq, h, b, twice) if chance is None else chance
            q_ars = fit.arsenal[fq]
    # the damage's worth (a pin, RD-8.1, or the cards through before an overturned reversal
    # stops it, chance q_ars a card, with its Stun Value draw, RD-5.5) and chance of a stop
    gain = stop = 0.0
    if dmg:
        ars_q = v.arsenal[q]
        if k.seed_pin and dmg >= ars_q:  # RD-8.1: a pin
            gain = WIN if k.tag or len(v.opponents) == 1 else 0.3 * WIN
        else:
            if q_ars > 0:
                miss = (1 - q_ars) ** dmg
                dealt = (1 - miss) / q_ars
                stop = 1 - miss
                my_ars = v.arsenal[v.me]
                gain = stop * 0.6 * (sv if sv < my_ars else my_ars) if sv else 0.0  # RD-5.5
            else:
                dealt = float(dmg)
            gain += dealt * (1.0 + 3.0 / (ars_q - dealt + 3)) if ars_q > dealt else dealt
    if printed:  # RD-3.5 (fortitude_worth is 0.25 a point while nothing is unlocked)
        gain += v.fortitude_worth(printed) if v.unlocks else 0.25 * printed
    own = effects[kind]
    if own is not None:
        gain += effects_value(v, own, d, q, v.fort[v.me] + printed)
        stop = 1.0 if ends else stop
    if src_hand and keep:
        gain -= 0.8 * keep  # a hybrid reversal played otherwise is spent
    if not p_rev:
        return gain, stop
    # reversed (Fit.loss): the card is lost, the reversal's damage taken, the turn over
    my_ars = v.arsenal[v.me]
    loss = fit.losses.get(my_ars)
    if loss is None:
        loss = fit.loss(my_ars, k.seed_pin)
    return (1 - p_rev) * gain - p_rev * loss, p_rev + (1 - p_rev) * stop


def _damage_at(v: View, sub: int, printed: int, q: int) -> int:
    """RD-4.4: the damage a maneuver of subtypes ``sub`` and printed damage ``printed`` deals
    to opponent ``q`` now (set-up bonuses added, ``q``'s reduction taken off, not below 0)."""
    dmg = printed
    if v.bonus and (not v.bonus_mask or v.bonus_mask & sub):
        dmg += v.bonus
    for b, m in v.bonuses:
        if not m or m & sub:
            dmg += b
    dmg -= v.reduction[q]
    return dmg if dmg > 0 else 0


def own_cost(k: HeuristicTables, amount: int, my_ars: int) -> float:
    """RD-7.5, RD-8.1: what overturning ``amount`` cards of one's own Arsenal costs: a pin
    with pinfall=official when the Arsenal is short; under either rule an Arsenal emptied
    is counted out at the end of the turn unless the card wins first."""
    if amount > my_ars and not k.seed_pin:
        return WIN
    if amount >= my_ars:
        return 0.8 * WIN
    return amount * arsenal_worth(my_ars - amount)


def effects_value(v: View, effects: Any, d: int, q: int, fort_after: int) -> float:
    """What a card's success effects (RD-7) are worth to the player now."""
    k = v.k
    my_ars = v.arsenal[v.me]
    out = 0.0
    for verb, amount, sub in effects:
        if verb == V_DRAW:
            n = amount if amount < my_ars else my_ars
            out += n * (hand_worth(len(v.hand)) - arsenal_worth(my_ars - n))
        elif verb in DISCARD_WORTH:
            out += DISCARD_WORTH[verb] * min(amount, v.hand_n[q])
        elif verb in MORE_VALUED:
            out += _more_value(v, verb, amount, q)
        elif verb in (V_NEXT_BONUS, V_KEEP_BONUS):  # a set-up: its bonus with a follow-up
            mask = 0 if sub < 0 else 1 << sub
            follow = v.follow_up(d, fort_after, mask)
            out += amount if follow else 0.15 * amount
        elif verb == V_NEXT_COST:
            follow = v.follow_up(d, fort_after, 0)
            out += 0.3 * min(amount, 10) if follow else 0.0
        elif verb == V_OVERTURN_SELF:
            out -= own_cost(k, amount, my_ars)
        elif verb == V_RECOVER:
            out += 1.2 * min(amount, v.ringside) * arsenal_worth(my_ars)
        elif verb == V_PIN_OPPONENT:
            out += WIN
    return out


MORE_VALUED = frozenset(
    {
        V_OPP_DRAW,
        V_OPP_OVERTURN,
        V_TURN_BONUS,
        V_TURN_COST,
        V_SEARCH,
        V_NEXT_TURN,
        V_DISCARD_HAND,
        V_NEXT_UNREVERSIBLE,
        V_LOOK_HAND,
        V_OPP_DISCARD_ALL,
        V_NO_ARSENAL,
    }
)


def _more_value(v: View, verb: int, amount: int, q: int) -> float:
    """What the effects of the real sets' cards are worth: RD-7.16 a card for the opponent,
    RD-7.21 cards the opponent overturns, RD-7.20 the turn's bonuses (a guess: about one
    more maneuver this turn), RD-7.17 a card searched for (one more in hand)."""
    if verb == V_OPP_DRAW:
        return -amount * hand_worth(v.hand_n[q])
    if verb == V_OPP_OVERTURN:
        return amount * arsenal_worth(v.arsenal[q])
    if verb == V_TURN_BONUS:
        return 0.6 * amount
    if verb == V_TURN_COST:
        return 0.2 * min(amount, 10)
    if verb == V_NEXT_TURN:  # RD-7.23: about one maneuver of the next turn
        return 0.5 * amount
    if verb == V_DISCARD_HAND:  # RD-7.24: amount 0 own, 1 the opponent's, 2 both
        theirs = 1.2 * v.hand_n[q] if amount else 0.0
        return theirs - (len(v.hand) if amount != 1 else 0)
    if verb == V_NEXT_UNREVERSIBLE:  # RD-7.25: the next maneuver gets through
        return 1.0
    if verb == V_OPP_DISCARD_ALL:  # RD-7.27: a guess, a card of theirs or so
        return 1.2 if v.hand_n[q] else 0.0
    if verb == V_NO_ARSENAL:  # RD-7.28
        return 0.5
    if verb == V_LOOK_HAND:  # RD-7.26: the agents do not use what they see
        return 0.0
    return hand_worth(len(v.hand))


def action_values(k: HeuristicTables, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (higher is better), from the observation only."""
    phase = PHASE_CODES[obs["phase"]]
    if phase == PH_PREMATCH:  # RD-2.3
        return _prematch_values(k, legal)
    v = View.of_observation(k, obs)
    me = obs["player"]

    def ringside() -> list[int]:
        return [k.index[c] for c in obs["zones"][k.keys[me][4]]]

    if phase == PH_MAIN:
        return _main_values(k, v, legal, k.activated.get(obs["superstars"][me], 0), ringside)
    if phase == PH_STUN:
        return _stun_values(v, legal)
    if phase == PH_BURY:
        return [-_usefulness(v, (a - HAND) // 3) for a in legal]
    if phase in CHOICE_PHASES:
        choice = obs["choice"]
        source = k.index[choice["card"]] if choice["card"] else -1
        offer = [_compiled(e) for e in choice["offer"]]
        return _choice_values(v, phase, legal, offer, source)
    playing = obs["playing"]
    d = k.index[playing["card"]]
    kind = MANEUVER if playing["as"] == "maneuver" else ACTION
    if phase == PH_REVERSAL:
        dmg = playing["damage"] or 0
        needed = playing["reversals_needed"]
        return _reversal_values(k, v, legal, d, kind, dmg, needed, obs["turn_player"])
    return _target_values(k, v, legal, d, kind)


def rollout_values(
    k: HeuristicTables, st: RawDealState, player: int, legal: list[int]
) -> list[float]:
    """The values of :func:`action_values` for ``player``'s observation of ``st``, from the
    state (View.of_state) without building the observation."""
    phase = st.phase
    if phase == PH_PREMATCH:  # RD-2.3
        return _prematch_values(k, legal)
    v = View.of_state(k, st, player)
    if phase == PH_MAIN:
        cards = st.cards
        ringside = st.zones[PER_PLAYER * player + RINGSIDE]
        activated = st.abilities[player] & A_ACTIVATED
        return _main_values(k, v, legal, activated, lambda: [cards[c] for c in ringside])
    if phase == PH_STUN:
        return _stun_values(v, legal)
    if phase == PH_BURY:
        return [-_usefulness(v, (a - HAND) // 3) for a in legal]
    if phase in CHOICE_PHASES:
        offer = list(st.queue[: st.skip]) if phase == PH_MAY else []
        return _choice_values(v, phase, legal, offer, st.source)
    tp = st.tp
    d = st.cards[st.zones[PER_PLAYER * tp + PLAYING][0]]
    kind = MANEUVER if st.pending_as == MANEUVER else ACTION
    if phase == PH_REVERSAL:
        needed = st.reversals_left
        return _reversal_values(k, v, legal, d, kind, st.pending_damage, needed, tp)
    return _target_values(k, v, legal, d, kind)


def _prematch_values(k: HeuristicTables, legal: list[int]) -> list[float]:
    """RD-2.3: the Pre-match cards that add most first; passing is worth nothing."""
    first = k.backlash_first
    return [0.0 if a == END else k.prematch_value[(a - first) // 3] for a in legal]


def _stun_values(v: View, legal: list[int]) -> list[float]:
    """RD-5.5: draw while the Arsenal can spare the cards."""
    ars = v.arsenal[v.me]
    hand = len(v.hand)
    out = []
    total = 0.0
    for j in range(len(legal)):
        out.append(total)
        total += hand_worth(hand + j) - arsenal_worth(ars - j - 1)
    return out


def _usefulness(v: View, d: int) -> float:
    """How much a card in hand is worth keeping (the bury step of ``draw_and_bury``)."""
    k = v.k
    t = k.t
    fort = v.fort[v.me]
    if k.is_reversal[d]:
        return k.keep[d] + (1.0 if t.fortitude[d] <= fort else 0.0)
    f = k.hot.need[d]
    if t.plays[d] & 1:
        return 2.0 + t.damage[d] if f <= fort else 0.5 * t.damage[d] - 0.4 * (f - fort)
    return 2.5 if f <= fort else 1.5 - 0.3 * (f - fort)


def _order(value: float, stop: float) -> float:
    """The main-segment priority of a play: its gain over its chance of ending the turn (the
    best order for independent risks), or its loss when it gains nothing."""
    if value <= 0:
        return value
    return value / (stop if stop > 0.05 else 0.05)


def _compiled(data: dict[str, Any]) -> Effect:
    """An effect of an observation's ``choice`` (as in a card file), compiled."""
    verb = CHOSEN_VERBS[data["do"]] if data.get("choice") else VERBS.index(data["do"])
    sub = data.get("subtype")
    return verb, int(data.get("amount", 0)), SUBTYPES.index(sub) if sub else -1


def _choice_values(
    v: View, phase: int, legal: list[int], offer: list[Effect], source: int
) -> list[float]:
    """RD-7.10 to RD-7.14: take what a ``may`` offers when it is worth more than nothing;
    discard the least useful cards; take back from Ringside the most useful; always put a
    Ringside card back under the Arsenal (``decline`` is worth 0)."""
    if phase == PH_MAY:
        return [0.0 if a == END else _offer_value(v, offer, source) for a in legal]
    sign = -1.0 if phase == PH_DISCARD else 1.0
    floor = 0.0 if phase == PH_DISCARD else -WIN  # declining a discard is worth nothing
    return [floor if a == END else 3.0 + sign * _usefulness(v, (a - HAND) // 3) for a in legal]


def _offer_value(v: View, offer: list[Effect], source: int) -> float:
    """What the effects a ``may`` offers are worth: those effects_value weighs, a card
    discarded from the hand (its least useful), the card discarded from the Ring (the
    Fortitude it adds) and a card taken back from Ringside."""
    k = v.k
    q = v.opponents[0]
    gain = effects_value(v, [e for e in offer if e[0] in VALUED], max(source, 0), q, v.fort[v.me])
    for verb, amount, _ in offer:
        if verb == V_DISCARD:
            gain -= 1.5 * amount
        elif verb == V_DISCARD_SELF and source >= 0:
            gain -= v.fortitude_worth(k.t.damage[source])
        elif verb in (V_RETRIEVE, V_RECOVER_CHOICE):
            gain += 1.2 * amount
    return gain


def _ability_value(v: View, activated: int, ringside: Callable[[], list[int]]) -> float:
    """RD-4.3: ``draw_and_bury`` is never worse than not using it; an ability that discards
    (RD-3.10, RD-3.11) is worth what it brings back less what its cards are worth."""
    if activated == A_DRAW_BURY:
        return 2 * WIN  # draw, then bury the worst card: never worse
    worst = sorted(_usefulness(v, d) for d in v.hand)
    if activated == A_DISCARD_OPP_DISCARD:
        return (1.2 if v.hand_n[v.opponents[0]] else 0.0) - worst[0]
    if activated == A_DISCARD_RETRIEVE:
        back = max((_usefulness(v, d) for d in ringside() + v.hand), default=0.0)
        return back - worst[0] - worst[1]
    return 0.0


def _main_values(
    k: HeuristicTables,
    v: View,
    legal: list[int],
    activated: int = A_DRAW_BURY,
    ringside: Callable[[], list[int]] = list,
) -> list[float]:
    v.find_unlocks()
    target = k.target_first
    play_of = k.play_of
    opponents = v.opponents
    single = opponents[0] if len(opponents) == 1 else -1
    out: list[float] = []
    best_play = 0.0
    tag_at = -1
    for a in legal:
        if a == END:
            out.append(0.0)
        elif a == ABILITY:
            out.append(_ability_value(v, activated, ringside))
        elif a >= target:
            tag_at = len(out)
            out.append(0.0)
        else:
            d, kind, src_hand = play_of[a]
            if single >= 0:
                best, stop = play_value(v, d, kind, single, src_hand)
            else:
                best, stop = _aimed_value(v, d, kind, src_hand)
            if best > best_play:
                best_play = best
            # _order, inline
            out.append(best if best <= 0 else best / (stop if stop > 0.05 else 0.05))
    if tag_at >= 0:
        out[tag_at] = _tag_value(v, best_play)
    return out


def _aimed_value(v: View, d: int, kind: int, src_hand: bool) -> tuple[float, float]:
    """A free-for-all: the value of a play valued at the target it would be aimed at
    (RD-9.2), less what patience asks, and its chance of ending the turn."""
    opponents = v.opponents
    best, stop, aim = -1e9, 1.0, -1e9
    for q in opponents:  # RD-9.2: valued at the target it would be aimed at
        value, s = play_value(v, d, kind, q, src_hand)
        bias = value + _target_bias(v, q)
        if bias > aim:
            best, stop, aim = value, s, bias
    # patience: while every opponent is far from a pin, only strong plays are worth
    # showing cards and Fortitude for; let the others wear each other down
    best -= FFA_PATIENCE * v.arsenal[min(opponents, key=v.arsenal.__getitem__)]
    return best, stop


def _target_bias(v: View, q: int) -> float:
    """A free-for-all of three or more: finish off the opponent closest to being pinned
    (the smallest Arsenal), who drops out soonest and stops hitting back."""
    return -TARGET_WEAKEST * v.arsenal[q]


def _target_values(k: HeuristicTables, v: View, legal: list[int], d: int, kind: int) -> list[float]:
    """RD-9.2: the opponent to aim the card ``d`` being played as ``kind`` at."""
    first = k.target_first
    out = []
    for a in legal:
        q = a - first
        value, _ = play_value(v, d, kind, q, False)
        out.append(value + _target_bias(v, q))
    return out


def _tag_value(v: View, best_play: float) -> float:
    """RD-9.5: tag in the partner when the active member is worn down and the partner is
    fresher, or when the active member has nothing worth playing and the partner has cards."""
    me = v.me
    partner = (me + 2) % 4
    mine = v.arsenal[me]
    theirs = v.arsenal[partner]
    value = -1.0
    if theirs - mine >= 8 and mine < 20:
        value = 1.0 + 0.2 * (theirs - mine)
    if best_play <= 0.0 and v.hand_n[partner] >= 2 and theirs > mine - 5:
        value = max(value, 0.5 + 0.2 * v.hand_n[partner])
    return value


def _reversal_values(
    k: HeuristicTables,
    v: View,
    legal: list[int],
    d: int,
    kind: int,
    dmg: int,
    needed: int,
    attacker: int,
) -> list[float]:
    """RD-5.1: reverse the card ``d`` played as ``kind`` with damage ``dmg`` by ``attacker``
    (``needed`` reversals stop it) when what it prevents and deals outweighs keeping the
    card."""
    maneuver = kind == MANEUVER
    first_b = k.backlash_first
    # RD-6.5: a Multi maneuver is stopped only with two reversals at hand
    copies = 0
    for a in legal:
        if a != END:
            copies += v.hand.count((a - HAND) // 3) if a < first_b else 1
    prevent = 0.0
    if copies >= needed:
        prevent = _prevented(k, v, d, maneuver, dmg, attacker)
    out = []
    for a in legal:
        if a == END:
            out.append(0.0)
            continue
        from_hand = a < first_b
        r = (a - (HAND if from_hand else first_b)) // 3
        gain = _reversal_gain(k, v, r, maneuver, dmg, attacker, prevent)
        gain -= k.keep[r] if from_hand else 0.6 * k.keep[r]
        out.append(gain)
    return out


def _prevented(
    k: HeuristicTables, v: View, d: int, maneuver: bool, dmg: int, attacker: int
) -> float:
    """What reversing the card ``d`` being played prevents: its damage (or a pin, RD-8.1), the
    rest of the attacker's turn, and what the card itself would do."""
    my_ars = v.arsenal[v.me]
    prevent = 0.0
    if maneuver and dmg:
        prevent = WIN if k.seed_pin and dmg >= my_ars else 0.9 * dmg * arsenal_worth(my_ars - dmg)
    hand = v.hand_n[attacker]
    prevent += 1.5 + 0.35 * (hand if hand < 8 else 8)
    for verb, amount, _ in k.t.effects[d]:
        if verb in (V_NEXT_BONUS, V_DRAW):
            prevent += 0.8 * amount
        elif verb == V_NEXT_COST:
            prevent += 1.0
        elif verb in DISCARD_WORTH:
            prevent += 1.5 * amount
        elif verb == V_PIN_OPPONENT:
            prevent += WIN
    return prevent


def _reversal_gain(
    k: HeuristicTables, v: View, r: int, maneuver: bool, dmg: int, attacker: int, prevent: float
) -> float:
    """``prevent`` plus what reversal ``r`` deals and does on success (RD-6), before the worth
    of keeping it."""
    t = k.t
    my_ars = v.arsenal[v.me]
    rd = t.damage[r]
    if t.damage_as_reversed[r]:
        rd = dmg if maneuver else 0
    gain = prevent + 0.25 * t.damage[r]
    if rd:
        gain += WIN if k.seed_pin and rd >= v.arsenal[attacker] else rd
    for verb, amount, _ in t.reversal_effects[r]:
        if verb == V_DRAW:
            n = amount if amount < my_ars else my_ars
            gain += n * (hand_worth(len(v.hand)) - arsenal_worth(my_ars - n))
        elif verb == V_OPP_DISCARD:
            gain += 1.6 * min(amount, v.hand_n[attacker])
        elif verb == V_RECOVER:
            gain += min(amount, v.ringside) * arsenal_worth(my_ars)
        elif verb == V_PIN_OPPONENT:
            gain += WIN
        elif verb == V_OVERTURN_SELF:
            gain -= own_cost(k, amount, my_ars)
        elif verb == V_OPP_DRAW:
            gain -= amount * hand_worth(v.hand_n[attacker])
    if t.setup[r]:
        gain += 1.5  # RD-6.4: carried into the next turn
    return gain


# ----- evaluation ----------------------------------------------------------------------------
# Each player's standing is ``weight * ln(Arsenal + 8)`` (the Arsenal is life: each card counts
# more as it runs low), plus a little per card in hand and for the turn; the weights were fitted
# (multinomial logit of the winner) on greedy self-play with the four starter decks, one set per
# format: (Arsenal, hand, turn, the inactive partner's Arsenal in a tag team match).
# In a free-for-all a big hand goes with losing: the player who holds cards back has built
# no Fortitude, and has drawn its Arsenal down. ``python tools/fit_evaluate.py rawdeal`` refits
# the singles set from such games (not the others).
WEIGHTS = {
    "singles": (2.3, 0.04, 0.16, 0.0),
    "3p": (7.3, -0.8, 0.54, 0.0),
    "4p": (12.0, -0.58, 0.45, 0.0),
    "tag": (1.3, 0.04, 0.04, 0.39),
}


def evaluate(st: RawDealState) -> list[float]:
    """An estimate of ``st.returns()`` (RD-8.4) for an unfinished state. Each player (each
    team) gets a chance to win, a softmax of standings; a player already out has none.
    Returned on the scale of RD-8.4: with n players the return is ``(n * chance - 1) /
    (n - 1)``, so the values add up to 0 like the returns of a win; tag teams get
    ``2 * chance - 1`` for both members."""
    if st.phase == PH_OVER:
        return st.returns()
    g = st.game
    n = g.num_players
    z = st.zones
    gone = st.gone
    log = math.log
    if g.hot.tag:
        arsenal_w, hand_w, turn_w, partner_w = WEIGHTS["tag"]
        x = 0.0
        for p in range(4):
            if gone >> p & 1:
                continue
            b = PER_PLAYER * p
            if st.active[p % 2] == p:
                v = arsenal_w * log(len(z[b + ARSENAL]) + 8) + hand_w * len(z[b + HAND_ZONE])
                if st.tp == p:
                    v += turn_w
            else:
                v = partner_w * log(len(z[b + ARSENAL]) + 8)
            x += v if p % 2 == 0 else -v
        v0 = math.tanh(x / 2)  # 2 * sigmoid(x) - 1
        return [v0 if p % 2 == 0 else -v0 for p in range(4)]
    arsenal_w, hand_w, turn_w, _ = WEIGHTS["singles" if n == 2 else f"{n}p"]
    s: list[float | None] = []
    for p in range(n):
        if gone >> p & 1:
            s.append(None)
            continue
        b = PER_PLAYER * p
        v = arsenal_w * log(len(z[b + ARSENAL]) + 8) + hand_w * len(z[b + HAND_ZONE])
        s.append(v + turn_w if p == st.tp else v)
    return standings_to_returns(s)
