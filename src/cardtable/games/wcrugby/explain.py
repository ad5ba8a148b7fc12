"""Reasons, in words, why a wheelchair rugby action is not legal: messages and
:func:`~cardtable.core.i18n.reason` s of the catalogue, said in the player's language."""

from __future__ import annotations

from cardtable.core.i18n import N_, reason

from .actions import END, INBOUNDER, PICK, SKILLS, TARGET
from .cards import BENCH, PLAYER, SPECIAL
from .effects import cond_holds
from .fields import PH_FATIGUE, PH_LINEUP, PH_POSITIONS, PH_STRATEGY, PH_WINDOW, RugbyFields
from .lineup import lineup_problem
from .zones import HAND, LINEUP, POOL, SLOTS, tbase

PHASE_WORDS = (
    N_("lineup"),
    N_("positions"),
    N_("order"),
    N_("strategy"),
    N_("substitution window"),
    N_("fatigue"),
    N_("over"),
)
"""The phases (``fields.PHASES``) as words of a reason."""
KIND_CARDS = (N_("a player card"), N_("a special card"), N_("a bench card"))
"""The card kinds (``cards.KINDS``) as words of a reason."""


def explain(st: RugbyFields, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    phase = PHASE_WORDS[st.phase]
    codec = st.game.codec
    if a == END:
        return reason(N_("you cannot end the {phase} step yet"), phase=phase)
    if a < INBOUNDER:
        return N_("the order is chosen only after a tie in ATK at the start of period 1")
    if a < PICK:
        if st.phase != PH_POSITIONS:
            return reason(
                N_("positions are named after the lineup is placed, not in the {phase} step"),
                phase=phase,
            )
        if a < TARGET and st.inb[st.team] >= 0:
            return N_("the inbounder is already named; name the target")
        return N_("name a filled lineup place, and the target must differ from the inbounder")
    if a < codec.fatigue:
        if st.phase != PH_LINEUP:
            return reason(
                N_("lineups are placed before a period starts, not in the {phase} step"),
                phase=phase,
            )
        d = (a - PICK) // 2
        return _card_problem(st, d, PLAYER, POOL if st.period == 1 else HAND) or reason(
            N_("this player cannot join the lineup: {why}"), why=_lineup_reason(st, d)
        )
    if a < codec.bench:
        if st.phase != PH_FATIGUE:
            return N_("players are dropped for fatigue only between periods")
        return N_("drop a player who played the last period")
    return _strategy_problem(st, a)


def _strategy_problem(st: RugbyFields, a: int) -> str:
    """Why a strategy-time action (a bench card, a substitution, a special card) is
    illegal."""
    codec = st.game.codec
    t = st.game.tables
    if st.phase not in (PH_STRATEGY, PH_WINDOW):
        phase = PHASE_WORDS[st.phase]
        return reason(N_("this is done in strategy time, not in the {phase} step"), phase=phase)
    if a < codec.sub:
        d = a - codec.bench
        if st.phase == PH_WINDOW:
            return N_("during the opponent's strategy time you may only substitute")
        return _card_problem(st, d, BENCH, HAND) or N_("a condition of this bench card is not met")
    if a < codec.special:
        d, s = divmod((a - codec.sub) // 2, 4)
        problem = _card_problem(st, d, PLAYER, HAND)
        if problem:
            return problem
        others = [st.cards[c] for i, c in enumerate(st.court(st.team)) if c >= 0 and i != s]
        why = lineup_problem(t, [*others, d], st.game.options.female_allowance)
        return reason(N_("the lineup after this substitution is not legal: {why}"), why=why)
    if st.phase == PH_WINDOW:
        return N_("during the opponent's strategy time you may only substitute")
    x, k = divmod(a - codec.special, SKILLS)
    d, s = divmod(x, 4)
    return _card_problem(st, d, SPECIAL, HAND) or _special_problem(st, d, s, k)


def _card_problem(st: RugbyFields, d: int, kind: int, zone: int) -> str:
    t = st.game.tables
    cid = st.game.card_ids[d]
    if t.kind[d] != kind:
        kinds = KIND_CARDS[t.kind[d]], KIND_CARDS[kind]
        return reason(
            N_("'{card}' is {kind}, not {wanted}"), card=cid, kind=kinds[0], wanted=kinds[1]
        )
    where = N_("deck") if zone == POOL else N_("hand")
    if not any(st.cards[c] == d for c in st.zones[tbase(st.team) + zone]):
        return reason(N_("'{card}' is not in your {where}"), card=cid, where=where)
    return ""


def _lineup_reason(st: RugbyFields, d: int) -> str:
    chosen = st._lineup_defs(st.team, LINEUP)
    if len(chosen) >= SLOTS:
        return N_("the lineup is full")
    problem = lineup_problem(st.game.tables, [*chosen, d], st.game.options.female_allowance)
    return problem or N_(
        "with this player the lineup could no longer be filled to 4 players (or as many as "
        "your players allow) within the class-point limit"
    )


def _special_problem(st: RugbyFields, d: int, s: int, k: int) -> str:
    t = st.game.tables
    team = st.team
    c = st.court(team)[s]
    if st.blocked[team]:
        return N_("your special skills are blocked for the rest of this period")
    if c < 0:
        return reason(N_("there is no player on place {place}"), place=s + 1)
    if st.side[team] >> s & 1:
        return N_("a player in defensive position (sideways) cannot use special skills")
    if t.name[st.cards[c]] in st.specials[team]:
        return reason(
            N_(
                "a special card was already used on {player} this period "
                "(on any card of the player)"
            ),
            player=st.game.named_card(st.cards[c]),
        )
    if len(st.specials[team]) >= 2:
        return N_("special skills were already activated for 2 players this period")
    skills = t.skills[st.cards[c]]
    if k >= len(skills):
        return reason(N_("this player has {count} skill(s)"), count=len(skills))
    if not cond_holds(st, team, s, skills[k][0]):
        return N_("the skill's status condition is not met")
    if not cond_holds(st, team, s, t.cond[d]):
        return N_("the special card's status condition is not met")
    return N_("this special cannot be used now")
