"""The wheelchair rugby state: lineups, reveals, strategy times, period scores, fatigue.

Rule numbers (WR-x.y) refer to docs/rules/wcrugby.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.core.events import Event, move, note, reveal
from cardtable.core.state import TERMINAL, State

from .actions import END, FIRST, INBOUNDER, PICK, SECOND, SKILLS, TARGET
from .cards import BENCH, PLAYER, SPECIAL
from .effects import apply_effects, on_court_stat
from .lineup import LineupTables, can_fill
from .zones import COURT, DECK, DISCARD, FATIGUED, HAND, LINEUP, POOL, SLOTS, TIRED, tbase

if TYPE_CHECKING:
    from .game import RugbyGame

PH_LINEUP, PH_POSITIONS, PH_ORDER, PH_STRATEGY, PH_WINDOW, PH_FATIGUE, PH_OVER = range(7)
PHASES = ("lineup", "positions", "order", "strategy", "substitution window", "fatigue", "over")
BASE_SCORE = 10
NSTATS = 7


def _subs_by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of court slots (bit s: slot s), the substitutions onto its slots:
    ``first + 2s`` upright and ``first + 2s + 1`` sideways."""
    return tuple(
        tuple(first + 2 * s + o for s in range(SLOTS) if mask >> s & 1 for o in (0, 1))
        for mask in range(1 << SLOTS)
    )


def _skills_by_mask(first: int) -> tuple[tuple[int, ...], ...]:
    """For each mask of skills (bit k: skill k), the actions ``first + k``."""
    return tuple(
        tuple(first + k for k in range(SKILLS) if mask >> k & 1) for mask in range(1 << SKILLS)
    )


class HotTables:
    """What the hot paths look up per decision, computed once per game (options are frozen):
    the lineup arithmetic of the female-allowance option, the first action of each kind, and
    per card definition its actions."""

    __slots__ = (
        "bench",
        "fatigue",
        "kind",
        "lineup",
        "pick",
        "players",
        "special",
        "special_at",
        "sub",
        "sub_at",
    )

    def __init__(self, game: RugbyGame) -> None:
        t = game.tables
        codec = game.codec
        n = len(t.kind)
        self.kind = t.kind
        self.players = frozenset(d for d in range(n) if t.kind[d] == PLAYER)
        self.lineup = LineupTables(t, game.options.female_allowance)
        self.fatigue = codec.fatigue
        self.bench = codec.bench
        self.sub = codec.sub
        self.special = codec.special
        # per definition: its two picks (upright, sideways), its substitutions by mask of the
        # slots it may go to, and its special actions by slot and then by mask of skills
        self.pick = tuple((PICK + 2 * d, PICK + 2 * d + 1) for d in range(n))
        self.sub_at = tuple(_subs_by_mask(codec.sub + 8 * d) for d in range(n))
        self.special_at = tuple(
            tuple(_skills_by_mask(codec.special + SKILLS * (4 * d + s)) for s in range(SLOTS))
            for d in range(n)
        )


