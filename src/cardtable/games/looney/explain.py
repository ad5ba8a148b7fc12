"""Reasons, in words, why an action is not legal (for IllegalActionError)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import DONE, REFILL, ROLE, ROLE_SLOT, SCENE, SLOTS
from .base import M_FAILED, M_HAND, M_ROLE, PH_PLACE, PH_STORY, PHASES
from .cards import ACTOR, EFFECT, GRAY, KINDS, LOCATION
from .cards import SCENE as KIND_SCENE
from .zones import DOWN, HAND, MOVIE_DECK, MOVIE_DISCARD, STORY, UP, pbase
from .zones import LOCATION as LOC
from .zones import ROLE as ROLE_ZONE

if TYPE_CHECKING:
    from .rules import LooneyState


def explain(st: LooneyState, a: int) -> str:
    """Why action ``a`` is illegal in ``st`` (``a`` is known to be illegal)."""
    phase = PHASES[st.phase]
    if a < REFILL:
        return f"the first player is chosen only at the start; it is now the {phase} phase"
    if a in (REFILL,) or SCENE <= a < st.game.codec.effect_base:
        return _storyboard_problem(st, a)
    if st.phase != PH_PLACE:
        return f"actors are placed in the placement step, not the {phase} phase"
    b = pbase(st.actor)
    pending_role = bool(st.zones[b + ROLE_ZONE])
    if pending_role and not ROLE_SLOT <= a < SCENE:
        return "first put the Role you turned over on a scene ('role on N')"
    if a == DONE:
        return _done_problem(st)
    if a == ROLE:
        return _role_problem(st)
    if ROLE_SLOT <= a < SCENE:
        if not pending_role:
            return "there is no Role waiting to be placed"
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
        return (
            "scenes are added to the storyboard in the storyboard step, not the "
            f"{PHASES[st.phase]} phase"
        )
    if a == REFILL:
        if not (st.zones[MOVIE_DECK] or st.zones[MOVIE_DISCARD]):
            return "the Movie deck and its discard pile are empty"
        return "this storyboard is being refilled from the hand, one source per refill"
    return (
        _card_problem(st, a - SCENE, KIND_SCENE, "scene")
        or "refill this storyboard from one source"
    )


def _actor_problem(st: LooneyState, p: int, s: int) -> str:
    """Why placing personal card ``p`` from the hand as an actor on slot ``s`` is illegal."""
    problem = _card_problem(st, p, ACTOR, "actor")
    if problem:
        return problem
    if not st._method_ok(M_HAND):
        return "this round the round player placed no actor from the hand, so neither may you"
    if st.game.options.placement_method == "one" and st.my_methods & M_ROLE:
        return "you placed a Role, so you may not also place actors from your hand (one method)"
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
        return "only the round player plays a location"
    if st.location_played:
        return "only one location may be played each round"
    if not st.zones[STORY + s]:
        return f"slot {s + 1} has no scene"
    if st.zones[LOC + s]:
        return f"slot {s + 1} already has a location, which stays for the rest of the game"
    return "this location cannot be played now"


def _card_problem(st: LooneyState, p: int, kind: int, word: str) -> str:
    """A problem with playing personal card ``p`` from the hand as ``word``, or ''."""
    t = st.game.tables
    d = t.personal_defs[p]
    cid = st.game.card_ids[d]
    player = st.actor if st.phase == PH_PLACE else st.rp
    if t.kind[d] != kind:
        return f"'{cid}' is {_a(KINDS[t.kind[d]])}, not {_a(word)}"
    if not any(st.cards[c] == d for c in st.zones[pbase(player) + HAND]):
        return f"'{cid}' is not in your hand"
    return ""


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _slot_problem(st: LooneyState, s: int, inst: int) -> str:
    t = st.game.tables
    if s not in st._slots_open():
        if st.actor == st.rp:
            return f"slot {s + 1} has no scene"
        used = ", ".join(str(u + 1) for u in range(SLOTS) if st.used >> u & 1)
        return f"an answering player places only on the scenes the round player used ({used})"
    placed = st._chars_placed()
    c = t.char[st.cards[inst]]
    if not st._char_ok(c, s, placed):
        where = "on this scene" if st.game.options.unique_scope == "scene" else "on your side"
        return f"you already have an actor of {t.characters[c]} {where}"
    return "this actor cannot be placed there"


def _effect_problem(st: LooneyState, p: int) -> str:
    problem = _card_problem(st, p, EFFECT, "special effect")
    if problem:
        return problem
    if st.pending_effect < 0:
        return (
            "a special effect is placed together with an actor you just placed from your "
            "hand, at most one per actor"
        )
    t = st.game.tables
    d = t.personal_defs[p]
    actor = st.zones[pbase(st.actor) + DOWN + st.pending_effect][-1]
    ac = t.color[st.cards[actor]]
    if t.color[d] not in (GRAY, ac):
        names = st.game.color_name
        return (
            f"this special effect is {names(t.color[d])} but the actor is {names(ac)}: it must "
            "be the actor's colour or gray"
        )
    return "this special effect cannot be placed now"


def _role_problem(st: LooneyState) -> str:
    if not st._method_ok(M_ROLE):
        return "this round the round player played no Role, so neither may you"
    if st.my_methods & M_FAILED:
        return "your Role found no actor to place; no more Roles in this placement"
    if st.game.options.placement_method == "one" and st.my_methods & M_HAND:
        return "you placed actors from your hand, so you may not also play a Role (one method)"
    limit = st.game.options.role_limit
    if limit == "once" and st.role_used:
        return "only one Role may be played in a placement"
    if limit == "when-stuck":
        return "a Role may be played only when no actor can be placed from the hand"
    return "your personal deck is empty"


def _done_problem(st: LooneyState) -> str:
    if not st.n_placed:
        return "you must place at least one actor before you are done"
    uncovered = [
        str(s + 1)
        for s in range(SLOTS)
        if st.used >> s & 1
        and not st.zones[pbase(st.actor) + DOWN + s]
        and not st.zones[pbase(st.actor) + UP + s]
    ]
    return "you must place an actor on every used scene; still open: slot " + ", ".join(uncovered)
