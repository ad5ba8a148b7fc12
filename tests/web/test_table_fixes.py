"""Issue 26's browser fixes: the log keeps its newest line in view, the opponent's last play
is marked, card names can always be read whole, a spectator has no moves panel, the public
replay names no card the board hides, and the rugby lineup's class counter counts the
players placed face down (reset between periods)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from test_browser import READY, start_table

LAST_LINE_SHOWN = """() => {
  const log = document.getElementById('log');
  const last = log.lastElementChild.getBoundingClientRect();
  const box = log.getBoundingClientRect();
  return last.bottom <= box.bottom + 1 && last.top >= box.top - 1;
}"""

OVERFLOWS = "() => (l => l.scrollHeight > l.clientHeight)(document.getElementById('log'))"


def _start_goofspiel_as_p1(page: Any, server: str) -> str:
    page.goto(f"{server}/?game=goofspiel")
    page.wait_for_selector('.game-tile.selected[data-game="goofspiel"]')
    page.check('input[name="myseat"][value="1"]')
    page.select_option('select.opponent[data-seat="0"]', "greedy")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    return str(page.url.rsplit("/", 1)[-1])


def _bid(page: Any) -> None:
    """Bid the last card of P1's hand and wait for the next turn (or the end)."""
    page.locator('#board .card.actionable[data-zone="p1.hand"]').last.click()
    page.wait_for_function(READY)


def test_the_log_follows_new_lines_and_the_last_play_is_marked(
    page: Any, browser: Any, server: str, shots: Path
) -> None:
    table = _start_goofspiel_as_p1(page, server)
    page.wait_for_function(READY)
    # the computer (P0) bid first: its bid is marked as its last play
    marked = page.locator('#board .last-play[data-last-play="P0"]')
    assert marked.count() >= 1
    assert any("p0.bid" in (m.get_attribute("data-zone") or "") for m in marked.all())
    # a card's name can be read whole: on the card and in the card panel
    card = page.locator('#board .card.actionable[data-zone="p1.hand"]').first
    name = card.locator(".card-name").inner_text()
    assert card.locator(".card-name").get_attribute("title") == name
    assert (card.get_attribute("title") or "").startswith(name + "\n")
    for _ in range(8):
        _bid(page)
    assert page.evaluate(OVERFLOWS)
    assert page.evaluate(LAST_LINE_SHOWN)
    # pointing at a card fills the card panel (the log gets shorter): the last line stays
    page.locator('#board .card[data-zone="p1.hand"]').first.hover()
    page.wait_for_selector("#detail .detail")
    page.wait_for_function(LAST_LINE_SHOWN)
    page.screenshot(path=str(shots / "log-after-hover.png"), full_page=True)
    # a reader who scrolled up is left there when new lines come
    page.evaluate("document.getElementById('log').scrollTop = 0")
    lines = page.locator("#log li").count()
    _bid(page)
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {lines}")
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    # a spectator has no moves panel
    watcher = browser.new_page()
    watcher.goto(f"{server}/table/{table}?watch=1")
    watcher.wait_for_selector("#board .card")
    assert "spectator" in watcher.locator("#prompt").inner_text()
    assert watcher.locator("#moves-panel").is_hidden()
    assert page.locator("#moves-panel").is_visible()
    watcher.screenshot(path=str(shots / "spectator-no-moves.png"), full_page=True)
    watcher.close()


def test_the_public_replay_names_no_face_down_bid(page: Any, server: str, shots: Path) -> None:
    table = _start_goofspiel_as_p1(page, server)
    page.wait_for_function(READY)
    while not page.locator("#banner").is_visible():
        _bid(page)
    page.goto(f"{server}/replay/{table}?view=public")
    page.wait_for_selector("#replay-boards .board .card")
    page.click("#next")  # step 1: P0's bid, face down on the board
    text = page.locator("#step-text").inner_text()
    assert page.locator('#replay-boards .card.back[data-zone="p0.bid"]').count() == 1
    assert "a card this view does not see" in text, text
    page.screenshot(path=str(shots / "replay-public-hidden-bid.png"), full_page=True)
    # P0's own view names its bid
    page.select_option("#view", "0")
    page.wait_for_function(
        "() => !/does not see/.test(document.getElementById('step-text').innerText)"
    )
    assert page.locator("#step-text").inner_text().startswith("P0")


