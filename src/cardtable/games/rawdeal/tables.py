"""Raw Deal card definitions compiled into flat tables for the rules' hot paths."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from pydantic import BaseModel

from cardtable.core.cards import CardPool

from .cards import (
    ABILITIES,
    PLAY_TYPES,
    PLAYED,
    SUBTYPES,
    VERBS,
    RawDealCard,
    Reverses,
    Superstar,
    title_key,
)

KINDS = ("superstar", "enforcer", "arsenal", "prematch", "midmatch")
SUPERSTAR, ENFORCER, ARSENAL_CARD, PREMATCH_CARD, MIDMATCH_CARD = range(5)
PREMATCH_KINDS = ("venue", "feud", "stipulation", "manager", "title_belt", "event")
NO_LIMIT = 99
ALIGNMENTS = ("face", "heel")

Effect = tuple[int, int, int]  # verb, amount, subtype (-1: any)
# an Effect's verb: an index of VERBS (RD-7); a ``may`` is (V_MAY, n, -1) followed by the n
# effects it offers (RD-7.10), and a ``recover`` of cards of the player's choice is
# V_RECOVER_CHOICE (RD-7.14), an ``opp_discard`` of the opponent's choice
# V_OPP_DISCARD_CHOICE (RD-7.15), verbs of the compiled tables only. The verbs from
# V_DISCARD_SELF on move the card played or ask a decision (effects.py tests ``>=``)
(
    V_DRAW,
    V_OPP_DISCARD,
    V_NEXT_BONUS,
    V_NEXT_COST,
    V_OVERTURN_SELF,
    V_RECOVER,
    V_END_TURN,
    V_PIN_OPPONENT,
    V_OPP_DRAW,
    V_SEARCH,
    V_SHUFFLE_IN,
    V_TURN_BONUS,
    V_OPP_OVERTURN,
    V_NEXT_TURN,
    V_DISCARD_HAND,
    V_NEXT_UNREVERSIBLE,
    V_LOOK_HAND,
    V_OPP_DISCARD_ALL,
    V_NO_ARSENAL,
    V_DISCARD_SELF,
    V_DISCARD,
    V_RETRIEVE,
    V_MAY,
    V_EITHER,
) = range(len(VERBS))
V_RECOVER_CHOICE = len(VERBS)
V_OPP_DISCARD_CHOICE = len(VERBS) + 1  # an ``opp_discard`` of the opponent's choice (RD-7.15)
# verbs of the compiled tables only that ask nothing (effects.py takes them before the test
# ``>= V_DISCARD_SELF``): the Arsenal shuffled after a ``shuffle_in`` (RD-7.19), a
# ``next_bonus`` kept to the next maneuver (RD-7.18), a ``turn_bonus``'s extra reversal cost
V_SHUFFLE = len(VERBS) + 2
V_KEEP_BONUS = len(VERBS) + 3
V_TURN_COST = len(VERBS) + 4
V_NEXT_TURN_COST = len(VERBS) + 5  # a ``next_turn_bonus``'s extra reversal cost (RD-7.23)
V_JUMP = len(VERBS) + 6  # RD-7.29: the effects after it skip the next ``amount`` effects
HAND_OWNERS = ("own", "opponent", "both")  # a ``discard_hand``'s amount indexes these
KEEP = 1 << 8  # a set-up bonus mask's bit: the actions before the next maneuver keep it
CHOICE_VERBS = frozenset({V_DISCARD, V_RETRIEVE, V_RECOVER_CHOICE})  # a card of one's choice
# a Superstar's abilities are a bit mask: bit i stands for ABILITIES[i] (RD-3.8; "none" is 0)
(
    A_DRAW_TWO,
    A_START_OVERTURN,
    A_START_RECYCLE,
    A_TOUGH,
    A_DRAW_BURY,
    A_DAMAGE_REDUCTION,
    A_START_RECYCLE_CHOICE,
    A_DISCARD_RETRIEVE,
    A_DISCARD_OPP_DISCARD,
    A_START_RECOVER,
) = (
    1 << ABILITIES.index(a)
    for a in (
        "draw_two",
        "start_overturn",
        "start_recycle",
        "tough",
        "draw_and_bury",
        "damage_reduction",
        "start_recycle_choice",
        "discard_to_retrieve",
        "discard_to_opp_discard",
        "start_recover",
    )
)
A_ACTIVATED = A_DRAW_BURY | A_DISCARD_RETRIEVE | A_DISCARD_OPP_DISCARD  # used with ``ability``
A_LESS_DAMAGE = A_TOUGH | A_DAMAGE_REDUCTION  # 1 less damage from the opponent's maneuvers
# what the abilities that work through effects do (RD-3.10 to RD-3.12), and the cards in
# hand the activated ones discard first
ABILITY_EFFECTS: dict[int, tuple[Effect, ...]] = {
    A_START_RECYCLE_CHOICE: ((V_MAY, 1, -1), (V_RECOVER_CHOICE, 1, -1)),
    A_DISCARD_RETRIEVE: ((V_DISCARD, 2, -1), (V_RETRIEVE, 1, -1)),
    A_DISCARD_OPP_DISCARD: ((V_DISCARD, 1, -1), (V_OPP_DISCARD_CHOICE, 1, -1)),
    A_START_RECOVER: ((V_RECOVER_CHOICE, 1, -1),),
}
ABILITY_COST = {A_DISCARD_RETRIEVE: 2, A_DISCARD_OPP_DISCARD: 1}


@dataclass(frozen=True)
class Reversal:
    """What a reversal reverses, compiled."""

    types: int  # bit 0 maneuver, bit 1 action
    subtypes: int  # bit mask, 0: any
    max_damage: int
    after: int  # definition, -1: none
    titles: frozenset[int]
    hand_only: bool
    from_hand: bool
    alignment: int  # index of ALIGNMENTS, -1: any
    ring_at_least: int  # 0: no Ring condition
    overturned_only: bool
    effects_when_overturned: bool


@dataclass(frozen=True)
class AfterBonusTable:
    """RD-6.7 compiled: the card played right before (a definition, or -1), a maneuver of
    at least this damage (0: none), one of these subtypes (a mask, 0: none), or one of these
    definitions (a word of their names); and the bonus."""

    after: int
    after_damage: int
    after_maneuver: int
    after_named: frozenset[int]
    damage: int
    fortitude: int


@dataclass(frozen=True)
class StarRules:
    """A Superstar's rules about cards named by title, compiled (RD-3.14, RD-1.9): the
    Fortitude its player's cards of a title need less, the effects after one is played
    successfully, the definitions its opponents may not play, and those its deck may not
    hold (by definition)."""

    cut: dict[int, int]
    effects: dict[int, tuple[Effect, ...]]
    barred: frozenset[int]
    unpackable: frozenset[int]


@dataclass(frozen=True)
class CardTables:
    """Per pool index: kind, types, subtypes, F, D, SV, reversal, requirements, effects, traits."""

    kind: tuple[int, ...]
    plays: tuple[int, ...]  # bit mask over PLAY_TYPES
    subtypes: tuple[int, ...]
    fortitude: tuple[int, ...]
    damage: tuple[int, ...]
    stun: tuple[int, ...]
    reversal: tuple[Reversal | None, ...]
    req_after: tuple[int, ...]
    req_after_damage: tuple[int, ...]
    req_fort_over: tuple[bool, ...]
    req_after_maneuver: tuple[int, ...]  # subtype mask the card played before needs, 0: none
    req_hand: tuple[int, ...]  # cards the hand must hold to play it (this one too), 0: any
    effects: tuple[tuple[Effect, ...], ...]
    # RD-3.7: the effects of a success by the type played as (MANEUVER, ACTION): ``effects``
    # and those of ``effects_as`` of that type
    success: tuple[tuple[tuple[Effect, ...], tuple[Effect, ...]], ...]
    reversal_effects: tuple[tuple[Effect, ...], ...]
    unique: tuple[bool, ...]
    universal: tuple[bool, ...]
    active: tuple[bool, ...]
    setup: tuple[bool, ...]
    multi: tuple[bool, ...]
    unreversible: tuple[bool, ...]
    prematch_kind: tuple[int, ...]
    pm_damage: tuple[tuple[int, int], ...]  # (bonus, subtype mask 0: any)
    pm_fortitude: tuple[int, ...]
    pm_draw: tuple[int, ...]
    pm_value: tuple[int, ...]
    pm_reduction: tuple[int, ...]
    ability: tuple[int, ...]  # a bit mask of A_* (RD-3.8)
    hand_size: tuple[int, ...]
    value: tuple[int, ...]
    alignment: tuple[int, ...]  # index of ALIGNMENTS, -1: none
    damage_as_reversed: tuple[bool, ...]
    reversal_bonus: tuple[int, ...]  # RD-5.9: reversals to the card deal this much more
    after_bonus: tuple[AfterBonusTable | None, ...]  # RD-6.7
    star_rules: tuple[StarRules | None, ...]  # RD-3.14 (Superstars only; None: no such rule)
    # RD-6.8: the maneuvers that count in the Ring, and the damage each adds (None: none)
    ring_bonus: tuple[tuple[frozenset[int], int] | None, ...]


def _after_maneuver(card: RawDealCard) -> int:
    """RD-4.5: the subtypes one of which the maneuver played right before must have (every
    subtype for "any"; 0: no such requirement)."""
    need = card.requires.after_maneuver if card.requires else None
    if need is None:
        return 0
    return (1 << len(SUBTYPES)) - 1 if need == "any" else 1 << SUBTYPES.index(need)


EMPTY_INDEX: Mapping[str, int] = MappingProxyType({})
# the verbs of a card file whose ``choice`` makes them verbs of the compiled tables only
CHOSEN_VERBS = {"recover": V_RECOVER_CHOICE, "opp_discard": V_OPP_DISCARD_CHOICE}
CHOSEN_NAMES = {verb: name for name, verb in CHOSEN_VERBS.items()}


def _mask(names: tuple[str, ...], vocab: tuple[str, ...]) -> int:
    return sum(1 << vocab.index(n) for n in names)


def _effect(e: BaseModel, index: Mapping[str, int]) -> tuple[Effect, ...]:
    """One effect of a card file, compiled (a ``may``: its head, then what it offers; a
    ``search``: (V_SEARCH, 1 with the Ringside pile first, the definition sought))."""
    do = str(getattr(e, "do"))  # noqa: B009
    if do == "may":
        inner = compile_effects(getattr(e, "effects"), index)  # noqa: B009
        return ((V_MAY, len(inner), -1), *inner)
    if do == "search":
        title = index.get(str(getattr(e, "title")), -1)  # noqa: B009
        return ((V_SEARCH, int(bool(getattr(e, "ringside"))), title),)  # noqa: B009
    if do == "opp_discard_all":  # RD-7.27: (verb, 0 by alignment / 1 by title, which)
        title = getattr(e, "title")  # noqa: B009
        if title is not None:
            return ((V_OPP_DISCARD_ALL, 1, index.get(title, -1)),)
        return ((V_OPP_DISCARD_ALL, 0, ALIGNMENTS.index(getattr(e, "alignment"))),)  # noqa: B009
    if do == "either":
        return _either(e, index)
    if do in COMPOUND:
        return COMPOUND[do](e)
    if do in CHOSEN_VERBS and getattr(e, "choice", False):
        return ((CHOSEN_VERBS[do], getattr(e, "amount"), -1),)  # noqa: B009
    sub = getattr(e, "subtype", None)
    return ((VERBS.index(do), getattr(e, "amount", 0), SUBTYPES.index(sub) if sub else -1),)


def _shuffle_in(e: BaseModel) -> tuple[Effect, ...]:
    """RD-7.19: the cards of the player's choice go to the Arsenal, then it is shuffled
    (RD-7.22 ``up_to``: each one offered)."""
    amount = getattr(e, "amount")  # noqa: B009
    if getattr(e, "up_to"):  # noqa: B009
        return (*_one_by_one(V_RECOVER_CHOICE, amount), (V_SHUFFLE, 0, -1))
    return ((V_RECOVER_CHOICE, amount, -1), (V_SHUFFLE, 0, -1))


def _up_to(e: BaseModel) -> tuple[Effect, ...]:
    """RD-7.22: ``draw`` or ``retrieve`` of as many as the player chooses: each card
    offered (a ``may`` of one), up to ``amount``."""
    do = str(getattr(e, "do"))  # noqa: B009
    amount = getattr(e, "amount")  # noqa: B009
    if not getattr(e, "up_to"):  # noqa: B009
        return ((VERBS.index(do), amount, -1),)
    return _one_by_one(VERBS.index(do), amount)


def _one_by_one(verb: int, amount: int) -> tuple[Effect, ...]:
    """``amount`` offers of one each (RD-7.10): the player takes as many as they choose."""
    return ((V_MAY, 1, -1), (verb, 1, -1)) * amount


def _turn_bonus(e: BaseModel) -> tuple[Effect, ...]:
    """RD-7.20: the turn's damage bonus, then its extra reversal cost."""
    sub = getattr(e, "subtype")  # noqa: B009
    out: tuple[Effect, ...] = ()
    if getattr(e, "amount"):  # noqa: B009
        out += ((V_TURN_BONUS, getattr(e, "amount"), SUBTYPES.index(sub) if sub else -1),)  # noqa: B009
    if getattr(e, "reversal_cost"):  # noqa: B009
        out += ((V_TURN_COST, getattr(e, "reversal_cost"), -1),)  # noqa: B009
    return out


