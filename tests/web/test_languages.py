"""The pages in English and in Japanese (issue 26): the first visit follows the browser's
Accept-Language, the top bar's switch changes the language and this browser remembers it;
a whole game of Goofspiel is played in each language, with screenshots of the lobby, the
table, the end and the replay; and a Japanese page shows no untranslated words.

Screenshots go to $CARDTABLE_SCREENSHOTS when it is set, else to a temporary folder (the
test prints where). These tests run on a server of their own, so that the lobby lists only
their tables, whose games speak both languages.
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import _close, _launch, serve
from test_browser import READY, play_to_end, start_table

# What each language's pages say: regular expressions over the texts the tests read.
SAYS = {
    "en": {
        "prompt": r"^Bid for the ",
        "guide": r"^Your turn: click a highlighted card",
        "howto": "Goal",
        "banner": r"You win!|You lose\.|A draw\.",
        "result": r"^(P\d wins with \d+ points to \d+|Draw, \d+ points each)$",
        "log": r"^P\d bids a card face down$",
        "counter": r"^step 13 of 26$",
        "rules_label": "What it does",
    },
    "ja": {
        "prompt": r"に入札する$",
        "guide": r"^あなたの番：テーブルの光っているカード",
        "howto": "目的",
        "banner": r"あなたの勝ち！|あなたの負け。|引き分け。",
        "result": r"^(P\dの勝ち（\d+点対\d+点）|引き分け（\d+点ずつ）)$",
        "log": r"^P\dがカードを1枚伏せて入札する$",
        "counter": r"^26手中13手目$",
        "rules_label": "効果",
    },
}
LOCALE = {"en": "en-US", "ja": "ja-JP"}


@pytest.fixture(scope="module")
def lang_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(tmp_path_factory) as base:
        yield base


@pytest.fixture(scope="module")
def lang_shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """$CARDTABLE_SCREENSHOTS, else a temporary folder."""
    chosen = os.environ.get("CARDTABLE_SCREENSHOTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def browser_page(pw: Any, lang: str) -> Iterator[Any]:
    """A page of a browser of its own whose Accept-Language is ``lang``; the test fails on a
    JavaScript error of the page."""
    ctx, profile = _launch(pw, locale=LOCALE[lang])
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        yield page
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        _close(ctx, profile)


def page_lang(page: Any) -> str:
    return str(page.evaluate("document.documentElement.lang"))


def shot(page: Any, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


# ----- no untranslated words ------------------------------------------------------------

# Runs of 3 or more ASCII letters in the visible text of the page (and in its title), each with
# the text it is in; text inside translate="no" (notation, commands, paths) does not count,
# and of a <select> only the chosen option, which is what it shows.
VISIBLE_WORDS = """() => {
  const out = [];
  const add = (text) => {
    for (const w of text.match(/[A-Za-z]{3,}/g) || []) out.push([w, text.trim().slice(0, 90)]);
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || el.closest("script, style, noscript, option, [translate=no]")) continue;
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    add(n.textContent);
  }
  for (const sel of document.querySelectorAll("select")) {
    if (!sel.checkVisibility({ visibilityProperty: true })) continue;
    for (const o of sel.selectedOptions) add(o.text);
  }
  add(document.title);
  return out;
}"""

# the brand, the language switch's own word for English, and the rating's name (Elo)
ALWAYS = {"cardtable", "English", "Elo"}

# The Japanese pages checked: the lobby (None), and each game whose browser module speaks
# Japanese, with the ASCII words its pages may show besides card names, game titles and table
# ids. One line a game.
JA_PAGES: dict[str, set[str] | None] = {
    "lobby": None,
    "goofspiel": None,
    "looney": None,
    "rawdeal": {"Raw", "SmackDown"},  # the brands, as the cards print them
    # the trait icons, named in English by the seed itself (Mind: 精神力, ...), and the teams
    "shamanking": {"Mind", "Body", "Soul", "Melee", "Ranged", "Guardian", "Laws", "Yoh", "Zeke"},
    "wcrugby": {"TOP", "ATK", "DEF"},  # the seed's own terms
}


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}", timeout=10) as res:
        return json.load(res)


def allowed_words(base: str, game: str | None, extra: set[str] | None) -> set[str]:
    """The ASCII words a Japanese page may show: proper names (game titles, card names as
    the cards give them), table ids, and the game's own ``extra``."""
    words = set(ALWAYS) | set(extra or ())
    names = [g["title"] for g in get(base, "/api/games?lang=ja")]
    tables = get(base, "/api/tables?lang=ja")
    names += [t["table"] for rows in tables.values() for t in rows]
    if game is not None:
        names += [c["name"] for c in get(base, f"/api/games/{game}/cards?lang=ja").values()]
    for name in names:
        words.update(re.findall(r"[A-Za-z]{3,}", name))
    return words


