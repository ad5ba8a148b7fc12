"""Setup's last steps (RD-2.3, RD-2.4): the Pre-match, players placing Pre-match cards from
the Backlash deck in turn within the limits (RD-6.1 for the Universally Unique) until all
pass, with their draws (RD-7.8); then the first player (and in a tag team match the active
members, RD-9.5) and the first turn. The deal (RD-2.1, RD-2.2) is
RawDealGame.new_initial_state."""
# cardtable: compile

from __future__ import annotations

from cardtable.core.events import note

from .actions import END
from .match import Events
from .multiplayer import _by_team
from .playing import PlayingRules
from .tables import PREMATCH_KINDS
from .zones import BACKLASH, PER_PLAYER, PREMATCH

# RD-2.3: the Pre-match kinds a player may place more than one of (Title Belt, Event), and
# those only one of which may be out in all (Venue, Title Belt)
NOT_PER_PLAYER = frozenset(PREMATCH_KINDS.index(k) for k in ("title_belt", "event"))
ONE_IN_ALL = frozenset(PREMATCH_KINDS.index(k) for k in ("venue", "title_belt"))


def first_tied_from(top: list[int], seat: int, n: int) -> int:
    """Of the tied seats ``top``, the first from ``seat`` on in seat order, round the table of
    ``n`` (RD-2.3, RD-2.4: ``tie_first=pN``, or the player who started the Pre-match)."""
    return min(top, key=lambda p: (p - seat) % n)


class PrematchRules(PlayingRules):
    """RD-2.3, RD-2.4: the Pre-match and who goes first."""

    __slots__ = ()

    def _prematch_actions(self) -> list[int]:
        """RD-2.3: a Pre-match card from the Backlash deck, within the limits."""
        t = self.game.tables
        h = self.hot
        b = PER_PLAYER * self.actor
        z = self.zones
        cards = self.cards
        if len(z[b + PREMATCH]) >= h.prematch_limit:
            return []
        kind = t.prematch_kind
        # the kinds placed no more: one of each but Title Belts and Events per player, one
        # Venue and one Title Belt in all
        full = {kind[cards[c]] for c in z[b + PREMATCH]} - NOT_PER_PLAYER
        everyone = {cards[c] for q in range(h.n) for c in z[PER_PLAYER * q + PREMATCH]}
        for d in everyone:
            if kind[d] in ONE_IN_ALL:
                full.add(kind[d])
        universal = t.universal
        first = h.backlash
        return [
            first + 3 * d
            for d in sorted({cards[c] for c in z[b + BACKLASH]} & h.prematch_defs)
            if kind[d] not in full and not (universal[d] and d in everyone)
        ]

    def _tie_winner(self, top: list[int]) -> int:
        """RD-2.4: of the players tied for the highest Superstar Value, the one who started
        the Pre-match (or the first tied after them in seat order); when a Pre-match card
        changed a Superstar Value, one drawn at random (``tie_first=pN``: seat N, or the
        first tied seat after it)."""
        n, tie_first = self.hot.n, self.game.options.tie_first
        if tie_first != "random":
            return first_tied_from(top, int(tie_first[1:]), n)
        if self._values_changed():
            return top[self.rng.below(len(top))]
        return first_tied_from(top, self.tp, n)

    def _values_changed(self) -> bool:
        """Whether a Pre-match card in play changes a Superstar Value (RD-2.4)."""
        value, z, cards = self.game.tables.pm_value, self.zones, self.cards
        pm = (c for q in range(self.hot.n) for c in z[PER_PLAYER * q + PREMATCH])
        return any(value[cards[c]] for c in pm)

    def _prematch(self, action: int, ev: Events) -> None:
        """RD-2.3: alternate placing Pre-match cards; two passes in a row end the phase."""
        p = self.actor
        if action == END:
            self.passes += 1
        else:
            self.passes = 0
            b = PER_PLAYER * p
            d = (action - self.hot.backlash) // 3
            card = self._take(b + BACKLASH, d)
            self._put(card, b + BACKLASH, b + PREMATCH, ev, p)
            if self.game.tables.pm_draw[d]:
                self._draw(p, self.game.tables.pm_draw[d], ev)
        self.next_prematch((p + 1) % self.hot.n, ev)

    def next_prematch(self, q: int, ev: Events) -> None:
        """Give player ``q`` the next Pre-match decision; a player with nothing to place
        passes at once; when every player has passed in a row the first turn starts. The
        Pre-match cards found are kept as the legal actions (nothing changes after this)."""
        n = self.hot.n
        for _ in range(n):
            if self.passes >= n:
                break
            self.actor = q
            cards = self._prematch_actions()
            if cards:
                self._legal = [END, *cards]
                return
            self.passes += 1
            q = (q + 1) % n
        self._first_turn(ev)

    def _first_turn(self, ev: Events) -> None:
        """RD-2.4: the highest Superstar Value goes first (a tie: ``_tie_winner``). RD-9.5:
        in a tag team match each team's higher Superstar Value (a tie: the lower seat)
        starts active, and the first player's team begins."""
        n = self.hot.n
        values = [self.superstar_value(p) for p in range(n)]
        top = [p for p in range(n) if values[p] == max(values)]
        first = self._tie_winner(top) if len(top) > 1 else top[0]
        if self.hot.tag:
            other = 1 - first % 2
            a, b = other, other + 2
            self.active = _by_team(first, b if values[b] > values[a] else a)
        if ev is not None:
            ev.append(note("first_player", first, **({"tied": True} if len(top) > 1 else {})))
        self._start_turn(first, ev)
