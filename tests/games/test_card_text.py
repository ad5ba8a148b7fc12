"""Card text for players: every card of every game reads like a printed card, in English and
in Japanese, in every place it is shown (issue 26): generated rules sentences, names, the
terminal line and the browser's card data."""

from __future__ import annotations

import re

import pytest

import cardtable
from cardtable.core.game import Game

GAMES = cardtable.available_games()
LANGS = ("en", "ja")
ENGINE_WORDS = re.compile(
    r"\bNone\b|\bnull\b|\bTrue\b|\bFalse\b|[{}]|\b[a-z]+_[a-z0-9_]+\b|\b[a-z_]+: |\[/?\w*\]"
)
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _engine_words(text: str) -> list[str]:
    return ENGINE_WORDS.findall(text)


@pytest.fixture(scope="module", params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    return cardtable.load_game(request.param)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_text_reads_like_a_card(game: Game, lang: str) -> None:
    for cid in game.card_ids:
        for sentence in game.presentation.card_text(cid, lang):  # type: ignore[arg-type]
            where = f"{game.name} {cid} ({lang}): {sentence!r}"
            assert sentence.strip() == sentence and sentence, where
            assert not _engine_words(sentence), where
            assert sentence[-1] in ".。!！)）」", where
            if lang == "ja":
                assert JAPANESE.search(sentence), where
            else:
                assert sentence[0].isupper() or sentence[0].isdigit(), where


@pytest.mark.parametrize("lang", LANGS)
def test_card_lines_have_no_engine_words(game: Game, lang: str) -> None:
    for cid in game.card_ids:
        line = game.presentation.describe_card(cid, lang)  # type: ignore[arg-type]
        plain = re.sub(r"\[/?[a-z #0-9]*\]", "", line)
        assert not _engine_words(plain.replace(cid, "")), f"{game.name} {cid}: {line!r}"
