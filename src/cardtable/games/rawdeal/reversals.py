"""Which reversals fit (RD-5): the defender's reversals from the hand and the Backlash deck
(RD-5.1, RD-3.4); whether any reversal of the card set could fit by what everyone sees (the
window opens then, RD-5.1); and what the moment decides of a reversal that fits the card
being played by the cards alone: its damage, the card before it, the cost (RD-5.2, RD-7.4),
where the card came from and the attacker's Ring (RD-5.6). Playing one is in playing.py; one
overturned from the Arsenal, in damage.py."""
# cardtable: compile

from __future__ import annotations

from abc import abstractmethod

from .actions import HAND, MANEUVER, REVERSAL
from .match import MatchState
from .zones import BACKLASH, PER_PLAYER, RING
from .zones import HAND as HAND_ZONE

NONE: frozenset[int] = frozenset()  # no definitions


class ReversalRules(MatchState):
    """RD-5.1, RD-5.2, RD-5.6: the reversals that fit, and whether one could."""

    __slots__ = ()

    def _reversal_actions(self) -> list[int]:
        """RD-5.1: the defender's reversals that fit the card being played."""
        if self.pending_def < 0:
            return []
        h = self.hot
        answers = h.known_answers[2 * self.pending_def + self.pending_as] or h.answers(
            self.pending_def, self.pending_as
        )
        q = self.actor  # the defender
        b = PER_PLAYER * q
        z = self.zones
        # the defender's hand has mostly changed since the last card played, the Backlash
        # deck seldom (backlash_midmatch, its common case inline)
        hand: set[int] | frozenset[int] = NONE
        if answers.hand:
            cards = self.cards
            hand = {cards[c] for c in z[b + HAND_ZONE]} & answers.hand
        backlash = NONE
        if answers.backlash:
            deck, defs = self._backlash[q]
            if deck is not z[b + BACKLASH]:
                defs = self.backlash_midmatch(q)
            if defs:
                backlash = answers.backlash.intersection(defs)
        if not hand and not backlash:
            return []
        facts = self.ring_facts(q)
        out: list[int] = []
        for d in sorted(hand) if len(hand) > 1 else hand:
            if self._fits(d, facts.fortitude):
                out.append(HAND + 3 * d + REVERSAL)
        if facts.midmatch >= h.midmatch_limit:
            return out  # RD-3.4: no Mid-match reversal from the Backlash deck at the limit
        for d in sorted(backlash) if len(backlash) > 1 else backlash:
            if self._fits(d, facts.fortitude):
                out.append(h.backlash + 3 * d + REVERSAL)
        return out

    def _reversal_possible(self) -> bool:
        """RD-5.1: whether a reversal of the card set could fit the card being played, judged
        by what everyone sees: the card, its damage and extra cost, the card played before
        it, the defender's Fortitude and the Rings; never by the defender's hand or Backlash
        deck, so that the window opening tells nobody what they hold."""
        h = self.hot
        answers = h.known_answers[2 * self.pending_def + self.pending_as] or h.answers(
            self.pending_def, self.pending_as
        )
        if not answers.playable:
            return False
        facts = self.ring_facts(self.actor)
        backlash_open = facts.midmatch < h.midmatch_limit  # RD-3.4
        midmatch = h.midmatch_defs
        fort = facts.fortitude
        for rev in answers.playable:
            if (backlash_open or rev not in midmatch) and self._fits(rev, fort):
                return True
        return False

    def _fits(self, rev: int, fort: int) -> bool:
        """RD-5.2, what the moment decides of reversal ``rev``, which fits the card being
        played by the cards alone (HotTables.answers): the damage, the card played before it,
        and the cost against the defender's Fortitude ``fort``."""
        h = self.hot
        maneuver = self.pending_as == MANEUVER
        if maneuver and self.pending_damage > h.rev_max_damage[rev]:
            return False
        if h.rev_after[rev] != -1 and self.pending_prev != h.rev_after[rev]:
            return False
        if rev in h.rev_moment and not self._moment_fits(rev):
            return False
        if rev in h.barred and self._barred(rev):  # RD-3.14: no reversal of a barred title
            return False
        return h.fortitude[rev] + (self.pending_cost if maneuver else 0) <= fort

    @abstractmethod
    def _barred(self, d: int) -> bool:
        """RD-3.14: whether an opponent's Superstar forbids the actor to play ``d``."""

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
