"""Issue 28: a lab worker whose server was killed stops, and the worker that takes its run
over waits for it (lab_worker.sender, lab_worker.hold_folder), so no game is played twice."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
from pathlib import Path

import pytest

from cardtable.server.lab_worker import LOCK, Orphaned, hold_folder, sender


def test_a_message_reaches_the_server_while_it_lives() -> None:
    here, there = multiprocessing.Pipe(duplex=False)
    sender(there, os.getppid())(("progress", {"done": 1}))
    assert here.recv() == ("progress", {"done": 1})


def test_the_worker_stops_when_its_server_has_ended() -> None:
    _, there = multiprocessing.Pipe(duplex=False)
    with pytest.raises(Orphaned):  # this process's parent is not the one it started with
        sender(there, os.getppid() + 1)(("progress", {}))


def test_the_worker_stops_when_nobody_reads_its_messages() -> None:
    here, there = multiprocessing.Pipe(duplex=False)
    here.close()
    with pytest.raises(Orphaned):
        sender(there, os.getppid())(("progress", {}))


def locked(folder: Path) -> bool:
    """Whether another open file holds the lock of the run in ``folder``."""
    with (folder / LOCK).open("a") as probe:
        try:
            fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(probe, fcntl.LOCK_UN)
        return False


def test_a_run_folder_is_held_by_one_worker_at_a_time(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    held = hold_folder(folder)
    assert held is not None and locked(folder)
    held.close()  # as when the worker ends, however it ends
    assert not locked(folder)


def test_a_worker_taking_a_run_over_waits_for_the_one_before_it(tmp_path: Path) -> None:
    """While another process (the killed server's worker) holds the run's folder, a new
    worker plays nothing; once the folder is free, it plays the run."""
    from cardtable.server.lab import _starters
    from cardtable.server.lab_worker import lab_worker

    settings = {"game": "wcrugby", "agents": ["greedy", "greedy"], "games": 4, "seed": 0,
                "decks": _starters("wcrugby")}  # fmt: skip
    folder = tmp_path / "run"
    held = hold_folder(folder)
    assert held is not None
    here, there = multiprocessing.get_context("spawn").Pipe(duplex=False)
    worker = multiprocessing.get_context("spawn").Process(
        target=lab_worker, args=(there, str(folder), settings, False), daemon=True
    )
    worker.start()
    there.close()
    try:
        assert not here.poll(3)  # waiting for the folder: not a game, not a message
        assert not (folder / "games.jsonl").exists()
        held.close()
        kind, _ = here.recv()
        while kind == "progress":
            kind, summary = here.recv()
        assert kind == "done", summary
        assert summary["finished"] == 4
    finally:
        worker.kill()
        worker.join(10)
