"""What a game's observations look like: their fields and values, learnt from sample games
and from the game's declared string values.

The tensor layout of a game (``cardtable.rl.layout``) is fixed once per game and options from
the observations of a few seeded random games. This module plays those games and merges every
observation into a :class:`Seen` tree: per field, which kinds of value it held, which strings,
which list lengths, which dict keys. It then adds the values the game declares
(``Game.observation_values``): a string field's vocabulary is every value the game can give
it, not only those the samples reached, and a list of seats counts every seat, so that a
change of cards does not move the tensor's offsets. Pure Python; no numpy.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.rng import Rng, derive_seed

SAMPLE_GAMES = 8
"""Seeded random games played to learn a game's observation fields."""
SAMPLE_STEPS = 400
"""At most this many decisions of each sample game are looked at."""
SAMPLE_SEED = 20_261_130
"""The master seed of the sample games (fixed: the layout must not change between runs)."""

SKIPPED_KEYS = frozenset({"zones", "game", "player", "num_players", "current_player"})
"""Observation keys the generic field encoding leaves out: ``zones`` has its own blocks,
``player`` and ``current_player`` have the seat blocks, ``game`` and ``num_players`` are
constant for a game."""


@dataclass
class Seen:
    """Everything seen at one place of the observation (a field, a list element, ...)."""

    count: int = 0
    nones: int = 0
    bools: int = 0
    nums: int = 0
    ints_only: bool = True
    num_min: float = 0.0
    num_max: float = 0.0
    strs: set[str] = field(default_factory=set)
    lists: int = 0
    lengths: set[int] = field(default_factory=set)
    distinct: bool = True  # no list held the same value twice
    declared: bool = False  # the game declared whole numbers here (a set of seats)
    elem: Seen | None = None
    dicts: int = 0
    keys: dict[str, Seen] = field(default_factory=dict)

    def add(self, value: Any) -> None:
        """Merge one value into what was seen here."""
        self.count += 1
        if value is None:
            self.nones += 1
        elif isinstance(value, bool):
            self.bools += 1
        elif isinstance(value, int | float):
            self._add_number(value)
        elif isinstance(value, str):
            self.strs.add(value)
        elif isinstance(value, list | tuple):
            self._add_list(value)
        elif isinstance(value, dict):
            self.add_dict(value)

    def _add_number(self, value: float) -> None:
        if self.nums == 0:
            self.num_min = self.num_max = float(value)
        else:
            self.num_min = min(self.num_min, float(value))
            self.num_max = max(self.num_max, float(value))
        self.nums += 1
        self.ints_only = self.ints_only and isinstance(value, int)

    def _add_list(self, value: list[Any] | tuple[Any, ...]) -> None:
        self.lists += 1
        self.lengths.add(len(value))
        if value and self.elem is None:
            self.elem = Seen()
        if self.distinct and len(value) > 1:
            try:
                self.distinct = len(set(value)) == len(value)
            except TypeError:  # unhashable elements
                self.distinct = False
        for item in value:
            assert self.elem is not None
            self.elem.add(item)

    def add_dict(self, value: dict[str, Any], skip: frozenset[str] = frozenset()) -> None:
        """Merge a dict's items (leaving out the keys in ``skip``)."""
        self.dicts += 1
        for key, item in value.items():
            if key not in skip:
                self.keys.setdefault(str(key), Seen()).add(item)

    def kinds(self) -> set[str]:
        """The kinds of non-null value seen: ``bool``, ``num``, ``str``, ``list``, ``dict``."""
        pairs = (
            ("bool", self.bools),
            ("num", self.nums),
            ("str", len(self.strs)),
            ("list", self.lists),
            ("dict", self.dicts),
        )
        return {name for name, n in pairs if n}


def options_key(game: Game) -> str:
    """A stable key of a game and its options (the layout cache key)."""
    return json.dumps([game.name, game.options_dict()], sort_keys=True)


def sample_observations(game: Game) -> Seen:
    """Play the sample games with uniformly random legal actions and merge every player's
    observation at every decision (and at the end) into one :class:`Seen`."""
    root = Seen()
    n = game.num_players
    for i in range(SAMPLE_GAMES):
        state = game.new_initial_state(seed=derive_seed(SAMPLE_SEED, i))
        rng = Rng(derive_seed(SAMPLE_SEED, i, 1))
        for _ in range(SAMPLE_STEPS):
            for p in range(n):
                root.add_dict(state.observation(p), SKIPPED_KEYS)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
    return root


