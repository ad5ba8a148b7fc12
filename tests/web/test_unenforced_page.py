"""Imported cards in the browser (``cardtable serve --cards rawdeal=DIR``): the lobby warns
about the cards whose text the rules do not all enforce and starts the table only once its
player accepts them; on the table such a card is marked and its panel lists the sentences."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import serve
from test_browser import _upload

import cardtable

FILES = Path(__file__).resolve().parents[1] / "games/rawdeal/import_files"


@pytest.fixture(scope="module")
def house(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """A server playing the made-up imported cards at its Raw Deal tables, and their folder."""
    out = tmp_path_factory.mktemp("house") / "my-rd"
    paths = [FILES / "sets", FILES / "decks/ox-deck.txt", FILES / "decks/wren.o8d"]
    cardtable.load_game("rawdeal").importer.import_files(paths, out, False)
    with serve(tmp_path_factory, "--cards", f"rawdeal={out}") as base:
        yield base, out


def test_the_lobby_asks_and_the_table_marks_the_cards(
    page: Any, house: tuple[str, Path], shots: Path
) -> None:
    base, folder = house
    page.goto(f"{base}/?game=rawdeal")
    page.wait_for_selector("#create")
    page.fill("#seed", "3")  # deals Elbow Fury (not all enforced) into seat 0's hand
    for seat, name in ((0, "wren"), (1, "ox-deck")):
        _upload(page, seat, f"{name}.yaml", (folder / "decks" / f"{name}.yaml").read_text())
        page.wait_for_selector(f'.deck-report[data-seat="{seat}"] .ok')
    page.click("#create")
    warning = page.locator("#unenforced")
    warning.wait_for()
    assert "Elbow Fury: Look at the top 3 cards of your Arsenal." in warning.inner_text()
    assert "/table/" not in page.url
    page.screenshot(path=str(shots / "lobby-unenforced-cards.png"), full_page=True)
    page.click("#accept-unenforced")
    page.wait_for_url(re.compile(r"/table/"))
    fury = page.locator('#board .card.unenforced[data-zone="p0.hand"]').first
    fury.wait_for()
    assert "Elbow Fury" in fury.inner_text() and "text not enforced" in fury.inner_text()
    assert "Look at the top 3 cards of your Arsenal." in (fury.get_attribute("title") or "")
    fury.hover()
    page.wait_for_selector("#detail .unenforced-rules")
    assert "Look at the top 3 cards of your Arsenal." in page.inner_text(
        "#detail .unenforced-rules"
    )
    page.screenshot(path=str(shots / "table-unenforced-cards.png"), full_page=True)
