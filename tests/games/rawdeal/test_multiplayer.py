"""Raw Deal with more than two players (RD-9) beyond the scenario files: the tag team match
passes the conformance suite, results add up (RD-8.4), and options that do not go together
are refused."""

from __future__ import annotations

import pytest

import cardtable
from cardtable.core import conformance
from cardtable.core.decks import deck_from_data
from cardtable.core.errors import GameOptionError
from cardtable.core.rng import Rng
from cardtable.games.rawdeal.rules import BOTH_LOSE, DRAW, PHASES, RawDealState


@pytest.mark.parametrize("check", sorted(conformance.CHECKS))
def test_tag_team_conformance(check: str) -> None:
    """The generic suite over the tag team match (the registry-wide suite runs free-for-all)."""
    game = cardtable.load_game("rawdeal", players=4, match="tag")
    conformance.CHECKS[check](game, range(5))


def test_tag_needs_four_players() -> None:
    with pytest.raises(GameOptionError, match="a tag team match needs players=4, not 3"):
        cardtable.load_game("rawdeal", players=3, match="tag")


def _ended(players: int, match: str, winner: int, gone: int) -> RawDealState:
    game = cardtable.load_game("rawdeal", players=players, match=match)
    st = game.new_initial_state(seed=1)
    assert isinstance(st, RawDealState)
    st.winner, st.gone = winner, gone
    return st


def test_rd_8_4_returns() -> None:
    """Singles, free-for-all (a win, a draw among the last ones standing, a double loss) and
    tag team results; every free-for-all result but the double loss adds up to 0."""
    assert _ended(2, "free-for-all", 1, 0b01).returns() == [-1.0, 1.0]
    assert _ended(2, "free-for-all", DRAW, 0).returns() == [0.0, 0.0]
    assert _ended(2, "free-for-all", BOTH_LOSE, 0).returns() == [-1.0, -1.0]
    assert _ended(3, "free-for-all", 2, 0b011).returns() == [-0.5, -0.5, 1.0]
    assert _ended(3, "free-for-all", DRAW, 0b010).returns() == [0.25, -0.5, 0.25]
    assert _ended(4, "free-for-all", DRAW, 0).returns() == [0.0] * 4
    assert _ended(4, "tag", 1, 0b0101).returns() == [-1.0, 1.0, -1.0, 1.0]
    assert _ended(4, "tag", DRAW, 0).returns() == [0.0] * 4
    assert _ended(4, "tag", -1, 0).returns() == [0.0] * 4  # not over yet


@pytest.mark.parametrize(
    ("players", "match", "winner", "line"),
    [
        (2, "free-for-all", 1, "Game over: P1 wins"),
        (4, "tag", 1, "Game over: team 1 wins"),
        (2, "free-for-all", DRAW, "Game over: draw"),
        (2, "free-for-all", BOTH_LOSE, "Game over: both lose"),
    ],
)
def test_the_terminal_view_ends_with_who_won(
    players: int, match: str, winner: int, line: str
) -> None:
    st = _ended(players, match, winner, 0)
    view = st.game.presentation.render(st.observation(None))
    assert view.splitlines()[-1] == f"[bold green]{line}[/]"


@pytest.mark.parametrize(
    ("players", "match"), [(3, "free-for-all"), (4, "free-for-all"), (4, "tag")]
)
def test_random_games_end_with_a_winner_or_draw(players: int, match: str) -> None:
    """Random games end; the eliminated never act again; the returns sum to 0 (no double
    loss with the default options); in a tag team match only active members play cards."""
    game = cardtable.load_game("rawdeal", players=players, match=match)
    rng = Rng(5)
    for seed in range(6):
        st = game.new_initial_state(seed=seed)
        assert isinstance(st, RawDealState)
        while not st.is_terminal():
            p = st.current_player()
            assert not st.gone >> p & 1
            if match == "tag" and PHASES[st.phase] in ("main", "target"):
                assert p in st.active
            st.apply_action(rng.choice(st.legal_actions()))
        assert abs(sum(st.returns())) < 1e-9


def test_rd_2_3_tie_first_names_a_seat_or_the_next_tied_one() -> None:
    """tie_first=pN starts the Pre-match with seat N on a tie; when seat N is not in the tie,
    with the next tied seat after it (seats 0 and 1 tie at 4, seat 2 has 3)."""
    game = cardtable.load_game("rawdeal", players=3, tie_first="p2")
    data = game.resolve_deck("starter-heel-manager").to_dict()
    del data["enforcer"]  # Regina alone: 3
    regina = deck_from_data(data, "test", "rawdeal", game.deck_layout, game.card_pool.index)
    decks = [game.resolve_deck("starter-strike-force"), game.resolve_deck("starter-high-flyer")]
    for seed in range(4):
        assert game.new_initial_state(seed=seed, decks=[*decks, regina]).current_player() == 0
    game = cardtable.load_game("rawdeal", players=3, tie_first="p1")
    assert game.new_initial_state(seed=0, decks=[*decks, regina]).current_player() == 1


def test_tie_first_names_a_seat_of_the_game() -> None:
    with pytest.raises(GameOptionError, match="seat p3 is not in a game of 3 players"):
        cardtable.load_game("rawdeal", players=3, tie_first="p3")
    with pytest.raises(GameOptionError, match="tie_first"):
        cardtable.load_game("rawdeal", tie_first="p9")
