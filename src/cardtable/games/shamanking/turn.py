"""The defender's turn: the legal actions and what each one does, the Opening Attack, the
cleanup, the flips zone by zone, passing and focusing.

Holds SK-2.5 (the Opening Attack), SK-4.1 (the turn), SK-4.2 (cleanup), SK-4.4 (flip), SK-4.6
(passing), SK-4.7 (focus), SK-4.8 (the turn limit), SK-5.6 (only the Shamans a guardian spirit
names use it) and SK-9.1 (the legal actions; the reasons are explain.py's); the signature step
and counterattacks (SK-4.3, SK-4.5) are in counterattacks.py. Rule numbers refer to
docs/rules/shamanking.md.
"""

from __future__ import annotations

from cardtable.core.events import Event, move, note

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SIGNATURE
from .explain import explain
from .fields import OPENING, PH_CHOICE, PH_FLIP, PH_OVER, PH_SIGNATURE, SIDES, SKFields
from .tables import ADVANTAGE_CARD, STRIKE, TEAMWORK_CARD
from .zones import ADVANTAGE, DECK, DISCARD, FURYOKU, pbase
from .zones import PLAY as PLAY_ZONE

OPENING_FORCE = 4


class TurnRules(SKFields):
    """SK-4: the defender's turn, from the legal actions to the next flip."""

    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_FLIP:
            return self._flip_actions()
        if ph == PH_SIGNATURE:
            return [PASS, SIGNATURE]
        return [FIRST, FIRST + 1]

    def _flip_actions(self) -> list[int]:
        p = self.defender
        d = self.cards[self.flipped]
        t = self.game.tables
        out = [PASS]
        usable = self.active(p, d) or self.game.hot.mismatch_usable
        usable = usable and t.usable[self.shaman(p)][d]  # SK-5.6: a guardian spirit's Shamans
        k = t.kind[d]
        if usable and k == STRIKE:
            if self.can_pay(p, t.cost[d]) and self._strike_values(p, d, False)[0] >= self.incoming:
                out.append(COUNTER)
            extra_ok = t.extra_cost[d] is not None and self.active(p, d)
            if (
                extra_ok
                and self.can_pay(p, self._with_extra(d))
                and self._strike_values(p, d, True)[0] >= self.incoming
            ):
                out.append(COUNTER_EXTRA)
        elif usable and k in (ADVANTAGE_CARD, TEAMWORK_CARD) and self.can_pay(p, t.cost[d]):
            out.append(PLAY)
        if self.game.hot.focus:
            out.append(FOCUS)
        return out

    def _explain_illegal(self, action: int) -> str:
        return explain(self, action)

    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        if self.phase == PH_CHOICE:
            sender = self.chooser if action == FIRST else 1 - self.chooser
            self.first_sender = sender
            self._opening(1 - sender, ev)
        elif self.phase == PH_SIGNATURE:
            if action == SIGNATURE:
                self._signature(ev)
            else:
                self._flip(ev)
        elif action == PASS:
            self._discard_flipped(ev)
            self._advance(ev)
        elif action in (COUNTER, COUNTER_EXTRA):
            self._counter(action == COUNTER_EXTRA, ev)
        elif action == PLAY:
            self._play(ev)
            if self.phase != PH_OVER:
                self._advance(ev)
        else:  # FOCUS (SK-4.7): the flipped card becomes furyoku of this zone
            b = pbase(self.defender)
            card = self.flipped
            self.flipped = -1
            self._remove(b + PLAY_ZONE + self.zone, card)
            self.zones[b + FURYOKU + self.zone] += (card,)
            ev.append(move(card, b + PLAY_ZONE + self.zone, b + FURYOKU + self.zone, self.defender))
            self._advance(ev)
        return ev

    def _opening(self, defender: int, ev: list[Event]) -> None:
        """SK-2.5 the Opening Attack: Force 4, and the defender gains 1 green furyoku."""
        ev.append(note("opening_attack", 1 - defender))
        self.attack_card = OPENING
        self._start_turn(defender, OPENING_FORCE, ev, opening=True)

    def _start_turn(self, p: int, force: int, ev: list[Event], opening: bool = False) -> None:
        """SK-4.1 the defender's turn: SK-4.2 cleanup, SK-4.3 the signature step, SK-4.4 the
        first flip. Against the Opening Attack the defender first gains 1 green furyoku
        (SK-2.5)."""
        self.turn_no += 1
        if self.turn_no > self.game.hot.max_turns:
            self._game_over(-2, "turn limit", ev)
            return
        self.defender = p
        self.incoming = force
        self.zone = 0
        self.adv_force = self.adv_intercept = 0
        self.move_back = self.moves_used = 0
        ev.append(note("turn", p, incoming=force))
        self._cleanup(p, ev)
        if self.stow[p]:
            self.stow[p] = False
            self.side[p] ^= 1
            ev.append(note("shaman_turns_over", p, side=SIDES[self.side[p]]))
        if opening:
            self._gain(p, 0, 1, ev)
        if self._signature_ok(p):
            self.phase = PH_SIGNATURE
            return
        self._flip(ev)

    def _cleanup(self, p: int, ev: list[Event]) -> None:
        """SK-4.2, SK-6.2: advantage cards and cards in the play areas go to the discard
        pile."""
        b = pbase(p)
        for zone in (b + ADVANTAGE, b + PLAY_ZONE, b + PLAY_ZONE + 1, b + PLAY_ZONE + 2):
            for c in self.zones[zone]:
                self.zones[b + DISCARD] += (c,)
                ev.append(move(c, zone, b + DISCARD, p))
            self.zones[zone] = ()

    def _flip(self, ev: list[Event]) -> None:
        """SK-4.4: turn the top card of the deck into the play area of the current zone; a deck
        this empties is rebuilt at once, the flipped card staying in play (SK-8.1)."""
        p = self.defender
        b = pbase(p)
        self._rebuild_if_empty(p, ev)
        if not self.zones[b + DECK]:  # no card at all, only in a pinned position (SK-8.3)
            self._point(1 - p, ev)
            return
        card = self._from_deck(p, b + PLAY_ZONE + self.zone, ev)
        self.flipped = card
        self.phase = PH_FLIP
        self._rebuild_if_empty(p, ev)

    def _discard_flipped(self, ev: list[Event]) -> None:
        b = pbase(self.defender)
        card = self.flipped
        self.flipped = -1
        self._remove(b + PLAY_ZONE + self.zone, card)
        self.zones[b + DISCARD] += (card,)
        ev.append(move(card, b + PLAY_ZONE + self.zone, b + DISCARD, self.defender))

    def _advance(self, ev: list[Event]) -> None:
        """SK-4.6: the attack moves on to the next zone (or back, SK-7.6); past red it scores
        (SK-6.1)."""
        nxt = max(0, self.zone + 1 - self.move_back)
        self.move_back = 0
        if nxt > 2:
            self._point(1 - self.defender, ev)
            return
        self.zone = nxt
        self._flip(ev)
