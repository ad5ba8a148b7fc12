"""The fixed tensor layout of a game's observations, built generically (no per-game code).

A layout is built once per game and options (``layout_for``) from the zone declarations, the
fields seen in a few seeded sample games and the string values the game declares
(``cardtable.rl.schema``). It is a list of named blocks, each a slice of the tensor, in this
order:

1. ``seat``: one-hot of the viewer's seat;
2. ``to act``: one-hot of the seat to act counted from the viewer (0: the viewer), plus
   one entry for "the game is over";
3. zones (see :mod:`cardtable.rl.zoneplan`): for each zone, a count per card definition if
   the viewer may see it, and its number of cards;
4. every other observation field, by its path (``teams[+1].modifiers.3.def``).

This module is pure Python; :mod:`cardtable.rl.encoder` fills numpy arrays from it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardtable.core.game import Game
from cardtable.rl.schema import Seen, observation_schema, options_key

INF = math.inf
MAX_VOCAB = 64
"""At most this many strings get a one-hot entry; a field with more gets an ``is set`` flag."""
MAX_POSITIONS = 32
"""At most this many list positions are encoded; later elements are left out."""
MAX_INT_VALUE = 16
"""Lists of varying length of distinct small ints (below this) are sets: counted per value."""


@dataclass(frozen=True)
class Block:
    """A named slice of the tensor: ``tensor[offset:offset + size]``."""

    name: str
    encoding: str
    offset: int
    size: int
    low: float
    high: float


class Sink:
    """Where writers put one observation's values before they go into the array:
    ``idx``/``val`` set entries, ``hits`` are positions that each add 1 (card counts)."""

    __slots__ = ("hits", "idx", "order", "val")

    def __init__(self, order: tuple[int, ...]) -> None:
        self.idx: list[int] = []
        self.val: list[float] = []
        self.hits: list[int] = []
        self.order = order  # seats counted from the viewer: (viewer, viewer + 1, ...)


Writer = Callable[[Any, Sink], None]
_NUMBER = (int, float, bool)


class Builder:
    """Hands out consecutive blocks of the tensor and compiles observation fields into
    writers that fill them."""

    def __init__(self, game: Game) -> None:
        self.blocks: list[Block] = []
        self.offset = 0
        self.num_players = game.num_players
        self.card_ids = game.card_ids
        self.card_set = frozenset(game.card_ids)

    def block(self, name: str, encoding: str, size: int, low: float, high: float) -> int:
        """Append a block; return its offset."""
        off = self.offset
        self.blocks.append(Block(name, encoding, off, size, low, high))
        self.offset += size
        return off

    # ----- fields ---------------------------------------------------------------------------
    def field(self, name: str, seen: Seen, missing: bool) -> Writer | None:
        """A writer for one field, or ``None`` when it never held a value. ``missing``: the
        field is sometimes absent (a dict key, a list position)."""
        kinds = seen.kinds()
        nullable = seen.nones > 0
        if not kinds:
            return None
        if kinds == {"bool"}:
            return self._flag(name)
        if kinds <= {"bool", "num"}:
            return self._number(name, nullable)
        if kinds == {"str"}:
            return self._category(name, seen)
        if kinds == {"list"}:
            return self._list(name, seen)
        if kinds == {"dict"}:
            return self.record(name, seen, nullable or missing)
        return self._present(name)

    def record(self, name: str, seen: Seen, nullable: bool) -> Writer | None:
        """A writer for a dict: each key seen, in sorted order, plus ``is set`` if it may be
        missing or null. Number and flag fields are written inline (no call per field)."""
        flag = self.block(f"{name} is set", "flag", 1, 0, 1) if nullable else -1
        leaves: dict[str, tuple[int, int]] = {}
        others: dict[str, Writer] = {}
        for key in sorted(seen.keys):
            child = seen.keys[key]
            path = f"{name}.{key}" if name else key
            kinds = child.kinds()
            if kinds == {"bool"}:
                leaves[key] = (self.block(path, "flag", 1, 0, 1), FLAG)
            elif kinds and kinds <= {"bool", "num"}:
                leaves[key] = self._number_leaf(path, child.nones > 0)
            else:
                w = self.field(path, child, child.count < seen.dicts)
                if w is not None:
                    others[key] = w
        if not leaves and not others and flag < 0:
            return None
        return _record_writer(flag, leaves, others)

    def _number_leaf(self, name: str, nullable: bool) -> tuple[int, int]:
        """Blocks for a number: (its position, its ``is set`` flag's position or -1)."""
        pos = self.block(name, "number", 1, -INF, INF)
        return pos, self.block(f"{name} is set", "flag", 1, 0, 1) if nullable else -1

    def _flag(self, name: str) -> Writer:
        pos = self.block(name, "flag", 1, 0, 1)

        def write(x: Any, s: Sink) -> None:
            if x is True:
                s.idx.append(pos)
                s.val.append(1.0)

        return write

    def _number(self, name: str, nullable: bool) -> Writer:
        pos, flag = self._number_leaf(name, nullable)
        if flag < 0:

            def write(x: Any, s: Sink) -> None:
                if x and type(x) in _NUMBER:
                    s.idx.append(pos)
                    s.val.append(x)

            return write

        def write_nullable(x: Any, s: Sink) -> None:
            if x is not None and type(x) in _NUMBER:
                s.idx.append(flag)
                s.val.append(1.0)
                if x:
                    s.idx.append(pos)
                    s.val.append(x)

        return write_nullable

    def _present(self, name: str) -> Writer:
        pos = self.block(f"{name} is set", "flag", 1, 0, 1)

        def write(x: Any, s: Sink) -> None:
            if x is not None:
                s.idx.append(pos)
                s.val.append(1.0)

        return write

    def _vocabulary(
        self, name: str, strs: set[str], encoding: str, high: float
    ) -> dict[str, int] | None:
        """Positions of a one-hot (or count) block over the card ids, or over the strings
        seen or declared plus ``(other)``; ``None`` when there are too many strings."""
        if strs <= self.card_set:
            off = self.block(name, f"card {encoding}", len(self.card_ids), 0, high)
            return {cid: off + i for i, cid in enumerate(self.card_ids)}
        if len(strs) > MAX_VOCAB:
            return None
        vocab = sorted(strs)
        label = f"{name} ({', '.join(vocab)}, other)"
        off = self.block(label, encoding, len(vocab) + 1, 0, high)
        table = {v: off + i for i, v in enumerate(vocab)}
        table[""] = off + len(vocab)  # the "other" entry
        return table

    def _category(self, name: str, seen: Seen) -> Writer:
        table = self._vocabulary(name, seen.strs, "one-hot", 1)
        if table is None:
            return self._present(name)
        other = table.pop("", -1)

        def write(x: Any, s: Sink) -> None:
            if x is not None:
                j = table.get(x, other)
                if j >= 0:
                    s.idx.append(j)
                    s.val.append(1.0)

        return write

    def _list(self, name: str, seen: Seen) -> Writer | None:
        """One entry per seat, a bag of strings, a set of small whole numbers (seen in lists
        of several lengths, or declared by the game), or else one block per position."""
        elem = seen.elem
        if elem is None:  # always empty
            return self._length(name)
        kinds = elem.kinds()
        if seen.lengths == {self.num_players} and self.num_players > 1:
            return self._positions(name, seen, elem)  # one entry per seat
        if kinds == {"str"}:
            return self._bag(name, elem)
        if (
            kinds == {"num"}
            and (len(seen.lengths) > 1 or elem.declared)
            and seen.distinct
            and elem.ints_only
            and elem.num_min >= 0
            and elem.num_max < MAX_INT_VALUE
        ):
            return self._int_set(name, int(elem.num_max) + 1)
        return self._positions(name, seen, elem)

    def _length(self, name: str) -> Writer:
        pos = self.block(f"{name} length", "number", 1, 0, INF)

        def write(x: Any, s: Sink) -> None:
            if type(x) is list and x:
                s.idx.append(pos)
                s.val.append(len(x))

        return write

    def _bag(self, name: str, elem: Seen) -> Writer:
        table = self._vocabulary(name, elem.strs, "counts", INF)
        if table is None:
            return self._length(name)
        other = table.pop("", -1)

        def write(x: Any, s: Sink) -> None:
            if type(x) is list:
                for v in x:
                    j = table.get(v, other)
                    if j >= 0:
                        s.hits.append(j)

        return write

    def _int_set(self, name: str, size: int) -> Writer:
        off = self.block(f"{name} (count of each value 0..{size - 1})", "counts", size, 0, INF)
        length = self.block(f"{name} length", "number", 1, 0, INF)

        def write(x: Any, s: Sink) -> None:
            if type(x) is list and x:
                s.idx.append(length)
                s.val.append(len(x))
                for v in x:
                    if type(v) is int and 0 <= v < size:
                        s.hits.append(off + v)

        return write

    def _positions(self, name: str, seen: Seen, elem: Seen) -> Writer | None:
        fixed = len(seen.lengths) == 1
        n = min(max(seen.lengths), MAX_POSITIONS)
        per_player = fixed and n == self.num_players > 1
        length = -1 if fixed else self.block(f"{name} length", "number", 1, 0, INF)
        children: list[Writer | None] = []
        for i in range(n):
            label = f"{name}[+{i}]" if per_player else f"{name}[{i}]"
            children.append(self.field(label, elem, not fixed))
        if length < 0 and all(c is None for c in children):
            return None
        writers = [c if c is not None else _ignore for c in children]
        if per_player:
            return _rotated_writer(writers)

        def write(x: Any, s: Sink) -> None:
            if type(x) is not list:
                return
            if length >= 0 and x:
                s.idx.append(length)
                s.val.append(len(x))
            for w, v in zip(writers, x, strict=False):
                w(v, s)

        return write


FLAG = -2
"""In a record's leaves: the field is a flag (bool), not a number."""


def _record_writer(
    flag: int, leaves: dict[str, tuple[int, int]], others: dict[str, Writer]
) -> Writer:
    """The writer of a dict: ``leaves`` (number or flag fields, by key: position and
    ``is set`` position, or :data:`FLAG`) inline, ``others`` through their writers. Every
    writer ignores None, so only the keys present are looked at."""
    get_leaf = leaves.get
    get_other = others.get

    def write(x: Any, s: Sink) -> None:
        if type(x) is not dict:
            return
        idx = s.idx
        val = s.val
        if flag >= 0:
            idx.append(flag)
            val.append(1.0)
        for key, v in x.items():
            leaf = get_leaf(key)
            if leaf is None:
                w = get_other(key)
                if w is not None:
                    w(v, s)
            elif v is None:
                continue
            elif leaf[1] == FLAG:
                if v is True:
                    idx.append(leaf[0])
                    val.append(1.0)
            elif type(v) in _NUMBER:
                if leaf[1] >= 0:
                    idx.append(leaf[1])
                    val.append(1.0)
                if v:
                    idx.append(leaf[0])
                    val.append(v)

    return write


def _ignore(x: Any, s: Sink) -> None:
    """The writer of a list position that never held a value."""


def _rotated_writer(writers: list[Writer]) -> Writer:
    """A per-player list (one entry per seat), written from the viewer's seat on."""
    n = len(writers)

    def write(x: Any, s: Sink) -> None:
        if type(x) is not list:
            return
        if len(x) == n:
            order = s.order
            for i in range(n):
                writers[i](x[order[i]], s)
        else:
            for w, v in zip(writers, x, strict=False):
                w(v, s)

    return write


@dataclass(frozen=True)
class Layout:
    """The tensor layout of one game and options. ``zones[viewer]`` lists, for each zone
    block in order, ``(zone key, card positions or None, size position)``; ``fields`` writes
    every other observation field."""

    game: str
    num_players: int
    size: int
    blocks: tuple[Block, ...]
    seat: int
    to_act: int
    zones: tuple[tuple[tuple[str, dict[str, int] | None, int], ...], ...]
    fields: Writer | None
    relative_zones: bool


def build_layout(game: Game) -> Layout:
    """Build the layout of ``game`` (samples its observations; see :func:`layout_for`)."""
    from cardtable.rl.zoneplan import plan_zones

    b = Builder(game)
    n = game.num_players
    seat = b.block("seat (one-hot)", "one-hot", n, 0, 1)
    to_act = b.block("to act (seat from the viewer; last: game over)", "one-hot", n + 1, 0, 1)
    zones, relative = plan_zones(game, b)
    fields = b.record("", observation_schema(game), False)
    return Layout(game.name, n, b.offset, tuple(b.blocks), seat, to_act, zones, fields, relative)


def layout_for(game: Game) -> Layout:
    """The layout of ``game``, built once per game name and options and then shared."""
    key = options_key(game)
    cached = _CACHE.get(key)
    if cached is None:
        cached = _CACHE[key] = build_layout(game)
    return cached


_CACHE: dict[str, Layout] = {}
