"""Shaman King cards compiled into flat tables for the rules' hot paths."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from cardtable.core.cards import CardPool
from cardtable.core.errors import CardFileError
from cardtable.core.i18n import N_, named, reason

from .cards import VERBS, ZONES, Cost, SKCard, When, character_of

KINDS = ("shaman", "strike", "advantage", "teamwork")
SHAMAN_CARD, STRIKE, ADVANTAGE_CARD, TEAMWORK_CARD = range(4)
# an effect: (verb, amount, zone (-1 this / any, 3 weakest), condition)
# a condition: incoming_max (99), incoming_min (0), zone (-1), teamwork_here (-1/0/1),
# zone_of (a character's index in CardTables.characters, or -1)
Cond = tuple[int, int, int, int, int]
Effect = tuple[int, int, int, Cond]
NO_COND: Cond = (99, 0, -1, -1, -1)
# the verb of an effect: its index in cards.VERBS
V_FORCE, V_INTERCEPT, V_PER_TEAMWORK, V_GAIN, V_CHARGE, V_MOVE_BACK, V_UNDERPAY = range(7)
Price = tuple[int, int, int]  # green, yellow, red


def _cond(w: When | None, characters: tuple[str, ...]) -> Cond:
    if w is None:
        return NO_COND
    if w.zone_of is not None and w.zone_of not in characters:
        why = N_("'zone_of: {zone}' names no Teamwork card's character")
        raise CardFileError(reason(why, zone=named(w.zone_of)))
    return (
        99 if w.incoming_max is None else w.incoming_max,
        0 if w.incoming_min is None else w.incoming_min,
        -1 if w.zone is None else ZONES.index(w.zone),
        -1 if w.teamwork_here is None else int(w.teamwork_here),
        -1 if w.zone_of is None else characters.index(w.zone_of),
    )


def _effect(e: BaseModel, characters: tuple[str, ...]) -> Effect:
    verb = VERBS.index(str(getattr(e, "do")))  # noqa: B009
    amount = getattr(e, "amount", getattr(e, "zones", 0))
    zone_name = getattr(e, "zone", None) or getattr(e, "color", None)
    zone = ZONES.index(zone_name) if zone_name in ZONES else (3 if zone_name == "weakest" else -1)
    return (verb, amount, zone, _cond(getattr(e, "when", None), characters))


def price(c: Cost | None) -> Price:
    """A cost as (green, yellow, red)."""
    return (0, 0, 0) if c is None else (c.green, c.yellow, c.red)


@dataclass(frozen=True)
class CardTables:
    """Per pool index: kind, trait, cost, Intercept, Force, effects; Shaman sides."""

    kind: tuple[int, ...]
    trait: tuple[str | None, ...]
    cost: tuple[Price, ...]
    intercept: tuple[int, ...]
    force: tuple[int, ...]
    immediate: tuple[bool, ...]
    extra_cost: tuple[Price | None, ...]
    extra_effects: tuple[tuple[Effect, ...], ...]
    effects: tuple[tuple[Effect, ...], ...]
    shaman_traits: tuple[dict[str, str], ...]
    # per card: the index of the character whose zone a Teamwork card makes (SK-5.7), or -1
    character: tuple[int, ...]
    characters: tuple[str, ...]
    # per shaman definition and side (0 front, 1 back): the signature strike
    sig_name: tuple[tuple[str, str], ...]
    sig_cost: tuple[tuple[Price, Price], ...]
    sig_intercept: tuple[tuple[int, int], ...]
    sig_force: tuple[tuple[int, int], ...]
    sig_effects: tuple[tuple[tuple[Effect, ...], tuple[Effect, ...]], ...]
    # works[shaman][card]: the card's text works for that Shaman (SK-1.6, SK-5.6), per Shaman
    works: dict[int, tuple[bool, ...]]
    # usable[shaman][card]: False for a guardian spirit that does not name that Shaman (SK-5.6)
    usable: dict[int, tuple[bool, ...]]


def _works(cards: tuple[SKCard, ...], shaman: SKCard) -> tuple[bool, ...]:
    """Per card: generic, its trait is the Shaman's entry for its kind of card (SK-1.6), or it
    is a guardian spirit naming the Shaman (SK-5.6)."""
    traits = {str(k): v for k, v in (shaman.traits or {}).items()}
    return tuple(
        shaman.id in c.shamans if c.shamans else c.trait is None or traits.get(c.type) == c.trait
        for c in cards
    )


def _usable(cards: tuple[SKCard, ...], shaman: SKCard) -> tuple[bool, ...]:
    """Per card: False for a guardian spirit that does not name the Shaman (SK-5.6)."""
    return tuple(not c.shamans or shaman.id in c.shamans for c in cards)


def _characters(cards: tuple[SKCard, ...]) -> tuple[str, ...]:
    """The characters of the Teamwork cards (SK-5.7), sorted; the guardian spirits' Shamans
    are checked on the way."""
    ids = {c.id for c in cards if c.type == "shaman"}
    for c in cards:
        unknown = sorted(set(c.shamans) - ids)
        if unknown:
            why = N_("{card}: 'shamans' names no Shaman card {unknown}")
            raise CardFileError(reason(why, card=named(c.id), unknown=named(str(unknown))))
    return tuple(sorted({character_of(c) for c in cards if c.type == "teamwork"}))


def compile_tables(pool: CardPool[SKCard]) -> CardTables:
    """Compile every card of the pool."""
    cards = pool.cards
    kind = tuple(KINDS.index(c.type) for c in cards)
    trait = tuple(c.trait for c in cards)
    shaman_traits = tuple({str(k): v for k, v in (c.traits or {}).items()} for c in cards)
    chars = _characters(cards)
    shamans = [s for s in range(len(cards)) if kind[s] == 0]
    return CardTables(
        kind=kind,
        trait=trait,
        cost=tuple(price(c.cost) for c in cards),
        intercept=tuple(c.intercept or 0 for c in cards),
        force=tuple(c.force or 0 for c in cards),
        immediate=tuple(c.immediate for c in cards),
        extra_cost=tuple(price(c.extra_cost) if c.extra_cost else None for c in cards),
        extra_effects=tuple(tuple(_effect(e, chars) for e in c.extra_effects) for c in cards),
        effects=tuple(tuple(_effect(e, chars) for e in c.effects) for c in cards),
        shaman_traits=shaman_traits,
        character=tuple(
            chars.index(character_of(c)) if c.type == "teamwork" else -1 for c in cards
        ),
        characters=chars,
        sig_name=tuple(
            (c.front.signature.name, c.back.signature.name) if c.front and c.back else ("", "")
            for c in cards
        ),
        sig_cost=tuple(
            (price(c.front.signature.cost), price(c.back.signature.cost))
            if c.front and c.back
            else ((0, 0, 0), (0, 0, 0))
            for c in cards
        ),
        sig_intercept=tuple(
            (c.front.signature.intercept, c.back.signature.intercept)
            if c.front and c.back
            else (0, 0)
            for c in cards
        ),
        sig_force=tuple(
            (c.front.signature.force, c.back.signature.force) if c.front and c.back else (0, 0)
            for c in cards
        ),
        sig_effects=tuple(
            (
                tuple(_effect(e, chars) for e in c.front.signature.effects),
                tuple(_effect(e, chars) for e in c.back.signature.effects),
            )
            if c.front and c.back
            else ((), ())
            for c in cards
        ),
        works={s: _works(cards, cards[s]) for s in shamans},
        usable={s: _usable(cards, cards[s]) for s in shamans},
    )
