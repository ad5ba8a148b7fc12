"""Arbitrary requests and messages (hypothesis): the server answers a 4xx with a message, or
an ``error`` message on the WebSocket, never a 5xx or a dropped connection."""

from __future__ import annotations

import os
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import HUMAN, agent, new_table, receive, ws_path

HOSTILE = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
)
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
GOOD: dict[str, Any] = {"game": "looney", "seats": [HUMAN, agent()], "seed": 3}
FIELDS = ["game", "seats", "seed", "options", "decks", "name", "seat", "players"]


def changed(key: str, value: Any) -> dict[str, Any]:
    return GOOD | {key: value}


def refused_in_words(r: Any) -> None:
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert r.json()["error"], r.text


def test_table_requests(client: TestClient) -> None:
    @HOSTILE
    @given(st.one_of(data, st.builds(changed, st.sampled_from(FIELDS), data)))
    def check(body: Any) -> None:
        refused_in_words(client.post("/api/tables", json=body))

    check()


def test_deck_checks(client: TestClient) -> None:
    @HOSTILE
    @given(st.one_of(data, st.builds(dict, game=st.sampled_from(["looney", "x"]), text=data)))
    def check(body: Any) -> None:
        refused_in_words(client.post("/api/decks/check", json=body))

    check()


def test_act_messages(client: TestClient) -> None:
    table = new_table(client, seats=[HUMAN, agent()])
    with client.websocket_connect(ws_path(table["table"], table["token"])) as ws:
        first = receive(ws)

        @HOSTILE
        @given(st.one_of(data, st.builds(dict, type=st.just("act"), action=data, seq=data)))
        def check(msg: Any) -> None:
            ws.send_json(msg)
            # every message gets one answer: an error, a pong, or the update of a legal act
            # (an agent's later updates are read as later answers: one read per message)
            reply = receive(ws)
            assert reply["type"] in ("error", "pong", "update"), reply
            assert reply["type"] != "error" or reply["message"], reply

        check()
        assert first["type"] == "update"


def alias_bomb(levels: int = 8) -> str:
    """About 500 bytes of YAML that stand for 10**levels strings when expanded."""
    lines = ["a0: &a0 [" + ", ".join(["x"] * 10) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    lines.append(f"game: *a{levels - 1}")
    return "\n".join(lines) + "\n"


def test_an_alias_bomb_is_refused_at_once(client: TestClient) -> None:
    """Issue 27.1: a deck text with aliases is refused by name, small and quickly, in a
    deck check and in a new table's decks alike; nothing is expanded."""
    text = alias_bomb()
    assert len(text) < 600
    r = client.post("/api/decks/check", json={"game": "looney", "text": text})
    assert r.status_code == 200 and not r.json()["ok"], r.text
    assert "aliases" in r.text and len(r.content) < 2_000
    r = client.post("/api/tables", json=GOOD | {"decks": [text, None]})
    assert r.status_code == 400 and "aliases" in r.json()["error"] and len(r.content) < 2_000


def test_long_values_are_not_quoted_back_whole(client: TestClient) -> None:
    """Issue 27.1: an error quotes at most the start of a value a client sent."""
    book = "y" * 100_000
    for body in (
        GOOD | {"game": book},
        GOOD | {"options": {book: 1}},
        GOOD | {"seats": [HUMAN, agent(book)]},
        GOOD | {"decks": [book, None]},
    ):
        r = client.post("/api/tables", json=body)
        assert r.status_code == 400 and len(r.content) < 2_000, r.text[:300]
    deck = f"game: looney\nname: x\ncards: {{{book}: 1}}\n"
    r = client.post("/api/decks/check", json={"game": "looney", "text": deck})
    assert r.status_code in (200, 400) and len(r.content) < 4_000, r.text[:300]


AGENT_KEYS = ["seed", "iterations", "steps", "time", "c", "depth", "epsilon", "bias", "root", "x"]
spec_values = st.one_of(
    st.integers(-5, 10**9).map(str),
    st.floats().map(str),
    st.text(max_size=6),
    st.sampled_from(["nan", "inf", "-inf", "1e309", "2000", "2001", "5.0", "5.000001", "²", ""]),
)
agent_specs = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda name, parts: ":".join([name, *parts]),
        st.sampled_from(["random", "greedy", "ismcts", " ismcts", "", "x"]),
        st.lists(st.builds("{}={}".format, st.sampled_from(AGENT_KEYS), spec_values), max_size=4),
    ),
)


def test_agent_specs_are_checked_against_the_servers_caps() -> None:
    """Issue 27: any agent spec a client sends is a spec within the server's caps, or a
    BadRequest that says what is wrong (never another exception)."""
    from cardtable.agents.base import parse_spec
    from cardtable.server.setup import MAX_AGENT_PARAMS, BadRequest, check_agent

    @HOSTILE
    @given(agent_specs)
    def check(spec: str) -> None:
        try:
            accepted = check_agent(spec)
        except BadRequest as exc:
            assert str(exc) and len(str(exc)) < 400
            return
        _, params = parse_spec(accepted)
        for key, cap in MAX_AGENT_PARAMS.items():
            assert key not in params or 0 < params[key] <= cap, (spec, key)

    check()
