"""The words the pages fetch: a game's rules sheet (``GET /api/games/{game}/rules``) and the
lobby's games with agents and options in the language asked (issue 26)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import cardtable


def test_rules_sheet_in_the_language_asked(client: TestClient) -> None:
    en = client.get("/api/games/goofspiel/rules?lang=en").json()
    assert en["game"] == "goofspiel" and en["lang"] == "en" and en["title"] == "Goofspiel"
    assert en["reference"] == "docs/rules/goofspiel.md"
    headings = [s["heading"] for s in en["sections"]]
    assert headings == ["Goal", "A round", "The bids", "Notation"]
    assert all(s["text"] for s in en["sections"])
    ja = client.get("/api/games/goofspiel/rules", headers={"Accept-Language": "ja"}).json()
    assert ja["lang"] == "ja" and ja["sections"][0]["heading"] == "目的"
    assert "GS-3.1" in ja["sections"][0]["text"]  # the rule ids stay
    chosen = client.get("/api/games/goofspiel/rules?lang=en", headers={"Accept-Language": "ja"})
    assert chosen.json() == en  # the parameter wins over the header


@pytest.mark.parametrize("game", cardtable.available_games())
def test_every_game_has_a_rules_sheet(client: TestClient, game: str) -> None:
    res = client.get(f"/api/games/{game}/rules?lang=ja")
    assert res.status_code == 200
    sheet = res.json()
    assert sheet["sections"] and sheet["reference"] == f"docs/rules/{game}.md"
    assert all(isinstance(s["heading"], str) and s["text"] for s in sheet["sections"])


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/games/nosuchgame/rules", 404),
        ("/api/games/" + "x" * 5000 + "/rules", 404),
        ("/api/games/goofspiel/rules?lang=fr", 400),
        ("/api/games/..%2Flooney/rules", 404),
    ],
)
def test_rules_refusals_are_short(client: TestClient, path: str, status: int) -> None:
    res = client.get(path)
    assert res.status_code == status and len(res.json()["error"]) < 200


def test_games_in_the_language_asked(client: TestClient) -> None:
    ja = {g["name"]: g for g in client.get("/api/games?lang=ja").json()}
    labels = {a["spec"]: a["label"] for a in ja["looney"]["agents"]}
    assert labels["random"] == "入門（Elo 0）：ルール上できる手から無作為に選ぶ"
    assert labels["ismcts"].startswith("むずかしい") and "1手ごとに200回" in labels["ismcts"]
    hand = ja["goofspiel"]["options"]["hand_size"]
    assert hand["description"] == "各手札の枚数。Aから順に（GS-1.2）" and hand["default"] == 13
    by_header = client.get("/api/games", headers={"Accept-Language": "ja"}).json()
    assert by_header == list(ja.values())
    en = {g["name"]: g for g in client.get("/api/games?lang=en").json()}
    assert en["goofspiel"]["options"]["hand_size"]["description"].startswith("cards in each")
    assert client.get("/api/games?lang=xx").status_code == 400