def untranslated(page: Any, allowed: set[str]) -> list[str]:
    """The words of the page (VISIBLE_WORDS) that are not allowed, each with its text."""
    return sorted(
        {f"{w!r} in {text!r}" for w, text in page.evaluate(VISIBLE_WORDS) if w not in allowed}
    )


def assert_japanese(page: Any, base: str, game: str | None, where: str) -> None:
    """No untranslated word on the page: only ALWAYS, proper names and the game's own."""
    found = untranslated(page, allowed_words(base, game, JA_PAGES.get(game or "lobby")))
    assert not found, f"{where}: untranslated words on the Japanese page: {found}"


def check_game_pages(page: Any, base: str, game: str, shots: Path) -> None:
    """A game's table (its first moves with the rules open and a card read, its end) and its
    replay in Japanese, against the greedy agent."""
    table = start_table(page, base, game, "greedy", seed=4)
    page.click("#howto summary")
    page.wait_for_selector("#howto h5")
    moves = 0
    while moves < 400:
        page.wait_for_function(READY, timeout=60_000)
        if page.locator("#banner").is_visible():
            break
        if moves < 3:
            page.locator("#board .card").first.hover()  # fills the card panel
            assert_japanese(page, base, game, f"{game} table, move {moves}")
        page.locator("#actions button.action").first.click()
        moves += 1
    assert_japanese(page, base, game, f"{game} table, game over")
    shot(page, shots, f"ja-check-{game}-end")
    page.goto(f"{base}/replay/{table}")
    page.wait_for_selector("#replay-boards .board .card")
    for button in ("#next", "#last"):
        page.click(button)
        assert_japanese(page, base, game, f"{game} replay ({button})")
    page.select_option("#view", "all")
    page.wait_for_selector("#replay-boards .replay-board h4")
    assert_japanese(page, base, game, f"{game} replay, all views")


@pytest.mark.parametrize("name", list(JA_PAGES))
def test_japanese_pages_show_no_untranslated_words(
    playwright_session: Any, lang_server: str, lang_shots: Path, name: str
) -> None:
    with browser_page(playwright_session, "ja") as page:
        if name != "lobby":
            check_game_pages(page, lang_server, name, lang_shots)
            return
        for query in ("", "?game=goofspiel"):
            page.goto(f"{lang_server}/{query}")
            page.wait_for_selector(".game-tile.selected")
            page.wait_for_selector(".table-list")
            assert page_lang(page) == "ja"
            assert_japanese(page, lang_server, None, f"lobby {query}")
        page.goto(f"{lang_server}/?game=wcrugby")  # the starter decks by their Japanese names
        option = page.locator('option[value="starter:starter-mixed-gender"]').first
        assert option.text_content() == "男女混合ライン"
        assert "女子選手" in (option.get_attribute("title") or "")
        # the check sees an English word the page shows, and not one it hides
        page.evaluate("""() => document.getElementById('app').append(
            Object.assign(document.createElement('p'), {id: 'probe', textContent: 'Hello 世界'}),
            Object.assign(document.createElement('p'), {hidden: true, textContent: 'Hidden'}))""")
        assert [w for w in untranslated(page, ALWAYS) if "Hidden" in w] == []
        assert any(w.startswith("'Hello'") for w in untranslated(page, ALWAYS))


# ----- a whole game in each language -----------------------------------------------------


