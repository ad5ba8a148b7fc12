"""Shaman King rules text: the sentence of each effect verb, condition and cost of the card
schema (cards.py), in English and Japanese, saying what the engine does (SK-7).

Where an effect reaches depends on the card that carries it (SK-7.1, SK-7.9): a Strike's
effects (and a Signature's, and an extra-cost ability's) count for itself, an Advantage's for
the rest of its owner's turn, a Teamwork card's for the Strikes flipped in its zone; a Teamwork
card's one-shot effects happen when it is placed. Every message is a whole sentence (or a
clause of a condition) marked with ``_`` and translated in locale/ja/LC_MESSAGES/messages.po.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypeAlias

from cardtable.core.i18n import Lang, join_list, translator

from .cards import (
    ChargeEffect,
    Cost,
    Effect,
    ForceEffect,
    ForcePerTeamwork,
    GainFuryoku,
    InterceptEffect,
    MoveBack,
    Underpay,
    When,
)

Reach: TypeAlias = Literal["strike", "advantage", "teamwork"]
"""Whose effect it is: a Strike's (or a Signature's) own, an Advantage's, a Teamwork card's."""

Characters: TypeAlias = Mapping[str, str]
"""A character's name (the ``zone_of`` of a condition) in the language of the text."""


def colour_word(colour: str, lang: Lang) -> str:
    """A furyoku colour or zone colour in words: green, yellow, red (緑, 黄, 赤)."""
    _ = translator(__package__, lang)
    return {"green": _("green"), "yellow": _("yellow"), "red": _("red")}[colour]


def cost_words(cost: Cost, lang: Lang) -> str:
    """A cost as amounts of each colour ("1 green and 2 red", 緑1、赤2); "" when free."""
    _ = translator(__package__, lang)
    amounts = (("green", cost.green), ("yellow", cost.yellow), ("red", cost.red))
    parts = [_("{amount} {colour}", amount=n, colour=colour_word(c, lang)) for c, n in amounts if n]
    return join_list(parts, lang)


def cost_phrase(cost: Cost, lang: Lang) -> str:
    """A cost with its unit ("1 green furyoku", "no furyoku"), for inside a sentence."""
    _ = translator(__package__, lang)
    words = cost_words(cost, lang)
    return _("{cost} furyoku", cost=words) if words else _("no furyoku")


def cost_sentence(cost: Cost, lang: Lang) -> str:
    """SK-3.2: the furyoku a card costs to play, as its first sentence."""
    _ = translator(__package__, lang)
    words = cost_words(cost, lang)
    return _("Costs {cost} furyoku.", cost=words) if words else _("Costs no furyoku.")


def _incoming(when: When, lang: Lang) -> list[str]:
    """SK-7.8: the clause on the incoming Force, if the condition has one."""
    _ = translator(__package__, lang)
    low, high = when.incoming_min, when.incoming_max
    if low is not None and high is not None:
        return [_("the incoming Force is {low} to {high}", low=low, high=high)]
    if low is not None:
        return [_("the incoming Force is {value} or more", value=low)]
    if high is not None:
        return [_("the incoming Force is {value} or less", value=high)]
    return []


def _teamwork_here(here: bool | None, lang: Lang) -> list[str]:
    """SK-7.8: the clause on the defended zone's Teamwork card, if the condition has one."""
    _ = translator(__package__, lang)
    if here is None:
        return []
    if here:
        return [_("you have a Teamwork card in this zone")]
    return [_("you have no Teamwork card in this zone")]


def condition(when: When | None, lang: Lang, characters: Characters) -> str:
    """SK-7.8: an effect's condition as the words a sentence puts in its ``{condition}``
    field (" if ..." in English, "...なら、" in Japanese); "" for an effect without one."""
    _ = translator(__package__, lang)
    if when is None:
        return ""
    clauses = _incoming(when, lang)
    if when.zone is not None:
        zone = colour_word(when.zone, lang)
        clauses.append(_("you defend in the {zone} zone", zone=zone))
    clauses += _teamwork_here(when.teamwork_here, lang)
    if when.zone_of is not None:
        name = characters.get(when.zone_of, when.zone_of)
        clauses.append(_("you defend in {character}'s zone", character=name))
    return _(" if {conditions}", conditions=join_list(clauses, lang)) if clauses else ""


def force(e: ForceEffect, reach: Reach, lang: Lang, cond: str) -> str:
    """SK-7.1: + amount Force, to the Strike itself, this turn's counterattack (an Advantage)
    or the Strikes flipped in the zone (a Teamwork card)."""
    _ = translator(__package__, lang)
    n = f"{e.amount:+d}"
    if reach == "advantage":
        return _(
            "Your counterattack this turn gets {amount} Force{condition}.", amount=n, condition=cond
        )
    if reach == "teamwork":
        return _(
            "Your strikes flipped in this zone get {amount} Force{condition}.",
            amount=n,
            condition=cond,
        )
    return _("This strike gets {amount} Force{condition}.", amount=n, condition=cond)


def intercept(e: InterceptEffect, reach: Reach, lang: Lang, cond: str) -> str:
    """SK-7.2: + amount Intercept, with the reach of SK-7.1 (an Advantage's: the Strikes
    flipped later in the turn)."""
    _ = translator(__package__, lang)
    n = f"{e.amount:+d}"
    if reach == "advantage":
        return _(
            "Your strikes flipped later this turn get {amount} Intercept{condition}.",
            amount=n,
            condition=cond,
        )
    if reach == "teamwork":
        return _(
            "Your strikes flipped in this zone get {amount} Intercept{condition}.",
            amount=n,
            condition=cond,
        )
    return _("This strike gets {amount} Intercept{condition}.", amount=n, condition=cond)


