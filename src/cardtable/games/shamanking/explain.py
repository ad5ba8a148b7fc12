"""Reasons, in words, why a Shaman King action is not legal."""

from __future__ import annotations

from .actions import COUNTER, COUNTER_EXTRA, FIRST, FOCUS, PLAY, SIGNATURE
from .fields import PH_CHOICE, PH_FLIP, PH_SIGNATURE, SKFields
from .tables import KINDS, STRIKE


def explain(st: SKFields, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    if st.phase == PH_CHOICE:
        return "first choose who sends the Opening Attack ('first' or 'second')"
    if a >= FIRST:
        return "who sends the Opening Attack is chosen only at the start"
    if a == SIGNATURE:
        if st.phase != PH_SIGNATURE:
            return "the Signature Move is used in the signature step, before the flips"
        return "the Signature Move needs all three zones charged, enough Intercept and its cost"
    if st.phase != PH_FLIP:
        return "use the Signature Move or pass"
    t = st.game.tables
    d = st.cards[st.flipped]
    if a == FOCUS:
        return "focusing is switched off (option focus)"
    if a == PLAY and not t.usable[st.shaman(st.defender)][d]:
        return "this guardian spirit does not name your Shaman: only the Shamans it names use it"
    if not st.active(st.defender, d) and st.game.options.trait_mismatch == "unplayable":
        return "this card's trait does not match your Shaman's (option trait_mismatch)"
    if a in (COUNTER, COUNTER_EXTRA):
        return _counter_problem(st, d, a == COUNTER_EXTRA)
    if a == PLAY:
        if t.kind[d] == STRIKE:
            return "a Strike is not placed: counterattack with it, focus it or pass"
        return "its cost cannot be paid with your furyoku"
    return "not now"


def _counter_problem(st: SKFields, d: int, extra: bool) -> str:
    """Why counterattacking with the flipped card ``d`` (``extra``: with its extra-cost
    ability) is illegal."""
    t = st.game.tables
    if t.kind[d] != STRIKE:
        kind = KINDS[t.kind[d]]
        article = "an" if kind[0] in "aeiou" else "a"
        return f"only a Strike counterattacks; this is {article} {kind} card"
    if extra and t.extra_cost[d] is None:
        return "this Strike has no extra-cost ability"
    if extra and not st.active(st.defender, d):
        return "its trait does not match your Shaman's, so its extra-cost ability does not work"
    intercept, _ = st._strike_values(st.defender, d, extra)
    if intercept < st.incoming:
        return f"its Intercept {intercept} is below the incoming Force {st.incoming}"
    return "its cost cannot be paid with your furyoku"
