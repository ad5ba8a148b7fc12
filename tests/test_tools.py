"""tools/fit_evaluate.py runs on a few games of each game, and its model of each game's
``evaluate`` gives, at the shipped constants, what the game's ``evaluate`` gives (so the
script reads the features as ``evaluate`` does, and a change to one shows up here).
tools/count_scaffolding.py counts exactly the lines its docstring says, and refuses a game
it does not know."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "fit_evaluate.py"
STARTERS = SCRIPT.parent / "balance_starters.py"


@pytest.mark.parametrize("game", ["looney", "rawdeal", "shamanking", "wcrugby"])
def test_fit_evaluate_matches_the_shipped_evaluate(game: str) -> None:
    pytest.importorskip("numpy")  # the script fits with numpy (the rl extra)
    res = subprocess.run(
        [sys.executable, str(SCRIPT), game, "--games", "10", "--every", "2"],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    found = re.search(r"max \|Δp\| = (\S+)", res.stdout)
    assert found, res.stdout
    assert float(found.group(1)) < 1e-9
    assert "Brier score on the held-out games: refit" in res.stdout


def _scaffolding(*args: str) -> subprocess.CompletedProcess[str]:
    script = SCRIPT.parent / "count_scaffolding.py"
    return subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def test_count_scaffolding_counts_each_real_game() -> None:
    """tools/count_scaffolding.py prints one line per real game, its total and modules."""
    res = _scaffolding()
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["looney", "rawdeal", "shamanking", "wcrugby"]
    assert all(re.search(r": \d+ lines of scaffolding \(.*game\.py \d+\)$", x) for x in lines)


TINY_GAME = '''"""A tiny game: its docstring is not counted."""

from __future__ import annotations

from cardtable.core.game import Game, GameOptions

LIMIT = 4
UNUSED = 5


class TinyOptions(GameOptions):
    """Content: the rule variants."""

    rounds: int = 3


def _too_big(deck: list[str]) -> bool:
    return len(deck) > LIMIT


class TinyGame(Game):
    """The declaration."""

    name = "tiny"
    # a comment is not counted

    def check_deck(self, deck: list[str]) -> None:
        if _too_big(deck):
            raise ValueError(deck)

    def max_game_length(self) -> int:
        return (
            10
        )
'''


def test_count_scaffolding_counts_exact_lines(tmp_path: Path) -> None:
    """In a tiny game, game.py's scaffolding is its imports, UNUSED, the Game class line, its
    ``name`` and ``max_game_length`` (a statement over three lines counts three): 9 lines; the
    options class, ``check_deck`` and what they use (``_too_big``, ``LIMIT``) are content.
    hints.py is counted whole: 2 lines."""
    game = tmp_path / "src" / "cardtable" / "games" / "tiny"
    game.mkdir(parents=True)
    (game / "game.py").write_text(TINY_GAME, encoding="utf-8")
    (game / "hints.py").write_text(
        "from cardtable.core.hints import AgentHints\n\nTinyHints = AgentHints\n",
        encoding="utf-8",
    )
    res = _scaffolding("--root", str(tmp_path), "tiny")
    assert res.returncode == 0, res.stderr
    assert res.stdout == "tiny: 11 lines of scaffolding (hints.py 2, game.py 9)\n"
    assert _scaffolding("--root", str(tmp_path)).stdout == res.stdout  # the games there


def test_count_scaffolding_refuses_an_unknown_game_or_root(tmp_path: Path) -> None:
    """An unknown game fails and lists the games; a root without games fails too."""
    res = _scaffolding("nosuchgame")
    assert res.returncode != 0
    assert "unknown game nosuchgame" in res.stderr
    assert "looney, rawdeal, shamanking, wcrugby" in res.stderr
    assert res.stdout == ""
    res = _scaffolding("--root", str(tmp_path))
    assert res.returncode != 0
    assert "no games under" in res.stderr


def test_behaviour_digest_tells_a_change_apart() -> None:
    """The digest is stable for the same code and seeds, and moves when what it hashes
    does (fewer games played: other actions, other results)."""
    script = SCRIPT.parent / "behaviour_digest.py"

    def run(*args: str) -> list[str]:
        res = subprocess.run(
            [sys.executable, str(script), "goofspiel", "--search", "2", *args],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
        assert res.returncode == 0, res.stderr
        return res.stdout.splitlines()

    first, again, fewer = run("--games", "20"), run("--games", "20"), run("--games", "19")
    assert first == again and len(first) == 6
    assert [line.split()[0] for line in first][:2] == ["applied", "pushed"]
    assert first[0] != fewer[0] and first[1] != fewer[1]


def test_rate_opponents_writes_each_level_of_a_game(tmp_path: Path) -> None:
    """tools/rate_opponents.py rates every level the lobby offers for a game, keeping the
    other games of the file."""
    out = tmp_path / "opponents.json"
    out.write_text('{"other": {"levels": {}}}', encoding="utf-8")
    script = Path(__file__).resolve().parent.parent / "tools" / "rate_opponents.py"
    res = subprocess.run(
        [sys.executable, str(script), "goofspiel", "--games", "2", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert res.returncode == 0, res.stderr
    import json

    from cardtable.core.registry import game_class
    from cardtable.server.opponents import levels

    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"other", "goofspiel"}
    rated = data["goofspiel"]["levels"]
    assert set(rated) == {level.spec for level in levels(game_class("goofspiel"))}
    assert rated["random"]["elo"] == 0 and rated["random"]["elo_low"] == 0
    assert all(r["elo_low"] <= r["elo"] <= r["elo_high"] for r in rated.values())


def test_balance_starters_writes_the_tables_before_and_after(tmp_path: Path) -> None:
    """tools/balance_starters.py plays the round robin now and at a revision, and writes
    the doc's generated section (replacing it when run again) and the plot."""
    script = STARTERS
    doc = tmp_path / "balance.md"
    doc.write_text("# The balance lab\n")
    args = ["--game", "wcrugby", "--games", "8", "--ismcts-games", "0", "--jobs", "1"]
    args += ["--before", "HEAD", "--work", str(tmp_path / "work"), "--doc", str(doc)]
    for _ in range(2):
        subprocess.run([sys.executable, str(script), *args], check=True, capture_output=True)
    text = doc.read_text()
    assert text.count("<!-- starters:begin -->") == 1 and "| greedy before | greedy after |" in text
    assert "| seat P0 |" in text and "length in periods" in text
    assert re.search(r"\| first player \| \d+% \[\d+%, \d+%\] \|", text)  # told by the games
    assert (tmp_path / "img" / "balance-starters.png").stat().st_size > 1000
    assert (tmp_path / "img" / "balance-lengths.png").stat().st_size > 1000
    assert "![Game lengths in each game's unit](img/balance-lengths.png)" in text


