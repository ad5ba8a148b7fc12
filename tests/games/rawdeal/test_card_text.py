"""Raw Deal card text (issue 26): every ability, trait, requirement, reversal condition and
effect verb of the card schema is worded in English and Japanese, the sentences say what the
rules do (RD-3.2, RD-5, RD-6, RD-7), and every card has its Japanese name and flavour."""

from __future__ import annotations

import re
import typing
from typing import Any

import pytest

import cardtable
from cardtable.games.rawdeal.cards import (
    ABILITIES,
    NOT_REVERSAL_VERBS,
    SUBTYPES,
    VERBS,
    Arsenal,
    Effect,
    Enforcer,
    Prematch,
    PrematchEffect,
    RawDealCard,
    Requires,
    Superstar,
)
from cardtable.games.rawdeal.game import RawDealGame
from cardtable.games.rawdeal.tables import PREMATCH_KINDS
from cardtable.games.rawdeal.text import card_sentences, words

GAME: RawDealGame = cardtable.load_game("rawdeal")  # type: ignore[assignment]
OFFICIAL: RawDealGame = cardtable.load_game("rawdeal", overturned_text="official")  # type: ignore[assignment]
ENGINE_WORDS = re.compile(
    r"\bNone\b|\bnull\b|\bTrue\b|\bFalse\b|[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+: |\[/?\w*\]"
)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _text(card: RawDealCard, lang: Any, official: bool = False) -> list[str]:
    def name(cid: str, lg: Any) -> str:
        return GAME.card_name(cid, lg) or cid

    return card_sentences(words(name, lang, official), card)


def _both(card: RawDealCard, official: bool = False) -> tuple[list[str], list[str]]:
    """The card's sentences in English and Japanese, checked to read like a printed card."""
    en, ja = _text(card, "en", official), _text(card, "ja", official)
    assert len(en) == len(ja), (en, ja)
    for e, j in zip(en, ja, strict=True):
        assert not ENGINE_WORDS.search(e) and not ENGINE_WORDS.search(j), (e, j)
        assert e[0].isupper() and e[-1] in ".)" and j[-1] in "。）", (e, j)
        assert JAPANESE.search(j) and not re.search(r"\b(the|your|card)\b", j), j
    return en, ja


def _arsenal(**fields: Any) -> Arsenal:
    base: dict[str, Any] = {"id": "x", "name": "X", "type": "arsenal"}
    base.update(fields)
    return Arsenal.model_validate(base)


def _maneuver(**fields: Any) -> Arsenal:
    return _arsenal(**{"plays_as": ["maneuver"], "subtypes": ["strike"], "damage": 3, **fields})


def _reversal(**reverses: Any) -> Arsenal:
    return _arsenal(plays_as=["reversal"], reverses=reverses)


def _effect_models() -> list[Any]:
    union = typing.get_args(typing.get_args(Effect)[0])
    return list(union)


@pytest.mark.parametrize("verb", VERBS)
def test_every_effect_verb_is_worded(verb: str) -> None:
    """RD-7: each verb, on a maneuver, an action and (where allowed) a reversal."""
    model = next(
        m for m in _effect_models() if typing.get_args(m.model_fields["do"].annotation) == (verb,)
    )
    fields: dict[str, Any] = {"amount": 2} if "amount" in model.model_fields else {}
    if verb == "search":  # RD-7.17: the card sought
        fields = {"title": "x"}
    if verb == "discard_hand":  # RD-7.24: whose hand
        fields = {"whose": "opponent"}
    if verb == "opp_discard_all":  # RD-7.27: which cards
        fields = {"alignment": "heel"}
    if verb == "either":  # RD-7.29: the two choices
        fields = {
            "first": [{"do": "draw", "amount": 1}],
            "second": [{"do": "discard", "amount": 1}],
        }
    if verb == "may":  # RD-7.10: what it offers
        fields = {"effects": [{"do": "discard", "amount": 1}, {"do": "draw", "amount": 2}]}
    effect = model.model_validate({"do": verb, **fields})
    plain = _both(_maneuver())[0]
    en, ja = _both(_maneuver(effects=[effect]))
    assert len(en) == len(plain) + 1 and en[-1].startswith("If successful, ")
    assert ja[-1].startswith("成功したら、")
    action = _both(_arsenal(plays_as=["action"], effects=[effect]))[0]
    assert action and not action[-1].startswith("If successful")
    if verb not in NOT_REVERSAL_VERBS:
        rev = _both(_arsenal(plays_as=["reversal"], reverses={}, reversal_effects=[effect]))[0]
        assert rev[-1].startswith("If it reverses from your hand or Backlash deck, ")


