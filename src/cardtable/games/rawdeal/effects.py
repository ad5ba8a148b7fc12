"""The effect vocabulary (RD-7): a card's effects, RD-7.1 ``draw``, RD-7.2 ``opp_discard``,
RD-7.3 ``next_bonus`` (a set-up bonus, RD-6.2), RD-7.4 ``next_reversal_cost``, RD-7.5
``overturn_self`` (with RD-8.1), RD-7.6 ``recover``, RD-7.9 ``pin_opponent`` and RD-7.11
``discard_self``; the effects that wait for the player's decision: RD-7.10 ``may``, RD-7.12
``discard``, RD-7.13 ``retrieve`` and RD-7.14 ``recover`` of cards of the player's choice,
RD-7.15 ``opp_discard`` of cards of the opponent's choice; or
only the set-up of a reversal carried into the next turn (RD-6.4)."""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from cardtable.core.events import NO_CARD, NO_ZONE, Event, move, note, reveal

from .actions import ABILITY, END, HAND
from .match import (
    CHOICE_PHASES,
    PH_DISCARD,
    PH_MAIN,
    PH_MAY,
    PH_OVER,
    PH_RECOVER,
    PH_RETRIEVE,
    PINFALL,
    Events,
    _event,
)
from .tables import (
    ARSENAL_CARD,
    CHOICE_VERBS,
    KEEP,
    NO_LIMIT,
    V_DISCARD,
    V_DISCARD_HAND,
    V_DISCARD_SELF,
    V_DRAW,
    V_JUMP,
    V_KEEP_BONUS,
    V_LOOK_HAND,
    V_MAY,
    V_NEXT_BONUS,
    V_NEXT_COST,
    V_NEXT_TURN,
    V_NEXT_TURN_COST,
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
    V_RETRIEVE,
    V_SEARCH,
    V_SHUFFLE,
    V_TURN_BONUS,
    V_TURN_COST,
    Effect,
)
from .winning import WinningRules
from .zones import ARSENAL, PER_PLAYER, RING, RINGSIDE, pbase
from .zones import HAND as HAND_ZONE

# the phase that asks for the cards of each choice verb, and the zone they are chosen from
CHOICE_PHASE = {V_DISCARD: PH_DISCARD, V_OPP_DISCARD_CHOICE: PH_DISCARD, V_RETRIEVE: PH_RETRIEVE}
HAND_VERBS = frozenset({V_DISCARD, V_OPP_DISCARD_CHOICE})  # the choices made from a hand
OPPONENT_VERBS = frozenset(
    {V_OPP_DRAW, V_OPP_OVERTURN, V_OPP_DISCARD, V_PIN_OPPONENT, V_LOOK_HAND, V_OPP_DISCARD_ALL}
)
LATER_VERBS = frozenset(
    {V_SEARCH, V_TURN_BONUS, V_NEXT_TURN, V_DISCARD_HAND, V_NEXT_UNREVERSIBLE, V_NO_ARSENAL}
)
CHOICE_ZONE = {PH_DISCARD: HAND_ZONE, PH_RETRIEVE: RINGSIDE, PH_RECOVER: RINGSIDE}


