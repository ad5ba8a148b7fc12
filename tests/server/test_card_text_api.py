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


def test_page_messages_follow_the_language_asked(client: TestClient) -> None:
    by_header = client.get("/api/messages?game=goofspiel", headers={"Accept-Language": "ja"})
    ja = by_header.json()
    assert ja["lang"] == "ja"
    assert ja["messages"]["A prize worth {points} points."] == "{points}点の賞品。"
    assert ja["messages"]["yes"] == "はい"  # cardtable's own catalogue too
    chosen = client.get("/api/messages?lang=en", headers={"Accept-Language": "ja"}).json()
    assert chosen == {"lang": "en", "messages": {}}
    assert client.get("/api/messages?lang=xx").status_code == 400
    bad = client.get("/api/messages?game=" + "x" * 5000)
    assert bad.status_code == 400 and len(bad.json()["error"]) < 200
