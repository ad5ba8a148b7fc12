"""Which methods a path answers, and 405 with ``Allow`` for the others (RFC 9110 15.5.6).

The browser client's files are mounted at ``/`` and so match every path: without the gate, a
``GET /api/decks/check`` would be looked for as a file (404) and a ``DELETE /api/games``
refused by the file server without naming the methods the route has."""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from cardtable.core.i18n import N_, Lang, asked_lang, speak

# what the browser client's files answer
FILE_METHODS = ("GET", "HEAD")


def route_methods(app: ASGIApp, path: str) -> list[str]:
    """The methods of ``app``'s routes whose pattern ``path`` matches (sorted; none for a
    path that no route has)."""
    methods: set[str] = set()
    for route in getattr(app, "routes", ()):
        if isinstance(route, Route) and route.methods and route.path_regex.fullmatch(path):
            methods |= route.methods
    return sorted(methods)


def allowed_methods(app: ASGIApp, path: str) -> list[str]:
    """The methods ``path`` answers: its routes', else (a file) GET and HEAD."""
    return route_methods(app, path) or list(FILE_METHODS)


def refusal_lang(asked: HTTPConnection) -> Lang:
    """The language of a refusal to a request or a WebSocket: its ``lang`` when cardtable
    speaks it, else its ``Accept-Language`` (never refused: the refusal may be of the
    ``lang`` itself)."""
    return asked_lang(asked.query_params.get("lang"), asked.headers.get("accept-language", ""))


def method_not_allowed(allowed: list[str], lang: Lang = "en") -> JSONResponse:
    """405 naming the ``allowed`` methods, its ``message`` in ``lang``."""
    text = N_("Method Not Allowed")
    return JSONResponse(
        {"error": text, "message": speak(text, lang)},
        status_code=405,
        headers={"Allow": ", ".join(allowed)},
    )


class MethodGate:
    """ASGI middleware: a request for a route's path with a method none of its routes has
    is answered 405 with ``Allow`` at once, before the files mounted at ``/`` can take it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            allowed = route_methods(scope["app"], scope["path"])
            if allowed and scope["method"] not in allowed:
                lang = refusal_lang(HTTPConnection(scope))
                await method_not_allowed(allowed, lang)(scope, receive, send)
                return
        await self.app(scope, receive, send)
