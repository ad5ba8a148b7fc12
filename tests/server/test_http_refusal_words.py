"""Every refusal in the request's language: HTTP answers ``{"error": English, "message": the
same in ?lang=, else in the Accept-Language}``; the WebSocket's errors are in the connection's
language. And every refusal the server's code makes is a marked message (a ``Reason`` or an
``N_`` message), so none can be English only."""

from __future__ import annotations

import ast
import inspect
import pkgutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, new_table, receive, ws_path
from sqlalchemy.exc import OperationalError

import cardtable
import cardtable.server
from cardtable.core.errors import CardtableError
from cardtable.server import agent_pool, storage
from cardtable.server.app import create_app

JA = {"Accept-Language": "ja,en;q=0.5"}


def both_ways(client: TestClient, method: str, path: str, **kw: Any) -> list[Any]:
    """The same request asked in Japanese by ``?lang=ja`` and by ``Accept-Language``."""
    sep = "&" if "?" in path else "?"
    return [
        client.request(method, f"{path}{sep}lang=ja", **kw),
        client.request(method, path, headers={**kw.pop("headers", {}), **JA}, **kw),
    ]


def assert_refused(
    client: TestClient, method: str, path: str, status: int, english: str, japanese: str, **kw: Any
) -> None:
    """``path`` is refused with ``status``: ``error`` starts with ``english`` in every language,
    ``message`` with ``japanese`` when Japanese is asked for (either way), with ``english``
    otherwise."""
    en = client.request(method, path, **kw)
    assert en.status_code == status, en.text
    assert en.json()["error"].startswith(english), en.json()
    assert en.json()["message"] == en.json()["error"]
    for r in both_ways(client, method, path, **kw):
        assert r.status_code == status, r.text
        assert r.json()["error"] == en.json()["error"], r.json()  # the server's log: English
        assert r.json()["message"].startswith(japanese), r.json()


def test_a_bad_body_is_refused_in_japanese(client: TestClient) -> None:
    kw: dict[str, Any] = {"content": b"{", "headers": {"Content-Type": "application/json"}}
    assert_refused(
        client,
        "POST",
        "/api/tables",
        400,
        "the body is not valid JSON: ",
        "本文が正しいJSONではない：",
        **kw,
    )
    body = {"game": "looney", "seats": [HUMAN, {"kind": "robot"}]}
    assert_refused(
        client,
        "POST",
        "/api/tables",
        400,
        "seat 1: 'kind' must be 'human' or 'agent', got 'robot'",
        "席1：'kind'は'human'か'agent'にすること（'robot'だった）",
        json=body,
    )


def test_an_unknown_table_route_and_game_are_refused_in_japanese(client: TestClient) -> None:
    assert_refused(
        client, "GET", "/api/tables/nosuch", 404, "no table 'nosuch'", "テーブル'nosuch'はない"
    )
    assert_refused(client, "GET", "/api/nothing/here", 404, "Not Found", "見つからない")
    assert_refused(
        client,
        "GET",
        "/api/games/chess/rules",
        404,
        "no game 'chess'; games: ",
        "ゲーム'chess'はない。",
    )


def test_a_replay_of_a_running_table_is_refused_in_japanese(client: TestClient) -> None:
    t = new_table(client, "goofspiel", seats=[HUMAN, agent()])
    table = t["table"]
    assert_refused(
        client,
        "GET",
        f"/api/tables/{table}/replay",
        409,
        f"table {table} is running: only finished tables replay",
        f"テーブル{table}は対戦中：リプレイできるのは終了したテーブルだけ",
    )


def test_a_wrong_invite_is_refused_in_japanese(client: TestClient) -> None:
    t = new_table(client, "goofspiel")
    table = t["table"]
    assert_refused(
        client,
        "POST",
        f"/api/tables/{table}/join",
        403,
        f"this invite is not valid for table {table} (or was used)",
        f"この招待は無効だ：テーブル{table}の招待ではないか",
        json={"invite": "not-the-invite"},
    )


