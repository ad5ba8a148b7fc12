"""Helpers shared by the environments: the observation Box, plain text of rich markup."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from rich.text import Text

from cardtable.core.game import Game
from cardtable.core.state import State
from cardtable.rl.encoder import ObservationEncoder


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """The float32 Box of a game's tensor, with each block's bounds (counts and numbers may
    be unbounded above; numbers below too)."""
    return spaces.Box(encoder.low, encoder.high, (encoder.size,), np.float32)


def plain_text(markup: str) -> str:
    """Text drawn with rich markup (``game.presentation.render``), without the markup."""
    return Text.from_markup(markup).plain


class TableView:
    """What both environments share: the game state behind them, and ``render``. The host
    class sets ``game``, ``game_state`` (None before ``reset``) and ``render_mode``."""

    game: Game
    game_state: State | None
    render_mode: str | None

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def render(self) -> str | None:
        """``ansi``: the table as a spectator sees it, as plain text; ``human``: print it."""
        if self.render_mode is None or self.game_state is None:
            return None
        text = plain_text(self.game.presentation.render(self.game_state.observation(None)))
        if self.render_mode == "human":
            print(text)
            return None
        return text
