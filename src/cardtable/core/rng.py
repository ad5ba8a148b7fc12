"""Seeded randomness that lives inside a state.

The generator is SplitMix64: its whole state is one 64-bit integer, so copying it with a
state costs nothing and a game record (seed plus actions) replays exactly.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable
from functools import lru_cache
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """A small deterministic random number generator (SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * 0xD1342543DE82EF95 + 0x2545F4914F6CDD1D) & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer in ``[0, n)``; ``n`` must be positive."""
        return self.next64() % n

    def random(self) -> float:
        """Return a float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        """Return one element of a non-empty sequence."""
        # next64() inlined: this is called once per decision by random playouts.
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return items[(z ^ (z >> 31)) % len(items)]

    def shuffle(self, items: list[T]) -> None:
        """Shuffle a list in place (Fisher-Yates, from the last item down: item ``i`` swaps
        with item ``next64() % (i + 1)``)."""
        n = len(items)
        if n < 2:
            return
        # The n - 1 numbers are the ones next64() would give one by one, drawn all at once:
        # see _draws. Only the modulo and the swap are left to do per item.
        s = self.state
        for x, (i, k) in zip(_draws(s, n - 1), _swap_plan(n), strict=True):
            j = x % k
            items[i], items[j] = items[j], items[i]
        self.state = (s + (n - 1) * _GOLDEN) & _MASK

    def shuffled(self, items: Iterable[T]) -> tuple[T, ...]:
        """Return a shuffled tuple of ``items``."""
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def copy(self) -> Rng:
        """Return an independent generator in the same state."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def spawn(self) -> Rng:
        """Return a new generator seeded from this one (advances this one)."""
        r = Rng.__new__(Rng)
        r.state = self.next64()
        return r


def derive_seed(seed: int, *salt: int) -> int:
    """Mix a seed with integers into a new 63-bit seed (one per game of a batch)."""
    r = Rng(seed)
    for s in salt:
        r.state = (r.state ^ ((s * _GOLDEN) & _MASK)) & _MASK
        r.next64()
    return r.next64() >> 1


# ----- many numbers at once -----------------------------------------------------------------
# Shuffling a deck takes one next64() per card, and each next64() is a dozen operations on
# Python ints of 64 bits or more: a deal cost more than the rest of a new game together. The
# same arithmetic runs on many generator states at once when they are packed into one large
# int, a 128-bit lane each: a lane's product by a 64-bit constant fits in its lane, so one
# multiplication of the packed int multiplies every lane, and a shift followed by the lane mask
# drops the bits that came across from the lane above. The numbers are exactly next64()'s.

_LANE = 128


@lru_cache(maxsize=64)
def _lanes(count: int) -> tuple[int, int, int]:
    """For ``count`` lanes: 1 in each lane, ``_GOLDEN * k`` in lane ``k - 1`` (k = 1..count),
    and the lane mask (the low 64 bits of each lane)."""
    ones = sum(1 << (_LANE * k) for k in range(count))
    ramp = sum((k + 1) << (_LANE * k) for k in range(count))
    return ones, ramp * _GOLDEN, ones * _MASK


def _draws(state: int, count: int) -> array[int]:
    """The next ``count`` numbers of a generator in ``state`` (which is left unchanged)."""
    ones, steps, lanes = _lanes(count)
    s = (state * ones + steps) & lanes  # lane k - 1: the state after k steps
    z = ((s ^ ((s >> 30) & lanes)) * 0xBF58476D1CE4E5B9) & lanes
    z = ((z ^ ((z >> 27) & lanes)) * 0x94D049BB133111EB) & lanes
    z ^= (z >> 31) & lanes
    words = array("Q", z.to_bytes(count * _LANE // 8, "little"))
    if sys.byteorder == "big":
        words.byteswap()
    return words[::2]  # the low word of each lane; the high one is 0


@lru_cache(maxsize=64)
def _swap_plan(n: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates over ``n`` items: each index ``i`` from the last down to 1, with ``i + 1``."""
    return tuple((i, i + 1) for i in range(n - 1, 0, -1))
