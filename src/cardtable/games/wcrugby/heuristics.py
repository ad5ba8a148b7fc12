"""Wheelchair rugby game knowledge for agents: values of actions from an observation, and an
evaluation of a state for search (docs/agents.md, *Heuristics per game*).

A period is worth ``2 * (own TOP - opponent's TOP)`` on the score sheet (WR-6.1), so every
value is counted in TOP points. The action values (``action_values``) read only the
observation; what depends only on the cards is worked out once per game (:class:`HeuristicTables`).

The play, in words:

- **Lineups** (WR-3.1, WR-7.3): the four players, each upright or sideways, whose ATK and DEF
  totals make the most TOP against the totals the opponent showed the period before (DEF over
  their ATK, less their DEF over our ATK), within the class-point limit and its allowances,
  with a thrower for the inbounder and a catcher for the target (each missing one gives the
  opponent a TOP), and upright players whose skills the special cards in hand can fire. Each
  pick takes a player of the best lineup that the players available can still make (searched
  over every legal completion, and remembered).
- **Positions** (WR-3.2 to WR-3.5): the inbounder throws 3 or more and has the least to lose
  from the inbounder's smaller TOP gains; the target catches 3 or more.
- **Strategy time** (WR-5): each special, bench-work card and substitution is valued by what
  it does to the TOP difference now: TOP gains (one less for the inbounder's skills),
  TOP taken from the opponent (only as much as they have), ATK and DEF changes worked out
  through DEF-over-ATK for both teams; statuses by the skills they switch on (ours) or off
  (the opponent's, while they still have their strategy time); blocking skills while the
  opponent still has to play; draws. Playing a card is worth a little by itself: the hand
  is drawn up to its size at the period's end, so a card kept is a card not drawn. A
  special goes on the skill that gains most.
- **Substitutions** (WR-5.2): the first of a period spares a player from fatigue and each one
  brings a card more at the draw; the player going out is the one the next lineups miss
  least, never into a position the newcomer cannot fill, and a player whose skill a special
  can still fire comes in.
- **Fatigue** (WR-7.2): drop exactly one player, the one the next lineups miss least.
"""
# cardtable: compile

from __future__ import annotations

import math
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .actions import END, INBOUNDER, PICK, SECOND, SKILLS, TARGET
from .cards import (
    ATK,
    CATCH,
    DEF,
    NSTATS,
    OPPONENTS,
    PLAYER,
    SELF,
    SPECIAL,
    STATS,
    TEAM,
    THROW,
    V_ATK,
    V_BLOCK,
    V_DEF,
    V_DRAW,
    V_HELD,
    V_OPP_TOP,
    V_STATUS,
    V_TOP,
    CompiledEffect,
)
from .facts import Facts, observed_facts, state_facts
from .fields import (
    PH_FATIGUE,
    PH_LINEUP,
    PH_ORDER,
    PH_POSITIONS,
    PH_STRATEGY,
    PH_WINDOW,
    PHASES,
    RugbyFields,
)
from .lineup import LIMIT_HALVES, LineupTables
from .zones import COURT, FATIGUED, HAND, LINEUP, POOL, SLOTS, TIRED, tbase

if TYPE_CHECKING:
    from .game import RugbyGame
    from .rules import RugbyState

PHASE_CODES = {name: code for code, name in enumerate(PHASES)}  # the observation's phase
ROLE = 2.0  # a filled position (a thrower inbounder, a catcher target): no TOP for the opponent
SECOND_BONUS = 0.3  # going second in a period (what is seen before deciding)
CACHE_SIZE = 4096
CYCLE = 0.2  # playing a card: the hand is drawn up to its size again at the period's end
SUB_DRAW = 1.4  # a substitution: a card more at the draw
SUB_MORE = 0.6  # a second substitution in a period: one more player discarded
DRAW = 0.3  # a card drawn
SPECIAL_COST = -0.3  # a special fires at most two players a period: keep it for a real gain
PRIOR = (16, 19)  # a lineup's ATK and DEF totals, about (greedy self-play)
SPREAD = 3.0  # how far an opponent's next totals stray from the expected ones
SQRT2 = math.sqrt(2.0)
SQRT2PI = math.sqrt(2.0 * math.pi)
ALL_SLOTS = tuple(range(SLOTS))
PLAYING = frozenset({PH_ORDER, PH_STRATEGY, PH_WINDOW})  # a period revealed, not yet scored


