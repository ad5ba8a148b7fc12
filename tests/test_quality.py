"""The code stays clean under ruff (with its complexity ceiling, C90 in pyproject.toml) and
mypy --strict (skipped where they are not installed), and no function in src/ is longer than
MAX_LINES."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60  # a function's lines, from its ``def`` (decorators aside) to its last line


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


def long_functions(root: Path, max_lines: int) -> list[str]:
    """Every function or method under ``root`` (nested ones too) longer than ``max_lines``, as
    ``path:line name (N lines)``."""
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                lines = node.end_lineno - node.lineno + 1
                if lines > max_lines:
                    where = path.relative_to(root.parent)
                    out.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    return out


def test_no_function_over_max_lines() -> None:
    long = long_functions(ROOT / "src", MAX_LINES)
    assert not long, f"functions over {MAX_LINES} lines (split them): " + "; ".join(long)


def test_long_functions_are_named(tmp_path: Path) -> None:
    body = "\n".join(f"    x = {i}" for i in range(MAX_LINES))
    (tmp_path / "m.py").write_text(f"def short():\n    pass\n\n\ndef too_long():\n{body}\n")
    found = long_functions(tmp_path, MAX_LINES)
    assert len(found) == 1 and "too_long (61 lines)" in found[0], found
