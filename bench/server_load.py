"""Server load: N concurrent games, both seats played by bots over the WebSocket API, against a
real ``cardtable serve`` process; actions per second and the latency from sending an action to
receiving the update that follows it (p50, p99).

Baselines measured in the same run, on the same server: a bare WebSocket round trip (``ping``
→ ``pong``, one at a time on an idle server) and, in this process, what the engine spends per
action (``clone`` + ``apply_action`` + one observation per seat). The latency is reported as a
ratio against the round trip.

The bots pick a random legal action after ``--think`` seconds (default 0.5 s, a quick
person); ``--think 0`` plays flat out and measures the server's capacity instead: then every
bot always waits on the server, so the latency is mostly queueing. A finished game is
replaced by a new one until the time is up. The server stores every action before it answers
(SQLite in a temp dir by default, or ``--db URL``).

    python bench/server_load.py [--games 200] [--seconds 30] [--think 0.5] [--game looney]
        [--db URL] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import ClientConnection, connect

import cardtable
from _common import ROOT, Row, env_info, header, md_table, write_json


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int, cwd: Path) -> subprocess.Popen[bytes]:
    """``cardtable serve`` in its own process; returns once it answers."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardtable", "serve", "--port", str(port), "--db", db],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2).status_code == 200:
                return proc
        except httpx.TransportError:
            time.sleep(0.1)
        if proc.poll() is not None:
            break
    proc.kill()
    raise SystemExit("the server did not start")


def pct(values: list[float], p: float) -> float | None:
    """The ``p``-th percentile (nearest rank), or None for no values."""
    if not values:
        return None
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * len(s)) - 1))]


class Stats:
    """What the bots measured."""

    def __init__(self, matches: int) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.games = 0
        self.errors: list[str] = []
        self.waiting = matches  # matches still setting up their first game
        self.start: float | None = None  # when the last one was seated: measuring begins

    def seated(self) -> None:
        """A match has its first game's sockets open; the last one starts the measurement."""
        self.waiting -= 1
        if self.waiting == 0:
            self.start = time.perf_counter()


async def bot(
    ws: ClientConnection, stats: Stats, think: float, deadline: list[float], rng: random.Random
) -> None:
    """Play one seat: a random legal action when it is this seat's turn; measure each
    action's round trip (sent → the update that includes it)."""
    sent_at: float | None = None
    sent_seq = -1
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
        except TimeoutError:
            # The other seat may have stopped at the deadline on its turn: nothing will come.
            if time.perf_counter() > deadline[0]:
                return
            continue
        msg = json.loads(raw)
        if msg["type"] == "error":
            stats.errors.append(msg["message"])
            continue
        if sent_at is not None and msg["seq"] > sent_seq:
            if stats.start is not None and sent_at >= stats.start:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.actions += 1
            sent_at = None
        if msg["status"] == "finished" or time.perf_counter() > deadline[0]:
            return
        if msg["legal"]:
            if think:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            sent_seq, sent_at = msg["seq"], time.perf_counter()
            act = {"type": "act", "action": rng.choice(msg["legal"])["action"], "seq": msg["seq"]}
            await ws.send(json.dumps(act))


async def match(
    http: httpx.AsyncClient,
    ws_base: str,
    game: str,
    stats: Stats,
    think: float,
    deadline: list[float],
    rng: random.Random,
) -> None:
    """Games between two bots, one after another, until the deadline."""
    first = True
    while time.perf_counter() < deadline[0]:
        body = {"game": game, "seats": [{"kind": "human"}, {"kind": "human"}]}
        t = (await http.post("/api/tables", json=body)).json()
        invite = {"invite": t["invites"][0]["invite"]}  # the other seat's
        j = (await http.post(f"/api/tables/{t['table']}/join", json=invite)).json()
        path = f"{ws_base}/ws/tables/{t['table']}?token="
        async with connect(path + t["token"]) as a, connect(path + j["token"]) as b:
            if first:
                stats.seated()
                first = False
            await asyncio.gather(
                bot(a, stats, think, deadline, rng), bot(b, stats, think, deadline, rng)
            )
        if time.perf_counter() < deadline[0] and stats.start is not None:
            stats.games += 1


async def pinger(ws_base: str, table: str, stats: Stats, deadline: list[float]) -> list[float]:
    """During the load: a ping every 50 ms on a spectator connection; the round trips."""
    out: list[float] = []
    async with connect(f"{ws_base}/ws/tables/{table}") as ws:
        await ws.recv()
        while stats.start is None:
            await asyncio.sleep(0.01)
        while time.perf_counter() < deadline[0]:
            t0 = time.perf_counter()
            await ws.send('{"type": "ping"}')
            while json.loads(await ws.recv())["type"] != "pong":
                pass
            out.append(time.perf_counter() - t0)
            await asyncio.sleep(0.05)
    return out


async def echo_baseline(ws_base: str, n: int) -> list[float]:
    """Round trips of ``ping`` → ``pong`` on one spectator connection, one at a time."""
    async with httpx.AsyncClient(base_url=ws_base.replace("ws://", "http://")) as http:
        body = {"game": "looney", "seats": [{"kind": "human"}, {"kind": "human"}]}
        t = (await http.post("/api/tables", json=body)).json()
    out: list[float] = []
    async with connect(f"{ws_base}/ws/tables/{t['table']}") as ws:
        await ws.recv()
        for _ in range(n):
            t0 = time.perf_counter()
            await ws.send('{"type": "ping"}')
            await ws.recv()
            out.append(time.perf_counter() - t0)
    return out


