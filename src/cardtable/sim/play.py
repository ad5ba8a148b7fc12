"""Playing one game between agents."""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.agents.base import Agent
from cardtable.core.decks import Deck
from cardtable.core.game import Game
from cardtable.core.infoset import InfoSet
from cardtable.records import GameRecord, start


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    decks: list[Deck] | None = None,
    names: list[str] | None = None,
) -> GameRecord:
    """Play a whole game, agent i in seat i; return its record (result included)."""
    record = start(game, seed, decks, names or [a.name for a in agents])
    state = game.new_initial_state(seed=seed, decks=decks)
    actions = record.actions
    while not state.is_terminal():
        p = state.current_player()
        a = agents[p].decide(InfoSet(state, p))
        state.apply_action(a)
        actions.append(a)
    record.result = state.returns()
    record.notation = [game.action_to_string(a) for a in actions]
    return record
