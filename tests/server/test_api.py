"""The HTTP API of docs/server-api.md: games, cards, deck checks, tables, seats, replays; a bad
request gets a clear error and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, join, new_table, receive, ws_path

import cardtable


def starter_text(game: str, name: str | None = None) -> str:
    g = cardtable.load_game(game)
    decks = g.starter_decks()
    deck = decks[name or next(iter(decks))]
    return yaml.safe_dump(deck.to_dict(), sort_keys=False)


def one_card_deck_text() -> str:
    g = cardtable.load_game("looney")
    d = g.starter_decks()["starter-rainbow"].to_dict()
    d["personal"] = {"taz-whirlwind": 1}
    return yaml.safe_dump(d)


def test_games_lists_every_game_with_options_decks_and_agents(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/games").json()}
    assert sorted(games) == cardtable.available_games()
    looney = games["looney"]
    assert looney["title"] and looney["min_players"] == 2 and looney["max_players"] == 4
    assert looney["options"]["target_points"]["default"] == 40
    assert looney["options"]["target_points"]["description"]
    assert set(looney["options"]["role_limit"]["choices"]) == {"once", "unlimited", "when-stuck"}
    assert "cards" not in looney["options"]  # names server files: not for clients
    # the small example game is marked, so the lobby lists it after the real games
    assert [n for n, g in games.items() if g["example"]] == ["goofspiel"]
    for g in games.values():
        assert g["decks"], g["name"]
        assert {a["spec"] for a in g["agents"]} >= {"random", "greedy", "ismcts"}
    # opponents by difficulty, weakest first, Easy by default; the search levels give each
    # game's own budget
    sk = games["shamanking"]["agents"]
    assert [a["level"] for a in sk] == ["beginner", "easy", "medium", "hard", "expert"]
    assert [a["level"] for a in sk if a["default"]] == ["easy"]
    labels = {a["spec"]: a["label"] for a in sk}
    assert labels["ismcts"].startswith("Hard") and "up to 1,500 simulations" in labels["ismcts"]
    assert "2,000 simulations" in labels["ismcts:iterations=2000"]
    assert any("200 simulations" in a["label"] for a in looney["agents"])
    ja = client.get("/api/games", headers={"Accept-Language": "ja"}).json()
    assert ja[0]["agents"][0]["label"].startswith("入門")
    wc = {g["name"]: g for g in ja}["wcrugby"]["deck_words"]["starter-mixed-gender"]
    assert wc["name"] == "男女混合ライン" and "女子選手" in wc["description"]
    en = games["wcrugby"]["deck_words"]["starter-mixed-gender"]
    assert en["name"] == "Mixed-Gender Line" and en["description"].startswith("Female")


def test_a_table_takes_a_preset_and_options_that_override_it(client: TestClient) -> None:
    """The lobby offers a game's presets as the option 'preset'; a table made with one keeps
    the options it expands to, with those given beside it winning; an unknown one is a 400
    naming the known ones."""
    rawdeal = {g["name"]: g for g in client.get("/api/games").json()}["rawdeal"]
    preset = rawdeal["options"]["preset"]
    assert preset["default"] is None and preset["choices"] == [None, "classic"]
    assert "pinfall=official" in preset["description"]
    options = {"preset": "classic", "pinfall": "seed"}
    t = new_table(client, "rawdeal", seats=[HUMAN, agent()], options=options)
    kept = client.get(f"/api/tables/{t['table']}").json()["options"]
    assert kept["backlash"] == "classic" and kept["pinfall"] == "seed" and "preset" not in kept
    r = client.post(
        "/api/tables",
        json={"game": "rawdeal", "seats": [HUMAN, HUMAN], "options": {"preset": "modern"}},
    )
    assert r.status_code == 400 and "known presets: classic" in r.json()["error"]


def test_cards_of_every_game(client: TestClient) -> None:
    for name in cardtable.available_games():
        cards = client.get(f"/api/games/{name}/cards").json()
        game = cardtable.load_game(name)
        assert set(cards) == set(game.card_ids)
        for cid, card in cards.items():
            assert card["name"] and card["kind"] == game.card_pool.get(cid).type
            assert isinstance(card["text"], str) and isinstance(card["stats"], dict)
    looney = client.get("/api/games/looney/cards").json()
    assert looney["taz-whirlwind"]["colour"] and "rank" in looney["taz-whirlwind"]["stats"]
    r = client.get("/api/games/chess/cards")
    assert r.status_code == 404 and "available games" in r.json()["error"]


def test_deck_check(client: TestClient) -> None:
    ok = client.post("/api/decks/check", json={"game": "looney", "text": starter_text("looney")})
    assert ok.status_code == 200
    assert ok.json()["ok"] and ok.json()["problems"] == [] and ok.json()["deck"]["game"] == "looney"
    bad = client.post("/api/decks/check", json={"game": "looney", "text": one_card_deck_text()})
    assert not bad.json()["ok"]
    assert [p["rule"] for p in bad.json()["problems"]] == ["LT-1.1"]
    broken = "game: looney\nname: x\npersonal: {taz-whirlwind: 2\n"
    res = client.post("/api/decks/check", json={"game": "looney", "text": broken}).json()
    assert not res["ok"] and res["deck"] is None
    assert res["problems"][0]["rule"] == "file" and "line" in res["problems"][0]["message"]
    unknown = "game: looney\nname: x\npersonal:\n  no-such-card: 3\n"
    res = client.post("/api/decks/check", json={"game": "looney", "text": unknown}).json()
    assert "no-such-card" in res["problems"][0]["message"]
    r = client.post("/api/decks/check", json={"game": "looney"})
    assert r.status_code == 400 and "text" in r.json()["error"]
    r = client.post("/api/decks/check", json={"game": "chess", "text": "x"})
    assert r.status_code == 400 and "available games" in r.json()["error"]


BAD_TABLES: list[tuple[dict[str, Any], str]] = [
    ({"game": "chess", "seats": [HUMAN, HUMAN]}, "unknown game 'chess'"),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "options": {"colour": 2}}, "valid options"),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "options": {"target_points": "many"}},
        "option 'target_points'",
    ),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "options": {"players": 3}}, "one seat per"),
    ({"game": "looney", "seats": [HUMAN] * 7}, "players"),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "options": {"cards": "/etc"}}, "'cards'"),
    ({"game": "looney", "seats": [HUMAN, agent("wizard")]}, "unknown agent 'wizard'"),
    ({"game": "looney", "seats": [HUMAN, agent("greedy:depth=3")]}, "bad parameter"),
    ({"game": "looney", "seats": [HUMAN, agent("ismcts:iterations=99999")]}, "at most"),
    ({"game": "looney", "seats": [HUMAN, agent("ismcts:c=-1")]}, "must not be negative"),
    ({"game": "looney", "seats": [agent(), agent()]}, "at least one human seat"),
    ({"game": "looney", "seats": [HUMAN, {"kind": "robot"}]}, "seat 1: 'kind'"),
    ({"game": "looney", "seats": []}, "field 'seats'"),
    ({"game": "looney", "seats": [agent(), HUMAN]}, "seat 0 is an agent's"),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "seat": 5}, "field 'seat'"),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "seed": -1}, "field 'seed'"),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "decks": [None]}, "one deck per seat"),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "decks": [None, "starter-nothing"]},
        "no starter deck 'starter-nothing'",
    ),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "decks": [None, "game: looney\nname: [x\n"]},
        "deck of seat 1: line",
    ),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "decks": ["ONE_CARD", None]},
        "deck of seat 0: deck 'Rainbow Revue' is not legal: LT-1.1",
    ),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "decks": [3, None]}, "field 'decks'"),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "decks": [None, "x" * 100_001]},
        "deck of seat 1: the deck text is longer than 100000 characters",
    ),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "seed": 4},
        "field 'seed': only a table with one person takes a seed",
    ),
    (
        {"game": "looney", "seats": [HUMAN, HUMAN], "options": {"target_points": True}},
        "option 'target_points'",
    ),
    ({"game": "looney", "seats": [HUMAN, HUMAN], "options": {"players": "2"}}, "'players'"),
    ({"game": "looney", "seats": [HUMAN, "human"]}, "field 'seats'"),
    ({"game": ["looney"], "seats": [HUMAN, HUMAN]}, "field 'game'"),
]


@pytest.mark.parametrize(("body", "message"), BAD_TABLES)
def test_a_bad_table_request_is_refused_and_stores_nothing(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    if body.get("decks") and body["decks"][0] == "ONE_CARD":
        body = body | {"decks": [one_card_deck_text(), None]}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400, r.text
    assert message in r.json()["error"]
    assert len(r.json()["error"]) < 1000  # says what is wrong, without echoing the request
    assert client.get("/api/tables").json() == {
        "open": [],
        "running": [],
        "finished": [],
        "abandoned": [],
    }


def test_malformed_bodies(client: TestClient) -> None:
    r = post_raw(client, b"{not json")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tables", json=[1, 2])
    assert r.status_code == 400 and "JSON object" in r.json()["error"]
    r = post_raw(client, b"[" * 100_000)
    assert r.status_code == 400 and "nested too deep" in r.json()["error"]
    r = post_raw(client, b'{"game": "looney", "x": "' + b"y" * 900_000 + b'"}')
    assert r.status_code == 400 and "body is longer than" in r.json()["error"]
    r = post_raw(client, b"\xff\xfe")
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/api/tables/nope/join", json={"invite": 1})
    assert r.status_code == 400 and "field 'invite'" in r.json()["error"]
    assert client.get("/api/tables/nope").status_code == 404
    r = client.post("/api/tables/nope/join", json={"invite": "x" * 32})
    assert r.status_code == 404 and "no table" in r.json()["error"]


def post_raw(client: TestClient, body: bytes) -> Any:
    """POST bytes declared as JSON to /api/tables."""
    return client.post("/api/tables", content=body, headers={"content-type": "application/json"})


def test_posts_must_be_json(client: TestClient) -> None:
    """Issue 27.6: a cross-site form or text/plain POST (which a browser sends without
    asking) is refused with 415 and creates nothing; an empty join needs JSON too."""
    body = b'{"game": "looney", "seats": [{"kind": "human"}, {"kind": "agent", "spec": "random"}]}'
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", None):
        headers = {"content-type": kind} if kind else {}
        r = client.post("/api/tables", content=body, headers=headers)
        assert r.status_code == 415 and "Content-Type: application/json" in r.json()["error"]
    assert client.get("/api/tables").json()["open"] == []
    t = client.post(
        "/api/tables", content=body, headers={"content-type": "application/json; charset=utf-8"}
    )
    assert t.status_code == 200
    assert client.post(f"/api/tables/{t.json()['table']}/join").status_code == 415


def test_websockets_open_only_from_the_servers_own_pages(sqlite_url: str) -> None:
    """Issue 27.6: a browser page of another site may not open a table's WebSocket (the
    browser sends its Origin); the server's own pages, programs (no Origin) and the sites
    given to --allow-origin may."""
    from cardtable.server.app import create_app

    with TestClient(create_app(sqlite_url, origins=("https://friends.example",))) as c:
        t = new_table(c)
        path = f"/ws/tables/{t['table']}?token={t['token']}"
        for origin, ok in [
            (None, True),
            ("http://testserver", True),
            ("https://friends.example", True),
            ("https://evil.example", False),
            ("http://testserver.evil.example", False),
        ]:
            headers = {"origin": origin} if origin else {}
            with c.websocket_connect(path, headers=headers) as ws:
                msg = ws.receive_json()
                assert (msg["type"] == "update") is ok, (origin, msg)


def test_the_creators_seat_is_stored_with_the_table_in_one_write(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server killed between storing a table and giving its creator the seat would leave
    a table nobody holds; so both are one write."""
    store = client.app.state.service.store  # type: ignore[attr-defined]

    def second_write(*_args: Any) -> None:
        raise AssertionError("creating a table took a second write")

    monkeypatch.setattr(store, "take_seat", second_write)
    t = new_table(client, seat=1)
    seats = client.get(f"/api/tables/{t['table']}").json()["seats"]
    assert seats == [{"kind": "human", "taken": False}, {"kind": "human", "taken": True}]
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        assert receive(ws)["seat"] == 1


