"""The OpenAPI schema documents the API (issue 27.8): every POST's body, every route's
errors as ``{"error"}``, no FastAPI 422 (cardtable refuses with 400); a 405 names the
methods in ``Allow``; and the answers the fuzzer cannot reach (a finished table's replay,
summary and listing) have the shapes the schema declares."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, invite, new_table, receive, ws_path

from cardtable.server.api_models import CreateTable

jsonschema_rs = pytest.importorskip("jsonschema_rs")

ERRORS = "#/components/schemas/ErrorAnswer"


def conforms(openapi: dict[str, Any], path: str, method: str, status: int, data: Any) -> None:
    """``data`` is an answer the schema declares for ``method path`` with ``status``."""
    answer = openapi["paths"][path][method]["responses"][str(status)]
    schema = answer["content"]["application/json"]["schema"]
    validator = jsonschema_rs.validator_for({**schema, "components": openapi["components"]})
    errors = [str(e).splitlines()[0] for e in validator.iter_errors(data)]
    assert not errors, f"{method.upper()} {path} {status}: {errors[:3]}"


def test_every_post_declares_its_body_and_every_route_its_errors(client: TestClient) -> None:
    openapi = client.get("/openapi.json").json()
    schemas = openapi["components"]["schemas"]
    assert "HTTPValidationError" not in schemas
    posts = 0
    for path, item in openapi["paths"].items():
        for method, op in item.items():
            answers = op["responses"]
            assert "422" not in answers, f"{method} {path}"
            for status, answer in answers.items():
                if status.startswith("4") or status.startswith("5"):
                    got = answer["content"]["application/json"]["schema"]["$ref"]
                    assert got == ERRORS, f"{method} {path} {status}"
            if path.startswith("/api/"):
                assert "400" in answers, f"{method} {path}"
            if method == "post":
                posts += 1
                body = op["requestBody"]["content"]["application/json"]["schema"]["$ref"]
                assert body.rpartition("/")[2] in schemas
                assert "415" in answers and "400" in answers
    assert posts == 7  # tables, join, invites, deck check; the lab: new set, edit set, new run
    create = schemas["CreateTable"]
    assert {"game", "seats"} <= set(create["required"])
    games = {g["name"] for g in client.get("/api/games").json()}
    assert set(create["properties"]["game"]["enum"]) == games
    assert set(CreateTable.model_fields) <= set(create["properties"])


@pytest.mark.parametrize(
    ("method", "path", "allow"),
    [
        ("DELETE", "/api/games", "GET"),
        ("PUT", "/api/tables", "GET, POST"),
        ("GET", "/api/decks/check", "POST"),
        ("HEAD", "/api/tables/abc/join", "POST"),
        ("PATCH", "/api/tables/abc/replay", "GET"),
        ("POST", "/join/abc", "GET"),
        ("POST", "/index.html", "GET, HEAD"),
        ("DELETE", "/", "GET, HEAD"),
    ],
)
def test_a_405_names_the_methods_in_allow(
    client: TestClient, method: str, path: str, allow: str
) -> None:
    r = client.request(method, path)
    assert r.status_code == 405, r.text
    assert r.headers["allow"] == allow
    if method != "HEAD":
        assert r.json() == {"error": "Method Not Allowed", "message": "Method Not Allowed"}
        ja = client.request(method, path, headers={"Accept-Language": "ja"}).json()
        assert ja == {"error": "Method Not Allowed", "message": "このメソッドは使えない"}


def test_the_answers_of_a_finished_table_have_their_declared_shapes(client: TestClient) -> None:
    openapi = client.get("/openapi.json").json()
    t = new_table(client, game="goofspiel", seats=[HUMAN, agent("greedy")])
    conforms(openapi, "/api/tables", "post", 200, t)
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        receive(ws)
        ws.send_json({"type": "concede"})
        assert receive(ws)["status"] == "finished"
    table = t["table"]
    for path, view in [("/api/tables/{table}/replay", v) for v in ("public", "0", "all")]:
        r = client.get(f"/api/tables/{table}/replay", params={"view": view})
        conforms(openapi, path, "get", 200, r.json())
    conforms(openapi, "/api/tables/{table}", "get", 200, client.get(f"/api/tables/{table}").json())
    conforms(openapi, "/api/tables", "get", 200, client.get("/api/tables").json())
    j = new_table(client, game="goofspiel")
    conforms(openapi, "/api/tables", "post", 200, j)
    body = {"invite": invite(j)}
    joined = client.post(f"/api/tables/{j['table']}/join", json=body)
    conforms(openapi, "/api/tables/{table}/join", "post", 200, joined.json())
    again = client.post(f"/api/tables/{j['table']}/join", json=body)  # a spent invite
    assert again.status_code == 403
    conforms(openapi, "/api/tables/{table}/join", "post", 403, again.json())
    unfinished = client.get(f"/api/tables/{j['table']}/replay")
    assert unfinished.status_code == 409
    conforms(openapi, "/api/tables/{table}/replay", "get", 409, unfinished.json())
