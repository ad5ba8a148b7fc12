"""The core installs and runs alone: every third-party module the core imports is a declared
dependency (``pip install cardtable`` with no extras), and the command line's everyday
commands run with every extra missing.

The extras' own code is exempt: ``rl/``, ``server/`` and the balance plots; so is an import
inside a ``try`` that catches ImportError (a command that needs an extra and says which), and
an import only for type checking. CI also checks this in a fresh virtual environment
(``.ci/run``)."""

from __future__ import annotations

import ast
import importlib.metadata as metadata
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "cardtable"
EXTRAS_CODE = ("rl/", "server/", "sim/balance_plots.py")


def core_requirements() -> set[str]:
    """The canonical names of the distributions pyproject.toml declares for the core."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {canonicalize_name(Requirement(r).name) for r in project["dependencies"]}


def with_their_dependencies(names: set[str]) -> set[str]:
    """``names`` and every distribution they need, without extras (installed ones only)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for text in metadata.requires(name) or []:
            req = Requirement(text)
            if req.marker is None or req.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(req.name))
    return seen


def distributions_of(module: str) -> set[str]:
    """The canonical names of the installed distributions that provide a top-level module."""
    return {canonicalize_name(d) for d in metadata.packages_distributions().get(module, [])}


def _guarded(node: ast.Try) -> bool:
    """Whether a ``try`` catches ImportError (or ModuleNotFoundError)."""
    names = {"ImportError", "ModuleNotFoundError"}
    for handler in node.handlers:
        kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if any(isinstance(k, ast.Name) and k.id in names for k in kinds):
            return True
    return False


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def unguarded_imports(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """The top-level names of the absolute imports in ``tree`` (with their lines), leaving
    out imports guarded by ``except ImportError`` and those under ``if TYPE_CHECKING``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Try) and _guarded(node):
            continue
        if isinstance(node, ast.If) and _type_checking(node):
            yield from (i for b in node.orelse for i in unguarded_imports(ast.Module([b], [])))
            continue
        if isinstance(node, ast.Import):
            yield from ((a.name.split(".")[0], node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno
        else:
            yield from unguarded_imports(node)


def third_party(module: str) -> bool:
    """Whether a top-level module name is neither the standard library nor cardtable."""
    return module not in sys.stdlib_module_names and module not in ("cardtable", "__future__")


def undeclared_imports(source: str, declared: set[str]) -> list[str]:
    """``module (line n)`` for each unguarded third-party import of ``source`` whose module
    comes from no distribution in ``declared``."""
    found = unguarded_imports(ast.parse(source))
    return [
        f"{m} (line {line})"
        for m, line in found
        if third_party(m) and not distributions_of(m) & declared
    ]


def core_modules() -> Iterator[Path]:
    """Every module of the package outside the extras' own code."""
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if not rel.startswith(EXTRAS_CODE):
            yield path


def test_the_core_imports_only_declared_dependencies() -> None:
    declared = core_requirements()
    bad = {
        path.relative_to(SRC).as_posix(): found
        for path in core_modules()
        if (found := undeclared_imports(path.read_text(encoding="utf-8"), declared))
    }
    assert not bad, (
        f"third-party imports that are not core dependencies: {bad}; declare them in "
        "pyproject.toml, or import them where a command needs them, inside "
        "try/except ImportError with a message naming the extra"
    )


def test_the_check_sees_an_undeclared_import() -> None:
    declared = core_requirements()
    assert undeclared_imports("import click\n", declared) == ["click (line 1)"]
    assert undeclared_imports("def f():\n    from numpy import zeros\n", declared)
    assert undeclared_imports("import yaml, json\nfrom rich import table\n", declared) == []
    guarded = "try:\n    import uvicorn\nexcept ImportError:\n    pass\n"
    assert undeclared_imports(guarded, declared) == []
    typing_only = "if TYPE_CHECKING:\n    import numpy\nelse:\n    import numpy\n"
    assert undeclared_imports(typing_only, declared) == ["numpy (line 4)"]


BLOCKER = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(","))

class NoExtras(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top not in BLOCKED or top in sys.modules:
            return None
        raise ModuleNotFoundError(f"No module named {top!r} (blocked)", name=top)

sys.meta_path.insert(0, NoExtras())
sys.argv = ["cardtable", *sys.argv[2:]]
from cardtable.cli import main
main()
"""


def extra_modules() -> list[str]:
    """The installed top-level modules an install without extras would not have: those of
    every distribution but the core's dependencies and theirs."""
    dists = with_their_dependencies(core_requirements())
    mods = metadata.packages_distributions()
    return sorted(m for m, ds in mods.items() if not {canonicalize_name(d) for d in ds} & dists)


def run_without_extras(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``cardtable ARGS`` where importing anything but the core dependencies (and
    the standard library) fails."""
    blocked = ",".join(m for m in extra_modules() if m != "cardtable")
    return subprocess.run(
        [sys.executable, "-c", BLOCKER, blocked, *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env={
            "COLUMNS": "120",
            "PATH": "/usr/bin:/bin",
            "TERM": "dumb",
            "PYTHONPATH": str(SRC.parent),
        },
        timeout=300,
    )


def test_the_everyday_commands_run_without_extras() -> None:
    games = run_without_extras("games")
    assert games.returncode == 0 and "looney" in games.stdout, games.stdout + games.stderr
    sim = run_without_extras("sim", "looney", "--games", "3", "--agents", "greedy,random")
    assert sim.returncode == 0 and "3 games" in sim.stdout, sim.stdout + sim.stderr
    play = run_without_extras("play", "looney", "--seed", "5", stdin="1\n" * 400)
    assert play.returncode == 0 and "game over" in play.stdout, play.stdout + play.stderr


def test_a_command_that_needs_an_extra_names_it() -> None:
    res = run_without_extras("serve", "--port", "1")
    assert res.returncode == 2 and "server extra" in res.stdout, res.stdout + res.stderr
    assert "Traceback" not in res.stdout + res.stderr


def test_the_blocker_blocks() -> None:
    res = run_without_extras("sim", "looney", "--games", "1", "--ray", "local")
    assert res.returncode == 2 and "needs Ray" in res.stdout, res.stdout + res.stderr
