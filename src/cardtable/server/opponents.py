"""The computer opponents the lobby offers, by difficulty, with their measured strength.

Five levels, weakest first: Beginner (``random``), Easy (``greedy``, the default for a new
table: a gentle first game), Medium (a quick search of 100 simulations a move), Hard (the
game's default search) and Expert (four times its simulations, at most the server's cap).
Each level's Elo comes from a round robin of the five (``cardtable tournament``, Random
anchored at 0), measured by ``tools/rate_opponents.py`` and kept in ``opponents.json``
beside this module; a game not measured yet shows none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardtable.core.game import Game
from cardtable.core.hints import AgentHints
from cardtable.core.i18n import N_, Lang, translator
from cardtable.server.setup import MAX_AGENT_PARAMS

QUICK_SEARCH = 100  # simulations a move of the Medium level's search
MEASURED = Path(__file__).with_name("opponents.json")
DEFAULT_LEVEL = "easy"


@dataclass(frozen=True, slots=True)
class Level:
    """One difficulty: its key, its name and what it does (English, marked for
    translation; ``{n}`` is its simulations a move), and the agent spec behind it."""

    key: str
    name: str
    how: str
    spec: str
    simulations: int = 0


def levels(cls: type[Game]) -> list[Level]:
    """The difficulties of a game, weakest first, with their agent specs."""
    hints = cls.hints_class or AgentHints
    default = hints.search_iterations
    strong = min(4 * default, int(MAX_AGENT_PARAMS["iterations"]))
    hard_how = N_("searches up to {n} simulations a move") if hints.search_steps else None
    return [
        Level("beginner", N_("Beginner"), N_("plays any legal move"), "random"),
        Level("easy", N_("Easy"), N_("plays the move that looks best now"), "greedy"),
        Level(
            "medium",
            N_("Medium"),
            N_("searches {n} simulations a move"),
            f"ismcts:iterations={QUICK_SEARCH}",
            QUICK_SEARCH,
        ),
        Level(
            "hard", N_("Hard"), hard_how or N_("searches {n} simulations a move"), "ismcts", default
        ),
        Level(
            "expert",
            N_("Expert"),
            N_("searches {n} simulations a move"),
            f"ismcts:iterations={strong}",
            strong,
        ),
    ]


@cache
def measured() -> dict[str, Any]:
    """The Elo of each game's levels as ``tools/rate_opponents.py`` wrote them (``{}``
    when the file is missing)."""
    if not MEASURED.is_file():
        return {}
    data: dict[str, Any] = json.loads(MEASURED.read_text(encoding="utf-8"))
    return data


def offered(cls: type[Game], lang: Lang = "en") -> list[dict[str, Any]]:
    """The lobby's opponents for a game in ``lang``, weakest first: ``spec``, ``level``,
    ``label`` (``Easy (Elo 320): plays the move that looks best now``), ``elo`` with its
    95% interval ``elo_low``/``elo_high`` where measured, and ``default`` (Easy)."""
    _ = translator("cardtable", lang)
    rated = measured().get(cls.name, {}).get("levels", {})
    out: list[dict[str, Any]] = []
    for level in levels(cls):
        entry: dict[str, Any] = {"spec": level.spec, "level": level.key}
        how = _(level.how, n=f"{level.simulations:,}")
        strength = rated.get(level.spec)
        if strength is not None:
            entry |= {k: round(strength[k]) for k in ("elo", "elo_low", "elo_high")}
            name = _("{level} (Elo {elo})", level=_(level.name), elo=entry["elo"])
        else:
            name = _(level.name)
        entry["label"] = _("{name}: {how}", name=name, how=how)
        entry["default"] = level.key == DEFAULT_LEVEL
        out.append(entry)
    return out
