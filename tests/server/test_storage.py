"""Storage on SQLite and on a real PostgreSQL: rows round-trip, an action index is stored
once (two writers cannot both store action n), a restarted server finds its games where they
were, and two servers on one database stay consistent."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, join, new_table, play_until, receive, ws_path

from cardtable.server.app import create_app
from cardtable.server.storage import (
    FINISHED,
    OPEN,
    RUNNING,
    ActionConflict,
    BadInvite,
    Store,
    TableRow,
)


def a_row(table_id: str = "t1") -> TableRow:
    return TableRow(
        id=table_id,
        game="looney",
        options={"players": 2},
        seed=5,
        decks=None,
        seats=[
            {"kind": "human", "spec": None, "token_hash": None, "taken": False, "invite_hash": "i"},
            {"kind": "agent", "spec": "greedy", "token_hash": None, "taken": True},
        ],
        status=OPEN,
        created=time.time(),
    )


def test_rows_round_trip_and_an_action_index_is_stored_once(db_url: str) -> None:
    store = Store(db_url)
    other = Store(db_url)  # a second server process on the same database
    try:
        store.create(a_row())
        with pytest.raises(BadInvite):
            store.take_seat("t1", "wrong", "h" * 64)
        seat, row = store.take_seat("t1", "i", "h" * 64)
        assert seat == 0 and row.status == RUNNING and row.seats[0]["invite_hash"] is None
        with pytest.raises(BadInvite):  # the invite is spent
            other.take_seat("t1", "i", "x" * 64)
        store.append_action("t1", 0, 17, 0, None)
        with pytest.raises(ActionConflict):
            other.append_action("t1", 0, 99, 0, None)
        other.append_action("t1", 1, 4, 1, [1.0, -1.0])
        loaded = store.load("t1")
        assert loaded is not None
        assert loaded.actions == [17, 4]
        assert loaded.status == FINISHED and loaded.result == [1.0, -1.0]
        assert loaded.seats[0]["token_hash"] == "h" * 64 and loaded.seats[0]["taken"]
        assert loaded.options == {"players": 2} and loaded.seed == 5
        assert [r.id for r in store.summaries((FINISHED,))] == ["t1"]
        assert store.ids_with_status((OPEN, RUNNING)) == []
        assert store.load("nope") is None
    finally:
        store.close()
        other.close()


def test_a_restarted_server_finds_every_game_where_it_was(db_url: str) -> None:
    rng = random.Random(4)
    with TestClient(create_app(db_url)) as client:
        listed = {"visibility": "public"}
        vs_agent = new_table(client, seats=[HUMAN, agent("greedy")], seed=9, **listed)
        two = new_table(client, game="shamanking", **listed)
        j = join(client, two)
        with client.websocket_connect(ws_path(vs_agent["table"], vs_agent["token"])) as ws:
            m = play_until(ws, receive(ws), 12, rng)
            while m["to_act"] != 0 and m["status"] == "running":
                m = receive(ws)
        tokens = {two["seat"]: two["token"], j["seat"]: j["token"]}
        for _ in range(6):
            m = _first(client, two["table"], None)
            with client.websocket_connect(ws_path(two["table"], tokens[m["to_act"]])) as ws:
                m = receive(ws)
                ws.send_json({"type": "act", "action": m["legal"][-1]["action"], "seq": m["seq"]})
                assert receive(ws)["seq"] == m["seq"] + 1
        waiting = new_table(client, game="wcrugby", **listed)
        before = {
            (table, token): _first(client, table, token)
            for table, token in [
                (vs_agent["table"], vs_agent["token"]),
                (two["table"], tokens[0]),
                (two["table"], tokens[1]),
                (two["table"], None),
                (waiting["table"], waiting["token"]),
            ]
        }
    assert before[(two["table"], None)]["seq"] == 6
    assert before[(vs_agent["table"], vs_agent["token"])]["seq"] >= 12
    with TestClient(create_app(db_url)) as client:
        for (table, token), first in before.items():
            assert _first(client, table, token) == first  # seq, observation, legal, log
        lists = client.get("/api/tables").json()
        assert waiting["table"] in [t["table"] for t in lists["open"]]
        assert {t["table"] for t in lists["running"]} >= {vs_agent["table"], two["table"]}


def test_two_servers_on_one_database_never_store_two_different_actions(db_url: str) -> None:
    with TestClient(create_app(db_url)) as a, TestClient(create_app(db_url)) as b:
        t = new_table(a)
        j = join(a, t)
        tokens = {t["seat"]: t["token"], j["seat"]: j["token"]}
        # both servers load the table at seq 0
        first_a = _first(a, t["table"], None)
        first_b = _first(b, t["table"], None)
        assert first_a == first_b
        seat = first_a["to_act"]
        legal = _first(a, t["table"], tokens[seat])["legal"]
        with (
            a.websocket_connect(ws_path(t["table"], tokens[seat])) as wa,
            b.websocket_connect(ws_path(t["table"], tokens[seat])) as wb,
        ):
            receive(wa), receive(wb)
            wa.send_json({"type": "act", "action": legal[0]["action"], "seq": 0})
            assert receive(wa)["seq"] == 1
            # server b has not seen it: its insert of action 0 conflicts, it reloads
            wb.send_json({"type": "act", "action": legal[-1]["action"], "seq": 0})
            reload = receive(wb)
            assert reload["type"] == "update" and reload["seq"] == 1
            refused = receive(wb)
            assert refused["type"] == "error" and "changed meanwhile" in refused["message"]
        assert _first(a, t["table"], None) == _first(b, t["table"], None)


def _first(client: TestClient, table: str, token: str | None) -> dict[str, Any]:
    with client.websocket_connect(ws_path(table, token)) as ws:
        return receive(ws)


def test_a_deck_with_single_card_sections_round_trips() -> None:
    """Deck.to_dict (what records and tables store) reads back: Raw Deal's Superstar is a
    single-card section."""
    import cardtable

    game = cardtable.load_game("rawdeal")
    for deck in game.starter_decks().values():
        again = game.deck_from_dict(deck.to_dict(), "stored")
        assert again.sections == deck.sections
