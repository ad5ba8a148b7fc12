"""``cardtable serve``: the game server for browsers (the ``server`` extra)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from cardtable.core.errors import CardtableError


def serve(
    console: Console,
    host: str,
    port: int,
    db: str | None,
    abandon_after: float = 1800.0,
    origins: tuple[str, ...] = (),
    max_connections: int = 1000,
    agent_workers: int | None = None,
    data: Path | None = None,
    lab_workers: int = 1,
) -> None:
    """Start the server on ``host:port`` over the database ``db`` and print where to open it;
    a table whose seats' people are all away for ``abandon_after`` seconds is abandoned;
    browser pages of ``origins`` may open its tables besides its own; at most
    ``max_connections`` at once (server/transport.py); agents think in ``agent_workers``
    processes (``None``: the server's default); the balance lab keeps its card sets and runs
    under ``data`` and plays ``lab_workers`` runs at once."""
    try:
        import uvicorn

        from cardtable.server.app import create_app
        from cardtable.server.storage import default_url
        from cardtable.server.transport import uvicorn_config
    except ImportError as exc:
        raise CardtableError(
            f"cardtable serve needs the server extra ({exc.name} is missing): "
            "python3 -m pip install -e '.[server]'"
        ) from None
    if not 0 < abandon_after < float("inf"):
        minutes = abandon_after / 60
        raise CardtableError(f"--abandon-after must be a number of minutes, not {minutes}")
    url = db or default_url()
    app = create_app(
        url,
        abandon_after=abandon_after,
        origins=origins,
        agent_workers=agent_workers,
        data=data,
        lab_workers=lab_workers,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    console.print(f"cardtable server: open [bold]http://{shown}:{port}/[/] in a browser")
    console.print(f"database: {escape(_safe_url(url))} · stop with Ctrl+C")
    config = uvicorn_config(app, host, port, max_connections=max_connections)
    uvicorn.Server(config).run()


def _safe_url(url: str) -> str:
    """The database URL without its password."""
    scheme, sep, rest = url.partition("://")
    if "@" in rest:
        cred, _, where = rest.rpartition("@")
        user = cred.split(":", 1)[0]
        return f"{scheme}{sep}{user}:***@{where}"
    return url
