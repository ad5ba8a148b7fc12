"""The defender's turn: the legal actions and what each one does, the Opening Attack, the
cleanup, the flips zone by zone, passing and focusing.

Holds SK-2.5 (the Opening Attack), SK-4.1 (the turn), SK-4.2 (cleanup), SK-4.4 (flip), SK-4.6
(passing), SK-4.7 (focus), SK-4.8 (the turn limit), SK-5.6 (only the Shamans a guardian spirit
names use it) and SK-9.1 (the legal actions; the reasons are explain.py's); the signature step
and counterattacks (SK-4.3, SK-4.5) are in counterattacks.py. Rule numbers refer to
docs/rules/shamanking.md.
"""
# cardtable: compile

from __future__ import annotations

from cardtable.core.action_list import ActionList
from cardtable.core.events import Event, move, note

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SECOND, SIGNATURE
from .counterattacks import CounterattackRules
from .explain import explain
from .fields import OPENING, PH_FLIP, PH_OVER, PH_SIGNATURE, SIDES, EventLog
from .tables import ADVANTAGE_CARD, STRIKE, TEAMWORK_CARD
from .zones import ADVANTAGE, DECK, DISCARD, FURYOKU, PER_PLAYER, SHAMAN, TEAMWORK
from .zones import PLAY as PLAY_ZONE

OPENING_FORCE = 4
# The legal actions of a flip by the set of them (bit a: action a), of the signature step and
# of the opening choice: shared read-only lists, built once.
FLIP_ACTIONS = tuple(ActionList(a for a in range(FOCUS + 1) if bits >> a & 1) for bits in range(32))
SIGNATURE_ACTIONS = ActionList((PASS, SIGNATURE))
CHOICE_ACTIONS = ActionList((FIRST, SECOND))


