"""A table in memory: its game and state, the events of every action so far, and the views
sent to each seat.

Everything a seat is sent is built here from ``state.observation(seat)`` and
``state.event_view(event, seat)``; ``seat=None`` is a spectator. Nothing else of the state
leaves this module.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cardtable.agents.base import Agent, make_agent
from cardtable.core.events import Event
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, translator
from cardtable.core.rng import derive_seed
from cardtable.core.state import State
from cardtable.eventlog import describe_event
from cardtable.server.setup import SERVER_REFUSED_OPTIONS, cached_game
from cardtable.server.storage import FINISHED, RUNNING, TableRow


def concession(players: int, seat: int) -> list[float]:
    """The result of a game ``seat`` conceded: it loses (-1), the others share the win."""
    return [-1.0 if p == seat else 1.0 / (players - 1) for p in range(players)]


def token_hash(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def build_state(row: TableRow) -> tuple[Game, State, list[list[Event]]]:
    """The game of a stored table, replayed through its actions; the events of each action."""
    game, state, events, _ = build_with_movers(row)
    return game, state, events


def build_with_movers(row: TableRow) -> tuple[Game, State, list[list[Event]], list[int]]:
    """As :func:`build_state`, with the player who made each action."""
    game = cached_game(row.game, row.options)
    decks = (
        [game.deck_from_dict(d, f"stored deck {i}") for i, d in enumerate(row.decks)]
        if row.decks is not None
        else None
    )
    state = game.new_initial_state(seed=row.seed, decks=decks)
    events: list[list[Event]] = []
    movers: list[int] = []
    for a in row.actions:
        movers.append(state.current_player())
        events.append(state.apply_action(a))
    return game, state, events, movers


# At most this many zones are marked as the last play (a reveal may move a whole lineup).
LAST_PLAY_ZONES = 8


def last_play(state: State, mover: int, events: list[Event], seat: int | None) -> dict[str, Any]:
    """What ``seat`` saw of the last action: who made it, the zones its cards went to and
    the cards it may see there (``state.event_view`` only, so nothing hidden)."""
    zones: list[str] = []
    cards: list[str] = []
    for e in events:
        view = state.event_view(e, seat)
        if view is None:
            continue
        if view.get("to") and view["to"] not in zones:
            zones.append(view["to"])
        if view.get("card") and view["card"] not in cards:
            cards.append(view["card"])
    return {"player": mover, "zones": zones[:LAST_PLAY_ZONES], "cards": cards}


# A connection whose client stops reading may hold at most this many unsent messages; one
# more and it is dropped (docs/server-api.md, "Slow clients").
MAX_QUEUED = 256
CLOSE_BEHIND = 1013  # "try again later": the client reconnects and gets a fresh update
CLOSE_BEHIND_REASON = "the client fell behind: over {n} messages unsent; reconnect"


@dataclass(eq=False)
class Subscriber:
    """One WebSocket connection: its seat (``None``: a spectator) and its outgoing messages,
    at most ``limit`` of them unsent."""

    seat: int | None
    limit: int = MAX_QUEUED
    lang: Lang = "en"
    queue: asyncio.Queue[str] = field(default_factory=asyncio.Queue)
    dropped: asyncio.Event = field(default_factory=asyncio.Event)

    def push(self, text: str) -> bool:
        """Queue a message; ``False`` if the connection is (now) dropped instead. A
        connection that already holds ``limit`` unsent messages is dropped: its queue is
        emptied at once and ``dropped`` is set for its handler to close it."""
        if self.dropped.is_set():
            return False
        if self.queue.qsize() >= self.limit:
            while not self.queue.empty():
                self.queue.get_nowait()
            self.dropped.set()
            return False
        self.queue.put_nowait(text)
        return True


class LiveTable:
    """A stored table brought to life. The service holds ``lock`` while it reads or changes
    the state, so updates go out in order."""

    def __init__(self, row: TableRow) -> None:
        """Rebuild the table from its stored row (replaying its actions)."""
        self.row = row
        self.game, self.state, self.events, self.movers = build_with_movers(row)
        row.actions = []  # the state's history holds them now
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.agents: dict[int, Agent] = {}
        self.agent_task: asyncio.Task[None] | None = None
        # since when no seat's person is connected (time.monotonic()); None while one is
        self.alone_since: float | None = time.monotonic()

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def seq(self) -> int:
        """The number of actions applied so far."""
        return len(self.events)

    @property
    def status(self) -> str:
        """``open``, ``running`` or ``finished``."""
        return self.row.status

    def to_act(self) -> int | None:
        """The seat to act while the table runs, else ``None``."""
        if self.row.status != RUNNING or self.state.is_terminal():
            return None
        return self.state.current_player()

    def agent_to_act(self) -> int | None:
        """The seat to act if an agent holds it."""
        p = self.to_act()
        return p if p is not None and self.row.seats[p]["kind"] == "agent" else None

    def agent(self, seat: int) -> Agent:
        """The agent of an agent seat (made on first use, seeded by the table's seed)."""
        if seat not in self.agents:
            spec = self.row.seats[seat]["spec"]
            self.agents[seat] = make_agent(spec, derive_seed(self.row.seed, seat))
        return self.agents[seat]

    def seat_of_token(self, token: str) -> int | None:
        """The seat this token was given for, or ``None``."""
        h = token_hash(token)
        for i, s in enumerate(self.row.seats):
            stored = s.get("token_hash")
            if stored and hmac.compare_digest(stored, h):
                return i
        return None

    def applied(
        self, seat: int, state: State, events: list[Event], result: list[float] | None
    ) -> None:
        """Adopt the state after ``seat``'s accepted (and stored) action."""
        self.state = state
        self.events.append(events)
        self.movers.append(seat)
        if result is not None:
            self.row.status = FINISHED
            self.row.result = result

    def seated(self) -> bool:
        """Whether a seat's person is connected (a spectator does not count)."""
        return any(sub.seat is not None for sub in self.subscribers)

    def ended(self, status: str, result: list[float] | None, seats: list[dict[str, Any]]) -> None:
        """Adopt a stored end without a last action (a concession or abandonment)."""
        self.row.status, self.row.result, self.row.seats = status, result, seats

    def log(self, seat: int | None, since: int, lang: Lang = "en") -> list[str]:
        """The log lines of the actions from ``since`` on, as ``seat`` may see them, in
        ``lang``."""
        lines: list[str] = []
        for events in self.events[since:]:
            for e in events:
                view = self.state.event_view(e, seat)
                if view is not None:
                    lines.append(describe_event(self.game, view, seat, lang))
        return lines

    def result_text(self, lang: Lang) -> str | None:
        """How the finished game ended in ``lang`` (``Presentation.result`` of the
        spectator's observation); ``None`` before the end."""
        if self.row.status != FINISHED:
            return None
        return conceded(self.row, lang) or self.game.presentation.result(
            self.state.observation(None), lang
        )

    def update(self, seat: int | None, since: int, lang: Lang = "en") -> dict[str, Any]:
        """The update message for ``seat``, with the log lines from action ``since`` on and,
        once finished, how the game ended in ``lang`` (``result_text``)."""
        to_act = self.to_act()
        say = self.game.presentation.describe_action
        legal = (
            [
                {
                    "action": a,
                    "text": self.state.action_to_string(a),
                    "words": say(self.state, a, lang),
                }
                for a in self.state.legal_actions()
            ]
            if to_act is not None and to_act == seat
            else []
        )
        return {
            "type": "update",
            "table": self.id,
            "seq": self.seq,
            "status": self.row.status,
            "seat": seat,
            "to_act": to_act,
            "observation": self.state.observation(seat),
            "legal": legal,
            "log": self.log(seat, since, lang),
            "result": self.row.result,
            "last": last_play(self.state, self.movers[-1], self.events[-1], seat)
            if self.events
            else None,
            "result_text": self.result_text(lang),
        }

    def summary(self) -> dict[str, Any]:
        """The table as listed in the lobby."""
        return summary(self.row)


def final_observation(row: TableRow) -> dict[str, Any]:
    """The spectator's observation at the end of a stored table (its actions replayed)."""
    return build_state(row)[1].observation(None)


def result_text(row: TableRow, observation: dict[str, Any], lang: Lang) -> str:
    """How a finished table's game ended in ``lang``, from its last spectator observation
    (or the seat that conceded it)."""
    game = cached_game(row.game, row.options)
    return conceded(row, lang) or game.presentation.result(observation, lang)


def conceded(row: TableRow, lang: Lang) -> str | None:
    """``P1 conceded`` (in ``lang``) for a game a seat conceded, else ``None``."""
    seats = [i for i, s in enumerate(row.seats) if s.get("conceded")]
    if not seats:
        return None
    _ = translator("cardtable", lang)
    return _("P{seat} conceded the game", seat=seats[0])


def summary(row: TableRow, text: str | None = None) -> dict[str, Any]:
    """A table as the API lists it (no seed, no tokens); ``text``: how it ended, in words
    (``result_text``, finished tables only)."""
    out: dict[str, Any] = {
        "table": row.id,
        "game": row.game,
        "options": {k: v for k, v in row.options.items() if k not in SERVER_REFUSED_OPTIONS},
        "seats": [
            {"kind": s["kind"], "taken": bool(s["taken"])}
            | ({"spec": s["spec"]} if s.get("spec") else {})
            | ({"conceded": True} if s.get("conceded") else {})
            for s in row.seats
        ],
        "status": row.status,
        "visibility": row.visibility,
        "created": datetime.fromtimestamp(row.created, UTC).isoformat(timespec="seconds"),
    }
    if row.result is not None:
        out["result"] = row.result
    if text is not None:
        out["result_text"] = text
    return out
