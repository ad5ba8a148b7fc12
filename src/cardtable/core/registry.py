"""The registry of games: ``register_game``, ``load_game`` and ``available_games``."""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import ValidationError

from cardtable.core.cards import format_loc
from cardtable.core.errors import GameOptionError, UnknownGameError, brief, clip
from cardtable.core.game import Game

_GAMES: dict[str, str | type[Game]] = {}


def register_game(name: str, target: str | type[Game]) -> None:
    """Register a game class, or a ``"module:Class"`` path imported on first use."""
    _GAMES[name] = target


def available_games() -> list[str]:
    """The names of the registered games, sorted."""
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """The class of a registered game; raises UnknownGameError naming the valid games."""
    target = _GAMES.get(name)
    if target is None:
        raise UnknownGameError(
            f"unknown game {brief(name)}; available games: {', '.join(available_games())}"
        )
    if isinstance(target, str):
        module, _, cls = target.partition(":")
        target = getattr(importlib.import_module(module), cls)
        assert isinstance(target, type) and issubclass(target, Game)
        _GAMES[name] = target
    return target


PRESET = "preset"
"""The option naming one of a game's presets (``Game.presets``)."""


def with_preset(cls: type[Game], name: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the preset it names (``preset=NAME``) expanded: the preset's values,
    then the options given beside it, which win. An unknown preset raises GameOptionError
    naming the game's presets."""
    if PRESET not in options:
        return options
    rest = {k: v for k, v in options.items() if k != PRESET}
    chosen = options[PRESET]
    if isinstance(chosen, str) and chosen in cls.presets:
        return {**cls.presets[chosen], **rest}
    known = ", ".join(sorted(cls.presets))
    raise GameOptionError(
        f"{name}: unknown preset {brief(chosen)}; "
        + (f"known presets: {known}" if known else "this game has no presets")
    )


def load_game(name: str, **options: Any) -> Game:
    """A game with validated options, a preset expanded (``with_preset``); an unknown or
    invalid option raises GameOptionError naming the valid ones."""
    cls = game_class(name)
    options = with_preset(cls, name, options)
    valid = sorted([*cls.Options.model_fields, *([PRESET] if cls.presets else [])])
    unknown = sorted(set(options) - set(valid))
    if unknown:
        named = ", ".join(clip(u) for u in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise GameOptionError(
            f"{name}: unknown option(s) {named}; valid options: {', '.join(valid)}"
        )
    try:
        opts = cls.Options(**options)
    except ValidationError as exc:
        msgs = "; ".join(
            f"option '{format_loc(e['loc'])}': {e['msg']}"
            if e["loc"]
            else e["msg"].removeprefix("Value error, ")  # options that do not go together
            for e in exc.errors()
        )
        raise GameOptionError(f"{name}: {msgs}") from None
    if not cls.min_players <= opts.players <= cls.max_players:
        raise GameOptionError(
            f"{name}: option 'players': must be from {cls.min_players} to {cls.max_players}, "
            f"got {opts.players}"
        )
    return cls(opts)
