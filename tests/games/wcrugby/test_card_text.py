"""Wheelchair rugby card text (issue 26): every effect verb, condition and card kind has its
sentence in English and Japanese, the sentences say what the rules do (docs/rules/wcrugby.md,
section 8), and every card has its Japanese name and flavour text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel

import cardtable
from cardtable.core.i18n import Lang
from cardtable.games.wcrugby import text
from cardtable.games.wcrugby.cards import (
    STATUSES,
    VERBS,
    WHO,
    Bench,
    Effect,
    Player,
    Special,
    When,
)
from cardtable.games.wcrugby.game import RugbyGame

LANGS: tuple[Lang, ...] = ("en", "ja")
SOURCES: tuple[text.Source, ...] = ("skill", "special", "bench")
ENGINE = re.compile(r"\bNone\b|\bnull\b|[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+: ")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WEB = Path(text.__file__).parent / "web" / "wcrugby.js"


@pytest.fixture(scope="module")
def game() -> RugbyGame:
    g = cardtable.load_game("wcrugby")
    assert isinstance(g, RugbyGame)
    return g


def _models() -> list[type[BaseModel]]:
    union = get_args(Effect)[0]
    return list(get_args(union))


def _samples(model: type[BaseModel]) -> list[BaseModel]:
    """One effect of the model per target (``who``) it may name, at its largest amount."""
    fields = model.model_fields
    data: dict[str, Any] = {"do": get_args(fields["do"].annotation)[0]}
    if "amount" in fields:
        bounds = {type(m).__name__: m for m in fields["amount"].metadata}
        limit = bounds.get("Le") or bounds.get("Ge")
        data["amount"] = getattr(limit, "le", getattr(limit, "ge", 1))
    if "stat" in fields:
        data["stat"] = "keep"
    whos = WHO if "who" in fields else ("self",)
    return [model.model_validate({**data, **({"who": w} if "who" in fields else {})}) for w in whos]


def _reads_well(sentence: str, lang: Lang) -> None:
    assert sentence and sentence.strip() == sentence, sentence
    assert not ENGINE.findall(sentence), sentence
    assert sentence[-1] in ".。", sentence
    if lang == "ja":
        assert JAPANESE.search(sentence), sentence


def test_every_verb_of_the_schema_has_a_sentence() -> None:
    verbs = {get_args(m.model_fields["do"].annotation)[0] for m in _models()}
    assert verbs == set(VERBS)
    assert set(text.EFFECTS) == set(_models())


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("model", _models(), ids=lambda m: m.__name__)
def test_every_effect_reads_in_both_languages(model: type[BaseModel], source: text.Source) -> None:
    for effect in _samples(model):
        en = text.effect_sentence(effect, source, "en")
        ja = text.effect_sentence(effect, source, "ja")
        _reads_well(en, "en")
        _reads_well(ja, "ja")
        assert en != ja


@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("status", STATUSES)
def test_every_condition_reads_in_both_languages(status: str, source: text.Source) -> None:
    cond = When.model_validate({"status": status, "min": 4})
    for lang in LANGS:
        sentence = text.condition(cond, source, lang)
        _reads_well(sentence, lang)
        assert "4" in sentence


def test_a_skill_reads_as_printed(game: RugbyGame) -> None:
    """WR-8.9 (the skill's player meets the condition), WR-8.2 (never below 0)."""
    assert game.presentation.card_text("kenji-morooka", "en") == [
        "Old Fox Pick: Usable only while this player's Keep is 4 or more. Take 1 from the "
        "opponent's TOP (not below 0)."
    ]
    assert game.presentation.card_text("kenji-morooka", "ja") == [
        "「古狐のピック」この選手のキープが4以上のときのみ発動できる。"
        "相手のTOPを1減らす（0未満にはならない）。"
    ]


def test_an_inbounders_skill_adds_one_less_but_a_card_does_not() -> None:
    """WR-3.5: only a skill's own-TOP gain is reduced for the inbounder."""
    top = _samples(_models()[0])[0]
    assert "inbounder" in text.effect_sentence(top, "skill", "en")
    assert "インバウンダー" in text.effect_sentence(top, "skill", "ja")
    assert text.effect_sentence(top, "bench", "en") == "Add 5 to your TOP."


def test_whom_a_change_reaches() -> None:
    """WR-8.10: ``self`` is the skill's player, the player a special is played on, and the
    whole team on a bench card; every change lasts the period."""
    status = next(m for m in _models() if "stat" in m.model_fields)
    own = status.model_validate({"do": "status", "stat": "passion", "amount": -2})
    assert text.effect_sentence(own, "skill", "en") == (
        "This player gets Passion \u22122 until the end of the period."
    )
    assert text.effect_sentence(own, "special", "en").startswith("The chosen player gets")
    assert text.effect_sentence(own, "bench", "en") == (
        "Your players on court get Passion \u22122 until the end of the period."
    )
    assert text.effect_sentence(own, "bench", "ja") == (
        "このピリオドの間、コート上の自チームの選手全員の闘志を\u22122する。"
    )


def test_special_and_bench_cards(game: RugbyGame) -> None:
    """WR-5.4: a special card names its condition, the activation and its limits, then its
    own effects; WR-5.6: a bench card's condition is met by any own player on court."""
    assert game.presentation.card_text("full-court-press", "en") == [
        "Play only on a player whose Chair is 4 or more.",
        "Activate one special skill of one of your players on court who is not sideways.",
        "At most 2 players a period, and never the same player twice.",
        "The chosen player gets Chair +1 until the end of the period.",
    ]
    assert game.presentation.card_text("stall-tactics", "ja") == [
        "コート上にキープが5以上の自チームの選手がいるときのみ使用できる。",
        "ヘルドボールに持ち込む。次のピリオドから作戦タイムの先攻後攻が入れ替わる。",
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_every_card_is_described(game: RugbyGame, lang: Lang) -> None:
    for cid in game.card_ids:
        card = game.card_pool.get(cid)
        for sentence in game.presentation.card_text(cid, lang):
            _reads_well(sentence, lang)
        line = game.presentation.describe_card(cid, lang)
        assert game.card_name(cid, lang) in line
        if isinstance(card, Player):
            assert ("持ち点" if lang == "ja" else "Class ") in line
            assert all(text.skill_name(k, lang) in line for k in card.skills)


def test_every_card_and_skill_has_japanese(game: RugbyGame) -> None:
    for card in game.card_pool.cards:
        assert card.name_ja and JAPANESE.search(card.name_ja), card.id
        assert bool(card.text_ja) == bool(card.text), card.id
        assert isinstance(card, Player | Special | Bench)
        for skill in card.skills:
            assert skill.name_ja and JAPANESE.search(skill.name_ja), (card.id, skill.name)
    same = [c for c in game.card_pool.cards if c.name == "Kaito Mori"]
    assert len({c.name_ja for c in same}) == 1


def test_court_players_list_their_skills(game: RugbyGame) -> None:
    """The terminal table lists each revealed player's skills in the card-text sentences."""
    state = game.new_initial_state(seed=3)
    while state.observation(0)["phase"] in ("lineup", "positions", "order"):
        state.apply_action(state.legal_actions()[0])
    obs = state.observation(0)
    drawn = game.presentation.render(obs)
    player = obs["zones"]["t0.court.1"][0]
    for sentence in game.presentation.card_text(player, "en"):
        assert sentence.replace("[", "\\[") in drawn or sentence in drawn


def test_browser_faces_read_the_rules_text(game: RugbyGame) -> None:
    """The server sends scalar stats only: the face reads the statuses as scalars and the
    skills from the rules text."""
    js = WEB.read_text()
    assert "cardText(card)" in js and '"statuses"' not in js and '"skills"' not in js
    dumped = game.card_pool.get("kaito-mori").model_dump(mode="json")
    assert {s: dumped[s] for s in STATUSES} == dumped["statuses"]
