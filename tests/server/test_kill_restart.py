"""``cardtable serve`` as a real process: killed with SIGKILL in the middle of a game, then
started again, it has the game exactly where it was."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from server_helpers import free_port
from websockets.sync.client import ClientConnection, connect


@contextmanager
def server(db: str, port: int, cwd: Path) -> Iterator[subprocess.Popen[str]]:
    """``cardtable serve`` on ``port`` until the block ends (or the test kills it)."""
    cmd = [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", db]
    proc = subprocess.Popen(
        cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = proc.stdout.read() if proc.stdout else ""
                raise RuntimeError(f"the server did not start: {out}")
            time.sleep(0.1)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdout:
            proc.stdout.close()


def recv(ws: ClientConnection) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
    return msg


def test_serve_prints_the_address_and_survives_sigkill(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(8)
    with server(db, port, tmp_path) as proc:
        body = {"game": "looney", "seats": [{"kind": "human"}, {"kind": "agent", "spec": "greedy"}]}
        t = httpx.post(f"{base}/api/tables", json=body).json()
        url = f"ws://127.0.0.1:{port}/ws/tables/{t['table']}?token={t['token']}"
        with connect(url) as ws:
            msg = recv(ws)
            while msg["seq"] < 15:
                if msg["legal"]:
                    act = {"type": "act", "action": rng.choice(msg["legal"])["action"]}
                    ws.send(json.dumps(act | {"seq": msg["seq"]}))
                msg = recv(ws)
            while msg["to_act"] != 0:  # the agent's answers have been stored and sent
                msg = recv(ws)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)
        assert proc.stdout is not None
        assert f"http://localhost:{port}/" in proc.stdout.read()
    with server(db, port, tmp_path), connect(url) as ws:
        again = recv(ws)
        assert (again["seq"], again["status"], again["to_act"]) == (msg["seq"], "running", 0)
        assert again["observation"] == msg["observation"]
        assert again["legal"] == msg["legal"]
        # and the game goes on from there
        ws.send(
            json.dumps({"type": "act", "action": again["legal"][0]["action"], "seq": again["seq"]})
        )
        assert recv(ws)["seq"] == again["seq"] + 1