class HeuristicTables:
    """Per game, worked out once: per player card its value upright and sideways, its best
    skill, its roles; per card the static worth of its effects; zone keys; a cache of best
    lineups."""

    def __init__(self, g: RugbyGame) -> None:
        t = g.tables
        n = len(t.kind)
        self.t = t
        self.n = n
        self.index = g.card_pool.index
        self.codec = g.codec
        self.lt: LineupTables = g.hot.lineup
        self.kind = t.kind
        self.stats = t.stats
        self.players = [d for d in range(n) if t.kind[d] == PLAYER]
        self.stat_index = {s: i for i, s in enumerate(STATS)}
        # a skill's worth with no context: TOP now, a bit for the rest
        self.skill_worth = [tuple(static_worth(eff) for _, eff in t.skills[d]) for d in range(n)]
        self.best_skill = [
            max(
                (
                    w
                    for (cond, _), w in zip(t.skills[d], self.skill_worth[d], strict=True)
                    if cond is None or t.stats[d][cond[0]] >= cond[1]
                ),
                default=0.0,
            )
            for d in range(n)
        ]
        self.top_skill = [
            any(e[0] == V_TOP for _, eff in t.skills[d] for e in eff) for d in range(n)
        ]
        self.upright = [t.stats[d][ATK] + t.stats[d][DEF] for d in range(n)]
        self.sideways = [t.side_stats[d][0] + t.side_stats[d][1] for d in range(n)]
        self.thrower = [t.stats[d][THROW] >= 3 for d in range(n)]
        self.catcher = [t.stats[d][CATCH] >= 3 for d in range(n)]
        # a player's roles as digits to add up: throwers, catchers, players who are both
        self.role = [
            self.thrower[d] + 8 * self.catcher[d] + 64 * (self.thrower[d] and self.catcher[d])
            for d in range(n)
        ]
        self.card_worth = [static_worth(t.effects[d]) for d in range(n)]
        self.keys = [
            {
                "pool": f"t{q}.pool",
                "hand": f"t{q}.hand",
                "tired": f"t{q}.tired",
                "fatigued": f"t{q}.fatigued",
                "lineup": tuple(f"t{q}.lineup.{s + 1}" for s in range(SLOTS)),
                "court": tuple(f"t{q}.court.{s + 1}" for s in range(SLOTS)),
            }
            for q in range(2)
        ]
        self.cache: dict[tuple[Any, ...], tuple[float, dict[int, float], tuple[int, ...]]] = {}
        self._placements: dict[float, list[tuple[int, int, float]]] = {}
        self._future: dict[tuple[Any, ...], dict[int, float]] = {}

    def player_value(self, d: int, specials: float) -> float:
        """A player's worth on court (upright or sideways, whichever is more), with its best
        skill weighted by how likely a special card is to fire it."""
        up = self.upright[d] + specials * self.best_skill[d]
        side = self.sideways[d]
        return up if up > side else side

    def lineups(
        self,
        chosen: tuple[int, ...],
        avail: tuple[int, ...],
        specials: float,
        opp: tuple[int, int] = PRIOR,
    ) -> tuple[float, dict[int, float], tuple[int, ...]]:
        """The best legal lineup of ``chosen`` and more players of ``avail`` (four in all, or
        as many as can be fielded together) against an opponent expected to field ``opp``
        (ATK, DEF): its value, for each available player the value of the best one that
        includes it, and the players it adds to ``chosen``. Remembered."""
        key = (chosen, avail, specials, opp)
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) >= CACHE_SIZE:
                self.cache.clear()
            found = self.cache[key] = self._best_lineups(chosen, avail, specials, opp)
        return found

    def _best_lineups(
        self,
        chosen: tuple[int, ...],
        avail: tuple[int, ...],
        specials: float,
        opp: tuple[int, int],
    ) -> tuple[float, dict[int, float], tuple[int, ...]]:
        """``lineups`` worked out: every combination of the players that fit, the most players
        first (WR-3.1)."""
        lt = self.lt
        taken, free = lt.room(chosen)
        clash, net = lt.clash, lt.net
        play = self.placements(specials)
        role = self.role
        atk0 = def0 = roles0 = 0
        extra0 = 0.0
        for d in chosen:
            a, f, x = play[d]
            atk0 += a
            def0 += f
            extra0 += x
            roles0 += role[d]
        opp_atk, opp_def = opp
        pos = POSITIVE
        best: dict[int, float] = {}
        top, members = -1e9, chosen
        if taken >= 0:
            top = pos[def0 - opp_atk] - pos[opp_def - atk0] + extra0 + ROLES[roles0]
        cands = [d for d in avail if not clash[d] & taken and net[d] <= free]
        start = min(SLOTS - len(chosen), len(cands))
        if start == SLOTS == 4:  # nobody chosen yet: room(()) is (0, LIMIT_HALVES)
            _, top, four = _top_four(self, cands, play, opp, top, best)
            if best:
                return top, best, four or chosen  # WR-3.1: as many players as fit
            start -= 1
        for k in range(start, 0, -1):
            for combo in combinations(cands, k):
                t2, f2 = taken, free
                atk, dfn, extra, roles = atk0, def0, extra0, roles0
                for d in combo:
                    if clash[d] & t2 or net[d] > f2:
                        break
                    t2 |= clash[d]
                    f2 -= net[d]
                    a, f, x = play[d]
                    atk += a
                    dfn += f
                    extra += x
                    roles += role[d]
                else:
                    total = pos[dfn - opp_atk] - pos[opp_def - atk] + extra + ROLES[roles]
                    if total > top:
                        top = total
                        members = combo
                    for d in combo:
                        if total > best.get(d, -1e9):
                            best[d] = total
            if best:
                break  # WR-3.1: as many players as fit
        return top, best, members

    def placements(self, specials: float) -> list[tuple[int, int, float]]:
        """Each player as it would be placed: (ATK, DEF, the worth of its skills) upright, or
        sideways when that is worth more (worked out once per skill weight)."""
        found = self._placements.get(specials)
        if found is None:
            t = self.t
            found = []
            for d in range(self.n):
                skill = specials * self.best_skill[d]
                if self.sideways[d] > self.upright[d] + skill:
                    found.append((t.side_stats[d][0], t.side_stats[d][1], 0.0))
                else:
                    found.append((t.stats[d][ATK], t.stats[d][DEF], skill))
            self._placements[specials] = found
        return found

    def future(
        self, pool: tuple[int, ...], specials: float, opp: tuple[int, int] = PRIOR
    ) -> dict[int, float]:
        """What players of ``pool`` (sorted definitions: the players the team will choose its
        next lineup from) add to the best lineup it can make: the cost of losing one. Only
        the players of that lineup cost anything (without another, it is still there), as
        much as the lineup loses when the best player left takes its place. Remembered."""
        key = (pool, specials, opp)
        found = self._future.get(key)
        if found is not None:
            return found
        whole, members = self._top_lineup(pool, specials, opp)
        rest = [d for d in pool if d not in members]
        out = self._losses(members, rest, whole, specials, opp)
        if len(self._future) >= CACHE_SIZE:
            self._future.clear()
        self._future[key] = out
        return out

    def _top_lineup(
        self, pool: tuple[int, ...], specials: float, opp: tuple[int, int]
    ) -> tuple[float, tuple[int, ...]]:
        """The value and the players of the best lineup of ``pool``: the first and third
        of ``lineups((), pool, specials, opp)``, without the best lineup of each player."""
        found = self.cache.get(((), pool, specials, opp))
        if found is not None:
            return found[0], found[2]
        lt = self.lt
        clash, net = lt.clash, lt.net
        play = self.placements(specials)
        role = self.role
        opp_atk, opp_def = opp
        pos = POSITIVE
        top = pos[-opp_atk] - pos[opp_def] + 0.0 + ROLES[0]  # nobody: room(()) is (0, LIMIT)
        members: tuple[int, ...] = ()
        cands = [d for d in pool if net[d] <= LIMIT_HALVES]
        start = min(SLOTS, len(cands))
        if start == SLOTS == 4:
            fits, top, members = _top_four(self, cands, play, opp, top)
            if fits:
                return top, members  # WR-3.1: as many players as fit
            start -= 1
        for k in range(start, 0, -1):
            fits = False
            for combo in combinations(cands, k):
                taken, free = 0, LIMIT_HALVES
                atk = dfn = roles = 0
                extra = 0.0
                for d in combo:
                    if clash[d] & taken or net[d] > free:
                        break
                    taken |= clash[d]
                    free -= net[d]
                    a, f, x = play[d]
                    atk += a
                    dfn += f
                    extra += x
                    roles += role[d]
                else:
                    fits = True
                    total = pos[dfn - opp_atk] - pos[opp_def - atk] + extra + ROLES[roles]
                    if total > top:
                        top = total
                        members = combo
            if fits:
                break  # WR-3.1: as many players as fit
        return top, members

    def _losses(
        self,
        members: tuple[int, ...],
        rest: list[int],
        whole: float,
        specials: float,
        opp: tuple[int, int],
    ) -> dict[int, float]:
        """For each player of the best lineup ``members`` (worth ``whole``), what the lineup
        loses without it: ``whole`` less the best of :meth:`total` of the others and of the
        others with one player of ``rest`` that fits them (the others' sums worked out once
        per player, in the same order as ``total``, so the same floats)."""
        lt = self.lt
        clash, net = lt.clash, lt.net
        play = self.placements(specials)
        role = self.role
        opp_atk, opp_def = opp
        pos = POSITIVE
        rows = [(clash[e], net[e], *play[e], role[e]) for e in rest]
        out = {}
        for d in members:
            taken, free = 0, LIMIT_HALVES  # lt.room(the others), and their sums
            atk = dfn = roles = 0
            extra = 0.0
            for o in members:
                if o != d:
                    taken = -1 if taken & clash[o] else taken | clash[o]
                    free -= net[o]
                    a, f, x = play[o]
                    atk += a
                    dfn += f
                    extra += x
                    roles += role[o]
            best = pos[dfn - opp_atk] - pos[opp_def - atk] + extra + ROLES[roles]
            for c, n, a, f, x, r in rows:
                if not c & taken and n <= free:
                    v = (
                        pos[dfn + f - opp_atk]
                        - pos[opp_def - atk - a]
                        + (extra + x)
                        + ROLES[roles + r]
                    )
                    if v > best:
                        best = v
            out[d] = whole - best
        return out

    def total(self, defs: tuple[int, ...], specials: float, opp: tuple[int, int]) -> float:
        """The value of a lineup of these players (as :meth:`lineups` counts it)."""
        play = self.placements(specials)
        atk = dfn = roles = 0
        extra = 0.0
        for d in defs:
            a, f, x = play[d]
            atk += a
            dfn += f
            extra += x
            roles += self.role[d]
        return POSITIVE[dfn - opp[0]] - POSITIVE[opp[1] - atk] + extra + ROLES[roles]


