"""Golden playthroughs: regenerate each file and diff it (regenerate with
``python -m cardtable.playthrough wcrugby --seed S [-o KEY=VALUE ...] > FILE`` after a
deliberate rules change, and review the diff)."""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from cardtable.playthrough import playthrough

DIR = Path(__file__).parent / "playthroughs"
CASES: dict[str, tuple[int, dict[str, Any]]] = {
    "wcrugby-seed1.txt": (1, {}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_unchanged(name: str) -> None:
    seed, options = CASES[name]
    want = (DIR / name).read_text(encoding="utf-8")
    got = playthrough("wcrugby", seed, options)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm="", n=1)
        pytest.fail("playthrough changed:\n" + "\n".join(list(diff)[:40]))
