"""The balance lab's rows in the server's database (SQLite or PostgreSQL, as the tables):
``lab_sets`` (a card set's game; its files are in the data folder) and ``lab_runs`` (a run's
settings, status, progress and compact result). Blocking; callers run it in threads."""

from __future__ import annotations

import time
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
    insert,
    select,
    update,
)

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
)


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


class LabStore:
    """The lab's rows, on the engine (and SQLite write lock) of the server's :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        metadata.create_all(self.engine)

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

    def update_run(self, run_id: str, **values: Any) -> None:
        """Change a run's ``status``, ``progress``, ``result`` or ``error``."""
        with self.store.locked(), self.engine.begin() as conn:
            conn.execute(update(runs_t).where(runs_t.c.id == run_id).values(**values))

    def run(self, run_id: str) -> RunRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(select(runs_t).where(runs_t.c.id == run_id)).first()
        return None if r is None else _run_row(r)

    def runs(self, limit: int = 50) -> list[RunRow]:
        """The latest runs, newest first, without their results."""
        q = select(runs_t).order_by(runs_t.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_run_row(r, result=False) for r in conn.execute(q)]

    def unfinished(self) -> list[RunRow]:
        """Runs queued or running when the server stopped, oldest first."""
        q = select(runs_t).where(runs_t.c.status.in_(UNFINISHED)).order_by(runs_t.c.created)
        with self.engine.connect() as conn:
            return [_run_row(r) for r in conn.execute(q)]


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
    )