def test_effects_of_one_type_of_a_hybrid_are_worded() -> None:
    """RD-3.7: a hybrid's effects of one type say so, after those of every type."""
    slap = _arsenal(
        plays_as=["maneuver", "action"],
        subtypes=["strike"],
        damage=2,
        effects=[{"do": "draw", "amount": 1}],
        effects_as={
            "maneuver": [{"do": "opp_discard", "amount": 1}],
            "action": [
                {"do": "may", "effects": [{"do": "discard_self"}, {"do": "draw", "amount": 1}]}
            ],
        },
    )
    en, ja = _both(slap)
    assert en[-3:] == [
        "If successful, draw 1 card.",
        "As a maneuver, if successful, your opponent discards 1 card at random from their hand.",
        "As an action, you may put this card in your Ringside pile instead of your Ring, then "
        "draw 1 card.",
    ]
    assert ja[-2].startswith("マニューバーとして成功したら") and ja[-1].startswith("アクション")


def test_several_abilities_have_a_sentence_each() -> None:
    """RD-3.8: a Superstar with a list of abilities has one sentence per ability."""
    star = Superstar(
        id="s",
        name="S",
        type="superstar",
        hand_size=2,
        superstar_value=4,
        ability=("draw_two", "damage_reduction"),
    )
    en, _ = _both(star)
    assert en == [
        "Draw 2 cards instead of 1 in your Draw Segment.",
        "All damage this Superstar takes, from maneuvers and from reversals, is reduced by 1 "
        "(never below 0).",
    ]


@pytest.mark.parametrize("ability", ABILITIES)
def test_every_ability_is_worded(ability: str) -> None:
    """RD-3.2: every Superstar ability has its own sentence in both languages."""
    star = Superstar(
        id="s", name="S", type="superstar", hand_size=5, superstar_value=3, ability=ability
    )
    en, ja = _both(star)
    assert len(en) == 1
    others = {
        _text(
            Superstar(
                id="s", name="S", type="superstar", hand_size=5, superstar_value=3, ability=a
            ),
            "ja",
        )[0]
        for a in ABILITIES
        if a != ability
    }
    assert ja[0] not in others


@pytest.mark.parametrize("kind", PREMATCH_KINDS)
def test_every_prematch_kind_and_effect_is_worded(kind: str) -> None:
    """RD-2.3, RD-7.8: a Pre-match card's kind and each of its lasting effects."""
    effect = PrematchEffect(
        damage_bonus=1,
        subtype="grapple",
        fortitude=2,
        draw=1,
        opp_damage_reduction=1,
        superstar_value=-1,
    )
    card = Prematch(
        id="p",
        name="P",
        type="prematch",
        prematch_kind=kind,
        prematch=effect,
        universally_unique=kind == "title_belt",
    )
    en, _ja = _both(card)
    assert en[1:6] == [
        "When you place it, draw 1 card.",
        "Your Grapple maneuvers get +1D.",
        "Your Fortitude Rating gets +2.",
        "Takes 1 from your Superstar's Superstar Value.",
        "Damage you take from your opponent's maneuvers is reduced by 1.",
    ]
    raised = card.model_copy(update={"prematch": PrematchEffect(superstar_value=2)})
    assert _both(raised)[0][1:2] == ["Adds 2 to your Superstar's Superstar Value."]


@pytest.mark.parametrize("subtype", SUBTYPES)
def test_every_maneuver_type_is_worded(subtype: str) -> None:
    en, ja = _both(_reversal(subtypes=[subtype]))
    assert "maneuver" in en[0] and "マニューバー" in ja[0]


