"""The benchmark scripts run with the smallest settings and write JSON of the expected shape.

Nothing here looks at the timings: they depend on the machine and its load."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core.hints import hints_of

BENCH = Path(__file__).resolve().parent.parent / "bench"

PLAYOUT_KEYS = {
    "id",
    "engine",
    "game",
    "impl",
    "driver",
    "games",
    "games_per_s",
    "decisions_per_game",
    "steps_per_s",
    "us_per_step",
    "us_per_decision",
    "tracemalloc_peak_kib",
    "ru_maxrss_kib",
    "vs_floor",
}
CLONE_KEYS = {"id", "engine", "game", "impl", "what", "decisions_in", "us_median", "us_best"}
SEARCH_KEYS = {
    "id",
    "engine",
    "game",
    "impl",
    "bot",
    "params",
    "steps",
    "sims_per_s",
    "us_per_sim",
    "decisions_per_sim",
    "ms_per_decision",
    "ms_per_decision_max",
    "us_per_decision",
    "vs_random",
}


def run_script(name: str, out: Path, *args: str) -> dict[str, Any]:
    res = subprocess.run(
        [sys.executable, str(BENCH / name), "--json", str(out), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "| row |" in res.stdout  # the Markdown table
    data: dict[str, Any] = json.loads(out.read_text())
    assert set(data) == {"script", "args", "env", "rows"}
    assert {"python", "platform", "cpu_count", "loadavg_at_start", "time_utc"} <= set(data["env"])
    return data


def test_random_playouts_json(tmp_path: Path) -> None:
    data = run_script("random_playouts.py", tmp_path / "rp.json", "--seconds", "0", "--games", "2")
    assert data["script"] == "random_playouts.py"
    rows = {r["id"]: r for r in data["rows"]}
    assert "floor/null-state/cardtable-rng" in rows
    for name in cardtable.available_games():
        row = rows[f"cardtable/{name}/2p/random"]
        assert "error" not in row, row["error"]
        assert set(row) >= PLAYOUT_KEYS
        assert row["games"] >= 2
        assert row["decisions_per_game"] > 0
    for row in rows.values():
        assert set(row) >= PLAYOUT_KEYS


def test_clone_cost_json(tmp_path: Path) -> None:
    data = run_script("clone_cost.py", tmp_path / "cc.json", "--seconds", "0", "--states", "2")
    assert data["script"] == "clone_cost.py"
    rows = {r["id"]: r for r in data["rows"]}
    for name in cardtable.available_games():
        base = f"cardtable/{name}/2p"
        for kind in ("clone", "deepcopy", "resample"):
            row = rows[f"{base}/{kind}"]
            assert "error" not in row, row["error"]
            assert set(row) >= CLONE_KEYS
        assert "us_per_copy" in rows[f"{base}/clone"]
        assert "us_per_call" in rows[f"{base}/resample"]


def test_ismcts_speed_json(tmp_path: Path) -> None:
    args = ("--seconds", "0", "--roots", "1", "--agent", "ismcts:iterations=5")
    data = run_script("ismcts_speed.py", tmp_path / "is.json", *args)
    assert data["script"] == "ismcts_speed.py"
    rows = {r["id"]: r for r in data["rows"]}
    for name in cardtable.available_games():
        base = f"cardtable/{name}/2p"
        row = rows[f"{base}/ismcts"]
        assert "error" not in row, row["error"]
        assert set(row) >= SEARCH_KEYS
        assert row["params"]["iterations"] == 5
        assert row["params"]["steps"] is None  # the spec's budget, not the game's cap
        game = cardtable.load_game(name)  # the settings the spec leaves out are the game's
        assert row["params"]["c"] == hints_of(game).search_exploration
        assert row["params"]["root"] == hints_of(game).search_root
        assert row["params"]["depth"] == hints_of(game).search_depth
        assert row["steps"] >= 1 and row["sims_per_s"] > 0
        assert rows[f"{base}/random-playouts"]["us_per_decision"] > 0


def test_rl_steps_json(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    pytest.importorskip("pyspiel")
    data = run_script("rl_steps.py", tmp_path / "rl.json", "--seconds", "0", "--games", "1")
    assert data["script"] == "rl_steps.py"
    rows = {r["id"]: r for r in data["rows"]}
    keys = {"id", "engine", "game", "impl", "driver", "games_per_s", "us_per_step"}
    for name in cardtable.available_games():
        for kind in ("raw", "raw+obs", "aec", "gym", "openspiel", "openspiel-rules"):
            row = rows[f"cardtable/{name}/2p/{kind}"]
            assert "error" not in row, row["error"]
            assert set(row) >= keys | {"us_per_decision", "vs_raw", "decisions_per_game"}
    peers = [r for r in data["rows"] if r["id"].startswith("peer/")]
    for row in peers:
        assert {"id", "engine", "us_per_decision", "source"} <= set(row)


def test_sim_throughput_json(tmp_path: Path) -> None:
    data = run_script("sim_throughput.py", tmp_path / "st.json", "--games", "6", "--game", "looney")
    rows = data["rows"]
    assert [r["impl"] for r in rows] == ["1 process", "2 processes"]
    assert all(r["same_results"] and r["games"] == 6 for r in rows)
    assert rows[0]["speedup"] == 1.0