def _top_four(
    k: HeuristicTables,
    cands: list[int],
    play: list[tuple[int, int, float]],
    opp: tuple[int, int],
    top: float,
    best: dict[int, float] | None = None,
) -> tuple[bool, float, tuple[int, ...]]:
    """The lineups of four of ``cands`` (players who fit with nobody on court), as
    ``HeuristicTables._best_lineups`` and ``_top_lineup`` go through them: whether any
    four may be on court together, and the value and players of the first (in the order
    of ``combinations``) worth more than ``top`` (``top`` and () if none); with ``best``,
    the best value of a lineup with each player is kept there. Four loops, so that a pair
    or three that do not fit are dropped with all their extensions and their sums are
    shared (added in the same order as the loop over a combination: the same floats)."""
    clash, net, role = k.lt.clash, k.lt.net, k.role
    opp_atk, opp_def = opp
    pos = POSITIVE
    rows = [(d, clash[d], net[d], *play[d], role[d]) for d in cands]
    n = len(rows)
    fits = False
    members: tuple[int, ...] = ()
    for i in range(n - 3):
        d1, t1, n1, a1, f1, x1, r1 = rows[i]  # fits alone: cands are within the limit
        free1 = LIMIT_HALVES - n1
        for j in range(i + 1, n - 2):
            d2, c2, n2, a2, f2, x2, r2 = rows[j]
            if c2 & t1 or n2 > free1:
                continue
            t2, free2, a2, f2, x2, r2 = (
                t1 | c2,
                free1 - n2,
                a1 + a2,
                f1 + f2,
                0.0 + x1 + x2,
                r1 + r2,
            )
            for m in range(j + 1, n - 1):
                d3, c3, n3, a3, f3, x3, r3 = rows[m]
                if c3 & t2 or n3 > free2:
                    continue
                t3, free3, a3, f3, x3, r3 = t2 | c3, free2 - n3, a2 + a3, f2 + f3, x2 + x3, r2 + r3
                for d4, c4, n4, a4, f4, x4, r4 in rows[m + 1 :]:
                    if c4 & t3 or n4 > free3:
                        continue
                    fits = True
                    total = pos[f3 + f4 - opp_atk] - pos[opp_def - a3 - a4] + (x3 + x4)
                    total += ROLES[r3 + r4]
                    if total > top:
                        top = total
                        members = (d1, d2, d3, d4)
                    if best is not None:
                        for d in (d1, d2, d3, d4):
                            if total > best.get(d, -1e9):
                                best[d] = total
    return fits, top, members


