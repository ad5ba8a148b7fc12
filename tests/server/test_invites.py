"""Issue 27.3: a table's id lets one watch; only an invite gives a seat.

Each free human seat of a new table has its own invite (random, stored hashed, spent when
used); the host chooses whether the lobby lists the table (``public``) or not (``private``,
the default). Joining with the id alone, a wrong invite or a spent one changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, invite, join, new_table, receive, ws_path
from sqlalchemy import create_engine, text

from cardtable.server.app import create_app

THREE = [HUMAN, HUMAN, HUMAN]


def seats(client: TestClient, table: str) -> list[dict[str, Any]]:
    """The table's seats as its summary lists them."""
    found: list[dict[str, Any]] = client.get(f"/api/tables/{table}").json()["seats"]
    return found


def join_with(client: TestClient, table: str, body: dict[str, Any]) -> Any:
    """POST a join request."""
    return client.post(f"/api/tables/{table}/join", json=body)


def test_the_table_id_alone_takes_no_seat(client: TestClient) -> None:
    t = new_table(client, game="shamanking")
    before = client.get(f"/api/tables/{t['table']}").json()
    for body in ({}, {"seat": 0}, {"invite": ""}, {"invite": None}):
        r = join_with(client, t["table"], body)
        assert r.status_code == 403 and "needs an invite" in r.json()["error"], r.text
    assert client.get(f"/api/tables/{t['table']}").json() == before


def test_a_wrong_or_spent_invite_takes_no_seat(client: TestClient) -> None:
    t = new_table(client, game="looney", seats=THREE, options={"players": 3})
    other = new_table(client, game="looney")
    assert [i["seat"] for i in t["invites"]] == [1, 2]
    assert len({i["invite"] for i in t["invites"]} | {t["token"]}) == 3
    for wrong in (invite(other), t["token"], invite(t, 1)[:-1], invite(t, 1) + "x"):
        r = join_with(client, t["table"], {"invite": wrong})
        assert r.status_code == 403 and "not valid" in r.json()["error"], wrong
    assert [s["taken"] for s in seats(client, t["table"])] == [True, False, False]
    # each invite is for its own seat; once used it is spent
    assert join(client, t, seat=2)["seat"] == 2
    spent = join_with(client, t["table"], {"invite": invite(t, 2)})
    assert spent.status_code == 403 and "not valid" in spent.json()["error"]
    assert [s["taken"] for s in seats(client, t["table"])] == [True, False, True]
    assert join(client, t, seat=1)["seat"] == 1
    assert client.get(f"/api/tables/{t['table']}").json()["status"] == "running"


def test_an_invite_is_not_a_seat_token(client: TestClient) -> None:
    t = new_table(client, game="goofspiel")
    with client.websocket_connect(ws_path(t["table"], invite(t))) as ws:
        msg = receive(ws)
    assert msg["type"] == "error" and "not valid" in msg["message"]


def test_private_tables_are_not_listed_but_may_be_watched(client: TestClient) -> None:
    private = new_table(client, game="goofspiel")
    assert private["visibility"] == "private"  # the default
    solo = new_table(client, game="goofspiel", seats=[HUMAN, agent("random")])
    public = new_table(client, game="goofspiel", visibility="public")
    lists = client.get("/api/tables").json()
    listed = {row["table"] for rows in lists.values() for row in rows}
    assert listed == {public["table"]}
    for t in (private, solo):
        assert client.get(f"/api/tables/{t['table']}").json()["visibility"] == "private"
        with client.websocket_connect(ws_path(t["table"])) as ws:  # the id lets one watch
            msg = receive(ws)
        assert msg["type"] == "update" and msg["seat"] is None
    r = client.post(
        "/api/tables",
        json={"game": "goofspiel", "seats": [HUMAN, HUMAN]} | {"visibility": "everyone"},
    )
    assert r.status_code == 400 and "field 'visibility'" in r.json()["error"]


def test_a_finished_public_table_stays_listed_for_its_replay(client: TestClient) -> None:
    done = []
    for visibility in ("public", "private"):
        t = new_table(client, game="goofspiel", visibility=visibility)
        j = join(client, t)
        with client.websocket_connect(ws_path(t["table"], j["token"])) as ws:
            receive(ws)
            ws.send_json({"type": "concede"})
            assert receive(ws)["status"] == "finished"
        done.append(t["table"])
    finished = [row["table"] for row in client.get("/api/tables").json()["finished"]]
    assert finished == [done[0]]
    assert client.get(f"/api/tables/{done[1]}/replay").status_code == 200  # by its id


