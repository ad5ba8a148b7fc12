"""The start of a round (LT-3): LT-3.1 the round player draws up to the hand size, LT-3.2 the
storyboard is filled to four scenes from one source, LT-3.3 a refill from the hand that runs
out of scenes is completed from the Movie deck (LT-7.3 rebuilt from its discard pile)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .actions import REFILL, SCENE, SLOT_RANGE
from .base import BY_HAND, BY_MOVIE, PH_PLACE, PH_STORY, Events
from .placement import Placement
from .zones import HAND, MOVIE_DECK, MOVIE_DISCARD, PER_PLAYER, PLAYER_BASE, STORY


class Storyboard(Placement):
    """Drawing and building the storyboard, up to the round player's placement."""

    __slots__ = ()

    def _start_round(self, ev: Events) -> None:
        """LT-3.1 draw up to the hand size, then LT-3.2 build the storyboard."""
        self.round_no += 1
        h = self.hot
        if self.round_no > h.max_rounds:
            self._end_by_points(ev)
            return
        if ev is not None:
            ev.append(note("round", self.rp, round=self.round_no))
        hand = len(self.zones[PLAYER_BASE + PER_PLAYER * self.rp + HAND])  # pbase(rp) + HAND
        if hand < h.hand_size:
            self._draw(self.rp, h.hand_size - hand, ev)
        self.phase = PH_STORY
        self.refill_method = 0
        self._storyboard(ev)

    def _storyboard_actions(self) -> list[int]:
        """LT-3.2 one source per refill; LT-3.3 a hand refill that runs out of scenes is
        completed from the Movie deck."""
        z = self.zones
        personal = self.game.tables.personal
        _, scene_defs, _, _, _ = self._hand_kinds(self.rp)
        scenes = sorted([SCENE + personal[d] for d in scene_defs])
        out: list[int] = []
        method = 0 if self.hot.refill_mix else self.refill_method
        hand_only = method == BY_HAND and scenes
        if not hand_only and (z[MOVIE_DECK] or z[MOVIE_DISCARD]):
            out.append(REFILL)
        if method != BY_MOVIE:
            out += scenes
        return out

    def _empty_slot(self) -> int:
        z = self.zones
        for s in SLOT_RANGE:
            if not z[STORY + s]:
                return s
        raise StopIteration("the storyboard is full")  # as next() did; callers check first

    def _refill_from_movie(self, ev: Events) -> None:
        if not self.zones[MOVIE_DECK]:
            self._reshuffle(MOVIE_DISCARD, MOVIE_DECK, ev, -1)
        self._move_top(MOVIE_DECK, STORY + self._empty_slot(), ev, self.rp)

    def _storyboard(self, ev: Events) -> None:
        """Fill the storyboard to 4 scenes; stop for a decision only when the round player
        holds a scene and may play it (LT-3.2)."""
        z = self.zones
        while not (z[STORY] and z[STORY + 1] and z[STORY + 2] and z[STORY + 3]):
            legal = self._storyboard_actions()
            if not legal:
                break
            if legal != [REFILL]:
                self._legal = legal
                return
            self.refill_method = BY_MOVIE
            self._refill_from_movie(ev)
        self._begin_placement(ev)

    def _begin_placement(self, ev: Events) -> None:
        self.phase = PH_PLACE
        self.used = 0
        self.rp_methods = 0
        self.location_played = False
        self._begin_turn(self.rp, ev)
