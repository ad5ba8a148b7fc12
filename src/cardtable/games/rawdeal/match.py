"""A Raw Deal match in progress: the state's fields, its phases, and the facts read off the
zones; the base of the rules' parts (see rules.py).

Holds RD-2.1 (Superstar Value), RD-3.5 (the Fortitude Rating, with the Pre-match cards and the
Mid-match cards in the Ring kept as :class:`RingFacts`, RD-3.4), the Backlash deck's Mid-match
cards, and moving cards: taking, putting and RD-4.2 drawing. The Superstars' abilities are
looked up once per state.
"""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardtable.core.events import EVERYONE, Event
from cardtable.core.state import TERMINAL, State

from .tables import MIDMATCH_CARD, Effect
from .zones import ARSENAL, BACKLASH, BACKSTAGE, PER_PLAYER, PREMATCH, RING
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from .game import RawDealGame
    from .hot import HotTables

PH_PREMATCH, PH_MAIN, PH_REVERSAL, PH_STUN, PH_BURY, PH_OVER, PH_TARGET = range(7)
# the player's decisions in the middle of effects (RD-7.10 to RD-7.15): take the effects a
# card offers or decline them; the cards of their choice to discard (the player's, or the
# opponent's, RD-7.15), to put into the hand from Ringside, to put from Ringside on the
# bottom of the Arsenal
PH_MAY, PH_DISCARD, PH_RETRIEVE, PH_RECOVER = range(7, 11)
PHASES = (
    "pre-match",
    "main",
    "reversal window",
    "stun draw",
    "bury",
    "over",
    "target",
    "may",
    "discard",
    "retrieve",
    "recover",
)
CHOICE_PHASES = frozenset({PH_MAY, PH_DISCARD, PH_RETRIEVE, PH_RECOVER})
# what follows effects that waited for a decision: the rest of a card's success (its damage,
# RD-4.6), the rest of the start of the turn (the draw, RD-4.1), the main segment again, or
# the rest of a reversal (its damage and the end of the turn, RD-5.3)
RESUME_SUCCESS, RESUME_START, RESUME_MAIN, RESUME_REVERSAL = range(4)
DRAW, BOTH_LOSE = -2, -3  # the winner of a drawn match, and of a double loss
# the observation's words: the kind of match (free-for-all, 2-on-2 tag: by HotTables.tag);
# how a match ended (RD-8: a player or team knocked out last, the turn limit, the last
# players knocked out together); the winner of a tag team match by team, and of no one
MATCHES = ("free-for-all", "tag")
PINFALL, COUNT_OUT, TURN_LIMIT, DOUBLE = "pinfall", "count-out", "turn limit", "double "
KNOCK_OUTS = (PINFALL, COUNT_OUT)
ENDINGS = (*KNOCK_OUTS, TURN_LIMIT, *(DOUBLE + how for how in KNOCK_OUTS))
TEAMS = ("team 0", "team 1")
NO_WINNER = {DRAW: "draw", BOTH_LOSE: "both lose"}


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
_tuple_new = tuple.__new__  # builds a NamedTuple from a tuple of its fields
# The events an action builds, in order; None where the caller wants none (State.push, and
# the deal): the rules then build no event at all.
Events = list[Event] | None