class RugbyState(State):
    """A game of wheelchair rugby in progress. Team 0 and team 1 are the two players."""

    __slots__ = (
        "atk_tot",
        "blocked",
        "chooser",
        "def_top",
        "def_tot",
        "ended",
        "first",
        "held",
        "inb",
        "mods",
        "period",
        "phase",
        "scores",
        "side",
        "specials",
        "subs",
        "team",
        "tgt",
        "top",
        "winner",
    )

    game: RugbyGame

    def _init_fields(self) -> None:
        self.phase = PH_LINEUP
        self.team = 0  # the team to decide
        self.period = 1
        self.chooser = 0
        self.first = 0
        self.held = False
        self.ended = [False, False]  # strategy time over, this period
        self.side = [0, 0]  # bit s: slot s placed sideways
        self.inb = [-1, -1]
        self.tgt = [-1, -1]
        self.mods = [0] * (2 * SLOTS * NSTATS)
        self.top = [0, 0]
        self.def_top = [0, 0]
        self.atk_tot = [0, 0]
        self.def_tot = [0, 0]
        self.specials: list[tuple[int, ...]] = [(), ()]  # the name groups given a special
        self.blocked = [False, False]
        self.subs = [False, False]
        self.scores: list[list[int]] = [[], []]
        self.winner = -1

    def _after_resample(self, player: int) -> None:
        """WR-3.1: while the other team's lineup is face down, its orientation, inbounder and
        target are its secret: a resampled state draws them again among the filled places,
        so that nothing the player cannot see survives the resample."""
        o = 1 - player
        if any(c >= 0 for c in self.court(o)):
            return  # revealed: everything is public
        filled = [s for s in range(SLOTS) if self.zones[tbase(o) + LINEUP + s]]
        if not filled:
            return
        rng = self.rng
        self.side[o] = sum(1 << s for s in filled if rng.below(2))
        if self.inb[o] >= 0:
            self.inb[o] = filled[rng.below(len(filled))]
        if self.tgt[o] >= 0:
            others = [s for s in filled if s != self.inb[o]] or filled
            self.tgt[o] = others[rng.below(len(others))]

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, RugbyState)
        other.phase = self.phase
        other.team = self.team
        other.period = self.period
        other.chooser = self.chooser
        other.first = self.first
        other.held = self.held
        other.winner = self.winner
        other.ended = self.ended[:]
        other.side = self.side[:]
        other.inb = self.inb[:]
        other.tgt = self.tgt[:]
        other.mods = self.mods[:]
        other.top = self.top[:]
        other.def_top = self.def_top[:]
        other.atk_tot = self.atk_tot[:]
        other.def_tot = self.def_tot[:]
        other.specials = self.specials[:]
        other.blocked = self.blocked[:]
        other.subs = self.subs[:]
        other.scores = [self.scores[0][:], self.scores[1][:]]

    # ----- basics ----------------------------------------------------------------------------
    def current_player(self) -> int:
        """The team to decide, or TERMINAL."""
        return TERMINAL if self.phase == PH_OVER else self.team

    def returns(self) -> list[float]:
        """1 for the winner, -1 for the loser, 0 each for a draw or before the end."""
        if self.winner < 0:
            return [0.0, 0.0]
        return [1.0 if t == self.winner else -1.0 for t in range(2)]

    def total(self, team: int) -> int:
        """A team's score over the periods played."""
        return sum(self.scores[team])

    def top_of(self, team: int) -> int:
        """A team's TOP this period (never below 0)."""
        return max(0, self.top[team] + self.def_top[team])

    def court(self, team: int) -> list[int]:
        """The card instance on each court slot of a team (-1 where empty)."""
        z = self.zones
        b = tbase(team) + COURT
        return [z[b + s][0] if z[b + s] else -1 for s in range(SLOTS)]

    def _court_defs(self, team: int) -> list[int]:
        """The card definition on each court slot of a team (-1 where empty)."""
        z = self.zones
        cards = self.cards
        b = tbase(team) + COURT
        return [cards[z[b + s][0]] if z[b + s] else -1 for s in range(SLOTS)]

    def _hand_defs(self, team: int) -> list[int]:
        """The distinct card definitions in a team's hand, sorted."""
        cards = self.cards
        return sorted({cards[c] for c in self.zones[tbase(team) + HAND]})

    def _lineup_defs(self, team: int, zone: int) -> list[int]:
        z = self.zones
        b = tbase(team) + zone
        return [self.cards[z[b + s][0]] for s in range(SLOTS) if z[b + s]]

    # ----- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        ph = self.phase
        if ph in (PH_STRATEGY, PH_WINDOW):
            return self._strategy_actions(ph == PH_WINDOW)
        if ph == PH_LINEUP:
            return self._pick_actions() or [END]
        if ph == PH_POSITIONS:
            return self._position_actions()
        if ph == PH_FATIGUE:
            return self._fatigue_actions()
        return [FIRST, SECOND]

    def _pick_actions(self) -> list[int]:
        """WR-3.1 and WR-7.3: pick a player not yet in the lineup, keeping it legal and able
        to reach 4 players (or as many as the available players allow)."""
        h = self.game.hot
        team = self.team
        chosen = self._lineup_defs(team, LINEUP)
        if len(chosen) == SLOTS:
            return []
        src = tbase(team) + (POOL if self.period == 1 else HAND)
        lt = h.lineup
        taken, free = lt.room(chosen)
        clash, net, pick = lt.clash, lt.net, h.pick
        cards = self.cards
        out: list[int] = []
        defs = sorted({cards[c] for c in self.zones[src]} & h.players)
        avail = sorted(defs, key=net.__getitem__)
        room = (taken, free)
        need = next(k for k in range(SLOTS - len(chosen), -1, -1) if can_fill(lt, avail, room, k))
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
        z = self.zones
        b = tbase(self.team) + LINEUP
        filled = [s for s in range(SLOTS) if z[b + s]]
        if self.inb[self.team] < 0:
            return [INBOUNDER + s for s in filled]
        return [TARGET + s for s in filled if s != self.inb[self.team]]

    def _fatigue_actions(self) -> list[int]:
        z = self.zones
        b = tbase(self.team)
        out = sorted({self.game.codec.fatigue + self.cards[c] for c in z[b + TIRED]})
        if z[b + FATIGUED] or not z[b + TIRED]:
            out.insert(0, END)
        return out

    def _strategy_actions(self, window: bool) -> list[int]:
        """WR-5: substitutions, and in the team's own strategy time bench work and specials.
        END, bench, substitution and special actions are numbered in this order and each
        part comes sorted, so the list is sorted."""
        team = self.team
        hand = self._hand_defs(team)
        if window:
            return [END, *self._sub_actions(team, hand)]
        return [
            END,
            *self._bench_actions(hand),
            *self._sub_actions(team, hand),
            *self._special_actions(hand),
        ]

    def _sub_actions(self, team: int, hand: list[int]) -> list[int]:
        """WR-5.2: a player from the hand replaces one on court; the lineup must stay legal.
        ``hand``: the distinct definitions in the team's hand, sorted (as _hand_defs)."""
        h = self.game.hot
        kind = h.kind
        players = [d for d in hand if kind[d] == PLAYER]
        if not players:
            return []
        lt = h.lineup
        clash, net = lt.clash, lt.net
        rooms = lt.rooms_without_each(self._court_defs(team))
        out: list[int] = []
        for d in players:
            mask = 0  # the slots d may go to: lt.fits(rooms[s], d), written out
            for s, (taken, free) in enumerate(rooms):
                if not clash[d] & taken and net[d] <= free:
                    mask |= 1 << s
            out += h.sub_at[d][mask]
        return out

    def _bench_actions(self, hand: list[int]) -> list[int]:
        """WR-5.4 bench work whose condition an own player on court meets; sorted."""
        kind = self.game.hot.kind
        cond = self.game.tables.cond
        first = self.game.hot.bench
        team = self.team
        return [first + d for d in hand if kind[d] == BENCH and self._team_cond(team, cond[d])]

    def _team_cond(self, team: int, cond: tuple[int, int] | None) -> bool:
        """Whether an own player on court meets a bench card's condition."""
        if cond is None:
            return True
        stat, need = cond
        z = self.zones
        b = tbase(team) + COURT
        stats, mods, cards = self.game.tables.stats, self.mods, self.cards
        mb = team * SLOTS * NSTATS + stat
        for s in range(SLOTS):
            # on_court_stat(self, team, s, stat) >= need, written out: a condition names a
            # status (not ATK or DEF), so sideways placement does not matter
            if z[b + s] and stats[cards[z[b + s][0]]][stat] + mods[mb + s * NSTATS] >= need:
                return True
        return False

    def _special_actions(self, hand: list[int]) -> list[int]:
        """WR-5.4: a special card on an upright player's skill; at most 2 players a period,
        never one player twice (by name: any card of the player counts), not while the team's
        skills are blocked. Sorted: by card, by slot, then by skill."""
        h = self.game.hot
        t = self.game.tables
        team = self.team
        if self.blocked[team] or len(self.specials[team]) >= 2:
            return []
        specials = [d for d in hand if h.kind[d] == SPECIAL]
        if not specials:
            return []
        # The upright players not used yet, each with the mask of its skills that may be used,
        # its stats and where its modifiers start. cond_holds(self, team, s, cond) is written
        # out below: a condition names a status (not ATK or DEF), so sideways does not matter.
        usable: list[tuple[int, int, tuple[int, ...], int]] = []
        z = self.zones
        b = tbase(team) + COURT
        mods = self.mods
        used = self.specials[team]
        for s in range(SLOTS):
            if not z[b + s] or self.side[team] >> s & 1:
                continue
            d = self.cards[z[b + s][0]]
            if t.name[d] in used:
                continue
            row = t.stats[d]
            mb = (team * SLOTS + s) * NSTATS
            mask = 0
            for k, (cond, _) in enumerate(t.skills[d]):
                if cond is None or row[cond[0]] + mods[mb + cond[0]] >= cond[1]:
                    mask |= 1 << k
            if mask:
                usable.append((s, mask, row, mb))
        out: list[int] = []
        for d in specials:
            cond = t.cond[d]
            at = h.special_at[d]
            for s, mask, row, mb in usable:
                if cond is None or row[cond[0]] + mods[mb + cond[0]] >= cond[1]:
                    out += at[s][mask]
        return out

    def _explain_illegal(self, action: int) -> str:
        from .explain import explain

        return explain(self, action)

    # ----- applying actions ------------------------------------------------------------------
    def _apply(self, action: int) -> list[Event]:
        ev: list[Event] = []
        ph = self.phase
        h = self.game.hot
        if ph == PH_LINEUP:
            if action == END:
                self._lineup_done(ev)
            else:
                self._pick(action - PICK, ev)
        elif ph == PH_POSITIONS:
            self._position(action, ev)
        elif ph == PH_ORDER:
            self.first = self.team if action == FIRST else 1 - self.team
            ev.append(note("order", self.team, first=self.first))
            self._begin_strategy(ev)
        elif ph == PH_FATIGUE:
            if action == END:
                self._fatigue_done(ev)
            else:
                self._drop(action - h.fatigue, ev)
        elif action == END:
            self._end(ev)
        elif action < h.sub:
            self._bench(action - h.bench, ev)
        elif action < h.special:
            x, o = divmod(action - h.sub, 2)
            d, s = divmod(x, 4)
            self._substitute(d, s, o, ev)
        else:
            x, k = divmod(action - h.special, SKILLS)
            d, s = divmod(x, 4)
            self._special(d, s, k, ev)
        return ev

    def _take(self, zone: int, d: int) -> int:
        """Remove one card of definition ``d`` from ``zone``; return the instance."""
        cards = self.cards
        z = self.zones[zone]
        i = 0
        while cards[z[i]] != d:
            i += 1
        self.zones[zone] = z[:i] + z[i + 1 :]
        return z[i]

    def _put(self, card: int, src: int, dst: int, ev: list[Event], team: int) -> None:
        self.zones[dst] += (card,)
        ev.append(move(card, src, dst, team))

    # ----- lineups ---------------------------------------------------------------------------
    def _pick(self, x: int, ev: list[Event]) -> None:
        d, o = divmod(x, 2)
        team = self.team
        b = tbase(team)
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

    def _lineup_done(self, ev: list[Event]) -> None:
        """WR-3.2: with the lineup placed, name the inbounder and the target."""
        team = self.team
        filled = [s for s in range(SLOTS) if self.zones[tbase(team) + LINEUP + s]]
        self.inb[team] = self.tgt[team] = -1
        if len(filled) >= 2:
            self.phase = PH_POSITIONS
            return
        if filled:
            self.inb[team] = self.tgt[team] = filled[0]
        self._next_lineup(ev)

    def _position(self, action: int, ev: list[Event]) -> None:
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

    def _next_lineup(self, ev: list[Event]) -> None:
        """The other team places its lineup (WR-3.1), or both are placed: the period starts."""
        ev.append(note("lineup_placed", self.team))
        if self.team == 0:
            self.team = 1
            self._begin_team_prep(ev)
            return
        if self.period == 1:
            for team in (0, 1):
                b = tbase(team)
                self.zones[b + DECK] = self.rng.shuffled(self.zones[b + POOL])
                for c in self.zones[b + POOL]:
                    ev.append(move(c, b + POOL, b + DECK, team))
                self.zones[b + POOL] = ()
                self._draw(team, self.game.options.hand_size, ev)
        self._start_period(ev)

    # ----- the period ------------------------------------------------------------------------
    def _start_period(self, ev: list[Event]) -> None:
        """WR-4: reveal both lineups; DEF over the opponent's ATK and position checks give TOP."""
        z = self.zones
        t = self.game.tables
        self.mods = [0] * (2 * SLOTS * NSTATS)
        self.top = [0, 0]
        self.specials = [(), ()]
        self.blocked = [False, False]
        self.subs = [False, False]
        self.ended = [False, False]
        for team in (0, 1):
            b = tbase(team)
            for c in z[b + FATIGUED]:
                self._put(c, b + FATIGUED, b + DISCARD, ev, team)
            z[b + FATIGUED] = ()
            for s in range(SLOTS):
                for c in z[b + LINEUP + s]:
                    ev.append(reveal(c, team))
                    self._put(c, b + LINEUP + s, b + COURT + s, ev, team)
                z[b + LINEUP + s] = ()
        for team in (0, 1):
            atk = dfn = 0
            for s, c in enumerate(self.court(team)):
                if c >= 0:
                    d = self.cards[c]
                    a, f = t.side_stats[d] if self.side[team] >> s & 1 else t.stats[d][5:7]
                    atk += a
                    dfn += f
            self.atk_tot[team], self.def_tot[team] = atk, dfn
        for team in (0, 1):
            self._check_positions(team, (self.inb[team], self.tgt[team]), ev)
        self._recompute_def_top()
        ev.append(
            note(
                "period_start",
                period=self.period,
                atk=self.atk_tot[:],
                dfn=self.def_tot[:],
                top=[self.top_of(0), self.top_of(1)],
            )
        )
        if self.period == 1:
            if self.atk_tot[0] != self.atk_tot[1]:
                self.first = 0 if self.atk_tot[0] > self.atk_tot[1] else 1
            else:
                self.phase = PH_ORDER
                self.team = self.chooser = self.rng.below(2)
                return
        else:
            self.first = 1 - self.first
            if self.held:
                self.first = 1 - self.first
        self.held = False
        self._begin_strategy(ev)

    def _check_positions(self, team: int, slots: tuple[int, int], ev: list[Event]) -> None:
        """WR-3.3 inbounder Throw >= 3 and WR-3.4 target Catch >= 3, else the opponent's TOP +1.
        ``slots`` are the (inbounder, target) slots to check now, -1 for none."""
        for which, (slot, stat) in enumerate(((slots[0], 1), (slots[1], 2))):
            if slot < 0:
                continue
            if (
                not self.zones[tbase(team) + COURT + slot]
                or on_court_stat(self, team, slot, stat) < 3
            ):
                self.top[1 - team] += 1
                role = ("inbounder", "target")[which]
                ev.append(note("position_penalty", team, position=role, slot=slot + 1))

    def _recompute_def_top(self) -> None:
        for team in (0, 1):
            self.def_top[team] = max(0, self.def_tot[team] - self.atk_tot[1 - team])

    def _begin_strategy(self, ev: list[Event]) -> None:
        """WR-5.1: strategy time of the first team, then of the second."""
        self.phase = PH_STRATEGY
        self.team = self.first
        ev.append(note("strategy_time", self.team, period=self.period))

    def _end(self, ev: list[Event]) -> None:
        if self.phase == PH_WINDOW:
            self.phase = PH_STRATEGY
            self.team = 1 - self.team
            if self.ended[self.team]:
                self._after_strategy(ev)
            return
        self.ended[self.team] = True
        if not self._open_window(ev):
            self._after_strategy(ev)

    def _open_window(self, ev: list[Event]) -> bool:
        """WR-5.3: the other team may substitute during this team's strategy time."""
        other = 1 - self.team
        subs = self._sub_actions(other, self._hand_defs(other))
        if not subs:
            return False
        self.team = other
        self.phase = PH_WINDOW
        self._legal = [END, *subs]  # the window's legal actions, known already
        return True

    def _after_strategy(self, ev: list[Event]) -> None:
        if not self.ended[1 - self.first]:
            self.team = 1 - self.first
            self.phase = PH_STRATEGY
            ev.append(note("strategy_time", self.team, period=self.period))
            return
        self._end_period(ev)

    def _bench(self, d: int, ev: list[Event]) -> None:
        team = self.team
        b = tbase(team)
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + DISCARD, ev, team)
        apply_effects(self, team, -1, self.game.tables.effects[d], False, ev)
        self._open_window(ev)

    def _substitute(self, d: int, s: int, o: int, ev: list[Event]) -> None:
        """WR-5.2: the incoming player takes the outgoing one's place and position."""
        team = self.team
        b = tbase(team)
        old = self.zones[b + COURT + s]
        if old:
            self._put(old[0], b + COURT + s, b + DISCARD, ev, team)
            self.zones[b + COURT + s] = ()
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + COURT + s, ev, team)
        ev.append(reveal(card, team))
        self.side[team] = self.side[team] & ~(1 << s) | (o << s)
        base = (team * SLOTS + s) * NSTATS
        self.mods[base : base + NSTATS] = [0] * NSTATS
        self.subs[team] = True
        ev.append(note("substitution", team, slot=s + 1))
        positions = (s if self.inb[team] == s else -1, s if self.tgt[team] == s else -1)
        self._check_positions(team, positions, ev)

    def _special(self, d: int, s: int, k: int, ev: list[Event]) -> None:
        """WR-5.4: activate skill ``k`` of the player on slot ``s`` with special card ``d``."""
        team = self.team
        b = tbase(team)
        t = self.game.tables
        card = self._take(b + HAND, d)
        self._put(card, b + HAND, b + DISCARD, ev, team)
        player = self.court(team)[s]
        # WR-5.4: the limits count players by name, whichever of the player's cards is on court
        self.specials[team] = (*self.specials[team], t.name[self.cards[player]])
        ev.append(note("special", team, slot=s + 1, skill=k + 1))
        _, effects = t.skills[self.cards[player]][k]
        apply_effects(self, team, s, effects, self.inb[team] == s, ev)
        apply_effects(self, team, s, t.effects[d], False, ev)

    # ----- between periods -------------------------------------------------------------------
    def _end_period(self, ev: list[Event]) -> None:
        """WR-6.1: each team scores 10 - the opponent's TOP + its own TOP, at least 0."""
        for team in (0, 1):
            score = BASE_SCORE - self.top_of(1 - team) + self.top_of(team)
            self.scores[team].append(max(0, score))
        ev.append(note("period_end", period=self.period, scores=[s[-1] for s in self.scores]))
        a, b = self.total(0), self.total(1)
        if self.period >= 4 and a != b:
            self._game_over(0 if a > b else 1, ev)
            return
        if self.period >= 4 + self.game.options.max_overtime:
            self._game_over(-2, ev)
            return
        self.period += 1
        for team in (0, 1):
            self._draw(team, self.game.options.hand_size - len(self.zones[tbase(team) + HAND]), ev)
            tb = tbase(team)
            for s in range(SLOTS):
                for c in self.zones[tb + COURT + s]:
                    self._put(c, tb + COURT + s, tb + TIRED, ev, team)
                self.zones[tb + COURT + s] = ()
        self.team = 0
        self._begin_team_prep(ev)

    def _begin_team_prep(self, ev: list[Event]) -> None:
        """WR-7.2 fatigue (a team that made no substitution drops a player), then WR-7.3 the
        new lineup from the hand."""
        team = self.team
        self.side[team] = 0
        self.inb[team] = self.tgt[team] = -1
        if self.period == 1:
            self.phase = PH_LINEUP
            return
        if not self.subs[team] and self.zones[tbase(team) + TIRED]:
            self.phase = PH_FATIGUE
            return
        self._fatigue_done(ev)

    def _drop(self, d: int, ev: list[Event]) -> None:
        b = tbase(self.team)
        self._put(self._take(b + TIRED, d), b + TIRED, b + FATIGUED, ev, self.team)
        if not self.zones[b + TIRED]:
            self._fatigue_done(ev)

    def _fatigue_done(self, ev: list[Event]) -> None:
        b = tbase(self.team)
        for c in self.zones[b + TIRED]:
            self._put(c, b + TIRED, b + HAND, ev, self.team)
        self.zones[b + TIRED] = ()
        self.phase = PH_LINEUP
        picks = self._pick_actions()
        if picks:
            self._legal = picks  # the next decision's legal actions, known already
        else:
            self._lineup_done(ev)

    def _draw(self, team: int, n: int, ev: list[Event]) -> None:
        """Draw ``n`` cards. WR-5.5: the moment the deck runs out, the discard pile is shuffled
        into a new deck; a draw from an empty deck (nothing was discarded when it ran out)
        does the same first."""
        b = tbase(team)
        z = self.zones
        for _ in range(max(0, n)):
            if not z[b + DECK] and not self._reshuffle(team, ev):
                return
            card = z[b + DECK][-1]
            z[b + DECK] = z[b + DECK][:-1]
            self._put(card, b + DECK, b + HAND, ev, team)
            if not z[b + DECK]:
                self._reshuffle(team, ev)

    def _reshuffle(self, team: int, ev: list[Event]) -> bool:
        """WR-5.5: shuffle the discard pile into the (empty) deck; False if it is empty too."""
        b = tbase(team)
        z = self.zones
        if not z[b + DISCARD]:
            return False
        for c in z[b + DISCARD]:
            ev.append(move(c, b + DISCARD, b + DECK, team))
        z[b + DECK] = self.rng.shuffled(z[b + DISCARD])
        z[b + DISCARD] = ()
        ev.append(note("reshuffle", team))
        return True

    def _game_over(self, winner: int, ev: list[Event]) -> None:
        self.phase = PH_OVER
        self.winner = winner
        ev.append(note("game_over", max(winner, -1), totals=[self.total(0), self.total(1)]))

    # ----- views -----------------------------------------------------------------------------
    def _public_view(self, player: int | None) -> dict[str, Any]:
        from .observation import public_view

        return public_view(self, player)
