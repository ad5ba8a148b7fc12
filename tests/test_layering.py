"""The rules between the parts (ARCHITECTURE.md): core imports nothing of the rest; a game
imports only core and itself; every other module (agents, sim, rl, server, the CLI, records,
scenarios, ...) reaches games only through the registry; and only rl/ imports the heavy
libraries of the ``rl`` extra.

Every module of the package is found by walking ``src/cardtable``, and relative imports
(``from ..looney.zones import HAND``) are resolved to absolute names before the rules are
applied, so neither a new file nor a relative import slips past."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "cardtable"
RL_EXTRA = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel")
# the one link from the package to the games: it registers each game by an import path
REGISTERS_GAMES = ("cardtable", "cardtable.games")


def module_name(path: Path) -> str:
    """The dotted name of a module file under ``src/cardtable`` (a package for __init__)."""
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _base(module: str, is_package: bool, level: int) -> str:
    """The package a relative import of ``level`` dots starts from."""
    parts = module.split(".")
    keep = len(parts) - level + (1 if is_package else 0)
    if keep < 1:
        raise ValueError(f"{module}: a relative import goes above the top package")
    return ".".join(parts[:keep])


def imported_names(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every absolute module name ``source`` (the text of ``module``) imports, relative
    imports resolved; for ``from X import a`` both ``X`` and ``X.a`` (``a`` may be a
    submodule)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node.level) if node.level else ""
            target = ".".join(p for p in (base, node.module or "") if p)
            out.add(target)
            out |= {f"{target}.{a.name}" for a in node.names if a.name != "*"}
    return out


def modules() -> Iterator[tuple[str, set[str]]]:
    """Every module of the package with the absolute names it imports."""
    for path in sorted(SRC.rglob("*.py")):
        name = module_name(path)
        source = path.read_text(encoding="utf-8")
        yield name, imported_names(source, name, path.name == "__init__.py")


def within(name: str, package: str) -> bool:
    """Whether ``name`` is ``package`` or inside it."""
    return name == package or name.startswith(package + ".")


GAMES = {p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").is_file()}


def game_of(name: str) -> str | None:
    """``cardtable.games.<game>`` if ``name`` is (in) a game's package, else None."""
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["cardtable", "games"] and parts[2] in GAMES:
        return ".".join(parts[:3])
    return None


def layering_problems(name: str, names: set[str]) -> set[str]:
    """The imports of module ``name`` that break a rule between the parts."""
    ours = {n for n in names if within(n, "cardtable")}
    if within(name, "cardtable.core"):
        return {n for n in ours if not within(n, "cardtable.core")}
    own = game_of(name)
    if own is not None:
        return {n for n in ours if not (within(n, "cardtable.core") or within(n, own))}
    if name == "cardtable.games":
        return {n for n in ours if not within(n, "cardtable.core")}
    if name in REGISTERS_GAMES:
        return {n for n in ours if game_of(n) is not None}
    return {n for n in ours if within(n, "cardtable.games")}


def test_every_module_keeps_to_its_layer() -> None:
    bad = {name: found for name, names in modules() if (found := layering_problems(name, names))}
    assert not bad, f"imports across the layers (ARCHITECTURE.md): {bad}"


def test_the_walk_finds_every_part() -> None:
    found = {name for name, _ in modules()}
    for expected in (
        "cardtable.cli",
        "cardtable.cli_play",
        "cardtable.core.state",
        "cardtable.games.looney.rules",
        "cardtable.sim.runner",
        "cardtable.server.app",
        "cardtable.rl.encoder",
        "cardtable.agents.ismcts",
    ):
        assert expected in found


def test_relative_imports_are_resolved() -> None:
    rawdeal = "cardtable.games.rawdeal.rules"
    names = imported_names("from ..looney.zones import HAND\n", rawdeal)
    assert "cardtable.games.looney.zones" in names
    assert layering_problems(rawdeal, names) == {
        "cardtable.games.looney.zones",
        "cardtable.games.looney.zones.HAND",
    }
    assert layering_problems(rawdeal, imported_names("from .. import looney\n", rawdeal))
    assert layering_problems(rawdeal, imported_names("from ...sim import play\n", rawdeal))
    fine = "from .zones import HAND\nfrom ...core.rng import Rng\n"
    assert not layering_problems(rawdeal, imported_names(fine, rawdeal))
    package = imported_names("from .rules import X\n", "cardtable.games.rawdeal", True)
    assert "cardtable.games.rawdeal.rules" in package


def test_the_rules_refuse_each_crossing() -> None:
    assert layering_problems("cardtable.core.state", {"cardtable.sim.play"})
    assert layering_problems("cardtable.core.state", {"cardtable.games.looney"})
    assert layering_problems("cardtable.sim.play", {"cardtable.games.looney.rules"})
    assert layering_problems("cardtable.cli", {"cardtable.games"})
    assert not layering_problems("cardtable", {"cardtable.games", "cardtable.games.register"})
    assert layering_problems("cardtable", {"cardtable.games.looney.game"})
    assert not layering_problems("cardtable.sim.play", {"cardtable.core.state"})


def test_only_rl_imports_the_rl_extra() -> None:
    for name, names in modules():
        if within(name, "cardtable.rl"):
            continue
        bad = {n for n in names if n.split(".")[0] in RL_EXTRA}
        assert not bad, f"{name} imports {bad}: keep the core light"