class TurnRules(CounterattackRules):
    """SK-4: the defender's turn, from the legal actions to the next flip."""

    __slots__ = ()

    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_FLIP:
            return FLIP_ACTIONS[self._flip_choices()]
        if ph == PH_SIGNATURE:
            return SIGNATURE_ACTIONS
        return CHOICE_ACTIONS

    def _flip_choices(self) -> int:
        """The legal actions of a flip, bit a for action a."""
        p = self.defender
        d = self.cards[self.flipped]
        game = self.game
        t = game.tables
        shaman = self.cards[self.zones[PER_PLAYER * p + SHAMAN][0]]
        active = t.works[shaman][d]
        bits = 1 << PASS | (1 << FOCUS if self.hot.focus else 0)
        # SK-1.6 a mismatched card, SK-5.6 a guardian spirit's Shamans
        if not ((active or self.hot.mismatch_usable) and t.usable[shaman][d]):
            return bits
        k = t.kind[d]
        if k == STRIKE:
            return bits | self._counters(p, d, active)
        if k in (ADVANTAGE_CARD, TEAMWORK_CARD) and self.can_pay(p, t.cost[d]):
            bits |= 1 << PLAY
        return bits

    def _counters(self, p: int, d: int, active: bool) -> int:
        """The counterattacks open to the flipped Strike ``d`` (SK-4.5, SK-3.4), as bits of
        the legal actions: its Intercept stops the incoming Force and its cost can be paid."""
        t = self.game.tables
        incoming = self.incoming
        if self.zones[PER_PLAYER * p + TEAMWORK + self.zone] or (active and t.effects[d]):
            intercept = self._strike_intercept(p, d, False, active)
        else:  # nothing modifies its Intercept but this turn's Advantages
            intercept = t.intercept[d] + self.adv_intercept
        bits = 0
        if intercept >= incoming and self.can_pay(p, t.cost[d]):
            bits = 1 << COUNTER
        if (
            active
            and t.extra_cost[d] is not None
            and self._strike_intercept(p, d, True, True) >= incoming
            and self.can_pay(p, self._with_extra(d))
        ):
            bits |= 1 << COUNTER_EXTRA
        return bits

    def _explain_illegal(self, action: int) -> str:
        return explain(self, action)

    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        self._push(action, ev)
        return ev

    def _push(self, action: int, ev: EventLog = None) -> None:
        """Apply a legal action, putting its events in ``ev`` (``None``, as ``push`` calls it:
        none are built)."""
        if self.phase == PH_FLIP:
            if action in (PASS, FOCUS):
                self._let_go(action == FOCUS, ev)
            elif action == PLAY:
                self._play(ev)
                if self.phase != PH_OVER:
                    self._advance(ev)
            else:
                self._counter(action == COUNTER_EXTRA, ev)
        elif self.phase == PH_SIGNATURE:
            if action == SIGNATURE:
                self._signature(ev)
            else:
                self._flip(ev)
        else:
            sender = self.chooser if action == FIRST else 1 - self.chooser
            self.first_sender = sender
            self._opening(1 - sender, ev)

    def _let_go(self, focus: bool, ev: EventLog) -> None:
        """SK-4.6 passing: the flipped card goes to the discard pile, or SK-4.7 focusing: it
        becomes furyoku of this zone; then the attack moves on (``_advance``)."""
        p = self.defender
        b = PER_PLAYER * p
        card = self.flipped
        self.flipped = -1
        src = b + PLAY_ZONE + self.zone
        dst = b + FURYOKU + self.zone if focus else b + DISCARD
        self._remove(src, card)
        self.zones[dst] += (card,)
        if ev is not None:
            ev.append(move(card, src, dst, p))
        self._advance(ev)

    def _opening(self, defender: int, ev: EventLog) -> None:
        """SK-2.5 the Opening Attack: Force 4, and the defender gains 1 green furyoku."""
        if ev is not None:
            ev.append(note("opening_attack", 1 - defender))
        self.attack_card = OPENING
        self._start_turn(defender, OPENING_FORCE, ev, opening=True)

    def _start_turn(self, p: int, force: int, ev: EventLog, opening: bool = False) -> None:
        """SK-4.1 the defender's turn: SK-4.2 cleanup, SK-4.3 the signature step, SK-4.4 the
        first flip. Against the Opening Attack the defender first gains 1 green furyoku
        (SK-2.5)."""
        self.turn_no += 1
        if self.turn_no > self.hot.max_turns:
            self._game_over(-2, "turn limit", ev)
            return
        self.defender = p
        self.incoming = force
        self.zone = 0
        self.adv_force = self.adv_intercept = 0
        self.move_back = self.moves_used = 0
        if ev is not None:
            ev.append(note("turn", p, incoming=force))
        self._cleanup(p, ev)
        if self.stow[p]:
            self.stow[p] = False
            self.side[p] ^= 1
            if ev is not None:
                ev.append(note("shaman_turns_over", p, side=SIDES[self.side[p]]))
        if opening:
            self._gain(p, 0, 1, ev)
        if self._signature_ok(p):
            self.phase = PH_SIGNATURE
            return
        self._flip(ev)

    def _cleanup(self, p: int, ev: EventLog) -> None:
        """SK-4.2, SK-6.2: advantage cards and cards in the play areas go to the discard
        pile."""
        b = PER_PLAYER * p
        zones = self.zones
        discard = zones[b + DISCARD]
        for zone in (b + ADVANTAGE, b + PLAY_ZONE, b + PLAY_ZONE + 1, b + PLAY_ZONE + 2):
            cards = zones[zone]
            if cards:
                discard += cards
                zones[zone] = ()
                if ev is not None:
                    ev.extend(move(c, zone, b + DISCARD, p) for c in cards)
        zones[b + DISCARD] = discard

    def _flip(self, ev: EventLog) -> None:
        """SK-4.4: turn the top card of the deck into the play area of the current zone; a deck
        this empties is rebuilt at once, the flipped card staying in play (SK-8.1)."""
        p = self.defender
        deck = PER_PLAYER * p + DECK
        zones = self.zones
        if not zones[deck]:
            self.rebuild_deck(p, ev)
            if not zones[deck]:  # no card at all, only in a pinned position (SK-8.3)
                self._point(1 - p, ev)
                return
        self.flipped = self._from_deck(p, PER_PLAYER * p + PLAY_ZONE + self.zone, ev)
        self.phase = PH_FLIP
        if not zones[deck]:
            self.rebuild_deck(p, ev)

    def _advance(self, ev: EventLog) -> None:
        """SK-4.6: the attack moves on to the next zone (or back, SK-7.6); past red it scores
        (SK-6.1)."""
        nxt = self.zone + 1 - self.move_back
        if nxt < 0:
            nxt = 0
        self.move_back = 0
        if nxt > 2:
            self._point(1 - self.defender, ev)
            return
        self.zone = nxt
        self._flip(ev)
