"""Seeded randomness that lives inside a state.

The generator is SplitMix64: its whole state is one 64-bit integer, so copying it with a
state costs nothing and a game record (seed plus actions) replays exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
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
        """Shuffle a list in place (Fisher-Yates)."""
        # next64() inlined: the same numbers, without a call per card.
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

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
