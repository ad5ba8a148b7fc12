"""Looney Tunes card text, in English and Japanese: the rules sentences a printed card would
read, generated from its effects (LT-9), and the words of its printed stats (LT-1.6).

An effect reads as one sentence: its clause (what it does, one function per verb of the
schema, ``cards.VERBS``), after its condition (LT-9.13) when it has one. An actor's or a
special effect's effects act at the scene where the card lies (LT-9.3); a location's act on
the scene of its slot, now and after every refill, whoever wins it (LT-9.2), which its last
sentence recalls. The Japanese words are the seed's: シーン, アクター, スペシャルエフェクト,
ロケーション, ランク値, 獲得, ポイント, 捨て札.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from cardtable.core.i18n import Lang, Translate, translator

from .cards import (
    CancelEffectsEffect,
    DrawEffect,
    GroupColorEffect,
    LooneyCard,
    OpponentRankEffect,
    PointsEffect,
    RankEffect,
    SceneColorEffect,
    SceneRankEffect,
    When,
    WhenAlone,
    WhenSceneColor,
    WinsTiesEffect,
)

AnyEffect: TypeAlias = (
    RankEffect
    | OpponentRankEffect
    | SceneRankEffect
    | SceneColorEffect
    | GroupColorEffect
    | PointsEffect
    | WinsTiesEffect
    | CancelEffectsEffect
    | DrawEffect
)
Where: TypeAlias = Literal["scene", "slot"]
"""Where a card's effects act: at its scene (actor, special effect) or on its slot
(location)."""

CHARACTERS_JA = {
    "Bugs Bunny": "バッグス・バニー",
    "Daffy Duck": "ダフィー・ダック",
    "Porky Pig": "ポーキー・ピッグ",
    "Elmer Fudd": "エルマー・ファッド",
    "Yosemite Sam": "ヨセミテ・サム",
    "Tweety": "トゥイーティー",
    "Sylvester": "シルベスター",
    "Wile E. Coyote": "ワイリー・コヨーテ",
    "Road Runner": "ロードランナー",
    "Foghorn Leghorn": "フォグホーン・レグホーン",
    "Marvin the Martian": "マービン・ザ・マーシャン",
    "Pepe Le Pew": "ペペ・ル・ピュー",
    "Speedy Gonzales": "スピーディー・ゴンザレス",
    "Taz": "タズ",
    "Granny": "グラニー",
    "Lola Bunny": "ローラ・バニー",
    "Gossamer": "ゴッサマー",
    "Michigan J. Frog": "ミシガン・J・フロッグ",
    "Henery Hawk": "ヘンリー・ホーク",
    "Petunia Pig": "ペチュニア・ピッグ",
}
"""Each character's name in Japanese (the seed's バッグス・バニー, ポーキー・ピッグ)."""


def character_name(character: str, lang: Lang) -> str:
    """A character's name in ``lang`` (the English name for one not listed)."""
    return CHARACTERS_JA.get(character, character) if lang == "ja" else character


def color_word(color: str, _: Translate) -> str:
    """A colour (LT-1.5) in words."""
    words = {
        "red": _("red"),
        "blue": _("blue"),
        "yellow": _("yellow"),
        "green": _("green"),
        "gray": _("gray"),
    }
    return words[color]


def kind_word(kind: str, _: Translate) -> str:
    """A kind of card (LT-1.6) in words."""
    words = {
        "scene": _("scene"),
        "actor": _("actor"),
        "effect": _("special effect"),
        "location": _("location"),
    }
    return words[kind]


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _sentence(clause: str, when: When | None, lang: Lang) -> str:
    """The whole sentence of an effect's clause, after its condition when it has one."""
    _ = translator(__package__, lang)
    if when is None:
        text = _("{effect}.", effect=clause)
    else:
        text = _("{condition}, {effect}.", condition=condition_text(when, lang), effect=clause)
    return text[:1].upper() + text[1:]


def condition_text(when: When, lang: Lang) -> str:
    """LT-9.13: a condition as a clause (the scene's printed colour; the side's only actor;
    the side's actors including a character)."""
    _ = translator(__package__, lang)
    if isinstance(when, WhenSceneColor):
        return _("if the scene is printed {color}", color=color_word(when.scene_color, _))
    if isinstance(when, WhenAlone):
        return _("if your side has exactly one actor at this scene")
    who = character_name(when.with_character, lang)
    return _("if your actors at this scene include {character}", character=who)


def rank_text(e: RankEffect, lang: Lang) -> str:
    """LT-9.4: the own side's rank value changes."""
    _ = translator(__package__, lang)
    clause = _("your side gets {amount} rank value at this scene", amount=_signed(e.amount))
    return _sentence(clause, e.when, lang)


def opponent_rank_text(e: OpponentRankEffect, lang: Lang) -> str:
    """LT-9.5, LT-8.5: every other side's rank value at the scene changes."""
    _ = translator(__package__, lang)
    amount = _signed(e.amount)
    clause = _("every opposing side at this scene gets {amount} rank value", amount=amount)
    return _sentence(clause, e.when, lang)


def scene_rank_text(e: SceneRankEffect, where: Where, lang: Lang) -> str:
    """LT-9.6, LT-6.3: the scene's rank changes for its scoring."""
    _ = translator(__package__, lang)
    amount = _signed(e.amount)
    if where == "slot":
        clause = _("the scene on this slot gets {amount} rank when it is scored", amount=amount)
    else:
        clause = _("this scene gets {amount} rank for this scoring", amount=amount)
    return _sentence(clause, e.when, lang)


