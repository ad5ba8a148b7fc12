"""The Shaman King modules: their imports go one way (no cycle at run time; imports under
``if TYPE_CHECKING:`` are for type hints only), each is short enough to read whole, and the
state put together from the parts of the rules keeps one layout of slots."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardtable
from cardtable.games.shamanking.fields import SKFields
from cardtable.games.shamanking.rules import SKState

PACKAGE = Path(__file__).parents[3] / "src" / "cardtable" / "games" / "shamanking"
MAX_LINES = 300  # the rule modules; heuristics.py is the agents' knowledge, longer


def _runtime_imports(tree: ast.AST, modules: set[str]) -> set[str]:
    """The game's own modules a module imports at run time."""
    out: set[str] = set()
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            out |= {node.module} if node.module else {a.name for a in node.names}
        out |= _runtime_imports(node, modules)
    return out & modules


def _graph() -> dict[str, set[str]]:
    modules = {p.stem for p in PACKAGE.glob("*.py")}
    return {
        m: _runtime_imports(ast.parse((PACKAGE / f"{m}.py").read_text()), modules) for m in modules
    }


def test_imports_go_one_way() -> None:
    """No module reaches itself through the modules it imports at run time."""
    graph = _graph()
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            m = todo.pop()
            assert m != start, f"{start} imports itself through {sorted(seen)}"
            if m not in seen:
                seen.add(m)
                todo += graph[m]


def test_rule_modules_are_short() -> None:
    """Every module but the heuristics holds at most MAX_LINES lines."""
    for path in PACKAGE.glob("*.py"):
        if path.stem != "heuristics":
            lines = len(path.read_text().splitlines())
            assert lines <= MAX_LINES, f"{path.name}: {lines} lines"


@pytest.mark.skipif(cardtable.compiled(), reason="compiled classes have no __slots__")
def test_state_has_only_slots() -> None:
    """The parts add no slots and no instance dictionary: the fields are SKFields' alone."""
    for cls in SKState.__mro__[: SKState.__mro__.index(SKFields)]:
        assert cls.__dict__.get("__slots__") == (), cls.__name__
    assert not hasattr(SKState.__new__(SKState), "__dict__")
