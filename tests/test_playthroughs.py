"""Golden playthroughs of every game: each file under tests/games/*/playthroughs/ is
regenerated from the game, options and seed in its own header and diffed.

After a deliberate rules change, regenerate a file with
``python -m cardtable.playthrough GAME --seed S [-o KEY=VALUE ...] > FILE`` and review the diff.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from cardtable.playthrough import playthrough

FILES = sorted((Path(__file__).parent / "games").glob("*/playthroughs/*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_unchanged(path: Path) -> None:
    want = path.read_text(encoding="utf-8")
    head = want.splitlines()[:3]
    game = head[0].split()[1]
    options = json.loads(head[1].removeprefix("options: "))
    seed = int(head[2].removeprefix("seed: "))
    got = playthrough(game, seed, options)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), lineterm="", n=1)
        pytest.fail("playthrough changed:\n" + "\n".join(list(diff)[:40]))


def test_every_registered_game_has_a_playthrough() -> None:
    import cardtable

    games = {p.parent.parent.name for p in FILES}
    assert set(cardtable.available_games()) <= games
