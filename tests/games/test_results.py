"""How a game ended, in one sentence (``Presentation.result``): for each game a seeded
finished game in English and Japanese, the ways a game can end that random games rarely
reach (from observations made by hand), and the generic default."""

from __future__ import annotations

from typing import Any

import pytest

import cardtable
from cardtable.core.presentation import Presentation
from cardtable.core.rng import Rng

# (game, seed of the deal): the sentence in English, then in Japanese; random play, Rng(1)
SEEDED = [
    ("goofspiel", 0, "P1 wins with 48 points to 43", "P1の勝ち（48点対43点）"),
    ("looney", 5, "P0 wins with 41 points to 36", "P0の勝ち（41ポイント対36ポイント）"),
    (
        "looney",
        15,
        "P1 wins by elimination, 30 points to 35",
        "相手の脱落でP1の勝ち（30ポイント対35ポイント）",
    ),
    (
        "rawdeal",
        1,
        "P0 wins by pinfall on turn 29, 4 cards left in the Arsenal",
        "29ターン目、P0のピンフォール勝ち（メインデッキ残り4枚）",
    ),
    ("shamanking", 2, "P1 wins, 3 points to 2", "P1の勝ち（3ポイント対2ポイント）"),
    ("wcrugby", 0, "P1 wins in period 4, 57–23", "第4ピリオドでP1の勝ち（57対23）"),
]


def finished(game: str, seed: int) -> dict[str, Any]:
    """The spectator's last observation of a random game (Rng(1)) from deal ``seed``."""
    g = cardtable.load_game(game, players=2)
    rng = Rng(1)
    for s in range(seed + 1):  # the random choices run on from one deal to the next
        state = g.new_initial_state(seed=s)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return state.observation(None)


@pytest.mark.parametrize(("game", "seed", "en", "ja"), SEEDED)
def test_a_seeded_game_ends_in_words(game: str, seed: int, en: str, ja: str) -> None:
    presentation = cardtable.load_game(game, players=2).presentation
    observation = finished(game, seed)
    assert presentation.result(observation) == en
    assert presentation.result(observation, "ja") == ja


def test_raw_deal_says_how_the_match_ended() -> None:
    """RD-8: count-out, a tag team's win, the turn limit, the last players out together."""
    p = cardtable.load_game("rawdeal").presentation
    zones = {"p0.arsenal": 0, "p1.arsenal": 3}
    out = {"winner": 1, "ended": "count-out", "turn": 30, "zones": zones}
    assert p.result(out) == "P1 wins by count-out on turn 30, 3 cards left in the Arsenal"
    assert p.result(out, "ja") == "30ターン目、P1のカウントアウト勝ち（メインデッキ残り3枚）"
    tag = {"winner": "team 1", "ended": "pinfall", "turn": 12, "zones": {}}
    assert p.result(tag) == "P1 and P3 win by pinfall on turn 12"
    assert p.result(tag, "ja") == "12ターン目、P1とP3のピンフォール勝ち"
    limit = {"winner": "draw", "ended": "turn limit", "turn": 201, "zones": zones}
    assert p.result(limit) == "Draw at the turn limit, after 200 turns"
    assert p.result(limit, "ja") == "ターン制限で引き分け（200ターン）"
    both = {"winner": "both lose", "ended": "double count-out", "turn": 9, "zones": zones}
    assert p.result(both) == "Nobody wins on turn 9: the last players go out together by count-out"
    assert p.result(both, "ja") == "9ターン目、最後の選手が同時にカウントアウトとなり全員の負け"
    both["winner"] = "draw"
    assert p.result(both) == "Draw on turn 9: the last players go out together by count-out"


def test_the_other_games_draws_and_limits() -> None:
    looney = cardtable.load_game("looney", players=3).presentation
    base = {"eliminated": [], "target": 40, "round": 12}
    draw = base | {"scores": [30, 30, 12], "winner": "draw"}
    assert looney.result(draw) == "Draw after round 12, 30–30–12"
    assert looney.result(draw, "ja") == "12ラウンド終了で引き分け（30–30–12）"
    late = base | {"scores": [35, 30, 12], "winner": 0}
    assert looney.result(late) == "P0 wins after round 12, 35 points to 30 and 12"
    assert looney.result(late, "ja") == "12ラウンド終了でP0の勝ち（35ポイント対30、12ポイント）"
    sk = cardtable.load_game("shamanking").presentation
    limit = {"points": [2, 1], "winner": "draw"}
    assert sk.result(limit) == "Draw at the turn limit, 2 points to 1"
    rugby = cardtable.load_game("wcrugby").presentation
    tied = {"totals": [40, 40], "winner": "draw", "period": 6}
    assert rugby.result(tied) == "Draw after period 6, 40–40"
    assert rugby.result(tied, "ja") == "第6ピリオド終了で引き分け（40対40）"
    goof = cardtable.load_game("goofspiel").presentation
    assert goof.result({"scores": [45, 45], "winner": "draw"}, "ja") == "引き分け（45点ずつ）"


def test_the_generic_result_reads_winner_or_returns() -> None:
    p = Presentation(cardtable.load_game("goofspiel"))
    assert p.result({"winner": 1}) == "P1 wins" and p.result({"winner": 1}, "ja") == "P1の勝ち"
    assert p.result({"winner": "draw"}) == "Draw" and p.result({}, "ja") == "ゲーム終了"
    assert p.result({"returns": [-1.0, 1.0]}) == "P1 wins"
    assert p.result({"returns": [0.0, 0.0]}, "ja") == "引き分け"
    assert p.result({"returns": [1.0, 1.0, -2.0]}) == "The game is over"
    assert p.result({"winner": True}) == "The game is over"
