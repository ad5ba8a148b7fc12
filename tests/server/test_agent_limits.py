"""Agents on the server stay within a budget no spec can exceed, think in worker processes
where one table's search cannot starve the others, and stop at once with the server.

Slow agents are made by replacing ``make_agent`` of ``cardtable.server.live`` (the spec
checks at table creation still see a valid spec): an ``ismcts`` search that would run for
minutes, or an agent that sleeps and ignores every limit. No test asserts how fast anything
is; each waits for what must happen under a generous timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import HUMAN, agent, new_table, receive, ws_path

from cardtable.agents.base import Agent, make_agent
from cardtable.agents.ismcts import ISMCTSAgent
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import derive_seed
from cardtable.server import live as live_module
from cardtable.server.agent_pool import AgentLimits, AgentPool
from cardtable.server.app import create_app
from cardtable.server.live import LiveTable
from cardtable.server.service import GameService
from cardtable.server.setup import BadRequest
from cardtable.server.storage import Store

pytestmark = pytest.mark.timeout(300)


class Sleepy(Agent):
    """An agent that ignores every limit: it sleeps ``seconds`` before each move."""

    name = "sleepy"

    def __init__(self, seed: int = 0, seconds: float = 600.0) -> None:
        super().__init__(seed)
        self.seconds = seconds

    def act(self, game: Any, observation: dict[str, Any] | None, legal: list[int]) -> int:
        time.sleep(self.seconds)
        return legal[0]


def slow_agents(monkeypatch: pytest.MonkeyPatch, make: Callable[[int], Agent]) -> None:
    """Seats whose spec is ``ismcts`` get ``make(seed)``; other specs their own agent."""
    real = live_module.make_agent

    def patched(spec: str, seed: int = 0) -> Agent:
        return make(seed) if spec == "ismcts" else real(spec, seed)

    monkeypatch.setattr(live_module, "make_agent", patched)


def service(client: TestClient) -> GameService:
    svc: GameService = client.app.state.service  # type: ignore[attr-defined]
    return svc


def agent_first(client: TestClient, spec: str, game: str = "goofspiel") -> str:
    """A table where the agent (seat 0) is to act at once; its id."""
    t = new_table(client, game=game, seats=[agent(spec), HUMAN], seat=1)
    return str(t["table"])


def wait_for(what: Callable[[], bool], seconds: float = 120.0) -> None:
    """Wait until ``what()`` holds (a generous timeout: this is no measure of speed)."""
    deadline = time.monotonic() + seconds
    while not what():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def live(client: TestClient, table: str) -> LiveTable:
    return service(client).live[table]


def agent_moves(table: LiveTable, seat: int = 0) -> int:
    return sum(m == seat for m in table.movers)


@pytest.fixture
def app_with(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """Start the app with the given options (closed at the end of the test)."""
    clients: list[TestClient] = []

    def start(**options: Any) -> TestClient:
        client = TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}", **options))
        clients.append(client)
        return client.__enter__()

    yield start
    for client in clients:
        client.__exit__(None, None, None)


@pytest.mark.parametrize(
    ("spec", "error"),
    [
        ("ismcts:iterations=2000:depth=1000000", "parameter 'depth' may be at most 200"),
        ("ismcts:depth=201", "parameter 'depth' may be at most 200"),
        ("ismcts:iterations=2000:steps=40001", "parameter 'steps' may be at most 40000"),
        ("ismcts:iterations=2001", "parameter 'iterations' may be at most 2000"),
        ("ismcts:time=5.5", "parameter 'time' may be at most 5"),
    ],
)
def test_a_spec_over_a_cap_is_refused(client: TestClient, spec: str, error: str) -> None:
    r = client.post("/api/tables", json={"game": "looney", "seats": [HUMAN, agent(spec)]})
    assert r.status_code == 400 and error in r.json()["error"], r.text
    ok = client.post("/api/tables", json={"game": "looney", "seats": [HUMAN, agent("ismcts")]})
    assert ok.status_code == 200


def test_iterations_do_not_lift_the_servers_ceiling_on_steps(
    app_with: Callable[..., TestClient],
) -> None:
    client = app_with(agent_limits=AgentLimits(steps=50, depth=20))
    table = agent_first(client, "ismcts:iterations=2000", game="looney")
    wait_for(lambda: agent_moves(live(client, table)) >= 1)
    searched = live(client, table).agents[0]
    assert isinstance(searched, ISMCTSAgent)
    stats = searched.last_stats
    assert stats.simulations < 2000 and stats.decisions <= 50 + 20, stats


def test_a_long_search_is_cut_at_the_servers_ceiling_on_seconds(
    app_with: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a search of 10**9 simulations, or of ten minutes: each returns at the ceiling
    slow_agents(monkeypatch, lambda seed: ISMCTSAgent(seed, iterations=10**9))
    client = app_with(agent_limits=AgentLimits(seconds=0.2, grace=600))
    endless = agent_first(client, "ismcts")
    wait_for(lambda: agent_moves(live(client, endless)) >= 1)
    slow_agents(monkeypatch, lambda seed: ISMCTSAgent(seed, time=600.0))
    long = agent_first(client, "ismcts")
    wait_for(lambda: agent_moves(live(client, long)) >= 1)


def play_people(client: TestClient, tables: list[LiveTable], done: Callable[[], bool]) -> None:
    """Make every table's person (seat 1) play its first legal move whenever it is to act,
    until ``done()`` (a generous timeout)."""
    svc = service(client)
    deadline = time.monotonic() + 120
    while not done():
        assert time.monotonic() < deadline, [agent_moves(t) for t in tables]
        for t in tables:
            if t.to_act() == 1:
                with contextlib.suppress(BadRequest):  # an agent moved meanwhile
                    act = (t, 1, t.state.legal_actions()[0], t.seq)
                    client.portal.call(svc.act, *act)  # type: ignore[union-attr]
        time.sleep(0.02)


def test_a_search_never_delays_an_agent_that_does_not_search(
    app_with: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tables whose agents search for ten minutes a move fill the one search worker
    and its queue: a greedy table's agent answers its person all the same."""
    slow_agents(monkeypatch, lambda seed: ISMCTSAgent(seed, time=600.0))
    client = app_with(agent_workers=1, agent_limits=AgentLimits(seconds=600, grace=600))
    slow = [live(client, agent_first(client, "ismcts")) for _ in range(3)]
    quick = live(client, agent_first(client, "greedy"))
    play_people(client, [quick], lambda: agent_moves(quick) >= 4)
    assert [agent_moves(t) for t in slow] == [0, 0, 0]  # still thinking


