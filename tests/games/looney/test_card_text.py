"""Looney Tunes card text (issue 26): every effect verb and condition of the schema reads as a
sentence in English and Japanese, the sentences say what the scoring does (LT-6, LT-9), and
every card has its Japanese name, stats in words and flavour text."""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest

import cardtable
from cardtable.games.looney.cards import ADAPTER, VERBS, LooneyCard, When
from cardtable.games.looney.game import LooneyGame
from cardtable.games.looney.text import CHARACTERS_JA, AnyEffect, card_sentences
from cardtable.server.catalog import cards as catalogue_cards

ENGINE_WORDS = re.compile(r"\bNone\b|[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+: ")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

CONDITIONS: list[dict[str, Any] | None] = [
    None,
    {"scene_color": "green"},
    {"alone": True},
    {"with_character": "Porky Pig"},
]
SCENE_EFFECTS: list[dict[str, Any]] = [
    {"do": "rank", "amount": -1},
    {"do": "opponent_rank", "amount": -2},
    {"do": "scene_rank", "amount": 2},
    {"do": "scene_color", "color": "red"},
    {"do": "scene_color", "color": "gray"},
    {"do": "group_color", "color": "blue"},
    {"do": "points", "amount": 1},
    {"do": "points", "amount": 3},
    {"do": "wins_ties"},
    {"do": "cancel_effects"},
    {"do": "draw", "amount": 1},
    {"do": "draw", "amount": 2},
]
SLOT_EFFECTS: list[dict[str, Any]] = [
    {"do": "scene_rank", "amount": -1},
    {"do": "scene_color", "color": "yellow"},
    {"do": "scene_color", "color": "gray"},
    {"do": "points", "amount": 1},
    {"do": "points", "amount": 2},
]


@pytest.fixture(scope="module")
def game() -> LooneyGame:
    g = cardtable.load_game("looney")
    assert isinstance(g, LooneyGame)
    return g


def _card(kind: str, effect: dict[str, Any], when: dict[str, Any] | None) -> LooneyCard:
    """A synthetic special effect or location with one effect."""
    fx = dict(effect, when=when) if when else effect
    data = {"id": "x", "name": "X", "type": kind, "color": "gray", "effects": [fx]}
    return ADAPTER.validate_python(data)


def _synthetic() -> list[LooneyCard]:
    out = [_card("effect", e, w) for e in SCENE_EFFECTS for w in CONDITIONS]
    out += [_card("location", e, w) for e in SLOT_EFFECTS for w in CONDITIONS[:2]]
    return out


def test_the_synthetic_cards_cover_every_verb_and_condition() -> None:
    verbs = {get_args(m.model_fields["do"].annotation)[0] for m in get_args(AnyEffect)}
    assert verbs == set(VERBS) == {e["do"] for e in SCENE_EFFECTS}
    assert {e["do"] for e in SLOT_EFFECTS} == {"scene_rank", "scene_color", "points"}
    kinds = {type(c.effects[0].when) for c in _synthetic() if c.effects[0].when is not None}
    assert kinds == set(get_args(When))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_verb_and_condition_reads_as_sentences(lang: str) -> None:
    for card in _synthetic():
        lines = card_sentences(card, lang)  # type: ignore[arg-type]
        assert len(lines) == 1 + (card.type == "location"), lines
        for line in lines:
            assert not ENGINE_WORDS.search(line), line
            assert line.endswith("。" if lang == "ja" else "."), line
            assert bool(JAPANESE.search(line)) == (lang == "ja"), line


def test_conditions_and_contexts_change_the_words() -> None:
    """Each condition and each context (a scene, a location's slot) reads differently."""
    for lang in ("en", "ja"):
        fx = [card_sentences(_card("effect", SCENE_EFFECTS[0], w), lang)[0] for w in CONDITIONS]
        assert len(set(fx)) == len(CONDITIONS)
        loc = card_sentences(_card("location", SLOT_EFFECTS[3], None), lang)[0]
        here = card_sentences(_card("effect", SLOT_EFFECTS[3], None), lang)[0]
        assert loc != here


