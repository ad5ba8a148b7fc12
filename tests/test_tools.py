"""tools/fit_evaluate.py runs on a few games of each game, and its model of each game's
``evaluate`` gives, at the shipped constants, what the game's ``evaluate`` gives (so the
script reads the features as ``evaluate`` does, and a change to one shows up here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")  # the script fits with numpy (the rl extra)

SCRIPT = Path(__file__).resolve().parent.parent / "tools" / "fit_evaluate.py"


@pytest.mark.parametrize("game", ["looney", "rawdeal", "shamanking", "wcrugby"])
def test_fit_evaluate_matches_the_shipped_evaluate(game: str) -> None:
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


def test_count_scaffolding_counts_each_real_game() -> None:
    """tools/count_scaffolding.py prints one line per real game, its total and modules."""
    script = SCRIPT.parent / "count_scaffolding.py"
    res = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True, timeout=60
    )
    lines = res.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["looney", "rawdeal", "shamanking", "wcrugby"]
    assert all(re.search(r": \d+ lines of scaffolding \(.*game\.py \d+\)$", x) for x in lines)
