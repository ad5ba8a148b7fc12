"""Reasons, in words, why a Raw Deal action is not legal: messages and
:func:`~cardtable.core.i18n.reason` s of the catalogue, said in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.i18n import N_, reason

from .actions import ABILITY, END, HAND, REVERSAL
from .match import (
    CHOICE_PHASES,
    PH_BURY,
    PH_DISCARD,
    PH_MAIN,
    PH_MAY,
    PH_PREMATCH,
    PH_RECOVER,
    PH_RETRIEVE,
    PH_REVERSAL,
    PH_STUN,
    PH_TARGET,
)
from .tables import MIDMATCH_CARD, PREMATCH_CARD
from .zones import BACKLASH, RING, pbase
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from .rules import RawDealState

PHASE_WORDS = (
    N_("pre-match"),
    N_("main"),
    N_("reversal window"),
    N_("stun draw"),
    N_("bury"),
    N_("over"),
    N_("target"),
    N_("may"),
    N_("discard"),
    N_("retrieve"),
    N_("recover"),
)
"""The phases (``match.PHASES``) as words of a reason."""
AS_WORDS = (N_("maneuver"), N_("action"), N_("reversal"))
"""The ways to play a card (``actions.AS``) as words of a reason."""


def explain(st: RawDealState, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    phase = PHASE_WORDS[st.phase]
    codec = st.game.codec
    if st.phase == PH_TARGET:
        targets = ", ".join(f"'target {q}'" for q in st._targets(st.tp, st.pending_def))
        return reason(N_("choose the opponent to aim the card at: {targets}"), targets=targets)
    if a >= codec.target:
        return _aim_problem(st, a)
    if st.phase == PH_STUN:
        return reason(N_("draw from 0 to {max} cards for Stun Value ('stun N')"), max=st.stun_max)
    if st.phase == PH_BURY:
        return N_("put a card from your hand under your Arsenal ('bury <id>')")
    if st.phase in CHOICE_PHASES:
        return _choice_problem(st)
    if a == END:
        return reason(N_("you cannot end now ({phase})"), phase=phase)
    if a == ABILITY:
        return N_("your Superstar has no ability to use now, or it was used this turn")
    if a < HAND:
        return N_("Stun Value draws come only when an Arsenal reversal cut the damage short")
    return _card_problem(st, a)


CHOICE_ASKS = {
    PH_MAY: N_("take what the card offers ('accept') or decline it ('decline')"),
    PH_DISCARD: N_("choose a card of your hand to discard ('discard <id>')"),
    PH_RETRIEVE: N_("choose a card of your Ringside pile to put into your hand ('retrieve <id>')"),
    PH_RECOVER: N_(
        "choose a card of your Ringside pile to put on the bottom of your Arsenal ('recover <id>')"
    ),
}
"""What each choice phase asks (RD-7.10 to RD-7.14)."""


def _choice_problem(st: RawDealState) -> str:
    """RD-7.10 to RD-7.14: the decision asked now, and whether it may be declined."""
    asks = CHOICE_ASKS[st.phase]
    if st.phase == PH_MAY or st.skip < 0:
        return asks
    return reason(N_("{asks}, or decline ('decline')"), asks=asks)


def _card_problem(st: RawDealState, a: int) -> str:
    """Why playing a card from the hand or the Backlash deck (action ``a``) is illegal."""
    codec = st.game.codec
    t = st.game.tables
    from_hand = a < codec.backlash
    d, k = divmod(a - (HAND if from_hand else codec.backlash), 3)
    cid = st.game.card_ids[d]
    zone = pbase(st.actor) + (HAND_ZONE if from_hand else BACKLASH)
    where = N_("hand") if from_hand else N_("Backlash deck")
    if not any(st.cards[c] == d for c in st.zones[zone]):
        return reason(N_("'{card}' is not in your {where}"), card=cid, where=where)
    if st.phase == PH_PREMATCH:
        if t.kind[d] != PREMATCH_CARD:
            return N_("only Pre-match cards are placed before the match")
        return reason(
            N_(
                "this Pre-match card cannot be placed: a player has at most {limit}, one of "
                "each Venue, Feud, Stipulation and Manager; one Venue and one Title Belt in "
                "all; a Universally Unique card once"
            ),
            limit=st.game.options.prematch_limit,
        )
    if not t.plays[d] >> k & 1:
        return reason(N_("'{card}' cannot be played as {kind}"), card=cid, kind=AS_WORDS[k])
    if st.phase == PH_REVERSAL:
        if k != REVERSAL:
            return N_("in the reversal window you may only reverse, or pass with 'end'")
        return N_("this reversal does not fit the card being played, or your Fortitude is too low")
    if st.phase == PH_MAIN:
        if k == REVERSAL:
            return N_("reversals are played only on the opponent's turn")
        if not from_hand and t.kind[d] != MIDMATCH_CARD:
            return N_("only Mid-match cards are played from the Backlash deck during the match")
        return _play_problem(st, d)
    return reason(N_("not now ({phase})"), phase=PHASE_WORDS[st.phase])


SUBTYPE_NAMES = (  # by index of SUBTYPES
    N_("Strike"),
    N_("Grapple"),
    N_("Submission"),
    N_("High Risk"),
    N_("Trademark Finisher"),
)


def _after_maneuver_problem(need: int) -> str:
    """RD-4.5: it must follow a maneuver (of one subtype: ``need``, a subtype mask)."""
    if need == (1 << len(SUBTYPE_NAMES)) - 1:
        return N_("it must be played right after a maneuver")
    sub = SUBTYPE_NAMES[need.bit_length() - 1]
    return reason(N_("it must be played right after a {subtype} maneuver"), subtype=sub)


def _play_problem(st: RawDealState, d: int) -> str:
    t = st.game.tables
    ids = st.game.card_ids
    fort = st.fortitude(st.actor)
    if t.fortitude[d] > fort and not st._fortitude_met(d, fort):
        return reason(
            N_("it needs Fortitude {need}; yours is {have}"), need=t.fortitude[d], have=fort
        )
    if st._barred(d):  # RD-3.14
        return N_("your opponent's Superstar does not let you play this card")
    if t.req_hand[d] and len(st.zones[pbase(st.actor) + HAND_ZONE]) < t.req_hand[d]:
        return reason(N_("it needs {n} or more cards in your hand"), n=t.req_hand[d])
    if t.req_after[d] != -1 and st.last_played != t.req_after[d]:
        return reason(N_("it must be played right after '{card}'"), card=ids[t.req_after[d]])
    if t.req_after_damage[d] and st.last_damage < t.req_after_damage[d]:
        return reason(
            N_("it must follow a maneuver of {damage}D or more"), damage=t.req_after_damage[d]
        )
    need = t.req_after_maneuver[d]
    if need and not st.last_maneuver & need:
        return _after_maneuver_problem(need)
    if t.req_fort_over[d]:
        return N_("your Fortitude must be higher than your opponent's")
    if t.active[d] and any(st.cards[c] == d for c in st.zones[pbase(st.actor) + RING]):
        return N_("a card with this title and Active is already in your Ring")
    if t.universal[d]:
        return N_("this Universally Unique card is already in a Ring")
    return reason(
        N_("Mid-match cards in the Ring are limited ({limit})"),
        limit=st.game.options.midmatch_limit,
    )


def _aim_problem(st: RawDealState, a: int) -> str:
    """Why a TARGET or TAG action is illegal."""
    codec = st.game.codec
    if a != codec.tag:
        return N_(
            "a target is chosen right after playing a card, when several opponents could take it"
        )
    if not st.game.hot.tag:
        return N_("tagging in a partner is only for a tag team match (option match=tag)")
    if st.phase != PH_MAIN:
        return N_("you tag in your partner during the main segment of your turn")
    if st.tagged:
        return N_("a team tags in at most once per turn")
    return N_("your partner is out of the match")