def scene_color_text(e: SceneColorEffect, where: Where, lang: Lang) -> str:
    """LT-9.7, LT-6.3: the scene counts as a colour for its scoring; gray: no colour
    check (LT-6.5 step 2)."""
    _ = translator(__package__, lang)
    color = color_word(e.color, _)
    if where == "slot" and e.color == "gray":
        clause = _(
            "the scene on this slot counts as gray when it is scored, so colours are not checked"
        )
    elif where == "slot":
        clause = _("the scene on this slot counts as {color} when it is scored", color=color)
    elif e.color == "gray":
        clause = _("this scene counts as gray for this scoring, so colours are not checked")
    else:
        clause = _("this scene counts as {color} for this scoring", color=color)
    return _sentence(clause, e.when, lang)


def group_color_text(e: GroupColorEffect, lang: Lang) -> str:
    """LT-9.8, LT-6.4: the own side counts as a colour."""
    _ = translator(__package__, lang)
    color = color_word(e.color, _)
    clause = _("your actors at this scene count as {color}", color=color)
    return _sentence(clause, e.when, lang)


def points_text(e: PointsEffect, where: Where, lang: Lang) -> str:
    """LT-9.9: extra points for the scene, to the own side if it wins (actor, special
    effect), or to whoever wins the scene of the slot (location, LT-9.2)."""
    _ = translator(__package__, lang)
    n = e.amount
    if where == "slot" and n == 1:
        clause = _("whoever wins the scene on this slot scores 1 extra point")
    elif where == "slot":
        clause = _("whoever wins the scene on this slot scores {amount} extra points", amount=n)
    elif n == 1:
        clause = _("you score 1 extra point if your side wins this scene")
    else:
        clause = _("you score {amount} extra points if your side wins this scene", amount=n)
    return _sentence(clause, e.when, lang)


def wins_ties_text(e: WinsTiesEffect, lang: Lang) -> str:
    """LT-9.10, LT-6.5 step 4: the own side wins a tie left after the rank comparison."""
    _ = translator(__package__, lang)
    clause = _("your side wins a tie left after the rank comparison at this scene")
    return _sentence(clause, e.when, lang)


def cancel_text(e: CancelEffectsEffect, lang: Lang) -> str:
    """LT-9.11, LT-6.2: the other sides' special effects at the scene do nothing (their
    actors' abilities and the locations still act)."""
    _ = translator(__package__, lang)
    clause = _("the special effects of every opposing side at this scene have no effect")
    return _sentence(clause, e.when, lang)


def draw_text(e: DrawEffect, lang: Lang) -> str:
    """LT-9.12: the owner draws right after the scene is scored, won or not."""
    _ = translator(__package__, lang)
    if e.amount == 1:
        clause = _("after this scene is scored, you draw 1 card, whether you win it or not")
    else:
        clause = _(
            "after this scene is scored, you draw {amount} cards, whether you win it or not",
            amount=e.amount,
        )
    return _sentence(clause, e.when, lang)


def effect_text(e: AnyEffect, where: Where, lang: Lang) -> str:
    """One effect of a card as a whole sentence in ``lang``."""
    match e:
        case RankEffect():
            return rank_text(e, lang)
        case OpponentRankEffect():
            return opponent_rank_text(e, lang)
        case SceneRankEffect():
            return scene_rank_text(e, where, lang)
        case SceneColorEffect():
            return scene_color_text(e, where, lang)
        case GroupColorEffect():
            return group_color_text(e, lang)
        case PointsEffect():
            return points_text(e, where, lang)
        case WinsTiesEffect():
            return wins_ties_text(e, lang)
        case CancelEffectsEffect():
            return cancel_text(e, lang)
        case DrawEffect():
            return draw_text(e, lang)


def stays_text(lang: Lang) -> str:
    """LT-9.2: a location is never discarded; it acts on every scene its slot holds."""
    _ = translator(__package__, lang)
    return _("This location stays on its slot for the rest of the game.")


def card_sentences(card: LooneyCard, lang: Lang) -> list[str]:
    """A card's rules text: a sentence per effect, and a location's reminder that it stays
    (LT-9.2); none for a scene or an actor without abilities."""
    where: Where = "slot" if card.type == "location" else "scene"
    lines = [effect_text(e, where, lang) for e in card.effects]
    if card.type == "location":
        lines.append(stays_text(lang))
    return lines


def stats_words(card: LooneyCard, lang: Lang) -> list[str]:
    """The stats a printed card shows, in words: colour and kind, the deck of a scene, the
    rank, the points, an actor's character (LT-1.6)."""
    _ = translator(__package__, lang)
    kind = kind_word(card.type, _)
    words = [_("{color} {kind}", color=color_word(card.color, _), kind=kind)]
    if card.type == "scene":
        words.append(_("Movie deck") if card.deck == "movie" else _("personal deck"))
    if card.rank is not None:
        words.append(_("rank {rank}", rank=card.rank))
    if card.points is not None:
        one = card.points == 1
        words.append(_("1 point") if one else _("{points} points", points=card.points))
    if card.character:
        words.append(character_name(card.character, lang))
    return words
