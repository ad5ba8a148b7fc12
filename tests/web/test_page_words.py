"""The page's words, without a browser: every ``t("...")`` of the browser's JavaScript (the
pages and the games' modules) is one Babel extracts, so tests/core/test_i18n.py sees it and
its translation cannot go missing unnoticed. Babel skips a ``t()`` written inside a template
literal's ``${...}`` or inside the arguments of another ``t()``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable"
SCRIPTS = sorted([*SRC.glob("web/js/*.js"), *SRC.glob("games/*/web/*.js")])
LITERAL = re.compile(r'(?<![\w.])t\("((?:[^"\\]|\\.)*)"')


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_every_t_call_is_extracted(script: Path) -> None:
    written = {json.loads(f'"{m}"') for m in LITERAL.findall(script.read_text(encoding="utf-8"))}
    found = {
        message
        for _line, message, _comments, _context in extract_from_file(
            "javascript", str(script), keywords={"t": None}
        )
    }
    missed = sorted(written - found)
    assert not missed, f"{script.name}: t() calls Babel does not extract: {missed}"
