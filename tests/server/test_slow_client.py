"""A client that stops reading cannot make the server's memory grow without bound: once its
connection holds more than ``max_queued`` unsent messages it is dropped (code 1013, with the
reason), and a new connection gets a fresh full update.

This needs real TCP back-pressure, so the server runs in uvicorn (in a thread) and the
clients are ``websockets`` clients; the stalled one has a tiny receive buffer and never reads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import HUMAN, agent, uvicorn_in_thread

from cardtable.server.app import create_app
from cardtable.server.live import CLOSE_BEHIND, LiveTable, Subscriber
from cardtable.server.service import GameService

uvicorn = pytest.importorskip("uvicorn")
ws_sync = pytest.importorskip("websockets.sync.client")
from websockets.exceptions import ConnectionClosed  # noqa: E402

LIMIT = 4


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """A uvicorn server in a thread whose connections hold at most LIMIT unsent messages;
    its address and its app."""
    app = create_app(f"sqlite:///{tmp_path / 'cardtable.db'}", max_queued=LIMIT)
    # small send buffers (the accepted sockets inherit them): a stalled client fills them soon
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    listener.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", ws_per_message_deflate=False)
    with uvicorn_in_thread(config, listener) as addr:
        yield addr, app


def post(addr: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    import httpx

    r = httpx.post(f"http://{addr}{path}", json=body, timeout=30)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def stalled_socket(addr: str) -> socket.socket:
    """A connected TCP socket with a tiny receive buffer."""
    host, port = addr.split(":")
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    return sock


def spectators(app: Any, table: str) -> list[Subscriber]:
    live: LiveTable = app.state.service.live[table]
    return [s for s in tuple(live.subscribers) if s.seat is None]


def test_a_client_that_stops_reading_is_dropped(live_server: tuple[str, Any]) -> None:
    with contextlib.ExitStack() as stack:
        stalled_then_dropped(live_server, stack)


def stalled_then_dropped(live_server: tuple[str, Any], stack: contextlib.ExitStack) -> None:
    addr, app = live_server
    seats = [HUMAN, agent(), agent(), agent()]  # four players: many, large updates
    t = post(addr, "/api/tables", {"game": "looney", "seats": seats, "seed": 3})
    table = t["table"]
    # a spectator that reads nothing: the client library stops reading after one frame
    stalled = stack.enter_context(
        ws_sync.connect(
            f"ws://{addr}/ws/tables/{table}",
            sock=stalled_socket(addr),
            max_queue=1,
            compression=None,
        )
    )
    deadline = time.monotonic() + 10
    while not spectators(app, table):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    watched = spectators(app, table)[0]
    # the player plays on; the server queues the spectator's updates, at most LIMIT of them
    rng = random.Random(3)
    most = seq = 0
    with ws_sync.connect(
        f"ws://{addr}/ws/tables/{table}?token={t['token']}", compression=None
    ) as player:
        while not watched.dropped.is_set():
            msg = json.loads(player.recv(timeout=30))
            assert msg["type"] == "update", msg
            assert msg["status"] != "finished", "the game ended before the spectator was dropped"
            seq = msg["seq"]
            if msg["legal"]:
                action = rng.choice(msg["legal"])["action"]
                player.send(json.dumps({"type": "act", "action": action, "seq": seq}))
            most = max(most, watched.queue.qsize())
        # dropped: its queue is freed, it gets no more updates, and play goes on
        assert most <= LIMIT
        assert watched.queue.qsize() == 0
        assert watched not in app.state.service.live[table].subscribers
        # the stalled client reads what was already on its way, then the close and its reason
        received = 0
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                json.loads(stalled.recv(timeout=20))
                received += 1
        assert closed.value.rcvd is not None, "no close frame from the server"
        assert closed.value.rcvd.code == CLOSE_BEHIND
        assert "fell behind" in closed.value.rcvd.reason
        assert 0 < received < seq + 1
        # a new connection gets a fresh, whole update, and the table is still playable
        with ws_sync.connect(f"ws://{addr}/ws/tables/{table}", compression=None) as again:
            fresh = json.loads(again.recv(timeout=30))
            assert fresh["type"] == "update" and fresh["seq"] >= seq
            assert fresh["log"] and fresh["observation"]["zones"]


def test_a_full_queue_drops_the_connection_and_frees_it() -> None:
    """The service's side alone: pushes past the limit empty the queue and unsubscribe."""

    async def run() -> None:
        sub = Subscriber(None, limit=3)
        assert all(sub.push(f"m{i}") for i in range(3))
        assert not sub.dropped.is_set()
        assert not sub.push("one too many")
        assert sub.dropped.is_set() and sub.queue.qsize() == 0
        assert not sub.push("later")  # a dropped connection takes nothing more
        assert sub.queue.qsize() == 0

    asyncio.run(run())
    with pytest.raises(ValueError, match="max_queued"):
        GameService(None, max_queued=0)  # type: ignore[arg-type]
