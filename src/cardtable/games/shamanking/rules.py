"""The Shaman King state: the defending player's turn (cleanup, signature move, flips zone by
zone), counterattacks, points, celebration, the Opening Attack, deck exhaustion.

Rule numbers (SK-x.y) refer to docs/rules/shamanking.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from cardtable.core.events import Event, move, note
from cardtable.core.state import TERMINAL, State

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PASS, PLAY, SIGNATURE
from .cards import ZONES
from .tables import ADVANTAGE_CARD, STRIKE, TEAMWORK_CARD, Cond, Effect, Price
from .zones import ADVANTAGE, DECK, DISCARD, FURYOKU, SHAMAN, TEAMWORK, pbase
from .zones import PLAY as PLAY_ZONE

if TYPE_CHECKING:
    from .game import SKGame, SKOptions

PH_CHOICE, PH_SIGNATURE, PH_FLIP, PH_OVER = range(4)
PHASES = ("opening choice", "signature step", "flip", "over")
V_FORCE, V_INTERCEPT, V_PER_TEAMWORK, V_GAIN, V_CHARGE, V_MOVE_BACK, V_UNDERPAY = range(7)
OPENING_FORCE = 4
OPENING, SIGNATURE_ATTACK = -1, -2
MOVE_BACKS_PER_TURN = 2
ALL_CHARGED = 7


class Switches(NamedTuple):
    """The options the rules read on every step, compiled once per game so that no option
    string is compared during play."""

    flip_zone_pay: bool  # payment == "flip-zone": only the flip zone's furyoku pays
    mismatch_usable: bool  # trait_mismatch == "no-effect": a mismatched card is still played
    focus: bool
    flip_on_use: bool  # signature_turn == "on-use"
    immediate_charge: bool
    target_points: int
    max_turns: int
    opening_after_point: str

    @classmethod
    def of(cls, options: SKOptions) -> Switches:
        """The switches of a game's options."""
        return cls(
            flip_zone_pay=options.payment == "flip-zone",
            mismatch_usable=options.trait_mismatch == "no-effect",
            focus=options.focus,
            flip_on_use=options.signature_turn == "on-use",
            immediate_charge=options.immediate_charge,
            target_points=options.target_points,
            max_turns=options.max_turns,
            opening_after_point=options.opening_after_point,
        )


