"""The balance lab in the browser (issue 28): edit a card's number (a refused one shows its
error next to the field), start a small run, watch it finish, read the summary, in English
and in Japanese (its problems and its suggestions' reasons too); delete a card set.
Screenshots go to $CARDTABLE_SCREENSHOTS when it is set, else to tests/web/screenshots/."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

from conftest import _close, _launch
from test_languages import JA_PAGES, allowed_words, untranslated

import cardtable

CARD = 'details.lab-card[data-card="kenji-morooka"]'
ATK = f'{CARD} input[data-field="atk"]'


def _shots(default: Path) -> Path:
    folder = Path(os.environ.get("CARDTABLE_SCREENSHOTS") or default)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _open_new_set(page: Any, server: str) -> None:
    """A new card set of wheelchair rugby in the lab, with Kenji Morooka's form open."""
    page.goto(f"{server}/lab?game=wcrugby")
    page.click("#lab-new-set")
    page.click(f"{CARD} summary")


def _save_atk(page: Any, atk: int) -> None:
    """Set Kenji Morooka's ATK and save the set, waiting until the server kept it."""
    page.fill(ATK, str(atk))
    page.click("#lab-save")
    page.wait_for_selector(f'{ATK}[data-orig="{atk}"]')


def test_edit_a_number_run_the_lab_and_read_the_summary(
    page: Any, server: str, shots: Path
) -> None:
    folder = _shots(shots)
    _open_new_set(page, server)
    page.fill(ATK, "-1")
    page.click("#lab-save")
    error = page.wait_for_selector(f'{CARD} label[data-field="atk"] .field-error')
    assert "greater than or equal to 0" in error.inner_text()
    assert page.is_visible("#lab-set-errors")
    page.screenshot(path=str(folder / "lab-refused-en.png"), full_page=True)
    _save_atk(page, 2)
    page.fill("#lab-games", "8")
    page.click("#lab-start")
    page.wait_for_selector("#lab-summary-line", timeout=240_000)
    summary = page.inner_text(".lab-report")
    assert "8 of 8 games finished" in summary
    assert "P0" in summary and "first player" in summary and "periods" in summary, summary
    assert page.locator(".lab-report table.lab-table").count() == 3  # seats, decks, matchups
    page.screenshot(path=str(folder / "lab-report-en.png"), full_page=True)
    page.evaluate("localStorage.setItem('cardtable.lang', 'ja')")
    page.reload()
    page.wait_for_selector("#lab-summary-line", timeout=60_000)
    report = page.inner_text(".lab-report")
    assert "8対戦中8対戦が終了" in report and "先手" in report
    assert "レポート" in page.inner_text(".lab-report h2")
    for deck in cardtable.load_game("wcrugby").starter_decks().values():
        assert deck.title("ja") in report and deck.name not in report, deck.name
    page.screenshot(path=str(folder / "lab-report-ja.png"), full_page=True)


def test_compare_a_card_set_with_the_games_cards(page: Any, server: str, shots: Path) -> None:
    """A designer's change read against the game's own cards: the same deals with both, each
    seat's, deck's and matchup's change with its interval; comparing and suggesting exclude
    each other."""
    folder = _shots(shots)
    _open_new_set(page, server)
    _save_atk(page, 9)
    page.fill("#lab-games", "8")
    page.check("#lab-compare")
    assert page.is_disabled("#lab-suggest")
    page.click("#lab-start")
    page.wait_for_selector("table.lab-changes", timeout=240_000)
    changes = page.inner_text("table.lab-changes")
    assert "the game's cards" in changes and "your cards" in changes and "pts" in changes
    decks = cardtable.load_game("wcrugby").starter_decks().values()
    assert all(d.name in changes for d in decks) and "P0" in changes
    assert "first player" in changes
    assert page.locator(".lab-report table.lab-table").count() == 4
    page.screenshot(path=str(folder / "lab-compare-en.png"), full_page=True)
    page.evaluate("localStorage.setItem('cardtable.lang', 'ja')")
    page.reload()
    page.wait_for_selector("table.lab-changes", timeout=60_000)
    ja = page.inner_text("table.lab-changes")
    assert "ゲームのカード" in ja and "ポイント" in ja and "the game's cards" not in ja
    page.screenshot(path=str(folder / "lab-compare-ja.png"), full_page=True)