class EffectRules(WinningRules):
    """RD-7: what cards do besides damage."""

    __slots__ = ()

    def _carry_setup(self, effects: tuple[Effect, ...]) -> None:
        """RD-6.4: of a set-up carried into this turn, only its ``next_bonus`` and
        ``next_reversal_cost`` apply (not those a ``may`` offers: no choice is carried)."""
        i = 0
        while i < len(effects):
            verb, amount, sub = effects[i]
            if verb == V_NEXT_BONUS:
                self.bonus = (amount, 0 if sub < 0 else 1 << sub)
            elif verb == V_NEXT_COST:
                self.rev_cost = amount
            i += amount + 1 if verb == V_MAY else 1

    def _effects(self, p: int, opp: int, effects: tuple[Effect, ...], ev: Events) -> None:
        """RD-7: apply a card's effects for player ``p`` against opponent ``opp``. A decision
        (RD-7.10 to RD-7.14) stops them: the state then waits in a choice phase, the rest of
        the effects kept in ``queue`` (see ``_go_on``)."""
        for i, (verb, amount, sub) in enumerate(effects):
            if verb == V_JUMP:  # RD-7.29: the first of two was taken; not the second
                self._effects(p, opp, effects[i + 1 + amount :], ev)
                return
            if verb >= V_SHUFFLE:
                self._quiet_effect(p, verb, amount, sub, ev)
                continue
            if verb >= V_DISCARD_SELF:
                if verb == V_DISCARD_SELF:
                    self._discard_self(p, ev)
                    continue
                self._decide(p, opp, effects, i, ev)
                return
            if verb in OPPONENT_VERBS:
                self._opponent_effect(p, opp, verb, (amount, sub), ev)
            elif verb in LATER_VERBS:
                self._later_effect(p, opp, verb, (amount, sub), ev)
            elif verb == V_NEXT_BONUS:
                self.bonus = (amount, 0 if sub < 0 else 1 << sub)
            elif verb == V_NEXT_COST:
                self.rev_cost = amount
            elif verb == V_DRAW:
                self._draw(p, amount, ev)
            elif verb == V_OVERTURN_SELF:
                self._overturn_self(p, amount, ev)
            elif verb == V_RECOVER:
                self._recover(p, amount, ev)
            if self.phase == PH_OVER:
                return

    def _opponent_effect(
        self, p: int, opp: int, verb: int, numbers: tuple[int, int], ev: Events
    ) -> None:
        """The effects player ``p`` does to the opponent ``opp`` (``numbers``: the effect's
        amount and subtype field): RD-7.16 ``opp_draw``, RD-7.21 ``opp_overturn``, RD-7.2
        ``opp_discard`` at random, RD-7.9 ``pin_opponent``, RD-7.26 ``look_hand``, RD-7.27
        ``opp_discard_all``."""
        amount, sub = numbers
        if verb == V_LOOK_HAND:
            self._look_hand(p, opp, ev)
        elif verb == V_OPP_DISCARD_ALL:
            self._discard_all_of(opp, amount, sub, ev)
        elif verb == V_OPP_DRAW:
            self._draw(opp, amount, ev)
        elif verb == V_OPP_OVERTURN:
            self._overturn_self(opp, amount, ev)
        elif verb == V_OPP_DISCARD:
            self._discard_at_random(opp, amount, ev)
        elif verb == V_PIN_OPPONENT:
            self._knock_out([opp], PINFALL, ev)

    def _later_effect(
        self, p: int, opp: int, verb: int, numbers: tuple[int, int], ev: Events
    ) -> None:
        """The effects of the real sets' cards (``numbers``: the effect's amount and subtype
        field): RD-7.17 a search, RD-7.20 this turn's bonus, RD-7.23 a bonus for the player's
        next turn, RD-7.24 hands discarded, RD-7.25 the next card not to be reversed, RD-7.28
        no Arsenal reversals."""
        amount, sub = numbers
        if verb == V_SEARCH:
            self._search(p, sub, amount, ev)
        elif verb == V_TURN_BONUS:
            self.turn_bonuses += ((amount, 0 if sub < 0 else 1 << sub),)
        elif verb == V_NEXT_TURN:
            self._next_turn_bonus(p, amount, 0)
        elif verb == V_DISCARD_HAND:
            for q in ((p,), (opp,), (p, opp))[amount]:
                self._discard_whole_hand(q, ev)
        elif verb == V_NEXT_UNREVERSIBLE:
            self.unrev_next = NO_LIMIT if amount < 0 else amount
        elif verb == V_NO_ARSENAL:
            self.no_arsenal = True

    def _look_hand(self, p: int, opp: int, ev: Events) -> None:
        """RD-7.26: player ``p`` sees ``opp``'s hand; its cards are known to ``p`` (where
        they are, until they move out of what ``p`` saw)."""
        hand = self.zones[pbase(opp) + HAND_ZONE]
        known = list(self.known)
        known[p] = known[p] | frozenset(hand)
        self.known = tuple(known)
        if ev is not None:
            ids = self.game.card_ids
            seen = {"target": opp, "cards": [ids[self.cards[c]] for c in hand]}
            ev.append(note("look_hand", p, target=opp))
            ev.append(_event(Event, ("seen_hand", p, NO_CARD, NO_ZONE, NO_ZONE, seen, p)))

    def _discard_all_of(self, opp: int, by_title: int, which: int, ev: Events) -> None:
        """RD-7.27: ``opp`` discards every card of their hand of an alignment (``which``: an
        index of ALIGNMENTS) or of a definition (``by_title``)."""
        alignment = self.game.tables.alignment
        cards = self.cards
        b = pbase(opp)
        hand = self.zones[b + HAND_ZONE]
        out = [c for c in hand if (cards[c] if by_title else alignment[cards[c]]) == which]
        self.zones[b + HAND_ZONE] = tuple(c for c in hand if c not in out)
        for card in out:
            self._put(card, b + HAND_ZONE, b + RINGSIDE, ev, opp)

    def _next_turn_bonus(self, p: int, damage: int, cost: int) -> None:
        """RD-7.23: add to player ``p``'s bonus for their next turn."""
        d0, c0 = self.next_turn[p]
        bonus = (d0 + damage, c0 + cost)
        self.next_turn = tuple(bonus if q == p else b for q, b in enumerate(self.next_turn))

    def _discard_whole_hand(self, q: int, ev: Events) -> None:
        """RD-7.24: every card of ``q``'s hand to their Ringside pile."""
        b = pbase(q)
        hand = self.zones[b + HAND_ZONE]
        self.zones[b + HAND_ZONE] = ()
        for card in hand:
            self._put(card, b + HAND_ZONE, b + RINGSIDE, ev, q)

    def _quiet_effect(self, p: int, verb: int, amount: int, sub: int, ev: Events) -> None:
        """The verbs of the compiled tables only that ask nothing: RD-7.19 the shuffle after
        a ``shuffle_in``, RD-7.18 a bonus kept to the next maneuver, RD-7.20 a turn's extra
        reversal cost."""
        if verb == V_SHUFFLE:
            self._shuffle_arsenal(p, ev)
        elif verb == V_KEEP_BONUS:
            self.bonus = (amount, (0 if sub < 0 else 1 << sub) | KEEP)
        elif verb == V_TURN_COST:
            self.turn_cost += amount
        elif verb == V_NEXT_TURN_COST:
            self._next_turn_bonus(p, 0, amount)

    # ----- decisions (RD-7.10 to RD-7.14) ---------------------------------------------------
    def _decide(self, p: int, opp: int, effects: tuple[Effect, ...], i: int, ev: Events) -> None:
        """Effect ``i`` of ``effects`` asks player ``p`` a decision: a ``may`` (RD-7.10) or
        the cards of their choice (RD-7.12 to RD-7.14). A ``may`` that begins with a choice
        asks it at once, with declining as one more answer; one whose first choice cannot be
        made (no card to choose, fewer cards in hand than it discards) is passed over, as is
        a choice with no card to choose."""
        verb, amount, _ = effects[i]
        if verb != V_MAY:
            if self._choosable(opp if verb == V_OPP_DISCARD_CHOICE else p, verb, amount):
                self._wait(p, opp, effects[i], effects[i + 1 :], -1)
            else:
                self._effects(p, opp, effects[i + 1 :], ev)
            return
        offer, rest = effects[i + 1 : i + 1 + amount], effects[i + 1 + amount :]
        head = offer[0]
        if head[0] not in CHOICE_VERBS:
            self._wait(p, opp, (V_MAY, amount, -1), offer + rest, amount)
        elif self._choosable(p, head[0], head[1]) >= (head[1] if head[0] == V_DISCARD else 1):
            self._wait(p, opp, head, offer[1:] + rest, amount - 1)
        else:
            self._effects(p, opp, rest, ev)

    def _choosable(self, p: int, verb: int, amount: int) -> int:
        """How many cards a choice verb can take now from player ``p``'s cards: at most
        ``amount``."""
        if verb in HAND_VERBS:
            return min(amount, len(self.zones[pbase(p) + HAND_ZONE]))
        return min(amount, len(self._ringside_arsenal(p)))

    def _ringside_arsenal(self, p: int) -> list[int]:
        """RD-3.4: the cards of player ``p``'s Ringside pile that may go to the hand or the
        Arsenal (Arsenal cards; a Mid-match card never does), oldest first."""
        kind = self.game.tables.kind
        cards = self.cards
        return [c for c in self.zones[pbase(p) + RINGSIDE] if kind[cards[c]] == ARSENAL_CARD]

    def _wait(self, p: int, opp: int, ask: Effect, queue: tuple[Effect, ...], skip: int) -> None:
        """Wait for the decision ``ask`` about player ``p``'s effects (made by ``p``, or by
        ``opp`` for their own discard, RD-7.15), then apply ``queue``; declining (``skip`` >=
        0) drops its first ``skip`` effects."""
        verb, amount, _ = ask
        chooser = opp if verb == V_OPP_DISCARD_CHOICE else p
        self.phase = PH_MAY if verb == V_MAY else CHOICE_PHASE.get(verb, PH_RECOVER)
        self.choice_left = 0 if verb == V_MAY else self._choosable(chooser, verb, amount)
        self.actor = chooser
        self.owner = p
        self.queue = queue
        self.queue_opp = opp
        self.skip = skip

    def _choice_actions(self) -> list[int]:
        """The answers in a choice phase: ``end`` to decline (when the effects may be
        declined now), ``ability`` to take what a ``may`` offers, or each card of the zone
        chosen from (by definition, as ``HAND + 3d``)."""
        out = [END] if self.skip >= 0 else []
        if self.phase == PH_MAY:
            return [*out, ABILITY]  # take it
        cards = self.cards
        return out + sorted({HAND + 3 * cards[c] for c in self._choice_cards()})

    def _choose(self, action: int, ev: Events) -> None:
        """The decision in a choice phase: decline, take the offer, or a card chosen; the
        effects go on when nothing is left to choose."""
        if action == END:
            if ev is not None:
                ev.append(note("decline", self.actor))
            self.queue = self.queue[self.skip :]
            self.choice_left = 0
        elif self.phase != PH_MAY:
            self._move_chosen((action - HAND) // 3, ev)
            self.choice_left -= 1
        self.skip = -1
        if self.choice_left > 0 and self._choice_cards():
            return
        self._go_on(ev)

    def _choice_cards(self) -> Sequence[int]:
        """The cards the choice phase chooses from: the hand to discard, the Arsenal cards of
        the Ringside pile to retrieve or recover (RD-3.4)."""
        if self.phase == PH_DISCARD:
            return self.zones[pbase(self.actor) + HAND_ZONE]
        return self._ringside_arsenal(self.actor)

    def _move_chosen(self, d: int, ev: Events) -> None:
        """A card of definition ``d`` chosen: discarded from the hand (RD-7.12), or from the
        Ringside pile into the hand (RD-7.13) or on the bottom of the Arsenal (RD-7.14)."""
        p = self.actor
        b = pbase(p)
        src = b + CHOICE_ZONE[self.phase]
        card = self._take(src, d)
        if self.phase != PH_DISCARD:  # from the Ringside pile, in everyone's sight
            self._learn(card)
        if self.phase == PH_RECOVER:
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            if ev is not None:
                ev.append(move(card, src, b + ARSENAL, p))
            return
        self._put(card, src, b + (RINGSIDE if self.phase == PH_DISCARD else HAND_ZONE), ev, p)

    def _go_on(self, ev: Events) -> None:
        """The effects that waited for a decision go on; when they are done, what they were
        part of goes on too (``_effects_done``)."""
        effects, self.queue = self.queue, ()
        self.phase = PH_MAIN
        self.actor = self.owner
        self._effects(self.owner, self.queue_opp, effects, ev)
        if self.phase in CHOICE_PHASES or self.phase == PH_OVER:
            return
        self._effects_done(ev)

    @abstractmethod
    def _effects_done(self, ev: Events) -> None:
        """What follows effects that waited for a decision (``resume``: the rest of a card's
        success, of the start of the turn, or the main segment; playing.py)."""

    def _discard_self(self, p: int, ev: Events) -> None:
        """RD-7.11: the card just played successfully goes from the Ring to the Ringside pile
        (it no longer adds to the Fortitude Rating)."""
        b = pbase(p)
        ring = self.zones[b + RING]
        if ring and self.cards[ring[-1]] == self.last_played:
            self.zones[b + RING] = ring[:-1]
            self._put(ring[-1], b + RING, b + RINGSIDE, ev, p)

    def _discard_at_random(self, opp: int, amount: int, ev: Events) -> None:
        """RD-7.2: ``opp`` discards ``amount`` cards at random from their hand to their Ringside."""
        b = pbase(opp)
        for _ in range(amount):
            hand = self.zones[b + HAND_ZONE]
            if not hand:
                break
            i = self.rng.below(len(hand))
            self.zones[b + HAND_ZONE] = hand[:i] + hand[i + 1 :]
            self._put(hand[i], b + HAND_ZONE, b + RINGSIDE, ev, opp)

    def _recover(self, p: int, amount: int, ev: Events) -> None:
        """RD-7.6: ``p`` puts their ``amount`` newest Ringside cards under their Arsenal
        (Arsenal cards only, RD-3.4)."""
        b = pbase(p)
        for card in reversed(self._ringside_arsenal(p)[-amount:] if amount > 0 else []):
            self.zones[b + RINGSIDE] = tuple(c for c in self.zones[b + RINGSIDE] if c != card)
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            self._learn(card)
            if ev is not None:
                ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))

    def _search(self, p: int, d: int, ringside: int, ev: Events) -> None:
        """RD-7.17: player ``p`` takes a card ``d`` into their hand, shown to everyone, from
        their Ringside pile (with ``ringside``; Arsenal cards only, RD-3.4) or else their
        Arsenal; then their Arsenal is shuffled (found or not)."""
        b = pbase(p)
        from_ringside = ringside and self.game.tables.kind[d] == ARSENAL_CARD
        zones = (RINGSIDE, ARSENAL) if from_ringside else (ARSENAL,)
        found = next(
            ((z, c) for z in zones for c in reversed(self.zones[b + z]) if self.cards[c] == d),
            None,
        )
        if found is not None:
            z, card = found
            self.zones[b + z] = tuple(c for c in self.zones[b + z] if c != card)
            self.zones[b + HAND_ZONE] += (card,)
            self._learn(card)
            if ev is not None:
                ev.append(move(card, b + z, b + HAND_ZONE, p))
                ev.append(reveal(card, p))
        self._shuffle_arsenal(p, ev)

    def _shuffle_arsenal(self, p: int, ev: Events) -> None:
        """Player ``p``'s Arsenal in a new random order: where its cards lie is known to
        nobody any more."""
        src = pbase(p) + ARSENAL
        arsenal = self.zones[src]
        self.zones[src] = self.rng.shuffled(arsenal)
        gone = frozenset(arsenal)
        self.known = tuple(k - gone for k in self.known)
        if ev is not None:
            ev.append(note("shuffle", p))

    def _overturn_self(self, p: int, n: int, ev: Events) -> None:
        """RD-7.5: player ``p`` overturns ``n`` cards of their own Arsenal, the cost of their
        own card and no damage (RD-8.1). With pinfall=seed they overturn what the Arsenal
        holds and are never pinned by it (an empty Arsenal is counted out at the end of the
        turn, RD-8.2); with pinfall=official a card that must be overturned from an empty
        Arsenal pins them."""
        src = PER_PLAYER * p + ARSENAL
        arsenal = self.zones[src]
        k = min(n, len(arsenal))
        if ev is not None:
            ev.append(note("overturn", p, amount=n))
        self.zones[src] = arsenal[: len(arsenal) - k]
        for card in reversed(arsenal[len(arsenal) - k :]):  # the top card first
            self._put(card, src, PER_PLAYER * p + RINGSIDE, ev, p)
        if k < n and not self.hot.pinfall_seed:
            self._knock_out([p], PINFALL, ev)
