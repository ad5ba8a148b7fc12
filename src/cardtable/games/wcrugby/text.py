"""Wheelchair rugby card text: the rules sentences of a card, generated from its data the way
its printed card would read, in English and in Japanese (the catalogue
``locale/ja/LC_MESSAGES/messages.po`` uses the seed's words: 選手, スペシャル技, ベンチワーク,
作戦タイム, インバウンダー, 防御表示, 持ち点, TOP, ATK, DEF).

One function per effect verb (WR-8.1 to WR-8.8), per condition (WR-8.9) and per card kind;
each gives whole sentences. Whom ``status``, ``atk`` and ``def`` change (WR-8.10) depends on
where the effect is written: ``self`` is the player whose skill it is on a skill, the chosen
player on a special card, and the whole team on a bench-work card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeAlias

from pydantic import BaseModel

from cardtable.core.i18n import Lang, translator

from .cards import (
    AtkEffect,
    BlockSkillsEffect,
    DefEffect,
    DrawEffect,
    HeldBallEffect,
    OppTopEffect,
    Player,
    RugbyCard,
    Skill,
    StatusEffect,
    TopEffect,
    When,
)

Source: TypeAlias = Literal["skill", "special", "bench"]
"""Where an effect or a condition is written: a player's skill, a special or a bench card."""


def joined(sentences: list[str], lang: Lang) -> str:
    """Sentences run together: with a space in English, without one in Japanese."""
    return ("" if lang == "ja" else " ").join(sentences)


def signed(amount: int) -> str:
    """An amount with its sign, as a card prints it: ``+1``, ``−2`` (a true minus sign)."""
    return f"+{amount}" if amount >= 0 else f"\u2212{-amount}"


def status_name(stat: str, lang: Lang) -> str:
    """A status (Chair, Throw, Catch, Keep, Passion) or ATK/DEF in the language."""
    _ = translator(__package__, lang)
    names = {
        "chair": _("Chair"),
        "throw": _("Throw"),
        "catch": _("Catch"),
        "keep": _("Keep"),
        "passion": _("Passion"),
    }
    return names.get(stat, stat.upper())


# ----- effects (WR-8) ----------------------------------------------------------------------


def top_effect(e: TopEffect, source: Source, lang: Lang) -> str:
    """WR-8.1, WR-3.5: own TOP + amount; a skill adds 1 less when its player is the
    inbounder (a card's own effect does not)."""
    _ = translator(__package__, lang)
    if source == "skill":
        return _(
            "Add {amount} to your TOP (1 less if this player is the inbounder).", amount=e.amount
        )
    return _("Add {amount} to your TOP.", amount=e.amount)


def opp_top_effect(e: OppTopEffect, source: Source, lang: Lang) -> str:
    """WR-8.2: the opponent's TOP − amount, never below 0 (counted in full for an inbounder)."""
    _ = translator(__package__, lang)
    return _("Take {amount} from the opponent's TOP (not below 0).", amount=-e.amount)


def _changed(stat: str, amount: int, who: str, source: Source, lang: Lang) -> str:
    """WR-8.10: a status, ATK or DEF of the chosen players + amount for the period."""
    _ = translator(__package__, lang)
    fields = {"stat": status_name(stat, lang), "amount": signed(amount)}
    if who == "opponents":
        return _(
            "The opposing players on court get {stat} {amount} until the end of the period.",
            **fields,
        )
    if who == "team" or source == "bench":
        return _("Your players on court get {stat} {amount} until the end of the period.", **fields)
    if source == "special":
        return _("The chosen player gets {stat} {amount} until the end of the period.", **fields)
    return _("This player gets {stat} {amount} until the end of the period.", **fields)


def status_effect(e: StatusEffect, source: Source, lang: Lang) -> str:
    """WR-8.3: a status of the chosen players + amount, for the rest of the period."""
    return _changed(e.stat, e.amount, e.who, source, lang)


def atk_effect(e: AtkEffect, source: Source, lang: Lang) -> str:
    """WR-8.4: ATK of the chosen players + amount, for the rest of the period."""
    return _changed("atk", e.amount, e.who, source, lang)


def def_effect(e: DefEffect, source: Source, lang: Lang) -> str:
    """WR-8.5: DEF of the chosen players + amount, for the rest of the period."""
    return _changed("def", e.amount, e.who, source, lang)


def held_ball_effect(e: HeldBallEffect, source: Source, lang: Lang) -> str:
    """WR-8.6: a held ball swaps the order of strategy times from the next period on."""
    _ = translator(__package__, lang)
    return _(
        "Force a held ball, which swaps the order of the strategy times from the next period on."
    )


def draw_effect(e: DrawEffect, source: Source, lang: Lang) -> str:
    """WR-8.7: draw that many cards."""
    _ = translator(__package__, lang)
    if e.amount == 1:
        return _("Draw a card.")
    return _("Draw {amount} cards.", amount=e.amount)