def force_per_teamwork(e: ForcePerTeamwork, reach: Reach, lang: Lang, cond: str) -> str:
    """SK-7.3: + amount Force for each Teamwork card the opponent has in play (for an
    Advantage, counted when it is played)."""
    _ = translator(__package__, lang)
    n = f"+{e.amount}"
    if reach == "advantage":
        return _(
            "Your counterattack this turn gets {amount} Force for each Teamwork card your "
            "opponent has in play when you play this card{condition}.",
            amount=n,
            condition=cond,
        )
    if reach == "teamwork":
        return _(
            "Your strikes flipped in this zone get {amount} Force for each Teamwork card your "
            "opponent has in play{condition}.",
            amount=n,
            condition=cond,
        )
    return _(
        "This strike gets {amount} Force for each Teamwork card your opponent has in "
        "play{condition}.",
        amount=n,
        condition=cond,
    )


def gain_furyoku(e: GainFuryoku, placed: bool, lang: Lang, cond: str) -> str:
    """SK-7.4: furyoku from the top of the discard pile into a zone (``this``: the card's);
    ``placed``: a Teamwork card's, which happens when it is placed."""
    _ = translator(__package__, lang)
    if e.zone == "this":
        if placed:
            return _(
                "When you place this card, gain {amount} furyoku in this zone from the top of "
                "your discard pile{condition}.",
                amount=e.amount,
                condition=cond,
            )
        return _(
            "Gain {amount} furyoku in this zone from the top of your discard pile{condition}.",
            amount=e.amount,
            condition=cond,
        )
    zone = colour_word(e.zone, lang)
    if placed:
        return _(
            "When you place this card, gain {amount} furyoku in your {zone} zone from the top "
            "of your discard pile{condition}.",
            amount=e.amount,
            zone=zone,
            condition=cond,
        )
    return _(
        "Gain {amount} furyoku in your {zone} zone from the top of your discard pile{condition}.",
        amount=e.amount,
        zone=zone,
        condition=cond,
    )


def charge(e: ChargeEffect, placed: bool, lang: Lang, cond: str) -> str:
    """SK-7.5: charge a zone, or the first uncharged one from green (``weakest``)."""
    _ = translator(__package__, lang)
    if e.zone == "weakest":
        if placed:
            return _(
                "When you place this card, charge your first uncharged zone, from green to "
                "red{condition}.",
                condition=cond,
            )
        return _("Charge your first uncharged zone, from green to red{condition}.", condition=cond)
    zone = colour_word(e.zone, lang)
    if placed:
        return _(
            "When you place this card, charge your {zone} zone{condition}.",
            zone=zone,
            condition=cond,
        )
    return _("Charge your {zone} zone{condition}.", zone=zone, condition=cond)


def move_back(e: MoveBack, placed: bool, lang: Lang, cond: str) -> str:
    """SK-7.6: the defence moves back one zone (the next flip is in this zone again) or two
    (the next flip is in the zone before this one, never behind green)."""
    _ = translator(__package__, lang)
    if e.zones == 1:
        if placed:
            return _(
                "When you place this card, your defence moves back one zone{condition}, so "
                "your next flip is in this zone again.",
                condition=cond,
            )
        return _(
            "Your defence moves back one zone{condition}, so your next flip is in this zone again.",
            condition=cond,
        )
    if placed:
        return _(
            "When you place this card, your defence moves back two zones{condition}, so your "
            "next flip is in the zone before this one (green at the earliest).",
            condition=cond,
        )
    return _(
        "Your defence moves back two zones{condition}, so your next flip is in the zone before "
        "this one (green at the earliest).",
        condition=cond,
    )


def underpay(e: Underpay, reach: Reach, lang: Lang, cond: str) -> str:
    """SK-7.7: cards flipped in a Teamwork card's zone cost less of a colour (never below 0);
    on any other card it lowers nothing."""
    _ = translator(__package__, lang)
    if reach != "teamwork":
        return _("This lowers no cost, since only a Teamwork card in place lowers costs.")
    return _(
        "Cards you flip in this zone cost {amount} less {colour}{condition}.",
        amount=e.amount,
        colour=colour_word(e.color, lang),
        condition=cond,
    )


def effect_sentence(e: Effect, reach: Reach, lang: Lang, characters: Characters) -> str:
    """One effect of a card as a whole sentence, with its condition (SK-7)."""
    cond = condition(e.when, lang, characters)
    placed = reach == "teamwork"
    if isinstance(e, ForceEffect):
        return force(e, reach, lang, cond)
    if isinstance(e, InterceptEffect):
        return intercept(e, reach, lang, cond)
    if isinstance(e, ForcePerTeamwork):
        return force_per_teamwork(e, reach, lang, cond)
    if isinstance(e, GainFuryoku):
        return gain_furyoku(e, placed, lang, cond)
    if isinstance(e, ChargeEffect):
        return charge(e, placed, lang, cond)
    if isinstance(e, MoveBack):
        return move_back(e, placed, lang, cond)
    return underpay(e, reach, lang, cond)
