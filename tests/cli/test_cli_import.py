"""``cardtable import`` as a user runs it, ``cards --unsupported``, and decks with cards whose
text is not all enforced in ``play`` and ``sim`` (refused unless accepted)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli import cli  # the command in a subprocess, on this tree

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "tests/games/rawdeal/import_files"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cli") / "my-cards"
    decks = FILES / "decks"
    sets = str(FILES / "sets")
    res = cli("import", "rawdeal", sets, str(decks / "ox-deck.txt"), str(decks), "--out", str(out))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Testbed Brawl" in res.stdout and "fully enforced" in res.stdout
    assert "deck " in res.stdout and "--unsupported" in res.stdout
    return out


def test_import_is_listed_in_help() -> None:
    assert "import" in cli("--help").stdout
    assert "--out" in cli("import", "--help").stdout


def test_import_prints_a_row_per_set(folder: Path) -> None:
    res = cli("import", "rawdeal", str(FILES / "sets"), "--out", str(folder))
    row = next(line for line in res.stdout.splitlines() if "Testbed Brawl" in line)
    assert [c.strip() for c in row.split("│")[3:8]] == ["28", "26", "1", "1", "0"]
    ja = cli("import", "rawdeal", str(FILES / "sets"), "--out", str(folder), "--lang", "ja")
    assert "すべて適用" in ja.stdout


def test_cards_unsupported_lists_what_is_not_enforced(folder: Path) -> None:
    res = cli("cards", "rawdeal", "-o", f"cards={folder}", "--unsupported")
    assert res.returncode == 0
    assert "Elbow Fury" in res.stdout and "Look at the top 3 cards of your Arsenal." in res.stdout
    assert "Shin Clip" not in res.stdout
    builtin = cli("cards", "rawdeal", "--unsupported")
    assert "The rules enforce the text of every card." in builtin.stdout


def test_a_deck_with_unenforced_cards_needs_accepting(folder: Path) -> None:
    decks = [
        "--deck",
        str(folder / "decks/ox-deck.yaml"),
        "--deck",
        str(folder / "decks/wren.yaml"),
    ]
    base = ["sim", "rawdeal", "-o", f"cards={folder}", "--games", "2", *decks]
    refused = cli(*base)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "Elbow Fury: Look at the top 3 cards of your Arsenal." in refused.stdout
    assert "--accept-unenforced" in refused.stdout
    accepted = cli(*base, "--accept-unenforced")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "rawdeal: 2 games" in accepted.stdout and "Playing with them anyway" in accepted.stdout
    fine = cli("sim", "rawdeal", "-o", f"cards={folder}", "--games", "2", *decks[:2], *decks[:2])
    assert fine.returncode == 0 and "anyway" not in fine.stdout
    play = ["play", "rawdeal", "-o", f"cards={folder}", "--seed", "3", *decks]
    assert cli(*play, stdin="q\n").returncode == 2
    played = cli(*play, "--accept-unenforced", stdin="q\n")
    assert played.returncode == 0 and "game left unfinished" in played.stdout


def test_a_card_sets_own_decks_are_its_starter_decks(folder: Path) -> None:
    res = cli("sim", "rawdeal", "-o", f"cards={folder}", "--games", "2", "--accept-unenforced")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "rawdeal: 2 games" in res.stdout
    named = ["--deck", "wren", "--deck", "ox-deck", "--accept-unenforced"]  # by name, as starters
    by_name = cli("sim", "rawdeal", "-o", f"cards={folder}", "--games", "1", *named)
    assert by_name.returncode == 0, by_name.stdout + by_name.stderr


@pytest.mark.parametrize("command", ["tournament", "balance"])
def test_tournament_and_balance_need_accepting_too(
    folder: Path, tmp_path: Path, command: str
) -> None:
    """The same refusal, flag and warning as sim and play."""
    decks = [
        "--deck",
        str(folder / "decks/ox-deck.yaml"),
        "--deck",
        str(folder / "decks/wren.yaml"),
    ]
    base = [command, "rawdeal", "-o", f"cards={folder}", "--games", "2", *decks]
    base += ["--agents", "random,random", "--out", str(tmp_path / command)]
    refused = cli(*base)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "Elbow Fury: Look at the top 3 cards of your Arsenal." in refused.stdout
    assert "--accept-unenforced" in refused.stdout and not (tmp_path / command).exists()
    accepted = cli(*base, "--accept-unenforced")
    assert accepted.returncode == 0, accepted.stdout + accepted.stderr
    assert "Playing with them anyway" in accepted.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("import", "rawdeal", "/no/such/set.xml", "--out", "/tmp/x"), "no such file or folder"),
        (("import", "goofspiel", "x", "--out", "/tmp/x"), "cannot import this game's cards"),
    ],
)
def test_import_errors_are_lines_without_traceback(args: tuple[str, ...], message: str) -> None:
    res = cli(*args)
    assert res.returncode == 2 and message in res.stdout and "Traceback" not in res.stderr