def _next_bonus(e: BaseModel) -> tuple[Effect, ...]:
    """RD-6.2, RD-7.18: a set-up bonus, kept to the next maneuver with ``maneuver``."""
    sub = getattr(e, "subtype")  # noqa: B009
    verb = V_KEEP_BONUS if getattr(e, "maneuver") else V_NEXT_BONUS  # noqa: B009
    return ((verb, getattr(e, "amount"), SUBTYPES.index(sub) if sub else -1),)  # noqa: B009


def _next_turn(e: BaseModel) -> tuple[Effect, ...]:
    """RD-7.23: next turn's damage bonus, then its extra reversal cost."""
    return (
        (V_NEXT_TURN, getattr(e, "amount"), -1),  # noqa: B009
        (V_NEXT_TURN_COST, getattr(e, "reversal_cost"), -1),  # noqa: B009
    )


def _plain(verb: int, amount: str) -> Callable[[BaseModel], tuple[Effect, ...]]:
    """A verb whose one number is the field ``amount`` read by ``_number``."""

    def compiled(e: BaseModel) -> tuple[Effect, ...]:
        return ((verb, _number(getattr(e, amount)), -1),)

    return compiled


def _number(value: object) -> int:
    """RD-7.24's owner as its index; RD-7.25's limit (-1: none); any other number itself."""
    if isinstance(value, str):
        return HAND_OWNERS.index(value)
    return -1 if value is None else int(str(value))


