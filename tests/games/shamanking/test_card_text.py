"""Shaman King card text (issue 26): every effect verb, condition and kind of card of the
schema reads as a whole sentence in English and Japanese, and says what the rules do."""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest

import cardtable
from cardtable.core.i18n import Lang
from cardtable.games.shamanking.cards import (
    VERBS,
    ChargeEffect,
    Effect,
    ForceEffect,
    ForcePerTeamwork,
    GainFuryoku,
    InterceptEffect,
    MoveBack,
    Underpay,
    When,
)
from cardtable.games.shamanking.text import Reach, condition, effect_sentence

LANGS: tuple[Lang, ...] = ("en", "ja")
REACHES: tuple[Reach, ...] = ("strike", "advantage", "teamwork")
ENGINE_WORDS = re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+: ")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
CHARACTERS = {"Ashmaw": "Ashmaw"}

# one effect of every verb and of every way a verb reads (a named zone or this one, the
# first uncharged zone, one or two zones back), each with and without a condition
EFFECTS: list[Any] = [
    ForceEffect(do="force", amount=2),
    ForceEffect(do="force", amount=-1, when=When(incoming_min=5)),
    InterceptEffect(do="intercept", amount=3, when=When(zone="red")),
    ForcePerTeamwork(do="force_per_opp_teamwork", amount=1),
    GainFuryoku(do="gain_furyoku", amount=1, zone="green"),
    GainFuryoku(do="gain_furyoku", amount=2, zone="this", when=When(teamwork_here=True)),
    ChargeEffect(do="charge", zone="weakest"),
    ChargeEffect(do="charge", zone="yellow", when=When(teamwork_here=False)),
    MoveBack(do="move_back", zones=1, when=When(incoming_max=3)),
    MoveBack(do="move_back", zones=2),
    Underpay(do="underpay", amount=1, color="red", when=When(zone_of="Ashmaw")),
]


@pytest.fixture(scope="module")
def game() -> Any:
    return cardtable.load_game("shamanking")


def _reads_like_a_card(sentence: str, lang: Lang) -> None:
    assert sentence and sentence.strip() == sentence
    assert not ENGINE_WORDS.findall(sentence), sentence
    assert sentence[-1] in ".。)）", sentence
    if lang == "ja":
        assert JAPANESE.search(sentence), sentence
    else:
        assert sentence[0].isupper(), sentence


def test_the_synthetic_effects_cover_every_verb() -> None:
    """Every ``do`` of the schema (the Literal of each effect model) has an effect above."""
    models = get_args(get_args(Effect)[0])
    verbs = {get_args(m.model_fields["do"].annotation)[0] for m in models}
    assert verbs == set(VERBS) == {e.do for e in EFFECTS}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("reach", REACHES)
def test_every_effect_has_a_sentence(lang: Lang, reach: Reach) -> None:
    sentences = [effect_sentence(e, reach, lang, CHARACTERS) for e in EFFECTS]
    for sentence in sentences:
        _reads_like_a_card(sentence, lang)
    assert len(set(sentences)) == len(sentences)


@pytest.mark.parametrize("lang", LANGS)
def test_every_condition_has_words(lang: Lang) -> None:
    """SK-7.8: each field of a condition says something of its own."""
    whens = [
        When(incoming_min=4),
        When(incoming_max=4),
        When(incoming_min=2, incoming_max=6),
        When(zone="yellow"),
        When(teamwork_here=True),
        When(teamwork_here=False),
        When(zone_of="Ashmaw"),
    ]
    words = [condition(w, lang, CHARACTERS) for w in whens]
    assert all(words) and len(set(words)) == len(words)
    assert condition(None, lang, CHARACTERS) == condition(When(), lang, CHARACTERS) == ""
    both = condition(When(incoming_min=5, zone="red"), lang, CHARACTERS)
    assert ("5" in both) and ("red" in both or "赤" in both)


def test_sentences_say_what_the_rules_do(game: Any) -> None:
    text = game.presentation.card_text
    assert text("crossroads-counter") == [
        "Costs 1 yellow furyoku.",
        "This strike gets +2 Force if the incoming Force is 5 or more.",
    ]
    assert text("crossroads-counter", "ja") == [
        "コスト：黄1。",
        "相手の戦闘力が5以上なら、このストライクの戦闘力を+2する。",
    ]
    # SK-7.1, SK-7.9: an Advantage's Force is for this turn's counterattack
    assert "Your counterattack this turn gets +2 Force." in text("battle-cry")
    # SK-7.7: underpay works for the cards flipped in the Teamwork card's zone
    assert "Cards you flip in this zone cost 1 less green." in text("hana-hot-spring-cook")
    # SK-7.6: moving back one zone means flipping in the same zone again
    assert text("last-ditch-roll")[-1] == (
        "Your defence moves back one zone if you defend in the red zone, so your next flip "
        "is in this zone again."
    )
    # SK-3.4: the extra cost is optional and paid first
    assert text("spirit-flare", "ja")[-1] == (
        "追加コスト（任意。黄1を本来のコストより先に支払う）：このストライクの戦闘力を+3する。"
    )
    # SK-5.7: a strike naming a character's zone, in that character's own Japanese name
    assert "アッシュモウのゾーンで防御しているなら" in text("ashmaw-ember-rush", "ja")[-1]


def test_immediate_advantages_follow_the_charge_option() -> None:
    """SK-5.2: an immediate Advantage charges its zone unless immediate_charge=false."""
    on = cardtable.load_game("shamanking").presentation.card_text("spirit-offering")
    off = cardtable.load_game("shamanking", immediate_charge=False).presentation
    assert "charges the zone it was flipped in" in on[1]
    assert "without charging" in off.card_text("spirit-offering")[1]


def test_shamans_show_traits_and_both_signatures(game: Any) -> None:
    en = game.presentation.card_text("sera-lantern-keeper")
    assert en[0] == "Traits: Teamwork Yoh, Advantage Soul, Strike Guardian."
    assert en[1].startswith("Front (Sera Okabe, Lantern Keeper), Signature Lantern Procession")
    assert en[2].startswith("Back (Sera, Thousand-Lantern Vigil), Signature Vigil Flame")
    ja = game.presentation.card_text("sera-lantern-keeper", "ja")
    assert ja[1].startswith("表面（岡部セラ、灯籠守り）のシグネチャー「灯籠行列」（緑1）")


@pytest.mark.parametrize("lang", LANGS)
def test_card_lines_show_the_printed_stats(game: Any, lang: Lang) -> None:
    line = game.presentation.describe_card("hearthstone-knuckle", lang)
    if lang == "en":
        assert line.startswith("[bold]Hearthstone Knuckle[/] (Strike · Melee · Intercept 4 · ")
    else:
        assert line.startswith("[bold]炉石の拳[/] (ストライク · Melee · 迎撃力4 · 戦闘力3)")
        assert "[i]台所のかまど" in line


def test_every_name_and_flavour_has_its_japanese(game: Any) -> None:
    for card in game.card_pool.cards:
        assert card.name_ja and JAPANESE.search(card.name_ja), card.id
        assert bool(card.text) == bool(card.text_ja), card.id
        for side in (card.front, card.back) if card.type == "shaman" else ():
            assert side.name_ja and side.signature.name_ja, card.id
        # the rules text is generated: a card's text is flavour, never its rules again
        if card.effects or card.extra_effects:
            assert not card.text, card.id
