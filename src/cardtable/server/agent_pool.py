"""Agents think in worker processes: never on the event loop, never on threads of the server.

A pool of ``workers`` processes takes the decisions of searching agents (``ismcts``) from one
queue, first come first served, and one more process those of agents that do not search
(``random``, ``greedy``: a few milliseconds each) from a queue of their own. A table has at
most one decision in the pool at a time (its agents act one after the other anyway). So a
table whose search is slow holds one worker for at most the ceiling's seconds while the other
tables' searches take their turns, and no search ever delays an agent that does not search.

A worker is sent the agent (its settings and its random generator's state) and the
:class:`InfoSet`, pickled with the game by name and options (a worker loads each game once),
and sends back the action and the agent after the decision (its generator moved on): a
seeded agent decides exactly as it would in the server's own process.

Every decision is bounded: the worker sets the server's :class:`Ceiling` (steps, seconds,
depth) on the agent, so a search stops there whatever its spec asks for; a worker still busy
``grace`` seconds after the ceiling's seconds is killed and replaced, and its decision fails
(:class:`AgentOverran`). :meth:`AgentPool.close` terminates the workers at once, mid-search
or not.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
import os
import pickle
import signal
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any

from cardtable.agents.base import Agent, Ceiling
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.infoset import InfoSet
from cardtable.server.setup import cached_game

log = logging.getLogger("cardtable.server")


@dataclass(frozen=True)
class AgentLimits:
    """The ceiling of every agent decision on a server, whatever its spec asks for: at most
    ``steps`` decisions played in a search's simulations, ``seconds`` of search, and
    ``depth`` decisions per simulation; a worker that has not answered ``grace`` seconds
    after ``seconds`` is killed."""

    steps: int = 40_000
    seconds: float = 5.0
    depth: int = 200
    grace: float = 5.0

    def __post_init__(self) -> None:
        if self.steps < 1 or self.depth < 1 or not self.seconds > 0 or not self.grace > 0:
            raise ValueError(f"agent limits must be positive: {self}")

    @property
    def ceiling(self) -> Ceiling:
        """What the worker sets on each agent."""
        return Ceiling(self.steps, self.seconds, self.depth)


def default_workers() -> int:
    """Search workers: one per core but one (the event loop's), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class AgentOverran(CardtableError):
    """A decision that did not come back in time: its worker was killed."""


class AgentWorkerLost(CardtableError):
    """A worker process ended in the middle of a decision (it is replaced)."""


class AgentPoolClosed(CardtableError):
    """The pool is stopped (the server is shutting down)."""


class _ByName(pickle.Pickler):
    """Pickles a :class:`Game` as its name and options: the worker loads it (once)."""

    def reducer_override(self, obj: Any) -> Any:
        if isinstance(obj, Game):
            return cached_game, (obj.name, obj.options_dict())
        return NotImplemented


def dumps(obj: Any) -> bytes:
    """``obj`` pickled, every game in it by name and options."""
    buf = io.BytesIO()
    _ByName(buf, pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def decide_payload(data: bytes, ceiling: Ceiling) -> bytes:
    """One decision in a worker: ``data`` is the pickled ``(agent, info)``; the answer is
    the pickled ``("ok", action, agent)``, or ``("error", exception, traceback)``."""
    try:
        agent, info = pickle.loads(data)
        agent.ceiling = ceiling
        return dumps(("ok", agent.decide(info), agent))
    except Exception as exc:
        text = traceback.format_exc()
        try:
            return dumps(("error", exc, text))
        except Exception:  # an exception that does not pickle
            return dumps(("error", RuntimeError(f"{type(exc).__name__}: {exc}"), text))


def work(conn: Connection, ceiling: Ceiling) -> None:
    """A worker's life: answer each request on ``conn`` until the server goes away."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's: it stops us
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        answer = decide_payload(data, ceiling)
        try:
            conn.send_bytes(answer)
        except OSError:
            return


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any, ceiling: Ceiling) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=work, args=(child, ceiling), name="cardtable-agent", daemon=True
        )
        self.process.start()
        child.close()

    def terminate(self) -> None:
        """Ask the process to end now (SIGTERM: a search in it stops at once)."""
        if self.process.is_alive():
            self.process.terminate()

    def reap(self) -> None:
        """Wait a moment for the process to end, kill it if it has not, close the pipe."""
        self.process.join(1.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(1.0)
        self.conn.close()


def _stop_workers(workers: list[_Worker]) -> None:
    """Terminate every worker, then reap them (all at once, not one after the other)."""
    for w in workers:
        w.terminate()
    for w in workers:
        w.reap()


@dataclass(eq=False)
class _Job:
    key: str
    data: bytes
    answer: asyncio.Future[tuple[int, Agent]]


class AgentPool:
    """``workers`` processes for searching agents' decisions and one for the others, a
    queue each, one decision per key (table) at a time, each bounded by ``limits``."""

    def __init__(self, workers: int, limits: AgentLimits | None = None) -> None:
        if workers < 1:
            raise ValueError(f"an agent pool needs at least 1 worker, not {workers}")
        self.size = workers + 1  # the last one answers for agents that do not search
        self.limits = limits or AgentLimits()
        # forked from a clean server of processes (not from this one, with its threads and
        # listening socket), where the platform has one
        forkserver = "forkserver" in multiprocessing.get_all_start_methods()
        self._ctx = multiprocessing.get_context("forkserver" if forkserver else "spawn")
        self._queues: tuple[asyncio.Queue[_Job], asyncio.Queue[_Job]] | None = None
        self._busy: set[str] = set()
        self._workers: list[_Worker | None] = [None] * self.size
        self._running: list[_Job | None] = [None] * self.size
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False

    def _spawn(self) -> _Worker:
        return _Worker(self._ctx, self.limits.ceiling)

    async def start(self) -> None:
        """Start the workers (forked from a server process that has imported this module)."""
        if self._ctx.get_start_method() == "forkserver":
            self._ctx.set_forkserver_preload([__name__])
        searches, quick = self._queues = (asyncio.Queue(), asyncio.Queue())
        workers = await asyncio.to_thread(lambda: [self._spawn() for _ in range(self.size)])
        self._workers = list(workers)
        loop = asyncio.get_running_loop()
        last = self.size - 1
        self._tasks = [
            loop.create_task(self._serve(i, quick if i == last else searches))
            for i in range(self.size)
        ]

    async def decide(self, key: str, agent: Agent, info: InfoSet) -> tuple[int, Agent]:
        """``agent``'s action on ``info``, and the agent as it is after deciding (adopt it to
        go on as if it had decided here). ``key`` (the table) may have one decision in the
        pool at a time. An agent whose class says it does not search (``Agent.searches``)
        goes to the quick worker; any other to the search workers. Raises what the agent
        raised, :class:`AgentOverran`, :class:`AgentWorkerLost` or
        :class:`AgentPoolClosed`."""
        if self._queues is None or self._closed:
            raise AgentPoolClosed("the server is stopping: agents no longer think")
        if key in self._busy:
            raise RuntimeError(f"{key} already has a decision in the agent pool")
        job = _Job(key, dumps((agent, info)), asyncio.get_running_loop().create_future())
        self._busy.add(key)
        searches, quick = self._queues
        (searches if getattr(agent, "searches", True) else quick).put_nowait(job)
        try:
            return await job.answer
        finally:
            self._busy.discard(key)

    async def _serve(self, slot: int, queue: asyncio.Queue[_Job]) -> None:
        """Take jobs from ``queue`` and have worker ``slot`` answer them, one at a time."""
        while not self._closed:
            job = await queue.get()
            if job.answer.done():  # its table stopped waiting
                continue
            self._running[slot] = job
            try:
                outcome = await self._ask(slot, job.data)
            except Exception as exc:
                outcome = ("error", exc, "")
            finally:
                self._running[slot] = None
            if not job.answer.done():
                _settle(job.answer, outcome)

    async def _ask(self, slot: int, data: bytes) -> tuple[Any, ...]:
        """Send one request to worker ``slot`` (started anew if it is gone) and return its
        answer; a worker that takes too long or dies is stopped and forgotten."""
        worker = self._workers[slot]
        if worker is None or not worker.process.is_alive():
            if worker is not None:
                await asyncio.to_thread(_stop_workers, [worker])
            worker = await asyncio.to_thread(self._spawn)
            self._workers[slot] = worker
        try:
            worker.conn.send_bytes(data)
            await _readable(worker.conn, self.limits.seconds + self.limits.grace)
            answer: tuple[Any, ...] = pickle.loads(worker.conn.recv_bytes())
            return answer
        except TimeoutError:
            self._workers[slot] = None
            await asyncio.to_thread(_stop_workers, [worker])
            log.error("an agent's worker did not answer in time and was stopped")
            raise AgentOverran(
                f"it did not answer within {self.limits.seconds + self.limits.grace:g} s"
            ) from None
        except (EOFError, OSError) as exc:
            self._workers[slot] = None
            await asyncio.to_thread(_stop_workers, [worker])
            raise AgentWorkerLost(f"its worker process ended ({type(exc).__name__})") from None

    async def close(self) -> None:
        """Stop at once: every waiting decision fails with :class:`AgentPoolClosed`, and the
        workers are terminated, even in the middle of a search."""
        self._closed = True
        waiting = [j for j in self._running if j is not None]
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for queue in self._queues or ():
            while not queue.empty():
                waiting.append(queue.get_nowait())
        for job in waiting:
            if not job.answer.done():
                job.answer.set_exception(AgentPoolClosed("the server stopped"))
        workers = [w for w in self._workers if w is not None]
        self._workers = [None] * self.size
        await asyncio.to_thread(_stop_workers, workers)


def _settle(answer: asyncio.Future[tuple[int, Agent]], outcome: tuple[Any, ...]) -> None:
    """Give a decision its worker's answer: ``("ok", action, agent)`` or ``("error",
    exception, traceback)`` (the traceback in the worker becomes a note of the exception,
    so the server's log shows where it failed)."""
    if outcome[0] == "ok":
        answer.set_result((outcome[1], outcome[2]))
        return
    exc: BaseException = outcome[1]
    if outcome[2]:
        exc.add_note(f"in the agent's worker process:\n{outcome[2]}")
    answer.set_exception(exc)


async def _readable(conn: Connection, timeout: float) -> None:
    """Wait until ``conn`` has something to read (or is closed); raises TimeoutError.
    (Not ``asyncio.wait_for``: before Python 3.12 it swallows a cancellation that comes as
    the answer arrives, and the pool's tasks would then not stop.)"""
    loop = asyncio.get_running_loop()
    ready: asyncio.Future[bool] = loop.create_future()

    def settle(readable: bool) -> None:
        if not ready.done():
            ready.set_result(readable)

    fd = conn.fileno()
    loop.add_reader(fd, settle, True)
    timer = loop.call_later(timeout, settle, False)
    try:
        if not await ready:
            raise TimeoutError
    finally:
        timer.cancel()
        loop.remove_reader(fd)
