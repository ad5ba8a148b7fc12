"""The code stays clean under ruff and mypy --strict (skipped where they are not installed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff not installed")
def test_ruff_clean() -> None:
    res = run("ruff", "check", ".")
    assert res.returncode == 0, res.stdout + res.stderr
    res = run("ruff", "format", "--check", ".")
    assert res.returncode == 0, res.stdout + res.stderr


def test_mypy_strict_clean() -> None:
    pytest.importorskip("mypy")
    res = run(sys.executable, "-m", "mypy")
    assert res.returncode == 0, res.stdout + res.stderr
