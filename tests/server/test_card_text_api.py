"""The cards a table draws, in the language asked (``?lang=``, else Accept-Language): names
and rules text in Japanese or English, and stats without engine structures (issue 26)."""

from __future__ import annotations

from fastapi.testclient import TestClient

import cardtable


def test_cards_in_the_language_asked(client: TestClient) -> None:
    ja = client.get("/api/games/goofspiel/cards?lang=ja").json()
    assert ja["queen-of-diamonds"]["name"] == "ダイヤのQ"
    assert ja["queen-of-diamonds"]["rules"] == ["12点の賞品。"]
    by_header = client.get("/api/games/goofspiel/cards", headers={"Accept-Language": "ja"})
    assert by_header.json() == ja
    en = client.get("/api/games/goofspiel/cards").json()
    assert en["queen-of-diamonds"]["rules"] == ["A prize worth 12 points."]
    bad = client.get("/api/games/goofspiel/cards?lang=klingon")
    assert bad.status_code == 400 and "languages: en, ja" in bad.json()["error"]
    for name in cardtable.available_games():
        for card in client.get(f"/api/games/{name}/cards?lang=ja").json().values():
            assert all(not isinstance(v, dict) for v in card["stats"].values())