def test_balance_starters_replays_one_game_and_keeps_the_others(tmp_path: Path) -> None:
    """--game replays that game only; the other games' tables come from the numbers kept
    beside the plot, when they were made with the same settings."""
    script = STARTERS
    doc = tmp_path / "balance.md"
    doc.write_text("# The balance lab\n")
    common = ["--games", "8", "--ismcts-games", "0", "--jobs", "1", "--doc", str(doc)]
    common += ["--work", str(tmp_path / "work")]
    for game in ("wcrugby", "looney"):
        run = [sys.executable, str(script), "--game", game, *common]
        subprocess.run(run, check=True, capture_output=True)
    text = doc.read_text()
    assert "### Wheelchair Rugby" in text and "### Looney Tunes" in text
    assert "--ismcts-games 0 --game looney --game wcrugby`" in text  # in the order of GAMES
    kept = json.loads((tmp_path / "img" / "balance-starters.json").read_text())
    assert set(kept["games"]) == {"looney", "wcrugby"}
    other = [sys.executable, str(script), "--game", "looney", *common[:1], "9", *common[2:]]
    failed = subprocess.run(other, capture_output=True, text=True)
    assert failed.returncode != 0 and "other settings" in failed.stderr
    (tmp_path / "img" / "balance-starters.json").unlink()  # a table whose numbers are lost
    again = subprocess.run([sys.executable, str(script), "--game", "looney", *common],
                           capture_output=True, text=True)  # fmt: skip
    assert again.returncode != 0 and "shows wcrugby" in again.stderr
    assert "### Wheelchair Rugby" in doc.read_text()  # the doc is left as it was


