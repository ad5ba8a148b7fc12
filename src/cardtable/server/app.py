"""The FastAPI app: the HTTP routes and the WebSocket of docs/server-api.md, and the browser
client (``cardtable/web/``) as static files."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from cardtable.core.errors import (
    ActionNotationError,
    CardtableError,
    IllegalActionError,
    UnknownGameError,
    brief,
)
from cardtable.core.i18n import (
    N_,
    Lang,
    check_lang,
    message_of,
    negotiate,
    reason,
    refusal,
    say,
    speak,
)
from cardtable.core.registry import available_games
from cardtable.server import api_models as api
from cardtable.server import catalog
from cardtable.server.agent_pool import AgentLimits
from cardtable.server.lab import LEASE, LabService
from cardtable.server.lab_routes import add_lab_routes
from cardtable.server.lab_sets import CardSetRejected
from cardtable.server.live import (
    CLOSE_BEHIND,
    CLOSE_BEHIND_REASON,
    MAX_QUEUED,
    LiveTable,
    Subscriber,
)
from cardtable.server.methods import MethodGate, allowed_methods, refusal_lang
from cardtable.server.service import (
    ABANDON_AFTER,
    Conflict,
    Forbidden,
    GameService,
    NotFound,
    Unavailable,
)
from cardtable.server.setup import (
    MAX_DECK_TEXT,
    BadRequest,
    UnenforcedCards,
    cached_game,
    check_deck_text,
    house_options,
    set_house_cards,
)
from cardtable.server.storage import Store, default_url

WEB = Path(__file__).resolve().parent.parent / "web"
NO_GAME = N_("no game {game}; games: {games}")


class NotJSON(BadRequest):
    """A request body that is not declared as JSON (415)."""


STATUS: dict[type[CardtableError], int] = {
    BadRequest: 400,
    NotJSON: 415,
    UnknownGameError: 404,
    NotFound: 404,
    Forbidden: 403,
    Conflict: 409,
    Unavailable: 503,
}
# A request body holds at most a few decks' texts; a client message is a few numbers.
MAX_BODY = 8 * MAX_DECK_TEXT + 10_000
MAX_MESSAGE = 10_000
HTTP_WORDS = (N_("Not Found"), N_("Method Not Allowed"))
"""Starlette's words of the HTTP errors the app meets (an unknown path, a method a path does
not have), said in the request's language like cardtable's own refusals."""


def _error(
    status: int,
    text: str,
    lang: Lang,
    headers: Mapping[str, str] | None = None,
    **more: Any,
) -> JSONResponse:
    """A refusal: ``error`` in English (the server's log, what clients match), ``message`` the
    same in ``lang``, and ``more`` fields."""
    content = {"error": str(text), "message": speak(text, lang), **more}
    return JSONResponse(content, status_code=status, headers=headers)


async def _body(request: Request) -> dict[str, Any]:
    """The request's JSON object (an empty body is ``{}``); raises BadRequest, and
    NotJSON for a body sent as anything but ``application/json`` (a cross-site form or
    ``text/plain`` POST, which a browser sends without asking)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        why = N_("send the body as JSON (Content-Type: application/json), not {kind}")
        raise NotJSON(reason(why, kind=brief(kind)))
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise BadRequest(reason(N_("the body is longer than {n} bytes"), n=MAX_BODY))
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:  # bad JSON or UTF-8, or nested too deep
        raise BadRequest(reason(N_("the body is not valid JSON: {why}"), why=_why(exc))) from None
    if not isinstance(data, dict):
        raise BadRequest(N_("the body must be a JSON object"))
    return data


def _games() -> str:
    """The registered games, for a refusal that names them."""
    return ", ".join(available_games())


def token_of(protocols: str) -> str | None:
    """The seat token a browser sends among its WebSocket subprotocols (``cardtable,
    token.TOKEN``: a header, which proxies do not log, unlike the address), or ``None``."""
    for item in protocols.split(",")[:8]:
        name = item.strip()
        if name.startswith("token.") and len(name) <= 200:
            return name.removeprefix("token.")
    return None


def origin_allowed(headers: Mapping[str, str], allowed: frozenset[str]) -> bool:
    """Whether a WebSocket's ``Origin`` may open it: none (a program, not a browser), the
    server's own host (``Host``), or one of ``allowed`` (``scheme://host[:port]``)."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = headers.get("host", "")
    return origin.partition("://")[2] == host and bool(host)


def _lang(headers: Mapping[str, str], lang: str | None) -> Lang:
    """The language a request asks for: its ``lang`` parameter (checked: 400 for one
    cardtable does not speak), else its ``Accept-Language``."""
    return check_lang(lang) if lang else negotiate(headers.get("accept-language", ""))


def _why(exc: Exception) -> str:
    """What is wrong with a JSON text (the JSON reader's own words, in English)."""
    return N_("nested too deep") if isinstance(exc, RecursionError) else str(exc)


def ensure_web_dir(web: Path = WEB) -> Path:
    """The browser client's folder; a placeholder page is written only if it has none."""
    web.mkdir(parents=True, exist_ok=True)
    index = web / "index.html"
    if not index.exists():
        index.write_text(
            "<!doctype html>\n<html><head><meta charset='utf-8'><title>cardtable</title></head>"
            "\n<body><h1>cardtable</h1><p>The browser client is not built yet; the API is at "
            "<a href='/api/games'>/api/games</a>.</p></body></html>\n",
            encoding="utf-8",
        )
    return web


def create_app(
    db_url: str | None = None,
    web: Path = WEB,
    max_queued: int = MAX_QUEUED,
    abandon_after: float = ABANDON_AFTER,
    origins: tuple[str, ...] = (),
    agent_workers: int | None = None,
    agent_limits: AgentLimits | None = None,
    data: Path | None = None,
    lab_workers: int = 1,
    lab_lease: float = LEASE,
    house_cards: Mapping[str, str] | None = None,
) -> FastAPI:
    """The server over the database at ``db_url`` (default: ``cardtable.db`` here); a
    connection holding more than ``max_queued`` unsent messages is dropped; a table whose
    seats' people are all away for ``abandon_after`` seconds is abandoned. A browser's
    WebSocket opens only from the server's own pages or from ``origins``
    (``https://example.org``). Agents think in ``agent_workers`` processes (default: one
    per core but one, at least two), each decision within ``agent_limits``. The balance
    lab keeps its card sets and runs under ``data`` (default: ``cardtable-data`` here) and
    plays at most ``lab_workers`` runs at once, each claimed for ``lab_lease`` seconds at a
    time (``lab.LEASE``). ``house_cards``: ``use_house_cards``."""
    use_house_cards(house_cards or {})
    url = db_url or default_url()
    holder: dict[str, GameService] = {}
    labs: dict[str, LabService] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store, url)
        service = GameService(
            store,
            agent_workers=agent_workers,
            max_queued=max_queued,
            abandon_after=abandon_after,
            agent_limits=agent_limits,
        )
        await service.start()
        holder["service"] = app.state.service = service  # app.state: for tests
        lab = labs["lab"] = await _start_lab(app, store, data, lab_workers, lab_lease)
        try:
            yield
        finally:
            await lab.stop()
            await service.stop()

    app = FastAPI(title="cardtable", lifespan=lifespan)
    app.state.db_url = url

    def svc() -> GameService:
        return holder["service"]

    _add_error_handlers(app)
    _declare_schema(app)
    app.add_middleware(MethodGate)
    _add_routes(app, svc, lambda: labs["lab"], frozenset(o.rstrip("/") for o in origins))
    _add_pages(app, web)
    app.mount("/", StaticFiles(directory=ensure_web_dir(web), html=True), name="web")
    return app


async def _start_lab(
    app: FastAPI, store: Store, data: Path | None, workers: int, lease: float
) -> LabService:
    """The balance lab over ``data`` (default: ``cardtable-data`` here), started
    (``app.state.lab``: for tests)."""
    folder = data if data is not None else Path.cwd() / "cardtable-data"
    lab = app.state.lab = LabService(store, folder, workers, lease)
    await lab.start()
    return lab


def use_house_cards(folders: Mapping[str, str]) -> None:
    """Play ``folders``' card sets (game -> card folder) at every table of their game
    (``setup.set_house_cards``), and list their cards (``catalog.forget``)."""
    if set_house_cards(folders):
        catalog.forget()


def _add_routes(
    app: FastAPI,
    svc: Callable[[], GameService],
    lab: Callable[[], LabService],
    origins: frozenset[str],
) -> None:
    """The API's routes: games, decks, tables, their socket, the lab and game modules."""
    _add_game_routes(app)
    _add_deck_check(app)
    _add_table_routes(app, svc)
    _add_table_socket(app, svc, origins)
    add_lab_routes(app, lab, _body)
    _serve_game_modules(app)


def _add_pages(app: FastAPI, web: Path) -> None:
    """The browser client's pages that the static folder cannot answer by itself."""
    app.add_api_route(
        "/lab",
        _lab_page(web),
        methods=["GET"],
        response_class=FileResponse,
        responses=api.answers(None, media="text/html"),
        summary="The browser client's balance lab",
    )
    for page in ("join", "table", "replay"):
        app.add_api_route(
            f"/{page}/{{table}}",
            _index_page(web),
            methods=["GET"],
            response_class=FileResponse,
            responses=api.answers(None, media="text/html"),
            summary=f"The browser client's {page} page",
        )


def _add_error_handlers(app: FastAPI) -> None:
    """Errors as JSON ``{"error": English, "message": the same in the request's language}``,
    with the status of their kind (STATUS)."""

    @app.exception_handler(CardtableError)
    async def cardtable_error(request: Request, exc: CardtableError) -> JSONResponse:
        lang = refusal_lang(request)
        if isinstance(exc, CardSetRejected):  # where each problem is, for the lab's form
            return _error(400, message_of(exc), lang, problems=exc.details)
        if isinstance(exc, UnenforcedCards):  # the cards, for the lobby to ask about
            return _error(400, message_of(exc), lang, unenforced=exc.cards)
        return _error(STATUS.get(type(exc), 400), message_of(exc), lang)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # RFC 9110: a 405 names the methods the resource has
            headers["Allow"] = ", ".join(allowed_methods(request.app, request.url.path))
        return _error(exc.status_code, str(exc.detail), refusal_lang(request), headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # no route lets FastAPI check a body (they read their own), but it checks typed
        # path and query parameters: its refusal is cardtable's, 400 with {"error"}, not
        # 422 with {"detail"}; pydantic's own words stay English
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()))
        why = reason(
            N_("{where}: {message}"), where=where, message=brief(first.get("msg", "invalid"))
        )
        return _error(400, why, refusal_lang(request))


