"""RD-1: deck construction rules, each reported with its rule id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from cardtable.core.cards import CardPool
from cardtable.core.decks import Deck, DeckProblem
from cardtable.core.i18n import N_, named, reason

from .cards import RawDealCard, title_key

if TYPE_CHECKING:
    from .game import RawDealGame

ARSENAL_SIZE = 60
LIMITS = {"seed": (16, 8, 8), "classic": (20, 10, 10), "revolution": (12, 6, 6)}


def check(game: RawDealGame, deck: Deck) -> list[DeckProblem]:
    """Every construction rule ``deck`` breaks."""
    pool = game.card_pool
    star_ids = list(deck.sections.get("superstar", {}))
    star = pool.get(star_ids[0]) if star_ids else None
    arsenal = deck.sections.get("arsenal", {})
    backlash = deck.sections.get("backlash", {})
    out = _superstar_problems(pool, deck, star)
    out += _section_problems(pool, arsenal, backlash)
    for section, counts in (("arsenal", arsenal), ("backlash", backlash)):
        out += _copies_problems(pool, section, counts)
    out += _belonging_problems([pool.get(c) for c in (*arsenal, *backlash)], star)
    out += _backlash_size_problems(game, backlash)
    return out + _unpackable_problems([pool.get(c) for c in (*arsenal, *backlash)], star)


def _unpackable_problems(
    everything: list[RawDealCard], star: RawDealCard | None
) -> list[DeckProblem]:
    """RD-1.9: the cards the Superstar may not pack, named by title."""
    barred = {title_key(n) for n in getattr(star, "cannot_pack", ())}
    return [
        DeckProblem(
            "RD-1.9",
            reason(N_("'{card}' may not be packed with '{star}'"), card=c.id, star=star.id),
        )
        for c in dict.fromkeys(everything)
        if star is not None and title_key(c.name) in barred
    ]


KIND_WORDS = {  # a card's type in the deck problems' words
    "superstar": N_("Superstar"),
    "enforcer": N_("Enforcer"),
    "prematch": N_("Pre-match"),
    "midmatch": N_("Mid-match"),
    "arsenal": N_("Arsenal"),
}


def _superstar_problems(
    pool: CardPool[RawDealCard], deck: Deck, star: RawDealCard | None
) -> list[DeckProblem]:
    """RD-1.7: the Superstar, and an Enforcer only for a Superstar whose ability allows it."""
    out: list[DeckProblem] = []
    if star is None or star.type != "superstar":
        out.append(DeckProblem("RD-1.7", N_("the 'superstar' section must name a Superstar card")))
    enforcers = list(deck.sections.get("enforcer", {}))
    if enforcers:
        if pool.get(enforcers[0]).type != "enforcer":
            out.append(
                DeckProblem(
                    "RD-1.7", reason(N_("'{card}' is not an Enforcer card"), card=enforcers[0])
                )
            )
        elif star is not None and "enforcer" not in star.abilities:
            out.append(
                DeckProblem(
                    "RD-1.7", N_("only a Superstar whose ability allows it reveals an Enforcer")
                )
            )
    return out


def _section_problems(
    pool: CardPool[RawDealCard], arsenal: Mapping[str, int], backlash: Mapping[str, int]
) -> list[DeckProblem]:
    """RD-1.1 and RD-1.6: an Arsenal of exactly 60 Arsenal cards, a Backlash deck of Pre-match
    and Mid-match cards."""
    out: list[DeckProblem] = []
    size = sum(arsenal.values())
    if size != ARSENAL_SIZE:
        out.append(
            DeckProblem(
                "RD-1.1",
                reason(N_("an Arsenal has exactly 60 cards; this one has {size}"), size=size),
            )
        )
    for cid in arsenal:
        if pool.get(cid).type != "arsenal":
            out.append(
                DeckProblem(
                    "RD-1.1",
                    reason(
                        N_("'{card}' is a {kind} card, not an Arsenal card"),
                        card=cid,
                        kind=KIND_WORDS.get(pool.get(cid).type, pool.get(cid).type),
                    ),
                )
            )
    for cid in backlash:
        if pool.get(cid).type not in ("prematch", "midmatch"):
            out.append(
                DeckProblem(
                    "RD-1.6", reason(N_("'{card}' is not a Pre-match or Mid-match card"), card=cid)
                )
            )
    return out


def _copies_problems(
    pool: CardPool[RawDealCard], section: str, counts: Mapping[str, int]
) -> list[DeckProblem]:
    """RD-1.2: at most 3 copies of a card (1 of a Unique one; set-ups and non-Unique
    follow-ups have no limit)."""
    out: list[DeckProblem] = []
    for cid, n in counts.items():
        c = pool.get(cid)
        limit = 1 if (c.unique or c.universally_unique) else 3
        if c.setup or (c.follow_up and not c.unique):
            limit = 10_000
        if n > limit:
            why = N_("'{section}': {n} copies of '{card}'; a Unique card allows {limit}")
            if limit != 1:
                why = N_("'{section}': {n} copies of '{card}'; a card allows {limit}")
            words = reason(why, section=named(section), n=n, card=cid, limit=limit)
            out.append(DeckProblem("RD-1.2", words))
    return out


def _belonging_problems(
    everything: list[RawDealCard], star: RawDealCard | None
) -> list[DeckProblem]:
    """RD-1.3 to RD-1.5: cards only for another Superstar, Face and Heel mixed, Raw and
    SmackDown! mixed."""
    out: list[DeckProblem] = []
    for c in everything:
        if c.superstar and (star is None or c.superstar != star.id):
            out.append(
                DeckProblem(
                    "RD-1.3",
                    reason(
                        N_("'{card}' is only for the Superstar '{star}'"),
                        card=c.id,
                        star=c.superstar,
                    ),
                )
            )
    sides = {c.alignment for c in [*everything, *([star] if star else [])] if c.alignment}
    if len(sides) > 1:
        out.append(DeckProblem("RD-1.4", N_("Face and Heel cards are mixed")))
    brands = {c.brand for c in [*everything, *([star] if star else [])] if c.brand}
    if len(brands) > 1:
        out.append(DeckProblem("RD-1.5", N_("Raw and SmackDown! cards are mixed")))
    return out


def _backlash_size_problems(game: RawDealGame, backlash: Mapping[str, int]) -> list[DeckProblem]:
    """RD-1.6: the Backlash deck's size limits of option ``backlash``."""
    pool = game.card_pool
    total, pre, mid = LIMITS[game.options.backlash]
    n_pre = sum(n for cid, n in backlash.items() if pool.get(cid).type == "prematch")
    n_mid = sum(n for cid, n in backlash.items() if pool.get(cid).type == "midmatch")
    if n_pre + n_mid > total or n_pre > pre or n_mid > mid:
        return [
            DeckProblem(
                "RD-1.6",
                reason(
                    N_(
                        "the Backlash deck holds at most {total} cards, {pre} Pre-match and "
                        "{mid} Mid-match (option backlash={option}); this one has {n_pre} + "
                        "{n_mid}"
                    ),
                    total=total,
                    pre=pre,
                    mid=mid,
                    option=game.options.backlash,
                    n_pre=n_pre,
                    n_mid=n_mid,
                ),
            )
        ]
    return []