def engine_baseline(game_name: str, seconds: float) -> float:
    """Seconds per action in this process: clone, apply a random legal action, and build
    both seats' observations (what the server does per action, without I/O or storage)."""
    game = cardtable.load_game(game_name)
    rng = random.Random(1)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds or n < 100:
        state = game.new_initial_state(seed=rng.randrange(2**31))
        while not state.is_terminal():
            nxt = state.clone()
            nxt.apply_action(rng.choice(nxt.legal_actions()))
            for p in range(game.num_players):
                nxt.observation(p)
            state = nxt
            n += 1
    return (time.perf_counter() - t0) / n


async def load(ws_base: str, args: argparse.Namespace) -> tuple[Stats, float, float, list[float]]:
    """Run ``args.games`` matches for ``args.seconds`` after all are seated; the stats, the
    seconds measured, the seconds it took to seat them all (not measured) and the ping round
    trips measured meanwhile."""
    stats = Stats(args.games)
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(
        base_url=ws_base.replace("ws://", "http://"), limits=limits, timeout=60
    ) as http:
        t0 = time.perf_counter()
        deadline = [t0 + 3600.0]  # set once every match is seated
        tasks = [
            asyncio.create_task(
                match(http, ws_base, args.game, stats, args.think, deadline, random.Random(seed))
            )
            for seed in (rng.random() for _ in range(args.games))
        ]
        body = {"game": args.game, "seats": [{"kind": "human"}, {"kind": "human"}]}
        watched = (await http.post("/api/tables", json=body)).json()["table"]
        pings = asyncio.create_task(pinger(ws_base, watched, stats, deadline))
        while stats.start is None:
            await asyncio.sleep(0.01)
        deadline[0] = stats.start + args.seconds
        await asyncio.gather(*tasks)
        return stats, time.perf_counter() - stats.start, stats.start - t0, await pings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="load duration (default 30)")
    parser.add_argument(
        "--think", type=float, default=0.5, help="mean seconds a bot waits before acting"
    )
    parser.add_argument("--game", default="looney", help="the game (default looney)")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    parser.add_argument("--seed", type=int, default=1234, help="the bots' seed")
    parser.add_argument("--json", metavar="PATH", default=None, help="also write JSON to PATH")
    args = parser.parse_args()
    env = env_info()
    budget = (
        f"{args.games} concurrent games of {args.game} for {args.seconds:g} s, "
        f"think {args.think:g} s"
    )
    print(header("Server load", env, budget))
    engine_s = engine_baseline(args.game, min(2.0, max(0.2, args.seconds / 10)))
    with tempfile.TemporaryDirectory(prefix="cardtable-load-") as tmp:
        db = args.db or f"sqlite:///{Path(tmp) / 'load.db'}"
        port = free_port()
        proc = start_server(db, port, ROOT)
        try:
            ws_base = f"ws://127.0.0.1:{port}"
            echo = asyncio.run(echo_baseline(ws_base, 200))
            stats, wall, ramp, pings = asyncio.run(load(ws_base, args))
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
    ms = [x * 1000 for x in stats.latencies]
    echo_ms = [x * 1000 for x in echo]
    echo_p50 = statistics.median(echo_ms)
    rows: list[Row] = [
        {
            "id": "baseline/ws-echo",
            "engine": "cardtable",
            "game": None,
            "impl": "ping-pong, idle server",
            "actions": len(echo_ms),
            "p50_ms": echo_p50,
            "p99_ms": pct(echo_ms, 99),
        },
        {
            "id": "baseline/ws-echo-under-load",
            "engine": "cardtable",
            "game": None,
            "impl": "ping-pong every 50 ms during the load",
            "actions": len(pings),
            "p50_ms": pct([x * 1000 for x in pings], 50),
            "p99_ms": pct([x * 1000 for x in pings], 99),
        },
        {
            "id": f"baseline/{args.game}/in-process",
            "engine": "cardtable",
            "game": args.game,
            "impl": "clone+apply+observations",
            "p50_ms": engine_s * 1000,
        },
        {
            "id": f"cardtable/server/{args.game}/{args.games}-games",
            "engine": "cardtable",
            "game": args.game,
            "impl": "sqlite" if db.startswith("sqlite") else db.split(":", 1)[0],
            "games": args.games,
            "think_s": args.think,
            "seconds": wall,
            "ramp_s": ramp,
            "actions": stats.actions,
            "games_finished": stats.games,
            "actions_per_s": stats.actions / wall if wall else None,
            "p50_ms": pct(ms, 50),
            "p99_ms": pct(ms, 99),
            "max_ms": max(ms) if ms else None,
            "errors": len(stats.errors),
        },
    ]
    load_row = rows[-1]
    if load_row["p50_ms"] is not None:
        load_row["p50_vs_echo"] = load_row["p50_ms"] / echo_p50
        load_row["p99_vs_echo"] = load_row["p99_ms"] / echo_p50
    columns = [
        ("id", "row"),
        ("actions", "actions"),
        ("actions_per_s", "actions/s"),
        ("p50_ms", "p50 ms"),
        ("p99_ms", "p99 ms"),
        ("p50_vs_echo", "p50 / echo p50"),
        ("p99_vs_echo", "p99 / echo p50"),
        ("errors", "errors"),
    ]
    print(md_table(columns, rows))
    aim = "met" if load_row["p99_ms"] is not None and load_row["p99_ms"] < 50 else "not met"
    print(
        f"\n{args.games} games, think {args.think:g} s: p99 {load_row['p99_ms']:.1f} ms "
        f"(aim: under 50 ms: {aim}); {stats.games} games finished, {len(stats.errors)} errors; "
        f"measured after all games were seated ({ramp:.1f} s to create and seat them)"
    )
    if stats.errors:
        print("first error:", stats.errors[0])
    write_json(args.json, "server_load.py", args, env, rows)


if __name__ == "__main__":
    main()
