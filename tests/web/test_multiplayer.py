"""End-to-end: tables of three and four players in the browser, driven by clicks.

A whole three-player Looney game and a whole four-player Raw Deal tag match (you and three
computer players), and a three-player Raw Deal free-for-all up to the choice of a target.
Every opponent's board must be on the table, and the table must say whose turn it is (and,
in Raw Deal, the teams and the targets). Screenshots go to tests/web/screenshots/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from test_browser import READY

TURN_MARK = {"looney": ".lt-player.to-act", "rawdeal": ".rd-side.to-act"}


def start_multi(
    page: Any, base: str, game: str, players: int, options: dict[str, Any], seed: int
) -> str:
    """Start a table of ``players`` seats in the lobby: you at P0, random agents elsewhere."""
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector(f'.game-tile.selected[data-game="{game}"]')
    page.select_option("#players", str(players))
    if options:
        page.click("details.options summary")
        for name, value in options.items():
            field = page.locator(f'[data-option="{name}"]')
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(json.dumps(value))
            else:
                field.fill(str(value))
    for seat in range(1, players):
        page.select_option(f'select.opponent[data-seat="{seat}"]', "random")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    page.wait_for_selector("#board .card")
    return str(page.url.rsplit("/", 1)[-1])


def check_board(page: Any, game: str, players: int) -> None:
    """Every seat has its board, and exactly one of them is marked as the one to act."""
    if game == "looney":
        assert page.locator("#board .lt-player").count() == players
    else:
        assert page.locator("#board .rd-side").count() == players
    if page.locator("#banner").is_visible():
        return
    marked = page.locator(f"#board {TURN_MARK[game]}")
    assert marked.count() == 1, f"{marked.count()} boards marked as to act"


def notations(page: Any) -> list[str]:
    """The notation of each move button (its words are the game's menu lines)."""
    found: list[str] = page.eval_on_selector_all(
        "#actions button.action", "els => els.map((e) => e.dataset.text)"
    )
    return found


def play_multi(page: Any, shots: Path, name: str, game: str, players: int) -> dict[str, int]:
    """Click until the game is over: a highlighted target or card on the board when there is
    one (every other move), else the first move button. Counts of the kinds of moves made."""
    made = {"moves": 0, "cards": 0, "targets": 0, "tags": 0}
    shot_at = {1, 8, 30}
    while True:
        page.wait_for_function(READY, timeout=60_000)
        if page.locator("#banner").is_visible():
            break
        check_board(page, game, players)
        moves = made["moves"]
        heads = page.locator("#board .rd-head.actionable")
        cards = page.locator("#board .card.actionable")
        buttons = page.locator("#actions button.action")
        texts = notations(page)
        if heads.count() and any(t.startswith("target ") for t in texts):
            if made["targets"] == 0:
                page.screenshot(path=str(shots / f"{name}-target.png"), full_page=True)
            heads.first.click()
            menu = page.locator(".menu .menu-item")
            if menu.count():
                menu.first.click()
            made["targets"] += 1
        elif "tag" in texts and made["tags"] == 0:
            page.locator('#actions button.action[data-text="tag"]').click()
            made["tags"] += 1
        elif moves % 2 == 1 and cards.count():
            cards.first.click()
            menu = page.locator(".menu .menu-item")
            if menu.count():
                menu.first.click()
            made["cards"] += 1
        else:
            buttons.first.click()
        made["moves"] += 1
        if made["moves"] in shot_at:
            page.screenshot(path=str(shots / f"{name}-{made['moves']:02d}.png"), full_page=True)
        assert made["moves"] < 600, f"{name}: no end after {made['moves']} moves"
    return made


def finish(page: Any, shots: Path, name: str, game: str, players: int, table: str) -> str:
    """The end: the banner with how the game ended, the replay link; the banner's title."""
    page.screenshot(path=str(shots / f"{name}-99-end.png"), full_page=True)
    check_board(page, game, players)
    title = page.locator("#banner .banner-title").inner_text()
    assert re.search(r"You win|You lose|draw|share the win|Your team (wins|loses)", title), title
    # how it ended in the game's words (Presentation.result), never the returns
    ended = page.locator("#banner #result-text").inner_text()
    assert re.search(r"P\d.* wins?|Draw|Nobody wins", ended) and "+1" not in ended, ended
    assert page.locator("#replay-link").get_attribute("href") == f"/replay/{table}"
    assert "Game over" in page.locator("#prompt").inner_text()
    return str(title)


def test_three_player_looney_by_clicking(page: Any, server: str, shots: Path) -> None:
    table = start_multi(page, server, "looney", 3, {"target_points": 15}, seed=3)
    check_board(page, "looney", 3)
    page.screenshot(path=str(shots / "looney3-00-start.png"), full_page=True)
    made = play_multi(page, shots, "looney3", "looney", 3)
    finish(page, shots, "looney3", "looney", 3, table)
    assert made["cards"] > 0, made
    # the scores of all three players are on the board
    assert page.locator("#board .lt-score").count() == 3


def test_four_player_rawdeal_tag_match_by_clicking(page: Any, server: str, shots: Path) -> None:
    table = start_multi(page, server, "rawdeal", 4, {"match": "tag"}, seed=2)
    check_board(page, "rawdeal", 4)
    # the teams: you and your partner P2 against P1 and P3
    for p, team in ((0, "A"), (2, "A"), (1, "B"), (3, "B")):
        side = page.locator(f'#board .rd-side[data-player="{p}"]')
        assert f"team-{team.lower()}" in (side.get_attribute("class") or "")
        assert f"Team {team}" in (side.locator(".rd-head").text_content() or "")
    assert "partner" in (
        page.locator('#board .rd-side[data-player="2"] .rd-head').text_content() or ""
    )
    assert page.locator("#board .rd-head .tag.ring").count() == 2
    page.screenshot(path=str(shots / "rawdeal-tag-00-start.png"), full_page=True)
    made = play_multi(page, shots, "rawdeal-tag", "rawdeal", 4)
    title = finish(page, shots, "rawdeal-tag", "rawdeal", 4, table)
    # partners share the result: the banner speaks of the team
    assert re.match(r"Your team (wins|loses)|A draw", title), title
    assert made["moves"] > 0, made


def test_rawdeal_free_for_all_target_choice(page: Any, server: str, shots: Path) -> None:
    """Three players: a card waits for its target, the opponents it may be aimed at are
    highlighted, and a click on one of them aims it there."""
    start_multi(page, server, "rawdeal", 3, {}, seed=1)
    check_board(page, "rawdeal", 3)
    for _ in range(200):
        page.wait_for_function(READY, timeout=60_000)
        assert not page.locator("#banner").is_visible(), "the game ended before a target choice"
        texts = notations(page)
        if any(t.startswith("target ") for t in texts):
            break
        plays = [t for t in texts if t.startswith("play ") and "maneuver" in t]
        if plays:
            page.locator(f"#actions button.action[data-text={json.dumps(plays[0])}]").first.click()
        else:
            page.locator("#actions button.action").first.click()
    else:
        raise AssertionError("no target choice in 200 moves")
    heads = page.locator("#board .rd-head.actionable")
    aims = [t for t in texts if t.startswith("target ")]
    assert heads.count() == len(aims) >= 1
    assert "Choose a target" in page.locator("#prompt").inner_text()
    playing = page.locator("#board .rd-playing").inner_text()
    assert "choose its target" in playing, playing
    page.screenshot(path=str(shots / "rawdeal-ffa-target.png"), full_page=True)
    target = int(heads.first.evaluate("e => e.dataset.player"))
    heads.first.click()
    # the log says where the card went (the board may have moved on: every opponent's card
    # now opens a reversal window for this seat too, RD-5.1)
    page.wait_for_function(
        """(p) => [...document.querySelectorAll('#log li')].some(
                    (li) => li.innerText.includes('P0 aims the card at P' + p))""",
        arg=target,
    )
