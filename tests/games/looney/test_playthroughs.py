"""Golden playthroughs: regenerate each file and diff it (regenerate with
``python -m cardtable.playthrough looney --seed S [-o players=N] > FILE`` after a deliberate
rules change, and review the diff)."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from cardtable.playthrough import playthrough

DIR = Path(__file__).parent / "playthroughs"
CASES = {
    "looney-2p-seed1.txt": (1, {}),
    "looney-3p-seed2.txt": (2, {"players": 3, "target_points": 20}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_unchanged(name: str) -> None:
    seed, options = CASES[name]
    want = (DIR / name).read_text(encoding="utf-8")
    got = playthrough("looney", seed, options)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm="", n=1)
        pytest.fail("playthrough changed:\n" + "\n".join(list(diff)[:40]))
