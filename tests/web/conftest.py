"""Fixtures of the browser tests: the real server (`cardtable serve` as a subprocess on a free
port with its own SQLite file) and Debian's Chromium driven by Playwright.

Chromium comes from Debian (`apt-get install chromium`), never from `playwright install`.
Locally the tests skip when Chromium, Playwright or the server's packages are missing; in CI
(`CI=true`) they fail instead, so a broken setup cannot pass unnoticed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).parent / "screenshots"
SRC = Path(__file__).resolve().parents[2] / "src"


def _missing(why: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests cannot run in CI: {why}")
    pytest.skip(why)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(tmp_path_factory: pytest.TempPathFactory, *extra: str) -> Iterator[str]:
    """The base URL of a fresh `cardtable serve` with its own database (and the command
    line's ``extra`` arguments), stopped on leaving."""
    for module in ("fastapi", "uvicorn", "sqlalchemy"):
        if importlib.util.find_spec(module) is None:
            _missing(f"the server needs {module} (pip install -e '.[server]')")
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "tables.db"
    # this checkout's sources, whatever cardtable is installed: the server runs the code
    # (and the pages) under test
    paths = [str(SRC), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    log = tmp_path_factory.mktemp("serverlog") / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cardtable",
                "serve",
                "--port",
                str(port),
                "--db",
                f"sqlite:///{db}",
                "--data",
                str(db.parent / "data"),
                *extra,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
        )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as r:
                if r.status == 200:
                    break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"cardtable serve did not start:\n{log.read_text(errors='replace')}")
        time.sleep(0.2)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh `cardtable serve`, stopped after the session."""
    with serve(tmp_path_factory) as base:
        yield base


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Any]:
    if importlib.util.find_spec("playwright") is None:
        _missing("playwright is not installed (pip install -e '.[dev]')")
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


def _launch(pw: Any, **options: Any) -> tuple[Any, str]:
    """A browser context on a fresh user data directory, and that directory; ``options``
    are Playwright's context options (``locale="ja-JP"``: the Accept-Language it sends)."""
    profile = tempfile.mkdtemp(prefix="cardtable-chromium-")
    ctx = pw.chromium.launch_persistent_context(
        profile,
        executable_path=str(CHROMIUM),
        headless=True,
        args=CHROMIUM_ARGS,
        viewport={"width": 1440, "height": 1000},
        **options,
    )
    ctx.set_default_timeout(20_000)
    return ctx, profile


def _close(ctx: Any, profile: str) -> None:
    ctx.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture()
def browser(playwright_session: Any) -> Iterator[Any]:
    """A browser context of its own for one test (its own storage: its own seats)."""
    ctx, profile = _launch(playwright_session)
    try:
        yield ctx
    finally:
        _close(ctx, profile)


@pytest.fixture()
def second_browser(playwright_session: Any) -> Iterator[Any]:
    """Another person's browser."""
    ctx, profile = _launch(playwright_session)
    try:
        yield ctx
    finally:
        _close(ctx, profile)


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A page that fails the test on a JavaScript error."""
    pg = browser.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture(scope="session")
def shots() -> Path:
    """The folder of the screenshots (ignored by git)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
