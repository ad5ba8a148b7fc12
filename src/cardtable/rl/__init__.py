"""Standard interfaces for researchers (install the ``rl`` extra: ``pip install -e '.[rl]'``).

- :func:`aec_env` / :func:`parallel_env`: PettingZoo environments of every game;
- :func:`gym_env`: a Gymnasium environment for one seat against fixed opponent agents;
- ``import cardtable.rl.openspiel``: registers every game with OpenSpiel
  (``pyspiel.load_game("python_cardtable_looney")``);
- :class:`ObservationEncoder` and :func:`describe_layout`: the fixed-shape observation tensor
  of a game and its documentation (docs/rl.md).

These modules reach games only through the registry and the Game/State protocol.
"""

from __future__ import annotations

from typing import Any

try:
    from cardtable.rl.encoder import ObservationEncoder
    from cardtable.rl.gymnasium_env import CardtableGymEnv, gym_env, register_gymnasium_ids
    from cardtable.rl.pettingzoo_env import CardtableAECEnv, aec_env, parallel_env
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"cardtable.rl needs the 'rl' extra (numpy, pettingzoo, gymnasium, open_spiel): "
        f"pip install -e '.[rl]' ({exc})"
    ) from exc

register_gymnasium_ids()


def describe_layout(game: Any) -> str:
    """The tensor layout of ``game`` as Markdown (see :mod:`cardtable.rl.describe`)."""
    from cardtable.rl.describe import describe_layout as describe

    return describe(game)


__all__ = [
    "CardtableAECEnv",
    "CardtableGymEnv",
    "ObservationEncoder",
    "aec_env",
    "describe_layout",
    "gym_env",
    "parallel_env",
]
