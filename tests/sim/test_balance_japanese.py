"""The balance report's page in Japanese (issue 28): every word of the page's own (headings,
captions, column headers, notes, flags, units, how games end, the plots' captions, the
suggestions) is Japanese, cards go by their Japanese names, and what is left in Latin letters
is the report's data as written (deck names, agents, card ids, options, file paths) or a
word the game itself writes in Latin letters. The command writes the page in its language."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from functools import cache
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import cardtable
from cardtable.cli_balance import print_summary
from cardtable.cli_suggest import print_suggestions
from cardtable.core.game import Game
from cardtable.core.i18n import Lang
from cardtable.sim.balance import BalanceConfig, default_deck_specs, play, report
from cardtable.sim.balance_html import balance_html
from cardtable.sim.balance_words import Words
from cardtable.sim.suggest import Target, why

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
RUGBY_CARDS = ROOT / "src/cardtable/games/wcrugby/cards"
ENGLISH = re.compile(r"[A-Za-z]{3,}")
GAME_TERMS = frozenset({"TOP", "ATK", "DEF"})
"""Latin words the wheelchair rugby seed writes in its Japanese card texts."""
BRAND = frozenset({"cardtable"})


class Visible(HTMLParser):
    """The text a reader sees: element text (not the style sheet, not ``<code>``: ids and
    paths as written) and the images' ``alt`` text."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.skip: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in ("style", "code"):
            self.skip.append(tag)
        self.texts += [v for k, v in attrs if k == "alt" and v]

    def handle_endtag(self, tag: str) -> None:
        if self.skip and self.skip[-1] == tag:
            self.skip.pop()

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.texts.append(data)


def visible(page: str) -> Visible:
    parser = Visible()
    parser.feed(page)
    return parser


def compared_cards(folder: Path) -> Path:
    """The game's cards with every player's ATK one higher (at most 10)."""
    folder.mkdir()
    for f in RUGBY_CARDS.glob("*.yaml"):
        text = f.read_text()
        if f.name == "players.yaml":
            text = re.sub(
                r"(?m)^    atk: (\d+)$", lambda m: f"    atk: {min(int(m[1]) + 1, 10)}", text
            )
        (folder / f.name).write_text(text)
    return folder


@cache
def rugby() -> Game:
    return cardtable.load_game("wcrugby")


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A small wcrugby run compared with changed cards (flags at 4 samples, so items stand
    out), with a suggestion of each shape: a card with a verified proposal, a seat without."""
    cards = compared_cards(tmp_path_factory.mktemp("compare") / "cards")
    game = rugby()
    config = BalanceConfig(
        "wcrugby", game.options_dict(), ("greedy", "random"), 16, default_deck_specs(game),
        compare=str(cards),
    )  # fmt: skip
    out = report(config, play(config, 1), min_samples=4)
    out["suggestions"] = suggestions(out["base"], str(cards))
    return out


def suggestions(base: dict[str, Any], folder: str) -> dict[str, Any]:
    """A made-up search result over a real run (its numbers need not add up: the page only
    words them)."""
    card = next(c for c in base["cards"] if c["played"]["n"])
    rate = {"n": 12, "score": 0.7, "low": 0.4, "high": 0.9}
    change = {"file": "players.yaml", "card": card["card"], "field": "atk", "from": 5, "to": 4}
    decks = [{"deck": d["deck"], "before": 0.5, "after": 0.48, "low": 0.3, "high": 0.6}
             for d in base["decks"]]  # fmt: skip
    verified = {**rate, "value": 0.01, "in_band": True, "flags": 2}
    where = {"folder": f"{folder}/suggestions/1/cards", "patch": f"{folder}/1.patch"}
    proposal = {"changes": [change], "screened": 0.02, "decks": decks, "verified": verified,
                "seat0": {"before": 0.5, "after": 0.52}, **where}  # fmt: skip
    targets = [
        {"kind": "card", "name": card["card"], "direction": "above", "before": rate,
         "why": why(base, Target("card", card["card"], "above")), "proposals": [proposal]},
        {"kind": "seat", "name": "P0", "direction": "below", "before": rate,
         "why": why(base, Target("seat", "P0", "below")), "proposals": []},
    ]  # fmt: skip
    return {"band": 0.05, "margin": 0.03, "targets": targets}


def data_texts(report: dict[str, Any], game: Game) -> list[str]:
    """The report's data as written, longest first: decks, agents, options, card ids, and
    the cards' names in either language."""
    texts = [*report["decks"], *report["agents"], json.dumps(report["options"], sort_keys=True)]
    texts += [d["deck"] for d in report["base"]["decks"]]
    for cid in game.card_pool.index:
        texts += [cid, game.card_name(cid, "en") or "", game.card_name(cid, "ja") or ""]
    return sorted(set(filter(None, texts)), key=len, reverse=True)


def english_left(page: str, data: list[str]) -> list[str]:
    """The Latin words a reader sees on ``page`` once the data (as written), file paths,
    seats (P0), the game's own Latin terms and the brand are taken out."""
    text = " ".join(visible(page).texts)
    for written in data:
        text = text.replace(written, " ")
    text = re.sub(r"\S*/\S*|\bP\d\b", " ", text)
    return sorted({w for w in ENGLISH.findall(text) if w not in GAME_TERMS | BRAND})