class ObservationValuesError(CardtableError):
    """A game's ``observation_values`` names a field that does not hold what it declares
    (strings, whole numbers), or a path that cannot be read (a programming error in the
    game)."""


_STEP = re.compile(r"([^.\[\]]+)((?:\[\])*)")
"""One dotted part of a declared path: a key, then ``[]`` once per level of list."""


def add_declared(root: Seen, game: str, values: Mapping[str, Collection[str | int]]) -> None:
    """Merge the values a game declares (``Game.observation_values``, by path) into the
    sampled tree ``root``, making the nodes of fields the samples never reached: strings join
    the field's vocabulary, whole numbers widen its range (a set of seats: ``range(players)``)."""
    for path, declared in values.items():
        bad = [v for v in declared if isinstance(v, bool) or not isinstance(v, str | int)]
        if bad:
            raise ObservationValuesError(
                f"{game}: observation_values()['{path}'] holds {bad[0]!r}, not a string or "
                "a whole number"
            )
        kinds = {"str" if isinstance(v, str) else "num" for v in declared}
        said = Declared(game, path, " or ".join(DECLARED_WORDS[k] for k in sorted(kinds)))
        node = _declared_node(root, said)
        said.check(node, kinds, path)
        node.declared = node.declared or "num" in kinds
        for value in declared:
            if isinstance(value, str):
                node.strs.add(value)
            else:
                node._add_number(value)


DECLARED_WORDS = {"num": "whole numbers", "str": "strings"}
"""What a game may declare for a path, in words."""


@dataclass(frozen=True)
class Declared:
    """One path of ``observation_values`` being merged, for its error messages."""

    game: str
    path: str
    what: str  # what is declared, in words ("strings")

    def check(self, node: Seen, kinds: set[str], where: str) -> None:
        """Raise unless every value the samples saw at ``where`` (on the way to the path, or
        the path itself) is of one of ``kinds`` (kinds of :meth:`Seen.kinds`)."""
        wrong = sorted(node.kinds() - kinds)
        if wrong:
            saw = " and ".join(_KIND_WORDS[k] for k in wrong)
            belong = " or ".join(_KIND_WORDS[k] for k in sorted(kinds))
            raise ObservationValuesError(
                f"{self.game}: observation_values() declares {self.what} for '{self.path}', "
                f"but the sample games saw {saw} at '{where}', where {belong} belong"
            )

    def bad_path(self) -> ObservationValuesError:
        """The error of a path that cannot be read."""
        return ObservationValuesError(f"{self.game}: observation_values(): bad path '{self.path}'")


def _declared_node(root: Seen, said: Declared) -> Seen:
    """The node of the path (``a.b[]``: key ``a``, key ``b``, the elements of its list)."""
    node = root
    done = ""
    for part in said.path.split("."):
        step = _STEP.fullmatch(part)
        if step is None:
            raise said.bad_path()
        key, lists = step.groups()
        node = _key_of(node, key, said, done)
        done = f"{done}.{key}" if done else key
        for _ in range(len(lists) // 2):
            node = _elem_of(node, said, done)
            done += "[]"
    return node


def _key_of(node: Seen, key: str, said: Declared, where: str) -> Seen:
    """The child ``key`` of a dict node (a dict the samples never reached is declared)."""
    said.check(node, {"dict"}, where or "the observation")
    node.dicts = node.dicts or 1
    return node.keys.setdefault(key, Seen())


def _elem_of(node: Seen, said: Declared, where: str) -> Seen:
    """The elements of a list node (a list the samples never reached is declared, empty)."""
    said.check(node, {"list"}, where)
    if not node.lists:
        node.lists = 1
        node.lengths.add(0)
    if node.elem is None:
        node.elem = Seen()
    return node.elem


_KIND_WORDS = {
    "bool": "booleans",
    "num": "numbers",
    "str": "strings",
    "list": "lists",
    "dict": "dicts",
}


@lru_cache(maxsize=64)
def _sampled(key: str) -> Seen:
    name, options = json.loads(key)
    game = load_game(name, **options)
    root = sample_observations(game)
    add_declared(root, game.name, game.observation_values())
    return root


def observation_schema(game: Game) -> Seen:
    """The merged sample observations of ``game`` with its declared string values (cached
    per game and options). Games loaded through the registry are sampled anew with the same
    options, so a layout does not depend on which object asked first."""
    return _sampled(options_key(game))
