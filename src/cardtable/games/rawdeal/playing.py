"""Playing a card (RD-4.3 to RD-4.6, RD-5.1, RD-5.3): the maneuvers and actions a player may
play (RD-4.3, RD-3.5, RD-4.5 requirements, RD-6.1 uniqueness, RD-3.4, RD-9.5), the card
played and aimed (RD-4.4, RD-9.2) with its damage and modifiers (RD-6.2 set-up bonus, RD-7.8
Pre-match effects, RD-3.2 ``tough``, RD-7.4), the reversal window (RD-5.1), a reversal
played (RD-5.3, RD-5.8, RD-6.4 set-up, RD-6.5 Multi), and a card not reversed resolving
(RD-4.6, RD-7.7 ``end_turn``)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import EVERYONE, NO_CARD, NO_ZONE, Event, note

from .actions import ABILITY, AS, END, MANEUVER
from .match import (
    CHOICE_PHASES,
    PH_MAIN,
    PH_OVER,
    PH_REVERSAL,
    PH_TARGET,
    RESUME_REVERSAL,
    RESUME_START,
    RESUME_SUCCESS,
    Events,
    _event,
)
from .tables import (
    A_ACTIVATED,
    A_DAMAGE_REDUCTION,
    A_DRAW_BURY,
    A_LESS_DAMAGE,
    ABILITY_COST,
    KEEP,
    StarRules,
)
from .turn import TurnRules
from .zones import ARSENAL, BACKLASH, BACKSTAGE, PER_PLAYER, PLAYING, PREMATCH, RING, RINGSIDE
from .zones import HAND as HAND_ZONE


class PlayingRules(TurnRules):
    """RD-4.3 to RD-4.6 and RD-5.1, RD-5.3: a card from the hand or Backlash deck to the Ring
    (or, reversed, to the Ringside pile)."""

    __slots__ = ()

    def _main_actions(self) -> list[int]:
        """RD-4.3: maneuvers and actions from the hand, Mid-match cards, the ability, end.
        Sorted: END, ABILITY, the hand's plays by definition, then the Backlash deck's."""
        h = self.hot
        p = self.actor
        b = PER_PLAYER * p
        z = self.zones
        facts = self._facts[p]  # ring_facts(p), its common case inline
        if facts.ring is not z[b + RING] or facts.prematch is not z[b + PREMATCH]:
            facts = self.ring_facts(p)
        fort = facts.fortitude
        out = [END]
        if self.abilities[p] & A_ACTIVATED and not self.ability_used and self._ability_usable(p):
            out.append(ABILITY)
        need, conditional = h.need, h.conditional
        plays = h.hand_plays
        cards = self.cards
        # the hand changes between most decisions: its definitions are not worth keeping
        for d in sorted({cards[c] for c in z[b + HAND_ZONE]}):
            if need[d] <= fort and (d not in conditional or self._requirements_met(d, fort)):
                out += plays[d]
        if facts.midmatch < h.midmatch_limit:
            plays = h.midmatch_plays
            deck, defs = self._backlash[p]  # backlash_midmatch(p), its common case inline
            if deck is not z[b + BACKLASH]:
                defs = self.backlash_midmatch(p)
            for d in defs:
                if need[d] <= fort and (d not in conditional or self._requirements_met(d, fort)):
                    out += plays[d]
        if h.tag and not self.tagged and not self.gone >> self.partner(p) & 1:  # RD-9.5
            out.append(self.game.codec.tag)
        return out

    def _ability_usable(self, p: int) -> bool:
        """RD-4.3: ``draw_and_bury`` needs a card in the Arsenal; an ability that discards
        (RD-3.10, RD-3.11), the cards it discards in the hand."""
        ability = self.abilities[p] & A_ACTIVATED
        b = PER_PLAYER * p
        if ability == A_DRAW_BURY:
            return bool(self.zones[b + ARSENAL])
        return len(self.zones[b + HAND_ZONE]) >= ABILITY_COST[ability]

    def _requirements_met(self, d: int, fort: int) -> bool:
        """RD-4.5 requirements and RD-6.1 uniqueness in play of a card the actor, with
        Fortitude ``fort``, has the Fortitude for (RD-3.5)."""
        t = self.game.tables
        if t.req_after[d] != -1 and self.last_played != t.req_after[d]:
            return False
        if fort < t.fortitude[d] and not self._fortitude_met(d, fort):  # RD-6.7, RD-3.14 cuts
            return False
        if self._barred(d):  # RD-3.14
            return False
        z = self.zones
        if t.req_hand[d] and len(z[PER_PLAYER * self.actor + HAND_ZONE]) < t.req_hand[d]:
            return False
        if t.req_after_damage[d] and self.last_damage < t.req_after_damage[d]:
            return False
        if t.req_fort_over[d] and not self._targets(self.actor, d):
            return False
        if t.req_after_maneuver[d] and not self.last_maneuver & t.req_after_maneuver[d]:
            return False
        cards = self.cards
        if t.active[d] and any(cards[c] == d for c in z[PER_PLAYER * self.actor + RING]):
            return False
        return not (
            t.universal[d]
            and any(cards[c] == d for q in range(self.hot.n) for c in z[PER_PLAYER * q + RING])
        )

    def _fortitude_met(self, d: int, fort: int) -> bool:
        """RD-3.5 with the cuts: the actor's Superstar's card rule (RD-3.14) and the card's
        own bonus right after another card (RD-6.7)."""
        t = self.game.tables
        need = t.fortitude[d]
        rules = self._star_rules(self.actor)
        if rules is not None:
            need -= rules.cut.get(d, 0)
        ab = t.after_bonus[d]
        if ab is not None and ab.fortitude and fort < need and self._after_bonus_holds(d):
            need -= ab.fortitude
        return fort >= need

    def _star_rules(self, p: int) -> StarRules | None:
        """RD-3.14: the rules by title of player ``p``'s Superstar (None: none)."""
        backstage = self.zones[PER_PLAYER * p + BACKSTAGE]
        return self.game.tables.star_rules[self.cards[backstage[0]]] if backstage else None

    def _barred(self, d: int) -> bool:
        """RD-3.14: whether an opponent's Superstar forbids the actor to play ``d`` (a
        partner's does not)."""
        if d not in self.hot.barred:
            return False
        for q in self.opponents(self.actor):
            rules = self._star_rules(q)
            if rules is not None and d in rules.barred:
                return True
        return False

    def _after_bonus_holds(self, d: int) -> bool:
        """RD-6.7: whether the card played right before this turn is the one card ``d``'s
        bonus names."""
        ab = self.game.tables.after_bonus[d]
        if ab is None:
            return False
        if ab.after >= 0 or ab.after_named:
            last = self.last_played
            return last in ab.after_named or (ab.after >= 0 and last == ab.after)
        if ab.after_damage:
            return self.last_damage >= ab.after_damage
        return bool(self.last_maneuver & ab.after_maneuver)

    def _play(self, src: int, d: int, k: int, ev: Events) -> None:
        """RD-4.4: a card is played: it waits in the playing area for its target (RD-9.2)
        and then the reversal window."""
        p = self.tp
        card = self._take(src, d)
        self.zones[PER_PLAYER * p + PLAYING] += (card,)
        if ev is not None:
            dst = PER_PLAYER * p + PLAYING
            ev.append(_event(Event, ("move", p, card, src, dst, None, EVERYONE)))
            data = {"card": self.game.card_ids[d], "as_type": AS[k]}
            ev.append(_event(Event, ("play", p, NO_CARD, NO_ZONE, NO_ZONE, data, EVERYONE)))
        self.pending_as = k
        self.pending_def = d
        self.pending_prev = self.last_played
        self.pending_from_hand = src % PER_PLAYER == HAND_ZONE
        if self.hot.n == 2:  # the one opponent (the card is legal, RD-4.5)
            self._aim(1 - p, ev)
            return
        targets = self._targets(p, d)
        if len(targets) > 1:
            self.phase = PH_TARGET
            first = self.game.codec.target
            self._legal = [first + q for q in targets]
            return
        self._aim(targets[0], ev)

    def _aim(self, o: int, ev: Events) -> None:
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
            sub_mask = mask & ~KEEP
            if bonus and (not sub_mask or sub_mask & subtypes):
                dmg += bonus
            for b2, m2 in self.turn_bonuses:  # RD-7.20
                if not m2 or m2 & subtypes:
                    dmg += b2
            for b2, m2 in self.ring_facts(p).bonuses:  # Pre-match damage bonuses
                if not m2 or m2 & subtypes:
                    dmg += b2
            ab = t.after_bonus[d]
            if ab is not None and ab.damage and self._after_bonus_holds(d):  # RD-6.7
                dmg += ab.damage
            rb = t.ring_bonus[d]
            if rb is not None:  # RD-6.8
                ring = self.zones[PER_PLAYER * p + RING]
                dmg += rb[1] * sum(self.cards[c] in rb[0] for c in ring)
            dmg -= self.ring_facts(o).reduction
            if self.abilities[o] & A_LESS_DAMAGE:  # RD-3.2 tough, RD-3.9 damage_reduction
                dmg -= 1
            if dmg < 0:
                dmg = 0
        self.pending_damage = dmg
        # RD-7.25: the next card cannot be reversed, if a maneuver of at most the damage
        self.pending_unrev = k == MANEUVER and 0 <= dmg <= self.unrev_next
        self.unrev_next = -1
        if k == MANEUVER or not mask & KEEP:  # RD-7.18: kept through actions
            self.bonus = (0, 0)
        if k == MANEUVER:  # RD-7.4: an extra reversal cost is for the next maneuver only
            self.pending_cost, self.rev_cost = self.rev_cost + self.turn_cost, 0
        self.reversals_left = 2 if t.multi[d] and k == MANEUVER else 1
        self._open_reversal_window(ev)

    def _open_reversal_window(self, ev: Events) -> None:
        """RD-5.1: the defender may reverse the card being played. The window opens when a
        reversal of the card set could fit it by what everyone sees, whatever the defender
        holds (with reversal_window=when_able: only when they hold one); else the card
        resolves at once. The reversals found are kept as the legal actions (nothing changes
        after the window opens)."""
        self.actor = self.target
        reversals = [] if self.pending_unrev else self._reversal_actions()
        if reversals or (
            self.hot.window_always and not self.pending_unrev and self._reversal_possible()
        ):
            self.phase = PH_REVERSAL
            self._legal = [END, *reversals]
            return
        self.actor = self.tp
        self._resolve(ev)

    def _reverse(self, src: int, rev: int, ev: Events) -> None:
        """RD-5.3: a reversal from the hand or Backlash deck: its effects and damage; the
        reversed card goes to Ringside and the turn ends (a Multi card needs two)."""
        q = self.actor
        p = self.tp
        t = self.game.tables
        card = self._take(src, rev)
        self._put(card, src, PER_PLAYER * q + RING, ev, q)
        if ev is not None:
            ev.append(note("reversal", q, card=self.game.card_ids[rev]))
        self.resume = RESUME_REVERSAL
        self.source = rev
        self._effects(q, p, t.reversal_effects[rev], ev)
        if self.phase in CHOICE_PHASES:
            return  # a decision first (RD-7.10 to RD-7.15); then _reversal_done
        self._reversal_done(ev)

    def _reversal_done(self, ev: Events) -> None:
        """RD-5.3, after the reversal's effects: its damage, then the turn ends (a Multi card
        needs one more reversal, RD-6.5)."""
        q = self.actor
        p = self.tp
        t = self.game.tables
        rev = self.source
        if t.setup[rev]:
            self.carry[q] = rev
        # RD-5.8 "#D": the damage of the card reversed
        dmg = t.damage[rev]
        if t.damage_as_reversed[rev]:
            dmg = self.pending_damage if self.pending_as == MANEUVER else 0
        dmg += t.reversal_bonus[self.pending_def]  # RD-5.9
        if dmg and self.abilities[p] & A_DAMAGE_REDUCTION:  # RD-3.9
            dmg -= 1
        if self.phase != PH_OVER and dmg and not self.gone >> p & 1:
            self._damage(p, dmg, ev, from_card=False)
        if self.phase == PH_OVER:
            return
        self.reversals_left -= 1
        if self.reversals_left > 0 and not self.gone >> p & 1:  # RD-6.5 Multi: one more
            self._open_reversal_window(ev)
            return
        b = PER_PLAYER * p
        for c in self.zones[b + PLAYING]:
            self._put(c, b + PLAYING, b + RINGSIDE, ev, p)
        self.zones[b + PLAYING] = ()
        self._end_turn(ev)

    def _resolve(self, ev: Events) -> None:
        """RD-4.6: not reversed: the card enters the Ring, its effects apply (those of the
        type it was played as, RD-3.7), then damage."""
        p = self.tp
        t = self.game.tables
        b = PER_PLAYER * p
        self.actor = p
        self.phase = PH_MAIN
        card = self.zones[b + PLAYING][0]
        d = self.cards[card]
        self.zones[b + PLAYING] = ()
        self.zones[b + RING] += (card,)
        if ev is not None:
            ev.append(_event(Event, ("move", p, card, b + PLAYING, b + RING, None, EVERYONE)))
        self.last_played = d
        maneuver = self.pending_as == MANEUVER
        self.last_damage = self.pending_damage if maneuver else 0
        self.last_maneuver = t.subtypes[d] if maneuver else 0
        effects = t.success[d][self.pending_as]
        rules = self._star_rules(p)
        if rules is not None and d in rules.effects:  # RD-3.14: after the card's own
            effects += rules.effects[d]
        if effects:
            self.resume = RESUME_SUCCESS
            self.source = d
            self._effects(p, self.target, effects, ev)
            if self.phase != PH_MAIN or self.gone >> p & 1:
                return  # over, out of the match, or a decision first (RD-7.10)
        self._success_damage(ev)

    def _success_damage(self, ev: Events) -> None:
        """RD-4.6, after the effects: a maneuver's damage, then RD-7.7 ``end_turn``."""
        if self.pending_as == MANEUVER and self.pending_damage:
            stopped = self._damage(self.target, self.pending_damage, ev, from_card=True)
            if self.phase == PH_OVER or stopped:
                return
        if self.hot.ends_turn[self.pending_def][self.pending_as]:
            self._end_turn(ev)

    def _effects_done(self, ev: Events) -> None:
        """Effects that waited for a decision are done: the card's damage follows (RD-4.6),
        or the draw (RD-4.1), or the main segment goes on."""
        if self.gone >> self.tp & 1:
            return  # out of the match: the turn ends (rules._push)
        if self.resume == RESUME_SUCCESS:
            self._success_damage(ev)
        elif self.resume == RESUME_START:
            self._draw_segment(ev)
        elif self.resume == RESUME_REVERSAL:
            self._reversal_done(ev)