def _either(e: BaseModel, index: Mapping[str, int]) -> tuple[Effect, ...]:
    """RD-7.29: a ``may`` of the first effects (and a jump over the second); declined, the
    second (themselves a ``may`` when neither may be taken)."""
    first = compile_effects(getattr(e, "first"), index)  # noqa: B009
    second = compile_effects(getattr(e, "second"), index)  # noqa: B009
    if getattr(e, "optional"):  # noqa: B009
        second = ((V_MAY, len(second), -1), *second)
    return ((V_MAY, len(first) + 1, -1), *first, (V_JUMP, len(second), -1), *second)


COMPOUND = {
    "next_turn_bonus": _next_turn,
    "discard_hand": _plain(V_DISCARD_HAND, "whose"),
    "next_unreversible": _plain(V_NEXT_UNREVERSIBLE, "max_damage"),
    "shuffle_in": _shuffle_in,
    "turn_bonus": _turn_bonus,
    "next_bonus": _next_bonus,
    "draw": _up_to,
    "retrieve": _up_to,
}


def compile_effects(
    effects: tuple[BaseModel, ...], index: Mapping[str, int] = EMPTY_INDEX
) -> tuple[Effect, ...]:
    """Effects of a card file (cards.py models), compiled in order (RD-7); ``index``: the
    pool's definition of each card id (for ``search``)."""
    return tuple(c for e in effects for c in _effect(e, index))


