"""RD-1: deck construction rules, each reported with its rule id."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.core.decks import Deck, DeckProblem

if TYPE_CHECKING:
    from .game import RawDealGame

ARSENAL_SIZE = 60
LIMITS = {"seed": (16, 8, 8), "classic": (20, 10, 10), "revolution": (12, 6, 6)}


def check(game: RawDealGame, deck: Deck) -> list[DeckProblem]:
    """Every construction rule ``deck`` breaks."""
    pool = game.card_pool
    out: list[DeckProblem] = []
    star_ids = list(deck.sections.get("superstar", {}))
    star = pool.get(star_ids[0]) if star_ids else None
    if star is None or star.type != "superstar":
        out.append(DeckProblem("RD-1.7", "the 'superstar' section must name a Superstar card"))
    enforcers = list(deck.sections.get("enforcer", {}))
    if enforcers:
        if pool.get(enforcers[0]).type != "enforcer":
            out.append(DeckProblem("RD-1.7", f"'{enforcers[0]}' is not an Enforcer card"))
        elif star is not None and star.ability != "enforcer":
            out.append(
                DeckProblem(
                    "RD-1.7", "only a Superstar whose ability allows it reveals an Enforcer"
                )
            )
    arsenal = deck.sections.get("arsenal", {})
    backlash = deck.sections.get("backlash", {})
    size = sum(arsenal.values())
    if size != ARSENAL_SIZE:
        out.append(DeckProblem("RD-1.1", f"an Arsenal has exactly 60 cards; this one has {size}"))
    for cid in arsenal:
        if pool.get(cid).type != "arsenal":
            out.append(
                DeckProblem(
                    "RD-1.1", f"'{cid}' is a {pool.get(cid).type} card, not an Arsenal card"
                )
            )
    for cid in backlash:
        if pool.get(cid).type not in ("prematch", "midmatch"):
            out.append(DeckProblem("RD-1.6", f"'{cid}' is not a Pre-match or Mid-match card"))
    for section, counts in (("arsenal", arsenal), ("backlash", backlash)):
        for cid, n in counts.items():
            c = pool.get(cid)
            limit = 1 if (c.unique or c.universally_unique) else 3
            if c.setup or (c.follow_up and not c.unique):
                limit = 10_000
            if n > limit:
                why = "a Unique card" if limit == 1 else "a card"
                out.append(
                    DeckProblem("RD-1.2", f"{section}: {n} copies of '{cid}'; {why} allows {limit}")
                )
    everything = [pool.get(c) for c in (*arsenal, *backlash)]
    for c in everything:
        if c.superstar and (star is None or c.superstar != star.id):
            out.append(DeckProblem("RD-1.3", f"'{c.id}' is only for the Superstar '{c.superstar}'"))
    sides = {c.alignment for c in [*everything, *([star] if star else [])] if c.alignment}
    if len(sides) > 1:
        out.append(DeckProblem("RD-1.4", "Face and Heel cards are mixed"))
    brands = {c.brand for c in [*everything, *([star] if star else [])] if c.brand}
    if len(brands) > 1:
        out.append(DeckProblem("RD-1.5", "Raw and SmackDown! cards are mixed"))
    total, pre, mid = LIMITS[game.options.backlash]
    n_pre = sum(n for cid, n in backlash.items() if pool.get(cid).type == "prematch")
    n_mid = sum(n for cid, n in backlash.items() if pool.get(cid).type == "midmatch")
    if n_pre + n_mid > total or n_pre > pre or n_mid > mid:
        out.append(
            DeckProblem(
                "RD-1.6",
                f"the Backlash deck holds at most {total} cards, {pre} Pre-match and {mid} "
                f"Mid-match (option backlash={game.options.backlash}); this one has "
                f"{n_pre} + {n_mid}",
            )
        )
    return out
