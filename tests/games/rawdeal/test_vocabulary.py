"""What the real cards need that the vocabulary lacked (issue 29, slice 3): effects of one way
of playing a hybrid (RD-3.7), several and new Superstar abilities (RD-3.8 to RD-3.12),
optional effects and cards of the player's choice (RD-7.10 to RD-7.14). The scenario files
test each rule; here the made-up cards of tests/games/rawdeal/scenario-cards pass the
conformance checks, bad card files name the file and the card, and the choices read in
words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core import conformance
from cardtable.core.errors import ActionNotationError, CardFileError
from cardtable.core.game import Game
from cardtable.core.i18n import refusal
from cardtable.core.state import State
from cardtable.games.rawdeal.cards import EFFECT_LIST
from cardtable.games.rawdeal.tables import V_MAY, compile_effects, effect_data

CARDS = Path(__file__).parent / "scenario-cards"


def vocabulary_game(*decks: str, **options: object) -> Game:
    """A game of the scenario cards whose default decks are ``decks`` (deck files of
    scenario-cards/decks), so that the conformance checks deal them."""
    game = cardtable.load_game(
        "rawdeal", cards=str(CARDS / "cards.yaml"), players=len(decks), **options
    )
    game.__dict__["_starters"] = {d: game.load_deck(CARDS / "decks" / f"{d}.yaml") for d in decks}
    return game


@pytest.mark.parametrize(
    "decks",
    [
        ("vocab-morrow", "vocab-jett"),
        ("vocab-rocco", "vocab-brick"),
        ("vocab-morrow", "vocab-brick", "vocab-rocco"),
    ],
    ids=["discarders", "recycler-and-reducer", "three-players"],
)
@pytest.mark.parametrize("check", sorted(conformance.CHECKS))
def test_the_new_vocabulary_passes_the_conformance_checks(
    decks: tuple[str, ...], check: str
) -> None:
    """Random games reach every choice (a ``may``, discards, cards taken back from Ringside or
    put under the Arsenal) and keep the contract: legal actions, notation, no leak, clones,
    push, the heuristics from the observation alone."""
    conformance.CHECKS[check](vocabulary_game(*decks), range(4))


def test_random_games_reach_every_choice() -> None:
    game = vocabulary_game("vocab-morrow", "vocab-rocco")
    phases = set()
    for state in conformance.random_states(game, range(4)):
        phases.add(state.observation(None)["phase"])
    assert {"may", "discard", "retrieve", "recover"} <= phases


def test_random_games_reach_the_choices_of_the_other_player() -> None:
    """RD-7.15: the opponent decides their own discard (on the turn player's card, or the
    turn player on a reversal's); RD-7.10: a reversal's choice is its player's, on the other
    player's turn."""
    game = vocabulary_game("vocab-morrow", "vocab-jett")
    asked = set()
    for state in conformance.random_states(game, range(12)):
        obs = state.observation(None)
        if obs["phase"] in ("may", "discard"):
            turn = obs["current_player"] == obs["turn_player"]
            asked.add((obs["phase"], obs["choice"]["card"], turn))
    assert {
        ("discard", "mind-games", False),
        ("discard", "spite-counter", True),
        ("may", "sly-counter", False),
    } <= asked


BAD = [
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 2, "
        "ability: [draw_and_bury, discard_to_retrieve]}",
        "at most one of draw_and_bury, discard_to_retrieve, discard_to_opp_discard",
    ),
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 2, "
        "ability: [tough, damage_reduction]}",
        "tough and damage_reduction do one thing two ways",
    ),
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 2, "
        "ability: [none, draw_two]}",
        "'none' is an ability only alone",
    ),
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 2, "
        "ability: [draw_two, draw_two]}",
        "'ability' names an ability twice",
    ),
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 2, ability: [flying]}",
        "no ability 'flying'; the abilities: none, draw_two",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], "
        "effects_as: {action: [{do: draw, amount: 1}]}}",
        "'effects_as' is for a hybrid (RD-3.7)",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action, reversal], reverses: {}, "
        "effects_as: {maneuver: [{do: draw, amount: 1}]}}",
        "'effects_as' has effects as maneuver, which 'plays_as' does not list",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], "
        "effects: [{do: may, effects: [{do: end_turn}]}]}",
        "'may' cannot hold end_turn",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], effects: [{do: may, effects: []}]}",
        "field 'effects.0.may.effects': Tuple should have at least 1 item",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], "
        "effects: [{do: may, effects: [{do: may, effects: [{do: draw, amount: 1}]}]}]}",
        "field 'effects.0.may.effects.0.do'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], reverses: {}, "
        "reversal_effects: [{do: may, effects: [{do: next_bonus, amount: 2}]}]}",
        "'reversal_effects' cannot hold next_bonus: they work on the turn",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], "
        "reverses: {effects_when_overturned: true}, "
        "reversal_effects: [{do: opp_discard, amount: 1, choice: true}]}",
        "works when overturned cannot hold opp_discard",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], reverses: {}, "
        "reversal_effects: [{do: discard_self}]}",
        "'reversal_effects' cannot hold discard_self",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], effects: [{do: discard, amount: 9}]}",
        "field 'effects.0.discard.amount': Input should be less than or equal to 5",
    ),
]


