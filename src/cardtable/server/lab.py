"""The balance lab on the server: card sets a designer edits in the browser, and balance runs
played in worker processes (docs/server-api.md, *The balance lab*; docs/balance.md, *In the
browser*).

Card sets live under the data folder, ``lab/sets/<id>/``; runs under ``lab/runs/<id>/``
(the run's copy of its card set in ``cards/``, the checkpoint ``games.jsonl``, ``balance.json``,
``balance.html`` and ``suggestions/``). Their rows are in the server's database
(``lab_storage``). At most ``workers`` runs play at once (one by default), each in a process
of its own at a lower priority (``lab_worker``); the others wait in order, in the database.

Several servers may share one database (and data folder): a run is played by the one server
that claimed it (``lab_storage``: an owner and a lease, taken in one UPDATE so only one server
wins). A server claims the oldest free run whenever one of its workers is free, renews its
claims every third of the lease, and gives them up when it stops; a run whose server died is
free once its lease runs out, and is taken over (resumed from its checkpoint) by another
server, or by the same one restarted. A server that cannot renew a claim stops that run
before its lease can run out, so two servers never play one run.
Card sets are checked in a checker process, so loading a large set never holds the loop;
the same process writes the Japanese report page of a run finished before the worker wrote
one (``report_page``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import secrets
import shutil
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from cardtable.core.errors import brief
from cardtable.core.i18n import LANGS, N_, Lang, reason
from cardtable.core.registry import available_games
from cardtable.server import lab_sets as sets
from cardtable.server.lab_storage import FAILED, FINISHED, QUEUED, RUNNING, LabStore, RunRow
from cardtable.server.lab_worker import lab_worker, page_from_report, page_name
from cardtable.server.service import TABLE_ID, Conflict, NotFound, Unavailable
from cardtable.server.setup import BadRequest, check_agent
from cardtable.server.storage import Store

log = logging.getLogger("cardtable.server")
Json = dict[str, Any]
T = TypeVar("T")
MAX_GAMES = 5_000
"""Games of one run (per card set) a client may ask for."""
MAX_SCREEN_GAMES = 1_000
MAX_WAITING = 20
"""Runs queued or running at once; beyond them a new run is refused (503)."""
MAX_AGENTS = 4
NO_SET = N_("no card set {set}")
NO_RUN = N_("no lab run {run}")
NO_FILE = N_("lab run {run} has no {name} (it is {status})")
RUN_STATUS = (N_("queued"), N_("running"), N_("finished"), N_("failed"))
"""A run's status as a refusal names it (``NO_FILE``), said in the request's language."""
LEASE = 30.0
"""Seconds a server's claim on a run lasts unless renewed (every third of it): a run whose
server died waits at most this long for another server to take it over."""


def _ctx() -> Any:
    forkserver = "forkserver" in multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if forkserver else "spawn")


class LabService:
    """The lab's card sets and runs over the server's :class:`Store` and data folder."""

    def __init__(self, store: Store, data: Path, workers: int = 1, lease: float = LEASE) -> None:
        if workers < 1:
            raise ValueError(f"the lab needs at least 1 worker, not {workers}")
        self.store = store
        self.root = data / "lab"
        self.workers = workers
        self.lease = lease
        self.owner = f"{os.getpid()}-{secrets.token_urlsafe(12)}"
        """This server's name on the runs it claims (unique to this process and start)."""
        self.played: list[str] = []
        """The runs this server started a worker for, in order (what it claimed)."""
        self.progress: dict[str, Json] = {}  # the live progress of runs being played
        self._rows: LabStore | None = None
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._renewed: dict[str, float] = {}  # run -> time.monotonic() of its last renewal
        self._procs: dict[str, Any] = {}
        self._set_locks: dict[str, asyncio.Lock] = {}
        self._checker: ProcessPoolExecutor | None = None
        self._wake = asyncio.Event()
        self._dispatcher: asyncio.Task[None] | None = None

    @property
    def rows(self) -> LabStore:
        assert self._rows is not None, "LabService.start() first"
        return self._rows

    async def start(self) -> None:
        """Create the tables and folders; start claiming runs (those a stopped server left
        too: they resume from their checkpoints)."""
        self._rows = await asyncio.to_thread(LabStore, self.store)
        for sub in ("sets", "runs"):
            await asyncio.to_thread((self.root / sub).mkdir, parents=True, exist_ok=True)
        self._checker = ProcessPoolExecutor(1, mp_context=_ctx(), max_tasks_per_child=50)
        self._dispatcher = asyncio.create_task(self._dispatch())

    async def stop(self) -> None:
        """Stop every run and give up their claims (their checkpoints stay: the next server
        to claim them resumes them)."""
        if self._dispatcher is not None:
            self._dispatcher.cancel()
        for task in self._tasks.values():
            task.cancel()
        for proc in list(self._procs.values()):
            proc.terminate()
        await asyncio.gather(
            *self._tasks.values(), *filter(None, [self._dispatcher]), return_exceptions=True
        )
        if self._rows is not None:
            try:
                await asyncio.to_thread(self.rows.release, self.owner)
            except SQLAlchemyError:  # the claims run out by themselves
                log.exception("lab: could not give up this server's runs")
        if self._checker is not None:
            self._checker.shutdown(wait=False, cancel_futures=True)

    # ----- card sets ------------------------------------------------------------------------

    def _set_dir(self, set_id: str) -> Path:
        return self.root / "sets" / set_id

    async def _game_of(self, set_id: Any) -> tuple[str, str]:
        """A stored set's id and game; NotFound otherwise."""
        if not isinstance(set_id, str) or not TABLE_ID.fullmatch(set_id):
            raise NotFound(reason(NO_SET, set=brief(set_id)))
        game = await asyncio.to_thread(self.rows.set_game, set_id)
        if game is None:
            raise NotFound(reason(NO_SET, set=brief(set_id)))
        return set_id, game

    async def _checked(self, game: str, files: dict[str, str], lang: Lang) -> Path:
        """``files`` written to a new folder and checked there (CardSetRejected when the set
        does not load, its problems in ``lang``; the folder is then removed)."""
        new = await asyncio.to_thread(sets.write_new, self.root / "sets", files)
        loop = asyncio.get_running_loop()
        check = sets.check_folder
        problems = await loop.run_in_executor(self._checker, check, game, new, lang)
        if problems:
            await asyncio.to_thread(shutil.rmtree, new, True)
            raise sets.rejected(problems, lang)
        return new

    async def new_set(self, body: Json, lang: Lang = "en") -> Json:
        """A new set: the game's built-in card files, with ``files`` added or replacing
        theirs (a refusal's problems in ``lang``)."""
        game = _game_field(body)
        files = await asyncio.to_thread(
            lambda: {p.name: p.read_text(encoding="utf-8") for p in sets.builtin_files(game)}
        )
        if body.get("files") is not None:
            files.update(sets.checked_files(body["files"]))
        new = await self._checked(game, files, lang)
        set_id = secrets.token_urlsafe(9)
        await asyncio.to_thread(sets.keep, new, self._set_dir(set_id))
        await self._db_or_undo(self.rows.add_set, set_id, game, undo=self._set_dir(set_id))
        return await self.card_set(set_id)

    async def _db_or_undo(self, fn: Any, *args: Any, undo: Path) -> None:
        try:
            await asyncio.to_thread(fn, *args)
        except Exception:
            await asyncio.to_thread(shutil.rmtree, undo, True)
            raise Unavailable(N_("the server could not store the card set; try again")) from None

    async def card_set(self, set_id: Any) -> Json:
        """``{set, game, files: [{name, text}], cards: [...form...]}``."""
        set_id, game = await self._game_of(set_id)
        files = await asyncio.to_thread(sets.read_folder, self._set_dir(set_id))
        return {
            "set": set_id,
            "game": game,
            "files": [{"name": n, "text": t} for n, t in files.items()],
            "cards": sets.card_forms(files),
        }

    async def edit_set(self, set_id: Any, body: Json, lang: Lang = "en") -> Json:
        """Apply ``edits`` (the form's values), ``files`` (uploaded, added or replacing) and
        ``remove`` (file names) in one change: kept only if the set then loads (a refusal's
        problems in ``lang``)."""
        set_id, game = await self._game_of(set_id)
        async with self._set_lock(set_id):
            files = await asyncio.to_thread(sets.read_folder, self._set_dir(set_id))
            files = _changed(files, body)
            new = await self._checked(game, files, lang)
            await asyncio.to_thread(sets.keep, new, self._set_dir(set_id))
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self.rows.touch_set, set_id)
        return await self.card_set(set_id)

    async def delete_set(self, set_id: Any) -> Json:
        """Delete a card set: its row and folder. Refused (Conflict) while a run of it is
        queued or playing; finished and failed runs keep their results and their own copy of
        the cards."""
        set_id, _ = await self._game_of(set_id)
        async with self._set_lock(set_id):
            if not await self._db(self.rows.delete_set, set_id):
                await self._refuse_delete(set_id)
            await asyncio.to_thread(_remove, self._set_dir(set_id))
        self._set_locks.pop(set_id, None)
        return {"set": set_id, "deleted": True}

    async def _refuse_delete(self, set_id: str) -> None:
        """Why a set's row was not deleted: a run of it waits or plays, or it is gone."""
        busy = await self._db(self.rows.busy_runs, set_id)
        if busy:
            raise Conflict(
                reason(
                    N_(
                        "card set {set} has a run waiting or playing ({run}): "
                        "delete it once the run has finished"
                    ),
                    set=set_id,
                    run=busy[0],
                )
            )
        raise NotFound(reason(NO_SET, set=set_id))

    def _set_lock(self, set_id: str) -> asyncio.Lock:
        """The lock of a set's changes (edits, a run's copy, deleting) in this server."""
        return self._set_locks.setdefault(set_id, asyncio.Lock())

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the database in a thread; Unavailable when the database fails."""
        try:
            return await asyncio.to_thread(fn, *args)
        except SQLAlchemyError:
            log.exception("lab: the database failed")
            raise Unavailable(N_("the database failed; nothing changed, try again")) from None

    async def set_file(self, set_id: Any, name: str) -> str:
        set_id, _ = await self._game_of(set_id)
        files = await asyncio.to_thread(sets.read_folder, self._set_dir(set_id))
        if name not in files:
            raise NotFound(
                reason(N_("card set {set} has no file {name}"), set=set_id, name=brief(name))
            )
        return files[name]

    async def set_patch(self, set_id: Any) -> str:
        set_id, game = await self._game_of(set_id)
        files = await asyncio.to_thread(sets.read_folder, self._set_dir(set_id))
        return await asyncio.to_thread(sets.patch, game, files)

    # ----- runs -----------------------------------------------------------------------------

    async def new_run(self, body: Json) -> Json:
        """Queue a run: ``{game | set, agents?, games?, seed?, suggest?, screen_games?,
        compare?}``; with ``compare`` the game's own cards are the base and the set is played
        on the same deals beside them."""
        settings, set_id = await self._run_settings(body)
        waiting = await self._db(self.rows.waiting)
        if waiting >= MAX_WAITING:
            raise Unavailable(
                reason(N_("the lab has {n} runs waiting or playing; try again later"), n=waiting)
            )
        row = RunRow(
            secrets.token_urlsafe(9), settings["game"], set_id, settings, QUEUED, time.time()
        )
        folder = self.root / "runs" / row.id
        if set_id is None:
            await asyncio.to_thread(_prepare, folder, None)
            await self._db_or_undo(self.rows.add_run, row, undo=folder)
        else:  # the copy and the row under the set's lock: a deletion waits for both
            async with self._set_lock(set_id):
                await self._game_of(set_id)
                where = "compare" if settings["compare"] else "cards"
                await asyncio.to_thread(_prepare, folder, self._set_dir(set_id), where)
                await self._db_or_undo(self.rows.add_run, row, undo=folder)
        self._wake.set()
        return await self.run_info(row.id)

    async def _run_settings(self, body: Json) -> tuple[Json, str | None]:
        set_id = body.get("set")
        if set_id is not None:
            set_id, game = await self._game_of(set_id)
            if body.get("game") not in (None, game):
                raise BadRequest(
                    reason(
                        N_("field 'game': card set {set} is a set of {game}"), set=set_id, game=game
                    )
                )
        else:
            game = _game_field(body)
        settings = run_fields(body)
        if settings["compare"] and set_id is None:
            raise BadRequest(
                N_(
                    "field 'compare': it compares a card set with the game's cards: "
                    "name the set in 'set'"
                )
            )
        decks = await asyncio.to_thread(_starters, game)
        named = {"set": set_id} if settings["compare"] else {}  # the report's name of the set
        return {"game": game, **settings, **named, "decks": decks}, set_id

    async def _dispatch(self) -> None:
        """Keep this server's workers busy: renew its claims, then claim the oldest free runs
        while a worker is free; again when a run is queued or ends, and every third of the
        lease (to take over the runs of a server that died)."""
        while True:
            for step in (self._renew, self._claim):
                try:
                    await step()
                except Exception:  # the database is down: try again at the next beat
                    log.exception("lab: could not claim or renew runs")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.lease / 3)
            self._wake.clear()

    async def _claim(self) -> None:
        """Claim and start free runs while a worker is free."""
        while len(self._tasks) < self.workers:
            row = await asyncio.to_thread(
                self.rows.claim_next, self.owner, time.time(), self.lease, self._has_folder
            )
            if row is None:
                return
            self._renewed[row.id] = time.monotonic()
            self.played.append(row.id)
            self._tasks[row.id] = asyncio.create_task(self._play(row))

    def _has_folder(self, run_id: str) -> bool:
        """Whether this server has the run's folder (servers on one database share the data
        folder; a run whose folder is elsewhere is left to a server that has it)."""
        return (self.root / "runs" / run_id).is_dir()

    async def _renew(self) -> None:
        """Renew this server's claims; stop a run whose claim another server took over, or
        that could not be renewed for two thirds of the lease (before it can run out)."""
        until = time.time() + self.lease
        for run_id, task in list(self._tasks.items()):
            try:
                kept = await asyncio.to_thread(self.rows.renew, run_id, self.owner, until)
            except SQLAlchemyError:
                kept = time.monotonic() - self._renewed[run_id] < self.lease * 2 / 3
            else:
                self._renewed[run_id] = time.monotonic()
            if not kept and not task.done():
                log.warning("lab run %s: this server lost its claim; stopping it here", run_id)
                task.cancel()

    async def _play(self, row: RunRow) -> None:
        """Play a claimed run in a worker and store how it ended (only while still holding
        the claim); resumed from its checkpoint when an earlier server began it."""
        self.progress[row.id] = {"phase": "queued"}
        try:
            await self._set_status(row.id, status=RUNNING)
            checkpoint = self.root / "runs" / row.id / "games.jsonl"
            outcome, value = await self._in_worker(row, await asyncio.to_thread(checkpoint.exists))
            done = {"owner": None, "lease": None}
            if outcome == "done":
                await self._set_status(row.id, status=FINISHED, result=value, progress=None, **done)
            else:
                await self._set_status(row.id, status=FAILED, error=str(value)[:2000], **done)
        finally:
            self.progress.pop(row.id, None)
            self._tasks.pop(row.id, None)
            self._renewed.pop(row.id, None)
            self._wake.set()

    async def _base_for(self, row: RunRow) -> str | None:
        """For a comparison, the folder of a finished run on this server that played the
        game's own cards with the same game, agents, seed and decks (a run of the game's cards
        or another comparison; the one with most games): its games of the game's cards are
        this run's, so the worker reads them instead of playing them again. None if none."""
        if not row.settings.get("compare"):
            return None
        same = ("game", "agents", "seed", "decks")
        found = [
            r
            for r in await asyncio.to_thread(self.rows.runs)
            if r.id != row.id and r.status == FINISHED
            and (r.set_id is None or r.settings.get("compare"))
            and all(r.settings.get(k) == row.settings.get(k) for k in same)
        ]  # fmt: skip
        found.sort(key=lambda r: -int(r.settings.get("games", 0)))
        for r in found:
            folder = self.root / "runs" / r.id
            if await asyncio.to_thread((folder / "games.jsonl").is_file):
                return str(folder)
        return None

    async def _set_status(self, run_id: str, **values: Any) -> None:
        """Store a change of a run this server holds (nothing when another took it over)."""
        try:
            await asyncio.to_thread(self.rows.update_run, run_id, self.owner, **values)
        except Exception:  # the database is down: the claim runs out, the run is played again
            log.exception("lab run %s: could not store its status", run_id)

    async def _in_worker(self, row: RunRow, resume: bool) -> tuple[str, Any]:
        """Play the run in a worker process; its last message (``done`` or ``error``)."""
        folder = self.root / "runs" / row.id
        base = await self._base_for(row)
        here, there = _ctx().Pipe(duplex=False)
        proc = _ctx().Process(
            target=lab_worker,
            args=(there, str(folder), row.settings, resume, base),
            name="cardtable-lab",
            daemon=True,
        )
        await asyncio.to_thread(proc.start)
        there.close()
        self._procs[row.id] = proc
        try:
            return await self._listen(row.id, here)
        finally:
            self._procs.pop(row.id, None)
            if proc.is_alive():
                proc.terminate()
            await asyncio.to_thread(proc.join, 5)
            here.close()

    async def _listen(self, run_id: str, conn: Connection) -> tuple[str, Any]:
        stored = 0.0
        while True:
            msg = await asyncio.to_thread(_receive, conn)
            if msg is None:
                return "error", "the lab's worker process ended before the run did"
            kind, value = msg
            if kind != "progress":
                return kind, value
            self.progress[run_id] = value
            if time.monotonic() - stored > 2:
                stored = time.monotonic()
                await self._set_status(run_id, progress=value)

    async def run_info(self, run_id: Any, lang: Lang = "en") -> Json:
        """A run: settings, status, progress (live while it plays), result or error; the
        words the result and progress hold in every language (``{en, ja}``), in ``lang``."""
        row = await self._run_row(run_id)
        info: Json = in_lang(self._info(row), lang)
        return info

    def _info(self, row: RunRow) -> Json:
        return {
            "run": row.id,
            "game": row.game,
            "set": row.set_id,
            "settings": {k: v for k, v in row.settings.items() if k != "decks"},
            "decks": row.settings.get("decks", []),
            "status": row.status,
            "created": row.created,
            "progress": self.progress.get(row.id, row.progress),
            "result": row.result,
            "error": row.error,
        }

    async def _run_row(self, run_id: Any) -> RunRow:
        if not isinstance(run_id, str) or not TABLE_ID.fullmatch(run_id):
            raise NotFound(reason(NO_RUN, run=brief(run_id)))
        row = await asyncio.to_thread(self.rows.run, run_id)
        if row is None:
            raise NotFound(reason(NO_RUN, run=brief(run_id)))
        return row

    async def runs(self) -> list[Json]:
        rows = await asyncio.to_thread(self.rows.runs)
        return [
            {"run": r.id, "game": r.game, "set": r.set_id, "status": r.status,
             "created": r.created, "games": r.settings.get("games"),
             "suggest": bool(r.settings.get("suggest")),
             "compare": bool(r.settings.get("compare"))}
            for r in rows
        ]  # fmt: skip

    async def report_file(self, run_id: Any, name: str) -> Path:
        """``balance.html`` or ``balance.json`` of a finished run."""
        return await self._finished_file(await self._run_row(run_id), name)

    async def _finished_file(self, row: RunRow, name: str) -> Path:
        """A file of a finished run; NotFound when the run has not finished or has none."""
        path = self.root / "runs" / row.id / name
        if row.status != FINISHED or not await asyncio.to_thread(path.is_file):
            raise NotFound(reason(NO_FILE, run=row.id, name=name, status=row.status))
        return path

    async def report_page(self, run_id: Any, lang: Lang) -> Path:
        """The report page of a finished run in ``lang``. A run finished before the pages
        were written in every language has only the English one (``balance.html``): its page
        in ``lang`` is made once from its ``balance.json``, in the checker process (matplotlib
        and the game's cards never load in the server's), and kept."""
        row = await self._run_row(run_id)
        english = await self._finished_file(row, page_name(LANGS[0]))
        page = english.with_name(page_name(lang))
        if not await asyncio.to_thread(page.is_file):
            loop = asyncio.get_running_loop()
            folder = str(page.parent)
            made = loop.run_in_executor(self._checker, page_from_report, folder, row.game, lang)
            if not await made:
                raise NotFound(
                    reason(
                        N_("lab run {run} has no {name} (no matplotlib)"),
                        run=row.id,
                        name=page.name,
                    )
                )
        return page

    async def proposal_patch(self, run_id: Any, target: int, proposal: int) -> str:
        """The patch of proposal ``proposal`` (from 1) of suggestion target ``target``."""
        from cardtable.sim.suggest import Target, slug

        row = await self._run_row(run_id)
        found = (row.result or {}).get("suggestions") or []
        if not 0 <= target < len(found) or not 1 <= proposal <= len(found[target]["proposals"]):
            raise NotFound(
                reason(
                    N_("lab run {run} has no proposal {target}/{proposal}"),
                    run=row.id,
                    target=target,
                    proposal=proposal,
                )
            )
        t = found[target]
        where = slug(Target(t["kind"], t["name"], t["direction"]))
        path = self.root / "runs" / row.id / "suggestions" / where / str(proposal) / "changes.patch"
        return await asyncio.to_thread(path.read_text, encoding="utf-8")


