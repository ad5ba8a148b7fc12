"""The Looney Tunes state: setup, the round (draw, storyboard, actors, answers) and its end.

Rule numbers (LT-x.y) refer to docs/rules/looney.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event, move, note
from cardtable.core.state import TERMINAL, State

from .actions import DONE, FIRST, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS
from .cards import ACTOR, EFFECT, GRAY, LOCATION
from .scoring import score_slot
from .zones import (
    DECK,
    DISCARD,
    DOWN,
    FX,
    HAND,
    MOVIE_DECK,
    MOVIE_DISCARD,
    PER_PLAYER,
    PLAYER_BASE,
    STORY,
    UP,
    pbase,
)
from .zones import LOCATION as LOC
from .zones import ROLE as ROLE_ZONE

if TYPE_CHECKING:
    from .game import LooneyGame

PH_FIRST, PH_STORY, PH_PLACE, PH_OVER = range(4)
PHASES = ("choose-first", "storyboard", "placement", "over")
BY_MOVIE, BY_HAND = 1, 2  # storyboard refill sources
M_HAND, M_ROLE = 1, 2  # placement methods (bits of rp_methods and my_methods)
M_FAILED = 4  # bit of my_methods: a Role of this placement found no actor
DRAW = -2
_SLOT_RANGE = range(SLOTS)


def _by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of slots (bit s: slot s), the actions ``first + s`` of its slots."""
    return tuple(
        tuple(first + s for s in range(SLOTS) if mask >> s & 1) for mask in range(1 << SLOTS)
    )


_ROLE_SLOT_ACTIONS = _by_mask(ROLE_SLOT)


ROLE_LIMITS = ("once", "unlimited", "when-stuck")  # the option role_limit, compiled
ROLE_ONCE, ROLE_UNLIMITED, ROLE_WHEN_STUCK = range(3)


class HotTables:
    """What the hot paths look up per decision, computed once per game: the options they test
    (options are frozen) and the first action of each card definition per kind of play."""

    __slots__ = (
        "answer_any",
        "char",
        "color",
        "deck_reshuffle",
        "each_scene",
        "effect",
        "effect_base",
        "kind",
        "location",
        "location_base",
        "one_method",
        "place",
        "place_base",
        "refill_mix",
        "role_limit",
        "scene_scope",
        "uncovered_out",
    )

    def __init__(self, game: LooneyGame) -> None:
        t = game.tables
        codec = game.codec
        opts = game.options
        self.kind = t.kind
        self.char = t.char
        self.color = t.color
        self.effect_base = codec.effect_base
        self.place_base = codec.place_base
        self.location_base = codec.location_base
        # per card definition: its special-effect action, and its actor and location
        # actions by slot mask (only meaningful for cards of that kind)
        self.effect = tuple(codec.effect_base + p for p in t.personal)
        self.place = tuple(_by_mask(codec.place_base + SLOTS * p) for p in t.personal)
        self.location = tuple(_by_mask(codec.location_base + SLOTS * p) for p in t.personal)
        self.scene_scope = opts.unique_scope == "scene"
        self.answer_any = opts.answer_method == "any"
        self.deck_reshuffle = opts.personal_deck_out == "reshuffle"
        self.role_limit = ROLE_LIMITS.index(opts.role_limit)
        self.one_method = opts.placement_method == "one"
        self.refill_mix = opts.refill == "mix"
        self.uncovered_out = opts.answer_elimination == "scene-uncovered"
        self.each_scene = opts.target_check == "scene"