def _declare_schema(app: FastAPI) -> None:
    """``/openapi.json`` completed by ``api_models.finish_schema``: the request bodies'
    models, and no 422 answers (cardtable refuses with 400)."""

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description='The API of docs/server-api.md; errors are {"error": English, '
                '"message": the same in the request\'s language}.',
                routes=app.routes,
            )
            app.openapi_schema = api.finish_schema(schema, available_games())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _add_game_routes(app: FastAPI) -> None:
    """The routes about games: the list, a game's rules, cards and messages."""

    @app.get("/api/games", responses=api.answers(list[api.GameInfo], 400))
    async def list_games(request: Request, lang: str | None = None) -> list[dict[str, Any]]:
        """Every game with its options, decks and opponents (worded in ``lang``, else the
        request's ``Accept-Language``)."""
        chosen = _lang(request.headers, lang)
        return await asyncio.to_thread(catalog.games, chosen)  # loads every game on first use

    @app.get("/api/games/{game}/rules", responses=api.answers(api.RulesSheet, 400, 404))
    async def game_rules(request: Request, game: str, lang: str | None = None) -> dict[str, Any]:
        """The game's rules sheet in ``lang`` (by default the request's Accept-Language)."""
        chosen = _lang(request.headers, lang)
        if game not in available_games():
            raise UnknownGameError(reason(NO_GAME, game=brief(game), games=_games()))
        return await asyncio.to_thread(catalog.rules, game, chosen)

    @app.get("/api/games/{game}/cards", responses=api.answers(dict[str, api.CardFace], 400, 404))
    async def game_cards(
        request: Request, game: str, lang: str | None = None
    ) -> dict[str, dict[str, Any]]:
        """The game's cards in ``lang`` (``en``, ``ja``; by default the request's
        ``Accept-Language``): 400 for a language cardtable does not speak."""
        chosen = check_lang(lang) if lang else negotiate(request.headers.get("accept-language", ""))
        return await asyncio.to_thread(catalog.cards, game, chosen)

    @app.get("/api/messages", responses=api.answers(api.Messages, 400))
    async def page_messages(
        request: Request, lang: str | None = None, game: str | None = None
    ) -> dict[str, Any]:
        """``{lang, messages}``: the page's language (``lang``, else the request's
        ``Accept-Language``) and the translations of cardtable and of ``game`` in it."""
        chosen = _lang(request.headers, lang)
        if game is not None and game not in available_games():
            raise BadRequest(reason(NO_GAME, game=repr(game[:40]), games=_games()))
        return {"lang": chosen, "messages": catalog.messages(chosen, game)}


