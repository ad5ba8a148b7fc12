"""Every Looney Tunes scenario file passes (each names the rule it tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.scenario import run_scenario, scenario_files

FILES = scenario_files([Path(__file__).parent / "scenarios"])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    result = run_scenario(path)
    assert result.rule, f"{path.name} names no rule"
    assert result.ok, result.message