def test_create_join_and_list(client: TestClient) -> None:
    t = new_table(client, seat=1, visibility="public")
    assert t["seat"] == 1 and len(t["token"]) >= 24
    [inv] = t["invites"]
    assert inv["seat"] == 0 and len(inv["invite"]) >= 32 and inv["invite"] != t["token"]
    assert inv["link"] == f"/join/{t['table']}#invite={inv['invite']}"
    assert t["watch"] == f"/table/{t['table']}?watch=1" and t["visibility"] == "public"
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "open" and summary["visibility"] == "public"
    assert summary["seats"] == [{"kind": "human", "taken": False}, {"kind": "human", "taken": True}]
    assert "seed" not in summary and "token" not in str(summary) and "invite" not in str(summary)
    lists = client.get("/api/tables").json()
    assert [s["table"] for s in lists["open"]] == [t["table"]]
    j = join(client, t)
    assert j["seat"] == 0 and j["token"] != t["token"]
    assert client.get(f"/api/tables/{t['table']}").json()["status"] == "running"
    again = client.post(f"/api/tables/{t['table']}/join", json={"invite": inv["invite"]})
    assert again.status_code == 403 and "not valid" in again.json()["error"]
    assert [s["table"] for s in client.get("/api/tables").json()["running"]] == [t["table"]]