def _positive_part(m: float) -> float:
    """E[max(0, X)] for X normal with mean ``m`` and spread SPREAD."""
    z = m / SPREAD
    return m * 0.5 * (1 + math.erf(z / SQRT2)) + SPREAD * math.exp(-0.5 * z * z) / SQRT2PI


def _roles_value(code: int) -> float:
    """WR-3.3, WR-3.4: a lineup with ``code`` (see HeuristicTables.role) has a thrower for the
    inbounder and a different catcher for the target?"""
    throwers, catchers, both = code % 8, code // 8 % 8, code // 64
    if not throwers or not catchers:
        return ROLE if throwers or catchers else 0.0
    if throwers == catchers == both == 1:
        return ROLE  # one player both throws and catches: only one of the two positions
    return 2 * ROLE


# WR-4.2: the expected TOP a DEF total makes over an ATK total ``m`` less, by m (an index
# from -MARGIN to MARGIN, negative indices counting from the end as Python does)
MARGIN = 80
POSITIVE = [_positive_part(m) for m in range(MARGIN + 1)] + [
    _positive_part(m) for m in range(-MARGIN, 0)
]
ROLES = [_roles_value(code) for code in range(8 * 8 * 8)]


def static_worth(effects: tuple[tuple[int, int, int, int], ...]) -> float:
    """A rough worth in TOP of compiled effects, without the situation."""
    v = 0.0
    for verb, amount, _stat, who in effects:
        many = 3.0 if who == TEAM else 1.0
        if verb == V_TOP:
            v += amount
        elif verb == V_OPP_TOP:
            v -= 0.8 * amount
        elif verb in (V_ATK, V_DEF):
            v += 0.8 * amount * (3.0 if who != SELF else 1.0) * (1 if who != OPPONENTS else -1)
        elif verb == V_STATUS:
            v += 0.1 * amount * many * (-1 if who == OPPONENTS else 1)
        elif verb == V_DRAW:
            v += 0.3 * amount
        elif verb == V_BLOCK:
            v += 1.0
    return v


def _defs(k: HeuristicTables, cards: Any) -> list[int]:
    index = k.index
    return [index[c] for c in cards] if isinstance(cards, list) else []


def _skill_weight(k: HeuristicTables, cards: list[int], deck: bool) -> float:
    """How much a player's best skill counts in its worth on court: a special card fires at
    most two players a period, and only while one is in hand (for a whole deck: the share
    of special cards likely drawn)."""
    kind = k.kind
    n = sum(1 for d in cards if kind[d] == SPECIAL)
    if deck:
        return 0.3 if n >= 4 else 0.15 if n else 0.0
    return 0.3 if n >= 2 else 0.2 if n else 0.0