def _add_deck_check(app: FastAPI) -> None:
    """``POST /api/decks/check``: a deck file's text against a game's rules."""

    @app.post(
        "/api/decks/check",
        responses=api.answers(api.DeckCheckAnswer, 400, 415),
        openapi_extra=api.body(api.DeckCheck),
    )
    async def check_deck(request: Request, lang: str | None = None) -> dict[str, Any]:
        """A deck file's text checked: ``ok``, each problem by rule (its message in
        ``lang``, else the request's ``Accept-Language``), and the deck as data."""
        chosen = _lang(request.headers, lang)
        body = await _body(request)
        name, text = body.get("game"), body.get("text")
        if not isinstance(name, str):
            raise BadRequest(N_("field 'game': the name of a game is required"))
        if not isinstance(text, str):
            raise BadRequest(N_("field 'text': the deck file's YAML text is required"))
        try:
            game = await asyncio.to_thread(cached_game, name, house_options(name))
        except UnknownGameError as exc:
            raise BadRequest(message_of(exc)) from None
        deck, problems = await asyncio.to_thread(check_deck_text, game, text)
        return {
            "ok": deck is not None and not problems,
            "problems": [
                {"rule": p.rule, "message": say(p.message, game, chosen)} for p in problems
            ],
            "deck": deck.to_dict() if deck is not None else None,
        }


