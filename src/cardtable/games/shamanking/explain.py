"""Reasons, in words, why a Shaman King action is not legal: messages and
:func:`~cardtable.core.i18n.reason` s of the catalogue, said in the player's language."""

from __future__ import annotations

from cardtable.core.i18n import N_, reason

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PLAY, SIGNATURE
from .fields import PH_CHOICE, PH_FLIP, PH_SIGNATURE, SKFields
from .tables import STRIKE

A_KIND = (N_("a shaman"), N_("a strike"), N_("an advantage"), N_("a teamwork"))
"""The card kinds (``tables.KINDS``) with their article, as words of a reason."""


def explain(st: SKFields, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    if st.phase == PH_CHOICE:
        return N_("first choose who sends the Opening Attack ('first' or 'second')")
    if a >= FIRST:
        return N_("who sends the Opening Attack is chosen only at the start")
    if a == SIGNATURE:
        if st.phase != PH_SIGNATURE:
            return N_("the Signature Move is used in the signature step, before the flips")
        return N_("the Signature Move needs all three zones charged, enough Intercept and its cost")
    if st.phase != PH_FLIP:
        return N_("use the Signature Move or pass")
    t = st.game.tables
    d = st.cards[st.flipped]
    if a == FOCUS:
        return N_("focusing is switched off (option focus)")
    if a == PLAY and not t.usable[st.shaman(st.defender)][d]:
        return N_(
            "this guardian spirit does not name your Shaman: only the Shamans it names use it"
        )
    if not st.active(st.defender, d) and st.game.options.trait_mismatch == "unplayable":
        return N_("this card's trait does not match your Shaman's (option trait_mismatch)")
    if a in (COUNTER, COUNTER_EXTRA):
        return _counter_problem(st, d, a == COUNTER_EXTRA)
    if a == PLAY:
        if t.kind[d] == STRIKE:
            return N_("a Strike is not placed: counterattack with it, focus it or pass")
        return N_("its cost cannot be paid with your furyoku")
    return N_("not now")


def _counter_problem(st: SKFields, d: int, extra: bool) -> str:
    """Why counterattacking with the flipped card ``d`` (``extra``: with its extra-cost
    ability) is illegal."""
    t = st.game.tables
    if t.kind[d] != STRIKE:
        kind = A_KIND[t.kind[d]]
        return reason(N_("only a Strike counterattacks; this is {kind} card"), kind=kind)
    if extra and t.extra_cost[d] is None:
        return N_("this Strike has no extra-cost ability")
    if extra and not st.active(st.defender, d):
        return N_("its trait does not match your Shaman's, so its extra-cost ability does not work")
    intercept, _ = st._strike_values(st.defender, d, extra)
    if intercept < st.incoming:
        return reason(
            N_("its Intercept {intercept} is below the incoming Force {force}"),
            intercept=intercept,
            force=st.incoming,
        )
    return N_("its cost cannot be paid with your furyoku")
