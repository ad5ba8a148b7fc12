"""The Raw Deal state: Pre-match, the turn, playing a card, reversals, damage, winning.

Rule numbers (RD-x.y) refer to docs/rules/rawdeal.md.

For speed, the hot paths look up per-definition tables computed once per game
(:class:`HotTables`, with the reversals that fit each card worked out on first use); what a
player's Ring and Pre-match cards add up to (:class:`RingFacts`) and the Mid-match cards of a
Backlash deck are kept with the zone tuples they were worked out from; the Superstars'
abilities are looked up once per state; and the legal actions found while deciding whether a
reversal window opens or the Pre-match goes on are kept as the state's legal actions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.core.events import EVERYONE, NO_CARD, NO_ZONE, Event, move, note
from cardtable.core.state import TERMINAL, State

from .actions import ABILITY, ACTION, END, HAND, MANEUVER, REVERSAL, STUN
from .cards import ABILITIES, VERBS
from .tables import ARSENAL_CARD, MIDMATCH_CARD, NO_LIMIT, PREMATCH_CARD, PREMATCH_KINDS, Effect
from .zones import (
    ARSENAL,
    BACKLASH,
    BACKSTAGE,
    PER_PLAYER,
    PLAYING,
    PREMATCH,
    RING,
    RINGSIDE,
    pbase,
)
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from .game import RawDealGame

PH_PREMATCH, PH_MAIN, PH_REVERSAL, PH_STUN, PH_BURY, PH_OVER, PH_TARGET = range(7)
PHASES = ("pre-match", "main", "reversal window", "stun draw", "bury", "over", "target")
DRAW, BOTH_LOSE = -2, -3
(
    V_DRAW,
    V_OPP_DISCARD,
    V_NEXT_BONUS,
    V_NEXT_COST,
    V_OVERTURN_SELF,
    V_RECOVER,
    V_END_TURN,
    V_PIN_OPPONENT,
) = range(len(VERBS))
A_DRAW_TWO, A_START_OVERTURN, A_START_RECYCLE, A_TOUGH, A_DRAW_BURY = (
    ABILITIES.index(a)
    for a in ("draw_two", "start_overturn", "start_recycle", "tough", "draw_and_bury")
)
NEVER = 1 << 62  # a Fortitude no player has: what a card not played as maneuver or action needs
NO_REVERSALS: frozenset[int] = frozenset()
# RD-2.3: the Pre-match kinds a player may place more than one of (Title Belt, Event), and
# those only one of which may be out in all (Venue, Title Belt)
NOT_PER_PLAYER = frozenset(PREMATCH_KINDS.index(k) for k in ("title_belt", "event"))
ONE_IN_ALL = frozenset(PREMATCH_KINDS.index(k) for k in ("venue", "title_belt"))


def _by_team(a: int, b: int) -> tuple[int, int]:
    """The active members (team 0's, team 1's) given one member of each team."""
    return (a, b) if a % 2 == 0 else (b, a)


def _plays(first: int, plays: int) -> tuple[int, ...]:
    """The actions ``first + MANEUVER`` and ``first + ACTION`` that a card with the play-type
    mask ``plays`` has, in action order."""
    return tuple(first + k for k in (MANEUVER, ACTION) if plays >> k & 1)


class Answers(NamedTuple):
    """The reversals that fit a card played one way as far as the two cards decide (RD-5.2:
    the type played as, subtypes, named titles, Cannot be reversed), by where they may come
    from: the hand, the Backlash deck (Mid-match cards) and the Arsenal (RD-5.4, not the
    reversals played only from the hand)."""

    hand: frozenset[int]
    backlash: frozenset[int]
    arsenal: frozenset[int]


class HotTables:
    """What the hot paths look up per decision, computed once per game (options are frozen):
    the options they test and, per card definition, its actions and the facts that decide
    whether it may be played or reverse."""

    __slots__ = (
        "_answers",
        "_reversals",
        "_tables",
        "backlash",
        "conditional",
        "ends_turn",
        "fortitude",
        "hand_plays",
        "max_turns",
        "midmatch_defs",
        "midmatch_limit",
        "midmatch_plays",
        "n",
        "need",
        "pinfall_seed",
        "prematch_defs",
        "prematch_limit",
        "rev_after",
        "rev_max_damage",
        "rev_moment",
        "rev_overturned",
        "tag",
        "target",
    )

    def __init__(self, game: RawDealGame) -> None:
        t = game.tables
        opts = game.options
        n = len(t.kind)
        self.backlash = backlash = game.codec.backlash
        self.prematch_limit = opts.prematch_limit
        self.max_turns = opts.max_turns
        self.midmatch_limit = opts.midmatch_limit
        self.pinfall_seed = opts.pinfall == "seed"
        self.n = opts.players
        self.tag = opts.match == "tag"
        self.target = game.codec.target  # the first TARGET action; TAG is the last action
        self.fortitude = t.fortitude
        self.prematch_defs = frozenset(d for d in range(n) if t.kind[d] == PREMATCH_CARD)
        self.midmatch_defs = frozenset(d for d in range(n) if t.kind[d] == MIDMATCH_CARD)
        # RD-4.3: each definition's plays as a maneuver and/or an action from the hand, and
        # (Mid-match cards only) from the Backlash deck
        self.hand_plays = tuple(_plays(HAND + 3 * d, t.plays[d]) for d in range(n))
        self.midmatch_plays = tuple(
            _plays(backlash + 3 * d, t.plays[d]) if t.kind[d] == MIDMATCH_CARD else ()
            for d in range(n)
        )
        # RD-3.5: the Fortitude a play needs (NEVER: the card is not played so)
        self.need = tuple(t.fortitude[d] if t.plays[d] & 3 else NEVER for d in range(n))
        # RD-4.5 requirements and RD-6.1 uniqueness: the cards that need more checks
        self.conditional = frozenset(
            d
            for d in range(n)
            if t.req_after[d] != -1
            or t.req_after_damage[d]
            or t.req_fort_over[d]
            or t.active[d]
            or t.universal[d]
        )
        self.ends_turn = tuple(any(e[0] == V_END_TURN for e in t.effects[d]) for d in range(n))
        # RD-5.2: the reversals, what of them the moment decides, and (filled in as cards
        # are played) the Answers to each definition played as a maneuver or an action
        self._tables = t
        self._reversals = tuple(d for d in range(n) if t.plays[d] & 4 and t.reversal[d] is not None)
        self.rev_max_damage = tuple(r.max_damage if r else NO_LIMIT for r in t.reversal)
        self.rev_after = tuple(r.after if r else -1 for r in t.reversal)
        # RD-5.6: reversals with conditions on where the card came from or on the Ring
        self.rev_moment = frozenset(
            d for d, r in enumerate(t.reversal) if r and (r.from_hand or r.ring_at_least)
        )
        # RD-5.7: reversals whose effects apply when overturned from the Arsenal; none with
        # overturned_text=seed, where an overturned reversal only cuts off the damage
        official = opts.overturned_text == "official"
        self.rev_overturned = tuple(
            bool(official and r and r.effects_when_overturned) for r in t.reversal
        )
        self._answers: list[Answers | None] = [None] * (2 * n)

    def answers(self, d: int, played_as: int) -> Answers:
        """The reversals that fit definition ``d`` played as ``played_as`` (MANEUVER or
        ACTION) by the cards alone; worked out the first time it is asked for."""
        answers = self._answers[2 * d + played_as]
        if answers is None:
            answers = self._answers[2 * d + played_as] = self._work_out_answers(d, played_as)
        return answers

    def _work_out_answers(self, d: int, played_as: int) -> Answers:
        t = self._tables
        fit = []
        for rev in () if t.unreversible[d] else self._reversals:
            r = t.reversal[rev]
            assert r is not None
            if not r.types >> played_as & 1:
                continue
            if played_as == MANEUVER and r.subtypes and not r.subtypes & t.subtypes[d]:
                continue
            if r.titles and d not in r.titles:
                continue
            if r.alignment >= 0 and t.alignment[d] != r.alignment:
                continue
            fit.append((rev, r))
        return Answers(
            frozenset(rev for rev, r in fit if not r.overturned_only),
            frozenset(rev for rev, _ in fit if t.kind[rev] == MIDMATCH_CARD),
            frozenset(rev for rev, r in fit if t.kind[rev] == ARSENAL_CARD and not r.hand_only),
        )


class RingFacts(NamedTuple):
    """What a player's Ring and Pre-match cards add up to, counted from the two zone tuples
    named here: the Fortitude Rating (RD-3.5), the Mid-match cards in the Ring, and the
    Pre-match damage modifiers. Zones are immutable tuples, so the facts hold for as long as
    the state's zones are these very objects."""

    ring: tuple[int, ...]
    prematch: tuple[int, ...]
    fortitude: int
    midmatch: int
    bonuses: tuple[tuple[int, int], ...]  # (damage bonus, subtype mask 0: any), bonus > 0
    reduction: int  # less damage taken from the opponent's maneuvers