def test_agent_seat_is_taken_and_listed_with_its_spec(client: TestClient) -> None:
    t = new_table(client, seats=[HUMAN, agent("greedy")])
    summary = client.get(f"/api/tables/{t['table']}").json()
    assert summary["status"] == "running"  # the only human seat is the creator's
    assert summary["seats"][1] == {"kind": "agent", "taken": True, "spec": "greedy"}
    r = client.post(f"/api/tables/{t['table']}/join", json={"invite": "x" * 32})
    assert r.status_code == 403 and t["invites"] == []


def test_decks_by_starter_name_and_by_text(client: TestClient) -> None:
    g = cardtable.load_game("looney")
    names = list(g.starter_decks())
    text = starter_text("looney", names[2])
    t = new_table(client, decks=[names[3], text])
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        first = receive(ws)
    assert first["status"] == "open" and first["legal"] == [] and first["to_act"] is None
    hand = first["observation"]["zones"]["p0.hand"]
    deck0 = g.starter_decks()[names[3]]
    assert set(hand) <= set(deck0.cards("personal"))


def test_replay_only_for_finished_tables_from_each_view(client: TestClient) -> None:
    t = new_table(client, seats=[HUMAN, agent("random")], seed=3)
    assert client.get(f"/api/tables/{t['table']}/replay").status_code == 409
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        msg = receive(ws)
        while msg["status"] != "finished":
            if msg["legal"]:
                ws.send_json(
                    {"type": "act", "action": msg["legal"][-1]["action"], "seq": msg["seq"]}
                )
            msg = receive(ws)
    seq = msg["seq"]
    views = {}
    for view in ("0", "1", "public", "all"):
        r = client.get(f"/api/tables/{t['table']}/replay", params={"view": view})
        assert r.status_code == 200, r.text
        views[view] = r.json()
        assert len(views[view]["steps"]) == seq
        assert views[view]["record"]["result"] == msg["result"]
    # what seat 0 saw at the end is what its replay shows at the end
    assert views["0"]["steps"][-1]["observation"] == msg["observation"]
    assert views["1"]["steps"][-1]["observation"]["zones"] != msg["observation"]["zones"]
    assert views["public"]["initial"]["zones"]["p0.hand"] == 6  # a count: hidden
    assert len(views["all"]["steps"][0]["observations"]) == 2
    record = views["all"]["record"]
    assert record["seed"] == 3 and record["players"] == ["human", "random"]
    assert record["actions"] == [s["action"] for s in views["all"]["steps"]]
    bad = client.get(f"/api/tables/{t['table']}/replay", params={"view": "7"})
    assert bad.status_code == 400 and "view must be" in bad.json()["error"]


