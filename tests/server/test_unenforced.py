"""A server playing imported cards (``cardtable serve --cards GAME=DIR``): its lobby lists
those cards, a table whose decks hold cards whose text the rules do not all enforce is
refused, naming them, until the request accepts them, and the card data marks them."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, receive, ws_path

import cardtable
from cardtable.server.app import create_app, use_house_cards

FILES = Path(__file__).resolve().parents[1] / "games/rawdeal/import_files"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("house") / "my-rd"
    game = cardtable.load_game("rawdeal")
    paths = [FILES / "sets", FILES / "decks/ox-deck.txt", FILES / "decks/wren.o8d"]
    game.importer.import_files(paths, out, False)
    return out


@pytest.fixture
def house(sqlite_url: str, folder: Path) -> Iterator[TestClient]:
    """A server whose rawdeal tables play the imported cards; the next app plays the
    built-in ones again."""
    try:
        with TestClient(create_app(sqlite_url, house_cards={"rawdeal": str(folder)})) as c:
            yield c
    finally:
        use_house_cards({})


def deck_text(folder: Path, name: str) -> str:
    return (folder / "decks" / f"{name}.yaml").read_text(encoding="utf-8")


def body(folder: Path, **more: Any) -> dict[str, Any]:
    decks = [deck_text(folder, "ox-deck"), deck_text(folder, "wren")]
    return {"game": "rawdeal", "seats": [HUMAN, agent()], "decks": decks, **more}


def test_the_lobby_lists_the_house_cards_and_marks_the_unenforced(
    house: TestClient, folder: Path
) -> None:
    games = {g["name"]: g for g in house.get("/api/games").json()}
    assert games["rawdeal"]["decks"] == ["ox-deck", "wren"]  # the card set's own decks
    cards = house.get("/api/games/rawdeal/cards").json()
    marked = {c["name"]: c["unenforced"] for c in cards.values() if "unenforced" in c}
    assert marked["Elbow Fury"] == ["Look at the top 3 cards of your Arsenal."]
    assert all("unenforced" not in c["stats"] for c in cards.values())
    check = house.post(
        "/api/decks/check", json={"game": "rawdeal", "text": deck_text(folder, "wren")}
    )
    assert check.json()["ok"] is True


def test_a_table_with_unenforced_cards_needs_accepting(house: TestClient, folder: Path) -> None:
    refused = house.post("/api/tables", json=body(folder))
    assert refused.status_code == 400
    answer = refused.json()
    assert "accept_unenforced" in answer["error"] and "Elbow Fury" in answer["error"]
    fury = next(c for c in answer["unenforced"] if c["name"] == "Elbow Fury")
    assert fury["sentences"] == ["Look at the top 3 cards of your Arsenal."]
    assert house.get("/api/tables").json()["running"] == []  # nothing was made
    bad = house.post("/api/tables", json=body(folder, accept_unenforced="yes"))
    assert bad.status_code == 400 and "'accept_unenforced': true or false" in bad.json()["error"]
    made = house.post("/api/tables", json=body(folder, accept_unenforced=True, seed=3))
    assert made.status_code == 200, made.text
    summary = house.get(f"/api/tables/{made.json()['table']}").json()
    assert summary["status"] == "running" and "cards" not in summary["options"]


def test_a_replay_names_the_card_set_but_not_the_servers_folder(
    house: TestClient, folder: Path, tmp_path: Path
) -> None:
    made = house.post("/api/tables", json=body(folder, accept_unenforced=True, seed=3)).json()
    with house.websocket_connect(ws_path(made["table"], made["token"])) as ws:
        receive(ws)
        ws.send_json({"type": "concede"})
        assert receive(ws)["status"] == "finished"
    r = house.get(f"/api/tables/{made['table']}/replay")
    assert r.status_code == 200, r.text
    assert str(folder.parent) not in r.text  # no path of the server's disk
    record = r.json()["record"]
    assert record["options"]["cards"] == "my-rd" and record["conceded"] == 0
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    run = [sys.executable, "-m", "cardtable", "replay", str(saved)]
    missing = subprocess.run(run, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert missing.returncode == 2 and "my-rd" in missing.stdout, missing.stdout
    assert "--cards DIR" in missing.stdout
    mine = subprocess.run(
        [*run, "--cards", str(folder)], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert mine.returncode == 0 and "Ox Brannigan" in mine.stdout, mine.stdout + mine.stderr
    assert "P0 conceded the game" in mine.stdout


def test_the_card_sets_own_decks_are_the_default_decks(house: TestClient) -> None:
    seats = [HUMAN, agent()]
    refused = house.post("/api/tables", json={"game": "rawdeal", "seats": seats})
    assert refused.status_code == 400 and "Elbow Fury" in refused.json()["error"]
    by_name = {"game": "rawdeal", "seats": seats, "decks": ["wren", "ox-deck"]}
    for made in (
        house.post(
            "/api/tables", json={"game": "rawdeal", "seats": seats, "accept_unenforced": True}
        ),
        house.post("/api/tables", json=by_name | {"accept_unenforced": True}),
    ):
        assert made.status_code == 200, made.text


def test_a_client_still_cannot_name_a_card_folder(house: TestClient, folder: Path) -> None:
    r = house.post("/api/tables", json=body(folder, options={"cards": "/etc"}))
    assert r.status_code == 400 and "'cards' is not available" in r.json()["error"]


def test_the_built_in_cards_need_no_accepting(client: TestClient) -> None:
    r = client.post("/api/tables", json={"game": "rawdeal", "seats": [HUMAN, agent()]})
    assert r.status_code == 200, r.text
    cards = client.get("/api/games/rawdeal/cards").json()
    assert not any("unenforced" in c for c in cards.values())


def test_house_cards_must_load(sqlite_url: str, tmp_path: Path) -> None:
    with pytest.raises(cardtable.CardtableError, match="no card files"):
        create_app(sqlite_url, house_cards={"rawdeal": str(tmp_path)})
    with pytest.raises(cardtable.CardtableError, match="unknown game"):
        create_app(sqlite_url, house_cards={"chess": str(tmp_path)})
