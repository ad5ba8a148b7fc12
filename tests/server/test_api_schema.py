"""A 405 names the methods of the path in ``Allow`` (issue 27.8)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


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
        assert r.json() == {"error": "Method Not Allowed"}
