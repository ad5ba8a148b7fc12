"""Game records (JSON): game, version, options, seed, decks, actions and result (and the
seat that conceded, for a game that ended so).

A record replays exactly: the same game, options, seed, decks and actions give the same game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from cardtable.core.decks import Deck
from cardtable.core.errors import CardtableError, RecordError
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.state import State


@dataclass
class GameRecord:
    """Everything needed to replay one game."""

    game: str
    version: str
    options: dict[str, Any]
    seed: int
    decks: list[dict[str, Any]] | None
    actions: list[int] = field(default_factory=list)
    notation: list[str] = field(default_factory=list)
    result: list[float] | None = None
    players: list[str] = field(default_factory=list)
    conceded: int | None = None
    """The seat that conceded the game (the server's tables), else ``None``."""

    def to_json(self) -> str:
        """The record as indented JSON."""
        return json.dumps(asdict(self), indent=1)

    def save(self, path: Path) -> None:
        """Write the record to a file."""
        path.write_text(self.to_json() + "\n", encoding="utf-8")


def start(game: Game, seed: int, decks: list[Deck] | None, players: list[str]) -> GameRecord:
    """A new empty record for a game about to be played."""
    return GameRecord(
        game=game.name,
        version=game.version,
        options=game.options_dict(),
        seed=seed,
        decks=[d.to_dict() for d in decks] if decks is not None else None,
        players=players,
    )


# the fields a record must have: their JSON types, in words
REQUIRED: dict[str, tuple[type, str]] = {
    "game": (str, "a game name"),
    "options": (dict, "an object of options"),
    "seed": (int, "a whole number"),
    "actions": (list, "a list of action numbers"),
}


def load_record(path: Path) -> GameRecord:
    """Read a record file; raises RecordError naming the file and field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: line {exc.lineno}: not valid JSON: {exc.msg}") from None
    except (UnicodeDecodeError, RecursionError) as exc:
        raise RecordError(f"{path}: not a JSON game record ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: expected a JSON object")
    for key, (kind, words) in REQUIRED.items():
        if key not in data:
            raise RecordError(f"{path}: field '{key}' is missing")
        if isinstance(data[key], bool) or not isinstance(data[key], kind):
            raise RecordError(f"{path}: field '{key}': expected {words}")
    if not isinstance(data.get("decks"), list | None):
        raise RecordError(f"{path}: field 'decks': expected null or a list of decks")
    seat = data.get("conceded")
    if seat is not None and (type(seat) is not int or not 0 <= seat < 64):
        raise RecordError(f"{path}: field 'conceded': expected null or a seat number")
    known = set(GameRecord.__dataclass_fields__)
    try:
        return GameRecord(**{k: v for k, v in data.items() if k in known})
    except TypeError as exc:
        raise RecordError(f"{path}: {exc}") from None


def replay(record: GameRecord) -> Iterator[tuple[State, int | None]]:
    """Yield (state, action about to be applied) for each step, ending with (final, None).
    The same state object is advanced in place. Raises RecordError if an action is illegal."""
    try:
        game = load_game(record.game, **record.options)
        decks = (
            [game.deck_from_dict(d, f"record deck {i}") for i, d in enumerate(record.decks)]
            if record.decks is not None
            else None
        )
        state = game.new_initial_state(seed=record.seed, decks=decks)
    except (CardtableError, ValueError) as exc:
        raise RecordError(f"record cannot be set up: {exc}") from None
    for i, a in enumerate(record.actions):
        yield state, a
        try:
            if a in state.legal_actions():
                state.push(a)  # checked just now; its events would be dropped
            else:
                state.apply_action(a)  # raises with the reason
        except CardtableError as exc:
            raise RecordError(f"action {i} ({a}) does not replay: {exc}") from None
    yield state, None
