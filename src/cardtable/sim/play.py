"""Playing one game between agents."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardtable.agents.base import Agent
from cardtable.core.decks import Deck
from cardtable.core.events import Event
from cardtable.core.game import Game
from cardtable.core.infoset import InfoSet
from cardtable.core.state import State
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
    record.actions += play_out(state, agents)
    record.result = state.returns()
    record.notation = [game.action_to_string(a) for a in record.actions]
    return record


def play_out(
    state: State, agents: Sequence[Agent], seen: Callable[[list[Event]], object] | None = None
) -> list[int]:
    """Play ``state`` to the end, agent i in seat i, each deciding on its own InfoSet; return
    the actions taken. ``seen`` gets the events of each action as it is applied. Without
    ``seen`` a legal action goes through ``push`` (no events built); an illegal one still
    raises IllegalActionError (ActionNotationError if it is no action) through
    ``apply_action``."""
    actions: list[int] = []
    while not state.is_terminal():
        p = state.current_player()
        a = agents[p].decide(InfoSet(state, p))
        if seen is None and a in state.legal_actions():
            state.push(a)
        else:
            events = state.apply_action(a)
            if seen is not None:
                seen(events)
        actions.append(a)
    return actions
