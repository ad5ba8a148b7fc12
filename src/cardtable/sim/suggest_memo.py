"""The suggestion search's memory: every change it plays, with what the play gave, kept in a
file as it is found, so that a search stopped halfway (a Ctrl-C, a server restart) resumes
without playing any change again, and a change that two targets try is played once.

The file (``suggest.jsonl`` in the lab's output folder) starts with a header line holding the
search's settings and a digest of the card files; each further line is one measured change:
``{"key": ..., "run": {...} | null}`` (``null``: the change breaks the card set). A resumed
search whose settings or cards differ starts the file over. A last line cut short by a hard
stop is dropped. Runs are kept *slim*: what the search reads of them (the decks, the seats,
the flags and the entries of the cards it targets), so the file stays small.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardtable.sim.card_edit import Tunable

Json = dict[str, Any]
MEMO = "suggest.jsonl"
FORMAT = 1
Measure = Callable[[Mapping[Tunable, int], int], Json | None]


def change_key(changes: Mapping[Tunable, int], games: int) -> str:
    """A change and its number of games as one text: the same for the same change."""
    parts = sorted([k.file, k.card, k.field, v] for k, v in changes.items())
    return json.dumps([parts, games], separators=(",", ":"))


def cards_digest(files: list[Path]) -> str:
    """A digest of the card files' names and texts (a resumed search must play the same)."""
    h = hashlib.sha256()
    for path in files:
        h.update(f"{path.name}\0{path.read_text(encoding='utf-8')}\0".encode())
    return h.hexdigest()


def slim(run: Json | None, cards: frozenset[str]) -> Json | None:
    """What the search reads of a measured run: decks, seats, flags, and the targeted cards."""
    if run is None:
        return None
    out = {k: run[k] for k in ("decks", "seats", "flags")}
    out["cards"] = [c for c in run["cards"] if c["card"] in cards]
    return out


class Memo:
    """The measured changes of one search, by :func:`change_key`; with a ``path``, kept in
    that file as they come (``resume``: those an earlier search of the same ``settings``
    left there are known from the start)."""

    def __init__(self, path: Path | None, settings: Json, resume: bool) -> None:
        self.path = path
        self.found: dict[str, Json | None] = {}
        self.header = json.dumps({"memo": FORMAT, "settings": settings}, sort_keys=True)
        if path is not None and not (resume and self._load(path)):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(self.header + "\n", encoding="utf-8")

    def _load(self, path: Path) -> bool:
        """Read what an earlier search kept; ``False`` (nothing read) when there is no file
        or it was written for other settings. A cut-off last line is dropped."""
        try:
            lines = path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError):
            return False
        if lines[0] != self.header:
            return False
        keep = len(lines[0].encode("utf-8")) + 1
        for line in lines[1:-1]:  # the last part has no line break: cut off, or empty
            entry = _entry(line)
            if entry is None:
                break
            self.found[entry[0]] = entry[1]
            keep += len(line.encode("utf-8")) + 1
        with path.open("r+b") as f:
            f.truncate(keep)
        return True

    def __contains__(self, key: str) -> bool:
        return key in self.found

    def get(self, key: str) -> Json | None:
        """The run kept for ``key`` (``None``: the change broke the card set)."""
        return self.found[key]

    def put(self, key: str, run: Json | None) -> None:
        """Keep a measured change, in the file at once."""
        self.found[key] = run
        if self.path is not None:
            line = json.dumps({"key": key, "run": run}, separators=(",", ":"))
            with self.path.open("a", encoding="utf-8") as f:
                f.write(line + "\n")


def _entry(line: str) -> tuple[str, Json | None] | None:
    """One kept change, or ``None`` for a line that is not one (cut short)."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("key"), str):
        return None
    run = data.get("run")
    return data["key"], run if isinstance(run, dict) else None


def remembered(measure: Measure, memo: Memo, cards: frozenset[str]) -> Measure:
    """``measure`` playing each change (and number of games) once: a change already in
    ``memo`` is answered from it; a new one is played, kept slim (``cards``: the cards the
    search targets) and answered the same way, so a resumed search reads what a whole one
    reads."""

    def measure_once(changes: Mapping[Tunable, int], games: int) -> Json | None:
        key = change_key(changes, games)
        if key not in memo:
            memo.put(key, slim(measure(changes, games), cards))
        return memo.get(key)

    return measure_once
