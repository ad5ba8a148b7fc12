"""The numbers of a card set a designer may tune, and a card set with some of them changed.

A **knob** is one whole number in a card file: a stat, a cost, an effect's amount (any integer
value under a card of the file's ``cards`` list, at any depth). Changing knobs edits the
file's text in place, at the number's own line and column, so the changed files keep every
comment and the layout the designer wrote, and a unified diff shows exactly the change.
"""

from __future__ import annotations

import difflib
import re
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


DECKS = "decks"
"""The folder of a card set that holds its starter decks (``Game.starter_folder``)."""


@dataclass(frozen=True)
class Swap:
    """Copies of one card for copies of another in the same section of a deck: ``give`` and
    ``take`` are their counts (knobs of the deck file); its value is the copies moved from
    ``give`` to ``take`` (0 as the deck is; negative moves them back), so a deck keeps its
    size."""

    give: Knob
    take: Knob
    value: int = 0

    @property
    def file(self) -> str:
        """The deck file, as its count knobs name it (``decks/starter-x.yaml``)."""
        return self.give.file

    @property
    def card(self) -> str:
        """The card whose copies are given."""
        return self.give.card

    @property
    def field(self) -> str:
        """``arsenal.punch>chop``: the count given, and the card taken."""
        return f"{self.give.field}>{self.take.card}"

    def counts(self, moved: int) -> dict[Knob, int]:
        """The two counts with ``moved`` copies moved."""
        return {self.give: self.give.value - moved, self.take: self.take.value + moved}


Tunable = Knob | Swap
"""What the suggestion search changes: a number of a card, or copies within a deck."""


def numbers(changes: Mapping[Tunable, int]) -> dict[Knob, int]:
    """The numbers of the files that ``changes`` set (a swap sets its two counts)."""
    out: dict[Knob, int] = {}
    for knob, value in changes.items():
        out.update(knob.counts(value) if isinstance(knob, Swap) else {knob: value})
    return out


def starter_files(game: Game, specs: tuple[str, ...]) -> list[Path]:
    """The starter deck files of ``game`` named by ``specs`` (starter names; a deck given
    by its path is not one), in name order."""
    folder = game.starter_folder
    if folder is None:
        return []
    return sorted(p for p in folder.glob("*.yaml") if p.stem in specs)


def deck_counts(files: list[Path]) -> list[Knob]:
    """Every card count of the deck files ``files``: a knob each, named by the file as
    ``decks/<name>``, the card counted, and its path ``(section, card)``."""
    out: list[Knob] = []
    for path in files:
        _, root = load_yaml(path.read_text(encoding="utf-8"))
        found = _numbers(root, ()) if root is not None else iter(())
        out += [
            Knob(f"{DECKS}/{path.name}", str(p[1]), p, *rest)
            for p, *rest in found
            if len(p) == 2 and isinstance(p[1], str)
        ]
    return out


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


COUNT_LINE = re.compile(r"\s*[^\s:#]+:\s*\d+\s*(#.*)?\n?")
"""A deck's count on a line of its own (``  punch: 3  # a comment``)."""


def changed_text(text: str, changes: Mapping[Knob, int]) -> str:
    """``text`` (one card or deck file) with each knob's number replaced by its new value; a
    deck's count of 0 on a line of its own takes the line out (a deck lists no card
    without copies)."""
    lines = text.splitlines(keepends=True)
    for knob, value in sorted(changes.items(), key=lambda kv: (-kv[0].line, -kv[0].start)):
        line = lines[knob.line]
        gone = value == 0 and knob.file.startswith(f"{DECKS}/") and COUNT_LINE.fullmatch(line)
        lines[knob.line] = "" if gone else line[: knob.start] + str(value) + line[knob.end :]
    return "".join(lines)


def write_card_set(
    files: list[Path], changes: Mapping[Knob, int], folder: Path, decks: list[Path] | None = None
) -> str:
    """Write the card set ``files`` with ``changes`` into ``folder`` (every file, changed or
    not, so the folder is a whole card set for ``-o cards=FOLDER``), and the deck files
    ``decks`` into its ``decks`` folder (its starter decks then); return the unified diff
    of the change (a patch of the files, the decks' as ``decks/<name>``)."""
    folder.mkdir(parents=True, exist_ok=True)
    patch = [_write_file(path, folder / path.name, path.name, changes) for path in files]
    if decks:
        (folder / DECKS).mkdir(exist_ok=True)
    for path in decks or []:
        name = f"{DECKS}/{path.name}"
        patch.append(_write_file(path, folder / name, name, changes))
    return "".join(patch)


def _write_file(path: Path, out: Path, name: str, changes: Mapping[Knob, int]) -> str:
    """``path`` written to ``out`` with the changes of the knobs of the file ``name``; the
    unified diff."""
    text = path.read_text(encoding="utf-8")
    mine = {k: v for k, v in changes.items() if k.file == name}
    new = changed_text(text, mine) if mine else text
    out.write_text(new, encoding="utf-8")
    diff = difflib.unified_diff(
        text.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{name}", f"b/{name}", n=2
    )
    return "".join(diff)
