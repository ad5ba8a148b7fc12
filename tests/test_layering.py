"""The rules between the parts (ARCHITECTURE.md): core imports nothing of the rest; a game
imports only core and itself; agents, sim, rl, cli, records and scenarios reach games only
through the registry; and only rl/ imports the heavy libraries of the ``rl`` extra."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "cardtable"


RL_EXTRA = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def all_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


def imports(path: Path) -> set[str]:
    return {m for m in all_imports(path) if m.startswith("cardtable")}


def test_core_imports_only_core() -> None:
    for path in (SRC / "core").rglob("*.py"):
        bad = {m for m in imports(path) if not m.startswith("cardtable.core")}
        assert not bad, f"{path.name} imports {bad}"


def test_games_import_only_core_and_themselves() -> None:
    for game_dir in (p for p in (SRC / "games").iterdir() if p.is_dir() and p.name[0] != "_"):
        own = f"cardtable.games.{game_dir.name}"
        for path in game_dir.rglob("*.py"):
            bad = {
                m
                for m in imports(path)
                if not (m.startswith("cardtable.core") or m.startswith(own))
            }
            assert not bad, f"{game_dir.name}/{path.name} imports {bad}"


def test_tools_reach_games_only_through_the_registry() -> None:
    tools = [*(SRC / "agents").rglob("*.py"), *(SRC / "sim").rglob("*.py")]
    tools += [*(SRC / "rl").rglob("*.py"), *(SRC / "server").rglob("*.py")]
    tools += [
        SRC / n
        for n in (
            "cli.py",
            "cli_balance.py",
            "cli_play.py",
            "cli_tournament.py",
            "cli_serve.py",
            "eventlog.py",
            "records.py",
            "scenario.py",
            "playthrough.py",
        )
    ]
    for path in tools:
        bad = {m for m in imports(path) if m.startswith("cardtable.games")}
        assert not bad, f"{path.name} imports {bad}"


def test_only_rl_imports_the_rl_extra() -> None:
    for path in SRC.rglob("*.py"):
        if path.is_relative_to(SRC / "rl"):
            continue
        bad = {m for m in all_imports(path) if m.split(".")[0] in RL_EXTRA}
        assert not bad, f"{path.relative_to(SRC)} imports {bad}: keep the core light"
