"""The balance lab's HTTP routes (docs/server-api.md, *The balance lab*): card sets, runs,
their reports and patches. The work is :class:`~cardtable.server.lab.LabService`'s."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, PlainTextResponse

from cardtable.core.i18n import Lang, check_lang, negotiate
from cardtable.server import api_models as api
from cardtable.server.lab import LabService

Body = Callable[[Request], Awaitable[dict[str, Any]]]
REPORT_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"
"""The report page has no script and fetches nothing: its CSP says so (a card's name is a
client's text)."""


def add_lab_routes(app: FastAPI, lab: Callable[[], LabService], body: Body) -> None:
    """The routes under ``/api/lab``."""
    _add_set_routes(app, lab, body)
    _add_run_routes(app, lab, body)
    _add_run_files(app, lab)


def request_lang(request: Request, lang: str | None) -> Lang:
    """The language a request asks for: its ``lang`` parameter (400 for one cardtable does
    not speak), else its ``Accept-Language``."""
    return check_lang(lang) if lang else negotiate(request.headers.get("accept-language", ""))


def _text(text: str, name: str) -> PlainTextResponse:
    disposition = f'attachment; filename="{name}"'
    return PlainTextResponse(text, headers={"Content-Disposition": disposition})


def _add_set_routes(app: FastAPI, lab: Callable[[], LabService], body: Body) -> None:
    @app.post(
        "/api/lab/sets",
        responses=api.answers(api.CardSet, 400, 415, 503),
        openapi_extra=api.body(api.NewCardSet),
    )
    async def new_set(request: Request, lang: str | None = None) -> dict[str, Any]:
        """A new card set: the game's built-in card files (with ``files`` added or replacing
        theirs), checked by the game's loader (a refusal's problems in ``lang``)."""
        return await lab().new_set(await body(request), request_lang(request, lang))

    @app.get("/api/lab/sets/{set_id}", responses=api.answers(api.CardSet, 400, 404, 503))
    async def get_set(set_id: str) -> dict[str, Any]:
        """A card set's files and the form of its cards."""
        return await lab().card_set(set_id)

    @app.post(
        "/api/lab/sets/{set_id}",
        responses=api.answers(api.CardSet, 400, 404, 415, 503),
        openapi_extra=api.body(api.EditCardSet),
    )
    async def edit_set(set_id: str, request: Request, lang: str | None = None) -> dict[str, Any]:
        """Change a card set; kept only when it still loads (else 400 with ``problems``, each
        ``message`` in ``lang``)."""
        return await lab().edit_set(set_id, await body(request), request_lang(request, lang))

    @app.delete(
        "/api/lab/sets/{set_id}", responses=api.answers(api.DeletedCardSet, 400, 404, 409, 503)
    )
    async def delete_set(set_id: str) -> dict[str, Any]:
        """Delete a card set (409 while a run of it is waiting or playing; finished runs
        keep their results)."""
        return await lab().delete_set(set_id)

    @app.get(
        "/api/lab/sets/{set_id}/patch",
        responses=api.answers(None, 400, 404, 503, media="text/plain"),
    )
    async def set_patch(set_id: str) -> PlainTextResponse:
        """The set's change to the game's built-in card files, a unified diff."""
        return _text(await lab().set_patch(set_id), "cards.patch")

    @app.get(
        "/api/lab/sets/{set_id}/files/{name}",
        responses=api.answers(None, 400, 404, 503, media="text/plain"),
    )
    async def set_file(set_id: str, name: str) -> PlainTextResponse:
        """One card file of the set."""
        return _text(await lab().set_file(set_id, name), name)


def _add_run_routes(app: FastAPI, lab: Callable[[], LabService], body: Body) -> None:
    @app.post(
        "/api/lab/runs",
        responses=api.answers(api.LabRun, 400, 404, 415, 503),
        openapi_extra=api.body(api.NewLabRun),
    )
    async def new_run(request: Request) -> dict[str, Any]:
        """Queue a balance run of a game's built-in cards or of a card set."""
        return await lab().new_run(await body(request))

    @app.get("/api/lab/runs", responses=api.answers(list[api.LabRunLine], 400, 503))
    async def list_runs() -> list[dict[str, Any]]:
        """The latest runs, newest first."""
        return await lab().runs()

    @app.get("/api/lab/runs/{run}", responses=api.answers(api.LabRun, 400, 404, 503))
    async def get_run(request: Request, run: str, lang: str | None = None) -> dict[str, Any]:
        """A run's status, progress and, once finished, its summary and suggestions (their
        words, ``why`` and the cards' ``names``, in ``lang``)."""
        return await lab().run_info(run, request_lang(request, lang))


def _add_run_files(app: FastAPI, lab: Callable[[], LabService]) -> None:
    @app.get(
        "/api/lab/runs/{run}/report.html",
        response_class=FileResponse,
        responses=api.answers(None, 400, 404, 503, media="text/html"),
    )
    async def report_html(request: Request, run: str, lang: str | None = None) -> FileResponse:
        """The lab's own report page (balance.html) in ``lang``."""
        words = request_lang(request, lang)
        path = await lab().report_page(run, words)
        headers = {
            "Content-Security-Policy": REPORT_POLICY,
            "Content-Language": words,
            "Vary": "Accept-Language",
        }
        return FileResponse(path, media_type="text/html", headers=headers)

    @app.get(
        "/api/lab/runs/{run}/report.json",
        response_class=FileResponse,
        responses=api.answers(None, 400, 404, 503, media="application/json"),
    )
    async def report_json(run: str) -> FileResponse:
        """The lab's report data (balance.json)."""
        return FileResponse(
            await lab().report_file(run, "balance.json"), media_type="application/json"
        )

    @app.get(
        "/api/lab/runs/{run}/suggestions/{target}/{proposal}.patch",
        responses=api.answers(None, 400, 404, 503, media="text/plain"),
    )
    async def proposal_patch(run: str, target: int, proposal: int) -> PlainTextResponse:
        """A proposal's change of the run's card files (``patch -p1`` in the card folder)."""
        text = await lab().proposal_patch(run, target, proposal)
        return _text(text, f"suggestion-{target}-{proposal}.patch")