def _add_table_routes(app: FastAPI, svc: Callable[[], GameService]) -> None:
    """The HTTP routes about tables: create, list, look, join, replay."""

    @app.post(
        "/api/tables",
        responses=api.answers(api.CreatedTable, 400, 415, 503),
        openapi_extra=api.body(api.CreateTable),
    )
    async def create_table(request: Request) -> dict[str, Any]:
        """A new table; its creator takes a seat and gets its token."""
        return await svc().create_table(await _body(request))

    @app.get("/api/tables", responses=api.answers(api.TableLists, 400, 503))
    async def list_tables(
        request: Request, lang: str | None = None
    ) -> dict[str, list[dict[str, Any]]]:
        return await svc().tables(_lang(request.headers, lang))

    @app.get("/api/tables/{table}", responses=api.answers(api.TableSummary, 400, 404, 503))
    async def get_table(request: Request, table: str, lang: str | None = None) -> dict[str, Any]:
        return await svc().summary(table, _lang(request.headers, lang))

    @app.post(
        "/api/tables/{table}/join",
        responses=api.answers(api.JoinedTable, 400, 403, 404, 409, 415, 503),
        openapi_extra=api.body(api.JoinTable, required=False),
    )
    async def join_table(table: str, request: Request) -> dict[str, Any]:
        """Take the free human seat an invite was made for, and its token."""
        invite = (await _body(request)).get("invite")
        if invite is not None and not isinstance(invite, str):
            raise BadRequest(N_("field 'invite': the invite of the link the table's host sent"))
        return await svc().join(table, invite)

    @app.post(
        "/api/tables/{table}/invites",
        responses=api.answers(api.RenewedInvites, 400, 403, 404, 409, 415, 503),
        openapi_extra=api.body(api.RenewInvites),
    )
    async def renew_invites(table: str, request: Request) -> dict[str, Any]:
        """New invite links for the seats still free of an open table (the host lost them,
        or a link went to the wrong person): the seats' earlier links stop working."""
        token = (await _body(request)).get("token")
        if token is not None and not isinstance(token, str):
            raise BadRequest(N_("field 'token': the seat token of a person at the table"))
        return await svc().renew_invites(table, token)

    @app.get("/api/tables/{table}/replay", responses=api.answers(api.Replay, 400, 404, 409, 503))
    async def replay(
        request: Request, table: str, view: str = "public", lang: str | None = None
    ) -> dict[str, Any]:
        return await svc().replay(table, view, _lang(request.headers, lang))


def _add_table_socket(
    app: FastAPI, svc: Callable[[], GameService], origins: frozenset[str]
) -> None:
    """A table's WebSocket: a seat's (or a watcher's) updates out, its actions in; a
    browser page of another site may not open it (``origin_allowed``)."""

    @app.websocket("/ws/tables/{table}")
    async def table_socket(
        websocket: WebSocket, table: str, token: str | None = None, lang: str | None = None
    ) -> None:
        offered = websocket.headers.get("sec-websocket-protocol", "")
        await websocket.accept(subprotocol="cardtable" if "cardtable" in offered else None)
        token = token_of(offered) or token
        words = refusal_lang(websocket)
        if not origin_allowed(websocket.headers, origins):
            origin = brief(websocket.headers.get("origin"))
            why = reason(
                N_("a page from {origin} may not open this server's tables"), origin=origin
            )
            await _refuse_socket(websocket, speak(why, words), 4403)
            return
        service = svc()
        try:
            chosen = _lang(websocket.headers, lang)
            live, sub = await service.subscribe(table, token, chosen)
        except CardtableError as exc:
            code = 4000 + STATUS.get(type(exc), 400)
            await _refuse_socket(websocket, speak(message_of(exc), words), code)
            return
        sender = asyncio.create_task(_send_loop(websocket.send_text, sub))
        dropper = asyncio.create_task(_drop_when_behind(websocket, sub, sender))
        try:
            while True:
                msg = await websocket.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                reply = await _handle(service, live, sub, msg.get("text") or msg.get("bytes"))
                if reply is not None:
                    service.send(live, sub, json.dumps(reply))
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            dropper.cancel()
            service.unsubscribe(live, sub)