@pytest.mark.parametrize(
    ("card", "sentence"),
    [
        (_reversal(types=["action"]), "Reverse any action and end your opponent's turn."),
        (
            _reversal(types=["maneuver", "action"]),
            "Reverse any maneuver or action and end your opponent's turn.",
        ),
        (
            _reversal(max_damage=7),
            "Reverse any maneuver of 7D or less and end your opponent's turn.",
        ),
        (
            _reversal(after="irish-whip"),
            "Reverse any maneuver played right after Irish Whip and end your opponent's turn.",
        ),
        (
            _reversal(titles=["kick", "superkick"]),
            "Reverse Kick or Superkick and end your opponent's turn.",
        ),
        (
            _reversal(types=["action"], from_hand=True),
            "Reverse any action played from their hand and end your opponent's turn.",
        ),
        (
            _reversal(hand_only=True),
            "It reverses only from your hand or Backlash deck, never when overturned.",
        ),
        (
            _reversal(alignment="heel", ring_at_least=3),
            "It reverses only while your opponent has 3 or more Heel cards in their Ring.",
        ),
        (
            _reversal(overturned_only=True),
            "Overturned, it only stops the damage; its effects never apply.",
        ),
        (
            _arsenal(plays_as=["reversal"], reverses={}, damage_as_reversed=True),
            "It deals #D: your opponent takes the damage the card it reverses would have "
            "dealt; in your Ring it counts as 0D.",
        ),
        (_maneuver(requires=Requires(after="irish-whip")), "Play it only right after Irish Whip."),
        (
            _maneuver(requires=Requires(after_damage=5)),
            "Play it only right after a maneuver of 5D or more.",
        ),
        (
            _maneuver(requires=Requires(fortitude_over_opponent=True)),
            "Play it only if your Fortitude Rating is higher than your opponent's.",
        ),
        (_maneuver(unique=True), "Unique (only 1 copy in a deck)."),
        (
            _maneuver(universally_unique=True),
            "Universally Unique (only 1 copy in a deck; none is played or placed while one is "
            "in any player's Ring or Pre-match area).",
        ),
        (_maneuver(active=True), "Active (not played while a card of its title is in your Ring)."),
        (_arsenal(plays_as=["action"], setup=True), "Set-up (any number of copies in a deck)."),
        (_maneuver(follow_up=True), "Follow-up (any number of copies in a deck)."),
        (
            _maneuver(multi=True, subtypes=["strike", "grapple"]),
            "Multi: it must be reversed twice, and the first reversal does not stop it.",
        ),
        (_maneuver(cannot_be_reversed=True), "Cannot be reversed."),
        (_maneuver(superstar="bruno-kessler"), 'Only Bruno "The Anvil" Kessler may use this card.'),
        (
            _arsenal(plays_as=["maneuver", "action"], subtypes=["strike"]),
            "Hybrid: play it as Maneuver or Action.",
        ),
    ],
)
def test_every_condition_and_trait_is_worded(card: Arsenal, sentence: str) -> None:
    """RD-4.5, RD-5.2, RD-5.6 to RD-5.8, RD-6: each condition, requirement and trait."""
    en, _ja = _both(card)
    assert sentence in en


def test_enforcer_numbers() -> None:
    """RD-2.1: an Enforcer adds its Hand Size and Superstar Value (a negative value takes)."""
    en, ja = _both(Enforcer(id="e", name="E", type="enforcer", hand_size=2, superstar_value=-1))
    assert en[1:] == [
        "Adds 2 to your Superstar's Hand Size.",
        "Takes 1 from your Superstar's Superstar Value.",
    ]
    assert ja[1:] == [
        "自分のスーパースターの手札枚数を2増やす。",
        "自分のスーパースターのスーパースター値を1減らす。",
    ]


