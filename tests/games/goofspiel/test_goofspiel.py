"""Goofspiel's deck rule (GS-1.1; the other rules are in its scenario files), its size, and
that it plays in the terminal and simulates (the browser: tests/web/test_browser.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cardtable
from cardtable.core.decks import Deck


def test_a_hand_is_one_suit_ace_to_king() -> None:
    game = cardtable.load_game("goofspiel")
    for deck in game.starter_decks().values():
        assert game.check_deck(deck) == []
    ranks = ["ace", *map(str, range(2, 11)), "jack", "queen", "king"]
    for hand in (
        {f"{r}-of-diamonds": 1 for r in ranks},  # the prizes' suit
        {f"{r}-of-{'spades' if r == 'ace' else 'hearts'}": 1 for r in ranks},  # two suits
        {f"{r}-of-hearts": 1 for r in ranks[:-1]},  # no king
        {**{f"{r}-of-hearts": 1 for r in ranks}, "ace-of-hearts": 2},  # an ace twice
        {"ace-of-hearts": 10**12},  # a hostile count: refused without listing the cards
    ):
        problems = game.check_deck(Deck("goofspiel", "bad", {"hand": hand}))
        assert [p.rule for p in problems] == ["GS-1.1"], hand


def test_the_whole_package_stays_under_400_lines() -> None:
    """It is the small worked example of docs/adding-a-game.md: every file of its folder
    (Python, card and deck YAML, the browser module) counts, but the Japanese catalogue,
    which only repeats the presentation's messages in another language."""
    package = Path(cardtable.__file__).parent / "games" / "goofspiel"
    files = [f for f in package.rglob("*") if f.is_file() and "__pycache__" not in f.parts]
    files = [f for f in files if f.suffix not in (".so", ".pyd")]  # the compiled build's
    assert {f.suffix for f in files} == {".py", ".yaml", ".js", ".po"}
    code = [f for f in files if f.suffix != ".po"]
    lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in code)
    assert lines < 400, f"the goofspiel package has {lines} lines"


def cardtable_command(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m cardtable ...`` on this checkout's sources."""
    src = str(Path(__file__).resolve().parents[3] / "src")
    env = {**os.environ, "PYTHONPATH": src, "COLUMNS": "200", "TERM": "dumb"}
    cmd = [sys.executable, "-m", "cardtable", *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=False, env=env)


def test_it_plays_in_the_terminal_and_simulates(tmp_path: Path) -> None:
    res = cardtable_command("play", "goofspiel", "--seed", "5", stdin="1\n" * 13)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "game over" in res.stdout and "hand 13 face down" in res.stdout  # P1's, hidden
    out = tmp_path / "sim.json"
    args = ("--games", "200", "--agents", "greedy,random", "--json", str(out))
    res = cardtable_command("sim", "goofspiel", *args)
    assert res.returncode == 0, res.stdout + res.stderr
    data = json.loads(out.read_text())
    assert data["errors"] == [] and data["wins_by_agent"]["greedy"] > 160, data
