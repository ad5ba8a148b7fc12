"""Storage of tables and their actions (SQLAlchemy 2, synchronous; callers run it in threads).

Two tables: ``tables`` (one row per game table: game, options, seed, decks, seats, status,
result) and ``actions`` (one row per accepted action, unique on ``(table_id, idx)``). A game
is rebuilt exactly by replaying its actions on ``(game, options, seed, decks)``.

The unique key is what keeps several server processes on one database consistent: an action
is stored only if no other process stored an action with the same index first; the loser gets
:class:`ActionConflict` and must reload the table.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError, ProgrammingError
from sqlalchemy.pool import ConnectionPoolEntry

from cardtable.core.errors import CardtableError, brief
from cardtable.core.i18n import N_, reason

OPEN, RUNNING, FINISHED = "open", "running", "finished"
ABANDONED = "abandoned"  # no seated person came back for the server's time limit
PUBLIC, PRIVATE = "public", "private"  # listed in the lobby or not (docs/server-api.md)

metadata = MetaData()

tables_t = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", Integer, nullable=False),
    Column("decks", JSON, nullable=True),
    Column("seats", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("result", JSON, nullable=True),
    Column("visibility", String(16), nullable=False, server_default=PRIVATE),
)
# Columns added after the first release, with the value their rows from before get: the Store
# adds them to an older database on start (``ALTER TABLE ... ADD COLUMN``). The tables listed
# before visibility existed stay listed (their ids were public already).
ADDED_COLUMNS: dict[str, tuple[str, str]] = {"visibility": ("VARCHAR(16)", PUBLIC)}

actions_t = Table(
    "actions",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("idx", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    UniqueConstraint("table_id", "idx", name="actions_table_idx"),
)


NO_TABLE = N_("no table {table}")
INVITE_NOT_VALID = N_("this invite is not valid for table {table} (or was used)")
NO_SEAT_FREE = N_("table {table} is {status}: no seat is free")
"""Refusals the service gives too (``status``: a table's status, a message: ``open``, ...)."""


class StorageError(CardtableError):
    """A storage operation was refused."""


class ActionConflict(StorageError):
    """Another writer stored an action with this index first: reload the table."""


class SeatTaken(StorageError):
    """The seat asked for is not a free human seat."""


class BadInvite(StorageError):
    """No free seat of the table has this invite (a wrong one, or one already used)."""


@dataclass
class TableRow:
    """One stored table; ``actions`` is filled only by :meth:`Store.load`."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    decks: list[dict[str, Any]] | None
    seats: list[dict[str, Any]]
    status: str
    created: float
    result: list[float] | None = None
    actions: list[int] = field(default_factory=list)
    visibility: str = PRIVATE


def default_url(folder: Path | None = None) -> str:
    """The default database: ``cardtable.db`` in ``folder`` (the current folder)."""
    path = (folder or Path.cwd()) / "cardtable.db"
    return f"sqlite:///{path}"


def _sqlite_pragmas(dbapi_conn: Any, _entry: ConnectionPoolEntry) -> None:
    # WAL: readers do not block the writer. synchronous=NORMAL: a commit is in the WAL file
    # (the OS has it) before it returns, so a killed process loses nothing; only a power
    # failure can lose the last commits (docs/deploy.md).
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (``sqlite:///FILE`` or ``postgresql+psycopg://...``). Its errors
    and logs never show SQL parameters (``hide_parameters``): they hold seeds and token
    hashes."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True, hide_parameters=True)


def _row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        options=r.options,
        seed=r.seed,
        decks=r.decks,
        seats=r.seats,
        status=r.status,
        created=r.created,
        result=r.result,
        visibility=r.visibility,
    )


class Store:
    """The database of one server (or of several sharing it). Thread-safe; blocking."""

    def __init__(self, url: str) -> None:
        """Connect to ``url`` and create the tables if they are missing."""
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        self.engine = make_engine(url)
        # SQLite has one writer at a time: serialize this process's writes instead of
        # letting threads wait on the file lock.
        self._write_lock = threading.Lock() if self.is_sqlite else None
        metadata.create_all(self.engine)
        self._add_columns()

    def _add_columns(self) -> None:
        """Bring a database made by an older cardtable up to date: add each column of
        ``ADDED_COLUMNS`` it lacks, its old rows taking the column's value for them. Another
        process starting at the same time may add it first: that is fine."""
        have = {c["name"] for c in inspect(self.engine).get_columns("tables")}
        for name, (kind, old) in ADDED_COLUMNS.items():
            if name in have:
                continue
            try:
                with self._locked(), self.engine.begin() as conn:
                    conn.execute(
                        text(
                            f"ALTER TABLE tables ADD COLUMN {name} {kind} NOT NULL DEFAULT '{old}'"
                        )
                    )
            except (OperationalError, ProgrammingError):
                columns = inspect(self.engine).get_columns("tables")
                if name not in {c["name"] for c in columns}:
                    raise

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    def _locked(self) -> AbstractContextManager[Any]:
        return self._write_lock if self._write_lock is not None else nullcontext()

    def locked(self) -> AbstractContextManager[Any]:
        """Hold this process's SQLite write lock (nothing on PostgreSQL) around a write of
        another part's rows (the balance lab's)."""
        return self._locked()

    def create(self, row: TableRow) -> None:
        """Store a new table."""
        with self._locked(), self.engine.begin() as conn:
            conn.execute(
                insert(tables_t).values(
                    id=row.id,
                    game=row.game,
                    options=row.options,
                    seed=row.seed,
                    decks=row.decks,
                    seats=row.seats,
                    status=row.status,
                    created=row.created or time.time(),
                    result=row.result,
                    visibility=row.visibility,
                )
            )

    def load(self, table_id: str) -> TableRow | None:
        """A table with its actions in order, or ``None``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).first()
            if r is None:
                return None
            row = _row(r)
            q = (
                select(actions_t.c.action)
                .where(actions_t.c.table_id == table_id)
                .order_by(actions_t.c.idx)
            )
            row.actions = [a for (a,) in conn.execute(q)]
        return row

    def summaries(
        self, statuses: tuple[str, ...], limit: int = 100, visibility: str | None = None
    ) -> list[TableRow]:
        """Tables with one of ``statuses`` (and ``visibility``, if given), newest first,
        without their actions."""
        q = select(tables_t).where(tables_t.c.status.in_(statuses))
        if visibility is not None:
            q = q.where(tables_t.c.visibility == visibility)
        q = q.order_by(tables_t.c.created.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [_row(r) for r in conn.execute(q)]

    def ids_with_status(self, statuses: tuple[str, ...]) -> list[str]:
        """The ids of every table with one of ``statuses`` (oldest first)."""
        q = (
            select(tables_t.c.id)
            .where(tables_t.c.status.in_(statuses))
            .order_by(tables_t.c.created)
        )
        with self.engine.connect() as conn:
            return [i for (i,) in conn.execute(q)]

    def take_seat(self, table_id: str, invite_hash: str, token_hash: str) -> tuple[int, TableRow]:
        """Take the free human seat whose invite hashes to ``invite_hash``, with a token hash;
        the invite is spent, and the table starts running when no human seat is left free.
        Raises BadInvite (no free seat has this invite), SeatTaken (the table is not open)
        or StorageError (no such table)."""
        with self._locked(), self.engine.begin() as conn:
            row = _locked_row(conn, table_id)
            free = [i for i, s in enumerate(row.seats) if s["kind"] == "human" and not s["taken"]]
            seat = next(
                (i for i in free if same_hash(row.seats[i].get("invite_hash"), invite_hash)), None
            )
            if seat is None:
                raise BadInvite(reason(INVITE_NOT_VALID, table=table_id))
            if row.status != OPEN:
                raise SeatTaken(reason(NO_SEAT_FREE, table=table_id, status=row.status))
            seats = [dict(s) for s in row.seats]
            seats[seat].update(taken=True, token_hash=token_hash, invite_hash=None)
            status = RUNNING if len(free) == 1 else OPEN
            conn.execute(
                update(tables_t).where(tables_t.c.id == table_id).values(seats=seats, status=status)
            )
            row.seats, row.status = seats, status
        return seat, row

    def renew_invites(
        self, table_id: str, token_hash: str, give: Callable[[TableRow], dict[int, str]]
    ) -> tuple[dict[int, str], TableRow]:
        """New invites for the free human seats of an open table, asked with the token of a
        person seated there: ``give`` sets the hashes in the row's seats and returns the
        invites by seat; the old invites of those seats stop working. Raises BadInvite (no
        seat has this token), SeatTaken (the table is not open) or StorageError (no such
        table); nothing changes then."""
        with self._locked(), self.engine.begin() as conn:
            row = _locked_row(conn, table_id)
            if not any(same_hash(s.get("token_hash"), token_hash) for s in row.seats):
                raise BadInvite(
                    reason(N_("this seat token is not one of table {table}'s"), table=table_id)
                )
            if row.status != OPEN:
                raise SeatTaken(reason(NO_SEAT_FREE, table=table_id, status=row.status))
            row.seats = [dict(s) for s in row.seats]
            invites = give(row)
            q2 = update(tables_t).where(tables_t.c.id == table_id).values(seats=row.seats)
            conn.execute(q2)
        return invites, row

    def end_table(
        self, table_id: str, status: str, result: list[float] | None, seats: list[dict[str, Any]]
    ) -> bool:
        """End an open or running table without a last action (a concession: ``finished``
        with its result; or ``abandoned``); ``False`` if it was no longer open or running."""
        with self._locked(), self.engine.begin() as conn:
            done = conn.execute(
                update(tables_t)
                .where(tables_t.c.id == table_id, tables_t.c.status.in_((OPEN, RUNNING)))
                .values(status=status, result=result, seats=seats)
            )
            return bool(done.rowcount == 1)

    def append_action(
        self, table_id: str, idx: int, action: int, seat: int, result: list[float] | None
    ) -> None:
        """Store action number ``idx`` (0-based); with ``result`` the table is finished in
        the same transaction. Raises ActionConflict when that index is already stored."""
        outcome = self.append_actions([StoredAction(table_id, idx, action, seat, result)])[0]
        if outcome is not None:
            raise outcome

    def append_actions(self, batch: list[StoredAction]) -> list[ActionConflict | None]:
        """Store several tables' actions in one transaction (a group commit); if one of them
        conflicts, each is stored on its own. One outcome per action: ``None`` (stored) or
        the ActionConflict."""
        try:
            with self._locked(), self.engine.begin() as conn:
                for a in batch:
                    self._insert(conn, a)
            return [None] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                return [ActionConflict(_conflict(batch[0]))]
        out: list[ActionConflict | None] = []
        for a in batch:
            try:
                with self._locked(), self.engine.begin() as conn:
                    self._insert(conn, a)
                out.append(None)
            except IntegrityError:
                out.append(ActionConflict(_conflict(a)))
        return out

    @staticmethod
    def _insert(conn: Connection, a: StoredAction) -> None:
        conn.execute(
            insert(actions_t).values(table_id=a.table_id, idx=a.idx, action=a.action, seat=a.seat)
        )
        if a.result is not None:
            conn.execute(
                update(tables_t)
                .where(tables_t.c.id == a.table_id)
                .values(status=FINISHED, result=a.result)
            )


@dataclass(frozen=True)
class StoredAction:
    """One action to store: table, index (0-based), action, seat, and the result when it
    ends the game."""

    table_id: str
    idx: int
    action: int
    seat: int
    result: list[float] | None = None


def _locked_row(conn: Connection, table_id: str) -> TableRow:
    """The table ``table_id``, its row locked until ``conn``'s transaction ends; raises
    StorageError when there is no such table."""
    q = select(tables_t).where(tables_t.c.id == table_id).with_for_update()
    r = conn.execute(q).first()
    if r is None:
        raise StorageError(reason(NO_TABLE, table=brief(table_id)))
    return _row(r)


def same_hash(stored: Any, given: str) -> bool:
    """Whether a stored hash is ``given`` (in constant time; a seat without one never is)."""
    return isinstance(stored, str) and hmac.compare_digest(stored, given)


def _conflict(a: StoredAction) -> str:
    return f"table {a.table_id}: action {a.idx} was stored by another writer"
