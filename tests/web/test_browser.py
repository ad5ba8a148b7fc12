"""End-to-end: the browser client against the real server, driven by clicks.

Each game is played to its end against a computer opponent, by clicking highlighted cards on
the board (every other move, when there is one) and otherwise the first legal move button.
Screenshots go to tests/web/screenshots/ (ignored by git).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

READY = """() => !!document.querySelector('#actions button.action:not([disabled])')
                || document.getElementById('banner')?.hidden === false"""

GAMES = [
    # game, opponent, options set in the lobby's form, seed
    ("goofspiel", "greedy", {}, 2),
    ("looney", "random", {"target_points": 15}, 3),
    ("rawdeal", "greedy", {}, 1),
    ("shamanking", "random", {}, 2),
    ("wcrugby", "greedy", {}, 1),
]

# a line of each game's log in its own words (the log panel of P0), and what no line shows:
# a raw zone key (p0.hand, t1.court.2) or a k=v detail
WORDED = {
    "goofspiel": r"^(P\d (bids|shows|takes) |.+ is turned up as the prize$)",
    "looney": r"^(P\d (draws|places|plays) |.+ is turned over from the Movie deck as scene \d)",
    "rawdeal": r"^Turn \d+: P\d is the turn player$",
    "shamanking": r"^P\d flips .+ into the (green|yellow|red) zone$",
    "wcrugby": r"^P\d reveals .+",
}
RAW = re.compile(r"\b[a-z]+\d*\.\w|=")

STARTER = Path(__file__).parents[2] / "src/cardtable/games/looney/decks/starter-rainbow.yaml"


def start_table(
    page: Any,
    base: str,
    game: str,
    opponent: str,
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    visibility: str = "public",
) -> str:
    """Fill the lobby's form and start a table (``public``: the lobby lists it, which these
    tests check); the table's id."""
    page.goto(f"{base}/?game={game}")
    page.wait_for_selector(f'.game-tile.selected[data-game="{game}"]')
    page.select_option("#visibility", visibility)
    if options:
        page.click("details.options summary")
        for name, value in options.items():
            field = page.locator(f'[data-option="{name}"]')
            tag = field.evaluate("e => e.tagName + ':' + e.type")
            if tag.startswith("SELECT"):
                field.select_option(json.dumps(value))
            elif tag.endswith("checkbox"):
                field.set_checked(bool(value))
            else:
                field.fill(str(value))
    page.select_option('select.opponent[data-seat="1"]', opponent)
    if seed is not None:
        page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    page.wait_for_selector("#board .card")
    return str(page.url.rsplit("/", 1)[-1])


def play_to_end(page: Any, shots: Path, name: str, max_moves: int = 400) -> tuple[int, int]:
    """Click until the game is over; the moves made, and how many of them on a card."""
    moves = card_moves = 0
    while True:
        page.wait_for_function(READY, timeout=60_000)
        if page.locator("#banner").is_visible():
            break
        cards = page.locator("#board .card.actionable")
        if moves % 2 == 1 and cards.count():
            cards.first.click()
            menu = page.locator(".menu .menu-item")
            if menu.count():
                menu.first.click()
            card_moves += 1
        else:
            page.locator("#actions button.action").first.click()
        moves += 1
        if moves in (1, 6):
            page.screenshot(path=str(shots / f"{name}-{moves:02d}.png"), full_page=True)
        assert moves < max_moves, f"{name}: no end after {moves} moves"
    return moves, card_moves