def test_the_japanese_page_has_no_english_of_its_own(data: dict[str, Any]) -> None:
    game = rugby()
    page = balance_html(data, "ja", game)
    written = data_texts(data, game)
    left = english_left(page, written)
    assert not left, f"English on the Japanese page: {left}"
    assert page.startswith('<!DOCTYPE html>\n<html lang="ja">')
    # every part is there: the comparison, both runs, the plots, the suggestions
    for heading in (
        "で変わったこと",
        "元のカードセットでの結果",
        "での結果",
        "提案",
        "対戦の終わり方",
    ):
        assert heading in page, heading
    seen = visible(page)
    assert seen.tags.count("img") == seen.tags.count("figcaption") >= 8
    assert "コート上" in page and "ピリオド" in page and "勝-分-敗" in page
    # the check can fail: the English page of the same data is caught, with the same data
    english = english_left(balance_html(data, "en", game), written)
    for word in ("Results", "How", "games", "end", "win", "rate", "Suggestions", "periods"):
        assert word in english, word


def test_cards_go_by_their_japanese_names(data: dict[str, Any]) -> None:
    game = rugby()
    page = balance_html(data, "ja", game)
    named = [c["card"] for c in data["base"]["cards"]]
    assert len(named) > 10
    for cid in named:
        ja, en = game.card_name(cid, "ja"), game.card_name(cid, "en")
        assert ja and en and ja != en, cid
        assert f"<b>{ja}</b>" in page, cid
        assert en not in page, f"{cid}: its English name {en!r} on the Japanese page"
    # the rules text is the game's Japanese, the suggestion's why names the card in Japanese
    card = data["suggestions"]["targets"][0]["name"]
    assert " ".join(game.presentation.card_text(card, "ja")) in page
    assert f"{game.card_name(card, 'ja')}は" in page
    # without the game the page still reads, with the names the report holds
    assert data["base"]["cards"][0]["name"] in balance_html(data, "ja")


def test_starter_decks_go_by_their_japanese_names(data: dict[str, Any]) -> None:
    game = rugby()
    page = balance_html(data, "ja", game)
    for deck in game.starter_decks().values():
        assert escape(deck.title("ja")) in page and deck.title("ja") != deck.name, deck.name
        assert f"<th>{escape(deck.name)}</th>" not in page  # the matchups' columns
    assert f"<th>{escape(deck.name)}</th>" in balance_html(data, "en", game)


def test_the_english_page_keeps_its_words(data: dict[str, Any]) -> None:
    page = balance_html(data)
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    said = ["How games end", "What changed with cards", "Results with the base card set"]
    said += ["win rate", "95% interval", "No change of its numbers moved it toward the band"]
    for words in said:
        assert words in page, words
    assert "<figure>" not in page  # an English plot says its title itself
    assert all(html.escape(c["name"]) in page for c in data["base"]["cards"])


def cli(out: Path, *args: str, lang: str = "") -> subprocess.CompletedProcess[str]:
    env = {"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb", "PYTHONPATH": str(SRC)}
    if lang:
        env["LANG"] = lang
    base = ("balance", "wcrugby", "--games", "8", "--agents", "greedy,random", "--out", str(out))
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *base, *args],
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


@pytest.mark.parametrize(
    ("args", "locale", "lang"),
    [((), "ja_JP.UTF-8", "ja"), (("--lang", "ja"), "", "ja"), (("--lang", "en"), "ja_JP", "en")],
)
def test_the_command_writes_the_page_in_its_language(
    tmp_path: Path, args: tuple[str, ...], locale: str, lang: str
) -> None:
    res = cli(tmp_path / "b", *args, lang=locale)
    assert res.returncode == 0, res.stdout + res.stderr
    page = (tmp_path / "b" / "balance.html").read_text()
    assert f'<html lang="{lang}">' in page
    assert ("<h2>結果</h2>" in page) == (lang == "ja")
    assert ("<h2>Results</h2>" in page) == (lang == "en")


def terminal(data: dict[str, Any], lang: Lang) -> str:
    """What ``cardtable balance`` prints of ``data`` (summary and suggestions) in ``lang``."""
    console = Console(record=True, width=400, color_system=None)
    w = Words(lang, rugby())
    print_summary(console, data, w)
    print_suggestions(console, data["suggestions"], data["base"], w)
    return console.export_text()


def test_the_terminal_summary_speaks_the_commands_language(data: dict[str, Any]) -> None:
    game = rugby()
    written = [*data_texts(data, game), "balance.html", "atk"]  # a file, a field as written
    ja = terminal(data, "ja")
    left = english_left(ja, written)
    assert not left, f"English in the Japanese summary: {left}"
    for words in ("勝-分-敗", "対戦の終わり方", "対戦成績", "目立つもの", "提案", "ピリオド"):
        assert words in ja, words
    for deck in game.starter_decks().values():
        assert deck.title("ja") in ja and deck.name not in ja, deck.name
    card = data["suggestions"]["targets"][0]["name"]
    assert f"{game.card_name(card, 'ja')}は" in ja  # why, told again in Japanese
    # the check can fail: the English summary of the same data is caught
    english = english_left(terminal(data, "en"), written)
    for word in ("games", "seed", "win", "rate", "matchups", "Suggestions", "periods"):
        assert word in english, word
