"""WR-2: who may be on court together: class points, allowances, names."""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CardTables

LIMIT_HALVES = 16  # 8.0 class points, counted in halves


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
    """Why these player definitions may not be on court together, or ''."""
    defs = list(defs)
    names = [t.name[d] for d in defs]
    if len(set(names)) < len(names):
        return "two players of the same name"
    if sum(1 for d in defs if t.over_age[d]) > 1:
        return "more than one over-age (+) player"
    total = sum(t.halves[d] for d in defs)
    limit = LIMIT_HALVES + sum(allowance_halves(t, d, rule) for d in defs)
    if total > limit:
        return f"class points {total / 2:.1f} are over the limit of {limit / 2:.1f}"
    return ""