def choose_language(page: Any, base: str, lang: str) -> None:
    """Open the lobby in the browser's language, then choose ``lang`` with the switch; it is
    remembered across a reload."""
    page.goto(f"{base}/?game=goofspiel")
    page.wait_for_selector('.game-tile.selected[data-game="goofspiel"]')
    other = "ja" if lang == "en" else "en"
    assert page_lang(page) == other  # the first visit follows Accept-Language
    assert page.locator(f'#langs button[data-lang="{other}"]').is_disabled()
    page.click(f'#langs button[data-lang="{lang}"]')
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    page.wait_for_selector('.game-tile.selected[data-game="goofspiel"]')
    page.reload()
    page.wait_for_selector('.game-tile.selected[data-game="goofspiel"]')
    assert page_lang(page) == lang


def check_table_start(page: Any, says: dict[str, str], shots: Path, lang: str) -> None:
    """The prompt, the first-game guide, How to play and the card panel at the first move."""
    page.wait_for_function(READY)
    prompt = page.locator("#prompt .prompt-title").inner_text()
    assert re.search(says["prompt"], prompt), prompt
    guide = page.locator("#guide p").inner_text()
    assert re.search(says["guide"], guide), guide
    page.click("#howto summary")
    page.wait_for_selector("#howto h5")
    assert page.locator("#howto h5").first.inner_text() == says["howto"]
    assert page.locator("#howto code").last.inner_text() == "docs/rules/goofspiel.md"
    page.locator('#board .card[data-zone="p0.hand"]').first.hover()
    page.wait_for_selector("#detail .rules-label")
    assert says["rules_label"] in page.locator("#detail .rules-label").text_content()
    shot(page, shots, f"{lang}-2-table")
    # the guide stays hidden once dismissed, here and on the next page
    page.click("#guide .guide-close")
    page.reload()
    page.wait_for_function(READY)
    assert page.locator("#guide").count() == 0
    assert page.locator("#howto").get_attribute("open") is not None  # left open: stays open


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_play_goofspiel_in_each_language(
    playwright_session: Any, lang_server: str, lang_shots: Path, lang: str
) -> None:
    says = SAYS[lang]
    other = "ja" if lang == "en" else "en"
    with browser_page(playwright_session, other) as page:
        choose_language(page, lang_server, lang)
        shot(page, lang_shots, f"{lang}-1-lobby")
        table = start_table(page, lang_server, "goofspiel", "greedy", seed=2)
        assert page_lang(page) == lang
        check_table_start(page, says, lang_shots, lang)
        play_to_end(page, lang_shots, f"{lang}-3-play")
        shot(page, lang_shots, f"{lang}-4-end")
        banner = page.locator("#banner .banner-title").inner_text()
        assert re.search(says["banner"], banner), banner
        result = page.locator("#banner #result-text").inner_text()
        assert re.search(says["result"], result), result
        lines = page.locator("#log li").all_inner_texts()
        assert any(re.search(says["log"], line) for line in lines), lines[:10]
        page.click("#replay-link")
        page.wait_for_url(re.compile(rf"/replay/{table}"))
        page.wait_for_selector("#replay-boards .board .card")
        for _ in range(13):
            page.click("#next")
        counter = page.locator("#step-counter").inner_text()
        assert re.search(says["counter"], counter), counter
        shot(page, lang_shots, f"{lang}-5-replay")
        assert re.search(says["result"], page.inner_text("#replay-result"))
    print(f"screenshots of the game in {lang}: {lang_shots}")


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)


def test_the_join_page_refuses_without_a_valid_invite_in_japanese(
    playwright_session: Any, lang_server: str, lang_shots: Path
) -> None:
    """Issue 27.3: a join link whose invite is wrong, or a table's address without one, is
    refused in the page's language, and the page offers to watch instead."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    body = {"game": "goofspiel", "seats": seats, "visibility": "public"}
    table = post(lang_server, "/api/tables", body)["table"]
    with browser_page(playwright_session, "ja") as page:
        page.goto(f"{lang_server}/join/{table}#invite=not-the-invite")
        page.click("button.take-seat")
        page.wait_for_selector(".join p.error:not([hidden])")
        assert "この招待は無効だ" in page.inner_text(".join p.error:not([hidden])")
        assert_japanese(page, lang_server, None, "join page, a wrong invite")
        page.goto(f"{lang_server}/join/{table}")
        page.wait_for_selector(".no-invite")
        assert "招待リンクが要る" in page.inner_text(".no-invite")
        assert page.locator("button.take-seat").count() == 0
        assert_japanese(page, lang_server, None, "join page without an invite")
        shot(page, lang_shots, "ja-join-without-invite")