def test_delete_a_card_set_after_confirming(page: Any, server: str, shots: Path) -> None:
    folder = _shots(shots)
    page.goto(f"{server}/lab?game=wcrugby")
    page.click("#lab-new-set")
    page.wait_for_selector(CARD)
    set_id = page.evaluate("new URLSearchParams(location.search).get('set')")
    assert set_id
    page.click("#lab-delete-set")
    page.wait_for_selector("#lab-delete-yes")
    assert set_id in page.inner_text(".modal")
    page.screenshot(path=str(folder / "lab-delete-en.png"))
    page.click("#lab-delete-no")  # kept: nothing happens
    assert page.locator(".modal").count() == 0 and page.is_visible(CARD)
    page.click("#lab-delete-set")
    page.click("#lab-delete-yes")
    page.wait_for_selector("#lab-new-set")
    assert "set=" not in page.url and page.locator(CARD).count() == 0
    status = page.evaluate(f"fetch('/api/lab/sets/{set_id}').then((r) => r.status)")
    assert status == 404


def test_the_lab_reads_in_japanese_with_its_problems_and_suggestions(
    playwright_session: Any, server: str, shots: Path
) -> None:
    """A Japanese designer: the refusal of a number, the run with suggestions, its report and
    why each target is off, all in Japanese (no untranslated word but names), the full
    report page too; then the same report in English."""
    folder = _shots(shots)
    ctx, profile = _launch(playwright_session, locale="ja-JP")
    try:
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server}/lab?game=wcrugby")
        page.click("#lab-new-set")
        page.click(f"{CARD} summary")
        page.fill(ATK, "-1")
        page.click("#lab-save")
        error = page.wait_for_selector(f'{CARD} label[data-field="atk"] .field-error')
        assert error.inner_text() == "0 以上にすること"
        listed = page.inner_text("#lab-set-errors")
        assert "保存していません" in listed and "0 以上にすること" in listed, listed
        assert "諸岡" in listed  # the card by its Japanese name
        assert_no_english(page, server)
        page.screenshot(path=str(folder / "lab-refused-ja.png"), full_page=True)
        page.click("#lab-delete-set")  # asked first, in Japanese too
        page.wait_for_selector("#lab-delete-no")
        assert "削除しますか" in page.inner_text(".modal")
        assert_no_english(page, server)
        page.screenshot(path=str(folder / "lab-delete-ja.png"))
        page.click("#lab-delete-no")
        page.fill(ATK, "2")
        page.click("#lab-save")
        page.wait_for_selector(f'{ATK}[data-orig="2"]')
        page.fill("#lab-games", "8")
        page.check("#lab-suggest")
        page.click("#lab-start")
        page.wait_for_selector(".lab-suggestions", timeout=300_000)
        whys = page.locator(".lab-why").all_inner_texts()
        assert whys and all("対戦のうち" in w for w in whys), whys
        assert "8対戦中8対戦が終了" in page.inner_text(".lab-report")
        assert_no_english(page, server)
        assert full_report(page).startswith('<!DOCTYPE html>\n<html lang="ja">')
        page.screenshot(path=str(folder / "lab-suggestions-ja.png"), full_page=True)
        page.evaluate("localStorage.setItem('cardtable.lang', 'en')")
        page.reload()
        page.wait_for_selector(".lab-suggestions", timeout=60_000)
        whys = page.locator(".lab-why").all_inner_texts()
        assert whys and all(" wins " in w for w in whys), whys
        assert full_report(page).startswith('<!DOCTYPE html>\n<html lang="en">')
        page.screenshot(path=str(folder / "lab-suggestions-en.png"), full_page=True)
        assert not errors, f"JavaScript errors on the page: {errors}"
    finally:
        _close(ctx, profile)


def full_report(page: Any) -> str:
    """The full report page the lab links to, as the browser gets it."""
    href = page.get_attribute("#lab-open-report", "href")
    text: str = page.evaluate("(href) => fetch(href).then((r) => r.text())", href)
    return text


def assert_no_english(page: Any, base: str) -> None:
    """No untranslated word on the lab's Japanese page: only the words the table pages allow,
    the decks' names (they have no Japanese names), and JSON (a file format)."""
    allowed = allowed_words(base, "wcrugby", JA_PAGES["wcrugby"]) | {"JSON"}
    with urllib.request.urlopen(f"{base}/api/games?lang=ja", timeout=10) as res:
        game = next(g for g in json.load(res) if g["name"] == "wcrugby")
    for deck in game["decks"]:
        allowed.update(re.findall(r"[A-Za-z]{3,}", deck))
    decks = Path(__file__).resolve().parents[2] / "src/cardtable/games/wcrugby/decks"
    for path in decks.glob("*.yaml"):
        name = re.search(r"^name: (.*)$", path.read_text(), re.M)
        allowed.update(re.findall(r"[A-Za-z]{3,}", name[1] if name else ""))
    found = untranslated(page, allowed)
    assert not found, f"untranslated words on the Japanese lab page: {found}"