class SKState(State):
    """A game of Shaman King in progress (two players)."""

    __slots__ = (
        "adv_force",
        "adv_intercept",
        "attack_card",
        "charges",
        "chooser",
        "defender",
        "first_sender",
        "flipped",
        "fog",
        "incoming",
        "move_back",
        "moves_used",
        "phase",
        "points",
        "side",
        "stow",
        "turn_no",
        "winner",
        "zone",
    )

    game: SKGame

    def _init_fields(self) -> None:
        self.phase = PH_CHOICE
        self.chooser = 0
        self.defender = 0
        self.zone = 0  # the zone the attack has reached (0 green, 1 yellow, 2 red)
        self.incoming = 0  # the Force the defender must stop
        self.attack_card = (
            OPENING  # instance of the attacking Strike, or OPENING / SIGNATURE_ATTACK
        )
        self.flipped = -1  # the card awaiting the defender's decision
        self.first_sender = 0  # who sent the first Opening Attack
        self.charges = [0, 0]  # bit z: zone z charged
        self.side = [0, 0]  # the Shaman's face: 0 front, 1 back
        self.stow = [False, False]  # a Signature was used: stow it and turn over at cleanup
        self.points = [0, 0]
        # per player and zone (3p + z): how many cards at the bottom of that furyoku area
        # nobody knows (put there from the deck); the cards above came from public places
        self.fog = [0] * 6
        self.adv_force = 0
        self.adv_intercept = 0
        self.move_back = 0
        self.moves_used = 0
        self.turn_no = 0
        self.winner = -1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, SKState)
        other.phase = self.phase
        other.chooser = self.chooser
        other.defender = self.defender
        other.zone = self.zone
        other.incoming = self.incoming
        other.attack_card = self.attack_card
        other.flipped = self.flipped
        other.first_sender = self.first_sender
        other.charges = self.charges[:]
        other.side = self.side[:]
        other.stow = self.stow[:]
        other.points = self.points[:]
        other.fog = self.fog[:]
        other.adv_force = self.adv_force
        other.adv_intercept = self.adv_intercept
        other.move_back = self.move_back
        other.moves_used = self.moves_used
        other.turn_no = self.turn_no
        other.winner = self.winner

    def pin_fields(self, fields: dict[str, Any]) -> None:
        """Scenario fields (docs/rules/shamanking.md, "Scenario fields"): ``chooser`` (who
        chooses who sends the Opening Attack), ``points`` ([p0, p1]), ``charges`` (per player
        the charged zones, e.g. ``[[green, red], []]``) and ``side`` (per player ``front`` or
        ``back``)."""
        valid = ("chooser", "points", "charges", "side")
        unknown = sorted(set(fields) - set(valid))
        if unknown:
            raise KeyError(f"unknown state field(s) {unknown}; valid: {', '.join(valid)}")
        if "chooser" in fields:
            self.chooser = int(fields["chooser"]) % 2
        if "points" in fields:
            points = [int(x) for x in fields["points"]]
            if len(points) != 2:
                raise KeyError("'points' needs 2 numbers")
            self.points = points
        if "charges" in fields:
            charges = list(fields["charges"])
            if len(charges) != 2 or not all(set(c or []) <= set(ZONES) for c in charges):
                raise KeyError("'charges' needs 2 lists of zones (green, yellow, red)")
            self.charges = [sum(1 << ZONES.index(z) for z in set(c or [])) for c in charges]
        if "side" in fields:
            sides = [str(s) for s in fields["side"]]
            if len(sides) != 2 or not set(sides) <= {"front", "back"}:
                raise KeyError("'side' needs 2 values, each 'front' or 'back'")
            self.side = [("front", "back").index(s) for s in sides]
        self._legal = None

    # ----- facts -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The chooser at the start, then the defending player; TERMINAL at the end."""
        if self.phase == PH_OVER:
            return TERMINAL
        return self.chooser if self.phase == PH_CHOICE else self.defender

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the loser; 0 each for a draw or before the end."""
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def shaman(self, p: int) -> int:
        """The definition of a player's Shaman."""
        return self.cards[self.zones[pbase(p) + SHAMAN][0]]

    def active(self, p: int, d: int) -> bool:
        """SK-1.6: a card's text works when its trait matches the Shaman's (or it is generic)."""
        return self.game.tables.works[self.cards[self.zones[pbase(p) + SHAMAN][0]]][d]

    def furyoku(self, p: int) -> tuple[int, int, int]:
        """Furyoku cards in the green, yellow and red zones."""
        z = self.zones
        b = pbase(p) + FURYOKU
        return (len(z[b]), len(z[b + 1]), len(z[b + 2]))

    # ----- costs -----------------------------------------------------------------------------
    def _price(self, p: int, cost: Price, in_zone: bool = True) -> Price:
        """The cost after the underpay of the Teamwork card in the current zone (SK-5.4, SK-7.7);
        ``in_zone=False`` for the Signature Move, which uses no zone (SK-4.3)."""
        g, y, r = cost
        if not in_zone:
            return cost
        for verb, amount, colour, cond in self._teamwork_effects(p):
            if verb == V_UNDERPAY and self._holds(p, cond):
                if colour == 0:
                    g = max(0, g - amount)
                elif colour == 1:
                    y = max(0, y - amount)
                elif colour == 2:
                    r = max(0, r - amount)
        return (g, y, r)

    def can_pay(self, p: int, cost: Price, in_zone: bool = True) -> bool:
        """SK-3.2: red furyoku pays any colour, yellow pays yellow or green, green only green."""
        g, y, r = self._price(p, cost, in_zone)
        if in_zone and self.game.switches.flip_zone_pay:
            # only this zone's furyoku, which pays the colours its own colour may pay
            if (self.zone == 0 and (y or r)) or (self.zone == 1 and r):
                return False
            return g + y + r <= self.furyoku(p)[self.zone]
        fg, fy, fr = self.furyoku(p)
        if r > fr:
            return False
        fr -= r
        if y > fy + fr:
            return False
        spare = fy + fr - y
        return g <= fg + spare

    def _pay(
        self, p: int, cost: Price, ev: list[Event], in_zone: bool = True, priced: bool = False
    ) -> None:
        """Pay a cost: red with red; yellow with yellow, then red; green with green, then
        yellow, then red (the cheapest furyoku first). Paid furyoku goes to the discard pile.
        ``priced``: the cost is already underpaid (SK-7.7)."""
        g, y, r = cost if priced else self._price(p, cost, in_zone)
        b = pbase(p)
        plan: tuple[tuple[int, tuple[int, ...]], ...] = ((r, (2,)), (y, (1, 2)), (g, (0, 1, 2)))
        if in_zone and self.game.switches.flip_zone_pay:
            plan = ((g + y + r, (self.zone,)),)
        for need, sources in plan:
            for zone in sources:
                while need and self.zones[b + FURYOKU + zone]:
                    card = self.zones[b + FURYOKU + zone][-1]
                    self.zones[b + FURYOKU + zone] = self.zones[b + FURYOKU + zone][:-1]
                    self.zones[b + DISCARD] += (card,)
                    ev.append(move(card, b + FURYOKU + zone, b + DISCARD, p))
                    need -= 1
                fog = 3 * p + zone
                self.fog[fog] = min(self.fog[fog], len(self.zones[b + FURYOKU + zone]))

    # ----- effects ---------------------------------------------------------------------------
    def _holds(self, p: int, cond: Cond) -> bool:
        """SK-7.8: whether an effect's condition holds for ``p`` defending in this zone."""
        inc_max, inc_min, zone, tw_here, zone_of = cond
        if not inc_min <= self.incoming <= inc_max:
            return False
        if zone >= 0 and zone != self.zone:
            return False
        if zone_of >= 0 and zone_of != self.zone_character(p, self.zone):
            return False
        if tw_here >= 0:
            here = bool(self.zones[pbase(p) + TEAMWORK + self.zone])
            return here == bool(tw_here)
        return True

    def zone_character(self, p: int, zone: int) -> int:
        """SK-5.7: the character (index in ``tables.characters``) whose zone a Teamwork card
        in place makes of the zone, or -1."""
        z = self.zones[pbase(p) + TEAMWORK + zone]
        return self.game.tables.character[self.cards[z[0]]] if z else -1

    def _teamwork_effects(self, p: int) -> tuple[Effect, ...]:
        """The Teamwork card of the zone being defended, if its text works (SK-5.4)."""
        z = self.zones[pbase(p) + TEAMWORK + self.zone]
        if not z:
            return ()
        d = self.cards[z[0]]
        return self.game.tables.effects[d] if self.active(p, d) else ()

    def _strike_values(self, p: int, d: int, extra: bool) -> tuple[int, int]:
        """Intercept and Force of Strike ``d`` flipped by ``p`` in the current zone, with
        modifiers from itself, this turn's Advantages and the zone's Teamwork (SK-4.5, SK-7.9)."""
        t = self.game.tables
        intercept, force = t.intercept[d] + self.adv_intercept, t.force[d] + self.adv_force
        effects: tuple[Effect, ...] = self._teamwork_effects(p)
        if self.active(p, d):
            effects = effects + t.effects[d] + (t.extra_effects[d] if extra else ())
        return self._apply_values(p, intercept, force, effects)

    def _apply_values(
        self, p: int, intercept: int, force: int, effects: tuple[Effect, ...]
    ) -> tuple[int, int]:
        opp_teamwork = self._opp_teamwork(p)
        for verb, amount, _zone, cond in effects:
            if not self._holds(p, cond):
                continue
            if verb == V_INTERCEPT:
                intercept += amount
            elif verb == V_FORCE:
                force += amount
            elif verb == V_PER_TEAMWORK:
                force += amount * opp_teamwork
        return intercept, max(0, force)

    def _opp_teamwork(self, p: int) -> int:
        """The number of Teamwork cards the opponent of ``p`` has in play (SK-7.3)."""
        return sum(1 for z in range(3) if self.zones[pbase(1 - p) + TEAMWORK + z])

    def _one_shot(self, p: int, effects: tuple[Effect, ...], ev: list[Event]) -> None:
        """Effects that happen once: gain furyoku, charge, move back (SK-7.4 to SK-7.6)."""
        for verb, amount, zone, cond in effects:
            if not self._holds(p, cond):
                continue
            if verb == V_GAIN:
                self._gain(p, self.zone if zone < 0 else zone, amount, ev)
            elif verb == V_CHARGE:
                target = zone
                if zone == 3:
                    target = next((z for z in range(3) if not self.charges[p] >> z & 1), -1)
                if target >= 0:
                    self.charges[p] |= 1 << target
            elif verb == V_MOVE_BACK and self.moves_used < MOVE_BACKS_PER_TURN:
                self.move_back += amount
                self.moves_used += 1

    # ----- legal actions ---------------------------------------------------------------------
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
        usable = self.active(p, d) or self.game.switches.mismatch_usable
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
        if self.game.switches.focus:
            out.append(FOCUS)
        return out

    def _explain_illegal(self, action: int) -> str:
        from .explain import explain

        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
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

    def _remove(self, zone: int, card: int) -> None:
        z = self.zones[zone]
        i = z.index(card)
        self.zones[zone] = z[:i] + z[i + 1 :]

    # ----- the turn --------------------------------------------------------------------------
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
        if self.turn_no > self.game.switches.max_turns:
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
            ev.append(note("shaman_turns_over", p, side=("front", "back")[self.side[p]]))
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

    def _signature_values(self, p: int) -> tuple[int, int, Price]:
        t = self.game.tables
        s = self.shaman(p)
        side = self.side[p]
        i, f = self._apply_values(
            p, t.sig_intercept[s][side], t.sig_force[s][side], t.sig_effects[s][side]
        )
        return i, f, t.sig_cost[s][side]

    def _signature_ok(self, p: int) -> bool:
        """SK-4.3: all three zones charged, the Signature's Intercept and cost met."""
        if self.charges[p] != ALL_CHARGED or self.stow[p]:
            return False
        intercept, _force, cost = self._signature_values(p)
        return intercept >= self.incoming and self.can_pay(p, cost, in_zone=False)

    def _signature(self, ev: list[Event]) -> None:
        p = self.defender
        _intercept, force, cost = self._signature_values(p)
        self.charges[p] = 0
        self._pay(p, cost, ev, in_zone=False)
        t = self.game.tables
        s, side = self.shaman(p), self.side[p]
        ev.append(note("signature_move", p, name=t.sig_name[s][side], force=force))
        self._one_shot(p, t.sig_effects[s][side], ev)
        if self.game.switches.flip_on_use:
            self.side[p] ^= 1
        else:
            self.stow[p] = True
        self.attack_card = SIGNATURE_ATTACK
        self._start_turn(1 - p, force, ev)

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

    def _from_deck(self, p: int, dst: int, ev: list[Event]) -> int:
        """Move the top card of a player's deck to zone ``dst``; return it."""
        b = pbase(p)
        card = self.zones[b + DECK][-1]
        self.zones[b + DECK] = self.zones[b + DECK][:-1]
        self.zones[dst] += (card,)
        ev.append(move(card, b + DECK, dst, p))
        return card

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

    def _counter(self, extra: bool, ev: list[Event]) -> None:
        """SK-4.5: pay the Strike (with its extra ability, SK-3.4) and send its Force back."""
        p = self.defender
        t = self.game.tables
        card = self.flipped
        d = self.cards[card]
        if extra:
            self._pay_extra_first(p, d, ev)
        else:
            self._pay(p, t.cost[d], ev)
        _intercept, force = self._strike_values(p, d, extra)
        if self.active(p, d):
            self._one_shot(p, t.effects[d] + (t.extra_effects[d] if extra else ()), ev)
        self.flipped = -1
        ev.append(
            note("counterattack", p, card=self.game.card_ids[d], force=force, zone=ZONES[self.zone])
        )
        self.attack_card = card
        self._start_turn(1 - p, force, ev)

    def _pay_extra_first(self, p: int, d: int, ev: list[Event]) -> None:
        """SK-3.4: the extra cost is paid before the card's own cost. Underpay (SK-7.7) lowers
        the two together once, the card's own cost first; the two payments can be made
        whenever their sum can (the furyoku colours are nested, and each pays cheapest first)."""
        tg, ty, tr = self._price(p, self._with_extra(d))
        og, oy, o_r = self._price(p, self.game.tables.cost[d])
        own = (min(og, tg), min(oy, ty), min(o_r, tr))
        self._pay(p, (tg - own[0], ty - own[1], tr - own[2]), ev, priced=True)
        self._pay(p, own, ev, priced=True)

    def _with_extra(self, d: int) -> Price:
        """A Strike's own cost plus its extra cost (SK-3.4)."""
        t = self.game.tables
        (g, y, r), extra = t.cost[d], t.extra_cost[d]
        assert extra is not None
        return (g + extra[0], y + extra[1], r + extra[2])

    def _play(self, ev: list[Event]) -> None:
        """SK-5.1/5.2: an Advantage is placed and charges its zone (an immediate one is used
        at once, and charges unless immediate_charge=false); SK-5.3: a Teamwork card goes to
        the zone's teamwork area, replacing the one there."""
        p = self.defender
        b = pbase(p)
        t = self.game.tables
        card = self.flipped
        d = self.cards[card]
        self._pay(p, t.cost[d], ev)
        self.flipped = -1
        src = b + PLAY_ZONE + self.zone
        self._remove(src, card)
        if t.kind[d] == TEAMWORK_CARD:
            dst = b + TEAMWORK + self.zone
            for old in self.zones[dst]:
                self.zones[b + DISCARD] += (old,)
                ev.append(move(old, dst, b + DISCARD, p))
            self.zones[dst] = (card,)
            ev.append(move(card, src, dst, p))
            if self.active(p, d):
                self._one_shot(p, t.effects[d], ev)
            return
        immediate = t.immediate[d]
        if not immediate:  # SK-5.1: placed in the advantage area
            self.zones[b + ADVANTAGE] += (card,)
            ev.append(move(card, src, b + ADVANTAGE, p))
        if not immediate or self.game.switches.immediate_charge:  # SK-5.1, SK-5.2: it charges
            self.charges[p] |= 1 << self.zone
        self._advantage_effects(p, d, ev)
        if immediate:  # SK-5.2: used at once, then to the discard pile (after its effects)
            self.zones[b + DISCARD] += (card,)
            ev.append(move(card, src, b + DISCARD, p))

    def _advantage_effects(self, p: int, d: int, ev: list[Event]) -> None:
        """An Advantage's text, if it works (SK-1.6): Force and Intercept for the rest of the
        turn, then its one-shot effects (SK-7, SK-7.9)."""
        t = self.game.tables
        if self.active(p, d):
            for verb, amount, _zone, cond in t.effects[d]:
                if self._holds(p, cond):
                    if verb == V_FORCE:
                        self.adv_force += amount
                    elif verb == V_INTERCEPT:
                        self.adv_intercept += amount
                    elif verb == V_PER_TEAMWORK:
                        self.adv_force += amount * self._opp_teamwork(p)
            self._one_shot(p, t.effects[d], ev)

    # ----- points, furyoku, exhaustion -------------------------------------------------------
    def _point(self, scorer: int, ev: list[Event]) -> None:
        """SK-6.1 the attack passed red: a point; SK-6.5 the game may be won; SK-6.2 both
        clean up; SK-6.3 celebration; SK-6.4 the next Opening Attack."""
        self.points[scorer] += 1
        self.flipped = -1
        ev.append(note("point", scorer, points=self.points[:]))
        if self.points[scorer] >= self.game.switches.target_points:
            self._game_over(scorer, "points", ev)
            return
        for q in (0, 1):
            self._cleanup(q, ev)
        for z in range(3):
            if self.zones[pbase(scorer) + TEAMWORK + z]:
                self._gain(scorer, z, 1, ev)
        rule = self.game.switches.opening_after_point
        if rule == "first-player-sends":
            sender = self.first_sender
        else:
            sender = 1 - scorer if rule == "scored-on-sends" else scorer
        self._opening(1 - sender, ev)

    def _gain(self, p: int, zone: int, n: int, ev: list[Event]) -> None:
        """Furyoku from the top of the discard pile (SK-3.3); an empty discard pile first takes
        4 cards from the deck (SK-8.2); a deck that this empties is rebuilt once the furyoku
        card is taken (SK-8.1)."""
        b = pbase(p)
        for _ in range(n):
            if not self.zones[b + DISCARD]:
                self._four_to_discard(p, ev)
            if not self.zones[b + DISCARD]:  # no card at all, only in a pinned position (SK-8.3)
                return
            card = self.zones[b + DISCARD][-1]
            self.zones[b + DISCARD] = self.zones[b + DISCARD][:-1]
            self.zones[b + FURYOKU + zone] += (card,)
            ev.append(move(card, b + DISCARD, b + FURYOKU + zone, p))
            self._rebuild_if_empty(p, ev)

    def _four_to_discard(self, p: int, ev: list[Event]) -> None:
        """SK-8.2: 4 cards face up from the deck to the discard pile, one at a time, or as many
        as the deck holds (it is rebuilt after the furyoku card is taken, SK-8.1)."""
        self._rebuild_if_empty(p, ev)
        for _ in range(4):
            if not self.zones[pbase(p) + DECK]:
                return
            self._from_deck(p, pbase(p) + DISCARD, ev)

    def _rebuild_if_empty(self, p: int, ev: list[Event]) -> None:
        """SK-8.1: a deck that has run out is rebuilt at once."""
        if not self.zones[pbase(p) + DECK]:
            self.rebuild_deck(p, ev)

    def rebuild_deck(self, p: int, ev: list[Event]) -> None:
        """SK-8.1 deck exhaustion: note the furyoku counts (charges stay), gather the discard
        pile, the advantage area and the furyoku (not the Shaman, the Teamwork cards in play or
        the cards in use in the play areas), shuffle them into a new deck, and refill each
        zone's furyoku to its count from it, leaving at least one card in the deck (SK-8.3)."""
        b = pbase(p)
        counts = self.furyoku(p)
        pool: list[int] = []
        for zone in (b + DISCARD, b + ADVANTAGE, b + FURYOKU, b + FURYOKU + 1, b + FURYOKU + 2):
            for c in self.zones[zone]:
                ev.append(move(c, zone, b + DECK, p))
            pool += self.zones[zone]
            self.zones[zone] = ()
        if not pool:  # nothing to rebuild from, only in a pinned position (SK-8.3)
            return
        self.zones[b + DECK] = self.rng.shuffled(pool)
        ev.append(note("deck_rebuilt", p, furyoku=list(counts)))
        for z in range(3):
            for _ in range(counts[z]):
                if len(self.zones[b + DECK]) <= 1:  # SK-8.3: the deck keeps a card
                    break
                self._from_deck(p, b + FURYOKU + z, ev)
            self.fog[3 * p + z] = len(self.zones[b + FURYOKU + z])

    def _game_over(self, winner: int, how: str, ev: list[Event]) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self._legal = []
        ev.append(note("game_over", max(winner, -1), how=how, points=self.points[:]))

    def _pinned(self, zone: int, new: list[int]) -> None:
        """Furyoku pinned by a scenario is furyoku nobody knows."""
        for p in (0, 1):
            z = zone - pbase(p) - FURYOKU
            if 0 <= z < 3:
                self.fog[3 * p + z] = len(new)

    def _known_hidden(self, player: int) -> set[int]:
        """SK-3.1: the furyoku cards everyone saw put face down (focused from a play area or
        taken from a discard pile), above those put there from the deck, which nobody knows:
        a resample leaves them in place."""
        known: set[int] = set()
        zones = self.zones
        for p in (0, 1):
            b = pbase(p) + FURYOKU
            for z in range(3):
                known.update(zones[b + z][self.fog[3 * p + z] :])
        return known

    # ----- views -----------------------------------------------------------------------------
    def _public_view(self, player: int | None) -> dict[str, Any]:
        cur = self.current_player()
        ids = self.game.card_ids
        if self.attack_card >= 0:
            attack: str | None = ids[self.cards[self.attack_card]]
        else:
            attack = "opening-attack" if self.attack_card == OPENING else "signature"
        return {
            "game": "shamanking",
            "player": player,
            "num_players": 2,
            "phase": PHASES[self.phase],
            "turn": self.turn_no,
            "current_player": None if cur == TERMINAL else cur,
            "defender": self.defender,
            "zone": ZONES[self.zone],
            "incoming_force": self.incoming,
            "attack": attack,
            "flipped": ids[self.cards[self.flipped]] if self.flipped >= 0 else None,
            "points": self.points[:],
            "charges": [[ZONES[z] for z in range(3) if self.charges[p] >> z & 1] for p in (0, 1)],
            "shaman_side": [("front", "back")[s] for s in self.side],
            "signature_pending": self.stow[:],
            "turn_bonus": {"force": self.adv_force, "intercept": self.adv_intercept},
            "winner": None if self.winner == -1 else (self.winner if self.winner >= 0 else "draw"),
        }
