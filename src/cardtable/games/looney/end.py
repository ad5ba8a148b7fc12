"""The end of a round and of the game: LT-6 the used scenes are scored in slot order (each by
scoring.py; LT-9.12 its draws right after), LT-7.1 winning on points, LT-7.4 the round limit,
LT-7.5 elimination, LT-8.1 the next round player clockwise."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import move, note

from .actions import SLOTS
from .base import DRAW, PH_OVER, Events
from .moves import CardMoves
from .scoring import score_slot
from .zones import DISCARD, DOWN, FX, UP, pbase


class RoundEnd(CardMoves):
    """Scoring the round, the next round, and the end of the game."""

    __slots__ = ()

    def _score_round(self, ev: Events) -> None:
        """LT-6: score each used scene in slot order; LT-7.1 check for a winner after each
        scene (option ``target_check=round``: after the last one)."""
        draws: list[tuple[int, int]] = []
        each_scene = self.hot.each_scene
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

    def _target_reached(self, ev: Events) -> bool:
        """LT-7.1: end the game if a player has the target; of several, the highest total
        wins, then the round player, then the nearest to their left."""
        target = self.hot.target_points
        if max(self.scores) < target:  # the usual case, decided without the lists below
            return False
        n = self.hot.n
        order = [(self.rp + i) % n for i in range(n)]
        reached = [p for p in order if not self.out[p] and self.scores[p] >= target]
        if not reached:
            return False
        best = max(self.scores[p] for p in reached)
        self._game_over(next(p for p in reached if self.scores[p] == best), "points", ev)
        return True

    def _next_round(self, ev: Events) -> None:
        n = self.hot.n
        p = (self.rp + 1) % n
        while self.out[p]:
            p = (p + 1) % n
        self.rp = p
        self._start_round(ev)

    def _eliminate(self, player: int, ev: Events) -> None:
        self.out[player] = True
        if ev is not None:
            ev.append(note("eliminated", player))
        b = pbase(player)
        z = self.zones
        for s in range(SLOTS):
            for src in (b + DOWN + s, b + FX + s, b + UP + s):
                if ev is not None:
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

    def _end_by_points(self, ev: Events) -> None:
        """LT-7.4: after the round limit the higher score wins; equal scores draw."""
        alive = [p for p in range(self.game.num_players) if not self.out[p]]
        best = max(self.scores[p] for p in alive)
        top = [p for p in alive if self.scores[p] == best]
        self._game_over(top[0] if len(top) == 1 else DRAW, "round limit", ev)

    def _game_over(self, winner: int, how: str, ev: Events) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self._legal = []
        if ev is not None:
            ev.append(
                note("game_over", winner if winner >= 0 else -1, how=how, scores=self.scores[:])
            )
