"""Reasons, in words, why an action is not legal (for IllegalActionError): messages and
:func:`~cardtable.core.i18n.reason` s of the catalogue, said in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.i18n import N_, Named, named, reason

from .actions import DONE, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS
from .base import M_FAILED, M_HAND, M_ROLE, PH_PLACE, PH_STORY
from .cards import ACTOR, EFFECT, KINDS, LOCATION
from .cards import SCENE as KIND_SCENE
from .placement import effect_fits
from .text import character_name
from .zones import DOWN, HAND, MOVIE_DECK, MOVIE_DISCARD, STORY, UP, pbase
from .zones import LOCATION as LOC
from .zones import ROLE as ROLE_ZONE

if TYPE_CHECKING:
    from .rules import LooneyState

PHASE_WORDS = (N_("choose-first"), N_("storyboard"), N_("placement"), N_("over"))
"""The phases (``base.PHASES``) as words of a reason."""
A_KIND = {
    "scene": N_("a scene"),
    "actor": N_("an actor"),
    "effect": N_("an effect"),
    "location": N_("a location"),
    "special effect": N_("a special effect"),
}
"""A card kind (``cards.KINDS``, or the role a card is played as) with its article."""


def explain(st: LooneyState, a: int) -> str:
    """Why action ``a`` is illegal in ``st`` (``a`` is known to be illegal)."""
    phase = PHASE_WORDS[st.phase]
    if a < REFILL:
        return reason(
            N_("the first player is chosen only at the start; it is now the {phase} phase"),
            phase=phase,
        )
    if a in (REFILL,) or SCENE <= a < st.game.codec.effect_base:
        return _storyboard_problem(st, a)
    if st.phase != PH_PLACE:
        return reason(
            N_("actors are placed in the placement step, not the {phase} phase"), phase=phase
        )
    b = pbase(st.actor)
    pending_role = bool(st.zones[b + ROLE_ZONE])
    if pending_role and not ROLE_SLOT <= a < SCENE:
        return N_("first put the Role you turned over on a scene ('role on N')")
    if a == DONE:
        return _done_problem(st)
    if a == ROLE:
        return _role_problem(st)
    if ROLE_SLOT <= a < SCENE:
        if not pending_role:
            return N_("there is no Role waiting to be placed")
        return _slot_problem(st, a - ROLE_SLOT, st.zones[b + ROLE_ZONE][0])
    codec = st.game.codec
    if a < codec.place_base:
        return _effect_problem(st, a - codec.effect_base)
    if a < codec.location_base:
        return _actor_problem(st, *divmod(a - codec.place_base, SLOTS))
    return _location_problem(st, *divmod(a - codec.location_base, SLOTS))


def _storyboard_problem(st: LooneyState, a: int) -> str:
    """Why a refill (``REFILL``, or a scene from the hand) is illegal."""
    if st.phase != PH_STORY:
        return reason(
            N_("scenes are added to the storyboard in the storyboard step, not the {phase} phase"),
            phase=PHASE_WORDS[st.phase],
        )
    if a == REFILL:
        if not (st.zones[MOVIE_DECK] or st.zones[MOVIE_DISCARD]):
            return N_("the Movie deck and its discard pile are empty")
        return N_("this storyboard is being refilled from the hand, one source per refill")
    return _card_problem(st, a - SCENE, KIND_SCENE, "scene") or N_(
        "refill this storyboard from one source"
    )


def _actor_problem(st: LooneyState, p: int, s: int) -> str:
    """Why placing personal card ``p`` from the hand as an actor on slot ``s`` is illegal."""
    problem = _card_problem(st, p, ACTOR, "actor")
    if problem:
        return problem
    if not st._method_ok(M_HAND):
        return N_("this round the round player placed no actor from the hand, so neither may you")
    if st.game.options.placement_method == "one" and st.my_methods & M_ROLE:
        return N_("you placed a Role, so you may not also place actors from your hand (one method)")
    hand = st.zones[pbase(st.actor) + HAND]
    d = st.game.tables.personal_defs[p]
    inst = next(c for c in hand if st.cards[c] == d)
    return _slot_problem(st, s, inst)


def _location_problem(st: LooneyState, p: int, s: int) -> str:
    """Why playing personal card ``p`` as a location on slot ``s`` is illegal."""
    problem = _card_problem(st, p, LOCATION, "location")
    if problem:
        return problem
    if st.actor != st.rp:
        return N_("only the round player plays a location")
    if st.location_played:
        return N_("only one location may be played each round")
    if not st.zones[STORY + s]:
        return reason(N_("slot {slot} has no scene"), slot=s + 1)
    if st.zones[LOC + s]:
        return reason(
            N_("slot {slot} already has a location, which stays for the rest of the game"),
            slot=s + 1,
        )
    return N_("this location cannot be played now")


def _card_problem(st: LooneyState, p: int, kind: int, word: str) -> str:
    """A problem with playing personal card ``p`` from the hand as ``word``, or ''."""
    t = st.game.tables
    d = t.personal_defs[p]
    cid = st.game.card_ids[d]
    player = st.actor if st.phase == PH_PLACE else st.rp
    if t.kind[d] != kind:
        kinds = A_KIND[KINDS[t.kind[d]]], A_KIND[word]
        return reason(
            N_("'{card}' is {kind}, not {wanted}"), card=cid, kind=kinds[0], wanted=kinds[1]
        )
    if not any(st.cards[c] == d for c in st.zones[pbase(player) + HAND]):
        return reason(N_("'{card}' is not in your hand"), card=cid)
    return ""


def _slot_problem(st: LooneyState, s: int, inst: int) -> str:
    t = st.game.tables
    if s not in st._slots_open():
        if st.actor == st.rp:
            return reason(N_("slot {slot} has no scene"), slot=s + 1)
        used = ", ".join(str(u + 1) for u in range(SLOTS) if st.used >> u & 1)
        return reason(
            N_("an answering player places only on the scenes the round player used ({used})"),
            used=used,
        )
    placed = st._chars_placed()
    c = t.char[st.cards[inst]]
    if not st._char_ok(c, s, placed):
        scene = st.game.options.unique_scope == "scene"
        where = N_("on this scene") if scene else N_("on your side")
        return reason(
            N_("you already have an actor of {character} {where}"),
            character=_character(t.characters[c]),
            where=where,
        )
    return N_("this actor cannot be placed there")


def _character(name: str) -> Named:
    """A character (LT-1.6) by its name in every language."""
    return named(name, ja=character_name(name, "ja"))


def _effect_problem(st: LooneyState, p: int) -> str:
    problem = _card_problem(st, p, EFFECT, "special effect")
    if problem:
        return problem
    if st.pending_effect < 0:
        return N_(
            "a special effect is placed together with an actor you just placed from your "
            "hand, at most one per actor"
        )
    t = st.game.tables
    d = t.personal_defs[p]
    actor = st.zones[pbase(st.actor) + DOWN + st.pending_effect][-1]
    ac = t.color[st.cards[actor]]
    if not effect_fits(t.color[d], ac):
        names = st.game.color_name
        return reason(
            N_(
                "this special effect is {color} but the actor is {actor}: it must be the "
                "actor's colour or gray"
            ),
            color=names(t.color[d]),
            actor=names(ac),
        )
    return N_("this special effect cannot be placed now")


def _role_problem(st: LooneyState) -> str:
    if not st._method_ok(M_ROLE):
        return N_("this round the round player played no Role, so neither may you")
    if st.my_methods & M_FAILED:
        return N_("your Role found no actor to place; no more Roles in this placement")
    if st.game.options.placement_method == "one" and st.my_methods & M_HAND:
        return N_("you placed actors from your hand, so you may not also play a Role (one method)")
    limit = st.game.options.role_limit
    if limit == "once" and st.role_used:
        return N_("only one Role may be played in a placement")
    if limit == "when-stuck":
        return N_("a Role may be played only when no actor can be placed from the hand")
    return N_("your personal deck is empty")


def _done_problem(st: LooneyState) -> str:
    if not st.n_placed:
        return N_("you must place at least one actor before you are done")
    uncovered = [
        str(s + 1)
        for s in range(SLOTS)
        if st.used >> s & 1
        and not st.zones[pbase(st.actor) + DOWN + s]
        and not st.zones[pbase(st.actor) + UP + s]
    ]
    return reason(
        N_("you must place an actor on every used scene; still open: slot {slots}"),
        slots=", ".join(uncovered),
    )
