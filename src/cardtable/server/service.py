"""The game service: tables, seats and tokens, actions, agents and updates.

The service is the authority. It runs on the event loop; the database runs in threads and the
agents in worker processes (:mod:`cardtable.server.agent_pool`), so that the loop stays
responsive. Per table, ``LiveTable.lock`` orders everything:
an action is checked, applied to a clone, stored, and only then adopted and sent out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from cardtable.core.errors import ActionNotationError, CardtableError, IllegalActionError, brief
from cardtable.core.i18n import N_, Lang, message_of, named, reason, say
from cardtable.core.infoset import InfoSet
from cardtable.server.agent_pool import AgentLimits, AgentPool, AgentPoolClosed, default_workers
from cardtable.server.live import (
    MAX_QUEUED,
    LiveTable,
    Subscriber,
    concession,
    final_observation,
    result_text,
    summary,
    token_hash,
)
from cardtable.server.replay import replay_table
from cardtable.server.setup import BadRequest, new_table_row
from cardtable.server.storage import (
    ABANDONED,
    FINISHED,
    INVITE_NOT_VALID,
    NO_TABLE,
    OPEN,
    PUBLIC,
    RUNNING,
    ActionConflict,
    BadInvite,
    SeatTaken,
    StorageError,
    Store,
    StoredAction,
    TableRow,
    same_hash,
)

log = logging.getLogger("cardtable.server")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table id may be (new ids are ``secrets.token_urlsafe(9)``: 12 such characters, 72
random bits: the id is what lets one watch a private table)."""
MAX_ENDINGS = 1000
"""The last spectator views of finished tables kept (for the lobby's result sentences)."""
T = TypeVar("T")


class NotFound(CardtableError):
    """No such table."""


class Conflict(CardtableError):
    """The request clashes with the table's state (no free seat)."""


class Forbidden(CardtableError):
    """The token is not valid for this table."""


class Unavailable(CardtableError):
    """The database failed: the request changed nothing and may be tried again."""


ABANDON_AFTER = 30 * 60.0  # seconds with no seat's person connected


