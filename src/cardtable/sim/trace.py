"""One game between agents with its events watched: the compact facts a balance report needs.

What each player *played* is derived from the events and the zone declarations alone, the same
way for every game:

- a card instance belongs to the player whose zone holds it when the game starts (cards of a
  shared zone, such as Looney's Movie deck, belong to nobody and are not counted);
- it is **played** when it moves from a zone of its owner that only the owner may see
  (``Visibility.OWNER``: a hand, a face-down slot) into a public zone: its owner showed it by
  using it;
- in a game without such private zones (Shaman King turns cards straight from the deck) it is
  played when it moves from a hidden zone of its owner (``NOBODY``) into a public zone.

``Presentation.balance_zones()`` adds counts a game declares (wcrugby: ``on court``): a card
counts for a label each time it enters one of the label's zones. How the game ended is the
``how`` of the last ``game_over`` event, or else ``win`` / ``draw`` from the returns.

``Presentation.length_unit()`` names the event that counts a game's length in its own unit
(turns, rounds, periods): the trace keeps how many there were, per seat, and in which of its
own units each player first played each card (1: its first turn; 0: before it); and which
seat played first (the player of the first event of kind ``LengthUnit.opener``, by default
the unit's own event), so a report can tell the first player's advantage from seat 0's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.agents.base import Agent
from cardtable.core.decks import Deck
from cardtable.core.events import Event
from cardtable.core.game import Game
from cardtable.core.i18n import N_
from cardtable.core.state import State
from cardtable.core.zones import Visibility
from cardtable.sim.play import play_out

Counts = tuple[tuple[int, int], ...]
"""``(card definition index, times)`` pairs, sorted by definition."""


@dataclass(frozen=True)
class GameTrace:
    """What one game showed: per seat the cards played; per label of ``balance_zones`` (in
    its order) and per seat the cards that entered those zones; how the game ended; the
    game's length in its own unit (``units`` events in all, ``seat_units`` per seat; both
    empty without a ``length_unit``), per seat ``(card definition, own unit)`` of each
    card's first play, and the seat that played first (``opener``; -1: not known)."""

    played: tuple[Counts, ...]
    marks: tuple[tuple[Counts, ...], ...]
    end: str
    units: int = 0
    seat_units: tuple[int, ...] = ()
    first: tuple[Counts, ...] = ()
    opener: int = -1


def has_private_zones(game: Game) -> bool:
    """Whether some player's zone is seen by its owner alone (a hand): then a card is played
    when it leaves such a zone for a public one; otherwise when it leaves a hidden one."""
    return any(s.visibility is Visibility.OWNER and s.owner is not None for s in game.zone_specs)


def played_rule(game: Game) -> str:
    """The rule that says which cards count as played in this game, in words (a message:
    the report's page says it in its language)."""
    if has_private_zones(game):
        return N_(
            "a card is played when it moves from a zone of its owner that only the owner may "
            "see (a hand, a face-down slot) into a public zone"
        )
    return N_(
        "this game has no private zones, so a card is played when it moves from a hidden zone "
        "of its owner (a deck) into a public zone: it was turned over"
    )


class Watcher:
    """Reads a game's events as they happen and counts what each player played."""

    def __init__(self, state: State) -> None:
        """Set up for a new game whose initial state is ``state``."""
        game = state.game
        specs = game.zone_specs
        source = Visibility.OWNER if has_private_zones(game) else Visibility.NOBODY
        self.src_owner = [
            s.owner if s.visibility is source and s.owner is not None else -1 for s in specs
        ]
        self.public = [s.visibility is Visibility.PUBLIC for s in specs]
        labels = game.presentation.balance_zones()
        self.mark = [-1] * len(specs)
        for k, zones in enumerate(labels.values()):
            for z in zones:
                self.mark[z] = k
        self.defs = state.cards
        self.owner = [-1] * len(state.cards)
        for z, cards in enumerate(state.zones):
            o = specs[z].owner
            for c in cards:
                self.owner[c] = -1 if o is None else o
        n = game.num_players
        self.played: list[dict[int, int]] = [{} for _ in range(n)]
        self.first: list[dict[int, int]] = [{} for _ in range(n)]
        self.marks: list[list[dict[int, int]]] = [[{} for _ in range(n)] for _ in labels]
        self.end = ""
        unit = game.presentation.length_unit()
        self.unit = unit.event if unit else None
        self.shared = unit.shared if unit else False
        self.opening = (unit.opener or unit.event) if unit else None
        self.opener = -1
        self.units = 0
        self.seat_units = [0] * n

    def see(self, events: list[Event]) -> None:
        """Count the moves of one action's events, note who plays first and a
        ``game_over``'s ``how``."""
        for e in events:
            if self.opener < 0 and e[0] == self.opening and 0 <= e[1] < len(self.seat_units):
                self.opener = e[1]
            if e[0] == "move":
                card = e[2]
                o = self.owner[card]
                if o < 0:
                    continue
                d = self.defs[card]
                if self.src_owner[e[3]] == o and self.public[e[4]]:
                    mine = self.played[o]
                    mine[d] = mine.get(d, 0) + 1
                    self.first[o].setdefault(d, self.seat_units[o])
                k = self.mark[e[4]]
                if k >= 0:
                    counts = self.marks[k][o]
                    counts[d] = counts.get(d, 0) + 1
            elif e[0] == self.unit:
                self._count_unit(-1 if self.shared else e[1])
            elif e[0] == "game_over":
                how = (e[5] or {}).get("how")
                self.end = how if isinstance(how, str) else ""

    def _count_unit(self, player: int) -> None:
        """One more unit of length: the player's own, or everyone's (a player below 0)."""
        self.units += 1
        seats = self.seat_units
        if 0 <= player < len(seats):
            seats[player] += 1
        else:
            for p in range(len(seats)):
                seats[p] += 1

    def trace(self, returns: Sequence[float]) -> GameTrace:
        """The finished game's trace."""
        end = self.end or ("win" if max(returns, default=0.0) > 0 else "draw")
        return GameTrace(
            tuple(_counts(p) for p in self.played),
            tuple(tuple(_counts(p) for p in label) for label in self.marks),
            end,
            self.units if self.unit else 0,
            tuple(self.seat_units) if self.unit else (),
            tuple(_counts(p) for p in self.first),
            self.opener,
        )


def _counts(d: dict[int, int]) -> Counts:
    return tuple(sorted(d.items()))


def play_traced(
    game: Game, agents: Sequence[Agent], seed: int, decks: Sequence[Deck] | None = None
) -> tuple[list[float], int, GameTrace]:
    """Play a whole game as ``play.play_game`` does (the same loop, ``play.play_out``) while
    watching its events; return the returns, the number of decisions and the trace."""
    state = game.new_initial_state(seed=seed, decks=decks)
    watch = Watcher(state)
    length = len(play_out(state, agents, watch.see))
    returns = state.returns()
    return returns, length, watch.trace(returns)
