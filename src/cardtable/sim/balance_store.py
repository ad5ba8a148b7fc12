"""The checkpoint of a balance run: finished games as JSON lines, so a run can be resumed.

The file (``games.jsonl`` in the output folder) starts with a header line holding the run's
settings; every further line is one finished chunk of games of one batch:
``{"run": 0, "block": 1, "games": [[index, seed, seats, returns, length, error, played,
marks, end, units, seat_units, first, opener], ...]}`` (see ``GameTrace`` for the last
seven; a game written before ``opener`` was kept has none, and its first player is not
known). Lines are written and flushed as chunks finish; a last line cut short by a hard stop
is dropped when the file is read again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import IO, Any

from cardtable.core.errors import CardtableError
from cardtable.sim.runner import GameResult
from cardtable.sim.trace import Counts, GameTrace

CHECKPOINT = "games.jsonl"
FORMAT = 2

Done = dict[tuple[int, int], dict[int, GameResult]]
"""Finished games by ``(run, block)`` and game index."""


def _counts(data: Any) -> Counts:
    return tuple((int(d), int(c)) for d, c in data)


def result_to_json(r: GameResult) -> list[Any]:
    """A game result as a compact JSON list."""
    t = r.trace
    head = [r.index, r.seed, r.seats, r.returns, r.length, r.error]
    if t is None:
        return [*head, None, None, None, 0, [], [], -1]
    played = [list(map(list, p)) for p in t.played]
    marks = [[list(map(list, p)) for p in label] for label in t.marks]
    first = [list(map(list, p)) for p in t.first]
    return [*head, played, marks, t.end, t.units, list(t.seat_units), first, t.opener]


def result_from_json(data: list[Any]) -> GameResult:
    """The inverse of ``result_to_json`` (also of its form without ``opener``)."""
    index, seed, seats, returns, length, error, played, marks, end, units, seat_units, first = data[
        :12
    ]
    opener = int(data[12]) if len(data) > 12 else -1
    trace = None
    if played is not None:
        trace = GameTrace(
            tuple(_counts(p) for p in played),
            tuple(tuple(_counts(p) for p in label) for label in marks),
            str(end),
            int(units),
            tuple(map(int, seat_units)),
            tuple(_counts(p) for p in first),
            opener,
        )
    return GameResult(
        int(index), int(seed), tuple(seats), tuple(map(float, returns)), int(length), error, trace
    )


def start(path: Path, settings: dict[str, Any]) -> None:
    """Begin a new checkpoint file (replacing any) with its header line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    header = {"checkpoint": FORMAT, "settings": settings}
    path.write_text(json.dumps(header, sort_keys=True) + "\n", encoding="utf-8")


def load(path: Path, settings: dict[str, Any]) -> Done:
    """The games finished in an earlier run with the same ``settings``; drops a cut-off last
    line. Raises ``CardtableError`` when the file is missing, unreadable or was written for
    other settings."""
    lines, header, done, keep = _read(path, "--resume")
    _check_settings(path, header.get("settings"), settings)
    with path.open("r+b") as f:  # drop a cut-off last line, so new lines append cleanly
        f.truncate(keep)
    if header["settings"] != settings:  # more games: the header says the new number
        _rewrite_header(path, lines[0], {"checkpoint": FORMAT, "settings": settings})
    return done


def base_games(path: Path, settings: dict[str, Any]) -> Done:
    """The base card set's games (run 0) of another run's checkpoint, for ``--base``: its
    settings must be ``settings`` but for the compared card set and the number of games.
    Reads the file only. Raises ``CardtableError`` like ``load``."""
    _, header, done, _ = _read(path, "--base")
    old = header.get("settings")
    mine = {**settings, "compare": None, "games": None}
    theirs = {**old, "compare": None, "games": None} if isinstance(old, dict) else old
    if theirs != mine:
        raise CardtableError(
            f"--base: {path} was written for other settings ({_differences(theirs, mine)}); "
            "it may differ only in --compare and --games"
        )
    return {k: games for k, games in done.items() if k[0] == 0}


def read_run(path: Path, flag: str) -> tuple[Any, Done]:
    """A checkpoint's settings (as its header holds them: unchecked) and its finished games;
    reads the file only. Raises ``CardtableError`` (``flag`` first) for a missing or unreadable
    file or one that is no checkpoint."""
    _, header, done, _ = _read(path, flag)
    return header.get("settings"), done


def _read(path: Path, flag: str) -> tuple[list[str], dict[str, Any], Done, int]:
    """A checkpoint's lines, header, games, and the length in bytes of its whole lines (a
    last line cut short by a hard stop is left out)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardtableError(f"{flag}: cannot read {path} ({exc.strerror})") from None
    lines = text.split("\n")  # every whole line ends with a newline: the last part does not
    header = _parse(lines[0]) if len(lines) > 1 else None
    if not header or header.get("checkpoint") != FORMAT:
        raise CardtableError(f"{flag}: {path} is not a balance checkpoint")
    done: Done = {}
    keep = len(lines[0].encode("utf-8")) + 1
    for line in lines[1:-1]:
        chunk = _parse(line)
        if chunk is None:
            break
        games = done.setdefault((int(chunk["run"]), int(chunk["block"])), {})
        for g in chunk["games"]:
            r = result_from_json(g)
            games[r.index] = r
        keep += len(line.encode("utf-8")) + 1
    return lines, header, done, keep


def _check_settings(path: Path, old: Any, new: dict[str, Any]) -> None:
    """Refuse a checkpoint of other settings; more ``games`` than it was written for is the
    same run made longer (a game's deal and seats depend on its place in its batch only)."""
    if old == new:
        return
    if isinstance(old, dict) and {**old, "games": new.get("games")} == new:
        if isinstance(old.get("games"), int) and new["games"] >= old["games"]:
            return
        raise CardtableError(
            f"--resume: {path} holds a run of {old.get('games')} games; --games can grow "
            f"but not shrink ({new['games']} now); run without --resume"
        )
    raise CardtableError(
        f"--resume: {path} was written for other settings "
        f"({_differences(old, new)}); run without --resume"
    )


def _rewrite_header(path: Path, first: str, header: dict[str, Any]) -> None:
    """Replace the checkpoint's first line (its header) and keep every other line."""
    text = path.read_text(encoding="utf-8")
    path.write_text(json.dumps(header, sort_keys=True) + text[len(first) :], encoding="utf-8")


def _parse(line: str) -> dict[str, Any] | None:
    try:
        data = json.loads(line)
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def _differences(old: Any, new: dict[str, Any]) -> str:
    if not isinstance(old, dict):
        return "no settings"
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return ", ".join(f"{k}: {old.get(k)!r} then, {new.get(k)!r} now" for k in keys)


class Appender:
    """Appends finished chunks to a checkpoint file, one flushed line each."""

    def __init__(self, path: Path) -> None:
        """Open ``path`` for appending."""
        self.file: IO[str] = path.open("a", encoding="utf-8")

    def write(self, run: int, block: int, results: list[GameResult]) -> None:
        """Save one chunk of games of batch ``(run, block)``."""
        line = {"run": run, "block": block, "games": [result_to_json(r) for r in results]}
        self.file.write(json.dumps(line, separators=(",", ":")) + "\n")
        self.file.flush()

    def close(self) -> None:
        """Close the file."""
        self.file.close()