class GameService:
    """Every table of one server process, over one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        agent_workers: int | None = None,
        max_queued: int = MAX_QUEUED,
        abandon_after: float = ABANDON_AFTER,
        agent_limits: AgentLimits | None = None,
    ) -> None:
        """Serve the tables of ``store``; agents think in ``agent_workers`` processes
        (default: :func:`default_workers`), each decision within ``agent_limits``; a
        connection holding more than ``max_queued`` unsent messages is dropped; an open or
        running table with no seat's person connected for ``abandon_after`` seconds is
        abandoned."""
        if max_queued < 1:
            raise ValueError(f"max_queued must be at least 1, not {max_queued}")
        if not abandon_after > 0:
            raise ValueError(f"abandon_after must be over 0 seconds, not {abandon_after}")
        self.store = store
        self.max_queued = max_queued
        self.abandon_after = abandon_after
        self._sweeper: asyncio.Task[None] | None = None
        self.live: dict[str, LiveTable] = {}
        self._endings: dict[str, dict[str, Any]] = {}  # the last spectator view of finished tables
        self._db = ThreadPoolExecutor(1 if store.is_sqlite else 8, thread_name_prefix="db")
        self.agents = AgentPool(agent_workers or default_workers(), agent_limits)
        self._loading: dict[str, asyncio.Lock] = {}
        self._pending: list[tuple[StoredAction, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def _run(self, pool: ThreadPoolExecutor, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking storage call on the database thread(s). A failure of the database
        itself (locked, gone, refusing) is :class:`Unavailable` (503); cardtable's own
        storage errors (a seat taken, a conflict) pass as they are."""
        try:
            return await self._run(self._db, fn, *args)
        except SQLAlchemyError as exc:
            log.error("database call %s failed: %s", fn.__name__, type(exc).__name__)
            raise Unavailable(N_("the server's database is not available now; try again")) from None

    # ----- life cycle --------------------------------------------------------------------
    async def start(self) -> None:
        """Rebuild every open and running table from its stored actions; agents whose turn
        it is carry on."""
        await self.agents.start()
        ids = await self.db(self.store.ids_with_status, (OPEN, RUNNING))
        for table_id in ids:
            try:
                await self.get(table_id)
            except CardtableError as exc:  # a table that no longer replays stays stored
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_loop())

    async def stop(self) -> None:
        """Stop the agents at once (a search in the middle is abandoned: its decision is
        made again after a restart) and release the workers, threads and connections."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            await asyncio.gather(self._sweeper, return_exceptions=True)
        tasks = [t.agent_task for t in self.live.values() if t.agent_task is not None]
        for task in tasks:
            task.cancel()
        await self.agents.close()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._writer is not None:
            await asyncio.gather(self._writer, return_exceptions=True)
        self._db.shutdown(wait=True)
        self.store.close()

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded (replayed) from storage on first use; raises NotFound (also
        for a text that cannot be a table id, which never reaches the database)."""
        live = self.live.get(table_id)
        if live is not None:
            return live
        if not TABLE_ID.fullmatch(table_id):
            raise NotFound(reason(NO_TABLE, table=brief(table_id)))
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.get(table_id)
                if live is None:
                    row = await self.db(self.store.load, table_id)
                    if row is None:
                        raise NotFound(reason(NO_TABLE, table=brief(table_id)))
                    # replaying is work for the CPU: not on the database thread
                    live = await asyncio.to_thread(LiveTable, row)
                    self.live[table_id] = live
                    self._kick_agents(live)
        finally:
            self._loading.pop(table_id, None)
        return live

    # ----- tables and seats --------------------------------------------------------------
    async def create_table(self, body: dict[str, Any]) -> dict[str, Any]:
        """Make a table from a create request; the creator takes a seat and its token, and
        gets one invite per other human seat. The request is checked on a thread (reading
        deck files and loading a game take time) and the table is stored with the creator's
        seat taken and the invites' hashes, in one write."""
        token = secrets.token_urlsafe(24)
        row, seat = await asyncio.to_thread(new_table_row, body, token_hash(token))
        invites = invite_seats(row)
        await self.db(self.store.create, row)
        await self.get(row.id)  # in memory from now on: an agent to act starts thinking
        return {
            "table": row.id,
            "seat": seat,
            "token": token,
            "visibility": row.visibility,
            "invites": invite_list(row.id, invites),
            "watch": f"/table/{row.id}?watch=1",
        }

    async def join(self, table_id: str, invite: str | None) -> dict[str, Any]:
        """Take the free human seat ``invite`` was made for (the invite is spent); the seat's
        token is returned only here. Raises Forbidden (no invite, or one that no free seat of
        the table has), Conflict (the table is no longer open) or NotFound."""
        if not invite:
            raise Forbidden(
                reason(
                    N_(
                        "joining table {table} needs an invite: open the invite link the "
                        "table's host sent you"
                    ),
                    table=brief(table_id),
                )
            )
        live = await self.get(table_id)
        token, hashed = secrets.token_urlsafe(24), token_hash(invite)
        async with live.lock:
            # a guess is refused here, without the database's write lock: the table in
            # memory holds every invite the database still has (invites are only ever spent)
            if not any(same_hash(s.get("invite_hash"), hashed) for s in live.row.seats):
                raise Forbidden(reason(INVITE_NOT_VALID, table=table_id))
            with seat_errors():
                taken, row = await self.db(
                    self.store.take_seat, table_id, hashed, token_hash(token)
                )
            live.row.seats, live.row.status = row.seats, row.status
            self._broadcast(live, live.seq)
            self._kick_agents(live)
        return {"table": table_id, "seat": taken, "token": token}

    async def renew_invites(self, table_id: str, token: str | None) -> dict[str, Any]:
        """New invite links for the free human seats of an open table, for a person seated
        there (``token``: their seat token); the seats' old links stop working. Raises
        Forbidden (no token, or one of no seat of the table), Conflict (the table is no
        longer open) or NotFound."""
        if not token:
            raise Forbidden(N_("new invites need the seat token of a person at the table"))
        live = await self.get(table_id)
        async with live.lock:
            with seat_errors():
                invites, row = await self.db(
                    self.store.renew_invites, table_id, token_hash(token), invite_seats
                )
            live.row.seats = row.seats
        return {"table": table_id, "invites": invite_list(table_id, invites)}

    async def tables(self, lang: Lang = "en") -> dict[str, list[dict[str, Any]]]:
        """The lobby's lists of public tables: open, running and (the latest) finished and
        abandoned ones, the finished ones with how they ended in ``lang``. A private table
        is never listed."""
        rows = await self.db(self.store.summaries, (OPEN, RUNNING), 500, PUBLIC)
        done = await self.db(self.store.summaries, (FINISHED,), 100, PUBLIC)
        gone = await self.db(self.store.summaries, (ABANDONED,), 100, PUBLIC)
        out: dict[str, list[dict[str, Any]]] = {k: [] for k in (OPEN, RUNNING, FINISHED, ABANDONED)}
        for row in rows + done + gone:
            out[row.status].append(summary(row, await self.ending(row, lang)))
        return out

    async def summary(self, table_id: str, lang: Lang = "en") -> dict[str, Any]:
        """One table's summary (a finished one's with how it ended in ``lang``); raises
        NotFound."""
        row = await self.stored(table_id)
        return summary(row, await self.ending(row, lang))

    async def stored(self, table_id: str) -> TableRow:
        """A table as stored (its actions loaded); raises NotFound, also for a text that
        cannot be a table id (which never reaches the database)."""
        row = await self.db(self.store.load, table_id) if TABLE_ID.fullmatch(table_id) else None
        if row is None:
            raise NotFound(reason(NO_TABLE, table=brief(table_id)))
        return row

    async def ending(self, row: TableRow, lang: Lang) -> str | None:
        """How a finished table's game ended in ``lang`` (``None`` for one not finished),
        from its last spectator observation: kept once seen, else replayed on a thread."""
        if row.status != FINISHED:
            return None
        observation = self._endings.get(row.id)
        if observation is None:
            live = self.live.get(row.id)
            if live is not None and live.state.is_terminal():
                observation = live.state.observation(None)
            else:
                full = await self.db(self.store.load, row.id)
                if full is None:
                    return None
                observation = await asyncio.to_thread(final_observation, full)
            if len(self._endings) >= MAX_ENDINGS:
                self._endings.pop(next(iter(self._endings)))
            self._endings[row.id] = observation
        return result_text(row, observation, lang)

    async def replay(self, table_id: str, view: str, lang: Lang = "en") -> dict[str, Any]:
        """A finished table step by step from one view (``N``, ``all`` or ``public``)."""
        row = await self.stored(table_id)
        if row.status != FINISHED:
            raise Conflict(
                reason(
                    N_("table {table} is {status}: only finished tables replay"),
                    table=table_id,
                    status=row.status,
                )
            )
        return await asyncio.to_thread(replay_table, row, view, lang)

    # ----- connections -------------------------------------------------------------------
    async def subscribe(
        self, table_id: str, token: str | None, lang: Lang = "en"
    ) -> tuple[LiveTable, Subscriber]:
        """Register a connection (a seat by its token, or a spectator); its first message,
        with the whole log so far, is queued at once. A table in memory is first checked
        against storage, where another process may have changed it (``_refresh``)."""
        live = await self.get(table_id)
        async with live.lock:
            await self._refresh(live)
            seat = None
            if token:
                seat = live.seat_of_token(token)
                if seat is None:
                    raise Forbidden(
                        reason(N_("this token is not valid for table {table}"), table=table_id)
                    )
            sub = Subscriber(seat, self.max_queued, lang)
            if seat is not None:
                live.alone_since = None
            sub.push(json.dumps(live.update(seat, 0, lang)))
            live.subscribers.add(sub)
            self._kick_agents(live)  # an agent that failed before tries again
        return live, sub

    def unsubscribe(self, live: LiveTable, sub: Subscriber) -> None:
        """Forget a closed connection; a table over that nobody watches leaves memory."""
        live.subscribers.discard(sub)
        if not live.seated() and live.alone_since is None:
            live.alone_since = time.monotonic()
        self._forget_if_over(live)

    def _forget_if_over(self, live: LiveTable) -> None:
        """Drop a table that is over from memory once nobody watches it."""
        over = live.status in (FINISHED, ABANDONED)
        if over and not live.subscribers and live.agent_task is None:
            self.live.pop(live.id, None)

    def _broadcast(self, live: LiveTable, since: int) -> None:
        """Queue an update for every connection, built once per seat (call with the lock)."""
        built: dict[tuple[int | None, Lang], str] = {}
        for sub in list(live.subscribers):
            text = built.get((sub.seat, sub.lang))
            if text is None:
                text = json.dumps(live.update(sub.seat, since, sub.lang))
                built[sub.seat, sub.lang] = text
            self.send(live, sub, text)

    def send(self, live: LiveTable, sub: Subscriber, text: str) -> None:
        """Queue a message for one connection; a connection that has fallen too far behind
        is dropped (its handler closes it) and gets no more updates."""
        if not sub.push(text):
            live.subscribers.discard(sub)
            log.warning(
                "table %s: a connection (%s) fell behind by over %d messages and is dropped",
                live.id,
                "spectator" if sub.seat is None else f"P{sub.seat}",
                sub.limit,
            )

    # ----- actions -----------------------------------------------------------------------
    async def act(self, live: LiveTable, seat: int | None, action: Any, seq: Any) -> None:
        """Apply ``action`` for ``seat`` if it is that seat's turn, ``seq`` is current and
        the action is legal; raises BadRequest (nothing changes) otherwise."""
        if isinstance(action, bool) or not isinstance(action, int):
            raise BadRequest(N_("'action' must be an action number from 'legal'"))
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise BadRequest(N_("'seq' must be the update's seq"))
        # A client that leaves cancels its handler: the action, once checked and on its way
        # to the database, is still adopted and sent to the others.
        work = asyncio.ensure_future(self._act(live, seat, action, seq))
        work.add_done_callback(_retrieve)
        await asyncio.shield(work)

    async def _act(self, live: LiveTable, seat: int | None, action: int, seq: int) -> None:
        async with live.lock:
            if seat is None:
                raise BadRequest(N_("a spectator cannot act (connect with a seat's token)"))
            _check_running(live)
            if seq != live.seq:
                raise BadRequest(
                    reason(
                        N_(
                            "stale action: the table is at seq {now}, your action was for seq {seq}"
                        ),
                        now=live.seq,
                        seq=seq,
                    )
                )
            to_act = live.to_act()
            if to_act != seat:
                raise BadRequest(
                    reason(
                        N_("it is P{p}'s turn, not yours (you are P{seat})"), p=to_act, seat=seat
                    )
                )
            await self._commit(live, seat, action)

    async def concede(self, live: LiveTable, seat: int | None) -> None:
        """``seat`` gives up a running table: it loses and the others share the win (stored
        with the seat marked ``conceded``); raises BadRequest (nothing changes) otherwise."""
        async with live.lock:
            if seat is None:
                raise BadRequest(N_("a spectator cannot concede (connect with a seat's token)"))
            _check_running(live)
            seats = [dict(s) for s in live.row.seats]
            seats[seat]["conceded"] = True
            await self._end(live, FINISHED, concession(len(seats), seat), seats)

    async def _end(
        self, live: LiveTable, status: str, result: list[float] | None, seats: list[dict[str, Any]]
    ) -> None:
        """Store and adopt the end of a table, then tell its connections (call with the
        lock held); raises Unavailable or BadRequest (another process ended it first)."""
        try:
            stored = await self.db(self.store.end_table, live.id, status, result, seats)
        except Exception as exc:
            log.error("table %s: its end (%s) not stored", live.id, status, exc_info=exc)
            raise Unavailable(N_("the server could not store it (its database failed)")) from None
        if not stored:
            await self._reload(live)
            raise BadRequest(N_("the table changed meanwhile; it has been reloaded"))
        live.ended(status, result, seats)
        self._broadcast(live, live.seq)

    # ----- abandoned tables --------------------------------------------------------------
    async def _sweep_loop(self) -> None:
        """Look for abandoned tables every so often (a quarter of the time limit, at most
        a minute)."""
        while True:
            await asyncio.sleep(min(60.0, self.abandon_after / 4))
            await self.sweep()

    async def sweep(self) -> list[str]:
        """Abandon every open or running table in memory whose seats' people have all been
        away for ``abandon_after`` seconds; the ids abandoned."""
        now = time.monotonic()
        gone: list[str] = []
        for live in list(self.live.values()):
            away = live.alone_since
            late = away is not None and now - away >= self.abandon_after
            if late and live.status in (OPEN, RUNNING) and await self._abandon(live):
                gone.append(live.id)
        return gone

    async def _abandon(self, live: LiveTable) -> bool:
        async with live.lock:
            if live.status not in (OPEN, RUNNING) or live.seated():
                return False
            try:
                await self._end(live, ABANDONED, None, live.row.seats)
            except CardtableError as exc:
                log.warning("table %s not abandoned: %s", live.id, exc)
                return False
        log.info("table %s abandoned: nobody came back", live.id)
        self._forget_if_over(live)
        return True

    async def _commit(self, live: LiveTable, seat: int, action: int) -> None:
        """Apply on a clone, store, then adopt and send (call with the lock held)."""
        nxt = live.state.clone()
        try:
            events = nxt.apply_action(action)
        except (ActionNotationError, IllegalActionError) as exc:  # kept as the cause: its
            raise BadRequest(str(exc)) from exc  # reason is said in each connection's language
        result = nxt.returns() if nxt.is_terminal() else None
        since = live.seq
        try:
            await self._store(StoredAction(live.id, since, action, seat, result))
        except ActionConflict:
            await self._reload(live)
            raise BadRequest(
                N_(
                    "the table changed meanwhile (another server process stored an action); "
                    "it has been reloaded, act again on the new update"
                )
            ) from None
        except Exception as exc:  # nothing was stored, so nothing changes
            log.error("table %s: action %s not stored", live.id, since, exc_info=exc)
            raise Unavailable(
                N_(
                    "the server could not store the action (its database failed); nothing "
                    "changed: try again"
                )
            ) from None
        live.applied(seat, nxt, events, result)
        self._broadcast(live, since)
        self._kick_agents(live)

    async def _store(self, item: StoredAction) -> None:
        """Store one action; actions of several tables that wait together are committed in
        one transaction (a group commit). Raises ActionConflict."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((item, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_pending())
        await fut

    async def _write_pending(self) -> None:
        """Commit the waiting actions, batch after batch, until none wait."""
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                outcomes = await self.db(self.store.append_actions, [a for a, _ in batch])
            except Exception as exc:  # the database failed: every waiter hears of it
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(exc)
                continue
            for (_, fut), outcome in zip(batch, outcomes, strict=True):
                if fut.done():
                    continue
                if outcome is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(outcome)

    async def _refresh(self, live: LiveTable) -> None:
        """Reload ``live`` when storage holds another version of it: more actions, another
        status or other seats, stored by another process on the same database (call with the
        lock held). A connection thus always starts from the stored table."""
        row = await self.db(self.store.load, live.id)
        if row is None:
            return
        same = len(row.actions) == live.seq and row.status == live.row.status
        if not same or row.seats != live.row.seats:
            await self._reload(live)

    async def _reload(self, live: LiveTable) -> None:
        """Bring a table back in line with storage and send everyone the new state."""
        row = await self.db(self.store.load, live.id)
        if row is None:
            return
        since = live.seq
        fresh = await asyncio.to_thread(LiveTable, row)
        live.row, live.game, live.state, live.events, live.movers = (
            fresh.row,
            fresh.game,
            fresh.state,
            fresh.events,
            fresh.movers,
        )
        self._broadcast(live, min(since, live.seq))

    # ----- agents ------------------------------------------------------------------------
    def _kick_agents(self, live: LiveTable) -> None:
        """Start the table's agent loop if an agent is to act and none is running."""
        if live.agent_to_act() is None:
            return
        if live.agent_task is None or live.agent_task.done():
            live.agent_task = asyncio.get_running_loop().create_task(self._agent_turns(live))

    async def _agent_turns(self, live: LiveTable) -> None:
        """Let agents act while one is to act; each thinks in the agent pool, on an InfoSet
        of a clone, and its action goes through the same checks and storage as a person's;
        the agent as it was after deciding is kept once its action is stored. An
        agent that fails (its search raises, its move is refused or cannot be stored) is
        reported to every connection of the table, which then waits: a new connection, or a
        restart, tries again."""
        seat: int | None = None
        try:
            while True:
                async with live.lock:
                    seat = live.agent_to_act()
                    if seat is None:
                        return
                    info = InfoSet(live.state.clone(), seat)
                    seq = live.seq
                    agent = live.agent(seat)
                action, after = await self.agents.decide(live.id, agent, info)
                async with live.lock:
                    if live.seq != seq or live.agent_to_act() != seat:
                        continue
                    try:
                        await self._commit(live, seat, action)
                        live.agents[seat] = after
                    except BadRequest as exc:
                        if live.seq == seq:  # refused, not overtaken: do not ask again
                            self._agent_failed(live, seat, N_("the game refused its move"), exc)
                            return
                    except Unavailable as exc:
                        self._agent_failed(live, seat, N_("its move could not be stored"), exc)
                        return
        except asyncio.CancelledError:
            raise
        except AgentPoolClosed:  # the server is stopping: a restart makes the decision again
            return
        except Exception as exc:
            self._agent_failed(live, seat, N_("it failed"), exc)
        finally:
            live.agent_task = None

    def _agent_failed(self, live: LiveTable, seat: int | None, why: str, exc: Exception) -> None:
        """Log an agent's failure in full and tell the table's connections, in words that
        name no card (the details stay in the server's log)."""
        log.error("table %s: the agent of P%s stopped: %s", live.id, seat, why, exc_info=exc)
        who = (
            reason(
                N_("P{seat}'s agent ({spec})"), seat=seat, spec=named(live.row.seats[seat]["spec"])
            )
            if seat is not None
            else N_("an agent")
        )
        text = reason(
            N_(
                "{who} cannot move: {why} ({error}). The table waits; reconnect to let the "
                "agent try again."
            ),
            who=who,
            why=why,
            error=type(exc).__name__,
        )
        said: dict[Lang, str] = {}
        for sub in list(live.subscribers):
            if sub.lang not in said:
                message = say(text, live.game, sub.lang)
                said[sub.lang] = json.dumps({"type": "error", "message": message})
            self.send(live, sub, said[sub.lang])


