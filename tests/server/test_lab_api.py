"""The balance lab over HTTP (issue 28): card sets checked by the game's loader, runs in
worker processes with their progress and report, surviving a restart, and refusals of bad
input that change nothing."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardtable
from cardtable.server.app import create_app
from cardtable.server.lab import in_lang

ATK = {"file": "players.yaml", "card": "kenji-morooka", "field": "atk"}


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", data=tmp_path)) as c:
        yield c


def new_set(client: TestClient, **body: Any) -> dict[str, Any]:
    r = client.post("/api/lab/sets", json={"game": "wcrugby", **body})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def value(card_set: dict[str, Any], card: str, field: str) -> Any:
    form = next(c for c in card_set["cards"] if c["card"] == card)
    return next(f["value"] for f in form["fields"] if f["field"] == field)


def wait_run(client: TestClient, run: str, until: float = 240) -> dict[str, Any]:
    deadline = time.monotonic() + until
    while True:
        info: dict[str, Any] = client.get(f"/api/lab/runs/{run}").json()
        if info["status"] in ("finished", "failed") or time.monotonic() > deadline:
            return info
        time.sleep(0.3)


def test_a_card_set_is_the_games_cards_with_a_form_of_numbers_and_texts(lab: TestClient) -> None:
    s = new_set(lab)
    assert {f["name"] for f in s["files"]} == {"players.yaml", "tactics.yaml"}
    form = next(c for c in s["cards"] if c["card"] == "kenji-morooka")
    kinds = {f["field"]: f["kind"] for f in form["fields"]}
    assert kinds["atk"] == "int" and kinds["skills[0].effects[0].amount"] == "int"
    assert kinds["text"] == "text" and kinds["name_ja"] == "text"
    assert lab.get(f"/api/lab/sets/{s['set']}").json() == s


def test_an_edit_the_schema_refuses_names_its_card_and_field_and_changes_nothing(
    lab: TestClient,
) -> None:
    s = new_set(lab)
    r = lab.post(f"/api/lab/sets/{s['set']}", json={"edits": [{**ATK, "value": -1}]})
    assert r.status_code == 400
    problem = r.json()["problems"][0]
    assert problem["file"] == "players.yaml" and problem["card"] == "kenji-morooka"
    assert problem["field"] == "atk" and "greater than or equal to 0" in problem["message"]
    assert "kenji-morooka" in r.json()["error"]
    assert value(lab.get(f"/api/lab/sets/{s['set']}").json(), "kenji-morooka", "atk") == 1
    good = [{**ATK, "value": 3, "from": 1}, {**ATK, "field": "text", "value": 'A "new" text'}]
    r = lab.post(f"/api/lab/sets/{s['set']}", json={"edits": good})
    assert r.status_code == 200, r.text
    assert value(r.json(), "kenji-morooka", "atk") == 3
    assert value(r.json(), "kenji-morooka", "text") == 'A "new" text'
    patch = lab.get(f"/api/lab/sets/{s['set']}/patch").text
    assert "-    atk: 1\n+    atk: 3\n" in patch
    stale = lab.post(f"/api/lab/sets/{s['set']}", json={"edits": [{**ATK, "value": 4, "from": 1}]})
    assert stale.status_code == 400 and "is 3 now" in stale.json()["error"]


def test_uploaded_files_are_checked_where_they_break(lab: TestClient) -> None:
    s = new_set(lab)
    bad = {"name": "players.yaml", "text": "set: x\ncards:\n  - id: a\n    type: [\n"}
    r = lab.post(f"/api/lab/sets/{s['set']}", json={"files": [bad]})
    assert r.status_code == 400 and r.json()["problems"][0]["file"] == "players.yaml"
    assert "not valid YAML" in r.json()["problems"][0]["message"]
    other = {"name": "extra.yaml", "text": "set: x\ncards:\n  - id: new-one\n    type: special\n"}
    r = lab.post(f"/api/lab/sets/{s['set']}", json={"files": [other]})
    assert r.status_code == 400, r.text
    assert any(p["card"] == "new-one" for p in r.json()["problems"])
    assert [f["name"] for f in lab.get(f"/api/lab/sets/{s['set']}").json()["files"]] == [
        "players.yaml",
        "tactics.yaml",
    ]


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"files": [{"name": "../x.yaml", "text": ""}]}, "not a card file's name"),
        ({"files": [{"name": "a/b.yaml", "text": ""}]}, "not a card file's name"),
        ({"files": [{"name": f"f{i}.yaml", "text": ""} for i in range(17)]}, "at most 16"),
        ({"files": [{"name": "a.yaml", "text": "x" * 200_001}]}, "at most 200000"),
        ({"edits": [{**ATK, "value": "7"}]}, "whole number"),
        ({"edits": [{**ATK, "value": True}]}, "whole number"),
        ({"edits": [{**ATK, "field": "nope", "value": 1}]}, "no value 'nope'"),
        ({"edits": [{**ATK, "file": "../../x", "value": 1}]}, "no card file"),
        ({"remove": ["players.yaml", "tactics.yaml"]}, "at least one card file"),
        ({"rename": 1}, "unknown field"),
    ],
)
def test_bad_edits_are_refused_with_what_and_where(
    lab: TestClient, body: dict[str, Any], says: str
) -> None:
    s = new_set(lab)
    r = lab.post(f"/api/lab/sets/{s['set']}", json=body)
    assert r.status_code == 400 and says in r.json()["error"], r.text
    assert lab.get(f"/api/lab/sets/{s['set']}").json() == s


def test_sets_and_runs_that_do_not_exist_and_bodies_that_are_not_json(lab: TestClient) -> None:
    assert lab.get("/api/lab/sets/nope").status_code == 404
    assert lab.get("/api/lab/sets/..%2F..").status_code == 404
    assert lab.get("/api/lab/runs/nope").status_code == 404
    assert lab.get("/api/lab/runs/nope/report.html").status_code == 404
    assert lab.post("/api/lab/sets", content=b"game=wcrugby").status_code == 415
    assert lab.post("/api/lab/sets", json={"game": "chess"}).status_code == 400


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "wcrugby", "games": 0}, "'games'"),
        ({"game": "wcrugby", "games": 5001}, "'games'"),
        ({"game": "wcrugby", "agents": ["nobody"]}, "nobody"),
        ({"game": "wcrugby", "agents": ["ismcts:iterations=99999"]}, "at most 2000"),
        ({"game": "wcrugby", "agents": []}, "'agents'"),
        ({"game": "wcrugby", "suggest": "yes"}, "'suggest'"),
        ({"game": "wcrugby", "compare": "yes"}, "'compare'"),
        ({"game": "wcrugby", "compare": True}, "name the set"),
        ({"game": "wcrugby", "compare": True, "suggest": True}, "not both"),
        ({"game": "chess"}, "'game'"),
        ({}, "'game'"),
    ],
)
def test_bad_runs_are_refused(lab: TestClient, body: dict[str, Any], says: str) -> None:
    r = lab.post("/api/lab/runs", json=body)
    assert r.status_code == 400 and says in r.json()["error"], r.text
    assert lab.get("/api/lab/runs").json() == []


def test_a_run_of_an_edited_set_reports_and_survives_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with TestClient(create_app(url, data=tmp_path)) as c:
        s = new_set(c)
        c.post(f"/api/lab/sets/{s['set']}", json={"edits": [{**ATK, "value": 2}]})
        r = c.post("/api/lab/runs", json={"set": s["set"], "games": 8})
        assert r.status_code == 200, r.text
        run = r.json()["run"]
        # the run plays its own copy: a later edit does not change it
        c.post(f"/api/lab/sets/{s['set']}", json={"edits": [{**ATK, "value": 4}]})
        info = wait_run(c, run)
        assert info["status"] == "finished", info
        result = info["result"]
        assert result["games"] == 8 and result["finished"] == 8
        assert [x["seat"] for x in result["seats"]] == [0, 1]
        assert len(result["decks"]) == 4 and result["units"]["unit"] == "periods"
        copied = (tmp_path / "lab" / "runs" / run / "cards" / "players.yaml").read_text()
        assert "    atk: 2\n" in copied
    with TestClient(create_app(url, data=tmp_path)) as c:
        again = c.get(f"/api/lab/runs/{run}").json()
        assert again["status"] == "finished" and again["result"] == result
        page = c.get(f"/api/lab/runs/{run}/report.html")
        assert (
            page.status_code == 200
            and "default-src 'none'" in page.headers["content-security-policy"]
        )
        assert str(tmp_path) not in page.text
        assert c.get(f"/api/lab/runs/{run}/report.json").json()["base"]["games"] == 8
        assert [x["run"] for x in c.get("/api/lab/runs").json()] == [run]


def test_a_comparison_plays_the_games_cards_and_the_set_on_the_same_deals(
    lab: TestClient, tmp_path: Path
) -> None:
    """``compare``: the game's own cards are the base, the set is played beside them, and the
    summary gives the set's numbers with each change's paired interval."""
    s = new_set(lab)
    lab.post(f"/api/lab/sets/{s['set']}", json={"edits": [{**ATK, "value": 9}]})
    body = {"set": s["set"], "games": 8, "compare": True}
    run = lab.post("/api/lab/runs", json=body).json()["run"]
    info = wait_run(lab, run)
    assert info["status"] == "finished", info
    folder = tmp_path / "lab" / "runs" / run
    assert "    atk: 9\n" in (folder / "compare" / "players.yaml").read_text()
    assert not (folder / "cards").exists()
    report = json.loads((folder / "balance.json").read_text())
    result, changes = info["result"], info["result"]["changes"]
    assert report["base"]["cards_option"] is None and report["compare"]["games"] == 8
    assert [d["score"] for d in result["decks"]] == [d["score"] for d in report["compare"]["decks"]]
    assert [d["deck"] for d in changes["decks"]] == [d["deck"] for d in result["decks"]]
    for d, before, after in zip(
        changes["decks"], report["base"]["decks"], report["compare"]["decks"], strict=True
    ):
        assert (d["before"], d["after"]) == (before["score"], after["score"])
        assert d["low"] <= d["delta"] <= d["high"]
    assert any(d["delta"] for d in changes["decks"])  # ATK 9 changes games
    assert len(changes["matchups"]) == len(result["matchups"]) and len(changes["seats"]) == 2
    assert lab.get("/api/lab/runs").json()[0]["compare"] is True
    assert info["settings"]["set"] == s["set"] == report["compare"]["cards_option"]
    page = lab.get(f"/api/lab/runs/{run}/report.html").text
    assert f"What changed with cards {s['set']}" in page and str(tmp_path) not in page


def test_a_comparison_reads_the_games_cards_games_of_an_earlier_run(
    lab: TestClient, tmp_path: Path
) -> None:
    """The games of the game's own cards with the same agents, seed and decks are played once:
    a later comparison reads them from the earlier run (a result changed in its file shows in
    the comparison's report) and copies them into its own checkpoint."""
    plain = lab.post("/api/lab/runs", json={"game": "wcrugby", "games": 8}).json()["run"]
    assert wait_run(lab, plain)["status"] == "finished"
    runs = tmp_path / "lab" / "runs"
    played = json.loads((runs / plain / "balance.json").read_text())["base"]
    checkpoint = runs / plain / "games.jsonl"
    lines = checkpoint.read_text().splitlines()
    chunk = json.loads(lines[1])
    chunk["games"][0][3] = [-r for r in chunk["games"][0][3]]
    checkpoint.write_text("\n".join([lines[0], json.dumps(chunk), *lines[2:]]) + "\n")
    s = new_set(lab)
    body = {"set": s["set"], "games": 8, "compare": True}
    run = lab.post("/api/lab/runs", json=body).json()["run"]
    assert wait_run(lab, run)["status"] == "finished"
    read = json.loads((runs / run / "balance.json").read_text())["base"]
    assert read["overall"] == played["overall"] and read["seats"] != played["seats"]
    changed = json.dumps(chunk["games"][0], separators=(",", ":"))  # as the checkpoint has it
    assert changed in (runs / run / "games.jsonl").read_text()


def test_the_report_page_is_in_the_language_asked_for(lab: TestClient, tmp_path: Path) -> None:
    """balance.html in the request's language (``?lang=``, else its Accept-Language), its
    cards by their names in it; a run finished before the worker wrote the Japanese page has
    only the English one, and its Japanese page is made from its balance.json when asked."""
    s = new_set(lab)
    run = lab.post("/api/lab/runs", json={"set": s["set"], "games": 8}).json()["run"]
    assert wait_run(lab, run)["status"] == "finished"
    folder = tmp_path / "lab" / "runs" / run
    assert (folder / "balance.html").is_file() and (folder / "balance.ja.html").is_file()
    url = f"/api/lab/runs/{run}/report.html"
    en, ja = lab.get(url), lab.get(f"{url}?lang=ja")
    assert en.status_code == ja.status_code == 200
    assert '<html lang="en">' in en.text and "<h2>Results</h2>" in en.text
    assert '<html lang="ja">' in ja.text and "<h2>結果</h2>" in ja.text
    assert "Results" not in ja.text and "How games end" not in ja.text
    assert (
        ja.headers["content-language"] == "ja" and "accept-language" in ja.headers["vary"].lower()
    )
    assert "default-src 'none'" in ja.headers["content-security-policy"]
    game = cardtable.load_game("wcrugby")
    card = json.loads((folder / "balance.json").read_text())["base"]["cards"][0]["card"]
    assert f"<b>{game.card_name(card, 'ja')}</b>" in ja.text
    assert f"<b>{game.card_name(card, 'en')}</b>" in en.text
    assert lab.get(url, headers={"Accept-Language": "ja,en;q=0.5"}).text == ja.text
    assert lab.get(f"{url}?lang=en", headers={"Accept-Language": "ja"}).text == en.text
    assert lab.get(f"{url}?lang=fr").status_code == 400
    # a run finished before: balance.json and the English page only
    (folder / "balance.ja.html").unlink()
    again = lab.get(f"{url}?lang=ja")
    assert again.status_code == 200 and again.text == ja.text
    assert (folder / "balance.ja.html").is_file() and lab.get(url).text == en.text


def test_a_run_the_server_stopped_goes_on_after_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    with TestClient(create_app(url, data=tmp_path)) as c:
        run = c.post("/api/lab/runs", json={"game": "wcrugby", "games": 160}).json()["run"]
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            info = c.get(f"/api/lab/runs/{run}").json()
            if info["status"] == "finished" or (info["progress"] or {}).get("done", 0) > 0:
                break
            time.sleep(0.2)
    checkpoint = tmp_path / "lab" / "runs" / run / "games.jsonl"
    saved = len(checkpoint.read_text().splitlines())
    with TestClient(create_app(url, data=tmp_path)) as c:
        info = wait_run(c, run)
    assert info["status"] == "finished", info
    assert info["result"]["games"] == 160 and info["result"]["finished"] == 160
    assert len(checkpoint.read_text().splitlines()) >= saved


def test_a_card_set_is_deleted_once_no_run_of_it_waits_and_its_finished_runs_stay(
    tmp_path: Path,
) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", data=tmp_path)) as c:
        s = new_set(c)
        run = c.post("/api/lab/runs", json={"set": s["set"], "games": 8}).json()["run"]
        busy = c.delete(f"/api/lab/sets/{s['set']}")  # the run waits or plays: refused
        assert busy.status_code == 409, busy.text
        assert busy.json()["error"] == (
            f"card set {s['set']} has a run waiting or playing ({run}): "
            "delete it once the run has finished"
        )
        assert c.get(f"/api/lab/sets/{s['set']}").json() == s
        assert wait_run(c, run)["status"] == "finished"
        gone = c.delete(f"/api/lab/sets/{s['set']}")
        assert gone.status_code == 200 and gone.json() == {"set": s["set"], "deleted": True}
        assert c.get(f"/api/lab/sets/{s['set']}").status_code == 404
        assert c.delete(f"/api/lab/sets/{s['set']}").status_code == 404
        assert not (tmp_path / "lab" / "sets" / s["set"]).exists()
        kept = c.get(f"/api/lab/runs/{run}").json()
        assert kept["status"] == "finished" and kept["set"] == s["set"]
        assert kept["result"]["finished"] == 8
        assert c.get(f"/api/lab/runs/{run}/report.json").status_code == 200
        # a run of a deleted set cannot start
        again = c.post("/api/lab/runs", json={"set": s["set"], "games": 8})
        assert again.status_code == 404


@pytest.mark.parametrize("set_id", ["nope", "x" * 65, "%00", "a;b", "%C3%A9"])
def test_deleting_a_set_that_does_not_exist_is_a_404(lab: TestClient, set_id: str) -> None:
    s = new_set(lab)
    r = lab.delete(f"/api/lab/sets/{set_id}")
    assert r.status_code == 404 and "no card set" in r.json()["error"], r.text
    assert lab.get(f"/api/lab/sets/{s['set']}").json() == s


def test_runs_and_set_files_cannot_be_deleted(lab: TestClient) -> None:
    s = new_set(lab)
    for path in (f"/api/lab/sets/{s['set']}/files/players.yaml", "/api/lab/runs/abc"):
        r = lab.delete(path)
        assert r.status_code == 405 and "DELETE" not in r.headers["allow"], path
    assert lab.get(f"/api/lab/sets/{s['set']}").json() == s


class Stop(Exception):
    """The server stopped the worker."""


def test_a_run_stopped_in_its_suggestion_search_resumes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker (lab_worker.run_lab) of a run the server stopped during the search, then
    started again with ``resume``: no change is played twice."""
    from cardtable.server.lab import _starters
    from cardtable.server.lab_worker import run_lab
    from cardtable.sim import suggest as suggest_module

    settings = {"game": "wcrugby", "agents": ["greedy", "greedy"], "games": 8, "seed": 0,
                "suggest": True, "screen_games": 8, "decks": _starters("wcrugby")}  # fmt: skip
    played: list[str] = []
    limit: list[int | None] = [12]
    real = suggest_module.play

    def counted(config: Any, jobs: Any) -> Any:
        if limit[0] is not None and len(played) >= limit[0]:
            raise Stop
        cards = Path(config.options["cards"])
        played.append("".join(p.read_text() for p in sorted(cards.glob("*.yaml"))))
        return real(config, jobs)

    monkeypatch.setattr(suggest_module, "play", counted)
    with pytest.raises(Stop):
        run_lab(tmp_path, settings, False, lambda _: None)
    first, limit[0] = played[:], None
    played.clear()
    sent: list[Any] = []
    summary = run_lab(tmp_path, settings, True, sent.append)
    assert len(first) == 12 and played and summary["suggestions"], summary
    # the progress bar counts the targets searched, each named as its search begins
    steps = [m[1] for m in sent if m[0] == "progress" and m[1]["phase"] == "suggest"]
    aims = [t["target"] for t in steps[1:]]
    assert steps[0]["target"] == "" and len(aims) == len(summary["suggestions"])
    assert [(s["done"], s["total"]) for s in steps] == [(0, len(aims))] + [
        (k, len(aims)) for k in range(len(aims))
    ]
    assert not set(first) & set(played) and len(set(played)) == len(played)
    kept = (tmp_path / "suggest.jsonl").read_text().splitlines()[1:]
    assert len({json.loads(line)["key"] for line in kept}) == len(kept) >= len(first + played)
    # its words in every language: why each target is off, and the cards' names
    report = json.loads((tmp_path / "balance.json").read_text())["suggestions"]["targets"]
    ja = in_lang(summary, "ja")
    assert [t["why"] for t in in_lang(summary, "en")["suggestions"]] == [t["why"] for t in report]
    assert all("対戦のうち" in t["why"] and " wins " not in t["why"] for t in ja["suggestions"])
    changed = {c["card"] for t in ja["suggestions"] for p in t["proposals"] for c in p["changes"]}
    assert changed and changed <= set(ja["names"])
    game = cardtable.load_game("wcrugby")
    assert ja["names"] == {c: game.card_name(c, "ja") for c in changed | set(ja["names"])}
    decks = game.starter_decks().values()
    assert ja["deck_names"] == {d.name: d.title("ja") for d in decks}
    assert in_lang(summary, "en")["deck_names"] == {d.name: d.name for d in decks}


def test_a_refusal_says_what_is_wrong_in_the_language_asked_for(lab: TestClient) -> None:
    s = new_set(lab)
    body = {"edits": [{**ATK, "value": -1}]}
    en = lab.post(f"/api/lab/sets/{s['set']}", json=body).json()
    ja = lab.post(f"/api/lab/sets/{s['set']}?lang=ja", json=body).json()
    by_header = lab.post(f"/api/lab/sets/{s['set']}", json=body, headers={"Accept-Language": "ja"})
    assert en["problems"][0]["message"] == "Input should be greater than or equal to 0"
    assert ja["problems"][0]["message"] == "0 以上にすること" and by_header.json() == ja
    assert ja["error"] == en["error"]  # the refusal itself stays in the server's English
    assert {**ja["problems"][0], "message": None} == {**en["problems"][0], "message": None}
    assert lab.post(f"/api/lab/sets/{s['set']}?lang=fr", json=body).status_code == 400
    # the starter decks lose their tactics: each deck's problem, no folder of the server
    gone = lab.post(f"/api/lab/sets/{s['set']}?lang=ja", json={"remove": ["tactics.yaml"]})
    problems = gone.json()["problems"]
    assert gone.status_code == 400 and problems and all("/" not in p["message"] for p in problems)
    assert problems[0]["message"].startswith("デッキ：starter-"), problems[0]
    assert "このIDのカードはない" in problems[0]["message"]
    assert "/" not in gone.json()["error"] and gone.json()["error"].count("decks: starter-") >= 1
    assert lab.get(f"/api/lab/sets/{s['set']}").json() == s


def test_words_in_every_language_are_given_in_one() -> None:
    data = {"why": {"en": "wins", "ja": "勝つ"}, "names": {"a": {"en": "A", "ja": "エー"}},
            "list": [{"en": "x", "ja": "y"}, {"en": "x"}], "n": 3}  # fmt: skip
    said = {"why": "勝つ", "names": {"a": "エー"}, "list": ["y", {"en": "x"}], "n": 3}
    assert in_lang(data, "ja") == said
    assert in_lang(data, "en")["why"] == "wins"