def _classes(server: str) -> dict[str, float]:
    with urllib.request.urlopen(f"{server}/api/games/wcrugby/cards") as r:
        cards = json.load(r)
    return {k: c["stats"]["player_class"] for k, c in cards.items() if c["kind"] == "player"}


def test_rugby_lineup_counts_the_players_placed_face_down(
    page: Any, server: str, shots: Path
) -> None:
    start_table(page, server, "wcrugby", "greedy", seed=1)
    for _ in range(3):
        page.wait_for_function(READY)
        page.locator('#actions button.action[data-text^="pick "]').first.click()
    page.wait_for_function(READY)
    placed = page.locator('#board .wr-place[data-team="0"] .card[data-card]')
    assert placed.count() == 3
    classes = _classes(server)
    total = sum(classes[c] for c in (p.get_attribute("data-card") for p in placed.all()))
    assert total > 0
    counter = page.locator('#board .wr-head[data-team="0"] .wr-class').inner_text()
    assert re.fullmatch(rf"class {total:g} / \d+(\.5)?", counter), counter
    assert f"({total:g} so far)" in page.locator("#prompt").inner_text()
    page.screenshot(path=str(shots / "wcrugby-lineup-class.png"), full_page=True)


RENDER_PERIOD_2 = """async () => {
  const mod = (await import('/games/wcrugby.js')).default;
  const team = {sideways: [], inbounder: null, target: null, specials_used: 2, special_slots: [],
    skills_blocked: true, substituted: true, strategy_done: true, modifiers: {},
    class_total: 0, class_limit: 8};
  const zones = {};
  for (const t of [0, 1]) for (const n of [1, 2, 3, 4]) zones[`t${t}.lineup.${n}`] = [];
  const obs = {period: 2, phase: 'lineup', first: 0, teams: [team, {...team}], zones,
    totals: [3, 2], top: [0, 0], atk: [9, 8], def: [7, 9], scores: [[3], [2]]};
  const ctx = {obs, seat: 0, cards: {}, module: mod, seats: [], options: {}, legal: []};
  const el = mod.render(ctx);
  return [...el.querySelectorAll('.wr-head')].map((h) => h.innerText || h.textContent);
}"""


def test_rugby_team_header_is_reset_between_periods(page: Any, server: str) -> None:
    page.goto(server)
    heads = page.evaluate(RENDER_PERIOD_2)
    assert len(heads) == 2
    for head in heads:
        assert "specials 0/2" in head and "class 0 / 8" in head, head
        for stale in ("substituted", "strategy done", "skills blocked", "first in strategy"):
            assert stale not in head, head


def test_concede_ends_the_game_and_the_lobby_lists_it(page: Any, server: str, shots: Path) -> None:
    table = start_table(page, server, "goofspiel", "random", seed=2)
    page.wait_for_function(READY)
    assert page.locator("#leave").get_attribute("href") == "/"
    page.once("dialog", lambda d: d.dismiss())  # changing one's mind changes nothing
    page.click("#concede")
    page.wait_for_timeout(300)
    assert page.locator("#banner").is_hidden()
    page.once("dialog", lambda d: d.accept())
    page.click("#concede")
    page.wait_for_selector("#banner:not([hidden])")
    assert page.locator(".banner-title").inner_text() == "You conceded. You lose."
    assert page.locator("#concede").count() == 0
    page.screenshot(path=str(shots / "conceded.png"), full_page=True)
    page.goto(server)
    row = page.locator(f'[data-list="finished"] tr[data-table="{table}"]')
    row.wait_for()
    assert "conceded" in row.inner_text()