def _success(
    card: RawDealCard, index: Mapping[str, int]
) -> tuple[tuple[Effect, ...], tuple[Effect, ...]]:
    """RD-3.7: a card's success effects played as a maneuver, and as an action."""
    common = compile_effects(card.effects, index)
    if card.effects_as is None:
        return common, common
    extra = card.effects_as
    return (
        common + compile_effects(extra.maneuver, index),
        common + compile_effects(extra.action, index),
    )


def _abilities(card: RawDealCard) -> int:
    """A Superstar's abilities as a bit mask (RD-3.8)."""
    return sum(1 << ABILITIES.index(a) for a in card.abilities)


AMOUNTLESS = frozenset({V_END_TURN, V_PIN_OPPONENT, V_DISCARD_SELF, V_LOOK_HAND})


def effect_data(e: Effect, ids: tuple[str, ...] = ()) -> dict[str, object]:
    """A compiled effect (not a ``may``) as it is written in a card file (``ids``: the card
    ids by definition, for a ``search``'s title)."""
    verb, amount, sub = e
    if verb == V_SEARCH:  # RD-7.17
        return {
            "do": "search",
            "title": ids[sub] if 0 <= sub < len(ids) else "",
            "ringside": bool(amount),
        }
    if verb == V_KEEP_BONUS:  # RD-7.18
        return effect_data((V_NEXT_BONUS, amount, sub)) | {"maneuver": True}
    out: dict[str, object] = {"do": CHOSEN_NAMES.get(verb) or VERBS[verb]}
    if verb not in AMOUNTLESS:
        out["amount"] = amount
    if sub >= 0:
        out["subtype"] = SUBTYPES[sub]
    if verb in CHOSEN_NAMES:
        out["choice"] = True
    return out