@contextmanager
def seat_errors() -> Iterator[None]:
    """A seat's storage refusals as the API's: BadInvite is Forbidden, SeatTaken is
    Conflict, any other StorageError (no such table) is NotFound."""
    try:
        yield
    except BadInvite as exc:
        raise Forbidden(message_of(exc)) from None
    except SeatTaken as exc:
        raise Conflict(message_of(exc)) from None
    except StorageError as exc:
        raise NotFound(message_of(exc)) from None


def invite_seats(row: TableRow) -> dict[int, str]:
    """Give each free human seat of a new table an invite (random, 24 bytes, URL-safe), and
    store only its hash in the seat; the invites by seat."""
    invites: dict[int, str] = {}
    for i, s in enumerate(row.seats):
        if s["kind"] == "human" and not s["taken"]:
            invites[i] = secrets.token_urlsafe(24)
            s["invite_hash"] = token_hash(invites[i])
    return invites


def invite_list(table_id: str, invites: dict[int, str]) -> list[dict[str, Any]]:
    """The invites of a table's seats as the API gives them: seat, invite and link."""
    return [
        {"seat": i, "invite": invite, "link": f"/join/{table_id}#invite={invite}"}
        for i, invite in invites.items()
    ]


def _check_running(live: LiveTable) -> None:
    """Raise BadRequest unless the table is running."""
    if live.status != RUNNING:
        why = {OPEN: N_("waiting for players"), ABANDONED: N_("nobody came back")}.get(
            live.status, N_("the game is over")
        )
        raise BadRequest(
            reason(
                N_("table {table} is {status}: {why}"), table=live.id, status=live.status, why=why
            )
        )


def _retrieve(task: asyncio.Future[None]) -> None:
    """Mark a task's exception as seen (its caller may have gone)."""
    if not task.cancelled():
        task.exception()