def test_single_page_routes_serve_the_client(client: TestClient) -> None:
    index = client.get("/").text
    for page in ("join", "table", "replay"):
        r = client.get(f"/{page}/abc123")
        assert r.status_code == 200 and r.text == index
    assert client.get("/no/such/page").status_code == 404


def test_each_game_serves_its_own_browser_module(client: TestClient) -> None:
    """`/games/<game>.js` is the file its game declares, found through the registry."""
    for name in cardtable.available_games():
        r = client.get(f"/games/{name}.js")
        assert r.status_code == 200, name
        assert r.headers["content-type"].startswith("text/javascript")
        assert "export default" in r.text
    from cardtable.core.registry import game_class

    path = game_class("looney").browser_module
    assert path is not None and client.get("/games/looney.js").text == path.read_text()


@pytest.mark.parametrize(
    "url",
    [
        "/games/nosuchgame.js",
        "/games/..%2F..%2Fcore%2Fgame.py.js",
        "/games/..%2Fweb%2Fjs%2Fapp.js",
        "/games/looney.py",
        "/games/looney/game.py",
        "/games/%2e%2e.js",
        "/games/looney.js%00.py",
        "/games/__init__.js",
    ],
)
def test_a_game_module_path_trick_is_refused(client: TestClient, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 404, (url, r.text[:200])
    assert "export default" not in r.text and "import " not in r.text


def test_every_level_of_every_game_has_its_measured_elo() -> None:
    """server/opponents.json (tools/rate_opponents.py) rates exactly the levels the lobby
    offers: a change of a game's default search must be measured again."""
    from cardtable.core.registry import game_class
    from cardtable.server.opponents import levels, measured, offered

    rated = measured()
    for name in cardtable.available_games():
        specs = {level.spec for level in levels(game_class(name))}
        assert set(rated[name]["levels"]) == specs, name
        for entry in offered(game_class(name)):
            assert entry["elo_low"] <= entry["elo"] <= entry["elo_high"], (name, entry)
            assert f"(Elo {entry['elo']})" in entry["label"]