def _ref(index: dict[str, int], cid: str | None) -> int:
    """A card named by a rule: its index, -1 for none, -2 for a card not in the pool."""
    return index.get(cid, -2) if cid else -1


def _reversal(r: Reverses | None, index: dict[str, int]) -> Reversal | None:
    """What a card reverses, compiled (``None``: it is no reversal)."""
    if r is None:
        return None
    return Reversal(
        types=_mask(r.types, PLAY_TYPES),
        subtypes=_mask(r.subtypes, SUBTYPES),
        max_damage=NO_LIMIT if r.max_damage is None else r.max_damage,
        after=_ref(index, r.after),
        titles=frozenset(index[t] for t in r.titles if t in index),
        hand_only=r.hand_only,
        from_hand=r.from_hand,
        alignment=ALIGNMENTS.index(r.alignment) if r.alignment else -1,
        ring_at_least=r.ring_at_least or 0,
        overturned_only=r.overturned_only,
        effects_when_overturned=r.effects_when_overturned or r.overturned_only,
    )


def compile_tables(pool: CardPool[RawDealCard]) -> CardTables:
    """Compile every card of the pool."""
    cards = pool.cards
    index = pool.index

    def ref(cid: str | None) -> int:
        return _ref(index, cid)

    return CardTables(
        kind=tuple(KINDS.index(c.type) for c in cards),
        plays=tuple(_mask(c.plays_as, PLAY_TYPES) for c in cards),
        subtypes=tuple(_mask(c.subtypes, SUBTYPES) for c in cards),
        fortitude=tuple(c.fortitude for c in cards),
        damage=tuple(c.damage for c in cards),
        stun=tuple(c.stun for c in cards),
        reversal=tuple(_reversal(c.reverses, index) for c in cards),
        req_after=tuple(ref(c.requires.after) if c.requires else -1 for c in cards),
        req_after_damage=tuple((c.requires.after_damage or 0) if c.requires else 0 for c in cards),
        req_fort_over=tuple(bool(c.requires and c.requires.fortitude_over_opponent) for c in cards),
        req_after_maneuver=tuple(_after_maneuver(c) for c in cards),
        req_hand=tuple((c.requires.hand_at_least or 0) if c.requires else 0 for c in cards),
        effects=tuple(compile_effects(c.effects, index) for c in cards),
        success=tuple(_success(c, index) for c in cards),
        reversal_effects=tuple(compile_effects(c.reversal_effects, index) for c in cards),
        unique=tuple(c.unique or c.universally_unique for c in cards),
        universal=tuple(c.universally_unique or c.prematch_kind == "title_belt" for c in cards),
        active=tuple(c.active for c in cards),
        setup=tuple(c.setup for c in cards),
        multi=tuple(c.multi for c in cards),
        unreversible=tuple(c.cannot_be_reversed for c in cards),
        prematch_kind=tuple(
            PREMATCH_KINDS.index(c.prematch_kind) if c.prematch_kind else -1 for c in cards
        ),
        pm_damage=tuple(
            (
                c.prematch.damage_bonus,
                _mask((c.prematch.subtype,), SUBTYPES) if c.prematch.subtype else 0,
            )
            if c.prematch
            else (0, 0)
            for c in cards
        ),
        pm_fortitude=tuple(c.prematch.fortitude if c.prematch else 0 for c in cards),
        pm_draw=tuple(c.prematch.draw if c.prematch else 0 for c in cards),
        pm_value=tuple(c.prematch.superstar_value if c.prematch else 0 for c in cards),
        pm_reduction=tuple(c.prematch.opp_damage_reduction if c.prematch else 0 for c in cards),
        ability=tuple(_abilities(c) for c in cards),
        hand_size=tuple(c.hand_size or 0 for c in cards),
        value=tuple(c.superstar_value or 0 for c in cards),
        alignment=tuple(ALIGNMENTS.index(c.alignment) if c.alignment else -1 for c in cards),
        damage_as_reversed=tuple(c.damage_as_reversed for c in cards),
        reversal_bonus=tuple(c.reversal_bonus for c in cards),
        after_bonus=tuple(_after_bonus(c, pool) for c in cards),
        star_rules=tuple(_star_rules(c, pool) for c in cards),
        ring_bonus=tuple(_ring_bonus(c, pool) for c in cards),
    )