def _players(k: HeuristicTables, cards: Any) -> list[int]:
    index = k.index
    kind = k.kind
    return [index[c] for c in cards if kind[index[c]] == PLAYER] if isinstance(cards, list) else []


def action_values(k: HeuristicTables, obs: dict[str, Any], legal: list[int]) -> list[float]:
    """A value per legal action (higher is better), from the observation only."""
    phase = PHASE_CODES[obs["phase"]]
    me = obs["player"]
    keys = k.keys[me]
    z = obs["zones"]
    if phase == PH_LINEUP:
        chosen = tuple(sorted(k.index[z[key][0]] for key in keys["lineup"] if z[key]))
        src = _defs(k, z[keys["pool"]] if obs["period"] == 1 else z[keys["hand"]])
        hand = _defs(k, z[keys["hand"]])
        return _pick_values(k, chosen, src, hand, obs["period"], _expected(obs), legal)
    if phase == PH_POSITIONS:
        defs = [_slot_def(k, z, me, s) for s in range(SLOTS)]
        team = obs["teams"][me]
        side = sum(1 << (s - 1) for s in team["sideways"])
        return _position_values(k, defs, side, team["inbounder"] is not None, legal)
    if phase == PH_ORDER:
        return [SECOND_BONUS if a == SECOND else 0.0 for a in legal]
    if phase == PH_FATIGUE:
        hand = _defs(k, z[keys["hand"]])
        pool = tuple(sorted(_players(k, z[keys["hand"]]) + _players(k, z[keys["tired"]])))
        dropped = bool(z[keys["fatigued"]])
        return _fatigue_values(k, hand, pool, dropped, _expected(obs), legal)
    return Court(k, observed_facts(k.index, obs)).values(legal, phase == PH_WINDOW)


def rollout_values(k: HeuristicTables, st: RugbyFields, me: int, legal: list[int]) -> list[float]:
    """The values of :func:`action_values` for ``me``'s observation of ``st``, from the
    state: only what ``me`` may see is read (its own zones, and the other team's lineup
    once it is revealed)."""
    phase = st.phase
    if phase in (PH_STRATEGY, PH_WINDOW):
        return Court(k, state_facts(st, me)).values(legal, phase == PH_WINDOW)
    z = st.zones
    cards = st.cards
    b = tbase(me)
    if phase == PH_LINEUP:
        chosen = tuple(
            sorted(cards[z[b + LINEUP + s][0]] for s in range(SLOTS) if z[b + LINEUP + s])
        )
        hand = [cards[c] for c in z[b + HAND]]
        src = [cards[c] for c in z[b + POOL]] if st.period == 1 else hand
        return _pick_values(k, chosen, src, hand, st.period, _state_expected(st, me), legal)
    if phase == PH_POSITIONS:
        defs = [_state_slot_def(st, b, s) for s in range(SLOTS)]
        return _position_values(k, defs, st.side[me], st.inb[me] >= 0, legal)
    if phase == PH_ORDER:
        return [SECOND_BONUS if a == SECOND else 0.0 for a in legal]
    hand = [cards[c] for c in z[b + HAND]]
    kind = k.kind
    tired = [cards[c] for c in z[b + TIRED]]
    pool = tuple(sorted([d for d in hand + tired if kind[d] == PLAYER]))
    dropped = bool(z[b + FATIGUED])
    return _fatigue_values(k, hand, pool, dropped, _state_expected(st, me), legal)


# ----- lineups -------------------------------------------------------------------------------
def _pick_values(
    k: HeuristicTables,
    chosen: tuple[int, ...],
    src: list[int],
    hand: list[int],
    period: int,
    expected: tuple[int, int],
    legal: list[int],
) -> list[float]:
    """WR-3.1, WR-7.3: a pick of a player of the best lineup the players of ``src`` (the
    pool in the first period, else the hand) can still make with those ``chosen``."""
    # the special cards likely in hand while this lineup plays: those held now, or in the
    # first period a share of the deck's
    specials = _skill_weight(k, src if period == 1 else hand, period == 1)
    avail = tuple(sorted({d for d in src if k.kind[d] == PLAYER}))
    _, best, _ = k.lineups(chosen, avail, specials, expected)
    sideways, upright, best_skill = k.sideways, k.upright, k.best_skill
    out = []
    for a in legal:
        if a < PICK:  # END: no player fits
            out.append(0.0)
            continue
        d = (a - PICK) >> 1
        # the pick's own worth (upright or sideways) less the player's (k.player_value)
        up = upright[d] + specials * best_skill[d]
        side = sideways[d]
        own = side if (a - PICK) & 1 else up
        out.append(best.get(d, -50.0) - (up if up > side else side) + own)
    return out


def _expected(obs: dict[str, Any]) -> tuple[int, int]:
    """The opponent's ATK and DEF totals to expect in the next period: those of the period
    before (shown until the next reveal), or the usual ones in the first period."""
    if obs["period"] == 1 and obs["phase"] in ("lineup", "positions"):
        return PRIOR
    opp = 1 - obs["player"]
    return obs["atk"][opp], obs["def"][opp]


