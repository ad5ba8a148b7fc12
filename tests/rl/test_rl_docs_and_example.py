"""docs/rl.md is up to date with the layouts, and the training example runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from cardtable.rl import describe_layout
from cardtable.rl.describe import main as describe_main

ROOT = Path(__file__).resolve().parents[2]


def test_docs_rl_md_is_up_to_date() -> None:
    doc = ROOT / "docs" / "rl.md"
    assert describe_main(["--check", str(doc)]) == 0, (
        "docs/rl.md is out of date: python -m cardtable.rl.describe --write docs/rl.md"
    )


def test_describe_layout() -> None:
    import cardtable

    text = describe_layout(cardtable.load_game("shamanking"))
    assert text.startswith("### shamanking (2 players): ")
    assert "| 0 | `seat (one-hot)` | one-hot | 2 |" in text
    # the field ``zone`` is a field, not a zone
    assert "| `zone (green, red, yellow, other)` | one-hot | 4 |" in text
    assert "`(green, red, yellow, other)` | hidden" not in text


def test_train_policy_smoke(tmp_path: Path) -> None:
    res = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_policy.py"),
            "--episodes",
            "64",
            "--batch",
            "32",
            "--eval-every",
            "32",
            "--eval-episodes",
            "4",
            "--out",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    data = json.loads((tmp_path / "train_policy.json").read_text())
    assert [c["episodes"] for c in data["curve"]] == [0, 32, 64]
    assert all(0.0 <= c["win_rate"] <= 1.0 for c in data["curve"])