NO_FACTS = RingFacts((), (), 0, 0, (), 0)  # the facts of an empty Ring and Pre-match
ZoneDefs = tuple[tuple[int, ...], tuple[int, ...]]  # a zone tuple, and definitions found in it

# The hot paths build their events as the tuples that cardtable.core.events.move and note
# build (fields: kind, player, card, src, dst, data, private_to), without the call:
# _event(Event, ("move", player, card, src, dst, None, EVERYONE)) is move(card, src, dst,
# player), _event(Event, (kind, player, NO_CARD, NO_ZONE, NO_ZONE, data, EVERYONE)) is
# note(kind, player, **data).
_event = tuple.__new__


class RawDealState(State):
    """A game of Raw Deal in progress: a singles match, a free-for-all of 3 or 4 players, or
    a 2-on-2 tag team match (RD-9)."""

    __slots__ = (
        "_backlash",
        "_facts",
        "abilities",
        "ability_used",
        "active",
        "actor",
        "bonus",
        "carry",
        "gone",
        "last_damage",
        "last_played",
        "passes",
        "pending_as",
        "pending_cost",
        "pending_damage",
        "pending_def",
        "pending_from_hand",
        "pending_prev",
        "phase",
        "rev_cost",
        "reversals_left",
        "stun_max",
        "tagged",
        "target",
        "tp",
        "turn_no",
        "winner",
    )

    game: RawDealGame

    def _init_fields(self) -> None:
        self.phase = PH_PREMATCH
        self.tp = 0  # the turn player (in Pre-match: who started it)
        self.actor = 0
        self.passes = 0
        self.turn_no = 0
        self.ability_used = False
        self.last_played = -1  # definition of the card played last this turn
        self.last_damage = 0
        self.bonus = (0, 0)  # set-up bonus for the next card: (damage, subtype mask 0: any)
        self.rev_cost = 0  # extra F for reversals to the next maneuver
        n = self.game.num_players
        self.carry = [-1] * n  # a set-up reversal carried into that player's next turn
        self.pending_as = 0
        self.pending_cost = 0  # extra F for reversals to the maneuver being played
        self.pending_damage = 0
        self.pending_def = -1  # the card being played (or last played, during its damage)
        self.pending_prev = -1
        self.pending_from_hand = True  # the card being played came from the hand
        self.target = 1  # the opponent the card being played is aimed at (the defender)
        self.gone = 0  # bit p: player p is out of the match (pinned or counted out)
        self.active = (0, 1)  # tag team match: the active member of team 0 and of team 1
        self.tagged = False  # a tag-in was made this turn
        self.reversals_left = 0
        self.stun_max = 0
        self.winner = -1  # a player; in a tag team match a team; or DRAW, BOTH_LOSE
        self.abilities = (0,) * n  # each Superstar's ability: see _cache_abilities
        # caches of facts derived from zones, per player (see ring_facts and backlash_midmatch);
        # tuples that are replaced, not changed, so that clones share them
        self._facts: tuple[RingFacts, ...] = (NO_FACTS,) * n
        self._backlash: tuple[ZoneDefs, ...] = (((), ()),) * n

    def _cache_abilities(self) -> None:
        """Look the Superstars' abilities up once: after the deal, and after zones are pinned
        (in play a Superstar never changes). An empty Backstage area has ability 'none'."""
        t = self.game.tables
        z = self.zones
        self.abilities = tuple(
            t.ability[self.cards[z[pbase(p) + BACKSTAGE][0]]] if z[pbase(p) + BACKSTAGE] else 0
            for p in range(self.game.num_players)
        )

    def pin_zones(self, pins: dict[str, list[str]]) -> None:
        """Set zones for scenarios and tests (see State.pin_zones); the Superstars' abilities
        are looked up again."""
        super().pin_zones(pins)
        self._cache_abilities()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RawDealState)
        other.phase = self.phase
        other.tp = self.tp
        other.actor = self.actor
        other.passes = self.passes
        other.turn_no = self.turn_no
        other.ability_used = self.ability_used
        other.last_played = self.last_played
        other.last_damage = self.last_damage
        other.bonus = self.bonus
        other.rev_cost = self.rev_cost
        other.carry = self.carry[:]
        other.pending_as = self.pending_as
        other.pending_cost = self.pending_cost
        other.pending_damage = self.pending_damage
        other.pending_def = self.pending_def
        other.pending_prev = self.pending_prev
        other.pending_from_hand = self.pending_from_hand
        other.target = self.target
        other.gone = self.gone
        other.active = self.active
        other.tagged = self.tagged
        other.reversals_left = self.reversals_left
        other.stun_max = self.stun_max
        other.winner = self.winner
        other.abilities = self.abilities
        other._facts = self._facts
        other._backlash = self._backlash

    # ----- facts -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to decide, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.actor

    def is_terminal(self) -> bool:
        """Whether the game is over (as State.is_terminal, without the call)."""
        return self.phase == PH_OVER

    def returns(self) -> list[float]:
        """RD-8.4. Two players: 1 for the winner, -1 for the loser, 0 each for a draw, -1
        each for a double loss. A free-for-all of n: 1 for the winner and -1/(n-1) for every
        other player; in a draw the players out before the end get -1/(n-1) each and the
        players in the draw share what is left, and a double loss gives everyone -1/(n-1).
        Tag teams: 1 for each member of the winning team and -1 for each of the other; 0 for
        a draw, -1 for everyone in a double loss. All 0 before the end."""
        n = self.game.num_players
        w = self.winner
        if w == -1:
            return [0.0] * n
        if self.game.hot.tag:
            if w < 0:
                return [-1.0 if w == BOTH_LOSE else 0.0] * n
            return [1.0 if p % 2 == w else -1.0 for p in range(n)]
        loss = -1.0 / (n - 1)
        if w >= 0:
            return [1.0 if p == w else loss for p in range(n)]
        if w == BOTH_LOSE:
            return [loss] * n
        out = [self.gone >> p & 1 for p in range(n)]
        share = -loss * sum(out) / (n - sum(out))
        return [loss if o else share for o in out]

    def superstar(self, p: int) -> int:
        """The definition of a player's Superstar."""
        return self.cards[self.zones[pbase(p) + BACKSTAGE][0]]

    def ability(self, p: int) -> int:
        """A player's Superstar ability (an index of ABILITIES)."""
        return self.abilities[p]

    def superstar_value(self, p: int) -> int:
        """Superstar Value with the Enforcer's addition (RD-2.1)."""
        t = self.game.tables
        return sum(t.value[self.cards[c]] for c in self.zones[pbase(p) + BACKSTAGE])

    def fortitude(self, p: int) -> int:
        """RD-3.5: the printed D of the cards in the Ring, plus Pre-match Fortitude."""
        return self.ring_facts(p).fortitude

    def ring_facts(self, p: int) -> RingFacts:
        """A player's RingFacts, counted again only when the Ring or Pre-match zone changed;
        when cards were only added to the Ring, only those count."""
        b = PER_PLAYER * p
        ring = self.zones[b + RING]
        prematch = self.zones[b + PREMATCH]
        facts = self._facts[p]
        if facts.ring is ring and facts.prematch is prematch:
            return facts
        t = self.game.tables
        cards = self.cards
        n = len(facts.ring)
        if facts.prematch is prematch and ring[:n] == facts.ring:
            fort, mids, new = facts.fortitude, facts.midmatch, ring[n:]
            bonuses, reduction = facts.bonuses, facts.reduction
        else:
            pm = [cards[c] for c in prematch]
            fort = sum(t.pm_fortitude[d] for d in pm)
            mids, new = 0, ring
            bonuses = tuple(t.pm_damage[d] for d in pm if t.pm_damage[d][0])
            reduction = sum(t.pm_reduction[d] for d in pm)
        damage, kind = t.damage, t.kind
        for c in new:
            d = cards[c]
            fort += damage[d]
            if kind[d] == MIDMATCH_CARD:
                mids += 1
        facts = RingFacts(ring, prematch, fort, mids, bonuses, reduction)
        f = self._facts
        if len(f) == 2:
            self._facts = (facts, f[1]) if p == 0 else (f[0], facts)
        else:
            self._facts = (*f[:p], facts, *f[p + 1 :])
        return facts

    def backlash_midmatch(self, p: int) -> tuple[int, ...]:
        """The distinct Mid-match cards (definitions) in a player's Backlash deck, sorted;
        worked out again only when the deck changed (zones are immutable tuples: an unchanged
        zone is the very same object), which during the match is seldom."""
        z = self.zones[PER_PLAYER * p + BACKLASH]
        cached, defs = self._backlash[p]
        if cached is z:
            return defs
        cards = self.cards
        defs = tuple(sorted({cards[c] for c in z} & self.game.hot.midmatch_defs))
        entry = (z, defs)
        b = self._backlash
        self._backlash = (*b[:p], entry, *b[p + 1 :])
        return defs

    # ----- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_MAIN:
            return self._main_actions()
        if ph == PH_REVERSAL:
            return [END, *self._reversal_actions()]
        if ph == PH_STUN:
            return [STUN + k for k in range(self.stun_max + 1)]
        if ph == PH_BURY:
            return sorted(
                {HAND + 3 * self.cards[c] for c in self.zones[pbase(self.actor) + HAND_ZONE]}
            )
        if ph == PH_TARGET:
            first = self.game.codec.target
            return [first + q for q in self._targets(self.tp, self.pending_def)]
        return [END, *self._prematch_actions()]

    def standing(self) -> list[int]:
        """The players still in the match, in seat order."""
        gone = self.gone
        return [p for p in range(self.game.hot.n) if not gone >> p & 1]

    def opponents(self, p: int) -> list[int]:
        """RD-9.2: the players a card of player ``p`` may be aimed at: in a tag team match the
        other team's active member, otherwise every other player still in the match."""
        if self.game.hot.tag:
            return [self.active[1 - p % 2]]
        return [q for q in self.standing() if q != p]

    def next_opponent(self, p: int) -> int:
        """The opponent an effect without a card aims at (a start-of-turn ability): in a tag
        team match the other team's active member, otherwise the next player still in the
        match after ``p`` in seat order."""
        if self.game.hot.tag:
            return self.active[1 - p % 2]
        n = self.game.hot.n
        q = (p + 1) % n
        while self.gone >> q & 1:
            q = (q + 1) % n
        return q

    def _targets(self, p: int, d: int) -> list[int]:
        """RD-9.2: the opponents player ``p`` may aim definition ``d`` at (those with a lower
        Fortitude, when the card asks for it, RD-4.5)."""
        targets = [1 - p] if self.game.hot.n == 2 else self.opponents(p)
        if self.game.tables.req_fort_over[d]:
            fort = self.fortitude(p)
            targets = [q for q in targets if self.fortitude(q) < fort]
        return targets

    def partner(self, p: int) -> int:
        """Tag team match: the other member of ``p``'s team (seats 0 and 2, 1 and 3)."""
        return (p + 2) % 4

    def _prematch_actions(self) -> list[int]:
        """RD-2.3: a Pre-match card from the Backlash deck, within the limits."""
        t = self.game.tables
        h = self.game.hot
        b = PER_PLAYER * self.actor
        z = self.zones
        cards = self.cards
        if len(z[b + PREMATCH]) >= h.prematch_limit:
            return []
        kind = t.prematch_kind
        # the kinds placed no more: one of each but Title Belts and Events per player, one
        # Venue and one Title Belt in all
        full = {kind[cards[c]] for c in z[b + PREMATCH]} - NOT_PER_PLAYER
        everyone = {cards[c] for q in range(h.n) for c in z[PER_PLAYER * q + PREMATCH]}
        for d in everyone:
            if kind[d] in ONE_IN_ALL:
                full.add(kind[d])
        universal = t.universal
        first = h.backlash
        return [
            first + 3 * d
            for d in sorted({cards[c] for c in z[b + BACKLASH]} & h.prematch_defs)
            if kind[d] not in full and not (universal[d] and d in everyone)
        ]

    def _main_actions(self) -> list[int]:
        """RD-4.3: maneuvers and actions from the hand, Mid-match cards, the ability, end.
        Sorted: END, ABILITY, the hand's plays by definition, then the Backlash deck's."""
        h = self.game.hot
        p = self.actor
        b = PER_PLAYER * p
        facts = self.ring_facts(p)
        fort = facts.fortitude
        out = [END]
        if self.abilities[p] == A_DRAW_BURY and not self.ability_used and self.zones[b + ARSENAL]:
            out.append(ABILITY)
        tag = h.tag and not self.tagged and not self.gone >> self.partner(p) & 1
        need, conditional = h.need, h.conditional
        plays = h.hand_plays
        cards = self.cards
        # the hand changes between most decisions: its definitions are not worth keeping
        for d in sorted({cards[c] for c in self.zones[b + HAND_ZONE]}):
            if need[d] <= fort and (d not in conditional or self._requirements_met(d, fort)):
                out += plays[d]
        if facts.midmatch < h.midmatch_limit:
            plays = h.midmatch_plays
            for d in self.backlash_midmatch(p):
                if need[d] <= fort and (d not in conditional or self._requirements_met(d, fort)):
                    out += plays[d]
        if tag:  # RD-9.5
            out.append(self.game.codec.tag)
        return out

    def _requirements_met(self, d: int, fort: int) -> bool:
        """RD-4.5 requirements and RD-6.1 uniqueness in play of a card the actor, with
        Fortitude ``fort``, has the Fortitude for (RD-3.5)."""
        t = self.game.tables
        if t.req_after[d] != -1 and self.last_played != t.req_after[d]:
            return False
        if t.req_after_damage[d] and self.last_damage < t.req_after_damage[d]:
            return False
        if t.req_fort_over[d] and not self._targets(self.actor, d):
            return False
        z = self.zones
        cards = self.cards
        if t.active[d] and any(cards[c] == d for c in z[PER_PLAYER * self.actor + RING]):
            return False
        return not (
            t.universal[d]
            and any(cards[c] == d for q in range(self.game.hot.n) for c in z[PER_PLAYER * q + RING])
        )

    def _reversal_actions(self) -> list[int]:
        """RD-5.1: the defender's reversals that fit the card being played."""
        if self.pending_def < 0:
            return []
        h = self.game.hot
        answers = h.answers(self.pending_def, self.pending_as)
        q = self.actor  # the defender
        cards = self.cards
        # the defender's hand has mostly changed since the last card played, the Backlash
        # deck seldom
        hand_zone = self.zones[PER_PLAYER * q + HAND_ZONE]
        hand = {cards[c] for c in hand_zone} & answers.hand if answers.hand else ()
        backlash = (
            answers.backlash.intersection(self.backlash_midmatch(q)) if answers.backlash else ()
        )
        if not hand and not backlash:
            return []
        facts = self.ring_facts(q)
        if facts.midmatch >= h.midmatch_limit:
            backlash = ()  # RD-3.4: no Mid-match reversal from the Backlash deck at the limit
        out: list[int] = []
        for d in sorted(hand):
            if self._fits(d, facts.fortitude):
                out.append(HAND + 3 * d + REVERSAL)
        for d in sorted(backlash):
            if self._fits(d, facts.fortitude):
                out.append(h.backlash + 3 * d + REVERSAL)
        return out

    def _fits(self, rev: int, fort: int) -> bool:
        """RD-5.2, what the moment decides of reversal ``rev``, which fits the card being
        played by the cards alone (HotTables.answers): the damage, the card played before it,
        and the cost against the defender's Fortitude ``fort``."""
        h = self.game.hot
        maneuver = self.pending_as == MANEUVER
        if maneuver and self.pending_damage > h.rev_max_damage[rev]:
            return False
        if h.rev_after[rev] != -1 and self.pending_prev != h.rev_after[rev]:
            return False
        if rev in h.rev_moment and not self._moment_fits(rev):
            return False
        return h.fortitude[rev] + (self.pending_cost if maneuver else 0) <= fort

    def _moment_fits(self, rev: int) -> bool:
        """RD-5.6: a reversal only for a card played from the hand, or only while the
        attacker's Ring holds enough cards of an alignment."""
        r = self.game.tables.reversal[rev]
        assert r is not None
        if r.from_hand and not self.pending_from_hand:
            return False
        if r.ring_at_least:
            alignment = self.game.tables.alignment
            cards = self.cards
            ring = self.zones[PER_PLAYER * self.tp + RING]
            if sum(alignment[cards[c]] == r.alignment for c in ring) < r.ring_at_least:
                return False
        return True

    def action_to_string(self, action: int) -> str:
        """The notation; in the bury step a card from the hand reads ``bury <id>``."""
        if self.phase == PH_BURY and HAND <= action < self.game.codec.backlash:
            return f"bury {self.game.card_ids[(action - HAND) // 3]}"
        return self.game.action_to_string(action)

    def _explain_illegal(self, action: int) -> str:
        from .explain import explain

        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        ph = self.phase
        if ph == PH_MAIN:
            if action == END:
                self._end_turn(ev)
            elif action == ABILITY:
                self._use_ability(ev)
            elif action >= self.game.hot.target:
                self._tag_in(ev)
            elif action < self.game.hot.backlash:
                d, k = divmod(action - HAND, 3)
                self._play(PER_PLAYER * self.tp + HAND_ZONE, d, k, ev)
            else:
                d, k = divmod(action - self.game.hot.backlash, 3)
                self._play(PER_PLAYER * self.tp + BACKLASH, d, k, ev)
        elif ph == PH_REVERSAL:
            if action == END:
                self._resolve(ev)
            else:
                backlash = self.game.hot.backlash
                zone = HAND_ZONE if action < backlash else BACKLASH
                first = HAND if action < backlash else backlash
                self._reverse(PER_PLAYER * self.actor + zone, (action - first) // 3, ev)
        elif ph == PH_PREMATCH:
            self._prematch(action, ev)
        elif ph == PH_STUN:
            self._draw(self.tp, action - STUN, ev)
            self._end_turn(ev)
        elif ph == PH_TARGET:
            q = action - self.game.codec.target
            ev.append(note("target", self.tp, target=q))
            self._aim(q, ev)
        else:  # PH_BURY
            b = PER_PLAYER * self.actor
            card = self._take(b + HAND_ZONE, (action - HAND) // 3)
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            ev.append(move(card, b + HAND_ZONE, b + ARSENAL, self.actor))
            self.phase = PH_MAIN
        if self.gone >> self.tp & 1 and self.phase != PH_OVER:
            self._end_turn(ev)  # RD-9.3: the turn player is out: the turn ends at once
        return ev

    def _take(self, zone: int, d: int) -> int:
        """Take the first card of definition ``d`` out of ``zone``; return its instance."""
        z = self.zones[zone]
        cards = self.cards
        for i, card in enumerate(z):
            if cards[card] == d:
                self.zones[zone] = z[:i] + z[i + 1 :]
                return card
        raise ValueError(f"no card of definition {d} in zone {zone}")

    def _put(self, card: int, src: int, dst: int, ev: list[Event], player: int) -> None:
        self.zones[dst] += (card,)
        ev.append(_event(Event, ("move", player, card, src, dst, None, EVERYONE)))

    # ----- Pre-match -------------------------------------------------------------------------
    def _prematch(self, action: int, ev: list[Event]) -> None:
        """RD-2.3: alternate placing Pre-match cards; two passes in a row end the phase."""
        p = self.actor
        if action == END:
            self.passes += 1
        else:
            self.passes = 0
            b = PER_PLAYER * p
            d = (action - self.game.hot.backlash) // 3
            card = self._take(b + BACKLASH, d)
            self._put(card, b + BACKLASH, b + PREMATCH, ev, p)
            if self.game.tables.pm_draw[d]:
                self._draw(p, self.game.tables.pm_draw[d], ev)
        self.next_prematch((p + 1) % self.game.hot.n, ev)

    def next_prematch(self, q: int, ev: list[Event]) -> None:
        """Give player ``q`` the next Pre-match decision; a player with nothing to place
        passes at once; when every player has passed in a row the first turn starts. The
        Pre-match cards found are kept as the legal actions (nothing changes after this)."""
        n = self.game.hot.n
        for _ in range(n):
            if self.passes >= n:
                break
            self.actor = q
            cards = self._prematch_actions()
            if cards:
                self._legal = [END, *cards]
                return
            self.passes += 1
            q = (q + 1) % n
        self._first_turn(ev)

    def _first_turn(self, ev: list[Event]) -> None:
        """RD-2.4: the highest Superstar Value goes first; a tie: the first of the tied
        players in seat order from the one who started the Pre-match. RD-9.5: in a tag team
        match each team's higher Superstar Value (a tie: the lower seat) starts active, and
        the first player's team begins."""
        n = self.game.hot.n
        values = [self.superstar_value(p) for p in range(n)]
        order = [(self.tp + i) % n for i in range(n)]
        first = next(p for p in order if values[p] == max(values))
        if self.game.hot.tag:
            other = 1 - first % 2
            a, b = other, other + 2
            self.active = _by_team(first, b if values[b] > values[a] else a)
        ev.append(note("first_player", first))
        self._start_turn(first, ev)

    # ----- the turn --------------------------------------------------------------------------
    def _start_turn(self, p: int, ev: list[Event]) -> None:
        """RD-4.1 start-of-turn abilities, RD-4.2 the draw."""
        self.turn_no += 1
        if self.turn_no > self.game.hot.max_turns:
            self._game_over(DRAW, "turn limit", ev)
            return
        self.tp = self.actor = p
        self.phase = PH_MAIN
        self.ability_used = False
        self.tagged = False
        self.last_played = -1
        self.last_damage = 0
        self.bonus = (0, 0)
        self.rev_cost = 0
        ev.append(
            _event(Event, ("turn", p, NO_CARD, NO_ZONE, NO_ZONE, {"turn": self.turn_no}, EVERYONE))
        )
        carried = self.carry[p]
        if carried >= 0:  # RD-6.4 a set-up reversal counts for this turn's first card
            self.carry[p] = -1
            self.last_played = carried
            self._effects(p, p, self.game.tables.effects[carried], ev, setup_only=True)
        ability = self.abilities[p]
        if ability == A_START_OVERTURN:
            self._damage(self.next_opponent(p), 1, ev, from_card=False)
            if self.phase == PH_OVER:
                return
        elif ability == A_START_RECYCLE:
            b = pbase(p)
            if self.zones[b + RINGSIDE]:
                card = self.zones[b + RINGSIDE][-1]
                self.zones[b + RINGSIDE] = self.zones[b + RINGSIDE][:-1]
                self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
                ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))
        self._draw(p, 2 if ability == A_DRAW_TWO else 1, ev)

    def _draw(self, p: int, n: int, ev: list[Event]) -> None:
        """Draw up to ``n``; an empty Arsenal draws nothing and is no loss (RD-4.2)."""
        src = PER_PLAYER * p + ARSENAL
        dst = PER_PLAYER * p + HAND_ZONE
        z = self.zones
        arsenal = z[src]
        k = min(n, len(arsenal))
        if k <= 0:
            return
        drawn = arsenal[: -k - 1 : -1]  # the top k cards, in the order they are drawn
        z[src] = arsenal[:-k]
        z[dst] += drawn
        for card in drawn:
            ev.append(_event(Event, ("move", p, card, src, dst, None, EVERYONE)))

    def _use_ability(self, ev: list[Event]) -> None:
        """draw_and_bury: draw 1, then put 1 card from the hand under the Arsenal."""
        p = self.actor
        self.ability_used = True
        ev.append(note("ability", p))
        self._draw(p, 1, ev)
        if self.zones[pbase(p) + HAND_ZONE]:
            self.phase = PH_BURY

    def _tag_in(self, ev: list[Event]) -> None:
        """RD-9.5: the active member tags in the partner, who takes over the rest of the
        turn; the set-up chain of the turn is broken."""
        p = self.tp
        q = self.partner(p)
        self.tagged = True
        self.active = _by_team(q, self.active[1 - p % 2])
        self.tp = self.actor = q
        self.last_played = -1
        self.last_damage = 0
        self.bonus = (0, 0)
        self.rev_cost = 0
        ev.append(note("tag", p, partner=q))

    def _play(self, src: int, d: int, k: int, ev: list[Event]) -> None:
        """RD-4.4: a card is played: it waits in the playing area for its target (RD-9.2)
        and then the reversal window."""
        p = self.tp
        card = self._take(src, d)
        self.zones[PER_PLAYER * p + PLAYING] += (card,)
        ev.append(_event(Event, ("move", p, card, src, PER_PLAYER * p + PLAYING, None, EVERYONE)))
        data = {"card": self.game.card_ids[d], "as_type": ("maneuver", "action")[k]}
        ev.append(_event(Event, ("play", p, NO_CARD, NO_ZONE, NO_ZONE, data, EVERYONE)))
        self.pending_as = k
        self.pending_def = d
        self.pending_prev = self.last_played
        self.pending_from_hand = src % PER_PLAYER == HAND_ZONE
        if self.game.hot.n == 2:  # the one opponent (the card is legal, RD-4.5)
            self._aim(1 - p, ev)
            return
        targets = self._targets(p, d)
        if len(targets) > 1:
            self.phase = PH_TARGET
            first = self.game.codec.target
            self._legal = [first + q for q in targets]
            return
        self._aim(targets[0], ev)

    def _aim(self, o: int, ev: list[Event]) -> None:
        """RD-4.4, RD-9.2: the card being played is aimed at player ``o``: its damage with
        every modifier, then the reversal window of ``o``."""
        t = self.game.tables
        p = self.tp
        d = self.pending_def
        k = self.pending_as
        self.phase = PH_MAIN
        self.target = o
        bonus, mask = self.bonus
        dmg = 0
        if k == MANEUVER:
            dmg = t.damage[d]
            subtypes = t.subtypes[d]
            if bonus and (not mask or mask & subtypes):
                dmg += bonus
            for b2, m2 in self.ring_facts(p).bonuses:  # Pre-match damage bonuses
                if not m2 or m2 & subtypes:
                    dmg += b2
            dmg -= self.ring_facts(o).reduction
            if self.abilities[o] == A_TOUGH:
                dmg -= 1
            if dmg < 0:
                dmg = 0
        self.pending_damage = dmg
        self.bonus = (0, 0)
        if k == MANEUVER:  # RD-7.4: an extra reversal cost is for the next maneuver only
            self.pending_cost, self.rev_cost = self.rev_cost, 0
        self.reversals_left = 2 if t.multi[d] and k == MANEUVER else 1
        self._open_reversal_window(ev)

    def _open_reversal_window(self, ev: list[Event]) -> None:
        """RD-5.1: the defender may reverse the card being played; with no fitting reversal
        it resolves at once. The reversals found are kept as the legal actions (nothing
        changes after the window opens)."""
        self.actor = self.target
        reversals = self._reversal_actions()
        if reversals:
            self.phase = PH_REVERSAL
            self._legal = [END, *reversals]
            return
        self.actor = self.tp
        self._resolve(ev)

    def _reverse(self, src: int, rev: int, ev: list[Event]) -> None:
        """RD-5.3: a reversal from the hand or Backlash deck: its effects and damage; the
        reversed card goes to Ringside and the turn ends (a Multi card needs two)."""
        q = self.actor
        p = self.tp
        t = self.game.tables
        card = self._take(src, rev)
        self._put(card, src, pbase(q) + RING, ev, q)
        ev.append(note("reversal", q, card=self.game.card_ids[rev]))
        self._effects(q, p, t.reversal_effects[rev], ev)
        if t.setup[rev]:
            self.carry[q] = rev
        # RD-5.8 "#D": the damage of the card reversed
        dmg = t.damage[rev]
        if t.damage_as_reversed[rev]:
            dmg = self.pending_damage if self.pending_as == MANEUVER else 0
        if self.phase != PH_OVER and dmg and not self.gone >> p & 1:
            self._damage(p, dmg, ev, from_card=False)
        if self.phase == PH_OVER:
            return
        self.reversals_left -= 1
        if self.reversals_left > 0 and not self.gone >> p & 1:  # RD-6.5 Multi: one more
            self._open_reversal_window(ev)
            return
        played = self.zones[pbase(p) + PLAYING]
        for c in played:
            self._put(c, pbase(p) + PLAYING, pbase(p) + RINGSIDE, ev, p)
        self.zones[pbase(p) + PLAYING] = ()
        self._end_turn(ev)

    def _resolve(self, ev: list[Event]) -> None:
        """RD-4.6: not reversed: the card enters the Ring, its effects apply, then damage."""
        p = self.tp
        t = self.game.tables
        b = PER_PLAYER * p
        self.actor = p
        self.phase = PH_MAIN
        card = self.zones[b + PLAYING][0]
        d = self.cards[card]
        self.zones[b + PLAYING] = ()
        self.zones[b + RING] += (card,)
        ev.append(_event(Event, ("move", p, card, b + PLAYING, b + RING, None, EVERYONE)))
        self.last_played = d
        self.last_damage = self.pending_damage if self.pending_as == MANEUVER else 0
        if t.effects[d]:
            self._effects(p, self.target, t.effects[d], ev)
            if self.phase == PH_OVER or self.gone >> p & 1:
                return
        if self.pending_as == MANEUVER and self.pending_damage:
            stopped = self._damage(self.target, self.pending_damage, ev, from_card=True)
            if self.phase == PH_OVER:
                return
            if stopped:
                return
        if self.game.hot.ends_turn[d]:
            self._end_turn(ev)

    def _effects(
        self,
        p: int,
        opp: int,
        effects: tuple[Effect, ...],
        ev: list[Event],
        setup_only: bool = False,
    ) -> None:
        """RD-7: apply a card's effects for player ``p`` against opponent ``opp``."""
        for verb, amount, sub in effects:
            if verb == V_NEXT_BONUS:
                self.bonus = (amount, 0 if sub < 0 else 1 << sub)
            elif verb == V_NEXT_COST:
                self.rev_cost = amount
            elif setup_only:
                continue
            elif verb == V_DRAW:
                self._draw(p, amount, ev)
            elif verb == V_OPP_DISCARD:
                self._discard_at_random(opp, amount, ev)
            elif verb == V_PIN_OPPONENT:
                self._knock_out([opp], "pinfall", ev)
                if self.phase == PH_OVER:
                    return
            elif verb == V_OVERTURN_SELF:
                self._overturn_self(p, amount, ev)
                if self.phase == PH_OVER:
                    return
            elif verb == V_RECOVER:
                self._recover(p, amount, ev)

    def _discard_at_random(self, opp: int, amount: int, ev: list[Event]) -> None:
        """RD-7.2: ``opp`` discards ``amount`` cards at random from their hand to their Ringside."""
        b = pbase(opp)
        for _ in range(amount):
            hand = self.zones[b + HAND_ZONE]
            if not hand:
                break
            i = self.rng.below(len(hand))
            self.zones[b + HAND_ZONE] = hand[:i] + hand[i + 1 :]
            self._put(hand[i], b + HAND_ZONE, b + RINGSIDE, ev, opp)

    def _recover(self, p: int, amount: int, ev: list[Event]) -> None:
        """RD-7.6: ``p`` puts their ``amount`` newest Ringside cards under their Arsenal."""
        b = pbase(p)
        for _ in range(amount):
            if not self.zones[b + RINGSIDE]:
                break
            card = self.zones[b + RINGSIDE][-1]
            self.zones[b + RINGSIDE] = self.zones[b + RINGSIDE][:-1]
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))

    def _overturn_self(self, p: int, n: int, ev: list[Event]) -> None:
        """RD-7.5: player ``p`` overturns ``n`` cards of their own Arsenal, the cost of their
        own card and no damage (RD-8.1). With pinfall=seed they overturn what the Arsenal
        holds and are never pinned by it (an empty Arsenal is counted out at the end of the
        turn, RD-8.2); with pinfall=official a card that must be overturned from an empty
        Arsenal pins them."""
        src = PER_PLAYER * p + ARSENAL
        arsenal = self.zones[src]
        k = min(n, len(arsenal))
        ev.append(note("overturn", p, amount=n))
        self.zones[src] = arsenal[: len(arsenal) - k]
        for card in reversed(arsenal[len(arsenal) - k :]):  # the top card first
            self._put(card, src, PER_PLAYER * p + RINGSIDE, ev, p)
        if k < n and not self.game.hot.pinfall_seed:
            self._knock_out([p], "pinfall", ev)

    def _damage(self, victim: int, n: int, ev: list[Event], from_card: bool) -> bool:
        """RD-5.4: overturn ``n`` cards one at a time. With ``from_card`` a fitting reversal
        overturned from the Arsenal stops the damage and ends the turn (Stun Value may let
        the attacker draw); only with overturned_text=official do its reversal effects
        apply, on a card worded for it (RD-5.7). Returns whether the damage was stopped.
        RD-8.1 decides pins."""
        src = PER_PLAYER * victim + ARSENAL
        dst = PER_PLAYER * victim + RINGSIDE
        z = self.zones
        h = self.game.hot
        ev.append(
            _event(Event, ("damage", victim, NO_CARD, NO_ZONE, NO_ZONE, {"amount": n}, EVERYONE))
        )
        arsenal = z[src]
        if h.pinfall_seed and n >= len(arsenal) and n > 0:
            self._knock_out([victim], "pinfall", ev)
            return False
        # the cards to overturn, in order, up to the first fitting reversal (from_card): the
        # Arsenal reversals that fit the card by the cards alone may; nothing else that
        # decides whether they fit changes while cards are overturned
        top = arsenal[: -n - 1 : -1] if n > 0 else ()
        reversals = (
            h.answers(self.pending_def, self.pending_as).arsenal
            if from_card and self.pending_def >= 0
            else NO_REVERSALS
        )
        cards = self.cards
        fort: int | None = None
        stop = -1
        for i, card in enumerate(top):
            ev.append(_event(Event, ("move", victim, card, src, dst, None, EVERYONE)))
            if cards[card] in reversals:
                if fort is None:
                    fort = self.fortitude(victim)
                if self._fits(cards[card], fort):
                    stop = i
                    top = top[: i + 1]
                    break
        z[src] = arsenal[: len(arsenal) - len(top)]
        z[dst] += top
        if stop >= 0:
            d = self.cards[top[stop]]
            ev.append(note("reversed_from_arsenal", victim, card=self.game.card_ids[d]))
            if h.rev_overturned[d]:  # RD-5.7 (overturned_text=official): its effects apply
                self._effects(victim, self.tp, self.game.tables.reversal_effects[d], ev)
                if self.phase == PH_OVER or self.gone >> self.tp & 1:
                    return True
            stun = min(
                self.game.tables.stun[self.pending_def], len(z[PER_PLAYER * self.tp + ARSENAL])
            )
            if stop < n - 1 and stun:  # RD-5.5 Stun Value
                self.stun_max = stun
                self.phase = PH_STUN
                self.actor = self.tp
            else:
                self._end_turn(ev)
            return True
        if len(top) < n:  # the Arsenal ran out
            self._knock_out([victim], "pinfall", ev)
        return False

    def _end_turn(self, ev: list[Event]) -> None:
        """RD-4.7 end of turn; RD-8.2 count-out of every player still in the match; the
        next turn goes to the next player still in (RD-9.1)."""
        z = self.zones
        if self.game.hot.n == 2:  # the common case, without the loops
            out = [p for p in (0, 1) if not z[PER_PLAYER * p + ARSENAL]]
        else:
            out = [p for p in self.standing() if not z[PER_PLAYER * p + ARSENAL]]
        if out:
            self._knock_out(out, "count-out", ev)
            if self.phase == PH_OVER:
                return
        p = self.tp
        self._start_turn(self.active[1 - p % 2] if self.game.hot.tag else self.next_opponent(p), ev)

    def _knock_out(self, players: list[int], how: str, ev: list[Event]) -> None:
        """RD-8, RD-9.3: the players pinned or counted out leave the match. The game ends
        when one player (a tag team match: one team) is left, the winner; when nobody is
        left, it is a draw among those who went out together (or they all lose, by the
        option double_countout). In a tag team match the partner of an active member who
        goes out becomes active."""
        h = self.game.hot
        gone = self.gone
        for p in players:
            gone |= 1 << p
        left = [p for p in range(h.n) if not gone >> p & 1]
        sides = sorted({p % 2 for p in left}) if h.tag else left
        if not sides:
            both = self.game.options.double_countout
            self._game_over(DRAW if both == "draw" else BOTH_LOSE, "double " + how, ev)
            return
        self.gone = gone
        if len(sides) == 1:
            self._game_over(sides[0], how, ev)
            return
        for p in players:
            ev.append(note("eliminated", p, how=how))
        if h.tag:
            a, b = self.active
            self.active = (
                self.partner(a) if gone >> a & 1 else a,
                self.partner(b) if gone >> b & 1 else b,
            )

    def _game_over(self, winner: int, how: str, ev: list[Event]) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self._legal = []
        ev.append(note("game_over", max(winner, -1), how=how))

    # ----- views -----------------------------------------------------------------------------
    def _public_view(self, player: int | None) -> dict[str, Any]:
        cur = self.current_player()
        ids = self.game.card_ids
        playing = self.zones[pbase(self.tp) + PLAYING]
        seats = range(self.game.num_players)
        tag = self.game.hot.tag
        aimed = self.phase != PH_TARGET
        return {
            "game": "rawdeal",
            "player": player,
            "num_players": len(seats),
            "match": "tag" if tag else "free-for-all",
            "phase": PHASES[self.phase],
            "turn": self.turn_no,
            "turn_player": self.tp,
            "current_player": None if cur == TERMINAL else cur,
            "superstars": [ids[self.superstar(p)] for p in seats],
            "superstar_values": [self.superstar_value(p) for p in seats],
            "fortitude": [self.fortitude(p) for p in seats],
            "eliminated": [p for p in seats if self.gone >> p & 1],
            "active": list(self.active) if tag else None,
            "tagged": self.tagged,
            "playing": {
                "card": ids[self.cards[playing[0]]],
                "as": ("maneuver", "action")[self.pending_as],
                "target": self.target if aimed else None,
                "damage": self.pending_damage if aimed else None,
                "reversals_needed": self.reversals_left,
            }
            if playing
            else None,
            "last_played": ids[self.last_played] if self.last_played >= 0 else None,
            "setup_bonus": self.bonus[0],
            "ability_used": self.ability_used,
            "stun_max": self.stun_max if self.phase == PH_STUN else 0,
            "winner": self._winner_name(),
        }

    def _winner_name(self) -> int | str | None:
        """The observation's winner: a player, ``team 0`` or ``team 1`` (a tag team match),
        ``draw``, ``both lose``, or None before the end."""
        w = self.winner
        if w == -1:
            return None
        if w < 0:
            return "draw" if w == DRAW else "both lose"
        return f"team {w}" if self.game.hot.tag else w
