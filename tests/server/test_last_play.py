"""The update's ``last``: the latest action as each connection saw it (who made it, where its
cards went, the cards that connection may see), for the browser to mark the opponent's play."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import join, new_table, receive, ws_path


def test_last_names_the_mover_and_only_the_cards_a_viewer_may_see(client: TestClient) -> None:
    t = new_table(client, game="wcrugby")
    j = join(client, t)
    tokens = {0: t["token"], 1: j["token"]}
    with (
        client.websocket_connect(ws_path(t["table"], tokens[0])) as ws0,
        client.websocket_connect(ws_path(t["table"], tokens[1])) as ws1,
        client.websocket_connect(ws_path(t["table"])) as spec,
    ):
        first = [receive(ws) for ws in (ws0, ws1, spec)]
        assert [m["last"] for m in first] == [None, None, None]
        mover = first[0]["to_act"]
        acting = (ws0, ws1)[mover]
        pick = next(a for a in first[mover]["legal"] if a["text"].startswith("pick"))
        acting.send_json({"type": "act", "action": pick["action"], "seq": 0})
        own, other, public = (
            receive(ws)["last"] for ws in ((ws0, ws1)[mover], (ws1, ws0)[mover], spec)
        )
    card = pick["text"].split()[1]
    # the card goes face down into the mover's lineup: only the mover sees which it is
    assert own["player"] == other["player"] == public["player"] == mover
    assert len(own["zones"]) == 1 and own["zones"][0].startswith(f"t{mover}.lineup.")
    assert own["zones"] == other["zones"] == public["zones"]
    assert own["cards"] == [card]
    assert other["cards"] == public["cards"] == []
