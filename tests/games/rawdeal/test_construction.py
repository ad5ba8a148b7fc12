"""RD-1: every kind of construction error is reported with its rule id (check_deck)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core.decks import Deck
from cardtable.core.errors import IllegalDeckError
from cardtable.games.rawdeal.game import RawDealGame


@pytest.fixture(scope="module")
def game() -> RawDealGame:
    g = cardtable.load_game("rawdeal")
    assert isinstance(g, RawDealGame)
    return g


def starter(game: RawDealGame, name: str) -> dict[str, Any]:
    """A starter deck as deck data (the shape of a deck file)."""
    data = game.starter_decks()[name].to_dict()
    for section in ("superstar", "enforcer"):
        if section in data:
            data[section] = next(iter(data[section]))
    for section in ("arsenal", "backlash"):
        data[section] = dict(data[section])
    return data


def base(game: RawDealGame) -> dict[str, Any]:
    """The Mat Technician starter (Vesna Kordova: Face, Raw) as deck data, legal as it is."""
    return starter(game, "starter-mat-technician")


def rules(game: RawDealGame, data: dict[str, Any]) -> set[str]:
    deck: Deck = game.deck_from_dict(data)
    return {p.rule for p in game.check_deck(deck)}


def swap(data: dict[str, Any], out: str, card: str, n: int = 1, section: str = "arsenal") -> None:
    """Take ``n`` copies of ``out`` out of a section and put ``n`` of ``card`` in."""
    counts = data[section]
    counts[out] -= n
    if not counts[out]:
        del counts[out]
    counts[card] = counts.get(card, 0) + n


def test_the_base_deck_is_legal(game: RawDealGame) -> None:
    assert rules(game, base(game)) == set()


def test_rd_1_1_arsenal_of_exactly_60(game: RawDealGame) -> None:
    data = base(game)
    data["arsenal"]["armbar"] -= 1
    assert rules(game, data) == {"RD-1.1"}
    data["arsenal"]["armbar"] += 1
    data["arsenal"]["boston-crab"] += 1
    problems = game.check_deck(game.deck_from_dict(data))
    assert [p.rule for p in problems] == ["RD-1.1"]
    assert "exactly 60" in problems[0].message and "61" in problems[0].message


def test_rd_1_1_only_arsenal_cards_in_the_arsenal(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "armbar", "table-spot")  # a Mid-match card
    assert rules(game, data) == {"RD-1.1"}
    data = base(game)
    swap(data, "armbar", "bad-blood")  # a Pre-match card
    assert rules(game, data) == {"RD-1.1"}


def test_rd_1_2_at_most_three_copies(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "wristlock", "armbar")  # armbar: 4
    problems = game.check_deck(game.deck_from_dict(data))
    assert [p.rule for p in problems] == ["RD-1.2"]
    assert "4 copies of 'armbar'" in problems[0].message


def test_rd_1_2_unique_cards_once(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "wristlock", "the-vise")  # Unique: 2 copies
    assert rules(game, data) == {"RD-1.2"}


def test_rd_1_2_set_up_and_non_unique_follow_up_cards_are_unlimited(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "wristlock", "jockeying-for-position", 2)  # Set-up: 7 copies
    swap(data, "side-headlock", "spinebuster", 2)  # non-unique Follow-up: 4 copies
    assert data["arsenal"]["jockeying-for-position"] == 7
    assert data["arsenal"]["spinebuster"] == 4
    assert rules(game, data) == set()


def test_rd_1_2_copies_in_the_backlash_deck(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "surprise-rollup", "grab-the-bottom-rope", 2, section="backlash")  # 4 copies
    assert rules(game, data) == {"RD-1.2"}


def test_rd_1_3_superstar_specific_cards(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "armbar", "riptide-rana")  # Mako Stormrider only
    problems = game.check_deck(game.deck_from_dict(data))
    assert [p.rule for p in problems] == ["RD-1.3"]
    assert "mako-stormrider" in problems[0].message
    assert rules(game, base(game)) == set()  # her own (the-vise, kordova-cradle) are fine


def test_rd_1_4_face_and_heel_never_mixed(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "armbar", "stomp")  # a Heel card with a Face Superstar
    assert rules(game, data) == {"RD-1.4"}


def test_rd_1_4_backlash_deck_agrees_with_the_arsenal(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "grizzled-trainer", "silver-tongued-advocate", section="backlash")  # Heel
    assert rules(game, data) == {"RD-1.4"}


def test_rd_1_5_raw_and_smackdown_never_mixed(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "study-the-tape", "blue-brand-buzz", 2)  # SmackDown! with a Raw Superstar
    assert rules(game, data) == {"RD-1.5"}
    data = base(game)
    swap(data, "bad-blood", "sold-out-dome", section="backlash")  # unbranded: fine
    swap(data, "ringside-physician", "springboard-from-the-apron", section="backlash")
    assert rules(game, data) == {"RD-1.5"}


def test_rd_1_6_backlash_limits_seed(game: RawDealGame) -> None:
    data = base(game)  # 7 Pre-match + 8 Mid-match
    data["backlash"]["ladder-match"] = 1
    data["backlash"]["pay-per-view-main-event"] = 1  # 9 Pre-match
    problems = game.check_deck(game.deck_from_dict(data))
    assert [p.rule for p in problems] == ["RD-1.6"]
    assert "16 cards, 8 Pre-match and 8 Mid-match" in problems[0].message
    data = base(game)
    data["backlash"]["cooling-towel"] = 1  # 9 Mid-match
    assert rules(game, data) == {"RD-1.6"}
    data = base(game)
    data["backlash"]["ladder-match"] = 1  # 8 + 8 = 16: the most the seed allows
    assert rules(game, data) == set()


def test_rd_1_6_backlash_limit_options() -> None:
    classic = cardtable.load_game("rawdeal", backlash="classic")
    revolution = cardtable.load_game("rawdeal", backlash="revolution")
    assert isinstance(classic, RawDealGame) and isinstance(revolution, RawDealGame)
    data = base(classic)
    data["backlash"].update({"ladder-match": 1, "pay-per-view-main-event": 1, "cooling-towel": 1})
    assert rules(classic, data) == set()  # 9 + 9 within 10 + 10
    problems = revolution.check_deck(revolution.deck_from_dict(base(revolution)))
    assert [p.rule for p in problems] == ["RD-1.6"]  # 7 + 8 over 6 + 6
    assert "6 Pre-match and 6 Mid-match" in problems[0].message


def test_rd_1_6_only_backlash_cards_in_the_backlash_deck(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "hometown-roar", "punch", section="backlash")
    assert rules(game, data) == {"RD-1.6"}


def test_rd_1_7_superstar_section(game: RawDealGame) -> None:
    data = base(game)
    data["superstar"] = "archibald-finch"  # an Enforcer, not a Superstar
    assert "RD-1.7" in rules(game, data)


def test_rd_1_7_enforcer_only_when_the_superstar_allows(game: RawDealGame) -> None:
    data = base(game)
    data["enforcer"] = "penny-ledger"
    problems = game.check_deck(game.deck_from_dict(data))
    assert [p.rule for p in problems] == ["RD-1.7"]
    data = starter(game, "starter-heel-manager")
    assert rules(game, data) == set()
    data["enforcer"] = "bruno-kessler"  # a Superstar in the Enforcer section
    assert rules(game, data) == {"RD-1.7"}


def test_several_problems_are_all_reported(game: RawDealGame) -> None:
    data = base(game)
    swap(data, "armbar", "stomp")
    swap(data, "wristlock", "the-vise")
    swap(data, "study-the-tape", "blue-brand-buzz", 2)
    data["arsenal"]["punch"] = 1
    assert rules(game, data) == {"RD-1.1", "RD-1.2", "RD-1.4", "RD-1.5"}


def test_rd_1_8_a_game_starts_only_with_decks_of_its_regulation() -> None:
    """The same deck is legal under one regulation (backlash=seed) and refused, naming the
    rule, under another (backlash=revolution)."""
    seed = cardtable.load_game("rawdeal")
    revolution = cardtable.load_game("rawdeal", backlash="revolution")
    assert isinstance(seed, RawDealGame) and isinstance(revolution, RawDealGame)
    decks = [seed.deck_from_dict(base(seed)), seed.deck_from_dict(base(seed))]
    assert not seed.new_initial_state(1, decks).is_terminal()
    with pytest.raises(IllegalDeckError, match=r"RD-1\.6"):
        revolution.new_initial_state(1, decks)


def test_rd_1_9_a_superstar_may_not_pack_a_title() -> None:
    """Titan Tate (a made-up scenario Superstar) may not pack Mind Games: a deck of his with
    one breaks RD-1.9, the same deck under another Superstar does not."""
    cards = str(Path(__file__).parent / "scenario-cards" / "cards.yaml")
    g = cardtable.load_game("rawdeal", cards=cards)
    assert isinstance(g, RawDealGame)
    data = {
        "game": "rawdeal",
        "name": "Packed",
        "superstar": "titan-tate",
        "arsenal": {"filler-jab": 59, "mind-games": 1},
    }
    assert "RD-1.9" in rules(g, data)
    problem = next(p for p in g.check_deck(g.deck_from_dict(data)) if p.rule == "RD-1.9")
    assert "mind-games" in str(problem) and "titan-tate" in str(problem)
    assert "RD-1.9" not in rules(g, data | {"superstar": "plain-pat"})
