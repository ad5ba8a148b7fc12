"""A game's optional parts (core/presentation.py, core/hints.py, core/importer.py): the
generic defaults a game without its own gets, and the shared softmax of standings."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import cardtable
from cardtable.agents import make_agent
from cardtable.core.hints import AgentHints, hints_of, standings_to_returns
from cardtable.core.importer import CardImporter, ImportFileError
from cardtable.core.presentation import Presentation
from cardtable.sim.play import play_game


@pytest.fixture
def bare(monkeypatch: pytest.MonkeyPatch) -> cardtable.Game:
    """Goofspiel declaring neither part of its own."""
    game = cardtable.load_game("goofspiel")
    monkeypatch.setattr(type(game), "presentation_class", Presentation)
    monkeypatch.setattr(type(game), "hints_class", None)
    return game


def test_every_game_builds_its_parts_once() -> None:
    for name in cardtable.available_games():
        game = cardtable.load_game(name)
        assert game.presentation is game.presentation
        assert isinstance(game.presentation, game.presentation_class)
        assert game.hints is game.hints and isinstance(game.hints, AgentHints)
        assert hints_of(game) is game.hints


def test_a_game_without_parts_gets_the_generic_ones(bare: cardtable.Game) -> None:
    """The generic presentation draws and words something; without hints every action is
    worth the same, nothing is evaluated, the budgets are the defaults, and agents play."""
    assert type(bare.presentation) is Presentation and bare.hints is None
    state = bare.new_initial_state(seed=1)
    show = bare.presentation
    assert "prize" in show.render(state.observation(0))
    assert show.describe_card("ace-of-spades") == "[b]Ace of Spades[/b]"
    assert show.rules_sheet() == [] and show.balance_zones() == {}
    hints = hints_of(bare)
    legal = state.legal_actions()
    assert hints.rollout_values(state, 0, legal) == [0.0] * len(legal)
    assert hints.evaluate(state) is None
    assert (hints.search_iterations, hints.search_steps, hints.search_depth) == (200, None, 20)
    agents = [make_agent("greedy", seed=1), make_agent("ismcts:iterations=5", seed=2)]
    assert play_game(bare, agents, 3).result is not None


def test_standings_to_returns() -> None:
    """A softmax of the strengths as expected returns that add up to 0; out: no chance."""
    even = standings_to_returns([0.5, 0.5])
    assert even == [0.0, 0.0]
    three = standings_to_returns([1.0, None, 0.0])
    assert three[1] == -0.5 and three[0] > 0 > three[2]
    assert math.isclose(sum(three), 0.0, abs_tol=1e-12)


def test_a_game_without_an_importer_imports_nothing(tmp_path: Path) -> None:
    """The base card importer refuses with a CardtableError naming the game; every card of a
    game's own files is enforced."""
    game = cardtable.load_game("goofspiel")
    assert type(game.importer) is CardImporter and game.importer is game.importer
    with pytest.raises(ImportFileError, match="goofspiel: cardtable cannot import"):
        game.importer.import_files([tmp_path], tmp_path / "out", False)
    assert not (tmp_path / "out").exists()
    for name in cardtable.available_games():
        g = cardtable.load_game(name)
        assert all(g.unenforced_text(cid) == () for cid in g.card_ids)