def _state_expected(st: RugbyFields, me: int) -> tuple[int, int]:
    """:func:`_expected` read from the state."""
    if st.period == 1 and st.phase in (PH_LINEUP, PH_POSITIONS):
        return PRIOR
    return st.atk_tot[1 - me], st.def_tot[1 - me]


def _slot_def(k: HeuristicTables, z: dict[str, Any], me: int, s: int) -> int:
    keys = k.keys[me]
    for key in (keys["lineup"][s], keys["court"][s]):
        cards = z[key]
        if isinstance(cards, list) and cards:
            return k.index[cards[0]]
    return -1


def _state_slot_def(st: RugbyFields, b: int, s: int) -> int:
    """:func:`_slot_def` read from the state (``b``: the team's first zone)."""
    for zone in (b + LINEUP + s, b + COURT + s):
        cards = st.zones[zone]
        if cards:
            return st.cards[cards[0]]
    return -1


def _position_values(
    k: HeuristicTables, defs: list[int], side: int, inb_named: bool, legal: list[int]
) -> list[float]:
    """WR-3.2 to WR-3.5: a thrower as inbounder (preferably one without TOP skills, or one
    placed sideways, whose skills are not fired anyway), a catcher as target, keeping the
    thrower for the inbounder when only one player throws. ``defs``: the definition on each
    slot (-1 where empty); ``side``: the mask of slots placed sideways."""
    out = []
    for a in legal:
        if a < TARGET:
            s = a - INBOUNDER
            d = defs[s]
            v = ROLE if k.thrower[d] else 0.0
            if k.top_skill[d] and not side >> s & 1:
                v -= 0.5
            # a catcher is needed as target: spare the only catchers
            others = [e for i, e in enumerate(defs) if i != s and e >= 0]
            if k.catcher[d] and not any(k.catcher[e] for e in others):
                v -= 0.6 * ROLE
            v -= 0.05 * k.best_skill[d]
            out.append(v)
        else:
            s = a - TARGET
            d = defs[s]
            v = ROLE if k.catcher[d] else 0.0
            if not inb_named:
                v -= 1.0
            out.append(v)
    return out


def _fatigue_values(
    k: HeuristicTables,
    hand: list[int],
    pool: tuple[int, ...],
    dropped: bool,
    expected: tuple[int, int],
    legal: list[int],
) -> list[float]:
    """WR-7.2: drop the one player the next lineups miss least (a low-pointer that lets the
    high-pointers fit is worth keeping); then stop. ``pool``: the players of the hand and
    the tired ones, sorted; ``dropped``: one was dropped already."""
    first = k.codec.fatigue
    future = k.future(pool, _skill_weight(k, hand, False), expected)
    return [
        0.0 if a == END else -future.get(a - first, 0.0) - (0.5 if dropped else 0.0) for a in legal
    ]


