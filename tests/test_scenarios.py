"""Every scenario file of every game passes, names its rule, and is listed in that game's rule
book (docs/rules/<game>.md) in the entry of the rule it tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import run_scenario, scenario_files

ROOT = Path(__file__).resolve().parent.parent
FILES = scenario_files(sorted((ROOT / "tests" / "games").glob("*/scenarios")))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.rule, f"{path.name} names no rule"
    assert result.ok, result.message
    doc = (ROOT / "docs" / "rules" / f"{path.parent.parent.name}.md").read_text(encoding="utf-8")
    assert f"**{result.rule} " in doc, f"{path.name}: rule {result.rule} is not in the rule book"
    entry = doc.split(f"**{result.rule} ")[1].split("\n**")[0].split("\n## ")[0]
    assert path.name in entry, f"{path.name} is not listed under {result.rule}"
