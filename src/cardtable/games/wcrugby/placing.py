"""Placing a lineup face down and naming its positions: the starting lineup from the pool
(WR-3.1), the inbounder and the target (WR-3.2), sideways players (WR-3.7), the deck and first
hand once both starting lineups are placed (WR-3.8), the next lineups from the hand (WR-7.3),
and the secret of a lineup until the reveal (WR-3.1)."""
# cardtable: compile

from __future__ import annotations

from collections.abc import Callable

from cardtable.core.events import Event, move, note

from .actions import INBOUNDER, TARGET
from .fields import PH_POSITIONS
from .lineup import LIMIT_HALVES, can_fill
from .reveal import Reveal
from .zones import DECK, FATIGUED, HAND, LINEUP, PER_TEAM, POOL, SLOTS, TIRED


class Placing(Reveal):
    """The lineup step of the state: picks, positions, and the hand-over to the reveal."""

    __slots__ = ()

    def _after_resample(self, player: int) -> None:
        """WR-3.1: while the other team's lineup is face down, its orientation, inbounder and
        target are its secret: a resampled state draws them again among the filled places,
        so that nothing the player cannot see survives the resample."""
        o = 1 - player
        self._seen_back_on_hand_side(o)
        if any(c >= 0 for c in self.court(o)):
            return  # revealed: everything is public
        filled = [s for s in range(SLOTS) if self.zones[PER_TEAM * o + LINEUP + s]]
        if not filled:
            return
        self._legal_hidden_lineup(o, filled)
        rng = self.rng
        self.side[o] = sum(1 << s for s in filled if rng.below(2))
        if self.inb[o] >= 0:
            self.inb[o] = filled[rng.below(len(filled))]
        if self.tgt[o] >= 0:
            others = [s for s in filled if s != self.inb[o]] or filled
            self.tgt[o] = others[rng.below(len(others))]

    def _legal_hidden_lineup(self, team: int, filled: list[int], tries: int = 64) -> None:
        """WR-2, WR-3.1: the redeal of a resample fills a face-down lineup with any of the
        team's hidden players, most often a lineup the rules forbid (over the class-point
        limit, or two of a name). Draw it again, among the lineup's players and the hidden
        ones of the pool, hand and deck (which the redeal mixed), until it is one the team
        could have placed; keep it as it is when ``tries`` random draws find none."""
        b = PER_TEAM * team
        places = [b + LINEUP + s for s in filled]
        lineup = [self.zones[z][0] for z in places]
        if self.hot.lineup.ok(self.cards[c] for c in lineup):
            return
        players, cards = self.hot.players, self.cards
        sources = tuple(b + z for z in ((POOL, HAND, DECK) if self.period == 1 else (HAND,)))
        spare = [c for z in sources for c in self.zones[z] if cards[c] in players]
        for _ in range(tries):
            chosen = self._draw_lineup(lineup + spare, len(lineup))
            if chosen:
                self._swap_into_lineup(places, sources, chosen)
                return

    def _seen_back_on_hand_side(self, team: int) -> None:
        """WR-7.2: everyone saw ``team``'s court players go back to its tired players, then
        to its fatigue pile or hand, and from the hand to a lineup (``seen``). The redeal of a
        resample mixes them with the deck; swap them back: the tired players and the fatigue
        pile hold only such players, and none of them is in the deck."""
        seen = self.seen[team]
        if not seen:
            return
        b = PER_TEAM * team
        side = [b + HAND] + [b + LINEUP + s for s in range(SLOTS)]
        for zone in (b + TIRED, b + FATIGUED):
            for c in [c for c in self.zones[zone] if c not in seen]:
                self._swap_with_one(zone, c, [b + DECK, b + POOL, *side], seen.__contains__)
        for zone in (b + DECK, b + POOL):
            for c in [c for c in self.zones[zone] if c in seen]:
                self._swap_with_one(zone, c, side, lambda x: x not in seen)

    def _swap_with_one(
        self, zone: int, card: int, others: list[int], wanted: Callable[[int], bool]
    ) -> None:
        """Swap ``card`` (in ``zone``) with a ``wanted`` card of the first of ``others`` that
        holds one, chosen at random there."""
        z = self.zones
        for other in others:
            found = [c for c in z[other] if wanted(c)]
            if found:
                pick = found[self.rng.below(len(found))]
                z[zone] = tuple(pick if c == card else c for c in z[zone])
                z[other] = tuple(card if c == pick else c for c in z[other])
                return

    def _draw_lineup(self, candidates: list[int], size: int) -> list[int]:
        """``size`` of the ``candidates`` (card instances), taken in a random order while
        each keeps the lineup legal; [] when the order leads to fewer."""
        clash, net, cards = self.hot.lineup.clash, self.hot.lineup.net, self.cards
        order = list(candidates)
        self.rng.shuffle(order)
        taken, free, chosen = 0, LIMIT_HALVES, []
        for c in order:
            d = cards[c]
            if not clash[d] & taken and net[d] <= free:
                taken, free = taken | clash[d], free - net[d]
                chosen.append(c)
                if len(chosen) == size:
                    return chosen
        return []

    def _swap_into_lineup(
        self, places: list[int], zones: tuple[int, ...], chosen: list[int]
    ) -> None:
        """Put ``chosen`` on the lineup ``places``; the lineup's players not chosen take the
        places the chosen left in ``zones``."""
        z = self.zones
        old = [z[p][0] for p in places]
        left = iter([c for c in old if c not in chosen])
        incoming = set(chosen) - set(old)
        for zone in zones:
            z[zone] = tuple(next(left) if c in incoming else c for c in z[zone])
        for p, c in zip(places, chosen, strict=True):
            z[p] = (c,)

    def _pick_actions(self) -> list[int]:
        """WR-3.1 and WR-7.3: pick a player not yet in the lineup, keeping it legal and able
        to reach 4 players (or as many as the available players allow)."""
        h = self.hot
        lt = h.lineup
        clash, net, pick = lt.clash, lt.net, h.pick
        z = self.zones
        cards = self.cards
        b = PER_TEAM * self.team
        # lt.room(the lineup's definitions), and how many places are free
        taken, free, need = 0, LIMIT_HALVES, SLOTS
        for zone in z[b + LINEUP : b + LINEUP + SLOTS]:
            if zone:
                d = cards[zone[0]]
                need -= 1
                if taken & clash[d]:
                    taken = -1
                taken |= clash[d]
                free -= net[d]
        if not need or taken < 0:
            return []  # a full lineup; or a clash, where no pick fits
        src = z[b + (POOL if self.period == 1 else HAND)]
        defs = sorted({cards[c] for c in src} & h.players)
        avail = sorted(defs, key=net.__getitem__)
        room = (taken, free)
        while need and not can_fill(lt, avail, room, need):
            need -= 1
        out: list[int] = []
        if need == 0:
            return out
        more = need - 1
        for d in defs:
            if clash[d] & taken or net[d] > free:  # not lt.fits(room, d)
                continue
            # can_fill(lt, avail, room after d, more), with its greedy first step inlined
            t2, f2, got = taken | clash[d], free - net[d], 0
            if more:
                for e in avail:
                    if net[e] > f2:
                        break
                    if not clash[e] & t2:
                        t2 |= clash[e]
                        f2 -= net[e]
                        got += 1
                        if got == more:
                            break
            if got == more or can_fill(lt, avail, (taken | clash[d], free - net[d]), more):
                out += pick[d]
        return out

    def _position_actions(self) -> list[int]:
        """WR-3.2: name the inbounder among the filled places, then the target among the others."""
        z = self.zones
        b = PER_TEAM * self.team + LINEUP
        filled = [s for s in range(SLOTS) if z[b + s]]
        if self.inb[self.team] < 0:
            return [INBOUNDER + s for s in filled]
        return [TARGET + s for s in filled if s != self.inb[self.team]]

    def _pick(self, x: int, ev: list[Event] | None) -> None:
        """WR-3.1, WR-3.7: place definition ``x // 2`` face down on the next empty place, sideways
        if ``x`` is odd; the lineup is done when it is full or no pick is left."""
        d, o = divmod(x, 2)
        team = self.team
        b = PER_TEAM * team
        src = b + (POOL if self.period == 1 else HAND)
        s = 0  # the first free place
        while self.zones[b + LINEUP + s]:
            s += 1
        self._put(self._take(src, d), src, b + LINEUP + s, ev, team)
        if o:
            self.side[team] |= 1 << s
        picks = self._pick_actions() if s < SLOTS - 1 else []
        if picks:
            self._legal = picks  # the next decision's legal actions, known already
        else:
            self._lineup_done(ev)

    def _lineup_done(self, ev: list[Event] | None) -> None:
        """WR-3.2: with the lineup placed, name the inbounder and the target."""
        team = self.team
        filled = [s for s in range(SLOTS) if self.zones[PER_TEAM * team + LINEUP + s]]
        self.inb[team] = self.tgt[team] = -1
        if len(filled) >= 2:
            self.phase = PH_POSITIONS
            return
        if filled:
            self.inb[team] = self.tgt[team] = filled[0]
        self._next_lineup(ev)

    def _position(self, action: int, ev: list[Event] | None) -> None:
        """WR-3.2: name the inbounder (the only target left is named with it), or the target."""
        team = self.team
        if action < TARGET:
            self.inb[team] = action - INBOUNDER
            targets = self._position_actions()
            if len(targets) == 1:
                self.tgt[team] = targets[0] - TARGET
                self._next_lineup(ev)
            return
        self.tgt[team] = action - TARGET
        self._next_lineup(ev)

    def _next_lineup(self, ev: list[Event] | None) -> None:
        """The other team places its lineup (WR-3.1), or both are placed: the period starts."""
        if ev is not None:
            ev.append(note("lineup_placed", self.team))
        if self.team == 0:
            self.team = 1
            self._begin_team_prep(ev)
            return
        if self.period == 1:
            for team in (0, 1):
                b = PER_TEAM * team
                self.zones[b + DECK] = self.rng.shuffled(self.zones[b + POOL])
                if ev is not None:
                    ev += [move(c, b + POOL, b + DECK, team) for c in self.zones[b + POOL]]
                self.zones[b + POOL] = ()
                self._draw(team, self.hot.hand_size, ev)
        self._start_period(ev)
