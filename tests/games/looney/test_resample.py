"""Looney Tunes determinizations: a state resampled for search keeps the other players'
face-down cards legal (LT-4.3 one actor per character, LT-4.4 special effects with an actor
of their colour), while the player's view stays the same and the hidden cards still vary."""

from __future__ import annotations

from collections import Counter

import pytest

import cardtable
from cardtable.core.rng import Rng
from cardtable.games.looney.cards import GRAY
from cardtable.games.looney.placement import effects_pair_up
from cardtable.games.looney.rules import LooneyState
from cardtable.games.looney.zones import DOWN, FX, UP, pbase

SLOTS = range(4)


def _broken_rules(state: LooneyState, owner: int, scene_scope: bool) -> list[str]:
    """The rules ``owner``'s face-down cards break, checked here from the rules' text (not
    with the game's own code): LT-4.3 no two actors of one character on the side (or scene,
    with ``unique_scope=scene``), face up or down; LT-4.4 no more special effects of a colour
    at a slot than face-down actors of it there, gray ones aside, nor more effects than actors."""
    t = state.game.tables
    z = state.zones
    b = pbase(owner)
    broken = []
    chars: dict[int, Counter[int]] = {}
    for s in SLOTS:
        scope = chars.setdefault(s if scene_scope else 0, Counter())
        scope.update(t.char[state.cards[i]] for i in z[b + UP + s] + z[b + DOWN + s])
    if any(n > 1 for scope in chars.values() for n in scope.values()):
        broken.append("LT-4.3")
    for s in SLOTS:
        actors = Counter(t.color[state.cards[i]] for i in z[b + DOWN + s])
        effects = Counter(t.color[state.cards[i]] for i in z[b + FX + s])
        too_many = sum(effects.values()) > sum(actors.values())
        if too_many or any(col != GRAY and n > actors[col] for col, n in effects.items()):
            broken.append("LT-4.4")
            break
    return broken


def _face_down(state: LooneyState, owner: int) -> tuple[tuple[str, ...], ...]:
    """``owner``'s face-down actors and special effects, by card id, slot by slot."""
    b = pbase(owner)
    zones = [b + part + s for part in (DOWN, FX) for s in SLOTS]
    return tuple(tuple(state.card_id(c) for c in state.zones[i]) for i in zones)


@pytest.mark.parametrize(
    ("players", "unique_scope"), [(2, "side"), (2, "scene"), (3, "side"), (3, "scene")]
)
def test_resampled_face_down_cards_follow_lt_4_3_and_lt_4_4(
    players: int, unique_scope: str
) -> None:
    """Seeded random games, resampled three times for the player to act at every decision
    where another player has face-down actors: every resample keeps LT-4.3 and LT-4.4 and
    the player's observation, and the face-down cards are often not the real ones."""
    game = cardtable.load_game("looney", players=players, unique_scope=unique_scope)
    rng = Rng(11)
    checked = moved = 0
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            p = state.current_player()
            others = [
                q for q in range(players) if q != p and _face_down(state, q)[0:4] != ((),) * 4
            ]
            for _ in range(3 if others else 0):
                other = state.resample(p, rng)
                assert isinstance(other, LooneyState)
                assert other.observation(p) == state.observation(p)
                for q in others:
                    assert _broken_rules(other, q, unique_scope == "scene") == [], (seed, q)
                    moved += _face_down(other, q) != _face_down(state, q)
                    checked += 1
            state.push(rng.choice(state.legal_actions()))
    assert checked > 250
    assert moved > checked // 2  # the deal varies: not the truth each time


def test_effects_pair_up_puts_gray_effects_last() -> None:
    """LT-4.4 for a slot: each effect needs an actor of its own; a gray one takes any."""
    red, blue = 0, 1
    assert effects_pair_up([GRAY, red], [red, blue])
    assert effects_pair_up([red, GRAY], [blue, red])
    assert not effects_pair_up([red, red], [red, blue])
    assert not effects_pair_up([blue], [red])
    assert not effects_pair_up([GRAY, GRAY], [red])
