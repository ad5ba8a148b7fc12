"""What the server does when things go wrong: an agent that raises or plays an illegal move,
a database that fails, clients that leave in the middle, two connections for one seat, many
spectators; and that slow work (replays) does not hold up the database thread."""

from __future__ import annotations

import threading
import time
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, invite, join, new_table, receive, ws_path
from sqlalchemy.exc import OperationalError
from starlette.testclient import WebSocketTestSession

from cardtable.agents.base import Agent
from cardtable.core.infoset import InfoSet
from cardtable.server import live as live_module
from cardtable.server import service as service_module
from cardtable.server.service import GameService


class Faulty:
    """An agent that raises (``mode="raise"``) or plays an illegal move (``"illegal"``)
    until ``mode`` is ``None``; then it plays like ``inner``."""

    def __init__(self, inner: Agent, mode: str | None) -> None:
        self.inner = inner
        self.mode = mode

    def decide(self, info: InfoSet) -> int:
        if self.mode == "raise":
            raise RuntimeError("taz-whirlwind is in the other hand")  # must not reach clients
        if self.mode == "illegal":
            legal = info.legal_actions()
            return next(a for a in range(info.game.num_distinct_actions()) if a not in legal)
        return self.inner.decide(info)


def service(client: TestClient) -> GameService:
    svc: GameService = client.app.state.service  # type: ignore[attr-defined]
    return svc


def next_error(ws: WebSocketTestSession, seconds: float = 20.0) -> dict[str, Any]:
    """Wait for an error message, pinging so that the wait ends even if none comes."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ws.send_json({"type": "ping"})
        msg = receive(ws)
        while msg["type"] != "pong":
            if msg["type"] == "error":
                return msg
            msg = receive(ws)
    pytest.fail(f"no error message within {seconds} s")


def until_agent_to_act(ws: WebSocketTestSession) -> dict[str, Any]:
    """As seat 0, play the first legal move until seat 1 (the agent) is to act."""
    msg = receive(ws)
    while msg["to_act"] != 1:
        assert msg["status"] == "running", msg
        if msg["legal"]:
            ws.send_json({"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]})
        msg = receive(ws)
    return msg


@pytest.mark.parametrize(
    ("mode", "why", "why_ja"),
    [
        ("raise", "it failed", "失敗した"),
        ("illegal", "the game refused its move", "ゲームがその手を拒否した"),
    ],
)
def test_a_failing_agent_is_reported_and_tried_again_on_reconnect(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, mode: str, why: str, why_ja: str
) -> None:
    made: list[Faulty] = []
    real = live_module.make_agent

    def faulty(spec: str, seed: int = 0) -> Agent:
        made.append(Faulty(real(spec, seed), mode))
        return made[-1]  # type: ignore[return-value]

    monkeypatch.setattr(live_module, "make_agent", faulty)
    t = new_table(client, seats=[HUMAN, agent("greedy")], seed=5)
    with (
        client.websocket_connect(ws_path(t["table"], t["token"])) as ws,
        client.websocket_connect(ws_path(t["table"]) + "?lang=ja") as spectator,
    ):
        stuck = until_agent_to_act(ws)
        for sock, says in [
            (ws, f"P1's agent (greedy) cannot move: {why}"),
            (spectator, f"P1のコンピューター（greedy）が手を指せない：{why_ja}"),  # its language
        ]:
            error = next_error(sock)
            assert says in error["message"]
            assert "taz" not in error["message"]  # the details stay in the server's log
        ws.send_json({"type": "ping"})
        assert receive(ws) == {"type": "pong"}  # the connection goes on
    made[0].mode = None
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        msg = receive(ws)
        while msg["seq"] == stuck["seq"]:  # a new connection lets the agent try again
            msg = receive(ws)
        assert msg["type"] == "update" and msg["seq"] == stuck["seq"] + 1


def test_a_database_failure_refuses_the_action_and_changes_nothing(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = new_table(client, seats=[HUMAN, agent("greedy")], seed=5)
    store = service(client).store
    real = store.append_actions
    calls: list[int] = []

    def fail_once(batch: list[Any]) -> list[Any]:
        calls.append(len(batch))
        if len(calls) == 1:
            raise OperationalError("INSERT", {}, Exception("disk I/O error"))
        return real(batch)

    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        msg = receive(ws)
        while not msg["legal"]:
            msg = receive(ws)
        monkeypatch.setattr(store, "append_actions", fail_once)
        act = {"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]}
        ws.send_json(act)
        error = receive(ws)
        assert error["type"] == "error" and "could not store the action" in error["message"]
        after = snapshot(client, t)
        assert (after["seq"], after["observation"], after["legal"]) == (
            msg["seq"],
            msg["observation"],
            msg["legal"],
        )
        ws.send_json(act)  # the same action, once the database works again
        assert receive(ws)["seq"] == msg["seq"] + 1


def snapshot(client: TestClient, t: dict[str, Any]) -> dict[str, Any]:
    """The table as the creator's seat sees it now."""
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        return receive(ws)


def test_unknown_tables_leave_nothing_behind(client: TestClient) -> None:
    for i in range(20):
        with client.websocket_connect(ws_path(f"nope{i}")) as ws:
            assert receive(ws)["type"] == "error"
    svc = service(client)
    assert svc._loading == {} and not any(k.startswith("nope") for k in svc.live)