def test_exact_sentences_of_real_cards() -> None:
    """Sentences checked against the rules they word."""
    p = GAME.presentation
    # RD-7.4: the cost is for the next maneuver, not the Jab itself
    assert p.card_text("jab") == [
        "If successful, reversals to your next maneuver this turn cost +4F."
    ]
    assert p.card_text("jab", "ja") == [
        "成功したら、このターンの自分の次のマニューバーに対するリバーサルは、必要不屈値が+4される。"
    ]
    # RD-7.5: one's own cost overturns to one's own Ringside
    assert p.card_text("kick", "ja") == [
        "成功したら、自分のメインデッキの一番上のカードを1枚めくってリングサイドに置く。"
    ]
    # RD-6.2, RD-6.4: Irish Whip as an action and as a reversal
    assert p.card_text("irish-whip")[1:4] == [
        "As an action, your next card this turn gets +5D if it is a Strike maneuver.",
        "Reverse Irish Whip and end your opponent's turn.",
        "As a reversal, it carries into your next turn; your first card counts as played "
        "right after it, with its set-up.",
    ]
    # RD-7.7: an action without damage ends the turn at once
    assert p.card_text("stall-on-the-outside") == [
        "Put your 3 newest Ringside cards on the bottom of your Arsenal, then your turn ends."
    ]
    assert p.card_text("bear-hug") == ["If successful, your turn ends after its damage."]
    assert p.card_text("bruno-kessler", "ja") == ["相手のマニューバーから受けるダメージを1減らす。"]


def test_overturned_text_option_decides_the_reversal_effects() -> None:
    """RD-5.7: under the seed an overturned reversal only cuts off the damage; with the
    official option the cards worded for it apply their effects."""
    assert GAME.presentation.card_text("roll-through-counter")[-1] == (
        "Overturned, it only stops the damage; its effects never apply."
    )
    assert OFFICIAL.presentation.card_text("roll-through-counter")[-1] == (
        "When it stops the damage, draw 2 cards."
    )
    seed = GAME.presentation.card_text("final-warning-from-the-referee", "ja")
    official = OFFICIAL.presentation.card_text("final-warning-from-the-referee", "ja")
    assert (
        seed[-1]
        == "手札または逆転デッキからリバーサルしたら、相手は即座にピンフォールされて敗北する。"
    )
    assert (
        official[-1] == "リバーサルしたら（メインデッキからめくられた時も）、"
        "相手は即座にピンフォールされて敗北する。"
    )


def test_card_lines_show_the_printed_numbers() -> None:
    """describe_card: the type, alignment, brand and numbers in the game's words, the rules
    and the flavour text."""
    p = GAME.presentation
    line = p.describe_card("big-boot")
    assert "(Maneuver (Strike) · Fortitude 8 · Damage 7 · Stun Value 1)" in line
    assert "Play it only right after Irish Whip." in line and "size-fourteen sole" in line
    ja = p.describe_card("big-boot", "ja")
    assert (
        "ビッグブーツ" in ja
        and "(マニューバー（ストライク） · 必要不屈値8 · ダメージ7 · スタン値1)" in ja
    )
    assert "アイリッシュ・ウィップの直後にだけ使用できる。" in ja and "特大サイズの靴底" in ja
    star = p.describe_card("bruno-kessler", "ja")
    assert "(スーパースター · ヒール · Raw · 手札枚数5 · スーパースター値4)" in star
    assert "(Reversal · Fortitude 1 · Damage #)" in p.describe_card("turnabout-takedown")
    assert "(Mid-match Action · Heel · Fortitude 3 · Damage 0)" in p.describe_card(
        "valet-distraction"
    )
    assert "(プレマッチ（会場）)" in p.describe_card("harbor-coliseum", "ja")


def test_every_card_has_japanese_name_and_flavour() -> None:
    for c in GAME.card_pool.cards:
        assert c.name_ja and JAPANESE.search(c.name_ja), c.id
        assert c.text and c.text_ja and JAPANESE.search(c.text_ja), c.id
        en, ja = GAME.presentation.card_text(c.id), GAME.presentation.card_text(c.id, "ja")
        assert len(en) == len(ja) and all(e != j for e, j in zip(en, ja, strict=True)), c.id
