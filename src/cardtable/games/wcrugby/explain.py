"""Reasons, in words, why a wheelchair rugby action is not legal."""

from __future__ import annotations

from .actions import END, INBOUNDER, PICK, SKILLS, TARGET
from .cards import BENCH, KINDS, PLAYER, SPECIAL
from .effects import cond_holds
from .fields import PH_FATIGUE, PH_LINEUP, PH_POSITIONS, PH_STRATEGY, PH_WINDOW, PHASES, RugbyFields
from .lineup import lineup_problem
from .zones import HAND, LINEUP, POOL, SLOTS, tbase


def explain(st: RugbyFields, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    phase = PHASES[st.phase]
    codec = st.game.codec
    if a == END:
        return f"you cannot end the {phase} step yet"
    if a < INBOUNDER:
        return "the order is chosen only after a tie in ATK at the start of period 1"
    if a < PICK:
        if st.phase != PH_POSITIONS:
            return f"positions are named after the lineup is placed, not in the {phase} step"
        if a < TARGET and st.inb[st.team] >= 0:
            return "the inbounder is already named; name the target"
        return "name a filled lineup place, and the target must differ from the inbounder"
    if a < codec.fatigue:
        if st.phase != PH_LINEUP:
            return f"lineups are placed before a period starts, not in the {phase} step"
        d = (a - PICK) // 2
        return _card_problem(st, d, PLAYER, POOL if st.period == 1 else HAND) or (
            "this player cannot join the lineup: " + _lineup_reason(st, d)
        )
    if a < codec.bench:
        if st.phase != PH_FATIGUE:
            return "players are dropped for fatigue only between periods"
        return "drop a player who played the last period"
    return _strategy_problem(st, a)


def _strategy_problem(st: RugbyFields, a: int) -> str:
    """Why a strategy-time action (a bench card, a substitution, a special card) is
    illegal."""
    codec = st.game.codec
    t = st.game.tables
    if st.phase not in (PH_STRATEGY, PH_WINDOW):
        phase = PHASES[st.phase]
        return f"this is done in strategy time, not in the {phase} step"
    if a < codec.sub:
        d = a - codec.bench
        if st.phase == PH_WINDOW:
            return "during the opponent's strategy time you may only substitute"
        return _card_problem(st, d, BENCH, HAND) or "a condition of this bench card is not met"
    if a < codec.special:
        d, s = divmod((a - codec.sub) // 2, 4)
        problem = _card_problem(st, d, PLAYER, HAND)
        if problem:
            return problem
        others = [st.cards[c] for i, c in enumerate(st.court(st.team)) if c >= 0 and i != s]
        reason = lineup_problem(t, [*others, d], st.game.options.female_allowance)
        return f"the lineup after this substitution is not legal: {reason}"
    if st.phase == PH_WINDOW:
        return "during the opponent's strategy time you may only substitute"
    x, k = divmod(a - codec.special, SKILLS)
    d, s = divmod(x, 4)
    return _card_problem(st, d, SPECIAL, HAND) or _special_problem(st, d, s, k)


def _card_problem(st: RugbyFields, d: int, kind: int, zone: int) -> str:
    t = st.game.tables
    cid = st.game.card_ids[d]
    if t.kind[d] != kind:
        return f"'{cid}' is a {KINDS[t.kind[d]]} card, not a {KINDS[kind]} card"
    where = "deck" if zone == POOL else "hand"
    if not any(st.cards[c] == d for c in st.zones[tbase(st.team) + zone]):
        return f"'{cid}' is not in your {where}"
    return ""


def _lineup_reason(st: RugbyFields, d: int) -> str:
    chosen = st._lineup_defs(st.team, LINEUP)
    if len(chosen) >= SLOTS:
        return "the lineup is full"
    problem = lineup_problem(st.game.tables, [*chosen, d], st.game.options.female_allowance)
    return problem or (
        "with this player the lineup could no longer be filled to 4 players (or as many as "
        "your players allow) within the class-point limit"
    )


def _special_problem(st: RugbyFields, d: int, s: int, k: int) -> str:
    t = st.game.tables
    team = st.team
    c = st.court(team)[s]
    if st.blocked[team]:
        return "your special skills are blocked for the rest of this period"
    if c < 0:
        return f"there is no player on place {s + 1}"
    if st.side[team] >> s & 1:
        return "a player in defensive position (sideways) cannot use special skills"
    name = t.name[st.cards[c]]
    if name in st.specials[team]:
        return (
            f"a special card was already used on {t.names[name]} this period "
            "(on any card of the player)"
        )
    if len(st.specials[team]) >= 2:
        return "special skills were already activated for 2 players this period"
    skills = t.skills[st.cards[c]]
    if k >= len(skills):
        return f"this player has {len(skills)} skill(s)"
    if not cond_holds(st, team, s, skills[k][0]):
        return "the skill's status condition is not met"
    if not cond_holds(st, team, s, t.cond[d]):
        return "the special card's status condition is not met"
    return "this special cannot be used now"
