"""Looney Tunes speaks Japanese everywhere a player reads it (issue 26): in seeded random
games, every log line (for each seat and a spectator), every drawing of the table, the rules
sheet and every menu line of a legal action, in Japanese, leave no English word once the card
names, the notation, the seat names and the digits are taken out; the menu says what each
choice does, in English too ("Go first")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from rich.text import Text

import cardtable
from cardtable.core.game import Game
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.eventlog import describe_event

# (options, seeds): both player counts' usual games, and the options that bring the rarer
# events and menu lines (reshuffled personal decks, one scene at a time from the Movie deck,
# the target checked after the round)
CASES: list[tuple[dict[str, Any], range]] = [
    ({"players": 2}, range(3)),
    ({"players": 3, "refill": "mix"}, range(2)),
    (
        {
            "players": 2,
            "personal_deck_out": "reshuffle",
            "target_points": 80,
            "target_check": "round",
        },
        range(1),
    ),
]
ENGLISH = re.compile(r"[A-Za-z]{3,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
SEATS = re.compile(r"P\d")
ALLOWED: set[str] = set()  # English words a Japanese text may keep (none so far)


@cache
def _names(game: Game) -> re.Pattern[str]:
    """Every card's id and name in both languages, longest first."""
    words = {
        word
        for card in game.card_pool.cards
        for word in (card.id, card.name, game.card_name(card.id, "ja") or "")
        if word
    }
    return re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))


def english_left(game: Game, text: str) -> list[str]:
    """The runs of three or more ASCII letters left in ``text`` (rich markup read as plain
    text) once card names and ids, and seat names, are taken out."""
    plain = Text.from_markup(text).plain
    plain = SEATS.sub(" ", _names(game).sub(" ", plain))
    return [w for w in ENGLISH.findall(plain) if w not in ALLOWED]


def play(options: dict[str, Any], seed: int) -> Iterator[tuple[Game, State, list[Any]]]:
    """Each state of one seeded random game before its action, with the events of the action
    taken from the state before (none for the first)."""
    game = cardtable.load_game("looney", **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    events: list[Any] = []
    while True:
        yield game, state, events
        if state.is_terminal():
            return
        legal = state.legal_actions()
        events = state.apply_action(legal[rng.below(len(legal))])


def _viewers(game: Game) -> list[int | None]:
    return [*range(game.num_players), None]


@pytest.mark.parametrize(("options", "seeds"), CASES)
def test_the_log_the_table_and_the_menu_are_all_japanese(
    options: dict[str, Any], seeds: range
) -> None:
    kinds: set[str] = set()
    menus: set[str] = set()
    for seed in seeds:
        for step, (game, state, events) in enumerate(play(options, seed)):
            for event in events:
                for viewer in _viewers(game):
                    view = state.event_view(event, viewer)
                    if view is None:
                        continue
                    line = describe_event(game, view, viewer, "ja")
                    assert JAPANESE.search(line), line
                    assert not english_left(game, line), (line, view)
                    kinds.add(view["kind"])
            if step % 5 == 0 or state.is_terminal():
                for viewer in _viewers(game):
                    drawn = game.presentation.render(state.observation(viewer), "ja")
                    assert not english_left(game, drawn), drawn
            for action in state.legal_actions():
                words = game.presentation.describe_action(state, action, "ja")
                assert JAPANESE.search(words), words
                assert not english_left(game, words), (words, state.action_to_string(action))
                menus.add(state.action_to_string(action).split()[0])
    assert {"move", "reveal", "first_player", "round", "scene_scored", "game_over"} <= kinds
    assert {"first", "place", "effect", "role", "done"} <= menus


def test_the_rarer_menu_lines_are_japanese() -> None:
    """A scene from the hand, a location and a Role placed face up, whichever games bring
    them, in both languages: the Japanese has no English left, the English names the card."""
    seen: dict[str, str] = {}
    for options, seeds in CASES:
        for seed in seeds:
            for game, state, _events in play(options, seed):
                for action in state.legal_actions():
                    kind = " ".join(state.action_to_string(action).split()[:2])
                    kind = "role on" if kind == "role on" else kind.split()[0]
                    if kind in ("scene", "location", "role on", "refill") and kind not in seen:
                        ja = game.presentation.describe_action(state, action, "ja")
                        assert not english_left(game, ja), ja
                        seen[kind] = game.presentation.describe_action(state, action, "en")
    assert set(seen) == {"scene", "location", "role on", "refill"}, seen
    assert seen["scene"].startswith("Play the scene ")
    assert seen["location"].startswith("Put the location ")
    assert seen["role on"].startswith("Place ") and "face up" in seen["role on"]


@pytest.mark.parametrize(
    "options", [{}, {"target_check": "round", "personal_deck_out": "reshuffle"}]
)
def test_the_rules_sheet_is_japanese(options: dict[str, Any]) -> None:
    game = cardtable.load_game("looney", **options)
    sheet = game.presentation.rules_sheet("ja")
    english = game.presentation.rules_sheet("en")
    assert len(sheet) == len(english) >= 6
    for (heading, text), (en_heading, en_text) in zip(sheet, english, strict=True):
        assert heading != en_heading and text != en_text
        assert not english_left(game, heading + text), heading + text
    assert "ムービーデッキ" in sheet[2][1] and "過剰演技" in sheet[4][1]


def test_the_first_player_choice_reads_go_first() -> None:
    game = cardtable.load_game("looney")
    state = game.new_initial_state(1)
    chooser = state.current_player()
    other = 1 - chooser
    say = game.presentation.describe_action
    assert say(state, chooser, "en") == "Go first"
    assert say(state, other, "en") == f"Let P{other} go first"
    assert say(state, chooser, "ja") == "自分が先攻になる"
    assert say(state, other, "ja") == f"P{other}を先攻にする"
    # the notation is unchanged: clients still send it
    assert state.action_to_string(chooser) == f"first {chooser}"


def test_a_placement_names_the_actor_the_scene_and_face_down() -> None:
    game = cardtable.load_game("looney")
    state = game.new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    place = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("place"))
    _, card_id, _, slot = state.action_to_string(place).split()
    scene = state.observation(None)["zones"][f"storyboard.{slot}"][0]
    en = game.presentation.describe_action(state, place, "en")
    assert en == (
        f"Place {game.card_name(card_id)} face down on scene {slot} ({game.card_name(scene)})"
    )
    ja = game.presentation.describe_action(state, place, "ja")
    assert ja == (
        f"{game.card_name(card_id, 'ja')}をシーン{slot}（{game.card_name(scene, 'ja')}）"
        "に裏向きで配置する"
    )


def test_the_zone_labels_are_japanese() -> None:
    game = cardtable.load_game("looney", players=3)
    for key in game.zone_keys:
        en = game.presentation.zone_label(key, "en")
        ja = game.presentation.zone_label(key, "ja")
        assert en and ja and en != ja, key
        assert not english_left(game, ja), ja
    assert game.presentation.zone_label("p2.slot3.up", "en") == "P2's slot 3 (face up)"
    assert game.presentation.zone_label("p2.slot3.up", "ja") == "P2のスロット3（表向き）"


def test_the_checker_finds_english() -> None:
    """The check above can fail: an English sentence, even around a card name, is caught."""
    game = cardtable.load_game("looney")
    assert english_left(game, "P0 draws a card") == ["draws", "card"]
    assert english_left(game, "P0がバッグス・バニー（マエストロ）を引く") == []
    assert english_left(game, "[bold]Round 3[/] P1") == ["Round"]