# ----- strategy time -------------------------------------------------------------------------
class Court:
    """The period as one team sees it during a strategy time or a substitution window."""

    __slots__ = (
        "atk",
        "court",
        "def_top",
        "dfn",
        "f",
        "fires",
        "future",
        "hand",
        "held",
        "k",
        "me",
        "mods",
        "raw",
        "side",
        "slots",
        "spared",
        "specials_left",
        "top",
    )

    def __init__(self, k: HeuristicTables, f: Facts) -> None:
        self.k = k
        self.f = f
        self.me = f.me
        self.court = f.court
        self.side = f.side
        self.mods = f.mods
        self.atk = f.atk
        self.dfn = f.dfn
        self.top = f.top
        # the TOP of effects (raw), as far as the shown TOP tells: shown = raw + DEF-over-ATK
        atk, dfn, top = f.atk, f.dfn, f.top
        self.def_top = (max(0, dfn[0] - atk[1]), max(0, dfn[1] - atk[0]))  # WR-4.2
        self.raw = [top[0] - self.def_top[0], top[1] - self.def_top[1]]
        self.hand = f.hand
        self.specials_left = 0 if f.blocked else 2 - f.specials_used
        self.future: dict[int, float] | None = None
        self.fires: list[float | None] | None = None
        self.held = -1  # the special cards in hand, once counted
        self.spared: float | None = None  # the future of the player fatigue would cost
        self.slots: dict[
            int, tuple[float, int, tuple[list[float], int, float, float | None] | None]
        ] = {}

    def stat(self, q: int, s: int, i: int) -> int:
        """A status of the player on slot ``s`` of team ``q``, modifiers included."""
        d = self.court[q][s]
        if d < 0:
            return 0
        return int(self.k.stats[d][i] + self.mods[(q * SLOTS + s) * NSTATS + i])

    def values(self, legal: list[int], window: bool) -> list[float]:
        """A value per legal action of a strategy time or a substitution window."""
        k = self.k
        c = k.codec
        out = []
        sub_first, special_first, bench_first = c.sub, c.special, c.bench
        skill_gain: dict[tuple[int, int], float] = {}  # by (slot, skill): the same for every card
        card_gain: dict[tuple[int, int], float] = {}  # by (card, slot): the same for every skill
        for a in legal:
            if a == END:
                out.append(0.0)
            elif a < sub_first:
                d = a - bench_first
                out.append(self.effects_gain(k.t.effects[d], -1, False) + CYCLE)
            elif a < special_first:
                x = a - sub_first  # 2 * (4d + s) + o
                out.append(self.sub_value(x >> 3, x >> 1 & 3, x & 1, window))
            else:
                x, i = divmod(a - special_first, SKILLS)
                d, s = divmod(x, 4)
                gain = skill_gain.get((s, i))
                if gain is None:
                    skill = k.t.skills[self.court[self.me][s]][i][1]
                    inb = self.f.inb == s
                    gain = skill_gain[s, i] = self.effects_gain(skill, s, inb)
                card = k.t.effects[d]
                if card:
                    extra = card_gain.get((d, s))
                    if extra is None:
                        extra = card_gain[d, s] = self.effects_gain(card, s, False)
                    gain += extra
                out.append(gain + SPECIAL_COST)
        return out

    def effects_gain(
        self, effects: tuple[CompiledEffect, ...], slot: int, inbounder: bool
    ) -> float:
        """What effects of the acting team do to (own TOP - the opponent's TOP) now, plus the
        worth of statuses, held balls, draws and blocks (WR-8)."""
        if not effects:
            return 0.0
        me = self.me
        opp = 1 - me
        atk, dfn = self.atk, self.dfn  # copied before a change
        def_me, def_opp = self.def_top[me], self.def_top[opp]  # DEF over ATK, until a change
        raw_me, raw_opp = self.raw[me], self.raw[opp]
        court = self.court
        gain = 0
        extra = 0.0
        for verb, amount, stat, who in effects:
            if verb == V_TOP:
                gain += amount  # added to raw_me below, which nothing here reads
            elif verb == V_OPP_TOP:
                raw_opp = max(raw_opp + amount, -def_opp)
            elif verb in (V_ATK, V_DEF):
                if atk is self.atk:
                    atk, dfn = atk[:], dfn[:]
                q = opp if who == OPPONENTS else me
                count = 1 if who == SELF and slot >= 0 else sum(1 for d in court[q] if d >= 0)
                (atk if verb == V_ATK else dfn)[q] += amount * count
                def_me, def_opp = max(0, dfn[me] - atk[opp]), max(0, dfn[opp] - atk[me])
            elif verb == V_STATUS:
                extra += self.status_gain(stat, amount, who, slot)
            elif verb == V_DRAW:
                extra += DRAW * amount
            elif verb == V_HELD:
                extra += self.held_gain()
            elif verb == V_BLOCK:
                extra += 0.0 if self.f.opp_done else 1.5
        if inbounder and gain:
            gain = max(0, gain - 1)  # WR-3.5
        raw_me += gain
        before = self.top[me] - self.top[opp]
        # TOP shown = raw + DEF over the opponent's ATK (WR-4.2)
        after = max(0, raw_me + def_me) - max(0, raw_opp + def_opp)
        return float(after - before + extra)

    def held_gain(self) -> float:
        """WR-8.6: the next period's order is swapped."""
        second_next = self.f.first == self.me  # the order alternates
        if self.f.held:
            second_next = not second_next
        return -SECOND_BONUS if second_next else SECOND_BONUS

    def status_gain(self, stat: int, amount: int, who: int, slot: int) -> float:
        """A status change: worth the skills it switches on for us (while a special can fire
        them) or off for the opponent (while they still have their strategy time)."""
        k = self.k
        t = k.t
        me = self.me
        if who == OPPONENTS:
            if self.f.opp_done or amount >= 0:
                return 0.0
            q = 1 - me
            slots: tuple[int, ...] = ALL_SLOTS
        else:
            if self.specials_left <= 0 or amount <= 0 or not self._has_special():
                return 0.05 * amount
            q = me
            slots = (slot,) if who == SELF and slot >= 0 else ALL_SLOTS
        best = 0.0
        for s in slots:
            d = self.court[q][s]
            if d < 0 or self.side[q] >> s & 1:
                continue
            if q == me and self.f.special_slots >> s & 1:
                continue
            now = self.stat(q, s, stat)
            for (cond, _), w in zip(t.skills[d], k.skill_worth[d], strict=True):
                if cond is None or cond[0] != stat:
                    continue
                if (q == me and now < cond[1] <= now + amount and w > best) or (
                    q != me and now + amount < cond[1] <= now and w > best
                ):
                    best = w
        return 0.7 * best if q == me else 0.4 * best

    def _had_special(self, d: int, s: int) -> bool:
        """Whether player ``d`` coming onto slot ``s`` is the player there, by name, who had a
        special this period (WR-5.4: the limit counts players, not cards)."""
        old = self.court[self.me][s]
        name = self.k.t.name
        return old >= 0 and name[old] == name[d] and bool(self.f.special_slots >> s & 1)

    def _has_special(self) -> bool:
        return self._specials_held() > 0

    def sub_value(self, d: int, s: int, sideways: int, window: bool) -> float:
        """WR-5.2: the outgoing player is discarded, but the first substitution of a period
        spares a player from fatigue (WR-7.2), and each one brings a card more at the draw
        (WR-7.1); the incoming player keeps the outgoing one's position (checked, WR-3.6)
        and may take a special, unless it is another card of a player who had one (WR-5.4)."""
        k = self.k
        base, positions, fire = self.slots.get(s) or self._slot_facts(s, window)
        v = base
        if positions:
            if positions & 1 and not k.thrower[d]:
                v -= 1.0
            if positions & 2 and not k.catcher[d]:
                v -= 1.0
        if fire is not None:
            now, m, before, kept = fire
            inc = 0.0 if sideways or self._had_special(d, s) else k.best_skill[d]
            if kept is not None and inc <= now[m - 1]:
                after = kept  # the same m best, added in the same order
            else:
                after = sum(sorted([*now, inc], reverse=True)[:m])
            v += 0.8 * (after - before)
        if sideways:
            v -= 0.05
        return v

    def _slot_facts(
        self, s: int, window: bool
    ) -> tuple[float, int, tuple[list[float], int, float, float | None] | None]:
        """What a substitution onto slot ``s`` gives whoever comes in (worked out once per
        slot): the worth of the draw and of fatigue spared less the outgoing player's
        future, the positions it holds (bit 0 inbounder, bit 1 target), and for specials
        the skills that can fire without the outgoing player, how many specials can fire,
        and what fires with it."""
        found = self.slots.get(s)
        if found is not None:
            return found
        me = self.me
        f = self.f
        court = self.court[me]
        future = self._future()
        old = court[s]
        v = SUB_DRAW - (future.get(old, 0.0) if old >= 0 else 0.0)
        if not f.substituted:
            if self.spared is None:  # the same for every slot
                self.spared = min((future.get(c, 0.0) for c in court if c >= 0), default=0.0)
            v += self.spared
        else:
            v -= SUB_MORE  # more players discarded: a thinner squad later
        positions = (f.inb == s) | 2 * (f.tgt == s)
        fire = None
        if not window and self.specials_left > 0 and self._has_special():
            fires = self._fires()
            now = sorted((x for i, x in enumerate(fires) if i != s and x is not None), reverse=True)
            m = min(self.specials_left, self._specials_held())
            out = fires[s]
            before = sum(sorted([*now, 0.0 if out is None else out], reverse=True)[:m])
            fire = (now, m, before, sum(now[:m]) if len(now) >= m else None)
        found = self.slots[s] = (v, positions, fire)
        return found

    def _fires(self) -> list[float | None]:
        """Per own court slot, the best skill a special can fire there now (None for an empty
        slot, a player placed sideways or one who had a special; worked out once)."""
        if self.fires is None:
            me = self.me
            side = self.side[me]
            used = self.f.special_slots
            self.fires = [
                self._skill_now(c, me, i)
                if c >= 0 and not side >> i & 1 and not used >> i & 1
                else None
                for i, c in enumerate(self.court[me])
            ]
        return self.fires

    def _future(self) -> dict[int, float]:
        """What each of the team's players (in hand and on court) adds to next period's best
        lineup (worked out once)."""
        if self.future is not None:
            return self.future
        k = self.k
        hand = [d for d in self.hand if k.kind[d] == PLAYER]
        pool = tuple(sorted(hand + [c for c in self.court[self.me] if c >= 0]))
        opp = 1 - self.me
        expected = (self.atk[opp], self.dfn[opp])  # the totals shown this period (_expected)
        self.future = k.future(pool, _skill_weight(k, self.hand, False), expected)
        return self.future

    def _specials_held(self) -> int:
        """The special cards in hand (counted once)."""
        if self.held < 0:
            kind = self.k.kind
            self.held = sum(1 for d in self.hand if kind[d] == SPECIAL)
        return self.held

    def _skill_now(self, d: int, q: int, s: int) -> float:
        """The best skill of the player on slot ``s`` whose condition holds now."""
        t = self.k.t
        best = 0.0
        for (cond, _), w in zip(t.skills[d], self.k.skill_worth[d], strict=True):
            if (cond is None or self.stat(q, s, cond[0]) >= cond[1]) and w > best:
                best = w
        return best


# ----- evaluation ----------------------------------------------------------------------------
# The spread of one period's score difference in greedy self-play (its standard deviation);
# ``python tools/fit_evaluate.py wcrugby`` measures it and fits it by maximum likelihood. The
# 0.3 of a period left in the period being played (``evaluate``) is set by hand, not fitted.
PERIOD_SPREAD = 6.5


def evaluate(st: RugbyState) -> list[float]:
    """An estimate of ``st.returns()`` for an unfinished state: the chance that team 0 ends
    with the higher total, from the score difference so far, the TOP difference of the
    period being played (worth twice its size, WR-6.1), and a normal spread for each period
    still to come; returned as ``[2p - 1, 1 - 2p]``."""
    if st.winner != -1:
        return st.returns()
    diff = float(st.total(0) - st.total(1))
    later = max(0, 4 - st.period)  # periods after this one
    if st.phase in PLAYING:
        diff += 2 * (st.top_of(0) - st.top_of(1))
        spread = PERIOD_SPREAD * math.sqrt(later + 0.3)
    else:  # this period's lineups are being placed: it is still to be played
        spread = PERIOD_SPREAD * math.sqrt(later + 1.0)
    v = math.erf(diff / (spread * math.sqrt(2)))
    return [v, -v]