async def _refuse_socket(websocket: WebSocket, message: str, code: int) -> None:
    """Tell a connection why it is refused (``message``, in its language) and close it."""
    await websocket.send_json({"type": "error", "message": message})
    await websocket.close(code=code)


def _serve_game_modules(app: FastAPI) -> None:
    """``GET /games/<game>.js``: each registered game's own browser module, found through the
    registry (``Game.browser_module``), so a game's folder holds its browser code too."""

    @app.get(
        "/games/{game}.js",
        response_class=FileResponse,
        responses=api.answers(None, 404, media="text/javascript"),
    )
    async def game_module(game: str) -> FileResponse:
        path = await asyncio.to_thread(catalog.browser_module, game)
        return FileResponse(path, media_type="text/javascript")


def _lab_page(web: Path) -> Callable[[], Awaitable[FileResponse]]:
    async def lab() -> FileResponse:
        return FileResponse(web / "index.html")

    return lab


def _index_page(web: Path) -> Callable[[str], Awaitable[FileResponse]]:
    async def index(table: str) -> FileResponse:
        return FileResponse(web / "index.html")

    return index


async def _send_loop(send: Callable[[str], Awaitable[None]], sub: Subscriber) -> None:
    """Send a connection's queued messages in order until it closes."""
    while True:
        text = await sub.queue.get()
        try:
            await send(text)
        except (WebSocketDisconnect, RuntimeError, OSError):  # the client is gone
            return


async def _drop_when_behind(
    websocket: WebSocket, sub: Subscriber, sender: asyncio.Task[None]
) -> None:
    """Close a connection once it has fallen too far behind (its client stopped reading):
    the send under way is abandoned and the client is told why (code 1013)."""
    await sub.dropped.wait()
    sender.cancel()
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):  # gone already
        await websocket.close(code=CLOSE_BEHIND, reason=CLOSE_BEHIND_REASON.format(n=sub.limit))


async def _handle(
    service: GameService, live: LiveTable, sub: Subscriber, raw: str | bytes | None
) -> dict[str, Any] | None:
    """One client message: ``act``, ``concede`` or ``ping``; the reply to queue (an error),
    if any."""
    if raw is not None and len(raw) > MAX_MESSAGE:
        too_long = reason(N_("a message is at most {n} characters"), n=MAX_MESSAGE)
        return _socket_error(too_long, live, sub.lang)
    try:
        msg = json.loads(raw) if raw is not None else None
    except (ValueError, RecursionError) as exc:  # bad JSON or UTF-8, or nested too deep
        why = reason(N_("a message must be a JSON object: {why}"), why=_why(exc))
        return _socket_error(why, live, sub.lang)
    if not isinstance(msg, dict):
        return _socket_error(N_("a message must be a JSON object"), live, sub.lang)
    kind = msg.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind not in ("act", "concede"):
        why = reason(N_("unknown message type {kind}; send 'act'"), kind=brief(kind))
        return _socket_error(why, live, sub.lang)
    try:
        if kind == "concede":
            await service.concede(live, sub.seat)
        else:
            await service.act(live, sub.seat, msg.get("action"), msg.get("seq"))
    except CardtableError as exc:
        return {"type": "error", "message": _said(exc, live, sub.lang)}
    return None


def _socket_error(text: str, live: LiveTable, lang: Lang) -> dict[str, Any]:
    """An error message for a connection, ``text`` said in its language ``lang``."""
    return {"type": "error", "message": say(text, live.game, lang)}


def _said(exc: CardtableError, live: LiveTable, lang: Lang) -> str:
    """An error for a connection in ``lang``: an action the rules refuse, or no action at all
    (the cause of the service's BadRequest), with its reason in the game's words; any other
    refusal said in ``lang`` too."""
    cause = exc.__cause__
    if isinstance(cause, IllegalActionError | ActionNotationError):
        return refusal(cause, live.game, lang)
    return say(message_of(exc), live.game, lang)