class LooneyState(State):
    """A game of Looney Tunes in progress."""

    __slots__ = (
        "actor",
        "chooser",
        "location_played",
        "my_methods",
        "n_placed",
        "out",
        "owner",
        "pending_effect",
        "phase",
        "refill_method",
        "role_used",
        "round_no",
        "rp",
        "rp_methods",
        "scores",
        "used",
        "winner",
    )

    game: LooneyGame
    owner: tuple[int, ...]

    def _init_fields(self) -> None:
        self.phase = PH_FIRST
        self.chooser = 0
        self.rp = 0
        self.actor = 0
        self.used = 0
        self.pending_effect = -1
        self.role_used = False
        self.location_played = False
        self.refill_method = 0
        self.rp_methods = 0
        self.my_methods = 0
        self.n_placed = 0
        self.round_no = 0
        self.scores = [0] * self.game.num_players
        self.out = [False] * self.game.num_players
        self.winner = -1

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, LooneyState)
        other.owner = self.owner
        other.phase = self.phase
        other.chooser = self.chooser
        other.rp = self.rp
        other.actor = self.actor
        other.used = self.used
        other.pending_effect = self.pending_effect
        other.role_used = self.role_used
        other.location_played = self.location_played
        other.refill_method = self.refill_method
        other.rp_methods = self.rp_methods
        other.my_methods = self.my_methods
        other.n_placed = self.n_placed
        other.round_no = self.round_no
        other.scores = self.scores[:]
        other.out = self.out[:]
        other.winner = self.winner

    # ----- scenario support ------------------------------------------------------------------
    def _pinned(self, zone: int, new: list[int]) -> None:
        """New instances belong to the zone's owner; movie scenes to nobody (-1)."""
        spec_owner = self.game.zone_specs[zone].owner
        t = self.game.tables
        owners = [-1 if t.personal[self.cards[c]] < 0 else (spec_owner or 0) for c in new]
        self.owner = self.owner + tuple(owners)

    def pin_fields(self, fields: dict[str, Any]) -> None:
        """Scenario fields: ``scores`` (list), ``chooser`` (who picks the first player)."""
        unknown = sorted(set(fields) - {"scores", "chooser"})
        if unknown:
            raise KeyError(f"unknown state field(s) {unknown}; valid: chooser, scores")
        if "scores" in fields:
            scores = [int(x) for x in fields["scores"]]
            if len(scores) != self.game.num_players:
                raise KeyError(f"'scores' needs {self.game.num_players} numbers")
            self.scores = scores
        if "chooser" in fields:
            self.chooser = int(fields["chooser"]) % self.game.num_players
        self._legal = None

    # ----- who acts --------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """Whether the game is over (the same as ``current_player() == TERMINAL``)."""
        return self.phase == PH_OVER

    def current_player(self) -> int:
        """The chooser, the round player building the storyboard, or the placing player."""
        ph = self.phase
        if ph == PH_PLACE:
            return self.actor
        if ph == PH_STORY:
            return self.rp
        if ph == PH_FIRST:
            return self.chooser
        return TERMINAL

    def returns(self) -> list[float]:
        """1 for the winner and -1/(n-1) for the others; all 0 for a draw or before the end."""
        n = self.game.num_players
        if self.winner < 0:
            return [0.0] * n
        loss = -1.0 / (n - 1)
        return [1.0 if p == self.winner else loss for p in range(n)]

    # ----- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph == PH_PLACE:
            # Only a resampled state can leave a player stuck here (play eliminates a stuck
            # player at once); its one action, 'done', then eliminates them.
            legal = self._placement_actions()
            return legal if legal and legal[0] < self.game.codec.location_base else [DONE]
        if ph == PH_STORY:
            return self._storyboard_actions() or [DONE]
        return [FIRST + p for p in range(self.game.num_players)]

    def _storyboard_actions(self) -> list[int]:
        """LT-3.2 one source per refill; LT-3.3 a hand refill that runs out of scenes is
        completed from the Movie deck."""
        z = self.zones
        t = self.game.tables
        cards = self.cards
        defs = {cards[i] for i in z[pbase(self.rp) + HAND]}
        scenes = sorted(SCENE + t.personal[d] for d in defs if t.kind[d] == 0)
        out: list[int] = []
        method = 0 if self.game.hot.refill_mix else self.refill_method
        hand_only = method == BY_HAND and scenes
        if not hand_only and (z[MOVIE_DECK] or z[MOVIE_DISCARD]):
            out.append(REFILL)
        if method != BY_MOVIE:
            out += scenes
        return out

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
        if self.game.hot.scene_scope:
            return c not in placed[s]
        return not any(c in p for p in placed)

    def _method_ok(self, method: int) -> bool:
        """LT-5.2: an answering player's methods (option 'same': only those the round player
        used this round)."""
        if self.actor == self.rp or self.game.hot.answer_any:
            return True
        return bool(self.rp_methods & method)

    def _open_and_blocked(self) -> tuple[int, dict[int, int]]:
        """The slots the acting player may place on (bit s: slot s; see _slots_open) and, by
        character, the slots where LT-4.3 forbids another actor of it (see _char_ok)."""
        z = self.zones
        h = self.game.hot
        cards = self.cards
        char = h.char
        if self.actor == self.rp:  # LT-4.1 any scene
            open_mask = (
                (1 if z[STORY] else 0)
                | (2 if z[STORY + 1] else 0)
                | (4 if z[STORY + 2] else 0)
                | (8 if z[STORY + 3] else 0)
            )
        else:  # LT-5.1 the scenes the round player used
            open_mask = self.used
        down = PLAYER_BASE + PER_PLAYER * self.actor + DOWN
        up = down - DOWN + UP
        blocked: dict[int, int] = {}
        if h.scene_scope:
            for s in _SLOT_RANGE:
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
        # slot s) and the actions of each card and slot mask looked up in HotTables.
        z = self.zones
        h = self.game.hot
        cards = self.cards
        char = h.char
        b = PLAYER_BASE + PER_PLAYER * self.actor
        is_rp = self.actor == self.rp
        open_mask, blocked = self._open_and_blocked()
        role = z[b + ROLE_ZONE]
        if role:
            return list(_ROLE_SLOT_ACTIONS[open_mask & ~blocked.get(char[cards[role[0]]], 0)])
        out: list[int] = []
        can_place = False
        hand_ok = is_rp or h.answer_any or bool(self.rp_methods & M_HAND)
        if h.one_method and self.my_methods & M_ROLE:  # LT-4.8 one method per placement
            hand_ok = False
        pe = self.pending_effect
        color = h.color
        actor_color = color[cards[z[b + DOWN + pe][-1]]] if pe >= 0 else -1
        kind = h.kind
        for d in {cards[i] for i in z[b + HAND]}:  # the result is sorted at the end
            k = kind[d]
            if k == ACTOR:
                if hand_ok:
                    m = open_mask & ~blocked.get(char[d], 0)
                    if m:
                        out += h.place[d][m]
                        can_place = True
            elif k == EFFECT:
                if pe >= 0 and (color[d] == GRAY or color[d] == actor_color):
                    out.append(h.effect[d])
            elif k == LOCATION and is_rp and not self.location_played:
                free = open_mask & ~(
                    (1 if z[LOC] else 0)
                    | (2 if z[LOC + 1] else 0)
                    | (4 if z[LOC + 2] else 0)
                    | (8 if z[LOC + 3] else 0)
                )
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
        h = self.game.hot
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

    def _covered(self) -> bool:
        """Whether the acting player has an actor on every used scene."""
        z = self.zones
        b = pbase(self.actor)
        u = self.used
        return all(z[b + DOWN + s] or z[b + UP + s] for s in range(SLOTS) if u >> s & 1)

    def _explain_illegal(self, action: int) -> str:
        from .explain import explain

        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        h = self.game.hot
        if action < REFILL:
            self.rp = action - FIRST
            ev.append(note("first_player", self.chooser, first=self.rp))
            self._start_round(ev)
            return ev
        if self.phase == PH_STORY:
            if action == DONE:  # only when no scene can be added (after a resample)
                self._begin_placement(ev)
                return ev
            if action == REFILL:
                self.refill_method = BY_MOVIE
                self._refill_from_movie(ev)
            else:
                self.refill_method = BY_HAND
                self._play_from_hand(action - SCENE, STORY + self._empty_slot(), ev)
            self._storyboard(ev)
            return ev
        pe = self.pending_effect
        self.pending_effect = -1
        if action == DONE:
            self._done(ev)
        elif action == ROLE:
            self._role(ev)
        elif action < SCENE:
            self._role_to_slot(action - ROLE_SLOT, ev)
        elif action < h.place_base:
            b = pbase(self.actor)
            self._play_from_hand(action - h.effect_base, b + FX + pe, ev)
        elif action < h.location_base:
            p, s = divmod(action - h.place_base, SLOTS)
            self._play_from_hand(p, pbase(self.actor) + DOWN + s, ev)
            self.pending_effect = s
            self._placed(s, M_HAND)
        else:
            p, s = divmod(action - h.location_base, SLOTS)
            self._play_from_hand(p, LOC + s, ev)
            self.location_played = True
        if self.phase == PH_PLACE and self._legal is None:
            self._check_stuck(ev)
        return ev

    def _play_from_hand(self, personal: int, dst: int, ev: list[Event]) -> None:
        d = self.game.tables.personal_defs[personal]
        player = self.actor if self.phase == PH_PLACE else self.rp
        h = pbase(player) + HAND
        hand = self.zones[h]
        cards = self.cards
        i = 0
        while cards[hand[i]] != d:
            i += 1
        card = hand[i]
        self.zones[h] = hand[:i] + hand[i + 1 :]
        self.zones[dst] += (card,)
        ev.append(move(card, h, dst, player))

    def _placed(self, slot: int, method: int) -> None:
        self.n_placed += 1
        self.my_methods |= method
        if self.actor == self.rp:
            self.used |= 1 << slot
            self.rp_methods |= method

    def _move_top(self, src: int, dst: int, ev: list[Event], player: int) -> int:
        z = self.zones
        card = z[src][-1]
        z[src] = z[src][:-1]
        z[dst] += (card,)
        ev.append(move(card, src, dst, player))
        return card

    def _reshuffle(self, src: int, dst: int, ev: list[Event], player: int) -> None:
        """Shuffle pile ``src`` to become deck ``dst`` (LT-7.2, LT-7.3)."""
        z = self.zones
        for c in z[src]:
            ev.append(move(c, src, dst, player))
        z[dst] = self.rng.shuffled(z[dst] + z[src])
        z[src] = ()
        ev.append(note("reshuffle", player, deck=self.game.zone_specs[dst].key))

    def _draw(self, player: int, n: int, ev: list[Event]) -> None:
        """Draw ``n`` cards; an empty deck draws nothing unless the reshuffle option is on."""
        b = pbase(player)
        z = self.zones
        for _ in range(n):
            if not z[b + DECK]:
                if not self.game.hot.deck_reshuffle or not z[b + DISCARD]:
                    return
                self._reshuffle(b + DISCARD, b + DECK, ev, player)
            self._move_top(b + DECK, b + HAND, ev, player)

    # ----- the round -------------------------------------------------------------------------
    def _start_round(self, ev: list[Event]) -> None:
        """LT-3.1 draw up to the hand size, then LT-3.2 build the storyboard."""
        self.round_no += 1
        if self.round_no > self.game.options.max_rounds:
            self._end_by_points(ev)
            return
        ev.append(note("round", self.rp, round=self.round_no))
        hand = len(self.zones[pbase(self.rp) + HAND])
        if hand < self.game.options.hand_size:
            self._draw(self.rp, self.game.options.hand_size - hand, ev)
        self.phase = PH_STORY
        self.refill_method = 0
        self._storyboard(ev)

    def _empty_slot(self) -> int:
        z = self.zones
        for s in _SLOT_RANGE:
            if not z[STORY + s]:
                return s
        raise StopIteration("the storyboard is full")  # as next() did; callers check first

    def _refill_from_movie(self, ev: list[Event]) -> None:
        if not self.zones[MOVIE_DECK]:
            self._reshuffle(MOVIE_DISCARD, MOVIE_DECK, ev, -1)
        self._move_top(MOVIE_DECK, STORY + self._empty_slot(), ev, self.rp)

    def _storyboard(self, ev: list[Event]) -> None:
        """Fill the storyboard to 4 scenes; stop for a decision only when the round player
        holds a scene and may play it (LT-3.2)."""
        z = self.zones
        while not all(z[STORY + s] for s in range(SLOTS)):
            legal = self._storyboard_actions()
            if not legal:
                break
            if legal != [REFILL]:
                self._legal = legal
                return
            self.refill_method = BY_MOVIE
            self._refill_from_movie(ev)
        self._begin_placement(ev)

    def _begin_placement(self, ev: list[Event]) -> None:
        self.phase = PH_PLACE
        self.used = 0
        self.rp_methods = 0
        self.location_played = False
        self._begin_turn(self.rp, ev)

    def _begin_turn(self, player: int, ev: list[Event]) -> None:
        self.actor = player
        self.n_placed = 0
        self.role_used = False
        self.my_methods = 0
        self.pending_effect = -1
        self._check_stuck(ev)

    def _check_stuck(self, ev: list[Event]) -> None:
        """LT-7.5: a player who must place an actor and cannot is eliminated (a location
        they could still play does not save them)."""
        legal = self._placement_actions()
        if legal and legal[0] < self.game.codec.location_base:
            self._legal = legal
            return
        self._eliminate(self.actor, ev)

    def _eliminate(self, player: int, ev: list[Event]) -> None:
        self.out[player] = True
        ev.append(note("eliminated", player))
        b = pbase(player)
        z = self.zones
        for s in range(SLOTS):
            for src in (b + DOWN + s, b + FX + s, b + UP + s):
                for c in z[src]:
                    ev.append(move(c, src, b + DISCARD, player))
                z[b + DISCARD] += z[src]
                z[src] = ()
        alive = [p for p in range(self.game.num_players) if not self.out[p]]
        if len(alive) == 1:
            self._game_over(alive[0], "elimination", ev)
        elif player == self.rp:
            self._next_round(ev)
        else:
            self._next_answer(ev)

    def _role(self, ev: list[Event]) -> None:
        """LT-4.5: turn over cards until the first actor comes up; LT-4.6: the Role fails if
        the deck runs out first or that actor cannot be placed (it is discarded)."""
        self.role_used = True
        p = self.actor
        b = pbase(p)
        z = self.zones
        h = self.game.hot
        open_mask, blocked = self._open_and_blocked()
        reshuffled = False
        while True:
            if not z[b + DECK]:
                if reshuffled or not self.game.hot.deck_reshuffle:
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
        ev.append(note("role_failed", p))
        self._check_stuck(ev)

    def _role_to_slot(self, s: int, ev: list[Event]) -> None:
        b = pbase(self.actor)
        self._move_top(b + ROLE_ZONE, b + UP + s, ev, self.actor)
        self._placed(s, M_ROLE)

    def _done(self, ev: list[Event]) -> None:
        """The acting player ends their placement; the next player answers or scoring starts."""
        p = self.actor
        if not self.n_placed:
            self._eliminate(p, ev)
            return
        uncovered_out = self.game.hot.uncovered_out
        if p != self.rp and uncovered_out and not self._covered():
            self._eliminate(p, ev)
            return
        self._next_answer(ev)

    def _next_answer(self, ev: list[Event]) -> None:
        """LT-5.1: each other player in turn, clockwise from the round player, answers."""
        n = self.game.num_players
        p = (self.actor + 1) % n
        while p != self.rp and self.out[p]:
            p = (p + 1) % n
        if p == self.rp:
            self._score_round(ev)
        else:
            self._begin_turn(p, ev)

    def _score_round(self, ev: list[Event]) -> None:
        """LT-6: score each used scene in slot order; LT-7.1 check for a winner after each
        scene (option ``target_check=round``: after the last one)."""
        draws: list[tuple[int, int]] = []
        each_scene = self.game.hot.each_scene
        for s in range(SLOTS):
            if self.used >> s & 1:
                score_slot(self, s, ev, draws)
                for p, k in draws:  # LT-9.12 right after this scene is scored
                    self._draw(p, k, ev)
                draws.clear()
                if each_scene and self._target_reached(ev):
                    return
        if not self._target_reached(ev):
            self._next_round(ev)

    def _target_reached(self, ev: list[Event]) -> bool:
        """LT-7.1: end the game if a player has the target; of several, the highest total
        wins, then the round player, then the nearest to their left."""
        target = self.game.options.target_points
        if max(self.scores) < target:  # the usual case, decided without the lists below
            return False
        n = self.game.num_players
        order = [(self.rp + i) % n for i in range(n)]
        reached = [p for p in order if not self.out[p] and self.scores[p] >= target]
        if not reached:
            return False
        best = max(self.scores[p] for p in reached)
        self._game_over(next(p for p in reached if self.scores[p] == best), "points", ev)
        return True

    def _next_round(self, ev: list[Event]) -> None:
        n = self.game.num_players
        p = (self.rp + 1) % n
        while self.out[p]:
            p = (p + 1) % n
        self.rp = p
        self._start_round(ev)

    def _end_by_points(self, ev: list[Event]) -> None:
        """LT-7.4: after the round limit the higher score wins; equal scores draw."""
        alive = [p for p in range(self.game.num_players) if not self.out[p]]
        best = max(self.scores[p] for p in alive)
        top = [p for p in alive if self.scores[p] == best]
        self._game_over(top[0] if len(top) == 1 else DRAW, "round limit", ev)

    def _game_over(self, winner: int, how: str, ev: list[Event]) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self._legal = []
        ev.append(note("game_over", winner if winner >= 0 else -1, how=how, scores=self.scores[:]))

    # ----- views -----------------------------------------------------------------------------
    def _public_view(self, player: int | None) -> dict[str, Any]:
        cur = self.current_player()
        return {
            "game": "looney",
            "player": player,
            "num_players": self.game.num_players,
            "phase": PHASES[self.phase],
            "round": self.round_no,
            "round_player": self.rp,
            "current_player": None if cur == TERMINAL else cur,
            "answering": self.phase == PH_PLACE and self.actor != self.rp,
            "used_slots": [s + 1 for s in range(SLOTS) if self.used >> s & 1],
            "effect_slot": self.pending_effect + 1 if self.pending_effect >= 0 else None,
            "role_used": self.role_used,
            "location_played": self.location_played,
            "scores": self.scores[:],
            "target": self.game.options.target_points,
            "eliminated": [p for p, o in enumerate(self.out) if o],
            "winner": None if self.winner == -1 else (self.winner if self.winner >= 0 else "draw"),
        }