def test_balance_starters_redraws_from_the_kept_numbers_alone(tmp_path: Path) -> None:
    """--redraw plays no game: the tables and both plots come from the numbers kept beside
    the plots, made with the same settings; without kept numbers it says so."""
    doc = tmp_path / "balance.md"
    doc.write_text("# The balance lab\n")
    common = ["--games", "8", "--ismcts-games", "0", "--jobs", "1", "--doc", str(doc)]
    work = tmp_path / "work"

    def tool(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(STARTERS), *common, *args],
                              capture_output=True, text=True)  # fmt: skip

    missing = tool("--redraw", "--work", str(work))
    assert missing.returncode != 0 and "no numbers kept" in missing.stderr
    assert tool("--game", "wcrugby", "--work", str(work)).returncode == 0
    table = doc.read_text()
    doc.write_text("# The balance lab\n")
    for png in (tmp_path / "img").glob("*.png"):
        png.unlink()
    redrawn = tool("--redraw", "--work", str(tmp_path / "none"))
    assert redrawn.returncode == 0, redrawn.stderr
    assert not (tmp_path / "none").exists()  # nothing played
    assert doc.read_text() == table  # the same command, tables and plots
    assert {p.name for p in (tmp_path / "img").glob("*.png")} == {
        "balance-starters.png", "balance-lengths.png"
    }  # fmt: skip
    other = tool("--redraw", "--games", "9")
    assert other.returncode != 0 and "other settings" in other.stderr


def test_balance_starters_gives_one_game_its_own_ismcts_games(tmp_path: Path) -> None:
    """--ismcts-games-for GAME=N: that game's count is its setting, so the other games' kept
    numbers are reused when their own count is unchanged, and refused when it is not."""
    script = STARTERS
    doc = tmp_path / "balance.md"
    doc.write_text("# The balance lab\n")
    common = ["--games", "8", "--jobs", "1", "--doc", str(doc), "--work", str(tmp_path / "w")]
    zero = ["--ismcts-games", "0"]

    def tool(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, str(script), *common, *args],
                              capture_output=True, text=True)  # fmt: skip

    assert tool("--game", "looney", *zero).returncode == 0
    own = ["--ismcts-games", "5", "--ismcts-games-for", "looney=0"]
    assert tool("--game", "wcrugby", *own, "--ismcts-games-for", "wcrugby=0").returncode == 0
    assert (
        "--ismcts-games-for looney=0 --ismcts-games-for wcrugby=0 --game looney" in doc.read_text()
    )
    refused = tool("--game", "wcrugby", "--ismcts-games", "5", "--ismcts-games-for", "wcrugby=0")
    assert refused.returncode != 0 and "results of looney" in refused.stderr
    bad = tool("--game", "wcrugby", "--ismcts-games-for", "chess=3")
    assert bad.returncode != 0 and "want GAME=N" in bad.stderr


def test_balance_starters_checks_only_the_games_it_keeps(tmp_path: Path) -> None:
    """The game replayed may change its own ismcts games; a kept game may not."""
    spec = importlib.util.spec_from_file_location("balance_starters", STARTERS)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    store = tmp_path / "kept.json"
    old = {"before": None, "games": 8, "ismcts_games": 120, "ismcts_before": True}
    runs: dict[str, dict[str, list[object]]] = {"greedy|after": {"decks": []}}
    store.write_text(json.dumps({"settings": old, "games": {"looney": runs, "rawdeal": runs}}))
    now = {**old, "ismcts_games_for": {"rawdeal": 360}}
    assert set(tool.kept_results(store, now, ["rawdeal"])) == {"looney"}
    with pytest.raises(SystemExit, match="results of rawdeal"):
        tool.kept_results(store, now, ["looney"])


def test_trace_pair_counts_each_decks_events_and_wins() -> None:
    """tools/trace_pair.py: per game, each deck's turns, plays and wins (one win a game)."""
    script = SCRIPT.parent / "trace_pair.py"
    decks = ["starter-heel-manager", "starter-high-flyer"]
    res = subprocess.run(
        [sys.executable, str(script), "rawdeal", *decks, "--agents", "greedy/random",
         "--games", "4", "--cards", "0"],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    rows = {line.split()[0]: line.split()[1:] for line in res.stdout.splitlines()[1:]}
    assert sum(float(x) for x in rows["wins"]) == 1.0
    assert all(float(x) > 0 for x in rows["turn"] + rows["damage"])
    assert any(name.startswith("play:") for name in rows)
    assert "(greedy)" in res.stdout and "(random)" in res.stdout
