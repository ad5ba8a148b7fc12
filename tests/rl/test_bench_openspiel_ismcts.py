"""bench/openspiel_ismcts.py runs with the smallest settings and writes JSON of the expected
shape. Nothing here looks at the timings or the wins: they depend on the machine and on luck."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyspiel")

import cardtable

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_openspiel_ismcts_json(tmp_path: Path) -> None:
    out = tmp_path / "os.json"
    args = ["--games", "1", "--simulations", "3", "--seconds", "0", "--json", str(out)]
    res = subprocess.run(
        [sys.executable, str(BENCH / "openspiel_ismcts.py"), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    assert "| row |" in res.stdout
    data = json.loads(out.read_text())
    assert data["script"] == "openspiel_ismcts.py"
    rows = {r["id"]: r for r in data["rows"]}
    for name in cardtable.available_games():
        row = rows[f"cardtable/{name}/2p/openspiel-ismcts"]
        assert "error" not in row, row["error"]
        assert row["games"] == 1 and row["params"]["simulations"] == 3
        assert row["searched"] > 0 and row["sims_per_s"] > 0
        assert row["us_per_resample"] > 0 and row["us_per_resample_key"] > 0
