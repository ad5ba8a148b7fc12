"""Conceding a running table (the conceder loses, the result is stored) and tables abandoned
by every seat's person (listed as abandoned, not running for ever)."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, join, new_table, receive, ws_path

from cardtable.server.app import create_app


def test_a_seat_concedes_and_the_other_wins(client: TestClient) -> None:
    t = new_table(client, game="goofspiel", visibility="public")
    # an open table cannot be conceded
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        receive(ws)
        ws.send_json({"type": "concede"})
        assert "waiting for players" in receive(ws)["message"]
    j = join(client, t)
    with (
        client.websocket_connect(ws_path(t["table"], t["token"])) as ws0,
        client.websocket_connect(ws_path(t["table"], j["token"])) as ws1,
        client.websocket_connect(ws_path(t["table"])) as spec,
    ):
        first = receive(ws0), receive(ws1), receive(spec)
        assert all(m["status"] == "running" for m in first)
        spec.send_json({"type": "concede"})  # a spectator has no seat to concede
        assert "spectator cannot concede" in receive(spec)["message"]
        assert client.get(f"/api/tables/{t['table']}").json()["status"] == "running"
        ws1.send_json({"type": "concede"})
        ends = receive(ws0), receive(ws1), receive(spec)
        assert all(m["status"] == "finished" and m["result"] == [1.0, -1.0] for m in ends)
        assert all(m["result_text"] == "P1 conceded the game" for m in ends)
        assert ends[0]["legal"] == [] and ends[0]["to_act"] is None
        ws0.send_json({"type": "concede"})  # too late: the game is over
        assert "the game is over" in receive(ws0)["message"]
        ws0.send_json({"type": "act", "action": 0, "seq": first[0]["seq"]})
        assert "the game is over" in receive(ws0)["message"]
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "finished" and summary["result"] == [1.0, -1.0]
    assert [s.get("conceded", False) for s in summary["seats"]] == [False, True]
    assert summary["result_text"] == "P1 conceded the game"
    listed = client.get("/api/tables").json()
    assert t["table"] in [s["table"] for s in listed["finished"]]
    assert client.get(f"/api/tables/{t['table']}/replay").status_code == 200


def test_a_table_nobody_comes_back_to_is_abandoned(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 't.db'}", abandon_after=0.4)
    with TestClient(app) as client:
        left = new_table(
            client, game="goofspiel", seats=[HUMAN, agent("random")], visibility="public"
        )
        kept = new_table(client, game="goofspiel", seats=[HUMAN, agent("random")])
        with client.websocket_connect(ws_path(kept["table"], kept["token"])) as ws:
            receive(ws)
            deadline = time.monotonic() + 10
            while client.get(f"/api/tables/{left['table']}").json()["status"] != "abandoned":
                assert time.monotonic() < deadline, "the table was never abandoned"
                time.sleep(0.1)
            time.sleep(0.6)  # the table with its person connected is kept
            assert client.get(f"/api/tables/{kept['table']}").json()["status"] == "running"
        listed = client.get("/api/tables").json()
        assert left["table"] in [s["table"] for s in listed["abandoned"]]
        assert left["table"] not in [s["table"] for s in listed["running"]]
        # a seat that comes back finds it over and cannot act
        with client.websocket_connect(ws_path(left["table"], left["token"])) as ws:
            msg = receive(ws)
            assert msg["status"] == "abandoned" and msg["legal"] == []
            ws.send_json({"type": "concede"})
            assert "nobody came back" in receive(ws)["message"]