def test_two_connections_of_one_seat_and_a_client_that_leaves_mid_update(
    client: TestClient,
) -> None:
    t = new_table(client, game="shamanking")
    j = join(client, t)
    tokens = {t["seat"]: t["token"], j["seat"]: j["token"]}
    with client.websocket_connect(ws_path(t["table"])) as ws:
        to_act = receive(ws)["to_act"]
    spectators = [client.websocket_connect(ws_path(t["table"])) for _ in range(30)]
    try:
        for s in spectators:
            s.__enter__()
            receive(s)
        with (
            client.websocket_connect(ws_path(t["table"], tokens[to_act])) as a,
            client.websocket_connect(ws_path(t["table"], tokens[to_act])) as b,
        ):
            first_a, first_b = receive(a), receive(b)
            assert first_a == first_b and first_a["legal"]
            move = first_a["legal"][0]["action"]
            a.send_json({"type": "act", "action": move, "seq": 0})
            assert receive(a)["seq"] == receive(b)["seq"] == 1
            b.send_json({"type": "act", "action": move, "seq": 0})  # the same click, late
            assert "stale action" in receive(b)["message"]
        for s in spectators:
            assert receive(s)["seq"] == 1
        # a client that sends its move and leaves at once: the move is made and kept
        with client.websocket_connect(ws_path(t["table"], tokens[1 - to_act])) as c:
            msg = receive(c)
            if msg["legal"]:
                c.send_json({"type": "act", "action": msg["legal"][0]["action"], "seq": 1})
        if msg["legal"]:
            deadline = time.monotonic() + 10
            while snapshot(client, t)["seq"] != 2:
                assert time.monotonic() < deadline, "the move of a client that left was lost"
        for s in spectators:
            if msg["legal"]:
                assert receive(s)["seq"] == 2
            s.send_json({"type": "ping"})
            assert receive(s) == {"type": "pong"}
    finally:
        for s in spectators:
            s.__exit__(None, None, None)


def test_a_replay_does_not_hold_up_the_database(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = new_table(client, seats=[HUMAN, agent("random")], options={"target_points": 5})
    with client.websocket_connect(ws_path(done["table"], done["token"])) as ws:
        msg = receive(ws)
        while msg["status"] != "finished":
            if msg["legal"]:
                ws.send_json(
                    {"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]}
                )
            msg = receive(ws)
    release = threading.Event()
    started = threading.Event()
    real = service_module.replay_table

    def slow_replay(*args: Any) -> dict[str, Any]:
        started.set()
        release.wait(15)
        return real(*args)

    monkeypatch.setattr(service_module, "replay_table", slow_replay)
    answer: list[int] = []
    reader = threading.Thread(
        target=lambda: answer.append(client.get(f"/api/tables/{done['table']}/replay").status_code)
    )
    reader.start()
    try:
        assert started.wait(15)
        t = new_table(client, seats=[HUMAN, agent("greedy")], seed=5)  # stores a table
        with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
            msg = receive(ws)
            while not msg["legal"]:
                msg = receive(ws)
            ws.send_json({"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]})
            assert receive(ws)["seq"] == msg["seq"] + 1  # stored while the replay runs
        assert not release.is_set() and reader.is_alive()
    finally:
        release.set()
        reader.join(30)
    assert answer == [200]


# ----- issue 27.5: server errors are 4xx or 503, never 500 -----------------------------------
def test_a_unicode_digit_view_is_a_bad_request() -> None:
    """``"²".isdigit()`` is true but ``int("²")`` fails: the view is refused in words."""
    from cardtable.server.replay import parse_view
    from cardtable.server.setup import BadRequest

    for view in ("²", "١", "0x1", "-1", "2"):
        with pytest.raises(BadRequest, match="view must be"):
            parse_view(view, 2)
    assert parse_view("1", 2) == 1


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_table_id_that_cannot_be_one_never_reaches_the_database(
    backend: str, request: pytest.FixtureRequest, tmp_path: Any
) -> None:
    """A NUL byte (PostgreSQL refuses it in text), a slash or 10,000 characters: 404 over
    HTTP, an error message and a close frame on the WebSocket."""
    from cardtable.server.app import create_app

    url = (
        f"sqlite:///{tmp_path / 'c.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("postgres").new_database()
    )
    with TestClient(create_app(url)) as c:
        for bad in ("a\x00b", "x" * 10_000, "é"):
            path = quote(bad, safe="")
            assert c.get("/api/tables/" + path).status_code == 404
            r = c.post(f"/api/tables/{path}/join", json={"invite": "x" * 32})
            assert r.status_code == 404
            with c.websocket_connect(ws_path(path)) as ws:
                msg = receive(ws)
                assert msg["type"] == "error" and len(msg["message"]) < 200


def test_a_locked_database_answers_503_to_create_and_join(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = new_table(client, seats=[HUMAN, HUMAN])
    store = service(client).store

    def locked(*args: Any) -> Any:
        raise OperationalError("UPDATE", {"seed": 12345}, Exception("database is locked"))

    monkeypatch.setattr(store, "create", locked)
    monkeypatch.setattr(store, "take_seat", locked)
    r = client.post("/api/tables", json={"game": "looney", "seats": [HUMAN, agent()]})
    assert r.status_code == 503 and "12345" not in r.text, r.text
    r = client.post(f"/api/tables/{t['table']}/join", json={"invite": invite(t)})
    assert r.status_code == 503 and "12345" not in r.text, r.text


def test_sql_parameters_stay_out_of_errors(sqlite_url: str) -> None:
    """Seeds and token hashes are SQL parameters: the engine never shows them."""
    from sqlalchemy import text

    from cardtable.server.storage import make_engine

    engine = make_engine(sqlite_url)
    with pytest.raises(Exception) as err, engine.connect() as conn:
        conn.execute(text("SELECT * FROM no_such_table WHERE x = :secret"), {"secret": "s3cr3t"})
    assert "s3cr3t" not in str(err.value)
