"""Reasons, in words, why a Raw Deal action is not legal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ABILITY, AS, END, HAND, REVERSAL
from .match import PH_BURY, PH_MAIN, PH_PREMATCH, PH_REVERSAL, PH_STUN, PH_TARGET, PHASES
from .tables import MIDMATCH_CARD, PREMATCH_CARD
from .zones import BACKLASH, RING, pbase
from .zones import HAND as HAND_ZONE

if TYPE_CHECKING:
    from .rules import RawDealState


def explain(st: RawDealState, a: int) -> str:
    """Why action ``a`` is illegal in ``st``."""
    phase = PHASES[st.phase]
    codec = st.game.codec
    if st.phase == PH_TARGET:
        targets = ", ".join(f"'target {q}'" for q in st._targets(st.tp, st.pending_def))
        return f"choose the opponent to aim the card at: {targets}"
    if a >= codec.target:
        return _aim_problem(st, a)
    if st.phase == PH_STUN:
        return f"draw from 0 to {st.stun_max} cards for Stun Value ('stun N')"
    if st.phase == PH_BURY:
        return "put a card from your hand under your Arsenal ('bury <id>')"
    if a == END:
        return f"you cannot end now ({phase})"
    if a == ABILITY:
        return "your Superstar has no ability to use now, or it was used this turn"
    if a < HAND:
        return "Stun Value draws come only when an Arsenal reversal cut the damage short"
    return _card_problem(st, a)


def _card_problem(st: RawDealState, a: int) -> str:
    """Why playing a card from the hand or the Backlash deck (action ``a``) is illegal."""
    codec = st.game.codec
    t = st.game.tables
    from_hand = a < codec.backlash
    d, k = divmod(a - (HAND if from_hand else codec.backlash), 3)
    cid = st.game.card_ids[d]
    zone = pbase(st.actor) + (HAND_ZONE if from_hand else BACKLASH)
    where = "hand" if from_hand else "Backlash deck"
    if not any(st.cards[c] == d for c in st.zones[zone]):
        return f"'{cid}' is not in your {where}"
    if st.phase == PH_PREMATCH:
        if t.kind[d] != PREMATCH_CARD:
            return "only Pre-match cards are placed before the match"
        return (
            "this Pre-match card cannot be placed: a player has at most "
            f"{st.game.options.prematch_limit}, one of each Venue, Feud, Stipulation and Manager; "
            "one Venue and one Title Belt in all; a Universally Unique card once"
        )
    if not t.plays[d] >> k & 1:
        return f"'{cid}' cannot be played as {AS[k]}"
    if st.phase == PH_REVERSAL:
        if k != REVERSAL:
            return "in the reversal window you may only reverse, or pass with 'end'"
        return "this reversal does not fit the card being played, or your Fortitude is too low"
    if st.phase == PH_MAIN:
        if k == REVERSAL:
            return "reversals are played only on the opponent's turn"
        if not from_hand and t.kind[d] != MIDMATCH_CARD:
            return "only Mid-match cards are played from the Backlash deck during the match"
        return _play_problem(st, d)
    return f"not now ({PHASES[st.phase]})"


def _play_problem(st: RawDealState, d: int) -> str:
    t = st.game.tables
    ids = st.game.card_ids
    fort = st.fortitude(st.actor)
    if t.fortitude[d] > fort:
        return f"it needs Fortitude {t.fortitude[d]}; yours is {fort}"
    if t.req_after[d] != -1 and st.last_played != t.req_after[d]:
        return f"it must be played right after '{ids[t.req_after[d]]}'"
    if t.req_after_damage[d] and st.last_damage < t.req_after_damage[d]:
        return f"it must follow a maneuver of {t.req_after_damage[d]}D or more"
    if t.req_fort_over[d]:
        return "your Fortitude must be higher than your opponent's"
    if t.active[d] and any(st.cards[c] == d for c in st.zones[pbase(st.actor) + RING]):
        return "a card with this title and Active is already in your Ring"
    if t.universal[d]:
        return "this Universally Unique card is already in a Ring"
    return f"Mid-match cards in the Ring are limited ({st.game.options.midmatch_limit})"


def _aim_problem(st: RawDealState, a: int) -> str:
    """Why a TARGET or TAG action is illegal."""
    codec = st.game.codec
    if a != codec.tag:
        return "a target is chosen right after playing a card, when several opponents could take it"
    if not st.game.hot.tag:
        return "tagging in a partner is only for a tag team match (option match=tag)"
    if st.phase != PH_MAIN:
        return "you tag in your partner during the main segment of your turn"
    if st.tagged:
        return "a team tags in at most once per turn"
    return "your partner is out of the match"
