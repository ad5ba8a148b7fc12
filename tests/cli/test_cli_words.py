"""The command line speaks to players (issue 26): help on the moves at the ``play`` prompt,
refusals that say which kind, ``--help`` in plain names, ``deck new``, ``replay`` in words,
and ``--lang`` (or the locale) for the terminal's own words."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import cardtable
from cardtable.cli_words import action_words, cards_named, help_lines
from cardtable.core.i18n import translator

SRC = str(Path(__file__).resolve().parents[2] / "src")  # this tree, not an install
COMMANDS = [
    [],
    ["games"],
    ["rules"],
    ["cards"],
    ["import"],
    ["deck"],
    ["deck", "check"],
    ["deck", "new"],
    ["play"],
    ["serve"],
    ["sim"],
    ["tournament"],
    ["balance"],
    ["replay"],
    ["scenario"],
    ["scenario", "run"],
]


def cli(*args: str, stdin: str = "", lang: str = "") -> subprocess.CompletedProcess[str]:
    env = {"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb", "PYTHONPATH": SRC}
    if lang:
        env["LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "cardtable", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


# ----- the play prompt ---------------------------------------------------------------------
def test_help_lists_the_moves_with_the_cards_they_name() -> None:
    game = cardtable.load_game("goofspiel")
    res = cli("play", "goofspiel", "--seed", "1", stdin="?\nq\n")
    out = res.stdout
    assert res.returncode == 0 and "Your moves:" in out
    assert "Bid the Ace of Hearts (bid ace-of-hearts)" in out
    assert " ".join(game.presentation.card_text("ace-of-hearts")) in out
    assert out.count("Bids 1:") == 1  # each card's line once
    assert "game left unfinished" in out
    assert cli("play", "goofspiel", "--seed", "1", stdin="help\nq\n").stdout.count("Bids 1:") == 1


@pytest.mark.parametrize("answer", ["99", "0", "-1", "14", "9" * 5000])
def test_a_number_off_the_menu_is_refused_and_nothing_changes(tmp_path: Path, answer: str) -> None:
    record = tmp_path / "game.json"
    res = cli("play", "goofspiel", "--seed", "1", "--save", str(record), stdin=f"{answer}\nq\n")
    assert "is not one of the listed moves (1 to 13)" in res.stdout, res.stdout
    assert "Traceback" not in res.stdout + res.stderr and len(res.stdout) < 5000
    assert json.loads(record.read_text())["actions"] == []


def test_a_listed_number_and_notation_still_play(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    cli("play", "goofspiel", "--seed", "1", "--save", str(record), stdin="2\nq\n")
    game = cardtable.load_game("goofspiel")
    first = json.loads(record.read_text())["actions"][0]
    assert game.action_to_string(first) == "bid 2-of-hearts"
    res = cli("play", "goofspiel", "--seed", "1", stdin="jump\nbid king-of-spades\nq\n")
    assert "not an action: " in res.stdout
    assert "not legal now: the King of Spades is not in your hand" in res.stdout


def test_play_in_japanese_names_the_cards_and_speaks_japanese() -> None:
    res = cli("play", "goofspiel", "--seed", "1", "--lang", "ja", stdin="?\n99\nq\n")
    out = res.stdout
    assert "ハートのAで入札する" in out and "1で入札する。" in out
    assert "99 は一覧にある手ではない（1〜13）" in out and "ゲームを途中で終えた" in out
    from_locale = cli("play", "goofspiel", "--seed", "1", stdin="q\n", lang="ja_JP.UTF-8")
    assert "ゲームを途中で終えた" in from_locale.stdout
    english = cli("play", "goofspiel", "--seed", "1", "--lang", "en", stdin="q\n", lang="ja_JP")
    assert "game left unfinished" in english.stdout


def test_refusals_speak_the_players_language() -> None:
    """Unreadable notation and an illegal move are refused with the game's reasons in
    Japanese, the card named in Japanese too (issue 26); no English is left."""
    stdin = "xyz\nbid ace-of-diamonds\nplace x on 2\nq\n"
    out = cli("play", "goofspiel", "--seed", "1", "--lang", "ja", stdin=stdin).stdout
    assert "手として読めない：'bid <カードID>' と書く（例：'bid queen-of-spades'）" in out
    assert "今は選べない手：ダイヤのAは手札にない" in out
    assert "write" not in out and "is not in your hand" not in out
    stdin = "place nobody on 2\nfirst 1\nq\n"
    out = cli("play", "looney", "--seed", "2", "--players", "2", "--lang", "ja", stdin=stdin).stdout
    assert "手として読めない：ID 'nobody' の個人デッキのカードはない" in out
    assert "今は選べない手：先攻を決めるのはゲームの開始時だけ。今はアクターの配置の段階" in out


def test_an_unknown_lang_is_refused() -> None:
    res = cli("play", "goofspiel", "--lang", "fr", stdin="q\n")
    assert res.returncode == 2 and "languages: en, ja" in res.stdout


# ----- the words, in process ---------------------------------------------------------------
def test_action_words_replace_card_ids_only() -> None:
    game = cardtable.load_game("looney")
    text = "place bugs-bunny-maestro on 1"
    assert action_words(game, text, "en") == "place Bugs Bunny, Maestro on 1"
    assert action_words(game, text, "ja") == "place バッグス・バニー（マエストロ） on 1"
    assert action_words(game, "role on 3", "en") == "role on 3"
    assert cards_named(game, text) == ["bugs-bunny-maestro"] and cards_named(game, "done") == []


def test_help_lines() -> None:
    game = cardtable.load_game("goofspiel")
    _ = translator("cardtable", "en")
    texts = ["bid ace-of-hearts", "bid ace-of-hearts"]
    said = [action_words(game, t, "en") for t in texts]
    lines = help_lines(game, texts, said, "en", _)
    assert len(lines) == 4  # the heading, two moves, the card's line once
    assert "Ace of Hearts" in lines[1] and "(bid ace-of-hearts)" in lines[1]


# ----- --help ------------------------------------------------------------------------------
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "cardtable")
def test_help_names_things_plainly(command: list[str]) -> None:
    res = cli(*command, "--help")
    out = res.stdout
    assert res.returncode == 0, out + res.stderr
    assert not re.search(r"<(str|int|float|bool|path|list)", out), out
    assert not re.search(r"\{[a-z_]+\}", out), out
    if "GAME" in out.split("\n", 3)[1] or (command and command[-1] in ("rules", "play", "sim")):
        assert "the game: " + ", ".join(cardtable.available_games()) in out, out
    if "--option" in out:
        assert "KEY=VALUE" in out


def test_help_metavars() -> None:
    play = cli("play", "--help").stdout
    assert "Usage: python -m cardtable play [OPTIONS] GAME" in play
    assert re.search(r"--seed\s+N\b", play) and re.search(r"--save\s+FILE\b", play)
    assert "--lang" in cli("replay", "--help").stdout and "--lang" in cli("rules", "--help").stdout
    assert "FILE..." in cli("deck", "check", "--help").stdout


# ----- deck new and close ids --------------------------------------------------------------
@pytest.mark.parametrize("game", cardtable.available_games())
def test_deck_new_writes_a_commented_deck_that_checks(tmp_path: Path, game: str) -> None:
    out = tmp_path / "mine.yaml"
    res = cli("deck", "new", game, "--out", str(out))
    assert res.returncode == 0 and "wrote" in res.stdout, res.stdout
    g = cardtable.load_game(game)
    first = g.starter_decks()[sorted(g.starter_decks())[0]]
    assert g.load_deck(out).sections == first.sections
    text = out.read_text()
    some = next(iter(next(iter(first.sections.values()))))
    card = g.card_pool.get(some)
    assert f"  # {g.card_name(some)} ({card.type})" in text
    assert text.startswith("# ") and yaml.safe_load(text)["game"] == game
    check = cli("deck", "check", str(out))
    assert check.returncode == 0 and "legal" in check.stdout


def test_deck_new_keeps_an_existing_file_unless_forced(tmp_path: Path) -> None:
    out = tmp_path / "mine.yaml"
    out.write_text("my own deck\n")
    res = cli("deck", "new", "looney", "--out", str(out))
    assert res.returncode == 2 and "give --force to overwrite it" in res.stdout
    assert out.read_text() == "my own deck\n"
    assert cli("deck", "new", "looney", "--out", str(out), "--force").returncode == 0
    assert "game: looney" in out.read_text()
    nowhere = cli("deck", "new", "looney", "--out", str(tmp_path / "no" / "such.yaml"))
    assert nowhere.returncode == 2 and "cannot write the file" in nowhere.stdout


def test_deck_new_in_japanese_and_default_file(tmp_path: Path) -> None:
    out = tmp_path / "ja.yaml"
    res = cli("deck", "new", "rawdeal", "--out", str(out), "--lang", "ja")
    assert "を書き出した" in res.stdout
    text = out.read_text()
    assert "編集用の" in text and "# レジーナ・スターリング会長 (superstar)" in text
    res = subprocess.run(
        [sys.executable, "-m", "cardtable", "deck", "new", "goofspiel"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": SRC, "COLUMNS": "200"},
        check=False,
    )
    assert res.returncode == 0 and (tmp_path / "goofspiel-deck.yaml").is_file()


def test_an_unknown_card_id_suggests_the_closest(tmp_path: Path) -> None:
    deck = tmp_path / "d.yaml"
    deck.write_text("game: looney\nname: D\npersonal:\n  acme-anvl-drop: 3\n  zzzz: 1\n")
    res = cli("deck", "check", str(deck))
    assert res.returncode == 2
    assert "entry 'acme-anvl-drop': no card with this id; did you mean 'acme-anvil-drop'?" in (
        res.stdout
    )
    assert "entry 'zzzz': no card with this id\n" in res.stdout
    game = cardtable.load_game("looney")
    with pytest.raises(cardtable.CardtableError, match="did you mean"):
        game.deck_from_dict({"game": "looney", "name": "x", "personal": {"dynamite-bundel": 1}})
    with pytest.raises(cardtable.CardtableError) as err:  # a huge id: no search, short words
        game.deck_from_dict({"game": "looney", "name": "x", "personal": {"a" * 100_000: 1}})
    assert "did you mean" not in str(err.value)


# ----- replay and rules --------------------------------------------------------------------
@pytest.fixture(scope="module")
def goofspiel_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    record = tmp_path_factory.mktemp("rec") / "g.json"
    res = cli("play", "goofspiel", "--seed", "1", "--save", str(record), stdin="1\n" * 20)
    assert res.returncode == 0 and "points to" in res.stdout, res.stdout
    return record


def test_replay_reads_in_words(goofspiel_record: Path) -> None:
    out = cli("replay", str(goofspiel_record), "--as", "all").stdout
    assert "1. P0: Bid the Ace of Hearts" in out
    assert "{" not in out and '"kind"' not in out
    assert re.search(r"(P\d wins with \d+ points to \d+|Draw)", out.rstrip().splitlines()[-1])
    assert "returns" not in out
    seat1 = cli("replay", str(goofspiel_record), "--as", "1").stdout
    assert "1. P0 acts" in seat1 and "Ace of Hearts" not in seat1.split("2.")[0]


def test_replay_in_japanese(goofspiel_record: Path) -> None:
    out = cli("replay", str(goofspiel_record), "--as", "all", "--lang", "ja").stdout
    assert "1. P0: ハートのAで入札する" in out and re.search(r"(P\dの勝ち|引き分け)", out)
    assert "P0 が行動する" in cli("replay", str(goofspiel_record), "--lang", "ja").stdout


def test_rules_in_japanese() -> None:
    assert "すべてのルールと、その出典とテスト：docs/rules/looney.md" in (
        cli("rules", "looney", "--lang", "ja").stdout
    )
    assert "Every rule, with its source and test" in cli("rules", "looney").stdout
