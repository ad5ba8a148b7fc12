"""Issue 26: the problems of a deck a player meets (`cardtable deck check --lang`, the
lobby's deck check) read in Japanese as in English: each game's construction rules and the
deck file's own problems, through ``cardtable.core.i18n.say``."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

import cardtable
from cardtable.core.decks import MANY, SINGLE
from cardtable.core.game import Game
from cardtable.core.i18n import say
from cardtable.server.setup import check_deck_text

GAMES = cardtable.available_games()
ENGLISH = re.compile(r"[A-Za-z]{3,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
QUOTED = re.compile(r"'[^']*'")  # ids, sections and fields as written in the file
ALLOWED = {"Raw", "SmackDown", "backlash", "official", "seed"}  # brands; an option as written


def english_left(game: Game, text: str) -> list[str]:
    """Runs of three or more ASCII letters left once quoted words and card ids are out."""
    ids = sorted((c.id for c in game.card_pool.cards), key=len, reverse=True)
    plain = QUOTED.sub(" ", text)
    for cid in ids:
        plain = plain.replace(cid, " ")
    return [w for w in ENGLISH.findall(plain) if w not in ALLOWED]


def broken(game: Game) -> dict[str, Any]:
    """A starter deck with every rule broken that can be: every card of the pool in every
    section of many cards, nine copies each."""
    deck = next(iter(game.starter_decks().values())).to_dict()
    for section, kind in game.deck_layout.sections.items():
        if kind.startswith(MANY):
            deck[section] = {c.id: 9 for c in game.card_pool.cards}
    return deck


@pytest.mark.parametrize("name", GAMES)
def test_construction_problems_read_in_japanese(name: str) -> None:
    game = cardtable.load_game(name)
    data = broken(game)
    problems = game.check_deck(game.deck_from_dict(data, "deck"))
    assert problems, name
    for p in problems:
        ja = say(p.message, game, "ja")
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), (p.message, ja)
        assert not english_left(game, ja), (p.message, ja)
        assert say(p.message, game, "en") == p.message


@pytest.mark.parametrize("name", GAMES)
def test_deck_file_problems_read_in_japanese(name: str) -> None:
    game = cardtable.load_game(name)
    sections = list(game.deck_layout.sections)
    first = next(iter(game.card_pool.cards)).id
    single = [s for s, k in game.deck_layout.sections.items() if k.startswith(SINGLE)]
    text = "game: other\nname: ''\ndescription: 3\nno-such-field: 1\n" + "".join(
        f"{s}: {{no-such-card: 1, {first}: 0}}\n" for s in sections if s not in single
    )
    deck, problems = check_deck_text(game, text)
    assert deck is None and len(problems) >= 4, problems
    for p in problems:
        ja = say(p.message, game, "ja")
        assert not english_left(game, ja), (p.message, ja)


def test_the_lobby_checks_a_deck_in_the_language_asked(client: TestClient) -> None:
    game = cardtable.load_game("looney")
    cid = next(c.id for c in game.card_pool.cards if c.deck == "personal")
    text = f"game: looney\nname: x\npersonal: {{{cid}: 1}}\n"  # too small a deck
    ja = client.post("/api/decks/check?lang=ja", json={"game": "looney", "text": text}).json()
    en = client.post("/api/decks/check?lang=en", json={"game": "looney", "text": text}).json()
    assert [p["rule"] for p in ja["problems"]] == [p["rule"] for p in en["problems"]]
    assert "個人デッキ" in " ".join(p["message"] for p in ja["problems"]), ja
    assert "personal deck" in " ".join(p["message"] for p in en["problems"]), en


@pytest.fixture
def client(tmp_path: Any) -> Any:
    from cardtable.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}")) as c:
        yield c


@pytest.mark.parametrize("name", [g for g in GAMES if g != "goofspiel"])
def test_every_starter_deck_has_its_name_and_description_in_japanese(name: str) -> None:
    """What the lobby and the lab show a player reading Japanese (``Deck.title``,
    ``Deck.blurb``); goofspiel's two suits stay as they are (its package is kept small)."""
    for deck in cardtable.load_game(name).starter_decks().values():
        assert JAPANESE.search(deck.title("ja")) and JAPANESE.search(deck.blurb("ja")), deck
        assert (deck.title("en"), deck.blurb("en")) == (deck.name, deck.description)


def test_a_deck_file_s_japanese_words_are_text_and_kept(tmp_path: Any) -> None:
    game = cardtable.load_game("wcrugby")
    data = next(iter(game.starter_decks().values())).to_dict()
    assert data["name_ja"] and data["description_ja"]  # written back as read
    data["name_ja"] = 7
    deck, problems = check_deck_text(game, yaml.safe_dump(data, allow_unicode=True))
    assert deck is None and [p.rule for p in problems] == ["file"]
    assert "field 'name_ja': must be text" in problems[0].message
    assert "文字列であること" in say(problems[0].message, game, "ja")
