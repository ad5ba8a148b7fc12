from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cardtable.core.rng import Rng, derive_seed


@given(st.integers(min_value=0, max_value=2**63))
def test_same_seed_same_stream(seed: int) -> None:
    a, b = Rng(seed), Rng(seed)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]


@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=50))
def test_below_in_range_and_shuffle_is_permutation(seed: int, n: int) -> None:
    r = Rng(seed)
    assert all(0 <= r.below(n) < n for _ in range(20))
    items = list(range(n))
    r.shuffle(items)
    assert sorted(items) == list(range(n))


def test_copy_is_independent() -> None:
    r = Rng(3)
    c = r.copy()
    assert r.next64() == c.next64()
    r.next64()
    assert r.state != c.state


def test_different_seeds_differ_and_shuffle_varies() -> None:
    assert Rng(1).next64() != Rng(2).next64()
    orders = {Rng(s).shuffled(range(10)) for s in range(20)}
    assert len(orders) > 15
    assert derive_seed(5, 1) != derive_seed(5, 2)
    assert 0 <= Rng(9).random() < 1


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=300))
def test_shuffle_draws_what_next64_draws(state: int, n: int) -> None:
    """shuffle draws its numbers many at once; they, the order and the generator left after it
    are those of the plain Fisher-Yates over next64()."""
    r = Rng()
    r.state = state
    items = list(range(n))
    r.shuffle(items)
    ref = Rng()
    ref.state = state
    expected = list(range(n))
    for i in range(n - 1, 0, -1):
        j = ref.next64() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert r.state == ref.state