def block_skills_effect(e: BlockSkillsEffect, source: Source, lang: Lang) -> str:
    """WR-8.8: the opponent activates no special skill for the rest of the period."""
    _ = translator(__package__, lang)
    return _("Your opponent cannot activate special skills for the rest of the period.")


EFFECTS: dict[type[BaseModel], Callable[..., str]] = {
    TopEffect: top_effect,
    OppTopEffect: opp_top_effect,
    StatusEffect: status_effect,
    AtkEffect: atk_effect,
    DefEffect: def_effect,
    HeldBallEffect: held_ball_effect,
    DrawEffect: draw_effect,
    BlockSkillsEffect: block_skills_effect,
}
"""The sentence of each effect model (every ``do`` of the card schema)."""


def effect_sentence(e: BaseModel, source: Source, lang: Lang) -> str:
    """The sentence of one effect written on ``source``."""
    return EFFECTS[type(e)](e, source, lang)


# ----- conditions (WR-8.9) -----------------------------------------------------------------


def condition(when: When, source: Source, lang: Lang) -> str:
    """WR-8.9: the status that must be at least ``min`` (modifiers included): the skill's
    player, the player a special is played on, or any own player on court for bench work."""
    _ = translator(__package__, lang)
    fields = {"stat": status_name(when.status, lang), "min": when.min}
    if source == "bench":
        return _("Play only while a player of yours on court has {stat} {min} or more.", **fields)
    if source == "special":
        return _("Play only on a player whose {stat} is {min} or more.", **fields)
    return _("Usable only while this player's {stat} is {min} or more.", **fields)


def _sentences(
    when: When | None, effects: tuple[BaseModel, ...], source: Source, lang: Lang
) -> list[str]:
    out = [condition(when, source, lang)] if when is not None else []
    return out + [effect_sentence(e, source, lang) for e in effects]


# ----- cards -------------------------------------------------------------------------------


def skill_name(skill: Skill, lang: Lang) -> str:
    """A special skill's name in the language (``name_ja`` when given)."""
    return (skill.name_ja if lang == "ja" else "") or skill.name


def skill_text(skill: Skill, lang: Lang) -> str:
    """WR-1.3, WR-5.4: a special skill as printed: its name, its condition, its effects."""
    _ = translator(__package__, lang)
    text = joined(_sentences(skill.when, skill.effects, "skill", lang), lang)
    return _("{skill}: {text}", skill=skill_name(skill, lang), text=text)


def special_text(card: RugbyCard, lang: Lang) -> list[str]:
    """WR-5.4: a special card activates a skill of an upright player, then its own effects."""
    _ = translator(__package__, lang)
    out = [condition(card.when, "special", lang)] if card.when is not None else []
    out.append(_("Activate one special skill of one of your players on court who is not sideways."))
    out.append(_("At most 2 players a period, and never the same player twice."))
    return out + [effect_sentence(e, "special", lang) for e in card.effects]


def bench_text(card: RugbyCard, lang: Lang) -> list[str]:
    """WR-5.6: a bench-work card's condition and effects."""
    return _sentences(card.when, card.effects, "bench", lang)


def card_text(card: RugbyCard, lang: Lang) -> list[str]:
    """The rules text of any card: one entry per skill of a player, or the sentences of a
    special or bench-work card."""
    if isinstance(card, Player):
        return [skill_text(k, lang) for k in card.skills]
    if card.type == "special":
        return special_text(card, lang)
    return bench_text(card, lang)


# ----- printed stats -----------------------------------------------------------------------


def kind_name(card: RugbyCard, lang: Lang) -> str:
    """The kind of card in the language: player, special or bench-work card."""
    _ = translator(__package__, lang)
    kinds = {
        "player": _("(player card)"),
        "special": _("(special card)"),
        "bench": _("(bench-work card)"),
    }
    return kinds[card.type]


def player_stats(card: Player, lang: Lang) -> list[str]:
    """What a player card prints besides its skills: class points and marks, the five
    statuses, ATK and DEF upright and sideways (defensive position)."""
    _ = translator(__package__, lang)
    marks = [_("female (F)")] * card.female + [_("over-age (+)")] * card.over_age
    shown = "".join(_(", {mark}", mark=m) for m in marks)
    s = card.statuses
    return [
        _("Class {points}{marks}.", points=card.player_class, marks=shown),
        _(
            "Chair {chair}, Throw {throw}, Catch {catch}, Keep {keep}, Passion {passion}.",
            chair=s.chair,
            throw=s.throw,
            catch=s.catch,
            keep=s.keep,
            passion=s.passion,
        ),
        _(
            "ATK {atk}, DEF {dfn}; sideways ATK {side_atk}, DEF {side_def}.",
            atk=card.atk,
            dfn=card.def_,
            side_atk=card.def_atk,
            side_def=card.def_def,
        ),
    ]
