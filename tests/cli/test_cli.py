"""The command line, run as a user runs it (``python -m cardtable``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cardtable

SRC = str(Path(__file__).resolve().parents[2] / "src")  # this tree, not an install
DECKS = Path(__file__).resolve().parents[2] / "src/cardtable/games/looney/decks"


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb", "PYTHONPATH": SRC},
    )


def test_games_rules_and_cards() -> None:
    assert "looney" in cli("games").stdout
    rules = cli("rules", "looney").stdout
    for heading in ("Players", "How to win", "Deck construction", "Setup", "A round"):
        assert heading in rules
    assert "When a deck runs out" in rules
    cards = cli("cards", "looney", "--type", "location").stdout
    assert "location" in cards and "actor;" not in cards


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "chess"), "unknown game 'chess'"),
        (("sim", "looney", "-o", "colour=2"), "unknown option(s) colour"),
        (("sim", "rawdeal", "-o", "preset=modern"), "known presets: classic"),
        (("tournament", "rawdeal", "-o", "preset=modern"), "known presets: classic"),
        (("balance", "rawdeal", "-o", "preset=modern"), "known presets: classic"),
        (("serve", "--cards", "rawdeal"), "--cards 'rawdeal': write it as GAME=DIR"),
        (("serve", "--cards", "chess=/tmp"), "unknown game 'chess'"),
        (("serve", "--cards", "rawdeal=/no/such/dir"), "no such file or folder"),
        (("sim", "looney", "--agents", "genius"), "unknown agent 'genius'"),
        (("replay", "/no/such/file.json"), "cannot read the file"),
        (("deck", "check", "/no/such/deck.yaml"), "cannot read the file"),
        (("cards", "looney", "--type", "dragon"), "no cards of type 'dragon'"),
    ],
)
def test_errors_are_one_line_without_traceback(args: tuple[str, ...], message: str) -> None:
    res = cli(*args)
    out = res.stdout + res.stderr
    assert res.returncode != 0
    assert message in out
    assert "Traceback" not in out


def test_deck_check_reports_rule_ids(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: looney\nname: Bad\npersonal:\n  desert-chase: 3\n")
    res = cli("deck", "check", str(DECKS / "starter-rainbow.yaml"), str(bad))
    assert res.returncode == 1
    assert "starter-rainbow.yaml: legal" in res.stdout
    assert "LT-1.1" in res.stdout and "LT-1.2" in res.stdout
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: looney\nname: B\npersonal:\n  no-such-card: 1\n")
    res = cli("deck", "check", str(broken))
    assert res.returncode == 2 and "entry 'no-such-card': no card with this id" in res.stdout


def test_sim_json_is_identical_for_any_jobs(tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"s{jobs}.json"
        res = cli(
            "sim",
            "looney",
            "--games",
            "30",
            "--agents",
            "greedy,random",
            "--seed",
            "4",
            "--jobs",
            jobs,
            "--json",
            str(path),
        )
        assert res.returncode == 0, res.stdout + res.stderr
        outs.append(json.loads(path.read_text()))
    assert outs[0] == outs[1]
    s = outs[0]
    assert s["games"] == 30 and s["errors"] == []
    assert sum(s["wins_by_seat"]) + s["draws"] == 30
    assert sum(s["wins_by_agent"].values()) + s["draws"] == 30
    assert s["length"]["mean"] > 0 and s["length"]["std"] >= 0


def test_sim_duplicate_deals_count_the_split_ones(tmp_path: Path) -> None:
    """Two greedy players replay each deal move for move with the seats swapped, so every
    deal splits; against random most deals go to greedy from both seats. An odd game count
    leaves the last deal unfinished, and it is not counted."""
    summaries = {}
    for pair in ("greedy,greedy", "greedy,random"):
        path = tmp_path / "s.json"
        res = cli(
            "sim", "looney", "--games", "13", "--agents", pair, "--duplicate", "--json", str(path)
        )
        assert res.returncode == 0, res.stdout + res.stderr
        assert "deals split" in res.stdout
        summaries[pair] = json.loads(path.read_text())
    same = summaries["greedy,greedy"]
    assert same["duplicate"] and same["deals"] == 6 and same["split_deals"] == 6
    assert sum(same["wins_by_seat"]) + same["draws"] == 13
    mixed = summaries["greedy,random"]
    assert mixed["deals"] == 6 and mixed["split_deals"] < 6
    plain = cli("sim", "looney", "--games", "4", "--json", str(tmp_path / "p.json"))
    assert "deals split" not in plain.stdout
    assert "deals" not in json.loads((tmp_path / "p.json").read_text())


def test_play_against_the_computer_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    res = cli("play", "looney", "--seed", "5", "--save", str(record), stdin="1\n" * 400)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "game over" in res.stdout
    data = json.loads(record.read_text())
    assert data["game"] == "looney" and data["result"] and len(data["actions"]) > 10
    assert "returns" not in res.stdout and "[1.0" not in res.stdout and "[-1.0" not in res.stdout
    ending = res.stdout.rstrip().splitlines()[-2]  # then the line about the saved record
    assert re.fullmatch(r"P[01] wins .*\d+ points to \d+", ending), ending
    seen = cli("replay", str(record), "--as", "1")
    assert seen.returncode == 0 and seen.stdout.rstrip().splitlines()[-1] == ending
    ja = cli("replay", str(record), "--lang", "ja").stdout.rstrip().splitlines()[-1]
    assert re.search(r"P[01]の勝ち（\d+ポイント対\d+ポイント）", ja), ja
    everything = cli("replay", str(record), "--as", "all").stdout
    assert "place " in everything


@pytest.mark.parametrize("game", ["wcrugby", "rawdeal", "shamanking"])
def test_play_every_game_to_the_end(game: str) -> None:
    """A person who always takes the first listed move still gets a whole game."""
    res = cli("play", game, "--seed", "5", stdin="1\n" * 2000)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "game over" in res.stdout and "returns" not in res.stdout
    words = {"wcrugby": r"wins in period \d+, \d+–\d+", "rawdeal": r"by (pinfall|count-out)"}
    ending = res.stdout.rstrip().splitlines()[-1]
    assert re.search(words.get(game, r"wins, \d+ points to \d+|Draw"), ending), ending
    if game == "wcrugby":
        assert "score by period" in res.stdout and "limit" in res.stdout and "TOP" in res.stdout
    if game == "rawdeal":
        assert "Fortitude" in res.stdout and "Arsenal" in res.stdout
    if game == "shamanking":
        assert "furyoku" in res.stdout and "Force" in res.stdout


def test_play_never_shows_the_computers_hand() -> None:
    res = cli("play", "looney", "--seed", "8", stdin="q\n")
    assert "P1 hand: 6 cards" in res.stdout


def test_illegal_notation_is_explained_and_can_be_retried() -> None:
    res = cli("play", "looney", "--seed", "2", "--players", "2", stdin="first 9\nfirst 0\nq\n")
    assert "cannot read this" in res.stdout or "first player" in res.stdout
    assert "game left unfinished" in res.stdout


def test_designer_changes_a_card_file_and_sees_the_effect(tmp_path: Path) -> None:
    """A designer copies the card set, makes one player stronger, and compares batches."""
    src = Path(__file__).resolve().parents[2] / "src/cardtable/games/wcrugby/cards"
    for f in src.glob("*.yaml"):
        text = f.read_text()
        if f.name == "players.yaml":
            # every player gets +3 ATK (at most 10)
            text = re.sub(
                r"(?m)^    atk: (\d+)$", lambda m: f"    atk: {min(int(m[1]) + 3, 10)}", text
            )
        (tmp_path / f.name).write_text(text)
    runs = []
    for extra in ([], ["-o", f"cards={tmp_path}"]):
        out = tmp_path / f"s{len(runs)}.json"
        res = cli(
            "sim",
            "wcrugby",
            "--games",
            "40",
            "--agents",
            "greedy,greedy",
            "--seed",
            "2",
            "--json",
            str(out),
            *extra,
        )
        assert res.returncode == 0, res.stdout + res.stderr
        runs.append(json.loads(out.read_text()))
    assert runs[0]["options"].get("cards") is None
    assert runs[1]["options"]["cards"] == str(tmp_path)
    assert (
        runs[0]["length"] != runs[1]["length"] or runs[0]["wins_by_seat"] != runs[1]["wins_by_seat"]
    )
    bad = cli("sim", "wcrugby", "-o", f"cards={tmp_path / 'nowhere'}")
    assert bad.returncode == 2 and "no such file or folder (option 'cards')" in bad.stdout


def test_cards_and_deck_check_with_a_changed_card_set(tmp_path: Path) -> None:
    """`-o cards=DIR` lists the changed cards and checks decks against them; other options
    (the Backlash limits of Raw Deal) apply to `deck check` too."""
    rd = Path(cardtable.__file__).parent / "games" / "rawdeal"
    for f in (rd / "cards").glob("*.yaml"):
        text = f.read_text().replace("  - id: punch\n", "  - id: haymaker\n")
        (tmp_path / f.name).write_text(text)
    res = cli("cards", "rawdeal", "-o", f"cards={tmp_path}", "--type", "arsenal")
    assert res.returncode == 0 and "haymaker" in res.stdout and "│ punch " not in res.stdout
    deck = str(rd / "decks" / "starter-strike-force.yaml")
    res = cli("deck", "check", deck, "-o", f"cards={tmp_path}")
    assert res.returncode == 2 and "entry 'punch': no card with this id" in res.stdout
    res = cli("deck", "check", deck, "-o", "backlash=revolution")
    assert res.returncode == 1 and "at most 12 cards" in res.stdout
    assert cli("deck", "check", deck).returncode == 0
