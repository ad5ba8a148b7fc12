"""The Looney Tunes state: one class, ``LooneyState``, made of the parts of the rules.

Rule numbers (LT-x.y) refer to docs/rules/looney.md. Each part is a module named for it:
base.py (the fields, LT-2.3), moves.py (drawing and reshuffling, LT-3.1, LT-7.2, LT-7.3),
storyboard.py (LT-3), placement.py (LT-4, LT-5.1, LT-5.2), answering.py (LT-5), end.py (the
round's scoring and the end, LT-6, LT-7), and scoring.py with effects.py (one scene, LT-6,
LT-9). Here: who acts, the legal actions and applying one (LT-2.4 the first player), the
views, and the options the hot paths test (``HotTables``).
"""
# cardtable: compile

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event, note
from cardtable.core.state import TERMINAL

from .actions import DONE, FIRST, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS
from .base import (
    BY_HAND,
    BY_MOVIE,
    M_HAND,
    PH_FIRST,
    PH_OVER,
    PH_PLACE,
    PH_STORY,
    PHASES,
    Events,
)
from .explain import explain
from .placement import ROLE_LIMITS, by_mask
from .storyboard import Storyboard
from .zones import DOWN, FX, PER_PLAYER, PLAYER_BASE, STORY
from .zones import LOCATION as LOC

if TYPE_CHECKING:
    from .game import LooneyGame

REDEALS = 64
"""How many times ``_after_resample`` deals a player's hidden cards again, at most, to find
face-down cards the rules allow (LT-4.3, LT-4.4)."""


class HotTables:
    """What the hot paths look up per decision, computed once per game: the options they test
    (options are frozen) and the first action of each card definition per kind of play."""

    __slots__ = (
        "answer_any",
        "any_hue",
        "char",
        "color",
        "deck_reshuffle",
        "each_scene",
        "effect",
        "effect_base",
        "hand_size",
        "kind",
        "location",
        "location_base",
        "max_rounds",
        "n",
        "nobody_over",
        "one_method",
        "personal_defs",
        "place",
        "place_base",
        "refill_mix",
        "role_limit",
        "scene_scope",
        "target_points",
        "uncovered_out",
    )

    @classmethod
    def of(cls, game: LooneyGame) -> HotTables:
        """The tables, computed. (No ``__init__``: in the compiled build, a class without
        one pickles.)"""
        tables = cls()
        tables._fill(game)
        return tables

    def _fill(self, game: LooneyGame) -> None:
        t = game.tables
        codec = game.codec
        opts = game.options
        self.kind = t.kind
        self.personal_defs = t.personal_defs
        self.char = t.char
        self.color = t.color
        self.effect_base = codec.effect_base
        self.place_base = codec.place_base
        self.location_base = codec.location_base
        # per card definition: its special-effect action, and its actor and location
        # actions by slot mask (only meaningful for cards of that kind)
        self.effect = tuple(codec.effect_base + p for p in t.personal)
        self.place = tuple(by_mask(codec.place_base + SLOTS * p) for p in t.personal)
        self.location = tuple(by_mask(codec.location_base + SLOTS * p) for p in t.personal)
        self.n = game.num_players  # game.num_players is a property: a call per use
        self.hand_size = opts.hand_size
        self.max_rounds = opts.max_rounds
        self.target_points = opts.target_points
        self.scene_scope = opts.unique_scope == "scene"
        self.answer_any = opts.answer_method == "any"
        self.deck_reshuffle = opts.personal_deck_out == "reshuffle"
        self.role_limit = ROLE_LIMITS.index(opts.role_limit)
        self.one_method = opts.placement_method == "one"
        self.refill_mix = opts.refill == "mix"
        self.uncovered_out = opts.answer_elimination == "scene-uncovered"
        self.each_scene = opts.target_check == "scene"
        self.any_hue = opts.mixed_group_color == "any"
        self.nobody_over = opts.overact_all == "nobody"


class LooneyState(Storyboard):
    """A game of Looney Tunes in progress."""

    __slots__ = ()

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
            return legal if legal and legal[0] < self.hot.location_base else [DONE]
        if ph == PH_STORY:
            return self._storyboard_actions() or [DONE]
        return [FIRST + p for p in range(self.game.num_players)]

    def _explain_illegal(self, action: int) -> str:
        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        self._push(action, ev)
        return ev

    def _push(self, action: int, ev: Events = None) -> None:
        """Apply ``action``, its events into ``ev`` (``None``: no events, as ``push`` wants)."""
        h = self.hot
        if action < REFILL:
            self.rp = action - FIRST
            if ev is not None:
                ev.append(note("first_player", self.chooser, first=self.rp))
            self._start_round(ev)
            return
        if self.phase == PH_STORY:
            if action == DONE:  # only when no scene can be added (after a resample)
                self._begin_placement(ev)
                return
            if action == REFILL:
                self.refill_method = BY_MOVIE
                self._refill_from_movie(ev)
            else:
                self.refill_method = BY_HAND
                self._play_from_hand(action - SCENE, STORY + self._empty_slot(), ev)
            self._storyboard(ev)
            return
        pe = self.pending_effect
        self.pending_effect = -1
        if action == DONE:
            self._done(ev)
        elif action == ROLE:
            self._role(ev)
        elif action < SCENE:
            self._role_to_slot(action - ROLE_SLOT, ev)
        elif action < h.place_base:
            b = PLAYER_BASE + PER_PLAYER * self.actor  # pbase(self.actor), without the call
            self._play_from_hand(action - h.effect_base, b + FX + pe, ev)
        elif action < h.location_base:
            p, s = divmod(action - h.place_base, SLOTS)
            self._play_from_hand(p, PLAYER_BASE + PER_PLAYER * self.actor + DOWN + s, ev)
            self.pending_effect = s
            self._placed(s, M_HAND)
        else:
            p, s = divmod(action - h.location_base, SLOTS)
            self._play_from_hand(p, LOC + s, ev)
            self.location_played = True
        if self.phase == PH_PLACE and self._legal is None:
            # _check_stuck, without the call: after almost every action of the placement
            legal = self._placement_actions()
            if legal and legal[0] < h.location_base:
                self._legal = legal
            else:
                self._eliminate(self.actor, ev)

    # ----- resampling -------------------------------------------------------------------------
    def _after_resample(self, player: int) -> None:
        """Keep every other player's face-down cards legal (LT-4.3, LT-4.4) in a state
        ``resample`` dealt for ``player``: see ``_redeal_until_legal``."""
        for other in range(self.game.num_players):
            if other != player:
                self._redeal_until_legal(player, other)

    def _redeal_until_legal(self, player: int, owner: int) -> None:
        """Rejection sampling: while ``owner``'s face-down cards break LT-4.3 or LT-4.4
        (``_face_down_legal``), deal all of ``owner``'s cards hidden from ``player`` again,
        as ``resample`` does but with the state's own generator, at most ``REDEALS`` times.
        If no deal is legal the last one stays: the cards really there would give them
        away."""
        if self._face_down_legal(owner):
            return
        hidden = self._hidden_zones(player).get(owner, [])
        known = self._known_hidden(player)
        for _ in range(REDEALS):
            self._redeal(self, hidden, self.rng, known)  # from this state into itself
            if self._face_down_legal(owner):
                return

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