def test_exact_sentences_of_the_rules() -> None:
    """LT-9.4, LT-9.5 (Dynamite Bundle), LT-9.13 with LT-9.4 (Daffy), LT-9.7 (Fade to Black),
    LT-9.9 on an effect and on a location, LT-9.2 (Martian Launchpad), LT-9.11, LT-9.12."""
    g = cardtable.load_game("looney")
    text = g.presentation.card_text
    assert text("dynamite-bundle", "en") == [
        "Every opposing side at this scene gets -3 rank value.",
        "Your side gets -1 rank value at this scene.",
    ]
    assert text("daffy-duck-space-ace", "ja") == [
        "このシーンの自分のアクターにポーキー・ピッグがいるなら、このシーンでの自分のランク値を+2する。"
    ]
    assert text("fade-to-black", "en") == [
        "This scene counts as gray for this scoring, so colours are not checked."
    ]
    assert text("moonlit-ballad", "en") == [
        "If the scene is printed blue, you score 2 extra points if your side wins this scene."
    ]
    assert text("martian-launchpad", "en") == [
        "The scene on this slot gets +1 rank when it is scored.",
        "Whoever wins the scene on this slot scores 1 extra point.",
        "This location stays on its slot for the rest of the game.",
    ]
    assert text("wrong-turn-detour", "ja") == [
        "このシーンでの相手のスペシャルエフェクトはすべて効果を発動しない。"
    ]
    assert text("quick-getaway", "en") == [
        "After this scene is scored, you draw 2 cards, whether you win it or not."
    ]
    assert text("dynamite-delivery", "en") == []  # a scene has no rules text


def test_every_card_says_each_of_its_amounts(game: LooneyGame) -> None:
    """A sentence per effect, carrying the effect's amount (signed for rank changes) and its
    condition's character or colour: the words follow the data the scoring reads."""
    for card in game.card_pool.cards:
        for lang in ("en", "ja"):
            lines = game.presentation.card_text(card.id, lang)
            extra = card.type == "location"
            assert len(lines) == len(card.effects) + extra, card.id
            for e, line in zip(card.effects, lines, strict=False):
                amount = getattr(e, "amount", None)
                if amount is not None:
                    signed = e.do in ("rank", "opponent_rank", "scene_rank")
                    assert (f"{amount:+d}" if signed else str(amount)) in line, line
                when = e.when
                if when is not None and hasattr(when, "with_character"):
                    who = when.with_character
                    assert (CHARACTERS_JA[who] if lang == "ja" else who) in line, line


def test_every_card_has_japanese_names_and_flavour(game: LooneyGame) -> None:
    for card in game.card_pool.cards:
        assert card.name_ja and JAPANESE.search(card.name_ja), card.id
        if card.effects:  # its file text is the old reminder of its effects, not flavour
            assert game.presentation.flavour_text(card.id, "ja") == ""
        elif card.text:
            assert JAPANESE.search(card.text_ja), card.id
            assert game.presentation.flavour_text(card.id, "ja") == card.text_ja
    chars = {c.character for c in game.card_pool.cards if c.character}
    assert chars <= set(CHARACTERS_JA)


def test_card_lines_in_both_languages(game: LooneyGame) -> None:
    line = game.presentation.describe_card
    assert line("dynamite-delivery", "en") == (
        "[bold red]Dynamite Delivery[/][dim] (red scene, Movie deck, rank 5, 4 points)[/] — "
        "[i]A parcel marked FRAGILE starts to hiss halfway up the front steps.[/i]"
    )
    assert line("bugs-bunny-maestro", "ja") == (
        "[bold yellow]バッグス・バニー（マエストロ）[/][dim]（黄のアクター、ランク3、"
        "バッグス・バニー）[/] — 自分がこのシーンを獲得した場合、追加で1ポイントを得る。"
    )
    assert "灰色のスペシャルエフェクト" in line("stunt-double", "ja")


def test_the_browser_gets_rules_and_scalar_stats() -> None:
    ja = catalogue_cards("looney", "ja")
    assert ja["seeing-red"]["rules"] == ["今回の獲得判定では、このシーンを赤として扱う。"]
    assert ja["seeing-red"]["text"] == "" and ja["grannys-parlour"]["text"].endswith("。")
    assert ja["taz-whirlwind"]["stats"]["rank"] == 4
    assert all("effects" not in c["stats"] for c in ja.values())