class MatchState(State):
    """The fields of a Raw Deal state and the facts every part of the rules reads; the parts
    (reversals, multiplayer, winning, effects, damage, the turn, playing a card, setup) are a
    chain over it, each extending the one before, up to
    :class:`~cardtable.games.rawdeal.rules.RawDealState`."""

    __slots__ = (
        "_backlash",
        "_facts",
        "abilities",
        "ability_used",
        "active",
        "actor",
        "bonus",
        "carry",
        "choice_left",
        "gone",
        "hot",
        "how_ended",
        "known",
        "last_damage",
        "last_maneuver",
        "last_played",
        "next_turn",
        "no_arsenal",
        "owner",
        "passes",
        "pending_as",
        "pending_cost",
        "pending_damage",
        "pending_def",
        "pending_from_hand",
        "pending_prev",
        "pending_unrev",
        "phase",
        "queue",
        "queue_opp",
        "resume",
        "rev_cost",
        "reversals_left",
        "skip",
        "source",
        "stun_max",
        "tagged",
        "target",
        "tp",
        "turn_bonuses",
        "turn_cost",
        "turn_no",
        "unrev_next",
        "winner",
    )

    game: RawDealGame
    hot: HotTables  # game.hot, kept here: one lookup less on every hot path

    def _init_fields(self) -> None:
        self.hot = self.game.hot
        self.phase = PH_PREMATCH
        self.tp = 0  # the turn player (in Pre-match: who started it)
        self.actor = 0
        self.passes = 0
        self.turn_no = 0
        self.ability_used = False
        self.last_played = -1  # definition of the card played last this turn
        self.last_damage = 0
        self.last_maneuver = 0  # subtype mask of the card played last, if as a maneuver
        self.bonus = (0, 0)  # set-up bonus for the next card: (damage, subtype mask 0: any)
        self.rev_cost = 0  # extra F for reversals to the next maneuver
        # RD-7.20: this turn's bonuses to maneuvers, (damage, subtype mask 0: any), and the
        # extra F for reversals to them
        self.turn_bonuses: tuple[tuple[int, int], ...] = ()
        self.turn_cost = 0
        # RD-7.23: each player's bonus for their next turn, (damage, extra reversal F)
        self.next_turn: tuple[tuple[int, int], ...] = ((0, 0),) * self.game.num_players
        # RD-7.25: the next card, a maneuver of at most this damage, cannot be reversed (-1:
        # no such effect); and whether the card being played cannot be so
        self.unrev_next = -1
        self.pending_unrev = False
        self.no_arsenal = False  # RD-7.28: this turn no overturned reversal stops a maneuver
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
        # effects waiting for a decision (RD-7.10): the effects still to apply, against whom,
        # what follows them (RESUME_*), how many of them a decline drops (-1: no decline
        # now), the cards still to choose, and the card (or Superstar) they come from; whose
        # effects they are (``owner``: the ``actor`` deciding is the opponent, RD-7.15)
        self.queue: tuple[Effect, ...] = ()
        self.queue_opp = 0
        self.owner = 0
        self.resume = RESUME_MAIN
        self.skip = -1
        self.choice_left = 0
        self.source = -1
        self.winner = -1  # a player; in a tag team match a team; or DRAW, BOTH_LOSE
        self.how_ended = ""  # at the end: pinfall, count-out, turn limit, double ...
        self.abilities = (0,) * n  # each Superstar's ability: see _cache_abilities
        # caches of facts derived from zones, per player (see ring_facts and backlash_midmatch);
        # tuples that are replaced, not changed, so that clones share them
        self._facts: tuple[RingFacts, ...] = (NO_FACTS,) * n
        self._backlash: tuple[ZoneDefs, ...] = (((), ()),) * n
        # cards in hidden zones whose identity is known all the same (resample leaves them
        # where they lie): ``known[p]`` to player p alone (a card p buried), ``known[n]`` to
        # everyone (a card taken back from the Ringside pile)
        self.known: tuple[frozenset[int], ...] = (frozenset(),) * (n + 1)

    def _cache_abilities(self) -> None:
        """Look the Superstars' abilities up once: after the deal, and after zones are pinned
        (in play a Superstar never changes). An empty Backstage area has ability 'none'."""
        t = self.game.tables
        z = self.zones
        self.abilities = tuple(
            t.ability[self.cards[z[PER_PLAYER * p + BACKSTAGE][0]]]
            if z[PER_PLAYER * p + BACKSTAGE]
            else 0
            for p in range(self.game.num_players)
        )

    def pin_zones(self, pins: dict[str, list[str]]) -> None:
        """Set zones for scenarios and tests (see State.pin_zones); the Superstars' abilities
        are looked up again."""
        super().pin_zones(pins)
        self._cache_abilities()

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, type(self))
        other.hot = self.hot
        other.phase = self.phase
        other.tp = self.tp
        other.actor = self.actor
        other.passes = self.passes
        other.turn_no = self.turn_no
        other.ability_used = self.ability_used
        other.last_played = self.last_played
        other.last_damage = self.last_damage
        other.last_maneuver = self.last_maneuver
        other.bonus = self.bonus
        other.rev_cost = self.rev_cost
        other.turn_bonuses = self.turn_bonuses
        other.turn_cost = self.turn_cost
        other.next_turn = self.next_turn
        other.unrev_next = self.unrev_next
        other.pending_unrev = self.pending_unrev
        other.no_arsenal = self.no_arsenal
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
        other.queue = self.queue
        other.queue_opp = self.queue_opp
        other.owner = self.owner
        other.resume = self.resume
        other.skip = self.skip
        other.choice_left = self.choice_left
        other.source = self.source
        other.winner = self.winner
        other.how_ended = self.how_ended
        other.abilities = self.abilities
        other._facts = self._facts
        other._backlash = self._backlash
        other.known = self.known

    def _known_hidden(self, player: int) -> frozenset[int]:
        """Cards ``player`` knows in zones they cannot see: those everyone saw go back from
        the Ringside pile (RD-7.6, RD-7.13, RD-7.14), and those ``player`` buried (RD-4.3)."""
        return self.known[-1] | self.known[player]

    def _learn(self, card: int, player: int = -1) -> None:
        """``card`` goes into a hidden zone known to ``player`` alone (-1: to everyone)."""
        known = list(self.known)
        if player < 0:
            known[-1] = known[-1] | {card}
        else:  # no longer known to the others; what they saw of the hand it left (RD-7.26)
            # is forgotten whole, so that which card left tells them nothing
            hidden = {card, *self.zones[PER_PLAYER * player + HAND_ZONE]}
            known = [k - hidden if q != player else k for q, k in enumerate(known)]
            known[player] = known[player] | {card}
        self.known = tuple(known)

    def current_player(self) -> int:
        """The player to decide, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.actor

    def is_terminal(self) -> bool:
        """Whether the game is over (as State.is_terminal, without the call)."""
        return self.phase == PH_OVER

    def superstar(self, p: int) -> int:
        """The definition of a player's Superstar."""
        return self.cards[self.zones[PER_PLAYER * p + BACKSTAGE][0]]

    def ability(self, p: int) -> int:
        """A player's Superstar abilities (a bit mask of tables.A_*, RD-3.8)."""
        return self.abilities[p]

    def superstar_value(self, p: int) -> int:
        """Superstar Value with the Enforcer's addition (RD-2.1) and that of the player's
        Pre-match cards (RD-2.4)."""
        t, b, cards = self.game.tables, PER_PLAYER * p, self.cards
        printed = sum(t.value[cards[c]] for c in self.zones[b + BACKSTAGE])
        return printed + sum(t.pm_value[cards[c]] for c in self.zones[b + PREMATCH])

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
        # RingFacts(...), without the call of its Python-level __new__
        facts = _tuple_new(RingFacts, (ring, prematch, fort, mids, bonuses, reduction))
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
        defs = tuple(sorted({cards[c] for c in z} & self.hot.midmatch_defs))
        entry = (z, defs)
        b = self._backlash
        self._backlash = (*b[:p], entry, *b[p + 1 :])
        return defs

    def _take(self, zone: int, d: int) -> int:
        """Take the first card of definition ``d`` out of ``zone``; return its instance."""
        z = self.zones[zone]
        cards = self.cards
        for i, card in enumerate(z):
            if cards[card] == d:
                self.zones[zone] = z[:i] + z[i + 1 :]
                return card
        raise ValueError(f"no card of definition {d} in zone {zone}")

    def _put(self, card: int, src: int, dst: int, ev: Events, player: int) -> None:
        self.zones[dst] += (card,)
        if ev is not None:
            ev.append(_event(Event, ("move", player, card, src, dst, None, EVERYONE)))

    def _draw(self, p: int, n: int, ev: Events) -> None:
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
        if ev is not None:
            for card in drawn:
                ev.append(_event(Event, ("move", p, card, src, dst, None, EVERYONE)))
