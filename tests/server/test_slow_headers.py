"""Issue 27.7: connections that never finish their first request's headers are closed after
the header deadline (server/transport.py), while whole requests and WebSockets carry on.

The server runs in uvicorn (in a thread) with cardtable serve's own configuration, a short
header deadline and a small connection limit."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import HUMAN, agent, uvicorn_in_thread

from cardtable.server.app import create_app

uvicorn = pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")
from cardtable.server.transport import uvicorn_config  # noqa: E402

DEADLINE = 0.5


@pytest.fixture
def addr(tmp_path: Path) -> Iterator[str]:
    app = create_app(f"sqlite:///{tmp_path / 'cardtable.db'}")
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    config = uvicorn_config(app, max_connections=100, header_timeout=DEADLINE)
    with uvicorn_in_thread(config, listener) as where:
        yield where


def connect(addr: str, data: bytes) -> socket.socket:
    host, port = addr.split(":")
    sock = socket.create_connection((host, int(port)), timeout=20)
    sock.sendall(data)
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closes the connection (within the socket's generous timeout)."""
    try:
        while True:
            chunk = sock.recv(4096)
            if not chunk:
                return True
    except (TimeoutError, OSError):
        return False


def test_unfinished_headers_are_closed_but_real_clients_are_not(addr: str) -> None:
    slow = [
        connect(addr, b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n") for _ in range(30)
    ]
    whole = connect(addr, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    assert whole.recv(12).startswith(b"HTTP/1.1 200")
    import httpx

    body = {"game": "goofspiel", "seats": [HUMAN, agent()]}
    t: dict[str, Any] = httpx.post(f"http://{addr}/api/tables", json=body, timeout=30).json()
    ws = ws_sync.connect(f"ws://{addr}/ws/tables/{t['table']}?token={t['token']}")
    assert all(closed_by_server(s) for s in slow)
    ws.send('{"type": "ping"}')  # a WebSocket open longer than the deadline still works
    while (msg := ws.recv(timeout=20)) and '"pong"' not in str(msg):
        pass
    ws.close()
    for s in [*slow, whole]:
        s.close()
