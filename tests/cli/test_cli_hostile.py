"""Hostile command lines: each mistake is one line of words and a non-zero exit, never a
traceback (a bad option value, a file that is not UTF-8, a record with a wrong field)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cli import cli


def files(tmp_path: Path) -> dict[str, str]:
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"game: looney\nname: caf\xe9\n")
    record = tmp_path / "record.json"
    record.write_text('{"game": "looney", "options": [1], "seed": 1, "actions": []}')
    decks = tmp_path / "decks.json"
    decks.write_text('{"game": "looney", "options": {}, "seed": 1, "actions": [], "decks": 5}')
    seat = tmp_path / "seat.json"
    seat.write_text('{"game": "looney", "options": {}, "seed": 1, "actions": [], "conceded": true}')
    return {"LATIN": str(latin), "RECORD": str(record), "DECKS": str(decks), "SEAT": str(seat)}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rules", "looney", "-o", "target_points=["), "not valid YAML"),
        (("deck", "check", "LATIN"), "a deck file names its game"),
        (("replay", "LATIN"), "not a JSON game record"),
        (("replay", "RECORD"), "field 'options': expected an object of options"),
        (("replay", "DECKS"), "field 'decks': expected null or a list of decks"),
        (("replay", "SEAT"), "field 'conceded': expected null or a seat number"),
        (("cards", "looney", "-o", "cards=LATIN"), "not UTF-8"),
        (("sim", "looney", "--gmaes", "3"), "No such option"),
    ],
)
def test_a_mistake_is_words_not_a_traceback(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    paths = files(tmp_path)
    res = cli(*[_fill(a, paths) for a in args])
    out = res.stdout + res.stderr
    assert res.returncode != 0 and message in out, out
    assert "Traceback" not in out


def _fill(arg: str, paths: dict[str, str]) -> str:
    for key, path in paths.items():
        arg = arg.replace(key, path)
    return arg


def test_play_says_which_kind_of_refusal() -> None:
    res = cli("play", "looney", "--seed", "2", stdin="jump\n²\n99999\nq\n")
    assert res.stdout.count("not an action:") == 2, res.stdout
    assert "99999 is not one of the listed moves" in res.stdout
    assert "Traceback" not in res.stdout + res.stderr
