"""``cardtable serve`` as a real process: killed with SIGKILL in the middle of games (one
waiting for its person, one whose agent is thinking), then started again, it has every game
exactly where it was, and the agent carries on."""

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
        # a second table, whose agent searches long: the kill comes while it thinks
        slow = {"kind": "agent", "spec": "ismcts:iterations=2000"}
        body = {"game": "looney", "seats": [{"kind": "human"}, slow], "seed": 3}
        t2 = httpx.post(f"{base}/api/tables", json=body).json()
        url2 = f"ws://127.0.0.1:{port}/ws/tables/{t2['table']}?token={t2['token']}"
        with connect(url2) as ws:
            thinking = recv(ws)
            lines = list(thinking["log"])  # everything seat 0 was told
            while thinking["to_act"] != 1 or thinking["seq"] < 3:
                if thinking["legal"]:
                    act = {"type": "act", "action": thinking["legal"][0]["action"]}
                    ws.send(json.dumps(act | {"seq": thinking["seq"]}))
                thinking = recv(ws)
                lines += thinking["log"]
            os.kill(proc.pid, signal.SIGKILL)  # our move acknowledged, the agent's not yet
            proc.wait(timeout=20)
        assert proc.stdout is not None
        assert f"http://localhost:{port}/" in proc.stdout.read()
    with server(db, port, tmp_path):
        with connect(url) as ws:
            again = recv(ws)
            assert (again["seq"], again["status"], again["to_act"]) == (msg["seq"], "running", 0)
            assert again["observation"] == msg["observation"]
            assert again["legal"] == msg["legal"]
            # and the game goes on from there
            act = {"type": "act", "action": again["legal"][0]["action"], "seq": again["seq"]}
            ws.send(json.dumps(act))
            assert recv(ws)["seq"] == again["seq"] + 1
        with connect(url2) as ws:
            # every line seat 0 was told is there; the agent took up its search again
            resumed = recv(ws)
            assert resumed["log"][: len(lines)] == lines
            assert resumed["seq"] >= thinking["seq"]
            while resumed["to_act"] == 1:
                resumed = recv(ws)
            assert resumed["seq"] > thinking["seq"]
