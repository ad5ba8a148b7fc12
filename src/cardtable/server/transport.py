"""HTTP connections that cannot be held open for nothing (``cardtable serve``).

uvicorn closes a kept-alive connection that stays idle between requests
(``timeout_keep_alive``), but not one that never finishes its first request's headers: 200
such connections stayed open for 70 s. :class:`GuardedH11` closes a connection whose
request line and headers have not arrived ``HEADER_TIMEOUT`` seconds after it opened; a
request that is sending its body, a finished request and a WebSocket are left alone.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a new connection has to send its whole request line and headers."""
KEEP_ALIVE = 5.0
"""Seconds a kept-alive connection may stay idle between requests."""
MAX_CONNECTIONS = 1000
"""Connections and tasks at once; beyond them the server answers 503."""


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for the first request's headers."""

    header_timeout: float = HEADER_TIMEOUT

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Open the connection and start the headers' deadline."""
        super().connection_made(transport)
        loop = asyncio.get_running_loop()
        self._headers_due: asyncio.TimerHandle | None = loop.call_later(
            self.header_timeout, self._headers_late
        )

    def _headers_late(self) -> None:
        """Close the connection if its first request's headers are still incomplete."""
        self._headers_due = None
        transport: Any = self.transport
        if transport.is_closing() or transport.get_protocol() is not self:
            return  # closed already, or upgraded to a WebSocket
        if self.cycle is None and self.conn.their_state is h11.IDLE:
            transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the deadline, then close as uvicorn does."""
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None
        super().connection_lost(exc)


def uvicorn_config(
    app: Any,
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    max_connections: int = MAX_CONNECTIONS,
    header_timeout: float = HEADER_TIMEOUT,
) -> Any:
    """The uvicorn configuration ``cardtable serve`` runs ``app`` with: guarded HTTP
    connections (``header_timeout``), idle keep-alive closed after ``KEEP_ALIVE`` seconds,
    at most ``max_connections`` at once, no per-message deflate (compressing every update
    costs more CPU than the bandwidth saves), and client messages of at most 1 MiB (a
    larger one closes its WebSocket, code 1009)."""
    import uvicorn

    protocol = type("GuardedH11", (GuardedH11,), {"header_timeout": header_timeout})
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        http=protocol,
        timeout_keep_alive=int(KEEP_ALIVE),
        limit_concurrency=max_connections,
        ws_per_message_deflate=False,
        ws_max_size=1 << 20,
    )
