"""Looney Tunes rules plumbing: ``push`` sends its events to the shared ``QUIET`` sink, which
drops every way of adding to it and so stays empty over whole games."""

from __future__ import annotations

import cardtable
from cardtable.core.events import note
from cardtable.core.rng import Rng
from cardtable.games.looney.base import QUIET, Quiet


def test_quiet_drops_every_mutation() -> None:
    """Appending, extending, inserting, ``+=``, ``*=`` and slice assignment all drop."""
    sink = Quiet()
    event = note("reshuffle", 0)
    sink.append(event)
    sink.extend([event, event])
    sink.insert(0, event)
    sink += [event]
    sink *= 3
    sink[:] = [event]
    assert sink == []
    assert isinstance(sink, Quiet)


def test_quiet_stays_empty_after_a_whole_push_game() -> None:
    """Whole games by ``push`` (which passes ``QUIET`` down to every part) leave it empty."""
    game = cardtable.load_game("looney", players=3)
    rng = Rng(3)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            state.push(rng.choice(state.legal_actions()))
    assert QUIET == []
    assert len(QUIET) == 0
