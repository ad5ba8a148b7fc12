"""Winning (RD-8): players pinned or counted out leave the match (RD-8.1, RD-8.2, RD-9.3; a
team's next member becomes active, RD-9.5), the match ends when one player or team is left,
and the results (RD-8.4)."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .match import BOTH_LOSE, DOUBLE, DRAW, NO_WINNER, PH_OVER, TEAMS, Events
from .multiplayer import MultiplayerRules


class WinningRules(MultiplayerRules):
    """RD-8: leaving the match, the end and the result."""

    __slots__ = ()

    def returns(self) -> list[float]:
        """RD-8.4. Two players: 1 for the winner, -1 for the loser, 0 each for a draw, -1
        each for a double loss. A free-for-all of n: 1 for the winner and -1/(n-1) for every
        other player; in a draw the players out before the end get -1/(n-1) each and the
        players in the draw share what is left, and a double loss gives everyone -1/(n-1).
        Tag teams: 1 for each member of the winning team and -1 for each of the other; 0 for
        a draw, -1 for everyone in a double loss. All 0 before the end."""
        n = self.game.num_players
        w = self.winner
        if w == -1:
            return [0.0] * n
        if self.hot.tag:
            if w < 0:
                return [-1.0 if w == BOTH_LOSE else 0.0] * n
            return [1.0 if p % 2 == w else -1.0 for p in range(n)]
        loss = -1.0 / (n - 1)
        if w >= 0:
            return [1.0 if p == w else loss for p in range(n)]
        if w == BOTH_LOSE:
            return [loss] * n
        out = [self.gone >> p & 1 for p in range(n)]
        share = -loss * sum(out) / (n - sum(out))
        return [loss if o else share for o in out]

    def _knock_out(self, players: list[int], how: str, ev: Events) -> None:
        """RD-8, RD-9.3: the players pinned or counted out leave the match. The game ends
        when one player (a tag team match: one team) is left, the winner; when nobody is
        left, it is a draw among those who went out together (or they all lose, by the
        option double_countout). In a tag team match the partner of an active member who
        goes out becomes active."""
        h = self.hot
        gone = self.gone
        for p in players:
            gone |= 1 << p
        left = [p for p in range(h.n) if not gone >> p & 1]
        sides = sorted({p % 2 for p in left}) if h.tag else left
        if not sides:
            both = self.game.options.double_countout
            self._game_over(DRAW if both == "draw" else BOTH_LOSE, DOUBLE + how, ev)
            return
        self.gone = gone
        if len(sides) == 1:
            self._game_over(sides[0], how, ev)
            return
        for p in players:
            if ev is not None:
                ev.append(note("eliminated", p, how=how))
        if h.tag:
            a, b = self.active
            self.active = (
                self.partner(a) if gone >> a & 1 else a,
                self.partner(b) if gone >> b & 1 else b,
            )

    def _game_over(self, winner: int, how: str, ev: Events) -> None:
        self.phase = PH_OVER
        self.winner = winner
        self.how_ended = how
        self._legal = []
        if ev is not None:
            ev.append(note("game_over", max(winner, -1), how=how))

    def _winner_name(self) -> int | str | None:
        """The observation's winner: a player, ``team 0`` or ``team 1`` (a tag team match),
        ``draw``, ``both lose``, or None before the end."""
        w = self.winner
        if w == -1:
            return None
        if w < 0:
            return NO_WINNER[w]
        return TEAMS[w] if self.hot.tag else w
