"""``cardtable serve``: the game server for browsers (the ``server`` extra)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.markup import escape

from cardtable.core.errors import CardtableError, brief
from cardtable.core.registry import game_class


def serve(
    console: Console,
    host: str,
    port: int,
    db: str | None,
    abandon_after: float = 1800.0,
    origins: tuple[str, ...] = (),
    max_connections: int = 1000,
    agent_workers: int | None = None,
    agent_seconds: float = 5.0,
    data: Path | None = None,
    lab_workers: int = 1,
    house: dict[str, str] | None = None,
) -> None:
    """Start the server on ``host:port`` over the database ``db`` and print where to open it;
    a table whose seats' people are all away for ``abandon_after`` seconds is abandoned;
    browser pages of ``origins`` may open its tables besides its own; at most
    ``max_connections`` at once (server/transport.py); agents think in ``agent_workers``
    processes (``None``: the server's default), each move within ``agent_seconds``; the
    balance lab keeps its card sets and runs under ``data`` and plays ``lab_workers`` runs at
    once; ``house`` (game -> card folder, ``house_cards``) plays those card sets at the tables
    of their games."""
    try:
        import uvicorn

        from cardtable.server.agent_pool import AgentLimits
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
        agent_limits=AgentLimits(seconds=agent_seconds),
        data=data,
        lab_workers=lab_workers,
        house_cards=house,
    )
    for name, folder in (house or {}).items():
        console.print(f"{escape(name)}: the cards of {escape(folder)}")
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


def house_cards(items: list[str] | None) -> dict[str, str]:
    """``--cards GAME=DIR`` items as a game -> absolute folder mapping; a malformed item, an
    unknown game, a game named twice or a folder that is not there raises CardtableError
    (whether its cards load is checked as the server starts, ``setup.set_house_cards``)."""
    out: dict[str, str] = {}
    for item in items or []:
        name, eq, folder = item.partition("=")
        if not eq or not name or not folder:
            raise CardtableError(f"--cards {brief(item)}: write it as GAME=DIR")
        game_class(name)  # raises UnknownGameError naming the games
        if name in out:
            raise CardtableError(f"--cards: the game {brief(name)} is named twice")
        path = Path(folder).expanduser()
        if not path.exists():
            raise CardtableError(f"--cards {brief(item)}: no such file or folder")
        out[name] = str(path.resolve())
    return out
