"""Observation tensors and action masks as numpy arrays, from a game's fixed layout.

``ObservationEncoder(game).encode(obs, viewer, to_act)`` turns ``state.observation(viewer)``
into a float32 vector of ``size`` entries laid out by :mod:`cardtable.rl.layout`; it reads
nothing but that observation (and who is to act, which is public), so it cannot leak a
hidden card. ``mask(legal)`` gives the int8 action mask.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.core.game import Game
from cardtable.core.state import TERMINAL
from cardtable.rl.layout import Layout, Sink, layout_for

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


_ONE = np.float32(1.0)
ZoneArrays = tuple[tuple[str, ...], list[int], tuple[tuple[str, dict[str, int]], ...]]


def _zone_arrays(entries: tuple[tuple[str, dict[str, int] | None, int], ...]) -> ZoneArrays:
    """One viewer's zone plan as (zone keys, their size positions, (key, card positions) of
    the zones the viewer may see)."""
    keys = tuple(key for key, _, _ in entries)
    sizes = [size for _, _, size in entries]
    visible = tuple((key, cards) for key, cards, _ in entries if cards is not None)
    return keys, sizes, visible


class ObservationEncoder:
    """Encodes one game's observations (any seat) into fixed-shape tensors."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.layout: Layout = layout_for(game)
        self.size = self.layout.size
        self.num_actions = game.num_distinct_actions()
        n = game.num_players
        self._orders = tuple(tuple((v + i) % n for i in range(n)) for v in range(n))
        self._zones = tuple(_zone_arrays(entries) for entries in self.layout.zones)
        low = np.empty(self.size, np.float32)
        high = np.empty(self.size, np.float32)
        for b in self.layout.blocks:
            low[b.offset : b.offset + b.size] = b.low
            high[b.offset : b.offset + b.size] = b.high
        self.low: FloatArray = low
        self.high: FloatArray = high

    def encode(self, obs: dict[str, Any], viewer: int, to_act: int) -> FloatArray:
        """The tensor of ``obs`` (``state.observation(viewer)``); ``to_act`` is
        ``state.current_player()``. Returns a new array."""
        out = np.zeros(self.size, np.float32)
        self.encode_into(obs, viewer, to_act, out)
        return out

    def encode_into(self, obs: dict[str, Any], viewer: int, to_act: int, out: FloatArray) -> None:
        """Write the tensor of ``obs`` into ``out``, which must be all zeros."""
        lay = self.layout
        n = lay.num_players
        zones = obs["zones"]
        keys, sizes, visible = self._zones[viewer]
        sink = Sink(self._orders[viewer])
        idx = sink.idx = sizes[:]
        val = sink.val = [len(z) if type(z) is list else z for z in map(zones.__getitem__, keys)]
        try:
            hits = [m[c] for k, m in visible for c in zones[k] if c in m]
        except TypeError:  # a zone the viewer may see given as a count: no cards to count
            hits = [m[c] for k, m in visible if type(zones[k]) is list for c in zones[k] if c in m]
        sink.hits = hits
        idx.append(lay.seat + viewer)
        idx.append(lay.to_act + (n if to_act == TERMINAL else (to_act - viewer) % n))
        val += (1.0, 1.0)
        if lay.fields is not None:
            lay.fields(obs, sink)
        out[idx] = val
        if hits:
            np.add.at(out, np.array(hits, np.intp), _ONE)

    def mask(self, legal: list[int]) -> MaskArray:
        """The action mask: 1 at each legal action, else 0 (a new int8 array)."""
        m = np.zeros(self.num_actions, np.int8)
        if legal:
            m[legal] = 1
        return m
