"""WR-2: who may be on court together: class points, allowances, names."""
# cardtable: compile

from __future__ import annotations

from collections.abc import Iterable

from cardtable.core.i18n import N_, reason

from .cards import CardTables

LIMIT_HALVES = 16  # 8.0 class points, counted in halves
OVER_AGE_BIT = 1  # in LineupTables.clash; bit n + 2 stands for name group n (-1: no player)


def allowance_halves(t: CardTables, d: int, rule: str) -> int:
    """What player definition ``d`` adds to the team's limit, in halves (WR-2.2, WR-2.3)."""
    extra = 1 if t.over_age[d] else 0
    if not t.female[d]:
        return extra
    h = t.halves[d]
    if rule == "legacy":
        return extra + 1
    if h >= 4:
        return extra + 2
    if h <= 2:
        return extra + 1
    return extra + {"wwr-2025": 1, "seed-1.5-none": 0, "seed-1.5-full": 2}[rule]


def lineup_problem(t: CardTables, defs: Iterable[int], rule: str) -> str:
    """Why these player definitions may not be on court together (a message or a
    :func:`~cardtable.core.i18n.reason`), or ''."""
    defs = list(defs)
    names = [t.name[d] for d in defs]
    if len(set(names)) < len(names):
        return N_("two players of the same name")
    if sum(1 for d in defs if t.over_age[d]) > 1:
        return N_("more than one over-age (+) player")
    total = sum(t.halves[d] for d in defs)
    limit = LIMIT_HALVES + sum(allowance_halves(t, d, rule) for d in defs)
    if total > limit:
        return reason(
            N_("class points {total} are over the limit of {limit}"),
            total=f"{total / 2:.1f}",
            limit=f"{limit / 2:.1f}",
        )
    return ""


class LineupTables:
    """:func:`lineup_problem` as arithmetic on per-definition numbers, for the hot paths.

    Two definitions clash when they share a name group or are both over-age: ``clash[d]`` has
    a bit for its name and one for being over-age, so players may be on court together when
    their bits are disjoint. ``net[d]`` is its class halves less what it adds to the limit, so
    they fit the class-point limit when their ``net`` sum to at most ``LIMIT_HALVES``."""

    __slots__ = ("clash", "net")

    @classmethod
    def of(cls, t: CardTables, rule: str) -> LineupTables:
        """The tables, computed. (No ``__init__``: in the compiled build, a class without
        one pickles.)"""
        tables = cls()
        tables._fill(t, rule)
        return tables

    def _fill(self, t: CardTables, rule: str) -> None:
        n = len(t.kind)
        self.clash = tuple(
            1 << (t.name[d] + 2) | (OVER_AGE_BIT if t.over_age[d] else 0) for d in range(n)
        )
        self.net = tuple(t.halves[d] - allowance_halves(t, d, rule) for d in range(n))

    def room(self, defs: Iterable[int]) -> tuple[int, int]:
        """What players on court together leave to one more: (their clash bits, the class
        halves still free). The bits are -1 (nobody fits) when they already clash."""
        clash, net = self.clash, self.net
        taken = 0
        free = LIMIT_HALVES
        for d in defs:
            if taken & clash[d]:
                return -1, free
            taken |= clash[d]
            free -= net[d]
        return taken, free

    def fits(self, room: tuple[int, int], d: int) -> bool:
        """Whether ``d`` may join players who left ``room``: ``lineup_problem`` is ''."""
        return not self.clash[d] & room[0] and self.net[d] <= room[1]

    def ok(self, defs: Iterable[int]) -> bool:
        """Whether these definitions may be on court together: ``lineup_problem`` is ''."""
        taken, free = self.room(defs)
        return taken >= 0 and free >= 0

    def rooms_without_each(self, defs: list[int]) -> list[tuple[int, int]]:
        """For each slot of ``defs`` (-1: empty), the room left by the others on court."""
        clash, net = self.clash, self.net
        taken, free = 0, LIMIT_HALVES  # self.room of the slots taken, without a generator
        for d in defs:
            if d >= 0:
                if taken & clash[d]:
                    taken = -1
                    break
                taken |= clash[d]
                free -= net[d]
        if taken < 0:  # a clash already: work each slot out on its own
            return [
                self.room(e for i, e in enumerate(defs) if e >= 0 and i != s)
                for s in range(len(defs))
            ]
        return [(taken, free) if d < 0 else (taken ^ clash[d], free + net[d]) for d in defs]


def can_fill(
    lt: LineupTables, avail: list[int], room: tuple[int, int], k: int, start: int = 0
) -> bool:
    """Whether ``k`` more players from ``avail`` (definitions sorted by ``lt.net``) can join
    players who left ``room``, keeping the lineup legal (WR-3.1: a lineup of 4 when possible)."""
    if k <= 0:
        return True
    taken, free = room
    clash, net = lt.clash, lt.net
    # The cheapest players that do not clash almost always answer; search only if they fail.
    got_taken, got_free, got = taken, free, 0
    for i in range(start, len(avail)):
        d = avail[i]
        if net[d] > got_free:
            break
        if not clash[d] & got_taken:
            got_taken |= clash[d]
            got_free -= net[d]
            got += 1
            if got == k:
                return True
    for i in range(start, len(avail)):
        d = avail[i]
        if net[d] > free:
            return False
        if not clash[d] & taken and can_fill(
            lt, avail, (taken | clash[d], free - net[d]), k - 1, i + 1
        ):
            return True
    return False