@pytest.mark.parametrize(("game", "opponent", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_play_a_whole_game_by_clicking(
    page: Any,
    server: str,
    shots: Path,
    game: str,
    opponent: str,
    options: dict[str, Any],
    seed: int,
) -> None:
    table = start_table(page, server, game, opponent, options, seed)
    page.screenshot(path=str(shots / f"{game}-00-start.png"), full_page=True)
    moves, card_moves = play_to_end(page, shots, game)
    page.screenshot(path=str(shots / f"{game}-99-end.png"), full_page=True)
    banner = page.locator("#banner").inner_text()
    assert re.search(r"You win|You lose|draw|share the win", banner), banner
    ended = page.locator("#banner #result-text").inner_text()  # the game's own words
    assert re.search(r"P\d.* wins?|Draw|Nobody wins", ended) and "+1" not in ended, ended
    assert page.locator("#replay-link").get_attribute("href") == f"/replay/{table}"
    assert "Game over" in page.locator("#prompt").inner_text()
    lines = page.locator("#log li").all_inner_texts()
    assert any(re.search(WORDED[game], line) for line in lines), lines[:20]
    raw = [line for line in lines if RAW.search(line)]
    assert not raw, raw
    assert moves > 0
    # the lobby lists the table as finished
    page.goto(server)
    page.wait_for_selector(f'[data-list="finished"] tr[data-table="{table}"]')
    print(f"{game}: {moves} moves ({card_moves} on cards); screenshots in {shots}")


def test_a_card_click_offers_its_moves(page: Any, server: str, shots: Path) -> None:
    """Looney: a card in the hand is highlighted; clicking it offers its placements."""
    start_table(page, server, "looney", "random", seed=5)
    for _ in range(20):
        page.wait_for_function(READY)
        hand = page.locator('#board .card.actionable[data-zone="p0.hand"]')
        if hand.count() and page.locator("#board .lt-slot.actionable").count():
            break
        page.locator("#actions button.action").first.click()
    else:
        pytest.fail("no placement phase for P0 in 20 moves")
    actor = hand.first
    card_id = actor.get_attribute("data-card")
    actor.click()
    items = page.locator(".menu .menu-item")
    assert items.count() >= 1
    notations = [items.nth(i).get_attribute("data-text") or "" for i in range(items.count())]
    assert all(n.startswith("place ") for n in notations), notations
    words = items.all_inner_texts()  # the game's menu lines: what each placement does
    assert all(w.startswith("Place ") and "face down" in w for w in words), words
    page.screenshot(path=str(shots / "looney-card-menu.png"), full_page=True)
    items.first.click()
    page.wait_for_function(READY)
    # the actor left the hand for a slot, face down
    assert page.locator(f'#board .card[data-card="{card_id}"][data-zone^="p0.slot"]').count() >= 1
    # a reload keeps the seat
    page.reload()
    page.wait_for_selector("#board .card")
    assert "You are P0" in page.locator("#prompt").inner_text()
    # a dropped connection comes back by itself, and play goes on
    page.wait_for_selector("#conn.live")
    page.evaluate("window.cardtableTable.drop()")
    page.wait_for_selector("#conn.lost")
    page.wait_for_selector("#conn.live")
    page.wait_for_function(READY)
    page.locator("#actions button.action").first.click()
    page.wait_for_function(READY)


def test_replay_viewer_steps_through_a_finished_game(page: Any, server: str, shots: Path) -> None:
    table = start_table(page, server, "looney", "random", {"target_points": 5}, seed=4)
    play_to_end(page, shots, "replay-source")
    page.click("#replay-link")
    page.wait_for_url(re.compile(rf"/replay/{table}"))
    counter = page.locator("#step-counter")
    page.wait_for_selector("#replay-boards .board .card")
    found = re.search(r"of (\d+)", counter.inner_text())
    assert found, counter.inner_text()
    total = int(found.group(1))
    assert total > 2
    assert counter.inner_text() == f"step 0 of {total}"
    assert page.locator("#first").is_disabled()
    page.click("#next")
    assert counter.inner_text() == f"step 1 of {total}"
    assert page.locator("#step-text").inner_text().strip()
    page.click("#last")
    assert counter.inner_text() == f"step {total} of {total}"
    assert page.locator("#next").is_disabled()
    page.screenshot(path=str(shots / "replay-last-public.png"), full_page=True)
    page.click("#prev")
    assert counter.inner_text() == f"step {total - 1} of {total}"
    # the public view shows P0's hand as card backs; P0's view shows its cards
    hand = '#replay-boards .card[data-zone="p0.hand"]'
    page.click("#first")
    assert page.locator(f"{hand}:not(.back)").count() == 0
    page.select_option("#view", "0")
    page.wait_for_selector(f"{hand}:not(.back)")
    assert "view=0" in page.url
    assert counter.inner_text() == f"step 0 of {total}"
    page.select_option("#view", "all")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelectorAll('#replay-boards .replay-board').length === 2"
    )
    assert counter.inner_text() == f"step 1 of {total}"
    page.screenshot(path=str(shots / "replay-all-views.png"), full_page=True)


def test_goofspiel_bids_stay_face_down_until_both_have_bid(
    page: Any, server: str, shots: Path
) -> None:
    """Goofspiel as P1: the computer's bid (P0 bids first) is a card back until P1 has bid
    by clicking a card of its hand; then both bids are shown, and the replay draws it too."""
    page.goto(f"{server}/?game=goofspiel")
    page.wait_for_selector('.game-tile.selected[data-game="goofspiel"]')
    assert "null" not in page.locator("section.panel.start").inner_text()  # a 2-player game
    page.check('input[name="myseat"][value="1"]')
    page.select_option('select.opponent[data-seat="0"]', "greedy")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    table = str(page.url.rsplit("/", 1)[-1])
    for n in range(13):
        page.wait_for_function(READY)
        if page.locator("#banner").is_visible():
            break
        assert page.locator('#board .card.back[data-zone="p0.bid"]').count() == 1
        assert page.locator('#board .card[data-zone="p0.bid"]:not(.back)').count() == 0
        assert "Bid for the" in page.locator("#prompt").inner_text()
        if n == 0:
            page.screenshot(path=str(shots / "goofspiel-p1-hidden-bid.png"), full_page=True)
        hand = page.locator('#board .card.actionable[data-zone="p1.hand"]')
        card = hand.last.get_attribute("data-card")
        hand.last.click()
        page.wait_for_selector(f'#board .card[data-zone="p1.played"][data-card="{card}"]')
        assert page.locator('#board .card[data-zone="p0.played"]').count() == n + 1
    page.wait_for_selector("#banner:not([hidden])")
    assert any("P0 bids a card face down" in t for t in page.locator("#log li").all_inner_texts())
    page.screenshot(path=str(shots / "goofspiel-p1-end.png"), full_page=True)
    page.goto(f"{server}/replay/{table}")
    page.wait_for_selector("#replay-boards .board .card")
    page.click("#last")
    page.screenshot(path=str(shots / "goofspiel-replay-last.png"), full_page=True)
    assert re.search(r"wins with \d+ points to \d+|points each", page.inner_text("#replay-result"))
    assert (
        page.locator(
            '#replay-boards .card[data-zone="p0.won"], #replay-boards .card[data-zone="p1.won"]'
        ).count()
        > 0
    )


def _upload(page: Any, seat: int, name: str, text: str) -> None:
    with page.expect_file_chooser() as chooser:
        page.select_option(f'select.deck[data-seat="{seat}"]', "upload")
    deck_file = {"name": name, "mimeType": "text/yaml", "buffer": text.encode()}
    chooser.value.set_files(files=[deck_file])


def test_deck_upload_shows_the_problems(page: Any, server: str, shots: Path) -> None:
    page.goto(f"{server}/?game=looney")
    page.wait_for_selector("#create")
    bad = "game: looney\nname: Tiny\npersonal:\n  taz-whirlwind: 2\n  no-such-card: 1\n"
    _upload(page, 0, "tiny.yaml", bad)
    problems = page.locator('.deck-report[data-seat="0"] .problems')
    problems.wait_for()
    assert "no-such-card" in problems.inner_text()
    assert page.locator("#create").is_disabled()
    assert "Fix or replace" in page.locator(".new-table .error").inner_text()
    page.screenshot(path=str(shots / "lobby-deck-problems.png"), full_page=True)
    # a deck that reads but breaks a rule names the rule
    _upload(page, 0, "small.yaml", "game: looney\nname: Tiny\npersonal:\n  taz-whirlwind: 2\n")
    page.wait_for_function(
        """() => (document.querySelector('.deck-report[data-seat="0"]') || {}).innerText
             ?.includes('LT-1.1')"""
    )
    # a legal deck file is accepted and the table starts with it
    _upload(page, 0, "rainbow.yaml", STARTER.read_text())
    page.wait_for_selector('.deck-report[data-seat="0"] .ok')
    assert page.locator("#create").is_enabled()
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector("#board .card")


def test_invite_a_person_and_spectate(
    page: Any, second_browser: Any, server: str, shots: Path
) -> None:
    """Issue 27.3: a private table (the form's default) with a seat for a person: the host
    copies that seat's invite link, or makes a new one (the old one then takes no seat); the
    table's address alone offers no seat; the invite takes the seat in another browser, once."""
    table = start_table(page, server, "shamanking", "human", visibility="private")
    invite = page.locator('input.invite-link[data-seat="1"]')
    invite.wait_for()
    link = invite.input_value()
    assert re.search(rf"/join/{table}#invite=[\w-]{{32}}$", link), link
    page.screenshot(path=str(shots / "invite-waiting.png"), full_page=True)
    # the host asks for new links: the seat's link changes and the old one takes no seat
    page.click("button.renew-invites")
    page.wait_for_function(
        f"""() => document.querySelector('input.invite-link[data-seat="1"]').value !== {link!r}"""
    )
    old, link = link, invite.input_value()
    assert re.search(rf"/join/{table}#invite=[\w-]{{32}}$", link), link
    stale = second_browser.new_page()
    stale.goto(old)
    stale.click("button.take-seat")
    stale.wait_for_selector("p.error:not([hidden])")
    assert "not valid" in stale.locator("p.error").inner_text()
    stale.close()
    lobby = second_browser.new_page()
    lobby.goto(server)
    lobby.wait_for_selector('.table-list[data-list="open"]')
    assert lobby.locator(f'tr[data-table="{table}"]').count() == 0  # private: not listed
    friend = second_browser.new_page()
    friend.goto(link.split("#")[0])  # the id without the invite: no seat, said nicely
    friend.wait_for_selector(".no-invite")
    assert "invite link" in friend.locator(".no-invite").inner_text()
    assert friend.locator("button.take-seat").count() == 0
    friend.screenshot(path=str(shots / "join-without-invite.png"), full_page=True)
    friend.goto(link)
    friend.click("button.take-seat")
    friend.wait_for_url(re.compile(r"/table/"))
    friend.wait_for_selector("#board .card")
    assert "You are P1" in friend.locator("#prompt").inner_text()
    # both see the game running; one of them is to act
    started = """() => !document.querySelector('.invite-link')
                   && /Your turn|Who sends|Waiting for P/.test(
                        document.querySelector('.prompt-title').innerText)"""
    page.wait_for_function(started)
    friend.wait_for_function(started)
    acting = [p.locator("#actions button.action").count() > 0 for p in (page, friend)]
    assert sorted(acting) == [False, True], acting
    # the invite is spent: opened again, it offers no seat
    again = second_browser.new_page()
    again.goto(server)  # forget the friend's seat in this browser: a third person
    again.evaluate(f"() => localStorage.removeItem('cardtable.seat.{table}')")
    again.goto(link)
    again.wait_for_selector(".seat-list")
    assert again.locator("button.take-seat").count() == 0
    # a spectator in another browser sees the public view, with no moves
    watcher = second_browser.new_page()
    watcher.goto(f"{server}/table/{table}?watch=1")
    watcher.wait_for_selector("#board .card")
    assert "spectator" in watcher.locator("#prompt").inner_text()
    assert watcher.locator("#actions button.action").count() == 0
    watcher.screenshot(path=str(shots / "spectator.png"), full_page=True)
