"""The WebSocket of docs/server-api.md: updates to seats and spectators, acting, and the
refusals (wrong token, another seat's turn, stale seq, illegal action) that change nothing."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, join, new_table, play_until, receive, ws_path
from starlette.websockets import WebSocketDisconnect

import cardtable


def two_people(client: TestClient, **body: Any) -> tuple[str, str, str]:
    """A running table of two people; (table, token of seat 0, token of seat 1)."""
    t = new_table(client, **body)
    j = join(client, t)
    return t["table"], t["token"], j["token"]


def snapshot(client: TestClient, table: str, token: str | None) -> dict[str, Any]:
    """The first update a new connection gets (the table as it stands)."""
    with client.websocket_connect(ws_path(table, token)) as ws:
        return receive(ws)


def test_a_wrong_token_or_table_is_refused(client: TestClient) -> None:
    table, _, _ = two_people(client)
    for path, message in (
        (ws_path(table, "not-a-token"), "not valid for table"),
        (ws_path("nope"), "no table 'nope'"),
    ):
        with client.websocket_connect(path) as ws:
            msg = receive(ws)
            assert msg["type"] == "error" and message in msg["message"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()


def test_seats_and_spectators_see_their_own_views(client: TestClient) -> None:
    table, tok0, tok1 = two_people(client)
    with (
        client.websocket_connect(ws_path(table, tok0)) as ws0,
        client.websocket_connect(ws_path(table, tok1)) as ws1,
        client.websocket_connect(ws_path(table)) as spec,
    ):
        m0, m1, ms = receive(ws0), receive(ws1), receive(spec)
        assert (m0["seat"], m1["seat"], ms["seat"]) == (0, 1, None)
        assert m0["status"] == "running" and m0["seq"] == 0
        to_act = m0["to_act"]
        assert m0["to_act"] == m1["to_act"] == ms["to_act"]
        acting, waiting = (m0, m1) if to_act == 0 else (m1, m0)
        assert acting["legal"] and waiting["legal"] == [] and ms["legal"] == []
        assert all(set(a) == {"action", "text", "words"} for a in acting["legal"])
        # a hand is a list for its owner and a count for everyone else
        assert isinstance(m0["observation"]["zones"]["p0.hand"], list)
        assert m1["observation"]["zones"]["p0.hand"] == len(m0["observation"]["zones"]["p0.hand"])
        assert ms["observation"]["zones"]["p0.hand"] == m1["observation"]["zones"]["p0.hand"]
        ws = ws0 if to_act == 0 else ws1
        ws.send_json({"type": "act", "action": acting["legal"][0]["action"], "seq": 0})
        for sock in (ws0, ws1, spec):
            u = receive(sock)
            assert u["type"] == "update" and u["seq"] == 1
            assert u["log"], "each view logs what it may see of the action"


def test_refusals_change_nothing(client: TestClient) -> None:
    table, tok0, tok1 = two_people(client)
    before = snapshot(client, table, None)
    to_act = before["to_act"]
    tokens = {0: tok0, 1: tok1}
    mine, other = tokens[to_act], tokens[1 - to_act]
    with (
        client.websocket_connect(ws_path(table, mine)) as ws,
        client.websocket_connect(ws_path(table, other)) as ws_other,
        client.websocket_connect(ws_path(table)) as spec,
    ):
        legal = [a["action"] for a in receive(ws)["legal"]]
        receive(ws_other), receive(spec)
        actions = cardtable.load_game("looney").num_distinct_actions()
        illegal = next(a for a in range(actions) if a not in legal)
        cases = [
            (ws_other, {"type": "act", "action": legal[0], "seq": 0}, f"it is P{to_act}'s turn"),
            (spec, {"type": "act", "action": legal[0], "seq": 0}, "spectator cannot act"),
            (ws, {"type": "act", "action": legal[0], "seq": 5}, "stale action"),
            (ws, {"type": "act", "action": illegal, "seq": 0}, "illegal action"),
            (ws, {"type": "act", "action": 10**9, "seq": 0}, "not an action of this game"),
            (ws, {"type": "act", "action": "1", "seq": 0}, "'action' must be"),
            (ws, {"type": "act", "action": legal[0]}, "'seq' must be"),
            (ws, {"type": "dance"}, "unknown message type"),
            (ws, {"type": "act", "action": -1, "seq": 0}, "not an action of this game"),
            (ws, {"type": "act", "action": 2**80, "seq": 0}, "not an action of this game"),
            (ws, {"type": "act", "action": 1.0, "seq": 0}, "'action' must be"),
            (ws, {"type": "act", "action": None, "seq": 0}, "'action' must be"),
            (ws, {"type": "act", "action": [legal[0]], "seq": 0}, "'action' must be"),
            (ws, {"type": "act", "action": True, "seq": 0}, "'action' must be"),
            (ws, {"type": "act", "action": legal[0], "seq": -1}, "stale action"),
            (ws, {"type": "act", "action": legal[0], "seq": "0"}, "'seq' must be"),
            (ws, {"action": legal[0], "seq": 0}, "unknown message type None"),
        ]
        for sock, msg, message in cases:
            sock.send_json(msg)
            reply = receive(sock)
            assert reply["type"] == "error" and message in reply["message"], (msg, reply)
        for raw, message in (
            ("{oops", "JSON object"),
            ("[1, 2]", "JSON object"),
            ("[" * 5_000, "nested too deep"),
            ("x" * 20_000, "at most 10000 characters"),
        ):
            ws.send_text(raw)
            reply = receive(ws)
            assert reply["type"] == "error" and message in reply["message"], reply
        ws.send_bytes(b"\xff\xfe{")
        assert "JSON object" in receive(ws)["message"]
        ws.send_json({"type": "ping"})
        assert receive(ws) == {"type": "pong"}
    assert snapshot(client, table, None) == before
    # the table still plays: the right seat, the right seq
    with client.websocket_connect(ws_path(table, mine)) as ws:
        receive(ws)
        ws.send_json({"type": "act", "action": legal[0], "seq": 0})
        assert receive(ws)["seq"] == 1


def test_a_refused_action_is_explained_in_the_connections_language(client: TestClient) -> None:
    """An illegal action, or a number that is no action, on a ``lang=ja`` connection: the
    error is in Japanese, the game's reason too; an English connection reads it as before."""
    table, tok0, tok1 = two_people(client)
    to_act = snapshot(client, table, None)["to_act"]
    token = (tok0, tok1)[to_act]
    with (
        client.websocket_connect(ws_path(table, token) + "&lang=ja") as ws,
        client.websocket_connect(ws_path(table, token)) as en,
    ):
        legal = [a["action"] for a in receive(ws)["legal"]]
        receive(en)
        illegal = next(a for a in range(200) if a not in legal)
        ws.send_json({"type": "act", "action": illegal, "seq": 0})
        ja = receive(ws)["message"]
        assert ja.startswith("今は選べない手 ") and "illegal" not in ja, ja
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja.split("：", 1)[1]), ja
        en.send_json({"type": "act", "action": illegal, "seq": 0})
        assert receive(en)["message"].startswith("illegal action ")
        ws.send_json({"type": "act", "action": 10**9, "seq": 0})
        assert receive(ws)["message"].endswith("はこのゲームの手ではない：手の番号は0から880まで")


