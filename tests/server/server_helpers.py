"""Helpers of the server tests: making tables and playing over a test WebSocket."""

from __future__ import annotations

import random
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

HUMAN: dict[str, Any] = {"kind": "human"}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def agent(spec: str = "random") -> dict[str, Any]:
    """An agent seat."""
    return {"kind": "agent", "spec": spec}


def new_table(client: TestClient, game: str = "looney", **body: Any) -> dict[str, Any]:
    """Create a table (two people by default, with a random seed: only a table with one
    person takes a seed, seed 7 by default); the creator's answer."""
    body.setdefault("seats", [HUMAN, HUMAN])
    if sum(s.get("kind") == "human" for s in body["seats"]) == 1:
        body.setdefault("seed", 7)
    r = client.post("/api/tables", json={"game": game, **body})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def invite(created: dict[str, Any], seat: int | None = None) -> str:
    """The invite of ``seat`` (else of the first free seat) in a create answer."""
    for item in created["invites"]:
        if seat is None or item["seat"] == seat:
            found: str = item["invite"]
            return found
    raise AssertionError(f"no invite for seat {seat} in {created['invites']}")


def join(client: TestClient, created: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    """Take a seat of a table made by ``new_table`` with its invite (``seat``'s, else the
    first); the join answer."""
    path = f"/api/tables/{created['table']}/join"
    r = client.post(path, json={"invite": invite(created, seat)})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def ws_path(table: str, token: str | None = None) -> str:
    """The WebSocket path of a table, for a seat's token or a spectator."""
    return f"/ws/tables/{table}" + (f"?token={token}" if token else "")


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next message."""
    msg: dict[str, Any] = ws.receive_json()
    return msg


def play_until(
    ws: WebSocketTestSession, first: dict[str, Any], seq: int, rng: random.Random
) -> dict[str, Any]:
    """As one seat against agents: act at random until the table reaches ``seq`` actions or
    ends; the last update."""
    msg = first
    while msg["status"] != "finished" and msg["seq"] < seq:
        if msg["legal"]:
            ws.send_json(
                {"type": "act", "action": rng.choice(msg["legal"])["action"], "seq": msg["seq"]}
            )
        msg = receive(ws)
        assert msg["type"] == "update", msg
    return msg


@contextmanager
def uvicorn_in_thread(config: Any, listener: socket.socket) -> Iterator[str]:
    """Run a uvicorn ``config`` in a thread on the bound ``listener`` until the block ends;
    the block gets its address (``127.0.0.1:PORT``)."""
    import uvicorn

    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"127.0.0.1:{listener.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        listener.close()
