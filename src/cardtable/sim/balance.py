"""The balance lab (``cardtable balance``): many seeded games, and what they say about the
decks, the seats and every card.

Schedule. The games are split into one block per rotation of the deck list (without
``--deck``: the game's default decks). Block ``r`` is a batch of the seeded runner
(``runner.run_many``) with the seed ``derive_seed(seed, r)`` and the decks rotated by ``r``;
inside a batch both the agents and the decks rotate with the game's index, so over the blocks
every deck is played from every seat by every agent about equally often. With ``compare``
the same blocks are played again, same seeds, agents and decks, with the game option
``cards=compare``. The results depend on the seed only, never on ``jobs``.

Checkpoint. With an output folder every finished chunk of games is appended to
``games.jsonl`` there (``balance_store``); ``resume`` plays only the games not in it, so an
interrupted run finishes with the same results as an uninterrupted one.

Per game the workers send back a compact ``GameTrace`` (``trace.py``), not whole records;
``balance_summary`` turns them into the report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardtable.agents.base import make_agent
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.rng import derive_seed
from cardtable.sim import balance_store as store
from cardtable.sim.backends import Backend
from cardtable.sim.balance_stats import MARGIN, MIN_SAMPLES, flag_rule_text
from cardtable.sim.balance_summary import RunData, changes, summarize_run
from cardtable.sim.runner import GameResult, SimConfig, agent_labels, run_many
from cardtable.sim.runner import validate as validate_batch
from cardtable.sim.trace import played_rule


@dataclass(frozen=True)
class BalanceConfig:
    """What to play: ``games`` games (per card set) between ``agents`` with ``decks`` (deck
    specs: starter names or files), and, with ``compare``, the same games again with the game
    option ``cards=compare``."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    games: int
    decks: tuple[str, ...]
    seed: int = 0
    compare: str | None = None

    def run_options(self) -> list[dict[str, Any]]:
        """The game options of each run: the base run, then the compared card set."""
        runs = [dict(self.options)]
        if self.compare is not None:
            runs.append({**self.options, "cards": self.compare})
        return runs

    def to_json(self) -> dict[str, Any]:
        """The settings as JSON-ready data (the checkpoint's header)."""
        return {
            "game": self.game,
            "options": self.options,
            "agents": list(self.agents),
            "games": self.games,
            "decks": list(self.decks),
            "seed": self.seed,
            "compare": self.compare,
        }


@dataclass(frozen=True)
class Batch:
    """One block of one run: ``config`` plays all of the block's games."""

    run: int
    block: int
    config: SimConfig


def default_deck_specs(game: Game) -> tuple[str, ...]:
    """The starter names of the decks ``game`` uses when given none (``default_decks``);
    raises ``CardtableError`` when they are not starter decks."""
    starters = game.starter_decks()
    names: list[str] = []
    for deck in game.default_decks():
        name = next((k for k, d in starters.items() if d == deck), None)
        if name is None:
            raise CardtableError(f"{game.name}: give the decks to play with --deck")
        if name not in names:
            names.append(name)
    return tuple(names)


def validate(config: BalanceConfig) -> None:
    """Check the settings, game, options, agents and decks of every run, and the compared
    card set; raises ``CardtableError`` before anything is played."""
    if config.games < 1:
        raise CardtableError("--games must be at least 1")
    if not config.agents:
        raise CardtableError("give at least one agent, e.g. --agents greedy,greedy")
    if not config.decks:
        raise CardtableError("give at least one deck")
    for spec in config.agents:
        make_agent(spec)
    base, *other = config.run_options()
    validate_batch(SimConfig(config.game, base, 1, config.agents, 0, config.decks))
    for options in other:
        try:
            validate_batch(SimConfig(config.game, options, 1, config.agents, 0, config.decks))
        except CardtableError as exc:
            raise CardtableError(f"--compare: {exc}") from None


