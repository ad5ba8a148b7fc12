"""The compiled build (docs/performance.md): with ``CARDTABLE_COMPILE=1`` in the environment,
``pip install --no-build-isolation .`` compiles every module marked ``# cardtable: compile``
(the core state and the games' rules) with mypyc, which comes with mypy (the dev extra).
Without it, the install is pure Python, as the README's. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from setuptools import setup

MARK = "# cardtable: compile"


def marked_modules() -> list[str]:
    """The source files that carry the compile mark on a line of their own."""
    src = Path(__file__).parent / "src"
    return sorted(
        str(path.relative_to(src.parent))
        for path in src.rglob("*.py")
        if MARK in path.read_text(encoding="utf-8").splitlines()
    )


def compiled_extensions() -> list[object]:
    """mypyc's extensions for the marked modules, or none unless CARDTABLE_COMPILE=1."""
    if os.environ.get("CARDTABLE_COMPILE") != "1":
        return []
    from mypyc.build import mypycify  # the compiled build needs mypy installed

    # setuptools keeps what an earlier build made in build/ and would ship it again: a
    # module since unmarked would stay compiled, and stale.
    shutil.rmtree(Path(__file__).parent / "build", ignore_errors=True)
    return list(mypycify(marked_modules(), opt_level="3"))


setup(ext_modules=compiled_extensions())