def test_slow_searches_take_turns(
    app_with: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tables whose agents each want a minute a move, on one search worker: each
    search is cut at the ceiling and the next table's has its turn, so all of them move."""
    slow_agents(monkeypatch, lambda seed: ISMCTSAgent(seed, time=60.0))
    client = app_with(agent_workers=1, agent_limits=AgentLimits(seconds=0.2, grace=600))
    tables = [live(client, agent_first(client, "ismcts")) for _ in range(3)]
    play_people(client, tables, lambda: min(agent_moves(t) for t in tables) >= 2)


def test_an_agent_that_ignores_the_ceiling_is_stopped_and_the_others_go_on(
    app_with: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    slow_agents(monkeypatch, lambda seed: Sleepy(seed))
    client = app_with(agent_workers=1, agent_limits=AgentLimits(seconds=0.1, grace=0.5))
    t = new_table(client, game="goofspiel", seats=[agent("ismcts"), HUMAN], seat=1)
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        assert receive(ws)["type"] == "update"
        error = receive(ws)
        assert error["type"] == "error", error
        assert "P0's agent (ismcts) cannot move: it failed (AgentOverran)" in error["message"]
    quick = agent_first(client, "greedy")  # the one worker was replaced
    wait_for(lambda: agent_moves(live(client, quick)) >= 1)


def test_the_agents_moves_are_those_of_the_seeded_agent(client: TestClient) -> None:
    """The agent thinks in another process, and carries its random generator from one
    decision to the next as it would in this one."""
    spec = "ismcts:iterations=20"
    t = new_table(client, game="looney", seats=[HUMAN, agent(spec)], seed=11)
    with client.websocket_connect(ws_path(t["table"], t["token"])) as ws:
        msg = receive(ws)
        while agent_moves(live(client, t["table"]), 1) < 6 and msg["status"] == "running":
            if msg["legal"]:
                ws.send_json(
                    {"type": "act", "action": msg["legal"][0]["action"], "seq": msg["seq"]}
                )
            msg = receive(ws)
    table = live(client, t["table"])
    here = make_agent(spec, derive_seed(11, 1))
    state = table.game.new_initial_state(seed=11)
    movers = list(table.movers)  # (the agent may move on meanwhile: the state is newer)
    for action, mover in zip(table.state.history(), movers, strict=False):
        if mover == 1:
            assert here.decide(InfoSet(state.clone(), 1)) == action
        state.apply_action(action)


def test_stopping_the_server_mid_search_is_prompt_and_a_restart_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 's.db'}"
    patience = AgentLimits(seconds=600, grace=600)  # nothing but stop() ends the search
    body = {"game": "goofspiel", "seats": [agent("ismcts"), HUMAN], "seat": 1}

    async def first_run() -> str:
        slow_agents(monkeypatch, lambda seed: ISMCTSAgent(seed, time=600.0))
        svc = GameService(Store(url), agent_workers=1, agent_limits=patience)
        await svc.start()
        table = (await svc.create_table(body))["table"]
        while not any(svc.agents._running):  # the search has reached the worker
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)
        await asyncio.wait_for(svc.stop(), timeout=30)  # the search wanted 600 s
        return str(table)

    async def second_run(table: str) -> None:
        monkeypatch.undo()
        svc = GameService(Store(url), agent_workers=1)
        await svc.start()
        try:
            while agent_moves(svc.live[table]) < 1:  # the decision is made again
                await asyncio.sleep(0.02)
        finally:
            await svc.stop()

    table = asyncio.run(first_run())
    asyncio.run(second_run(table))