def test_a_failed_database_is_a_503_in_japanese(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def locked(*args: Any) -> Any:
        raise OperationalError("INSERT", {}, Exception("database is locked"))

    store = client.app.state.service.store  # type: ignore[attr-defined]
    monkeypatch.setattr(store, "create", locked)
    body = {"game": "goofspiel", "seats": [HUMAN, agent()]}
    assert_refused(
        client,
        "POST",
        "/api/tables",
        503,
        "the server's database is not available now; try again",
        "サーバーのデータベースが今は使えない",
        json=body,
    )


def test_deck_refusals_are_in_japanese(client: TestClient) -> None:
    """A deck the rules refuse (the game's own words), a starter deck that does not exist,
    text that is no YAML: in Japanese, where the seat and the file are too."""
    deck = cardtable.load_game("looney").starter_decks()["starter-rainbow"].to_dict()
    deck["personal"] = {"taz-whirlwind": 1}
    seats = [HUMAN, agent()]
    for decks, english, japanese in [
        (
            [yaml.safe_dump(deck), None],
            "deck of seat 0: deck 'Rainbow Revue' is not legal: LT-1.1: a personal deck has",
            "席0のデッキ：デッキ'Rainbow Revue'はルールに合わない：LT-1.1：個人デッキは",
        ),
        (
            [None, "nosuch"],
            "deck of seat 1: no starter deck 'nosuch'",
            "席1のデッキ：スターターデッキ'nosuch'はない",
        ),
        (
            ["game: looney\nname: [", None],
            "deck of seat 0: line 2, column 8: not valid YAML: ",
            "席0のデッキ：2行8列：正しいYAMLではない：",
        ),
    ]:
        body = {"game": "looney", "seats": seats, "seed": 1, "decks": decks}
        assert_refused(client, "POST", "/api/tables", 400, english, japanese, json=body)


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'db.sqlite'}", data=tmp_path)) as c:
        yield c


def test_lab_refusals_are_in_japanese(lab: TestClient) -> None:
    assert_refused(
        lab, "GET", "/api/lab/runs/nope", 404, "no lab run 'nope'", "ラボの実行'nope'はない"
    )
    assert_refused(
        lab,
        "POST",
        "/api/lab/runs",
        400,
        "field 'games': a whole number from 1 to 5000, not 0",
        "フィールド'games'：0ではなく1〜5000の整数にすること",
        json={"game": "goofspiel", "games": 0},
    )
    made = lab.post("/api/lab/sets", json={"game": "wcrugby"}).json()["set"]
    edit = {"file": "players.yaml", "card": "kenji-morooka", "field": "atk", "value": -1}
    assert_refused(
        lab,
        "POST",
        f"/api/lab/sets/{made}",
        400,
        "the card set does not load: players.yaml card 'kenji-morooka' field 'atk': Input",
        "カードセットを読み込めない：players.yaml カード'kenji-morooka' フィールド'atk'：0 以上",
        json={"edits": [edit]},
    )
    # a parameter FastAPI checks itself (pydantic's words stay English)
    assert_refused(
        lab,
        "GET",
        "/api/lab/runs/nope/suggestions/x/1.patch",
        400,
        "path.target: ",
        "path.target：",
    )


def test_a_language_cardtable_does_not_speak_is_refused_in_the_one_asked_for(
    client: TestClient,
) -> None:
    """``?lang=fr`` is refused (400), and the refusal itself still answers: in the
    Accept-Language's language, else English."""
    r = client.get("/api/tables?lang=fr")
    assert r.status_code == 400
    assert r.json() == {
        "error": "no language 'fr'; languages: en, ja",
        "message": "no language 'fr'; languages: en, ja",
    }
    r = client.get("/api/tables/nosuch?lang=fr", headers=JA)
    assert r.status_code == 400 and r.json()["error"] == "no language 'fr'; languages: en, ja"
    assert r.json()["message"] == "言語'fr'はない。言語：en, ja"
    r = client.get("/api/tables/nosuch?lang=" + "x" * 5000, headers={"Accept-Language": ";;q=,"})
    assert r.status_code == 400 and r.json()["message"].startswith("no language")


