"""The balance lab (``cardtable balance``): many seeded games, and what they say about the
decks, the seats and every card.

Schedule. With at least as many decks as seats (the default: every starter deck of the game)
the games are a **round robin**: one block per combination of as many different decks as the
game has seats (six pairs of four decks in a two-player game). Block ``c`` is a batch of the
seeded runner (``runner.run_many``) with the seed ``derive_seed(seed, c)`` and
``deck_duplicate``: every deal is played once with each deck of the combination in each seat
(rotated), and the agents rotate over the seats from deal to deal. ``games`` is split over the
blocks in whole deals (so the total is rounded up to a multiple of the seats). With fewer
decks than seats, or ``schedule="rotate"``, the games are instead split into one block per
rotation of the deck list: block ``r`` has the seed ``derive_seed(seed, r)`` and the decks
rotated by ``r``, and inside a batch agents and decks both rotate with the game's index (each
deck then meets only its neighbours in the list). With ``compare`` the same blocks are played
again, same seeds, agents and decks, with the game option ``cards=compare``. The results depend
on the seed only, never on ``jobs``.

Checkpoint. With an output folder every finished chunk of games is appended to
``games.jsonl`` there (``balance_store``); ``resume`` plays only the games not in it, so an
interrupted run finishes with the same results as an uninterrupted one.

Per game the workers send back a compact ``GameTrace`` (``trace.py``), not whole records;
``balance_summary`` turns them into the report.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from pathlib import Path
from typing import Any

from cardtable.agents.base import make_agent
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import N_
from cardtable.core.registry import load_game
from cardtable.core.rng import derive_seed
from cardtable.sim import balance_store as store
from cardtable.sim.backends import Backend
from cardtable.sim.balance_stats import MARGIN, MIN_SAMPLES, flag_rule_text
from cardtable.sim.balance_summary import GameId, RunData, changes, paired_intervals, summarize_run
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
    schedule: str = "round-robin"  # or "rotate"

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
            "schedule": self.schedule,
        }


@dataclass(frozen=True)
class Batch:
    """One block of one run: ``config`` plays all of the block's games."""

    run: int
    block: int
    config: SimConfig


def default_deck_specs(game: Game) -> tuple[str, ...]:
    """The decks the lab plays when given none: every starter deck of ``game`` when it has at
    least one per seat (a round robin of them), else the starter names of the decks the game
    uses by default (``default_decks``); raises ``CardtableError`` when those are not starter
    decks."""
    starters = game.starter_decks()
    if len(starters) >= game.num_players:
        return tuple(starters)
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
    if config.schedule not in SCHEDULES:
        raise CardtableError(f"unknown schedule {config.schedule!r}: use {' or '.join(SCHEDULES)}")
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


SCHEDULES = ("round-robin", "rotate")


def pairings(config: BalanceConfig, players: int) -> list[tuple[int, ...]] | None:
    """The round robin's combinations of different decks (indexes into ``config.decks``), one
    per block; ``None`` when the decks are rotated instead (``schedule="rotate"``, or fewer
    decks than ``players``)."""
    if config.schedule != "round-robin" or len(config.decks) < players:
        return None
    return list(combinations(range(len(config.decks)), players))