def _ring_bonus(
    card: RawDealCard, pool: CardPool[RawDealCard]
) -> tuple[frozenset[int], int] | None:
    """RD-6.8 compiled: the maneuvers whose name holds the word, and the damage each adds."""
    rb = card.ring_bonus
    if rb is None:
        return None
    word = rb.word.lower()
    counted = frozenset(
        i for i, c in enumerate(pool.cards) if "maneuver" in c.plays_as and word in c.name.lower()
    )
    return counted, rb.damage


def _titled(pool: CardPool[RawDealCard], name: str) -> frozenset[int]:
    """The played cards (of every set) whose name is ``name``, whatever the case."""
    key = title_key(name)
    return frozenset(
        i for i, c in enumerate(pool.cards) if title_key(c.name) == key and c.type in PLAYED
    )


def _star_rules(card: RawDealCard, pool: CardPool[RawDealCard]) -> StarRules | None:
    """RD-3.14, RD-1.9: a Superstar's rules about cards by title, compiled (None: none)."""
    if not isinstance(card, Superstar) or not (
        card.card_rules or card.opponent_cannot_play or card.cannot_pack
    ):
        return None
    cut: dict[int, int] = {}
    effects: dict[int, tuple[Effect, ...]] = {}
    for rule in card.card_rules:
        compiled = compile_effects(rule.effects, pool.index)
        for d in _titled(pool, rule.title):
            cut[d] = cut.get(d, 0) + rule.fortitude
            effects[d] = effects.get(d, ()) + compiled
    barred = frozenset(d for n in card.opponent_cannot_play for d in _titled(pool, n))
    unpackable = frozenset(d for n in card.cannot_pack for d in _titled(pool, n))
    return StarRules(cut, effects, barred, unpackable)


def _after_bonus(card: RawDealCard, pool: CardPool[RawDealCard]) -> AfterBonusTable | None:
    """RD-6.7 compiled: the card's condition on the card played right before it, and its
    bonus (None: it has none)."""
    ab = card.after_bonus
    if ab is None:
        return None
    word = (ab.after_word or "").lower()
    named = frozenset(i for i, c in enumerate(pool.cards) if word and word in c.name.lower())
    return AfterBonusTable(
        after=_ref(pool.index, ab.after),
        after_damage=ab.after_damage or 0,
        after_maneuver=(1 << len(SUBTYPES)) - 1
        if ab.after_maneuver == "any"
        else _mask((ab.after_maneuver,), SUBTYPES)
        if ab.after_maneuver
        else 0,
        after_named=named,
        damage=ab.damage,
        fortitude=ab.fortitude,
    )
