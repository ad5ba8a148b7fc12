"""A game of a balance run played again (``cardtable balance --record ID``): the report lists
its short games by id, and the id plays the very game the run played, for ``cardtable
replay``; a card changed since is noticed; bad ids and checkpoints are refused."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from test_balance import SRC, cli

import cardtable
from cardtable.cli_balance import SHORT_TO_REPLAY
from cardtable.core.errors import CardtableError
from cardtable.records import load_record, replay
from cardtable.sim import balance_store as store
from cardtable.sim.balance import BalanceConfig, default_deck_specs, play, report
from cardtable.sim.balance_games import parse_game_id, record_from_checkpoint
from cardtable.sim.balance_summary import SHORT_LISTED, GameId, RunData, summarize_run
from cardtable.sim.balance_tables import short_game_list, short_games
from cardtable.sim.balance_words import Words
from cardtable.sim.runner import GameResult
from cardtable.sim.trace import GameTrace

RAWDEAL_CARDS = SRC / "cardtable/games/rawdeal"


def rawdeal_run(games: int, **options: Any) -> BalanceConfig:
    g = cardtable.load_game("rawdeal", **options)
    return BalanceConfig("rawdeal", g.options_dict(), ("greedy",), games, default_deck_specs(g))


def made_up_short_games(games: int) -> dict[str, Any]:
    """A Shaman King run in which every game is short; game ``i`` lasts ``i % 3`` turns for
    the seat that lost and one more for the winner."""
    game = cardtable.load_game("shamanking")
    decks = game.default_decks()
    data, ids = [], []
    for i in range(games):
        units = (i % 3 + 1, i % 3)
        trace = GameTrace(((), ()), (), "points", sum(units), units, ((), ()))
        data.append(((0, 1), GameResult(i, i, (0, 1), (1.0, -1.0), 30, "", trace)))
        ids.append(GameId(i % 2, i // 7, i))
    return summarize_run(RunData(game, decks, data, ids), ["a", "b"], 0.03, 30)["units"]


def test_the_report_lists_short_games_by_id_the_shortest_first() -> None:
    units = made_up_short_games(30)
    listed = units["short_games"]
    assert len(listed) == SHORT_LISTED < 30
    assert [min(g["units"]) for g in listed] == sorted(min(g["units"]) for g in listed)
    assert listed[0] == {
        "id": "0:0", "decks": ["Iron Laws", "Lantern Guardians"], "points": [1.0, 0.0],
        "units": [1, 0],
    }  # fmt: skip
    assert listed[1]["id"] == "compare:0:3"  # run 1 (the compared set), block 0, game 3
    said = short_game_list(units, limit=2, message=SHORT_TO_REPLAY)
    assert said == (
        "short games (--record ID plays one again, for cardtable replay): "
        "0:0 (Iron Laws won in 1 turns, Lantern Guardians lost in 0 turns); "
        "compare:0:3 (Iron Laws won in 1 turns, Lantern Guardians lost in 0 turns)"
    )
    page = short_games(units)  # the HTML page: the games, not the command
    assert "short games by id: 0:0 (Iron Laws won" in page and "--record" not in page
    ja = Words("ja", cardtable.load_game("shamanking"))
    said_ja = short_game_list(units, ja)
    assert "0:0（鉄の掟は1ターンで勝ち、ランタンの守護者は0ターンで負け）" in said_ja
    assert short_game_list({"unit": "turns", "short_games": []}) == ""


def test_game_ids_read_and_write_alike() -> None:
    for text, gid in (("0:21", GameId(0, 0, 21)), ("compare:5:3", GameId(1, 5, 3))):
        assert parse_game_id(text) == gid and str(gid) == text
    assert GameId(1, 5, 3).file_name() == "compare-5-3.json"
    for bad in ("", "21", "a:b", "base:0:1", "0:1:2", "-1:2", "0:99999999999"):
        with pytest.raises(CardtableError, match="a game id is BLOCK:GAME"):
            parse_game_id(bad)


def test_a_game_of_a_run_plays_again_as_the_run_played_it(tmp_path: Path) -> None:
    c = rawdeal_run(24)
    results = play(c, folder=tmp_path)
    runs = report(c, results)["base"]
    assert runs["finished"] == 24
    for block, index in ((0, 0), (3, 2), (5, 3)):
        kept = results[block][index]
        got = record_from_checkpoint(tmp_path, "rawdeal", GameId(0, block, index))
        assert got.same is True
        assert tuple(got.record.result or ()) == kept.returns
        assert len(got.record.actions) == kept.length
        assert got.record.players == ["greedy", "greedy"]
        *_, (final, last) = replay(got.record)
        assert last is None and final.is_terminal()


def test_a_card_changed_since_the_run_is_noticed(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    shutil.copytree(RAWDEAL_CARDS / "cards", cards)
    shutil.copytree(RAWDEAL_CARDS / "decks", cards / "decks")
    c = rawdeal_run(8, cards=str(cards))
    play(c, folder=tmp_path / "run")
    gid = GameId(0, 1, 0)
    assert record_from_checkpoint(tmp_path / "run", "rawdeal", gid).same is True
    stars = cards / "superstars.yaml"  # every Superstar's starting hand one card larger
    text = stars.read_text()
    for n in range(10, -1, -1):
        text = text.replace(f"hand_size: {n}\n", f"hand_size: {n + 1}\n")
    stars.write_text(text)
    assert record_from_checkpoint(tmp_path / "run", "rawdeal", gid).same is False


def test_bad_ids_and_checkpoints_are_refused(tmp_path: Path) -> None:
    play(rawdeal_run(12), folder=tmp_path)
    for gid, message in (
        (GameId(0, 9, 0), "no block 9; the run has blocks 0 to 5"),
        (GameId(0, 2, 2), "block 2 has games 0 to 1"),
        (GameId(1, 0, 0), "compared no other card set"),
    ):
        with pytest.raises(CardtableError, match=message):
            record_from_checkpoint(tmp_path, "rawdeal", gid)
    with pytest.raises(CardtableError, match="is a run of rawdeal, not looney"):
        record_from_checkpoint(tmp_path, "looney", GameId(0, 0, 0))
    path = tmp_path / store.CHECKPOINT
    header = json.loads(path.read_text().splitlines()[0])
    for field, value in (("agents", "greedy"), ("seed", True), ("decks", [1]), ("games", None)):
        bad = tmp_path / field
        bad.mkdir()
        broken = {**header, "settings": {**header["settings"], field: value}}
        (bad / store.CHECKPOINT).write_text(json.dumps(broken) + "\n")
        with pytest.raises(CardtableError, match=f"'{field}'"):
            record_from_checkpoint(bad, "rawdeal", GameId(0, 0, 0))


def test_the_command_writes_the_record_and_says_how_to_replay_it(tmp_path: Path) -> None:
    out = tmp_path / "b"
    done = cli("balance", "rawdeal", "--games", "12", "--out", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    res = cli("balance", "rawdeal", "--out", str(out), "--record", "4:1")
    assert res.returncode == 0, res.stdout + res.stderr
    path = out / "records" / "4-1.json"
    assert f"step through it with: cardtable replay {path} --as all" in res.stdout
    assert "ends otherwise" not in res.stdout
    assert load_record(path).game == "rawdeal"
    shown = cli("replay", str(path), "--as", "all")
    assert shown.returncode == 0 and "Game over" in shown.stdout
    for gid, message in (("4", "a game id is BLOCK:GAME"), ("7:0", "no block 7")):
        bad = cli("balance", "rawdeal", "--out", str(out), "--record", gid)
        said = bad.stdout + bad.stderr
        assert bad.returncode == 2 and message in said and "Traceback" not in said
    assert sorted(p.name for p in (out / "records").iterdir()) == ["4-1.json"]