def schedule(config: BalanceConfig, players: int) -> list[Batch]:
    """The batches to play: per run, one per combination of decks (round robin) or rotation
    of the deck list (empty ones left out)."""
    combos = pairings(config, players)
    if combos is None:
        return _rotations(config)
    deals = block_sizes(-(-config.games // players), len(combos))
    out = []
    for run, options in enumerate(config.run_options()):
        for c, combo in enumerate(combos):
            if deals[c]:
                decks = tuple(config.decks[d] for d in combo)
                batch = SimConfig(
                    config.game,
                    options,
                    deals[c] * players,
                    config.agents,
                    derive_seed(config.seed, c),
                    decks,
                    trace=True,
                    deck_duplicate=True,
                )
                out.append(Batch(run, c, batch))
    return out


def _rotations(config: BalanceConfig) -> list[Batch]:
    """The rotating schedule's batches: one per rotation of the deck list."""
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


def seat_decks(config: BalanceConfig, block: int, index: int, players: int) -> tuple[int, ...]:
    """Which deck (an index into ``config.decks``) each seat played in game ``index`` of
    block ``block``: in the round robin seat ``p`` has the block's deck ``(index + p)``; when
    rotating, the rotated list's deck ``(index + p)``."""
    combos = pairings(config, players)
    if combos is None:
        return tuple((block + index + p) % len(config.decks) for p in range(players))
    combo = combos[block]
    return tuple(combo[(index + p) % players] for p in range(players))


def total_games(config: BalanceConfig) -> int:
    """The number of games ``play`` plays in all (card sets together): ``games`` per card set,
    rounded up to whole deals in a round robin."""
    return sum(b.config.games for b in schedule(config, seat_count(config)))


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
    base: Path | None = None,
) -> list[list[GameResult]]:
    """Play every batch of ``schedule(config)`` and return their results (in game order,
    one list per batch); identical for any ``jobs``. With ``folder``, finished games are saved
    to ``folder/games.jsonl`` as they come, and ``resume`` first reads the games finished
    there by an earlier run of the same settings and plays only the others. With ``base``
    (and ``compare``), the base card set's games come from the checkpoint of an earlier run
    in that folder (``store.base_games``) as far as it holds them, and are copied into this
    one. ``progress`` gets the number of games finished so far, those read back included.
    Bad input raises ``CardtableError`` before any game is played."""
    validate(config)
    plan = schedule(config, seat_count(config))
    path = folder / store.CHECKPOINT if folder else None
    borrowed = _borrowed(config, plan, base)
    done = _saved(config, path, resume)
    for key, games in borrowed.items():
        games = {i: r for i, r in games.items() if i not in done.get(key, {})}
        borrowed[key] = games
        done.setdefault(key, {}).update(games)
    todo = [(b, part) for b in plan for part in missing(b, done)]
    before = sum(len(g) for g in done.values())
    if progress:
        progress(before)
    appender = store.Appender(path) if path and (todo or borrowed) else None
    for (run, block), games in borrowed.items():
        if appender and games:
            appender.write(run, block, [games[i] for i in sorted(games)])

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


def _borrowed(config: BalanceConfig, plan: list[Batch], base: Path | None) -> store.Done:
    """The base run's games that ``base`` holds (``play``), those the plan needs."""
    if base is None:
        return {}
    if config.compare is None:
        raise CardtableError("--base reuses the base card set's games for --compare: add it")
    theirs = store.base_games(base / store.CHECKPOINT, config.to_json())
    return {
        (b.run, b.block): {
            i: r for i, r in theirs.get((0, b.block), {}).items() if i < b.config.games
        }
        for b in plan
        if b.run == 0
    }


def seat_count(config: BalanceConfig) -> int:
    """The number of seats of the configured game."""
    return load_game(config.game, **config.options).num_players


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
    mine = [(b, rs) for b, rs in zip(plan, results, strict=True) if b.run == run]
    games = [
        (seat_decks(config, b.block, r.index, game.num_players), r) for b, rs in mine for r in rs
    ]
    ids = [GameId(run, b.block, r.index) for b, rs in mine for r in rs]
    return RunData(game, decks, games, ids)


SCORE_RULE = N_(
    "a win counts 1, a draw 0.5 (nobody's return above 0), a loss 0; a win rate is the mean "
    "of these over player-games"
)
"""How a win rate is counted, in words (a message: the report's page says it in its
language)."""


def report(
    config: BalanceConfig,
    results: list[list[GameResult]],
    margin: float = MARGIN,
    min_samples: int = MIN_SAMPLES,
) -> dict[str, Any]:
    """The JSON-ready balance report of finished games (``results`` as ``play`` returns
    them): settings, the rules used, the base run and, with ``compare``, the compared run and
    the changes between them."""
    plan = schedule(config, seat_count(config))
    labels = agent_labels(config.agents)
    data = [run_data(config, k, plan, results) for k in range(len(config.run_options()))]
    runs = [summarize_run(d, labels, margin, min_samples) for d in data]
    game = load_game(config.game, **config.options)
    out: dict[str, Any] = {
        "game": config.game,
        "title": game.title,
        **{k: v for k, v in config.to_json().items() if k != "game"},
        "agent_labels": labels,
        "rules": {
            "score": SCORE_RULE,
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
        paired = paired_intervals(data[0], data[1])
        out["changes"] = changes(runs[0], runs[1], margin, min_samples, paired)
    return out
