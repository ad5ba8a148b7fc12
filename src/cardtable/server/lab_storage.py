"""The balance lab's rows in the server's database (SQLite or PostgreSQL, as the tables):
``lab_sets`` (a card set's game; its files are in the data folder) and ``lab_runs`` (a run's
settings, status, progress and compact result). Blocking; callers run it in threads.

A run is played by one server process at a time, the one that **claimed** it: its ``owner``
(the process's random name) and ``lease`` (when the claim runs out, in seconds since the
epoch). A claim is one ``UPDATE ... WHERE`` that only a free run matches (no owner, or a
lease that ran out), so of servers claiming at once exactly one changes the row; the owner
renews its lease while it plays, and every change it makes to the run is guarded by its name,
so a server whose claim another took over changes nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Float,
    MetaData,
    String,
    Table,
    delete,
    exists,
    func,
    insert,
    inspect,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.sql.elements import ColumnElement

from cardtable.server.storage import Store

QUEUED, RUNNING, FINISHED, FAILED = "queued", "running", "finished", "failed"
UNFINISHED = (QUEUED, RUNNING)

metadata = MetaData()

sets_t = Table(
    "lab_sets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
)

runs_t = Table(
    "lab_runs",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("set_id", String(32), nullable=True),
    Column("settings", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("progress", JSON, nullable=True),
    Column("result", JSON, nullable=True),
    Column("error", String(2000), nullable=True),
    Column("owner", String(64), nullable=True),
    Column("lease", Float, nullable=True),
)
ADDED_COLUMNS = {"owner": "VARCHAR(64)", "lease": "FLOAT"}
"""Columns newer than ``lab_runs`` itself, added to an older database on start."""


@dataclass
class RunRow:
    """One stored lab run."""

    id: str
    game: str
    set_id: str | None
    settings: dict[str, Any]
    status: str
    created: float
    progress: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    error: str | None = None
    owner: str | None = None
    lease: float | None = None


class LabStore:
    """The lab's rows, on the engine (and SQLite write lock) of the server's :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """Add the columns of ``ADDED_COLUMNS`` a database made by an older cardtable lacks
        (another server starting at the same time may add one first: that is fine)."""
        have = {c["name"] for c in inspect(self.engine).get_columns("lab_runs")}
        for name, kind in ADDED_COLUMNS.items():
            if name in have:
                continue
            try:
                with self.store.locked(), self.engine.begin() as conn:
                    conn.execute(text(f"ALTER TABLE lab_runs ADD COLUMN {name} {kind}"))
            except (OperationalError, ProgrammingError):
                if name not in {c["name"] for c in inspect(self.engine).get_columns("lab_runs")}:
                    raise

    def add_set(self, set_id: str, game: str) -> None:
        now = time.time()
        with self.store.locked(), self.engine.begin() as conn:
            conn.execute(insert(sets_t).values(id=set_id, game=game, created=now, updated=now))

    def touch_set(self, set_id: str) -> None:
        with self.store.locked(), self.engine.begin() as conn:
            conn.execute(update(sets_t).where(sets_t.c.id == set_id).values(updated=time.time()))

    def set_game(self, set_id: str) -> str | None:
        """The game of a stored set, or ``None``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(sets_t.c.game).where(sets_t.c.id == set_id)).first()
        return None if r is None else str(r[0])

    def delete_set(self, set_id: str) -> bool:
        """Remove a set's row, unless a run of it is queued or running (one statement, so a
        run stored meanwhile is seen); whether it was removed."""
        busy = select(runs_t.c.id).where(runs_t.c.set_id == set_id, runs_t.c.status.in_(UNFINISHED))
        q = delete(sets_t).where(sets_t.c.id == set_id, ~exists(busy))
        with self.store.locked(), self.engine.begin() as conn:
            return conn.execute(q).rowcount == 1

    def busy_runs(self, set_id: str) -> list[str]:
        """The runs of a set that are queued or running, oldest first."""
        q = (
            select(runs_t.c.id)
            .where(runs_t.c.set_id == set_id, runs_t.c.status.in_(UNFINISHED))
            .order_by(runs_t.c.created)
        )
        with self.engine.connect() as conn:
            return [str(r[0]) for r in conn.execute(q)]

    def add_run(self, row: RunRow) -> None:
        with self.store.locked(), self.engine.begin() as conn:
            conn.execute(
                insert(runs_t).values(
                    id=row.id,
                    game=row.game,
                    set_id=row.set_id,
                    settings=row.settings,
                    status=row.status,
                    created=row.created,
                    progress=row.progress,
                )
            )

    def update_run(self, run_id: str, held_by: str | None = None, **values: Any) -> bool:
        """Change a run's ``status``, ``progress``, ``result``, ``error``, ``owner`` or
        ``lease``; with ``held_by``, only while that server holds the run. Whether it did."""
        q = update(runs_t).where(runs_t.c.id == run_id)
        if held_by is not None:
            q = q.where(runs_t.c.owner == held_by)
        with self.store.locked(), self.engine.begin() as conn:
            return conn.execute(q.values(**values)).rowcount == 1

    def claim_next(
        self, owner: str, now: float, lease: float, usable: Callable[[str], bool]
    ) -> RunRow | None:
        """Claim for ``owner`` (until ``now + lease``) the oldest queued or running run that
        no server holds (no owner, or a lease that ran out before ``now``) and that
        ``usable`` accepts (this server has its folder); the run claimed, or ``None``."""
        q = select(runs_t).where(runs_t.c.status.in_(UNFINISHED), _free(now))
        with self.engine.connect() as conn:
            rows = [_run_row(r) for r in conn.execute(q.order_by(runs_t.c.created))]
        for row in rows:
            if usable(row.id) and self._take(row.id, owner, now, lease):
                row.owner, row.lease = owner, now + lease
                return row
        return None

    def _take(self, run_id: str, owner: str, now: float, lease: float) -> bool:
        """The claim itself: one UPDATE that only a free run matches; whether it did."""
        q = (
            update(runs_t)
            .where(runs_t.c.id == run_id, runs_t.c.status.in_(UNFINISHED), _free(now))
            .values(owner=owner, lease=now + lease)
        )
        with self.store.locked(), self.engine.begin() as conn:
            return conn.execute(q).rowcount == 1

    def renew(self, run_id: str, owner: str, until: float) -> bool:
        """Extend ``owner``'s claim on a run to ``until``; ``False`` when it no longer holds
        it (another server took it over, or it ended)."""
        return self.update_run(run_id, held_by=owner, lease=until)

    def release(self, owner: str) -> None:
        """Give up every claim of ``owner`` (a server stopping): its unfinished runs are free
        for the next server at once, their checkpoints kept."""
        q = (
            update(runs_t)
            .where(runs_t.c.owner == owner, runs_t.c.status.in_(UNFINISHED))
            .values(owner=None, lease=None)
        )
        with self.store.locked(), self.engine.begin() as conn:
            conn.execute(q)

    def waiting(self) -> int:
        """How many runs are queued or running, on every server."""
        q = select(func.count()).select_from(runs_t).where(runs_t.c.status.in_(UNFINISHED))
        with self.engine.connect() as conn:
            return int(conn.execute(q).scalar_one())

    def run(self, run_id: str) -> RunRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(runs_t).where(runs_t.c.id == run_id)).first()
        return None if r is None else _run_row(r)

    def runs(self, limit: int = 50) -> list[RunRow]:
        """The latest runs, newest first, without their results."""
        q = select(runs_t).order_by(runs_t.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_run_row(r, result=False) for r in conn.execute(q)]


def _free(now: float) -> ColumnElement[bool]:
    """A run no server holds: no owner, or its lease ran out before ``now``."""
    return or_(runs_t.c.owner.is_(None), runs_t.c.lease.is_(None), runs_t.c.lease < now)


def _run_row(r: Any, result: bool = True) -> RunRow:
    return RunRow(
        id=r.id,
        game=r.game,
        set_id=r.set_id,
        settings=r.settings,
        status=r.status,
        created=r.created,
        progress=r.progress,
        result=r.result if result else None,
        error=r.error,
        owner=r.owner,
        lease=r.lease,
    )
