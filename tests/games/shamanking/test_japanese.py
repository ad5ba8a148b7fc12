"""Shaman King speaks Japanese everywhere a player reads it: the log for every viewer, the
table, the rules sheet and the menu, in seeded random games and in every scenario file; and
the menu says what each choice does, with Intercept against Force before a counterattack."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from rich.text import Text

import cardtable
from cardtable.core.i18n import Lang
from cardtable.eventlog import describe_event
from cardtable.games.shamanking.figures import signature_figures, strike_figures
from cardtable.games.shamanking.game import SKGame
from cardtable.games.shamanking.rules import SKState

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))
TRAITS = ("X-Laws", "Yoh", "Zeke", "Mind", "Body", "Soul", "Melee", "Ranged", "Guardian")
"""Trait icons, which the seed writes in English in its Japanese text too."""
ENGLISH = re.compile(r"[A-Za-z]{3,}")


def _game(**options: Any) -> SKGame:
    game = cardtable.load_game("shamanking", **options)
    assert isinstance(game, SKGame)
    return game


def _names(game: SKGame) -> list[str]:
    """Every Japanese name a line may hold (cards, Shaman faces, Signatures), longest first."""
    names: set[str] = set()
    for c in game.card_pool.cards:
        names |= {c.name_ja, c.id}
        for face in (c.front, c.back):
            if face is not None:
                names |= {face.name_ja, face.signature.name_ja}
    return sorted(filter(None, names), key=len, reverse=True)


def english_left(game: SKGame, text: str) -> list[str]:
    """The runs of 3+ ASCII letters a Japanese text still holds once markup, names, card ids,
    seats (P0), trait icons, digits and punctuation are taken out."""
    plain = Text.from_markup(text).plain
    for name in [*_names(game), *TRAITS]:
        plain = plain.replace(name, " ")
    plain = re.sub(r"\bP\d\b", " ", plain)
    return ENGLISH.findall(plain)


def _check(game: SKGame, texts: list[str], where: str) -> None:
    for text in texts:
        assert text, where
        left = english_left(game, text)
        assert not left, f"{where}: English {left} in {text!r}"


def _japanese(game: SKGame, state: SKState, events: list[Any], where: str) -> int:
    """Check the log lines of ``events`` for each viewer, the table each viewer sees and the
    menu of the player to act, in Japanese; the number of texts checked."""
    texts: list[str] = []
    for viewer in (0, 1, None):
        for e in events:
            line = describe_event(game, state.event_view(e, viewer), viewer, "ja")
            texts.append(line)
        texts.append(game.presentation.render(state.observation(viewer), "ja"))
    if not state.is_terminal():
        texts += [game.presentation.describe_action(state, a, "ja") for a in state.legal_actions()]
    _check(game, texts, where)
    return len(texts)


def _random_game(game: SKGame, seed: int) -> Iterator[tuple[SKState, list[Any]]]:
    """A seeded random game: each state with the events that led to it."""
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, SKState)
    rng = random.Random(seed)
    yield state, []
    while not state.is_terminal():
        events = state.apply_action(rng.choice(state.legal_actions()))
        yield state, events


def test_the_check_finds_english() -> None:
    """The checker itself: an English word is found, names, seats and traits are not."""
    game = _game()
    left = english_left(game, "P0 counterattacks with 接近戦の切り返し")
    assert left == ["counterattacks", "with"]
    assert english_left(game, "[bold]P1[/]が「接近戦の切り返し」をフリップ（Melee）: 3-1") == []
    assert english_left(game, "close-quarters-reversal") == []


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, {}), (2, {}), (7, {"immediate_charge": False, "payment": "flip-zone"}), (11, {})],
)
def test_random_games_speak_japanese(seed: int, options: dict[str, Any]) -> None:
    game = _game(**options)
    checked = 0
    for state, events in _random_game(game, seed):
        checked += _japanese(game, state, events, f"seed {seed}")
    assert checked > 200


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenarios_speak_japanese(path: Path) -> None:
    """Every scenario's positions (Signature Moves, replaced Teamwork cards, immediate
    Advantages, exhausted decks, the turn limit) in Japanese."""
    data = yaml.safe_load(path.read_text())
    game = _game(**(data.get("options") or {}))
    decks = [game.resolve_deck(str(d)) for d in data["decks"]] if data.get("decks") else None
    state = game.new_initial_state(seed=int(data.get("seed", 0)), decks=decks)
    assert isinstance(state, SKState)
    state.pin_zones({str(k): list(v or []) for k, v in (data.get("setup") or {}).items()})
    state.pin_fields(dict(data.get("state") or {}))
    _japanese(game, state, [], path.stem)
    for step in data["steps"]:
        if isinstance(step, str | int):
            events = state.apply_action(state.string_to_action(str(step)))
            _japanese(game, state, events, path.stem)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_rules_sheet_in_both_languages(lang: Lang) -> None:
    game = _game(target_points=4)
    sheet = game.presentation.rules_sheet(lang)
    assert len(sheet) == 6 and all(heading and text for heading, text in sheet)
    assert ("4" in sheet[1][1]) and (("勝利ポイント" in sheet[1][1]) == (lang == "ja"))
    if lang == "ja":
        _check(game, [f"{h} {t}" for h, t in sheet], "rules sheet")
        assert "巫力" in sheet[3][1] and "迎撃力" in sheet[4][1] and "反撃" in sheet[4][1]


def _first(game: SKGame, wanted: str, seeds: range = range(30)) -> SKState:
    """The first state of seeded random games whose legal actions include ``wanted``."""
    for seed in seeds:
        for state, _ in _random_game(game, seed):
            legal = state.legal_actions()
            if not state.is_terminal() and game.string_to_action(wanted) in legal:
                return state
    raise AssertionError(f"no state offers {wanted}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_counter_words_show_intercept_against_force(lang: Lang) -> None:
    """A counter line names the card and shows its Intercept, the incoming Force and the
    Force it sends back, as the rules compute them."""
    game = _game()
    for seed in range(6):
        for state, _ in _random_game(game, seed):
            if state.is_terminal() or 1 not in state.legal_actions():
                continue
            p, d = state.current_player(), state.cards[state.flipped]
            intercept, force = state._strike_values(p, d, False)
            words = game.presentation.describe_action(state, 1, lang)
            label = ("迎撃力", "戦闘力") if lang == "ja" else ("Intercept ", "Force ")
            assert f"{label[0]}{intercept}" in words, words
            assert f"{label[1]}{state.incoming}" in words, words
            assert f"{label[1]}{force}" in words, words
            assert game.card_name(game.card_ids[d], lang) in words
            render = game.presentation.render(state.observation(p), lang)
            assert f"{label[0]}{intercept}" in Text.from_markup(render).plain


def test_bonuses_are_spelled_out() -> None:
    """A Teamwork card's and an Advantage's bonuses are named in the counter line."""
    game = _game()
    found = {"Teamwork": False, "Advantage": False}
    for seed in range(40):
        for state, _ in _random_game(game, seed):
            if state.is_terminal() or 1 not in state.legal_actions():
                continue
            f = strike_figures(game, state.observation(state.current_player()))
            assert f is not None
            words = game.presentation.describe_action(state, 1, "en")
            ja = game.presentation.describe_action(state, 1, "ja")
            if f.teamwork.intercept:
                assert f"Teamwork {f.teamwork.intercept:+d}" in words, words
                assert f"チームワーク{f.teamwork.intercept:+d}" in ja, ja
                found["Teamwork"] = True
            if f.advantage.force:
                assert f"Advantage {f.advantage.force:+d}" in words, words
                assert f"アドバンテージ{f.advantage.force:+d}" in ja, ja
                found["Advantage"] = True
        if all(found.values()):
            break
    assert all(found.values()), found


def test_figures_are_the_rules_values() -> None:
    """figures.py, read from the observation, gives the Intercept and Force the rules use,
    and a counter is offered only when the Intercept reaches the incoming Force."""
    game = _game()
    strikes = 0
    for seed in range(12):
        for state, _ in _random_game(game, seed):
            if state.is_terminal():
                continue
            obs = state.observation(None)
            if obs["phase"] == "signature step":
                f = signature_figures(game, obs)
                got = state._signature_values(state.defender)[:2]
                assert (f.intercept, f.force) == got
            plain = strike_figures(game, obs)
            if plain is None:
                continue
            strikes += 1
            p, d = state.defender, state.cards[state.flipped]
            for extra in (False, True):
                f = strike_figures(game, obs, extra)
                assert f is not None and (f.intercept, f.force) == state._strike_values(p, d, extra)
            assert 1 not in state.legal_actions() or plain.stops
    assert strikes > 50


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pass_play_and_focus_say_different_things(lang: Lang) -> None:
    """Each choice about the flipped card says what it does: pass to the discard pile,
    focus into furyoku, play into the zone; none is the bare notation."""
    game = _game()
    state = _first(game, "play")
    say = {a: game.presentation.describe_action(state, a, lang) for a in state.legal_actions()}
    assert len(set(say.values())) == len(say) == 3
    card = game.card_name(game.card_ids[state.cards[state.flipped]], lang)
    assert all(card and card in line for line in say.values())
    pass_, play, focus = say[0], say[3], say[4]
    if lang == "en":
        assert "discard pile" in pass_ and "furyoku" in focus and "paying" in play
        assert pass_.startswith("Pass:") and focus.startswith("Focus:")
    else:
        assert "捨て札置き場" in pass_ and "巫力" in focus and "支払" in play
        assert pass_.startswith("見送る") and focus.startswith("フォーカス")
    assert set(say.values()).isdisjoint({"pass", "play", "focus"})


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_opening_choice_and_signature_step_say_what_follows(lang: Lang) -> None:
    game = _game()
    state = game.new_initial_state(seed=3)
    first, second = (game.presentation.describe_action(state, a, lang) for a in (6, 7))
    assert first != second and "4" in first and "4" in second
    state = game.new_initial_state(seed=0)
    assert isinstance(state, SKState)
    state.pin_fields({"chooser": 0, "charges": [[], ["green", "yellow", "red"]]})
    state.apply_action(6)  # P0 sends the Opening Attack; P1 may make its Signature Move
    if state.legal_actions() != [0, 5]:
        pytest.skip("P1 cannot pay its Signature in this deal")
    sig = game.presentation.describe_action(state, 5, lang)
    f = signature_figures(game, state.observation(1))
    assert str(f.intercept) in sig and str(f.force) in sig and "4" in sig
    assert game.presentation.describe_action(state, 0, lang) != sig


def test_english_log_keeps_its_words() -> None:
    """The English log reads as it did before the translation."""
    game = _game()
    lines = [
        describe_event(game, state.event_view(e, None), None, "en")
        for state, events in _random_game(game, 3)
        for e in events
    ]
    assert "P0 sends the Opening Attack at P1" in lines
    assert "P1 defends against an incoming Force of 4" in lines
    assert any(re.fullmatch(r"P\d flips .+ into the (green|yellow|red) zone", x) for x in lines)
    assert any(re.fullmatch(r"P\d scores a point \(points: P0 \d, P1 \d\)", x) for x in lines)
    assert any(x.endswith("furyoku") and " pays with " in x for x in lines)
