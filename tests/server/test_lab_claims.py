"""Issue 28, the lab in the browser: several servers on one database (SQLite and a real
PostgreSQL) play each lab run once. A run is claimed in one UPDATE that only one server
wins; the winner renews its lease and its changes are guarded by its name; a run whose
server died is taken over once the lease runs out, by exactly one of the servers left."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text
from test_lab_api import wait_run

from cardtable.server.app import create_app
from cardtable.server.lab_storage import QUEUED, RUNNING, LabStore, RunRow
from cardtable.server.storage import Store


def stores(url: str, n: int) -> list[LabStore]:
    """``n`` lab stores on one database, each on its own engine, as separate servers have."""
    return [LabStore(Store(url)) for _ in range(n)]


def add_run(rows: LabStore, run_id: str = "run-1", status: str = QUEUED) -> None:
    settings = {"game": "wcrugby", "games": 8}
    rows.add_run(RunRow(run_id, "wcrugby", None, settings, status, time.time()))


def at_once(calls: list[Callable[[], bool]]) -> list[bool]:
    """Every call in a thread of its own, all released together; their answers in order."""
    start = threading.Barrier(len(calls))
    out: list[bool] = [False] * len(calls)

    def run(i: int) -> None:
        start.wait()
        out[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_of_servers_claiming_a_run_at_once_exactly_one_wins(db_url: str) -> None:
    servers = stores(db_url, 3)
    add_run(servers[0])
    now = time.time()

    def claim(k: int) -> Callable[[], bool]:
        def go() -> bool:
            return servers[k % 3].claim_next(f"s{k}", now, 30, lambda _: True) is not None

        return go

    won = at_once([claim(k) for k in range(9)])
    assert sum(won) == 1, won
    owner = f"s{won.index(True)}"
    row = servers[1].run("run-1")
    assert row is not None and row.owner == owner and row.lease == pytest.approx(now + 30)
    # the others cannot renew it or change it, the owner can
    assert not servers[2].renew("run-1", "someone", now + 60)
    assert not servers[2].update_run("run-1", "someone", status="failed")
    assert servers[0].renew("run-1", owner, now + 60)
    assert servers[0].claim_next("late", now + 59, 30, lambda _: True) is None


def test_a_lease_that_runs_out_lets_exactly_one_other_server_take_over(db_url: str) -> None:
    servers = stores(db_url, 2)
    add_run(servers[0], status=RUNNING)
    now = time.time()
    assert servers[0].claim_next("dead", now, 30, lambda _: True) is not None
    later = now + 31  # the dead server renewed nothing
    won = at_once(
        [
            lambda: servers[0].claim_next("a", later, 30, lambda _: True) is not None,
            lambda: servers[1].claim_next("b", later, 30, lambda _: True) is not None,
        ]
    )
    assert sorted(won) == [False, True]
    row = servers[1].run("run-1")
    assert row is not None and row.owner in ("a", "b") and row.status == RUNNING
    assert not servers[0].renew("run-1", "dead", later + 60)  # the old owner lost it
    assert not servers[0].update_run("run-1", "dead", status="failed", error="late")
    servers[0].release(row.owner)
    freed = servers[1].run("run-1")
    assert freed is not None and freed.owner is None and freed.status == RUNNING


def test_a_server_claims_only_runs_whose_folder_it_has(sqlite_url: str) -> None:
    (rows,) = stores(sqlite_url, 1)
    add_run(rows, "elsewhere")
    add_run(rows, "here")
    got = rows.claim_next("me", time.time(), 30, lambda run: run == "here")
    assert got is not None and got.id == "here" and rows.waiting() == 2


def test_an_older_database_gets_the_claim_columns(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store = Store(url)
    with store.engine.begin() as conn:  # lab_runs as it was before claims
        conn.execute(
            text(
                "CREATE TABLE lab_runs (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL, "
                "set_id VARCHAR(32), settings JSON NOT NULL, status VARCHAR(16) NOT NULL, "
                "created FLOAT NOT NULL, progress JSON, result JSON, error VARCHAR(2000))"
            )
        )
        conn.execute(
            text(
                "INSERT INTO lab_runs VALUES ('old', 'wcrugby', NULL, '{}', 'queued', 1.0, "
                "NULL, NULL, NULL)"
            )
        )
    rows = LabStore(store)
    columns = {c["name"] for c in inspect(store.engine).get_columns("lab_runs")}
    assert {"owner", "lease"} <= columns
    got = rows.claim_next("me", time.time(), 30, lambda _: True)
    assert got is not None and got.id == "old" and got.owner == "me"


@pytest.fixture
def two_servers(db_url: str, tmp_path: Path) -> Iterator[Callable[[], list[TestClient]]]:
    """Start two servers on one database and one data folder (with a short lease)."""
    with ExitStack() as stack:

        def start() -> list[TestClient]:
            return [
                stack.enter_context(
                    TestClient(create_app(db_url, data=tmp_path / "data", lab_lease=3.0))
                )
                for _ in range(2)
            ]

        yield start


def test_two_servers_take_over_a_run_whose_server_died_and_play_it_once(
    db_url: str, tmp_path: Path, two_servers: Callable[[], list[TestClient]]
) -> None:
    # a server queues a run, then dies holding it (its claim has 10 minutes left)
    with TestClient(create_app(db_url, data=tmp_path / "data")) as first:
        run = first.post("/api/lab/runs", json={"game": "wcrugby", "games": 8}).json()["run"]
    rows = LabStore(Store(db_url))
    assert rows.update_run(run, status=RUNNING, owner="dead", lease=time.time() + 600)
    a, b = two_servers()
    labs = [c.app.state.lab for c in (a, b)]  # type: ignore[attr-defined]
    time.sleep(2.5)  # several beats of both servers: the claim is not theirs to take
    assert [lab.played for lab in labs] == [[], []]
    row = rows.run(run)
    assert row is not None and row.owner == "dead"
    rows.update_run(run, lease=time.time() - 1)  # the dead server's claim runs out
    info = wait_run(b, run)
    assert info["status"] == "finished" and info["result"]["finished"] == 8, info
    assert sorted(labs[0].played + labs[1].played) == [run]  # one server played it
    assert a.get(f"/api/lab/runs/{run}").json() == info
    done = rows.run(run)
    assert done is not None and done.owner is None


def test_two_servers_share_the_queue_and_each_run_is_played_once(
    two_servers: Callable[[], list[TestClient]],
) -> None:
    a, b = two_servers()
    runs = [
        c.post("/api/lab/runs", json={"game": "wcrugby", "games": 4, "seed": k}).json()["run"]
        for k, c in enumerate((a, b, a, b))
    ]
    labs = [c.app.state.lab for c in (a, b)]  # type: ignore[attr-defined]
    assert [wait_run(a, r)["status"] for r in runs] == ["finished"] * 4
    assert sorted(labs[0].played + labs[1].played) == sorted(runs)


def test_a_server_whose_claim_was_taken_over_stops_its_run_and_changes_nothing(
    db_url: str, tmp_path: Path
) -> None:
    app = create_app(db_url, data=tmp_path / "data", lab_lease=3.0)
    with TestClient(app) as c:
        lab = app.state.lab
        run = c.post("/api/lab/runs", json={"game": "wcrugby", "games": 200}).json()["run"]
        deadline = time.monotonic() + 60
        while c.get(f"/api/lab/runs/{run}").json()["status"] != RUNNING:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert run in lab.progress  # this server plays it (whether it ends before the
        # next renewal or not, nothing it does afterwards reaches the row)
        rows = LabStore(Store(db_url))
        rows.update_run(run, owner="thief", lease=time.time() + 600)
        deadline = time.monotonic() + 30
        while run in lab.progress and time.monotonic() < deadline:
            time.sleep(0.1)
        assert run not in lab.progress and lab.played == [run]  # stopped here
        row = rows.run(run)
        assert row is not None and (row.owner, row.status) == ("thief", RUNNING)
        rows.update_run(run, lease=time.time() - 1)  # the thief died: the server takes it back
        info = wait_run(c, run)
        assert info["status"] == "finished" and info["result"]["finished"] == 200
        assert lab.played == [run, run]
