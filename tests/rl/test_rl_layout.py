"""The observation tensor: a fixed layout per game and options, built from the observation
only (so it cannot leak), within its declared bounds."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import cardtable  # noqa: E402
from cardtable.core.registry import game_class  # noqa: E402
from cardtable.core.rng import Rng  # noqa: E402
from cardtable.core.state import State  # noqa: E402
from cardtable.rl.encoder import ObservationEncoder  # noqa: E402
from cardtable.rl.layout import build_layout, layout_for  # noqa: E402

CONFIGS = [
    (name, n)
    for name in cardtable.available_games()
    for n in range(game_class(name).min_players, game_class(name).max_players + 1)
]


def random_states(game: cardtable.Game, seed: int, every: int = 3) -> list[State]:
    """Every ``every``-th state of a seeded random game, the end included."""
    state = game.new_initial_state(seed=seed)
    rng = Rng(seed)
    out: list[State] = []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            out.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return [*out, state]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_tensor_shape_bounds_and_no_leak(name: str, players: int) -> None:
    game = cardtable.load_game(name, players=players)
    enc = ObservationEncoder(game)
    rng = Rng(5)
    for state in random_states(game, 11):
        for p in range(players):
            t = enc.encode(state.observation(p), p, state.current_player())
            assert t.shape == (enc.size,) and t.dtype == np.float32
            assert np.all(t >= enc.low) and np.all(t <= enc.high)
            if not state.is_terminal():
                # Hidden cards dealt again: the player cannot tell, nor can the tensor.
                other = state.resample(p, rng)
                t2 = enc.encode(other.observation(p), p, other.current_player())
                assert np.array_equal(t, t2)


@pytest.mark.parametrize("name", cardtable.available_games())
def test_layout_is_fixed(name: str) -> None:
    game = cardtable.load_game(name)
    a = build_layout(game)
    b = build_layout(cardtable.load_game(name))
    assert a.blocks == b.blocks and a.size == b.size
    assert layout_for(game) is layout_for(cardtable.load_game(name))
    offsets = [blk.offset for blk in a.blocks]
    assert offsets == sorted(offsets)
    assert sum(blk.size for blk in a.blocks) == a.size


@pytest.mark.parametrize("name", cardtable.available_games())
def test_zone_counts_match_sizes_and_seats_are_relative(name: str) -> None:
    game = cardtable.load_game(name)
    enc = ObservationEncoder(game)
    lay = enc.layout
    state = random_states(game, 3, every=7)[2]
    for p in range(game.num_players):
        obs = state.observation(p)
        t = enc.encode(obs, p, state.current_player())
        assert t[lay.seat + p] == 1.0
        for key, cards, size in lay.zones[p]:
            z = obs["zones"][key]
            assert t[size] == (len(z) if isinstance(z, list) else z)
            if cards is not None:
                cols = sorted(set(cards.values()))
                assert t[cols].sum() == len(z)
    assert lay.relative_zones  # every built-in game declares the same zones per player
    owner = {s.key: s.owner for s in game.zone_specs}
    own_blocks = {
        b.offset for b in lay.blocks if b.name.startswith("zone self ") and b.name.endswith("size")
    }
    for p in range(game.num_players):
        # The "self" blocks hold the viewer's own zones, whichever seat it is.
        owners = {owner[key] for key, _, size in lay.zones[p] if size in own_blocks}
        assert owners == {p}


def test_unexpected_values_are_clipped_not_fatal() -> None:
    game = cardtable.load_game("looney")
    enc = ObservationEncoder(game)
    state = game.new_initial_state(seed=1)
    obs: dict[str, Any] = state.observation(0)
    obs["phase"] = "a phase never seen"
    obs["used_slots"] = [1, 2, 3, 99, "x"]
    obs["scores"] = [1, 2, 3]
    obs["new_field"] = {"a": 1}
    obs["round"] = "not a number"
    t = enc.encode(obs, 0, 0)
    assert t.shape == (enc.size,)
    phase = next(b for b in enc.layout.blocks if b.name.startswith("phase"))
    assert t[phase.offset + phase.size - 1] == 1.0  # the "other" entry


def test_zones_in_declaration_order_when_players_differ() -> None:
    from types import SimpleNamespace

    from cardtable.core.zones import Visibility, ZoneSpec, visibility_table
    from cardtable.rl.layout import Builder
    from cardtable.rl.zoneplan import plan_zones

    specs = (
        ZoneSpec("deck", None, Visibility.NOBODY, stack=True),
        ZoneSpec("p0.hand", 0, Visibility.OWNER),
        ZoneSpec("p1.hand", 1, Visibility.OWNER),
        ZoneSpec("p1.bench", 1, Visibility.PUBLIC),  # only seat 1 has a bench
    )
    game: Any = SimpleNamespace(
        num_players=2,
        zone_specs=specs,
        visibility=visibility_table(specs, 2),
        card_ids=("a", "b"),
        card_kinds=("x", "y"),
    )
    b = Builder(game)
    plans, relative = plan_zones(game, b)
    assert not relative
    assert [key for key, _, _ in plans[0]] == ["deck", "p0.hand", "p1.hand", "p1.bench"]
    # Seat 0 sees its hand and the bench, not seat 1's hand; the deck is nobody's.
    assert [cards is not None for _, cards, _ in plans[0]] == [False, True, False, True]
    assert [cards is not None for _, cards, _ in plans[1]] == [False, False, True, True]
