"""The placement (LT-4) and what limits it: LT-4.1 actors from the hand on any scene, LT-4.3
one actor per character, LT-4.4 a special effect with an actor, LT-4.5 and LT-4.6 a Role
(turn over the deck to the first actor), LT-4.7 how many Roles, LT-4.8 mixing the methods,
LT-9.1 one location a round; for an answering player LT-5.1 only the used scenes and LT-5.2
their methods; LT-7.5 a player who cannot place is eliminated."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .actions import DONE, ROLE, ROLE_SLOT, SLOT_RANGE, SLOTS
from .answering import Answering
from .base import M_FAILED, M_HAND, M_ROLE, Events
from .cards import ACTOR, GRAY
from .zones import (
    DECK,
    DISCARD,
    DOWN,
    FX,
    HAND,
    PER_PLAYER,
    PLAYER_BASE,
    STORY,
    UP,
    occupied,
    pbase,
)
from .zones import LOCATION as LOC
from .zones import ROLE as ROLE_ZONE


def by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of slots (bit s: slot s), the actions ``first + s`` of its slots."""
    return tuple(
        tuple(first + s for s in range(SLOTS) if mask >> s & 1) for mask in range(1 << SLOTS)
    )


def effect_fits(effect_color: int, actor_color: int) -> bool:
    """LT-4.4: a special effect may go with an actor of its colour, or with any if gray."""
    return effect_color in (GRAY, actor_color)


def effects_pair_up(effect_colors: list[int], actor_colors: list[int]) -> bool:
    """LT-4.4 for a whole slot: whether each special effect (by colour) can have an actor of
    its own (by colour) that ``effect_fits``, at most one effect per actor. The gray effects
    are paired last, since they fit any actor."""
    free = actor_colors[:]
    for e in sorted(effect_colors, key=lambda col: col == GRAY):
        match = next((i for i, a in enumerate(free) if effect_fits(e, a)), -1)
        if match < 0:
            return False
        del free[match]
    return True


_ROLE_SLOT_ACTIONS = by_mask(ROLE_SLOT)

ROLE_LIMITS = ("once", "unlimited", "when-stuck")  # the option role_limit, compiled
ROLE_ONCE, ROLE_UNLIMITED, ROLE_WHEN_STUCK = range(3)