def test_200_guessed_joins_take_no_seat(client: TestClient) -> None:
    """The attack of the issue: 200 open seats were taken in 0.4 s with the lobby's ids."""
    tables = [new_table(client, game="goofspiel", visibility="public") for _ in range(4)]
    listed = [row["table"] for row in client.get("/api/tables").json()["open"]]
    assert sorted(listed) == sorted(t["table"] for t in tables)
    codes: set[int] = set()
    for i in range(200):
        table = listed[i % len(listed)] if i % 2 else secrets.token_urlsafe(9)
        body = {} if i % 5 == 0 else {"invite": secrets.token_urlsafe(24)}
        codes.add(join_with(client, table, body).status_code)
    assert codes <= {403, 404}, codes
    for t in tables:
        assert [s["taken"] for s in seats(client, t["table"])] == [True, False]
        assert join(client, t)["seat"] == 1  # the real invite still works


def test_an_older_database_opens_and_keeps_its_tables_listed(db_url: str) -> None:
    """A database made before invites and visibility: the Store adds the column on start,
    the tables it had stay listed (they were public already) and a free seat without an
    invite can no longer be taken."""
    with TestClient(create_app(db_url)) as c:
        old = new_table(c, game="goofspiel", visibility="public")
    engine = create_engine(db_url)
    with engine.begin() as conn:  # back to the old schema and seats
        conn.execute(text("ALTER TABLE tables DROP COLUMN visibility"))
        seats_json = '[{"kind": "human", "spec": null, "token_hash": "h", "taken": true}, '
        seats_json += '{"kind": "human", "spec": null, "token_hash": null, "taken": false}]'
        conn.execute(text("UPDATE tables SET seats = :s"), {"s": seats_json})
    engine.dispose()
    with TestClient(create_app(db_url)) as c:
        assert [r["table"] for r in c.get("/api/tables").json()["open"]] == [old["table"]]
        assert c.get(f"/api/tables/{old['table']}").json()["visibility"] == "public"
        r = join_with(c, old["table"], {"invite": invite(old)})
        assert r.status_code == 403
        fresh = new_table(c, game="goofspiel")
        assert join(c, fresh)["seat"] == 1
        assert c.get("/api/tables").json()["open"][0]["table"] == old["table"]


def renew(client: TestClient, table: str, body: dict[str, Any]) -> Any:
    """POST a request for new invites."""
    return client.post(f"/api/tables/{table}/invites", json=body)


def test_a_host_who_lost_the_links_gets_new_ones(client: TestClient) -> None:
    t = new_table(client, game="looney", seats=THREE, options={"players": 3})
    r = renew(client, t["table"], {"token": t["token"]})
    assert r.status_code == 200, r.text
    fresh = r.json() | {"table": t["table"]}
    assert [i["seat"] for i in fresh["invites"]] == [1, 2]
    assert fresh["invites"][0]["link"] == f"/join/{t['table']}#invite={invite(fresh, 1)}"
    for old in (invite(t, 1), invite(t, 2)):  # the earlier links stop working
        assert join_with(client, t["table"], {"invite": old}).status_code == 403
    guest = join(client, fresh, seat=1)
    # anyone seated may renew the links of the seats still free
    again = renew(client, t["table"], {"token": guest["token"]}).json()
    assert [i["seat"] for i in again["invites"]] == [2]
    assert join_with(client, t["table"], {"invite": invite(fresh, 2)}).status_code == 403
    assert join(client, again | {"table": t["table"]})["seat"] == 2
    done = renew(client, t["table"], {"token": t["token"]})  # no seat is free: running
    assert done.status_code == 409 and "running" in done.json()["error"]


def test_new_links_need_a_seat_token_of_the_table(client: TestClient) -> None:
    t = new_table(client, game="goofspiel")
    other = new_table(client, game="goofspiel")
    before = client.get(f"/api/tables/{t['table']}").json()
    for body in ({}, {"token": ""}, {"token": other["token"]}, {"token": invite(t)}):
        r = renew(client, t["table"], body)
        assert r.status_code == 403 and "seat token" in r.json()["error"], (body, r.text)
    assert renew(client, t["table"], {"token": 7}).status_code == 400
    assert renew(client, "nosuchtable1", {"token": t["token"]}).status_code == 404
    assert client.get(f"/api/tables/{t['table']}").json() == before
    assert join(client, t)["seat"] == 1  # the first link still works