def test_a_table_has_one_decision_in_the_pool_at_a_time() -> None:
    async def run() -> None:
        pool = AgentPool(2, AgentLimits(seconds=600, grace=600))
        await pool.start()
        try:
            game = live_module.cached_game("goofspiel", {})
            state = game.new_initial_state(seed=1)
            info = InfoSet(state, state.current_player())
            first = asyncio.ensure_future(pool.decide("t", Sleepy(0, 600.0), info))
            await asyncio.sleep(0)
            with pytest.raises(RuntimeError, match="already has a decision"):
                await pool.decide("t", Sleepy(0, 0.0), info)
            action, after = await pool.decide("u", make_agent("greedy"), info)
            assert action in info.legal_actions() and after.name == "greedy"
        finally:
            await pool.close()
        with pytest.raises(Exception, match="stopped"):
            await first

    asyncio.run(run())


def test_serve_takes_the_number_of_agent_workers() -> None:
    src = str(Path(__file__).resolve().parents[2] / "src")
    run = [sys.executable, "-m", "cardtable", "serve"]
    env = {**os.environ, "PYTHONPATH": src}
    refused = subprocess.run(
        [*run, "--agent-workers", "0"], capture_output=True, text=True, env=env, timeout=120
    )
    assert refused.returncode == 2 and "--agent-workers" in refused.stderr, refused.stderr
    shown = subprocess.run([*run, "--help"], capture_output=True, text=True, env=env, timeout=120)
    assert "--agent-workers" in shown.stdout


def test_serve_sets_the_ceiling_on_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn
    from rich.console import Console

    from cardtable import cli_serve
    from cardtable.server import app as server_app
    from cardtable.server import transport

    seen: dict[str, object] = {}

    def fake_app(url: str, **kwargs: object) -> object:
        seen.update(kwargs)
        return object()

    monkeypatch.setattr(server_app, "create_app", fake_app)
    monkeypatch.setattr(transport, "uvicorn_config", lambda *a, **k: None)
    monkeypatch.setattr(uvicorn, "Server", lambda config: type("S", (), {"run": lambda s: None})())
    cli_serve.serve(Console(quiet=True), "127.0.0.1", 0, "sqlite://", agent_seconds=2.5)
    assert seen["agent_limits"] == AgentLimits(seconds=2.5)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {**os.environ, "PYTHONPATH": src}
    run = [sys.executable, "-m", "cardtable", "serve", "--agent-seconds", "0"]
    refused = subprocess.run(run, capture_output=True, text=True, env=env, timeout=120)
    assert refused.returncode == 2 and "--agent-seconds" in refused.stderr, refused.stderr