class Placement(Answering):
    """A player's placement: what they may place, and placing it."""

    __slots__ = ()

    def _slots_open(self) -> list[int]:
        """Slots the acting player may place on: any scene for the round player (LT-4.1),
        the used scenes for an answering player (LT-5.1)."""
        if self.actor == self.rp:
            z = self.zones
            return [s for s in range(SLOTS) if z[STORY + s]]
        u = self.used
        return [s for s in range(SLOTS) if u >> s & 1]

    def _chars_placed(self) -> list[set[int]]:
        """The characters the acting player has on each slot this round."""
        z = self.zones
        char = self.game.tables.char
        cards = self.cards
        b = pbase(self.actor)
        return [{char[cards[i]] for i in z[b + DOWN + s] + z[b + UP + s]} for s in range(SLOTS)]

    def _char_ok(self, c: int, s: int, placed: list[set[int]]) -> bool:
        """LT-4.3: one actor of a character on your side at once (option: per scene)."""
        if self.hot.scene_scope:
            return c not in placed[s]
        return not any(c in p for p in placed)

    def _face_down_legal(self, player: int) -> bool:
        """Whether ``player``'s face-down cards could have been placed as the rules allow:
        each face-down actor passes ``_char_ok`` (LT-4.3) against the Role actors face up
        and the other face-down actors, and each slot's special effects pair up with its
        face-down actors (LT-4.4, ``effects_pair_up``). For a resampled state, whose hidden
        cards were dealt at random."""
        z = self.zones
        char, color = self.hot.char, self.hot.color
        cards = self.cards
        b = pbase(player)
        placed = [{char[cards[i]] for i in z[b + UP + s]} for s in range(SLOTS)]
        for s in range(SLOTS):
            for i in z[b + DOWN + s]:
                c = char[cards[i]]
                if not self._char_ok(c, s, placed):
                    return False
                placed[s].add(c)
            effects = [color[cards[i]] for i in z[b + FX + s]]
            if effects and not effects_pair_up(effects, [color[cards[i]] for i in z[b + DOWN + s]]):
                return False
        return True

    def _method_ok(self, method: int) -> bool:
        """LT-5.2: an answering player's methods (option 'same': only those the round player
        used this round)."""
        if self.actor == self.rp or self.hot.answer_any:
            return True
        return bool(self.rp_methods & method)

    def _open_and_blocked(self) -> tuple[int, dict[int, int]]:
        """The slots the acting player may place on (bit s: slot s; see _slots_open) and, by
        character, the slots where LT-4.3 forbids another actor of it (see _char_ok)."""
        z = self.zones
        h = self.hot
        cards = self.cards
        char = h.char
        # LT-4.1 the round player: any scene (occupied(z, STORY), without the call); LT-5.1
        # the others: the scenes it used
        if self.actor == self.rp:
            open_mask = (
                (1 if z[STORY] else 0)
                | (2 if z[STORY + 1] else 0)
                | (4 if z[STORY + 2] else 0)
                | (8 if z[STORY + 3] else 0)
            )
        else:
            open_mask = self.used
        b = PLAYER_BASE + PER_PLAYER * self.actor
        down, up = b + DOWN, b + UP
        blocked: dict[int, int] = {}
        if h.scene_scope:
            for s in SLOT_RANGE:
                for i in z[down + s] + z[up + s]:
                    c = char[cards[i]]
                    blocked[c] = blocked.get(c, 0) | 1 << s
        else:
            group = z[down] + z[down + 1] + z[down + 2] + z[down + 3]
            group += z[up] + z[up + 1] + z[up + 2] + z[up + 3]
            for i in group:
                blocked[char[cards[i]]] = 15  # every slot
        return open_mask, blocked

    def _placement_actions(self) -> list[int]:
        # The hot path of play. The same result as testing each card with _slots_open,
        # _chars_placed, _char_ok and _method_ok, but with slot sets as bit masks (bit s:
        # slot s), the actions of each card and slot mask looked up in HotTables, and the
        # hand's definitions by kind as _hand_kinds keeps them (each kind is looked at only
        # when it may be played: the special effects only after an actor is placed).
        z = self.zones
        h = self.hot
        cards = self.cards
        char = h.char
        b = PLAYER_BASE + PER_PLAYER * self.actor
        is_rp = self.actor == self.rp
        open_mask, blocked = self._open_and_blocked()
        role = z[b + ROLE_ZONE]
        if role:
            return list(_ROLE_SLOT_ACTIONS[open_mask & ~blocked.get(char[cards[role[0]]], 0)])
        kinds = self.hands[self.actor]  # _hand_kinds, its common case inline
        if kinds[0] is not z[b + HAND]:
            kinds = self._hand_kinds(self.actor)
        _, _, actors, effects, locations = kinds
        out: list[int] = []
        can_place = False
        hand_ok = is_rp or h.answer_any or bool(self.rp_methods & M_HAND)
        if h.one_method and self.my_methods & M_ROLE:  # LT-4.8 one method per placement
            hand_ok = False
        if hand_ok:
            place = h.place
            is_blocked = blocked.get
            for d in actors:
                m = open_mask & ~is_blocked(char[d], 0)
                if m:
                    out += place[d][m]
                    can_place = True
        pe = self.pending_effect
        if pe >= 0 and effects:
            color = h.color
            effect = h.effect
            actor_color = color[cards[z[b + DOWN + pe][-1]]]
            for d in effects:
                if color[d] == GRAY or color[d] == actor_color:  # effect_fits, inline
                    out.append(effect[d])
        if locations and is_rp and not self.location_played:
            free = open_mask & ~occupied(z, LOC)  # the slots without a location
            for d in locations:
                out += h.location[d][free]
        if self._role_ok(can_place):
            out.append(ROLE)
            can_place = True
        if self.n_placed and (is_rp or not can_place or self._covered()):
            out.append(DONE)
        out.sort()
        return out

    def _role_ok(self, can_place_from_hand: bool) -> bool:
        """LT-4.6 a Role needs cards in the deck; LT-4.7 and LT-4.8 limit how often."""
        h = self.hot
        if not (self.actor == self.rp or h.answer_any or self.rp_methods & M_ROLE):
            return False
        if self.my_methods & M_FAILED or (h.one_method and self.my_methods & M_HAND):
            return False  # LT-4.6 after a failed Role; LT-4.8 one method per placement
        b = PLAYER_BASE + PER_PLAYER * self.actor
        z = self.zones
        if not (z[b + DECK] or (h.deck_reshuffle and z[b + DISCARD])):
            return False
        limit = h.role_limit
        if limit == ROLE_ONCE:
            return not self.role_used
        if limit == ROLE_WHEN_STUCK:
            return not can_place_from_hand
        return True

    def _placed(self, slot: int, method: int) -> None:
        self.n_placed += 1
        self.my_methods |= method
        if self.actor == self.rp:
            self.used |= 1 << slot
            self.rp_methods |= method

    def _begin_turn(self, player: int, ev: Events) -> None:
        self.actor = player
        self.n_placed = 0
        self.role_used = False
        self.my_methods = 0
        self.pending_effect = -1
        self._check_stuck(ev)

    def _check_stuck(self, ev: Events) -> None:
        """LT-7.5: a player who must place an actor and cannot is eliminated (a location
        they could still play does not save them)."""
        legal = self._placement_actions()
        if legal and legal[0] < self.hot.location_base:
            self._legal = legal
            return
        self._eliminate(self.actor, ev)

    def _role(self, ev: Events) -> None:
        """LT-4.5: turn over cards until the first actor comes up; LT-4.6: the Role fails if
        the deck runs out first or that actor cannot be placed (it is discarded)."""
        self.role_used = True
        p = self.actor
        b = PLAYER_BASE + PER_PLAYER * p  # pbase(p), without the call
        z = self.zones
        h = self.hot
        open_mask, blocked = self._open_and_blocked()
        reshuffled = False
        while True:
            if not z[b + DECK]:
                if reshuffled or not self.hot.deck_reshuffle:
                    break
                if not z[b + DISCARD]:
                    break
                self._reshuffle(b + DISCARD, b + DECK, ev, p)
                reshuffled = True
            d = self.cards[z[b + DECK][-1]]
            if h.kind[d] == ACTOR and open_mask & ~blocked.get(h.char[d], 0):
                self._move_top(b + DECK, b + ROLE_ZONE, ev, p)
                return
            self._move_top(b + DECK, b + DISCARD, ev, p)
            if h.kind[d] == ACTOR:  # the first actor, which cannot be placed
                break
        self.my_methods |= M_FAILED
        if ev is not None:
            ev.append(note("role_failed", p))
        self._check_stuck(ev)

    def _role_to_slot(self, s: int, ev: Events) -> None:
        b = PLAYER_BASE + PER_PLAYER * self.actor  # pbase(self.actor), without the call
        self._move_top(b + ROLE_ZONE, b + UP + s, ev, self.actor)
        self._placed(s, M_ROLE)