@pytest.mark.parametrize(("card", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_vocabulary_names_the_file_and_the_card(
    tmp_path: Path, card: str, message: str
) -> None:
    """RD-3.7, RD-3.8, RD-7.10 to RD-7.14: a card file that misuses the new vocabulary is
    refused with the file, the card and what is wrong."""
    path = tmp_path / "bad.yaml"
    path.write_text(f"set: test\ncards:\n  - {card}\n")
    with pytest.raises(CardFileError) as err:
        cardtable.load_game("rawdeal", cards=str(path))
    assert f"{path}: card 'x'" in str(err.value) and message in str(err.value)


def start(**pins: list[str]) -> State:
    """A game of the scenario cards at P0's first turn, with ``pins`` (p0_hand=...)."""
    game = cardtable.load_game("rawdeal", cards=str(CARDS / "cards.yaml"), tie_first="p0")
    plain = game.load_deck(CARDS / "decks" / "plain.yaml")
    state = game.new_initial_state(seed=1, decks=[plain, plain])
    state.pin_zones({k.replace("_", "."): v for k, v in pins.items()})
    return state


def play(state: State, *actions: str) -> None:
    for a in actions:
        state.apply_action(state.string_to_action(a))


def test_the_words_of_a_choice_are_actions_only_when_it_is_asked() -> None:
    """``accept``, ``decline``, ``discard``, ``retrieve``, ``recover`` (and ``bury``) answer
    a choice: asked nothing, they are refused as notation, in the player's language, rather
    than read as the plays that share their numbers."""
    state = start(p0_hand=["ringside-rummage", "heavy-boot"], p0_ringside=["filler-jab"])
    for text in ("discard heavy-boot", "decline", "accept", "bury heavy-boot"):
        with pytest.raises(ActionNotationError, match="answers a choice the game is not asking"):
            state.string_to_action(text)
    with pytest.raises(ActionNotationError) as err:
        state.string_to_action("decline")
    assert "'decline'" in refusal(err.value, state.game, "ja")
    play(state, "play ringside-rummage as action")
    assert state.action_to_string(state.string_to_action("discard heavy-boot")) == (
        "discard heavy-boot"
    )


def test_choices_in_words() -> None:
    """The menu lines of a choice, in English and Japanese (menu.py)."""
    state = start(
        p0_hand=["knife-edge-slap", "ringside-rummage", "heavy-boot"],
        p0_ringside=["filler-jab"],
        p0_backstage=["jett-lacroix"],
    )
    game = state.game
    words = {
        state.action_to_string(a): game.presentation.describe_action(state, a)
        for a in state.legal_actions()
    }
    assert words["ability"] == (
        "Use your Superstar ability: discard 1 card, then your opponent discards 1 card of "
        "their choice"
    )
    play(state, "play knife-edge-slap as action")
    lines = [game.presentation.describe_action(state, a) for a in state.legal_actions()]
    assert lines == [
        "Decline: none of it happens",
        "Accept: put this card in your Ringside pile instead of your Ring, then draw 1 card",
    ]
    ja = [game.presentation.describe_action(state, a, "ja") for a in state.legal_actions()]
    assert ja[0].startswith("断る") and ja[1].startswith("受ける：")
    play(state, "decline", "play ringside-rummage as action")
    assert game.presentation.describe_action(state, state.legal_actions()[0]) == (
        "Discard Heavy Boot from your hand to your Ringside pile"
    )
    play(state, "discard heavy-boot")
    lines = [game.presentation.describe_action(state, a) for a in state.legal_actions()]
    assert "Put Heavy Boot from your Ringside pile into your hand" in lines


@pytest.mark.parametrize(
    "effects",
    [
        [{"do": "may", "effects": [{"do": "discard_self"}, {"do": "draw", "amount": 1}]}],
        [{"do": "recover", "amount": 2, "choice": True}, {"do": "retrieve", "amount": 1}],
        [{"do": "discard", "amount": 2}, {"do": "next_bonus", "amount": 3, "subtype": "strike"}],
        [{"do": "opp_discard", "amount": 2, "choice": True}, {"do": "opp_discard", "amount": 1}],
    ],
)
def test_compiled_effects_read_back_as_written(effects: list[dict[str, Any]]) -> None:
    """An observation's ``choice`` gives the effects a ``may`` offers as a card file writes
    them (tables.effect_data), so that the menu words them and an agent reads them."""
    compiled = compile_effects(EFFECT_LIST.validate_python(effects))
    if effects[0]["do"] == "may":
        offer = effects[0]["effects"]
        assert compiled[0] == (V_MAY, len(offer), -1)
        assert [effect_data(e) for e in compiled[1:]] == offer
    else:
        assert [effect_data(e) for e in compiled] == effects
