"""bench/server_load.py runs with the smallest settings against a real server and writes JSON
of the expected shape (the timings themselves depend on the machine and are not checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_server_load_json(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    res = subprocess.run(
        [
            sys.executable,
            str(BENCH / "server_load.py"),
            "--games", "3",
            "--seconds", "2",
            "--think", "0",
            "--json", str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )  # fmt: skip
    assert res.returncode == 0, res.stdout + res.stderr
    assert "| row |" in res.stdout and "p99" in res.stdout
    data = json.loads(out.read_text())
    assert set(data) == {"script", "args", "env", "rows"}
    rows = {r["id"]: r for r in data["rows"]}
    load = rows["cardtable/server/looney/3-games"]
    assert load["actions"] > 0 and load["errors"] == 0
    assert load["p50_ms"] > 0 and load["p99_ms"] >= load["p50_ms"]
    assert load["p50_vs_echo"] > 0
    assert rows["baseline/ws-echo"]["p50_ms"] > 0
    assert rows["baseline/ws-echo-under-load"]["actions"] > 0