def block_sizes(games: int, blocks: int) -> list[int]:
    """``games`` split into ``blocks`` parts as even as possible (the first ones larger)."""
    return [games // blocks + (r < games % blocks) for r in range(blocks)]


def schedule(config: BalanceConfig) -> list[Batch]:
    """The batches to play: per run, one per rotation of the deck list (empty ones left out)."""
    decks = config.decks
    out = []
    for run, options in enumerate(config.run_options()):
        for r, games in enumerate(block_sizes(config.games, len(decks))):
            if games:
                rotated = decks[r:] + decks[:r]
                batch = SimConfig(
                    config.game,
                    options,
                    games,
                    config.agents,
                    derive_seed(config.seed, r),
                    rotated,
                    trace=True,
                )
                out.append(Batch(run, r, batch))
    return out


def seat_decks(block: int, index: int, players: int, decks: int) -> tuple[int, ...]:
    """Which deck (an index into the deck list) each seat played in game ``index`` of block
    ``block``: the runner gives seat ``p`` the rotated list's deck ``(index + p)``."""
    return tuple((block + index + p) % decks for p in range(players))


def missing(batch: Batch, done: store.Done) -> list[SimConfig]:
    """Slices of ``batch`` with the games not yet in ``done``, as runner configs."""
    have = done.get((batch.run, batch.block), {})
    out: list[SimConfig] = []
    start = None
    c = batch.config
    for i in range(c.games + 1):
        if i < c.games and i not in have:
            start = i if start is None else start
        elif start is not None:
            out.append(replace(c, first=start, games=i - start))
            start = None
    return out


def play(
    config: BalanceConfig,
    jobs: int | Backend = 1,
    folder: Path | None = None,
    resume: bool = False,
    progress: Callable[[int], None] | None = None,
) -> list[list[GameResult]]:
    """Play every batch of ``schedule(config)`` and return their results (in game order,
    one list per batch); identical for any ``jobs``. With ``folder``, finished games are saved
    to ``folder/games.jsonl`` as they come, and ``resume`` first reads the games finished
    there by an earlier run of the same settings and plays only the others. ``progress`` gets
    the number of games finished so far, those read back included. Bad input raises
    ``CardtableError`` before any game is played."""
    validate(config)
    plan = schedule(config)
    path = folder / store.CHECKPOINT if folder else None
    done = _saved(config, path, resume)
    todo = [(b, part) for b in plan for part in missing(b, done)]
    before = sum(len(g) for g in done.values())
    if progress:
        progress(before)
    appender = store.Appender(path) if path and todo else None

    def keep(k: int, part: list[GameResult]) -> None:
        b = todo[k][0]
        games = done.setdefault((b.run, b.block), {})
        games.update((r.index, r) for r in part)
        if appender:
            appender.write(b.run, b.block, part)

    try:
        if todo:
            run_many(
                [part for _, part in todo],
                jobs,
                (lambda n: progress(before + n)) if progress else None,
                keep,
            )
    finally:
        if appender:
            appender.close()
    return [[done[b.run, b.block][i] for i in range(b.config.games)] for b in plan]


def _saved(config: BalanceConfig, path: Path | None, resume: bool) -> store.Done:
    """The games a checkpoint already holds (``resume``), or none after starting a new one."""
    if path and resume:
        return store.load(path, config.to_json())
    if path:
        store.start(path, config.to_json())
    return {}


def run_data(
    config: BalanceConfig, run: int, plan: list[Batch], results: list[list[GameResult]]
) -> RunData:
    """Everything ``summarize_run`` needs about one run: its game, decks and games."""
    game = load_game(config.game, **config.run_options()[run])
    decks = [game.resolve_deck(d) for d in config.decks]
    games = [
        (seat_decks(b.block, r.index, game.num_players, len(decks)), r)
        for b, rs in zip(plan, results, strict=True)
        if b.run == run
        for r in rs
    ]
    return RunData(game, decks, games)


def report(
    config: BalanceConfig,
    results: list[list[GameResult]],
    margin: float = MARGIN,
    min_samples: int = MIN_SAMPLES,
) -> dict[str, Any]:
    """The JSON-ready balance report of finished games (``results`` as ``play`` returns
    them): settings, the rules used, the base run and, with ``compare``, the compared run and
    the changes between them."""
    plan = schedule(config)
    labels = agent_labels(config.agents)
    runs = [
        summarize_run(run_data(config, k, plan, results), labels, margin, min_samples)
        for k in range(len(config.run_options()))
    ]
    game = load_game(config.game, **config.options)
    out: dict[str, Any] = {
        "game": config.game,
        "title": game.title,
        **{k: v for k, v in config.to_json().items() if k != "game"},
        "agent_labels": labels,
        "rules": {
            "score": "a win counts 1, a draw 0.5 (nobody's return above 0), a loss 0; a win "
            "rate is the mean of these over player-games",
            "played": played_rule(game),
            "marks": list(game.presentation.balance_zones()),
            "flag": flag_rule_text(margin, min_samples),
            "margin": margin,
            "min_samples": min_samples,
        },
        "base": runs[0],
        "compare": None,
        "changes": None,
    }
    if len(runs) > 1:
        out["compare"] = runs[1]
        out["changes"] = changes(runs[0], runs[1], margin, min_samples)
    return out
