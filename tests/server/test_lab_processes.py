"""Issue 28: balance-lab runs shared by two real ``cardtable serve`` processes on one
PostgreSQL database and one data folder (docs/deploy.md). A process killed with SIGKILL in
the middle of a run holds its claim until the lease runs out; then the other process takes
the run over from its checkpoint and plays every game exactly once."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import free_port

pytest.importorskip("websockets")
from test_kill_restart import server

RUNNING = "running"


def run_info(port: int, run: str) -> dict[str, Any]:
    """The lab's view of a run, from the process on ``port``."""
    info: dict[str, Any] = httpx.get(
        f"http://127.0.0.1:{port}/api/lab/runs/{run}", timeout=30
    ).json()
    return info


def wait_status(port: int, run: str, wanted: set[str], stall: float) -> dict[str, Any]:
    """The run's view once its status is one of ``wanted``, or the last one seen once its
    progress has not moved for ``stall`` seconds (a hang guard, not a time limit: a loaded
    machine plays slower but keeps moving)."""
    seen, deadline = None, time.monotonic() + stall
    while (info := run_info(port, run))["status"] not in wanted and time.monotonic() < deadline:
        if info.get("progress") != seen:
            seen, deadline = info.get("progress"), time.monotonic() + stall
        time.sleep(0.2)
    return info


def played(data: Path, run: str) -> list[tuple[int, int]]:
    """Each game the run's checkpoint holds, as (block, index): a game played twice shows
    twice."""
    lines = (data / "lab" / "runs" / run / "games.jsonl").read_text(encoding="utf-8").splitlines()
    out = []
    for line in lines[1:]:
        chunk = json.loads(line)
        out += [(chunk["block"], game[0]) for game in chunk["games"]]
    return out


def test_a_killed_process_s_run_is_taken_over_by_the_other_and_each_game_played_once(
    postgres: Any, tmp_path: Path
) -> None:
    db = postgres.new_database()
    data = tmp_path / "cardtable-data"
    games = 3000
    with server(db, free_port(), tmp_path) as first:
        port = int(first.args[first.args.index("--port") + 1])
        body = {"game": "wcrugby", "games": games}
        run = httpx.post(f"http://127.0.0.1:{port}/api/lab/runs", json=body, timeout=30).json()
        run = run["run"]
        deadline = time.monotonic() + 120
        while not (data / "lab" / "runs" / run / "games.jsonl").exists() or not played(data, run):
            assert time.monotonic() < deadline, run_info(port, run)
            time.sleep(0.1)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    before = played(data, run)
    assert 0 < len(before) < games  # killed in the middle of the run
    b = free_port()
    with server(db, b, tmp_path):
        assert run_info(b, run)["status"] == RUNNING  # the dead process's claim holds a while
        done = wait_status(b, run, {"finished", "failed"}, 120)
    assert done["status"] == "finished" and done["result"]["finished"] == games, done
    seen = played(data, run)
    assert seen[: len(before)] == before  # resumed from the dead process's checkpoint
    assert len(seen) == len(set(seen)) == games  # and no game played twice