def in_lang(value: Any, lang: Lang) -> Any:
    """``value`` with each text given in every language (a mapping of exactly the languages,
    ``{"en": ..., "ja": ...}``) replaced by its text in ``lang``."""
    if isinstance(value, dict):
        if value and set(value) == set(LANGS):
            return value[lang]
        return {k: in_lang(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [in_lang(v, lang) for v in value]
    return value


def _changed(files: dict[str, str], body: Json) -> dict[str, str]:
    """A set's files with an edit request's ``edits``, ``files`` and ``remove``."""
    unknown = sorted(set(body) - {"edits", "files", "remove"})
    if unknown:
        raise BadRequest(
            reason(
                N_("unknown field {field}: send edits, files or remove"), field=brief(unknown[0])
            )
        )
    if body.get("edits") is not None:
        files = sets.apply_edits(files, body["edits"])
    if body.get("files") is not None:
        files = {**files, **sets.checked_files(body["files"])}
    remove = body.get("remove")
    if remove is not None:
        if not isinstance(remove, list) or not all(isinstance(n, str) for n in remove):
            raise BadRequest(N_("field 'remove': a list of card file names"))
        missing = [n for n in remove if n not in files]
        if missing:
            raise BadRequest(
                reason(N_("field 'remove': the set has no file {name}"), name=brief(missing[0]))
            )
        files = {n: t for n, t in files.items() if n not in remove}
    return files


def _game_field(body: Json) -> str:
    game = body.get("game")
    if not isinstance(game, str) or game not in available_games():
        raise BadRequest(
            reason(
                N_("field 'game': no game {game}; games: {games}"),
                game=brief(game),
                games=", ".join(available_games()),
            )
        )
    return game


def run_fields(body: Json) -> Json:
    """A run's settings from a request, each checked: agents (the server's caps), games,
    seed, suggest and its screening games, compare (with the game's cards; not with
    suggest)."""
    agents = body.get("agents", ["greedy", "greedy"])
    if not isinstance(agents, list) or not 1 <= len(agents) <= MAX_AGENTS:
        raise BadRequest(reason(N_("field 'agents': a list of 1 to {n} agent specs"), n=MAX_AGENTS))
    for spec in agents:
        if not isinstance(spec, str):
            raise BadRequest(
                reason(N_("field 'agents': {spec} is not an agent spec"), spec=brief(spec))
            )
        check_agent(spec)
    games = _whole(body, "games", 200, 1, MAX_GAMES)
    suggest = body.get("suggest", False)
    if not isinstance(suggest, bool):
        raise BadRequest(N_("field 'suggest': true or false"))
    compare = body.get("compare", False)
    if not isinstance(compare, bool):
        raise BadRequest(N_("field 'compare': true or false"))
    if compare and suggest:
        raise BadRequest(N_("field 'compare': a run compares two card sets or suggests, not both"))
    return {
        "agents": agents,
        "games": games,
        "seed": _whole(body, "seed", 0, 0, 2**31 - 1),
        "suggest": suggest,
        "compare": compare,
        "screen_games": _whole(body, "screen_games", min(200, games), 1, MAX_SCREEN_GAMES),
    }


def _whole(body: Json, name: str, default: int, low: int, high: int) -> int:
    value = body.get(name, default)
    if type(value) is not int or not low <= value <= high:
        raise BadRequest(
            reason(
                N_("field {name}: a whole number from {low} to {high}, not {value}"),
                name=repr(name),
                low=low,
                high=high,
                value=brief(value),
            )
        )
    return value


def _starters(game: str) -> list[str]:
    from cardtable.core.registry import load_game
    from cardtable.sim.balance import default_deck_specs

    return list(default_deck_specs(load_game(game)))


def _remove(folder: Path) -> None:
    """Remove a folder: renamed first, so a half-removed folder is never read as a set."""
    if folder.exists():
        gone = folder.with_name(f".gone-{secrets.token_hex(8)}")
        folder.rename(gone)
        shutil.rmtree(gone, ignore_errors=True)


def _prepare(folder: Path, cards: Path | None, where: str = "cards") -> None:
    """A new run's folder, with its own copy of its card set (later edits leave it alone) in
    ``where``: ``cards`` (the set is played) or ``compare`` (played beside the game's)."""
    if cards is not None and not cards.is_dir():  # deleted by another server meanwhile
        raise NotFound(reason(NO_SET, set=cards.name))
    folder.mkdir(parents=True)
    if cards is not None:
        shutil.copytree(cards, folder / where)


def _receive(conn: Connection) -> tuple[str, Any] | None:
    """The worker's next message, or ``None`` when it has gone."""
    try:
        while not conn.poll(1.0):
            pass
        msg: tuple[str, Any] = conn.recv()
        return msg
    except (EOFError, OSError):
        return None
