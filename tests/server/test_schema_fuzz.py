"""schemathesis against ``cardtable serve`` (a real process, on SQLite): every operation of
the OpenAPI schema, fed requests built from it (fitting it and not), answers no 5xx, only
the statuses it declares, in the shapes it declares, a 405 with ``Allow``.

Bounded: SCHEMA_EXAMPLES requests an operation (default 25), derandomized, each request
with a time limit; the whole run takes well under a minute."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import Case  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
    unsupported_method,
)
from server_helpers import free_port  # noqa: E402
from test_kill_restart import server  # noqa: E402

EXAMPLES = int(os.environ.get("SCHEMA_EXAMPLES", "25"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    unsupported_method,
]


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root: Path = tmp_path_factory.mktemp("schema")
    port = free_port()
    with server(f"sqlite:///{root / 'games.db'}", port, root):
        config = schemathesis.Config.from_dict(
            {
                "generation": {
                    "max-examples": EXAMPLES,
                    "deterministic": True,
                    "mode": "all",
                },
                "request-timeout": 30,
            }
        )
        yield schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/openapi.json", config=config)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.mark.timeout(300)
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_to_its_schema(case: Case) -> None:
    case.call_and_validate(checks=CHECKS, timeout=30)
