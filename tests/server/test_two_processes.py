"""Issue 27.4: two ``cardtable serve`` processes on one PostgreSQL database. A table one
process holds in memory is brought up to date from the database when a connection opens
there, after the other process stored actions or seats (docs/deploy.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import free_port

pytest.importorskip("websockets")
from test_kill_restart import recv, server
from websockets.sync.client import connect


def first_update(port: int, table: str, token: str) -> dict[str, Any]:
    """The first update a seat gets on connecting to the process on ``port``."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}") as ws:
        return recv(ws)


def act(port: int, table: str, token: str) -> None:
    """The seat plays its first legal move through the process on ``port``."""
    with connect(f"ws://127.0.0.1:{port}/ws/tables/{table}?token={token}") as ws:
        msg = recv(ws)
        ws.send(json.dumps({"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]}))
        while (got := recv(ws))["seq"] == msg["seq"]:
            assert got["type"] == "update", got


def test_a_reconnect_to_the_other_process_sees_the_stored_table(
    postgres: Any, tmp_path: Path
) -> None:
    db = postgres.new_database()
    a, b = free_port(), free_port()
    with server(db, a, tmp_path), server(db, b, tmp_path):
        body = {"game": "goofspiel", "seats": [{"kind": "human"}, {"kind": "human"}]}
        t = httpx.post(f"http://127.0.0.1:{a}/api/tables", json=body, timeout=30).json()
        invite = t["invites"][0]["invite"]
        # process B loads the table while it is open, and keeps it in memory
        assert first_update(b, t["table"], t["token"])["status"] == "open"
        joined = httpx.post(
            f"http://127.0.0.1:{a}/api/tables/{t['table']}/join",
            json={"invite": invite},
            timeout=30,
        ).json()
        seats = [t["token"], joined["token"]]
        # the seat taken on A is known on B (its token works there), and the game started
        assert first_update(b, t["table"], joined["token"])["status"] == "running"
        for i in range(3):  # the moves are made on A; each reconnect to B sees all of them
            act(a, t["table"], seats[i % 2])
            assert first_update(b, t["table"], seats[0])["seq"] == i + 1
        # and the other way round
        act(b, t["table"], seats[1])
        assert first_update(a, t["table"], seats[0])["seq"] == 4