def test_a_finished_table_refuses_actions(client: TestClient) -> None:
    t = new_table(client, seats=[HUMAN, agent("random")], seed=11, visibility="public")
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        end = play_until(ws, receive(ws), 10**6, random.Random(1))
        assert end["status"] == "finished" and end["to_act"] is None and end["legal"] == []
        assert end["result"] is not None and len(end["result"]) == 2
        ws.send_json({"type": "act", "action": 0, "seq": end["seq"]})
        assert "the game is over" in receive(ws)["message"]
    listed = client.get(f"/api/tables/{t['table']}").json()
    assert listed["result"] == end["result"]
    # the UI shows the game's own words, never the returns
    assert isinstance(end["result_text"], str) and "[" not in end["result_text"]
    assert listed["result_text"] == end["result_text"]
    ja = client.get(f"/api/tables/{t['table']}?lang=ja").json()["result_text"]
    assert ja != end["result_text"] and ("勝ち" in ja or "引き分け" in ja), ja
    lobby = client.get("/api/tables", headers={"accept-language": "ja"}).json()["finished"]
    assert [x["result_text"] for x in lobby if x["table"] == t["table"]] == [ja]
    replay = client.get(f"/api/tables/{t['table']}/replay?lang=ja").json()
    assert replay["result_text"] == ja
    with client.websocket_connect(ws_path(t["table"], t["token"]) + "&lang=ja") as ws:
        assert receive(ws)["result_text"] == ja
    assert client.get(f"/api/tables/{t['table']}?lang=fr").status_code == 400


def test_the_first_update_carries_the_whole_log_and_later_ones_only_new_lines(
    client: TestClient,
) -> None:
    t = new_table(client, seats=[HUMAN, agent("greedy")], seed=5)
    lines: list[str] = []
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        msg = receive(ws)
        lines += msg["log"]
        msg = play_until(ws, msg, 1, random.Random(2))
        lines += msg["log"]
        while msg["to_act"] != 0:  # the agent's moves arrive as their own updates
            msg = receive(ws)
            lines += msg["log"]
    again = snapshot(client, t["table"], t["token"])
    assert again["seq"] == msg["seq"] and again["log"] == lines


@pytest.mark.parametrize("game", cardtable.available_games())
def test_a_whole_game_against_an_agent(client: TestClient, game: str) -> None:
    t = new_table(client, game=game, seats=[HUMAN, agent("greedy")], seed=21, visibility="public")
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        end = play_until(ws, receive(ws), 10**6, random.Random(3))
    assert end["status"] == "finished"
    assert client.get("/api/tables").json()["finished"][0]["table"] == t["table"]


def test_the_seat_token_may_travel_as_a_subprotocol_not_in_the_address(client: TestClient) -> None:
    """Issue 27.6: the browser sends its seat's token as a WebSocket subprotocol (a header)
    instead of the query string, which proxies log; the server answers with ``cardtable``."""
    t = new_table(client, seats=[HUMAN, agent()], seed=1)
    protocols = ["cardtable", f"token.{t['token']}"]
    with client.websocket_connect(ws_path(t["table"]), subprotocols=protocols) as ws:
        assert ws.accepted_subprotocol == "cardtable"
        msg = receive(ws)
        assert msg["seat"] == 0
    with client.websocket_connect(ws_path(t["table"]), subprotocols=["cardtable", "token.x"]) as ws:
        assert receive(ws)["type"] == "error"  # a wrong token is refused as in the address
