"""Helpers shared by the environments: the observation Box, plain text of rich markup."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from rich.text import Text

from cardtable.rl.encoder import ObservationEncoder


def observation_box(encoder: ObservationEncoder) -> spaces.Box:
    """The float32 Box of a game's tensor, with each block's bounds (counts and numbers may
    be unbounded above; numbers below too)."""
    return spaces.Box(encoder.low, encoder.high, (encoder.size,), np.float32)


def plain_text(markup: str) -> str:
    """Text drawn with rich markup (``game.render``), without the markup."""
    return Text.from_markup(markup).plain
