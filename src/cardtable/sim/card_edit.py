"""The numbers of a card set a designer may tune, and a card set with some of them changed.

A **knob** is one whole number in a card file: a stat, a cost, an effect's amount (any integer
value under a card of the file's ``cards`` list, at any depth). Changing knobs edits the
file's text in place, at the number's own line and column, so the changed files keep every
comment and the layout the designer wrote, and a unified diff shows exactly the change.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import yaml

from cardtable.core.cards import load_yaml
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game

INT_TAG = "tag:yaml.org,2002:int"


@dataclass(frozen=True)
class Knob:
    """One whole number of one card: ``file`` (its name), the card's ``card`` id, ``path``
    (keys and list indexes inside the card, e.g. ``("effects", 0, "amount")``), its
    ``value``, and where its text lies (0-based ``line``, columns ``start`` to ``end``)."""

    file: str
    card: str
    path: tuple[str | int, ...]
    value: int
    line: int
    start: int
    end: int

    @property
    def field(self) -> str:
        """The number's name as a designer reads it: ``damage``, ``effects[0].amount``."""
        out = ""
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else part
        return out

    def label(self) -> str:
        """``card.field`` (``kick.damage``)."""
        return f"{self.card}.{self.field}"


def card_set_files(game: Game) -> list[Path]:
    """The card files ``game`` plays with: those of its ``cards`` option, or its built-in
    set (``cards/*.yaml`` beside the game's module), in name order."""
    files = game.card_files()
    if files is not None:
        return files
    module = sys.modules[type(game).__module__].__file__
    if module is None:
        raise CardtableError(f"{game.name}: cannot find its built-in card files")
    return sorted((Path(module).parent / "cards").glob("*.yaml"))


def knobs(files: list[Path]) -> list[Knob]:
    """Every whole number of every card in ``files`` (booleans are not numbers here)."""
    out: list[Knob] = []
    for path in files:
        _, root = load_yaml(path.read_text(encoding="utf-8"))
        for card, node in card_nodes(root):
            out += [Knob(path.name, card, p, *rest) for p, *rest in _numbers(node, ())]
    return out


def card_nodes(root: yaml.Node | None) -> Iterator[tuple[str, yaml.MappingNode]]:
    """The id and node of each card of a card file's ``cards`` list."""
    cards = _value(root, "cards")
    if not isinstance(cards, yaml.SequenceNode):
        return
    for item in cards.value:
        cid = _value(item, "id")
        if isinstance(item, yaml.MappingNode) and isinstance(cid, yaml.ScalarNode):
            yield cid.value, item


def _value(node: yaml.Node | None, key: str) -> yaml.Node | None:
    """The value node under ``key`` of a mapping node, or ``None``."""
    if not isinstance(node, yaml.MappingNode):
        return None
    return next((v for k, v in node.value if getattr(k, "value", None) == key), None)


def _numbers(
    node: yaml.Node, path: tuple[str | int, ...]
) -> Iterator[tuple[tuple[str | int, ...], int, int, int, int]]:
    """``(path, value, line, start column, end column)`` of every integer under ``node``."""
    if isinstance(node, yaml.ScalarNode):
        start, end = node.start_mark, node.end_mark
        if node.tag == INT_TAG and start.line == end.line:
            yield path, int(node.value, 0), start.line, start.column, end.column
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from _numbers(item, (*path, i))
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value != "id":
                yield from _numbers(v, (*path, k.value))


def changed_text(text: str, changes: Mapping[Knob, int]) -> str:
    """``text`` (one card file) with each knob's number replaced by its new value."""
    lines = text.splitlines(keepends=True)
    for knob, value in sorted(changes.items(), key=lambda kv: (-kv[0].line, -kv[0].start)):
        line = lines[knob.line]
        lines[knob.line] = line[: knob.start] + str(value) + line[knob.end :]
    return "".join(lines)


def write_card_set(files: list[Path], changes: Mapping[Knob, int], folder: Path) -> str:
    """Write the card set ``files`` with ``changes`` into ``folder`` (every file, changed or
    not, so the folder is a whole card set for ``-o cards=FOLDER``); return the unified diff
    of the change (a patch of the card files)."""
    folder.mkdir(parents=True, exist_ok=True)
    patch = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        mine = {k: v for k, v in changes.items() if k.file == path.name}
        new = changed_text(text, mine) if mine else text
        (folder / path.name).write_text(new, encoding="utf-8")
        diff = difflib.unified_diff(
            text.splitlines(keepends=True),
            new.splitlines(keepends=True),
            f"a/{path.name}",
            f"b/{path.name}",
            n=2,
        )
        patch.append("".join(diff))
    return "".join(patch)
