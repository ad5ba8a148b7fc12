#!/usr/bin/env python3
"""Count the lines of scaffolding each game keeps: what only declares it or connects its parts.

A game's code is its content (its rules, its card schema, its words and drawings, its
heuristics) plus scaffolding: the declaration of the game to the core, the glue between its
parts and anything that only forwards. This script counts the scaffolding in lines of code:
physical lines that are not blank, not only a comment and not part of a docstring (a
statement over three lines counts three), of:

- ``__init__.py``, ``presentation.py`` and ``hints.py``: the whole module (a presentation or
  hints class that combines the game's parts, their imports, any method that forwards);
- ``game.py``: the whole module except the game's content there, which is its options class
  (a ``GameOptions`` subclass: the rule variants), ``check_deck`` and ``new_initial_state``
  (deck rules and the set-up), and every function, method and module constant those use in
  ``game.py``, followed call by call. What stays is the declaration (class attributes,
  ``__init__``, ``card_pool``, ``_zone_specs``, ``num_distinct_actions``,
  ``max_game_length``), the notation's methods (which pass on to the codec of actions.py)
  and the imports.

Every other module is content and is not counted: the rules and their parts, ``actions.py``
(the action space and its notation), ``zones.py`` (the zones and who sees them, their
words), ``cards.py``/``tables.py`` (card schema and compiled tables), ``words.py``,
``render.py``, ``sheet.py``, ``heuristics.py``. Card and deck data (YAML) are not code.

Usage: python tools/count_scaffolding.py [--root REPO] [GAME ...]
(default: this repository, the four real games). Prints one line per game: the total, then
the count per module. A game is a folder of ``REPO/src/cardtable/games`` with a ``game.py``;
any other name (or a REPO without games) is an error that lists the games there.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = Path("src") / "cardtable" / "games"
REAL_GAMES = ("looney", "rawdeal", "shamanking", "wcrugby")
WHOLE = ("__init__.py", "presentation.py", "hints.py")
GAME_CONTENT = {"check_deck", "new_initial_state"}


def _docstring_lines(tree: ast.AST) -> set[int]:
    """The line numbers of every docstring (module, class, function)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                lines.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return lines


def _code_lines(source: str, tree: ast.AST) -> set[int]:
    """The lines of code (physical lines): not blank, not only a comment, not a docstring."""
    docs = _docstring_lines(tree)
    return {
        n
        for n, text in enumerate(source.splitlines(), 1)
        if text.strip() and not text.strip().startswith("#") and n not in docs
    }


def _span(node: ast.AST) -> set[int]:
    """The lines a statement covers, its decorators included."""
    start = min(
        [getattr(node, "lineno", 0)] + [d.lineno for d in getattr(node, "decorator_list", [])]
    )
    return set(range(start, (getattr(node, "end_lineno", None) or start) + 1))


def _names_used(node: ast.AST) -> set[str]:
    """The names and ``self.`` attributes a statement reads."""
    out: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
        elif (
            isinstance(sub, ast.Attribute)
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "self"
        ):
            out.add(sub.attr)
    return out


def _definitions(tree: ast.Module) -> dict[str, ast.AST]:
    """What ``game.py`` defines by name: module functions, classes, constants, and the Game
    class's methods."""
    defs: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            defs[node.name] = node
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defs.update({t.id: node for t in targets if isinstance(t, ast.Name)})
        if _is_game(node):
            defs.update({m.name: m for m in node.body if isinstance(m, ast.FunctionDef)})
    return defs


def _game_content(tree: ast.Module) -> set[int]:
    """The lines of ``game.py`` that are the game's content (see the module docstring)."""
    defs = _definitions(tree)
    todo = [
        name for name, node in defs.items() if name in GAME_CONTENT or _derives(node, "GameOptions")
    ]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [n for n in _names_used(defs[name]) if n in defs and not _is_game(defs[n])]
    return set().union(*(_span(defs[n]) for n in seen)) if seen else set()


def _derives(node: ast.AST, base: str) -> bool:
    """Whether ``node`` is a class that names ``base`` among its bases."""
    return isinstance(node, ast.ClassDef) and any(
        isinstance(b, ast.Name) and b.id == base for b in node.bases
    )


def _is_game(node: ast.AST) -> bool:
    """Whether ``node`` is the Game class (a subclass of ``Game``)."""
    return _derives(node, "Game")


def games_at(root: Path) -> list[str]:
    """The games of the repository at ``root``: the folders of its games with a game.py."""
    folder = root / GAMES
    if not folder.is_dir():
        return []
    return sorted(p.parent.name for p in folder.glob("*/game.py"))


def count(game: str, root: Path = ROOT) -> dict[str, int]:
    """The scaffolding lines of one game (of the repository at ``root``), per module."""
    counts: dict[str, int] = {}
    for name in (*WHOLE, "game.py"):
        path = root / GAMES / game / name
        if not path.exists():
            continue
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        lines = _code_lines(source, tree)
        if name == "game.py":
            lines -= _game_content(tree)
        counts[name] = len(lines)
    return counts


def main(argv: list[str]) -> int:
    """Print the count of each game named (default: the four real games); an unknown game,
    or a root without games, is an error (exit status 2) listing the games there."""
    parser = argparse.ArgumentParser(description="Count each game's lines of scaffolding.")
    parser.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this)")
    parser.add_argument("games", nargs="*", metavar="GAME", help="default: the four real games")
    args = parser.parse_args(argv)
    root: Path = args.root
    valid = games_at(root)
    if not valid:
        parser.error(f"no games under {root / GAMES} (a folder with a game.py each)")
    games = args.games or [g for g in REAL_GAMES if g in valid] or valid
    unknown = [g for g in games if g not in valid]
    if unknown:
        parser.error(f"unknown game {', '.join(unknown)}; the games are: {', '.join(valid)}")
    for game in games:
        counts = count(game, root)
        detail = ", ".join(f"{name} {n}" for name, n in counts.items())
        print(f"{game}: {sum(counts.values())} lines of scaffolding ({detail})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