def test_websocket_refusals_are_in_the_connections_language(client: TestClient) -> None:
    t = new_table(client, "goofspiel", seats=[HUMAN, agent()])
    table = t["table"]
    with client.websocket_connect(ws_path(table) + "?lang=ja") as ws:
        receive(ws)
        ws.send_json({"type": "shout"})
        assert receive(ws)["message"] == "不明なメッセージの種類'shout'：'act'を送ること"
        ws.send_json({"type": "act", "action": 0, "seq": 0})
        assert receive(ws)["message"] == "観戦者は手を選べない（席のトークンで接続すること）"
        ws.send_text("[")
        assert receive(ws)["message"].startswith("メッセージはJSONオブジェクトにすること：")
    with client.websocket_connect(ws_path(t["table"], t["token"]), headers=JA) as ws:
        first = receive(ws)
        ws.send_json({"type": "act", "action": first["legal"][0]["action"], "seq": 99})
        said = receive(ws)["message"]
        seq = first["seq"]
        assert (
            said
            == f"古い手：テーブルは seq {seq} まで進んでいるが、この手は seq 99 に対するものだった"
        )
    for lang, said in [("ja", "テーブル'nosuch'はない"), ("fr", "言語'fr'はない。言語：en, ja")]:
        with client.websocket_connect(ws_path("nosuch") + f"?lang={lang}", headers=JA) as ws:
            assert receive(ws) == {"type": "error", "message": said}


# ----- no refusal of the server's code is English only ----------------------------------------

NEVER_SENT = {
    agent_pool.AgentOverran,  # logged: a connection is told only the error's kind
    agent_pool.AgentWorkerLost,
    agent_pool.AgentPoolClosed,
    storage.ActionConflict,  # the service reloads the table and refuses in its own words
}
PASSED_ON = {"str", "message_of"}
"""A pass-through of an error made deeper: ``str(exc)`` or ``message_of(exc)`` (which keeps
a Reason)."""


def server_modules() -> Iterator[Any]:
    """Every module of ``cardtable.server``, imported."""
    import importlib

    for info in pkgutil.iter_modules(cardtable.server.__path__, "cardtable.server."):
        yield importlib.import_module(info.name)


def refusal_class(module: Any, func: ast.expr) -> bool:
    """Whether a call's function (``Name`` or ``module.Name``) is a CardtableError class a
    client may be told."""
    if isinstance(func, ast.Name):
        found = getattr(module, func.id, None)
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        found = getattr(getattr(module, func.value.id, None), func.attr, None)
    else:
        return False
    return isinstance(found, type) and issubclass(found, CardtableError) and found not in NEVER_SENT


def english_only(node: ast.expr, names: dict[str, list[ast.expr]]) -> str | None:
    """Why ``node``, a refusal's text, is not a marked message (``None`` when it is one): an
    f-string, a literal, text glued with ``+`` or ``%`` or made by ``.format()``, or a
    ``reason()`` of another template than one marked with ``N_`` (in place, or by a name
    ``names`` binds only to such)."""
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "a plain string literal"
    if isinstance(node, ast.BinOp):
        return "text glued together"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _call_text(node, node.func.id, names)
    if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "format":
        return "text made by .format()"
    return None


def _call_text(node: ast.Call, func: str, names: dict[str, list[ast.expr]]) -> str | None:
    """Why a call's answer is not a marked message, for the calls that say (else ``None``)."""
    if func in PASSED_ON:
        ok = len(node.args) == 1 and isinstance(node.args[0], ast.Name)
        return None if ok else f"{func}() of something that is no caught error"
    if func == "reason" and node.args:
        first = node.args[0]
        bound = names.get(first.id, [first]) if isinstance(first, ast.Name) else [first]
        return None if all(map(marked, bound)) else "reason() of a template not marked with N_"
    if func == "N_":
        return None if marked(node) else "N_() of no plain literal"
    return None


