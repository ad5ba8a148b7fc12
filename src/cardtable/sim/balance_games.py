"""One game of a balance run, played again as a whole game record (``cardtable balance
--record ID``), so a designer can step through a game the report points at (a short one, say)
with ``cardtable replay``.

A game's **id** names its run, block and index: ``BLOCK:GAME`` for the base card set's games,
``compare:BLOCK:GAME`` for those of the compared set (``--compare``). The report lists the ids
of its short games (``units.short_games``). The settings come from the run's checkpoint, so
the game is the one the run played as long as the card files and cardtable are as they were;
``Recorded.same`` says whether the replayed game ended as the checkpoint says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from cardtable.core.errors import CardtableError
from cardtable.records import GameRecord
from cardtable.sim import balance_store as store
from cardtable.sim.balance import BalanceConfig, schedule, seat_count, validate
from cardtable.sim.balance_summary import COMPARE, GameId
from cardtable.sim.runner import GameResult, record_one

GAME_ID = re.compile(rf"(?:({COMPARE}):)?(\d{{1,6}}):(\d{{1,9}})")
"""A game id as ``--record`` takes it (``GameId``)."""


def parse_game_id(text: str) -> GameId:
    """``BLOCK:GAME`` or ``compare:BLOCK:GAME``; raises ``CardtableError`` saying the form."""
    m = GAME_ID.fullmatch(text.strip())
    if m is None:
        raise CardtableError(
            f"--record {text!r}: a game id is BLOCK:GAME (the base card set's games) or "
            "compare:BLOCK:GAME, as the report lists them, e.g. 0:21"
        )
    return GameId(1 if m.group(1) else 0, int(m.group(2)), int(m.group(3)))


@dataclass(frozen=True)
class Recorded:
    """A game played again: its record, and whether it ended as the run's checkpoint says
    (``None`` when the checkpoint does not hold the game)."""

    record: GameRecord
    same: bool | None


def record_game(config: BalanceConfig, gid: GameId) -> GameRecord:
    """Game ``gid`` of the run ``config`` describes, played again exactly as the run played it.
    Raises ``CardtableError`` for a run, block or game the run does not have."""
    validate(config)
    if gid.run and config.compare is None:
        raise CardtableError(f"--record {gid}: this run compared no other card set")
    plan = schedule(config, seat_count(config))
    batch = next((b for b in plan if (b.run, b.block) == (gid.run, gid.block)), None)
    if batch is None:
        blocks = sorted({b.block for b in plan})
        raise CardtableError(f"--record {gid}: no block {gid.block}; the run has {_span(blocks)}")
    if gid.index >= batch.config.games:
        last = batch.config.games - 1
        raise CardtableError(f"--record {gid}: block {gid.block} has games 0 to {last}")
    return record_one(batch.config, gid.index)


def record_from_checkpoint(folder: Path, game: str, gid: GameId) -> Recorded:
    """Game ``gid`` of the run whose checkpoint is in ``folder`` (its settings, its game
    ``game``), played again; ``same`` compares its end with the checkpoint's."""
    path = folder / store.CHECKPOINT
    settings, done = store.read_run(path, "--record")
    config = config_from_settings(settings, path)
    if config.game != game:
        raise CardtableError(f"--record: {path} is a run of {config.game}, not {game}")
    record = record_game(config, gid)
    kept = done.get((gid.run, gid.block), {}).get(gid.index)
    same = None if kept is None else _ends_alike(kept, record)
    return Recorded(record, same)


def _ends_alike(kept: GameResult, record: GameRecord) -> bool:
    """Whether a played-again game has the checkpoint's returns and number of decisions."""
    returns = tuple(record.result or ())
    return tuple(kept.returns) == returns and kept.length == len(record.actions)


class Settings(BaseModel):
    """A balance run's settings as a checkpoint's header holds them (``BalanceConfig``)."""

    model_config = ConfigDict(strict=True)

    game: str
    options: dict[str, Any]
    agents: list[str]
    games: int
    decks: list[str]
    seed: int
    compare: str | None
    schedule: str


def config_from_settings(settings: Any, path: Path) -> BalanceConfig:
    """The run's settings as a checkpoint's header holds them; raises ``CardtableError``
    naming the file and the field that is not what a run writes."""
    if not isinstance(settings, dict):
        raise CardtableError(f"{path}: the header holds no run settings")
    try:
        s = Settings.model_validate(settings)
    except ValidationError as exc:
        where = exc.errors()[0]["loc"][0]
        message = f"{path}: settings field '{where}' is missing or of a wrong kind"
        raise CardtableError(message) from None
    return BalanceConfig(
        s.game, s.options, tuple(s.agents), s.games, tuple(s.decks), s.seed, s.compare, s.schedule
    )


def _span(blocks: list[int]) -> str:
    """Blocks as words: ``blocks 0 to 5``."""
    return f"blocks {blocks[0]} to {blocks[-1]}" if blocks else "no blocks"
