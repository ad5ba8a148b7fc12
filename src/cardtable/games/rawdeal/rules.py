"""The Raw Deal state: Pre-match, the turn, playing a card, reversals, damage, winning.

Rule numbers (RD-x.y) refer to docs/rules/rawdeal.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event, move, note
from cardtable.core.state import TERMINAL, State

from .actions import ABILITY, ACTION, END, HAND, MANEUVER, REVERSAL, STUN
from .cards import ABILITIES, VERBS
from .tables import ARSENAL_CARD, MIDMATCH_CARD, NO_LIMIT, PREMATCH_CARD, Effect
from .zones import (
    ARSENAL,
    BACKLASH,
    BACKSTAGE,
    PLAYING,
    PREMATCH,
    RING,
    RINGSIDE,
    pbase,
)
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from .game import RawDealGame

PH_PREMATCH, PH_MAIN, PH_REVERSAL, PH_STUN, PH_BURY, PH_OVER = range(6)
PHASES = ("pre-match", "main", "reversal window", "stun draw", "bury", "over")
DRAW, BOTH_LOSE = -2, -3
V_DRAW, V_OPP_DISCARD, V_NEXT_BONUS, V_NEXT_COST, V_OVERTURN_SELF, V_RECOVER, V_END_TURN = range(
    len(VERBS)
)
A_DRAW_TWO, A_START_OVERTURN, A_START_RECYCLE, A_TOUGH, A_DRAW_BURY = (
    ABILITIES.index(a)
    for a in ("draw_two", "start_overturn", "start_recycle", "tough", "draw_and_bury")
)


class RawDealState(State):
    """A game of Raw Deal in progress (two players)."""

    __slots__ = (
        "ability_used",
        "actor",
        "bonus",
        "carry",
        "ended_turn",
        "last_damage",
        "last_played",
        "passes",
        "pending_as",
        "pending_damage",
        "pending_def",
        "pending_prev",
        "phase",
        "rev_cost",
        "reversals_left",
        "stun_max",
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
        self.carry = [-1, -1]  # a set-up reversal carried into that player's next turn
        self.pending_as = 0
        self.pending_damage = 0
        self.pending_def = -1  # the card being played (or last played, during its damage)
        self.pending_prev = -1
        self.reversals_left = 0
        self.stun_max = 0
        self.ended_turn = False
        self.winner = -1

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
        other.pending_damage = self.pending_damage
        other.pending_def = self.pending_def
        other.pending_prev = self.pending_prev
        other.reversals_left = self.reversals_left
        other.stun_max = self.stun_max
        other.ended_turn = self.ended_turn
        other.winner = self.winner

    # ----- facts -----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The player to decide, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.actor

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the loser; 0 each for a draw; -1 each for a double loss."""
        if self.winner == BOTH_LOSE:
            return [-1.0, -1.0]
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else -1.0 for p in (0, 1)]

    def superstar(self, p: int) -> int:
        """The definition of a player's Superstar."""
        return self.cards[self.zones[pbase(p) + BACKSTAGE][0]]

    def ability(self, p: int) -> int:
        """A player's Superstar ability (an index of ABILITIES)."""
        return self.game.tables.ability[self.superstar(p)]

    def superstar_value(self, p: int) -> int:
        """Superstar Value with the Enforcer's addition (RD-2.1)."""
        t = self.game.tables
        return sum(t.value[self.cards[c]] for c in self.zones[pbase(p) + BACKSTAGE])

    def fortitude(self, p: int) -> int:
        """RD-3.5: the printed D of the cards in the Ring, plus Pre-match Fortitude."""
        t = self.game.tables
        cards = self.cards
        b = pbase(p)
        return sum(t.damage[cards[c]] for c in self.zones[b + RING]) + sum(
            t.pm_fortitude[cards[c]] for c in self.zones[b + PREMATCH]
        )

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
        return [END, *self._prematch_actions()]

    def _prematch_actions(self) -> list[int]:
        """RD-2.3: a Pre-match card from the Backlash deck, within the limits."""
        t = self.game.tables
        p = self.actor
        b = pbase(p)
        z = self.zones
        if len(z[b + PREMATCH]) >= self.game.options.prematch_limit:
            return []
        mine = {t.prematch_kind[self.cards[c]] for c in z[b + PREMATCH]}
        everyone = [self.cards[c] for q in (0, 1) for c in z[pbase(q) + PREMATCH]]
        venue_out = any(t.prematch_kind[d] == 0 for d in everyone)
        belt_out = any(t.prematch_kind[d] == 4 for d in everyone)
        out = []
        for d in sorted({self.cards[c] for c in z[b + BACKLASH]}):
            k = t.prematch_kind[d]
            if t.kind[d] != PREMATCH_CARD or (k < 4 and k in mine):
                continue
            if (
                (k == 0 and venue_out)
                or (k == 4 and belt_out)
                or (t.universal[d] and d in everyone)
            ):
                continue
            out.append(self.game.codec.backlash + 3 * d)
        return out

    def _main_actions(self) -> list[int]:
        """RD-4.3: maneuvers and actions from the hand, Mid-match cards, the ability, end."""
        t = self.game.tables
        p = self.actor
        b = pbase(p)
        z = self.zones
        cards = self.cards
        fort = self.fortitude(p)
        opp_fort = self.fortitude(1 - p)
        out = [END]
        if self._ability_ok():
            out.append(ABILITY)
        ring = {cards[c] for q in (0, 1) for c in z[pbase(q) + RING]}
        own_ring = {cards[c] for c in z[b + RING]}
        for d in sorted({cards[c] for c in z[b + HAND_ZONE]}):
            if self._playable(d, fort, opp_fort, own_ring, ring):
                plays = t.plays[d]
                if plays & 1:
                    out.append(HAND + 3 * d + MANEUVER)
                if plays & 2:
                    out.append(HAND + 3 * d + ACTION)
        mids = sum(1 for c in z[b + RING] if t.kind[cards[c]] == MIDMATCH_CARD)
        if mids < self.game.options.midmatch_limit:
            base = self.game.codec.backlash
            for d in sorted({cards[c] for c in z[b + BACKLASH]}):
                if t.kind[d] == MIDMATCH_CARD and self._playable(d, fort, opp_fort, own_ring, ring):
                    if t.plays[d] & 1:
                        out.append(base + 3 * d + MANEUVER)
                    if t.plays[d] & 2:
                        out.append(base + 3 * d + ACTION)
        return out

    def _playable(
        self, d: int, fort: int, opp_fort: int, own_ring: set[int], ring: set[int]
    ) -> bool:
        """RD-3.5 Fortitude, RD-4.5 requirements, RD-6.1 uniqueness in play."""
        t = self.game.tables
        if not t.plays[d] & 3 or t.fortitude[d] > fort:
            return False
        if t.req_after[d] != -1 and self.last_played != t.req_after[d]:
            return False
        if t.req_after_damage[d] and self.last_damage < t.req_after_damage[d]:
            return False
        if t.req_fort_over[d] and fort <= opp_fort:
            return False
        if t.active[d] and d in own_ring:
            return False
        return not (t.universal[d] and d in ring)

    def _ability_ok(self) -> bool:
        p = self.actor
        if self.ability_used or self.ability(p) != A_DRAW_BURY:
            return False
        return bool(self.zones[pbase(p) + ARSENAL])

    def _reversal_actions(self) -> list[int]:
        """RD-5.1: the defender's reversals that fit the card being played."""
        t = self.game.tables
        p = self.actor
        b = pbase(p)
        z = self.zones
        cards = self.cards
        out = []
        for d in sorted({cards[c] for c in z[b + HAND_ZONE]}):
            if t.plays[d] & 4 and self._reverses(d, False):
                out.append(HAND + 3 * d + REVERSAL)
        base = self.game.codec.backlash
        for d in sorted({cards[c] for c in z[b + BACKLASH]}):
            if t.kind[d] == MIDMATCH_CARD and t.plays[d] & 4 and self._reverses(d, False):
                out.append(base + 3 * d + REVERSAL)
        return out

    def _reverses(self, rev: int, from_arsenal: bool) -> bool:
        """Whether reversal ``rev`` of the defender fits the card being played (RD-5.2)."""
        t = self.game.tables
        r = t.reversal[rev]
        d = self.pending_def
        if r is None or d < 0:
            return False
        if t.unreversible[d] or (from_arsenal and r.hand_only):
            return False
        if not r.types >> self.pending_as & 1:
            return False
        if self.pending_as == MANEUVER:
            if r.subtypes and not r.subtypes & t.subtypes[d]:
                return False
            if self.pending_damage > r.max_damage:
                return False
        if r.after != -1 and self.pending_prev != r.after:
            return False
        if r.titles and d not in r.titles:
            return False
        cost = t.fortitude[rev] + (self.rev_cost if self.pending_as == MANEUVER else 0)
        return cost <= self.fortitude(1 - self.tp)

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
        codec = self.game.codec
        if ph == PH_PREMATCH:
            self._prematch(action, ev)
        elif ph == PH_MAIN:
            if action == END:
                self._end_turn(ev)
            elif action == ABILITY:
                self._use_ability(ev)
            elif action < codec.backlash:
                d, k = divmod(action - HAND, 3)
                self._play(pbase(self.tp) + HAND_ZONE, d, k, ev)
            else:
                d, k = divmod(action - codec.backlash, 3)
                self._play(pbase(self.tp) + BACKLASH, d, k, ev)
        elif ph == PH_REVERSAL:
            if action == END:
                self._resolve(ev)
            else:
                zone = HAND_ZONE if action < codec.backlash else BACKLASH
                first = HAND if action < codec.backlash else codec.backlash
                self._reverse(pbase(self.actor) + zone, (action - first) // 3, ev)
        elif ph == PH_STUN:
            self._draw(self.tp, action - STUN, ev)
            self._end_turn(ev)
        else:  # PH_BURY
            b = pbase(self.actor)
            card = self._take(b + HAND_ZONE, (action - HAND) // 3)
            self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
            ev.append(move(card, b + HAND_ZONE, b + ARSENAL, self.actor))
            self.phase = PH_MAIN
        return ev

    def _take(self, zone: int, d: int) -> int:
        z = self.zones[zone]
        cards = self.cards
        i = next(i for i, c in enumerate(z) if cards[c] == d)
        self.zones[zone] = z[:i] + z[i + 1 :]
        return z[i]

    def _put(self, card: int, src: int, dst: int, ev: list[Event], player: int) -> None:
        self.zones[dst] += (card,)
        ev.append(move(card, src, dst, player))

    # ----- Pre-match -------------------------------------------------------------------------
    def _prematch(self, action: int, ev: list[Event]) -> None:
        """RD-2.3: alternate placing Pre-match cards; two passes in a row end the phase."""
        p = self.actor
        if action == END:
            self.passes += 1
        else:
            self.passes = 0
            b = pbase(p)
            d = (action - self.game.codec.backlash) // 3
            card = self._take(b + BACKLASH, d)
            self._put(card, b + BACKLASH, b + PREMATCH, ev, p)
            self._draw(p, self.game.tables.pm_draw[d], ev)
        self.next_prematch(1 - p, ev)

    def next_prematch(self, q: int, ev: list[Event]) -> None:
        """Give player ``q`` the next Pre-match decision; a player with nothing to place
        passes at once; after two passes in a row the first turn starts."""
        for _ in range(2):
            if self.passes >= 2:
                break
            self.actor = q
            if self._prematch_actions():
                return
            self.passes += 1
            q = 1 - q
        self._first_turn(ev)

    def _first_turn(self, ev: list[Event]) -> None:
        """RD-2.4: the higher Superstar Value goes first; a tie: who started the Pre-match."""
        a, b = self.superstar_value(0), self.superstar_value(1)
        first = self.tp if a == b else (0 if a > b else 1)
        ev.append(note("first_player", first))
        self._start_turn(first, ev)

    # ----- the turn --------------------------------------------------------------------------
    def _start_turn(self, p: int, ev: list[Event]) -> None:
        """RD-4.1 start-of-turn abilities, RD-4.2 the draw."""
        self.turn_no += 1
        if self.turn_no > self.game.options.max_turns:
            self._game_over(DRAW, "turn limit", ev)
            return
        self.tp = self.actor = p
        self.phase = PH_MAIN
        self.ability_used = False
        self.ended_turn = False
        self.last_played = -1
        self.last_damage = 0
        self.bonus = (0, 0)
        self.rev_cost = 0
        ev.append(note("turn", p, turn=self.turn_no))
        carried = self.carry[p]
        if carried >= 0:  # RD-6.4 a set-up reversal counts for this turn's first card
            self.carry[p] = -1
            self.last_played = carried
            self._effects(p, self.game.tables.effects[carried], ev, setup_only=True)
        ability = self.ability(p)
        if ability == A_START_OVERTURN:
            self._damage(1 - p, 1, ev, from_card=False)
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
        b = pbase(p)
        z = self.zones
        for _ in range(n):
            if not z[b + ARSENAL]:
                return
            card = z[b + ARSENAL][-1]
            z[b + ARSENAL] = z[b + ARSENAL][:-1]
            self._put(card, b + ARSENAL, b + HAND_ZONE, ev, p)

    def _use_ability(self, ev: list[Event]) -> None:
        """draw_and_bury: draw 1, then put 1 card from the hand under the Arsenal."""
        p = self.actor
        self.ability_used = True
        ev.append(note("ability", p))
        self._draw(p, 1, ev)
        if self.zones[pbase(p) + HAND_ZONE]:
            self.phase = PH_BURY

    def _play(self, src: int, d: int, k: int, ev: list[Event]) -> None:
        """RD-4.4: a card is played: it waits in the playing area for the reversal window."""
        p = self.tp
        t = self.game.tables
        card = self._take(src, d)
        self._put(card, src, pbase(p) + PLAYING, ev, p)
        ev.append(note("play", p, card=self.game.card_ids[d], as_type=("maneuver", "action")[k]))
        self.pending_as = k
        self.pending_def = d
        self.pending_prev = self.last_played
        bonus, mask = self.bonus
        dmg = 0
        if k == MANEUVER:
            dmg = t.damage[d]
            if bonus and (not mask or mask & t.subtypes[d]):
                dmg += bonus
            for c in self.zones[pbase(p) + PREMATCH]:
                b2, m2 = t.pm_damage[self.cards[c]]
                if b2 and (not m2 or m2 & t.subtypes[d]):
                    dmg += b2
            o = 1 - p
            dmg -= sum(t.pm_reduction[self.cards[c]] for c in self.zones[pbase(o) + PREMATCH])
            if self.ability(o) == A_TOUGH:
                dmg -= 1
            dmg = max(0, dmg)
        self.pending_damage = dmg
        self.bonus = (0, 0)
        self.reversals_left = 2 if t.multi[d] and k == MANEUVER else 1
        self._open_reversal_window(ev)

    def _open_reversal_window(self, ev: list[Event]) -> None:
        self.actor = 1 - self.tp
        if self._reversal_actions():
            self.phase = PH_REVERSAL
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
        self._effects(q, t.reversal_effects[rev], ev)
        if t.setup[rev]:
            self.carry[q] = rev
        if self.phase != PH_OVER and t.damage[rev]:
            self._damage(p, t.damage[rev], ev, from_card=False)
        if self.phase == PH_OVER:
            return
        self.reversals_left -= 1
        if self.reversals_left > 0:  # RD-6.5 Multi: a second reversal is needed
            self.actor = q
            if self._reversal_actions():
                self.phase = PH_REVERSAL
                return
            self.actor = p
            self._resolve(ev)
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
        b = pbase(p)
        self.actor = p
        self.phase = PH_MAIN
        card = self.zones[b + PLAYING][0]
        d = self.cards[card]
        self.zones[b + PLAYING] = ()
        self._put(card, b + PLAYING, b + RING, ev, p)
        self.last_played = d
        self.last_damage = self.pending_damage if self.pending_as == MANEUVER else 0
        self._effects(p, t.effects[d], ev)
        if self.phase == PH_OVER:
            return
        if self.pending_as == MANEUVER and self.pending_damage:
            stopped = self._damage(1 - p, self.pending_damage, ev, from_card=True)
            if self.phase == PH_OVER:
                return
            if stopped:
                return
        if any(e[0] == V_END_TURN for e in t.effects[d]):
            self._end_turn(ev)

    def _effects(
        self, p: int, effects: tuple[Effect, ...], ev: list[Event], setup_only: bool = False
    ) -> None:
        """RD-7: apply a card's effects for player ``p``."""
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
                b = pbase(1 - p)
                for _ in range(amount):
                    hand = self.zones[b + HAND_ZONE]
                    if not hand:
                        break
                    i = self.rng.below(len(hand))
                    self.zones[b + HAND_ZONE] = hand[:i] + hand[i + 1 :]
                    self._put(hand[i], b + HAND_ZONE, b + RINGSIDE, ev, 1 - p)
            elif verb == V_OVERTURN_SELF:
                self._damage(p, amount, ev, from_card=False)
                if self.phase == PH_OVER:
                    return
            elif verb == V_RECOVER:
                b = pbase(p)
                for _ in range(amount):
                    if not self.zones[b + RINGSIDE]:
                        break
                    card = self.zones[b + RINGSIDE][-1]
                    self.zones[b + RINGSIDE] = self.zones[b + RINGSIDE][:-1]
                    self.zones[b + ARSENAL] = (card, *self.zones[b + ARSENAL])
                    ev.append(move(card, b + RINGSIDE, b + ARSENAL, p))

    def _damage(self, victim: int, n: int, ev: list[Event], from_card: bool) -> bool:
        """RD-5.4: overturn ``n`` cards one at a time. With ``from_card`` a fitting reversal
        overturned from the Arsenal stops the damage and ends the turn (Stun Value may let
        the attacker draw). Returns whether the damage was stopped. RD-8.1 decides pins."""
        b = pbase(victim)
        z = self.zones
        t = self.game.tables
        ev.append(note("damage", victim, amount=n))
        if self.game.options.pinfall == "seed" and n >= len(z[b + ARSENAL]) and n > 0:
            self._game_over(1 - victim, "pinfall", ev)
            return False
        for i in range(n):
            if not z[b + ARSENAL]:
                self._game_over(1 - victim, "pinfall", ev)
                return False
            card = z[b + ARSENAL][-1]
            z[b + ARSENAL] = z[b + ARSENAL][:-1]
            self._put(card, b + ARSENAL, b + RINGSIDE, ev, victim)
            d = self.cards[card]
            if (
                from_card
                and t.plays[d] & 4
                and t.kind[d] == ARSENAL_CARD
                and self._reverses(d, True)
            ):
                ev.append(note("reversed_from_arsenal", victim, card=self.game.card_ids[d]))
                stun = min(t.stun[self.pending_def], len(z[pbase(self.tp) + ARSENAL]))
                if i < n - 1 and stun:  # RD-5.5 Stun Value
                    self.stun_max = stun
                    self.phase = PH_STUN
                    self.actor = self.tp
                else:
                    self._end_turn(ev)
                return True
        return False

    def _end_turn(self, ev: list[Event]) -> None:
        """RD-4.7 end of turn; RD-8.2 count-out of either player."""
        empty = [q for q in (0, 1) if not self.zones[pbase(q) + ARSENAL]]
        if len(empty) == 2:
            both = self.game.options.double_countout
            self._game_over(DRAW if both == "draw" else BOTH_LOSE, "double count-out", ev)
            return
        if empty:
            self._game_over(1 - empty[0], "count-out", ev)
            return
        self._start_turn(1 - self.tp, ev)

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
        return {
            "game": "rawdeal",
            "player": player,
            "num_players": 2,
            "phase": PHASES[self.phase],
            "turn": self.turn_no,
            "turn_player": self.tp,
            "current_player": None if cur == TERMINAL else cur,
            "superstars": [ids[self.superstar(p)] for p in (0, 1)],
            "superstar_values": [self.superstar_value(p) for p in (0, 1)],
            "fortitude": [self.fortitude(p) for p in (0, 1)],
            "playing": {
                "card": ids[self.cards[playing[0]]],
                "as": ("maneuver", "action")[self.pending_as],
                "damage": self.pending_damage,
                "reversals_needed": self.reversals_left,
            }
            if playing
            else None,
            "last_played": ids[self.last_played] if self.last_played >= 0 else None,
            "setup_bonus": self.bonus[0],
            "ability_used": self.ability_used,
            "stun_max": self.stun_max if self.phase == PH_STUN else 0,
            "winner": None
            if self.winner == -1
            else (
                self.winner
                if self.winner >= 0
                else ("draw" if self.winner == DRAW else "both lose")
            ),
        }


__all__ = ["NO_LIMIT", "RawDealState"]
