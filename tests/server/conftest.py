"""Fixtures of the server's tests: a real throwaway PostgreSQL (initdb/pg_ctl in a temp dir),
databases on SQLite and on PostgreSQL, and a test client of the app.

Without the PostgreSQL binaries the PostgreSQL cases are skipped, except in CI (``CI=true``),
where they fail: .ci/run installs Debian's ``postgresql``.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")

from fastapi.testclient import TestClient
from server_helpers import free_port

from cardtable.server.app import create_app


def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(d) / "pg_ctl").exists() and (Path(d) / "initdb").exists():
            return Path(d)
    return None


class Postgres:
    """A PostgreSQL cluster of our own, in a temp dir, on a free port."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="cardtable-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:  # postgres refuses to run as root
            shutil.chown(self.root, "postgres", "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]

    def _run(self, *args: str) -> None:
        res = subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, check=False, timeout=120
        )
        if res.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {res.stdout}{res.stderr}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "--no-sync",
            "-E",
            "UTF8",
        )
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            opts,
            "-l",
            str(self.root / "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        try:
            self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def url(self, db: str = "postgres") -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{db}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A real PostgreSQL server for the session (skipped without its binaries, except in CI)."""
    bindir = _pg_bin()
    if bindir is None:
        msg = "PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql"
        if os.environ.get("CI") == "true":
            pytest.fail(msg)
        pytest.skip(msg)
    pg = Postgres(bindir)
    try:
        pg.start()
    except Exception:
        shutil.rmtree(pg.root, ignore_errors=True)
        raise
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database on each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardtable.db'}"
    pg: Postgres = request.getfixturevalue("postgres")
    return pg.new_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'cardtable.db'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A test client of the app over a fresh SQLite database."""
    with TestClient(create_app(sqlite_url)) as c:
        yield c