def marked(node: ast.expr) -> bool:
    """Whether ``node`` is ``N_("a plain literal")``."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "N_"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def bindings(scope: ast.AST) -> dict[str, list[ast.expr]]:
    """What each name is bound to by a plain ``name = value`` in ``scope`` itself (a module
    or a function; not in the functions inside it)."""
    out: dict[str, list[ast.expr]] = {}
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, FUNCTIONS):
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                out.setdefault(target.id, []).append(node.value)
        todo.extend(ast.iter_child_nodes(node))
    return out


def scoped(
    node: ast.AST, names: dict[str, list[ast.expr]]
) -> Iterator[tuple[ast.AST, dict[str, list[ast.expr]]]]:
    """Every node under ``node``, with the names bound where it stands (its function's
    own, over those around it)."""
    for child in ast.iter_child_nodes(node):
        inner = {**names, **bindings(child)} if isinstance(child, FUNCTIONS) else names
        yield child, inner
        yield from scoped(child, inner)


def test_every_refusal_of_the_server_is_a_marked_message() -> None:
    """Every ``BadRequest(...)``, ``NotFound(...)``, ... of ``cardtable.server`` (any
    CardtableError a client may be told) and every WebSocket ``{"type": "error", "message":
    ...}`` gives a ``Reason`` (``reason(N_(...), ...)``), an ``N_`` message, a name or a
    helper's answer, or passes on a caught error (``str(exc)``, ``message_of(exc)``): never
    English built in place, which no language but English could say."""
    trees = {m: ast.parse(inspect.getsource(m)) for m in server_modules()}
    shared: dict[str, list[ast.expr]] = {}
    for tree in trees.values():  # a module may use another's constants
        shared.update(bindings(tree))
    found: list[str] = []
    for module, tree in trees.items():
        for node, names in scoped(tree, {**shared, **bindings(tree)}):
            text = refusal_text(module, node)
            why = english_only(text, names) if text is not None else None
            if why:
                found.append(f"{module.__name__}:{getattr(node, 'lineno', '?')}: {why}")
    assert not found, "refusals in English only:\n" + "\n".join(found)


def refusal_text(module: Any, node: ast.AST) -> ast.expr | None:
    """The text of a refusal ``node`` makes: the first argument of a refusal class's call,
    or the ``message`` of an ``{"type": "error", ...}`` dict; else ``None``."""
    if isinstance(node, ast.Call) and refusal_class(module, node.func) and node.args:
        return node.args[0]
    if isinstance(node, ast.Dict):
        items = {
            k.value: v
            for k, v in zip(node.keys, node.values, strict=True)
            if isinstance(k, ast.Constant)
        }
        kind = items.get("type")
        if isinstance(kind, ast.Constant) and kind.value == "error" and "message" in items:
            return items["message"]
    return None


def test_the_scan_finds_english_only_refusals() -> None:
    """The scan above refuses what it should (and only that)."""
    names = {"KNOWN": [ast.parse('N_("x {a}")', mode="eval").body]}
    for code, bad in [
        ('f"no table {t}"', True),
        ('"no table"', True),
        ('"a" + b', True),
        ('"x {a}".format(a=1)', True),
        ('reason("x {a}", a=1)', True),
        ("str(exc.args[0])", True),
        ('N_("no table")', False),
        ('reason(N_("no table {t}"), t=1)', False),
        ("reason(KNOWN, a=1)", False),
        ("str(exc)", False),
        ("message_of(exc)", False),
        ("why", False),
    ]:
        node = ast.parse(code, mode="eval").body
        assert (english_only(node, names) is not None) == bad, code
