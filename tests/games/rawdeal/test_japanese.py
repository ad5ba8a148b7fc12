"""Raw Deal speaks Japanese to players (issue 26): in seeded random games of every match type,
every log line (for each player and a spectator), every drawing of the table, the rules sheet
and every menu line of a legal action is Japanese: with the card names (English and
Japanese), card ids, notation, seats (P0), markup, digits and punctuation taken out, no run
of three ASCII letters is left. English stays as it was (tests/games/test_event_words.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text

import cardtable
from cardtable.core.game import Game
from cardtable.core.state import State
from cardtable.eventlog import describe_event

MATCHES: list[dict[str, Any]] = [
    {},
    {"players": 3},
    {"players": 4, "match": "tag"},
    {"pinfall": "official", "overturned_text": "official", "double_countout": "double-loss"},
]
SEEDS = (0, 1)
STEPS = 250  # decisions per game (most games end before)
ENGLISH = re.compile(r"[A-Za-z]{3,}")
# proper nouns kept in Latin letters in Japanese, as the seed writes them (the brands)
ALLOWED = {"Raw", "SmackDown"}


def _names(game: Game) -> list[str]:
    """Every card's names (English and Japanese) and id, the longest first."""
    out = set()
    for card in game.card_pool.cards:
        out |= {card.id, card.name, getattr(card, "name_ja", "") or card.name}
    return sorted(out, key=len, reverse=True)


def english_left(game: Game, text: str, notation: str = "") -> list[str]:
    """The runs of three or more ASCII letters of ``text`` (rich markup allowed) that are
    not a card's name or id, the action's ``notation`` nor an allowed proper noun."""
    plain = Text.from_markup(text).plain
    for name in [notation, *_names(game)]:
        if name:
            plain = plain.replace(name, " ")
    return [w for w in ENGLISH.findall(plain) if w not in ALLOWED]


def _play(game: Game, seed: int) -> Iterator[tuple[State, list[Any]]]:
    """A random game: each state before a decision with the events of the last action."""
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    events: list[Any] = []
    for _ in range(STEPS):
        yield state, events
        if state.is_terminal():
            return
        events = state.apply_action(rng.choice(state.legal_actions()))
    yield state, events


def _texts(game: Game, seed: int) -> Iterator[tuple[str, str]]:
    """(what, Japanese text): every log line, drawing and menu line of one random game."""
    viewers: list[int | None] = [*range(game.num_players), None]
    pres = game.presentation
    for state, events in _play(game, seed):
        for event in events:
            for viewer in viewers:
                view = state.event_view(event, viewer)
                if view is not None:
                    yield "", describe_event(game, view, viewer, "ja")
        for viewer in viewers:
            yield "", pres.render(state.observation(viewer), "ja")
        for action in state.legal_actions():
            yield state.action_to_string(action), pres.describe_action(state, action, "ja")


@pytest.mark.parametrize("options", MATCHES, ids=lambda o: ",".join(map(str, o.values())) or "2p")
@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_reads_in_japanese(options: dict[str, Any], seed: int) -> None:
    game = cardtable.load_game("rawdeal", **options)
    seen = 0
    for notation, text in _texts(game, seed):
        seen += 1
        assert text and not english_left(game, text, notation), (notation, text)
    assert seen > 200


@pytest.mark.parametrize("options", MATCHES, ids=lambda o: ",".join(map(str, o.values())) or "2p")
def test_the_rules_sheet_reads_in_japanese(options: dict[str, Any]) -> None:
    game = cardtable.load_game("rawdeal", **options)
    sheet = game.presentation.rules_sheet("ja")
    headings = ["プレイヤー", "勝利条件", "デッキ構築", "開始準備", "ターンの流れ"]
    headings.append("デッキが尽きたら")
    assert [h for h, _ in sheet] == headings
    for heading, text in sheet:
        assert not english_left(game, heading + text), (heading, text)
    assert len(sheet) == len(game.presentation.rules_sheet("en"))


def test_the_check_finds_english() -> None:
    """The check itself: English words are found, card names, ids, notation, seats and the
    brands are not."""
    game = cardtable.load_game("rawdeal")
    assert english_left(game, "P0 takes 3 damage") == ["takes", "damage"]
    assert english_left(game, "[bold]Turn 3[/] · P0の番") == ["Turn"]
    assert not english_left(game, "P0がIrish Whipを引く（SmackDown!、Raw）")
    assert not english_left(game, "[bold]パンチ[/]", "play punch as maneuver")
    assert english_left(game, "P0 plays パンチ as a maneuver") == ["plays", "maneuver"]


def test_japanese_words_of_a_game() -> None:
    """Some sentences in the seed's words, and the menu of a reversal window that offers a
    reversal."""
    game = cardtable.load_game("rawdeal")
    say = game.presentation.describe_event
    draw = {"kind": "move", "from": "p1.arsenal", "to": "p1.hand", "card": None, "player": 1}
    assert say(draw, 0, "ja") == "P1がカード1枚を引く"
    over = {"kind": "game_over", "player": 0, "how": "pinfall"}
    assert say(over, None, "ja") == "P0がピンフォールで試合に勝利する"
    tied = {"kind": "first_player", "player": 1, "tied": True}
    assert say(tied, None, "ja") == "スーパースター値が最も高い選手が並び、P1が先攻となる"
    assert game.presentation.zone_label("p0.arsenal", "ja") == "P0のメインデッキ"
    assert game.presentation.zone_label("p0.arsenal", "en") == "P0's Arsenal"
    for state, _events in _play(game, 3):
        legal = state.legal_actions()
        if state.observation(None)["phase"] == "reversal window" and len(legal) > 1:
            menu = [game.presentation.describe_action(state, a, "ja") for a in legal]
            assert menu[0].startswith("リバーサルしない：")
            assert all("リバーサルする" in line for line in menu[1:])
            en = [game.presentation.describe_action(state, a, "en") for a in legal]
            assert en[0].startswith("Don't reverse: ") and en[1].startswith("Reverse it with ")
            return
    pytest.fail("no reversal window in the game")
