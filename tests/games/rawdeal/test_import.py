"""Importing Raw Deal cards and decks (games/rawdeal/importer.py): made-up OCTGN set files,
deck files and text lists in tests/games/rawdeal/import_files/ (no real card text), every
type combination, the ids, the card text read into rules, and bad files with errors that
name the file and the card."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.core.cards import load_yaml
from cardtable.core.game import Game
from cardtable.core.importer import ImportFileError, ImportResult
from cardtable.games.rawdeal.import_cards import read_card_type

FILES = Path(__file__).parent / "import_files"
SETS = FILES / "sets"
DECKS = FILES / "decks"


def rawdeal() -> Game:
    return cardtable.load_game("rawdeal")


def do_import(out: Path, *paths: Path, skip_bad: bool = False) -> ImportResult:
    return rawdeal().importer.import_files(list(paths), out, skip_bad)


def cards_of(folder: Path) -> dict[str, dict[str, Any]]:
    out = {}
    for file in sorted(folder.glob("*.yaml")):
        for card in load_yaml(file.read_text(encoding="utf-8"))[0]["cards"]:
            out[card["id"]] = card
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cards")
    do_import(out, SETS, DECKS / "ox-deck.txt", DECKS / "wren.o8d")
    return out


def test_the_sets_import_with_a_summary_per_set(tmp_path: Path) -> None:
    result = do_import(tmp_path, SETS)
    assert [(s.name, s.file, s.cards) for s in result.sets] == [
        ("Testbed Brawl", "testbed-brawl.yaml", 28),
        ("Testbed Uprising", "testbed-uprising.yaml", 3),
    ]
    brawl = result.sets[0]
    assert (brawl.full, brawl.partly, brawl.none, brawl.skipped) == (26, 1, 1, 0)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "testbed-brawl.yaml",
        "testbed-uprising.yaml",
    ]


def test_ids_come_from_name_and_set_and_reimporting_changes_nothing(tmp_path: Path) -> None:
    first, again, alone = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    do_import(first, SETS)
    do_import(again, SETS / "uprising" / "set.xml", SETS / "brawl" / "set.xml")
    for name in ("testbed-brawl.yaml", "testbed-uprising.yaml"):
        assert (first / name).read_text() != ""
        text = (first / name).read_text().splitlines()[2:]  # the source path aside
        assert text == (again / name).read_text().splitlines()[2:]
    do_import(alone, SETS / "brawl" / "set.xml")
    assert cards_of(alone).keys() <= cards_of(first).keys()
    ids = cards_of(first)
    assert "knuckle-jab-testbed-brawl" in ids and "knuckle-jab-testbed-uprising" in ids


def test_an_imported_folder_loads_and_plays(folder: Path) -> None:
    game = cardtable.load_game("rawdeal", cards=str(folder))
    decks = [game.load_deck(folder / "decks" / f) for f in ("ox-deck.yaml", "wren.yaml")]
    assert all(not game.check_deck(d) for d in decks)
    for seed in range(3):
        state = game.new_initial_state(seed=seed, decks=decks)
        while not state.is_terminal():
            state.apply_action(state.legal_actions()[seed % len(state.legal_actions())])
        assert sorted(state.returns()) == [-1.0, 1.0]


# ----- types, traits, numbers ------------------------------------------------------------
TYPES = [
    ("Strike", ("maneuver",), ("strike",), (), ()),
    ("Grapple", ("maneuver",), ("grapple",), (), ()),
    ("Submission", ("maneuver",), ("submission",), (), ()),
    ("High Risk", ("maneuver",), ("high_risk",), (), ()),
    ("Trademark Finisher", ("maneuver",), ("trademark_finisher",), (), ()),
    ("Action", ("action",), (), (), ()),
    ("Reversal: Special", ("reversal",), (), (), ()),
    ("Reversal: Strike", ("reversal",), (), ("maneuver",), ("strike",)),
    ("Reversal: Action", ("reversal",), (), ("action",), ()),
    ("Reversal: Grapple: Special", ("reversal",), (), ("maneuver",), ("grapple",)),
    ("Strike / Reversal: Special", ("maneuver", "reversal"), ("strike",), (), ()),
    ("Trademark Finisher / Action", ("maneuver", "action"), ("trademark_finisher",), (), ()),
    ("Grapple / Action", ("maneuver", "action"), ("grapple",), (), ()),
    (
        "Reversal: Strike/High Risk: Special",
        ("reversal",),
        (),
        ("maneuver",),
        ("strike", "high_risk"),
    ),
]


@pytest.mark.parametrize(("value", "plays", "subtypes", "rev_types", "rev_subs"), TYPES)
def test_every_card_type_combination(
    value: str,
    plays: tuple[str, ...],
    subtypes: tuple[str, ...],
    rev_types: tuple[str, ...],
    rev_subs: tuple[str, ...],
) -> None:
    kind = read_card_type(value, "f: card 'x'")
    assert (kind.plays, kind.subtypes) == (plays, subtypes)
    assert (kind.reverses_types, kind.reverses_subtypes) == (rev_types, rev_subs)
    assert kind.special == ("Special" in value)
    assert read_card_type("Superstar Card", "f").superstar


def test_backlash_deck_card_types(tmp_path: Path) -> None:
    """RD-1.6: "Mid-match <types>" is a Mid-match card of those types; "Pre-match <kind>" a
    Pre-match card whose lasting effect is not read (every sentence reported); a Pre-match
    kind the rules lack is an error naming it."""
    assert read_card_type("Mid-match Action", "f").midmatch
    assert read_card_type("Mid-match Reversal: Special", "f").plays == ("reversal",)
    assert read_card_type("Pre-match Event", "f").prematch_kind == "event"
    with pytest.raises(ImportFileError, match="unknown Pre-match kind 'object'"):
        read_card_type("Pre-match Object", "f: card 'x'")
    cards = [
        card("Crowd Pop", "Mid-match Action", "Draw 1 card."),
        card("Big Night", "Pre-match Event", "Draw 1 card."),
    ]
    result = do_import(tmp_path / "out", write_set(tmp_path / "set.xml", cards))
    got = cards_of(tmp_path / "out")
    assert got["crowd-pop-testbed"]["type"] == "midmatch"
    assert got["crowd-pop-testbed"]["effects"] == [{"do": "draw", "amount": 1}]
    night = got["big-night-testbed"]
    assert (night["type"], night["prematch_kind"], night["prematch"]) == ("prematch", "event", {})
    assert night["unenforced"] == ["Draw 1 card."]
    assert (result.sets[0].full, result.sets[0].none) == (1, 1)
    cardtable.load_game("rawdeal", cards=str(tmp_path / "out"))


def test_cards_as_imported(folder: Path) -> None:
    cards = cards_of(folder)
    ox = cards["ox-brannigan-testbed-brawl"]
    assert (ox["type"], ox["hand_size"], ox["superstar_value"]) == ("superstar", 6, 3)
    assert (ox["ability"], ox["alignment"]) == ("tough", "face")
    assert cards["wren-holloway-testbed-brawl"]["ability"] == "draw_two"
    rampage = cards["ox-rampage-testbed-brawl"]
    assert rampage["superstar"] == "ox-brannigan-testbed-brawl" and rampage["unique"]
    assert rampage["requires"] == {"after_damage": 5}
    assert cards["rope-rebound-testbed-brawl"]["setup"] is True
    assert cards["turnbuckle-flip-testbed-brawl"]["traits"] == ["Tag", "Foreign Object"]
    assert cards["cannonball-dive-testbed-brawl"]["stun"] == 1
    clinch = cards["counter-clinch-testbed-brawl"]
    assert clinch["damage_as_reversed"] and clinch["reverses"] == {"types": ["maneuver"]}
    snap = cards["snap-counter-testbed-brawl"]
    assert snap["plays_as"] == ["maneuver", "reversal"]
    assert snap["reverses"] == {"types": ["maneuver"], "subtypes": ["submission"]}
    hustle = cards["headlock-hustle-testbed-uprising"]
    assert hustle["subtypes"] == ["grapple", "high_risk"]  # High Risk as a trait
    assert cards["crowd-surge-testbed-brawl"]["damage"] == 0  # "-"


def test_card_text_becomes_rules(folder: Path) -> None:
    cards = cards_of(folder)
    assert cards["shin-clip-testbed-brawl"]["effects"] == [
        {"do": "opp_discard", "amount": 1, "choice": True}
    ]
    assert cards["whip-stopper-testbed-brawl"]["reversal_effects"] == [{"do": "draw", "amount": 1}]
    assert cards["whip-stopper-testbed-brawl"]["reverses"] == {"types": ["action"]}
    assert cards["hold-breaker-testbed-brawl"]["reverses"] == {
        "types": ["maneuver"],
        "subtypes": ["grapple"],
        "max_damage": 7,
    }
    assert cards["bell-rush-testbed-brawl"]["requires"] == {"after": "rope-rebound-testbed-brawl"}
    recall = cards["ringside-recall-testbed-uprising"]["reverses"]
    assert recall["after"] == "rope-rebound-testbed-brawl"  # a card of another set
    assert cards["blindside-punt-testbed-brawl"]["cannot_be_reversed"] is True
    assert cards["victory-roll-up-testbed-brawl"]["effects"] == [{"do": "pin_opponent"}]
    assert cards["fortitude-flex-testbed-brawl"]["requires"] == {"fortitude_over_opponent": True}
    assert cards["hammerlock-grind-testbed-brawl"]["requires"] == {"after_maneuver": "grapple"}
    assert cards["rope-rebound-testbed-brawl"]["effects"] == [
        {"do": "next_bonus", "amount": 4, "subtype": "strike"}
    ]


def test_what_is_not_enforced_is_reported_per_card(folder: Path) -> None:
    cards = cards_of(folder)
    look = "Look at the top 3 cards of your Arsenal."
    assert cards["elbow-fury-testbed-brawl"]["unenforced"] == [look]
    assert cards["elbow-fury-testbed-brawl"]["effects"] == [{"do": "draw", "amount": 1}]
    assert cards["stare-down-testbed-brawl"]["unenforced"] == [look]
    assert "unenforced" not in cards["shin-clip-testbed-brawl"]
    game = cardtable.load_game("rawdeal", cards=str(folder))
    assert game.unenforced_text("elbow-fury-testbed-brawl") == (look,)
    assert game.unenforced_text("shin-clip-testbed-brawl") == ()


def test_a_sentence_this_card_cannot_enforce_is_reported_not_applied(tmp_path: Path) -> None:
    """A turn effect on a reversal, an effect on a hybrid that is also a reversal (which way
    unsaid), an unknown card name, a second ability that cannot go with the first: the
    sentence is reported and nothing of it applies."""
    cards = [
        card("Tilted Counter", "Reversal: Strike", "Reverse any Strike maneuver. End your turn."),
        card("Swing Both Ways", "Strike / Reversal: Special", "Draw 1 card.", Damage="2"),
        card("Late Follow", "Strike", "Can only be played after Nowhere Slam.", Damage="3"),
        card("Mystery Counter", "Reversal: Special", ""),
        star(
            "Twin Talent",
            "Superstar ability: Damage from your opponent's maneuvers is reduced by 1. "
            "Superstar ability: All damage to you is reduced by 1.",
        ),
    ]
    write_set(tmp_path / "set.xml", cards)
    result = do_import(tmp_path / "out", tmp_path / "set.xml")
    got = cards_of(tmp_path / "out")
    assert got["tilted-counter-testbed"]["unenforced"] == ["End your turn."]
    assert "reversal_effects" not in got["tilted-counter-testbed"]
    assert got["swing-both-ways-testbed"]["unenforced"] == ["Draw 1 card."]
    assert "requires" not in got["late-follow-testbed"]
    assert got["late-follow-testbed"]["unenforced"] == ["Can only be played after Nowhere Slam."]
    assert got["mystery-counter-testbed"]["reverses"] == {"types": []}  # reverses nothing
    assert got["twin-talent-testbed"]["ability"] == "tough"  # the second: one thing two ways
    assert got["twin-talent-testbed"]["unenforced"] == [
        "Superstar ability: All damage to you is reduced by 1."
    ]
    summary = result.sets[0]
    assert (summary.full, summary.partly, summary.none) == (0, 2, 3)


def test_effects_of_one_type_choices_and_abilities_import(tmp_path: Path) -> None:
    """Issue 29: an effect said of one way of playing a hybrid (RD-3.7), "you may" and
    "of your choice" (RD-7.10 to RD-7.14), and a Superstar with two abilities (RD-3.8) and
    the new ones (RD-3.9 to RD-3.12) become rules; the folder loads and plays."""
    cards = [
        card(
            "Palm Slap",
            "Strike / Action",
            "As an action, you may discard this card to draw 1 card.",
            Damage="2",
        ),
        card("Turn Around", "Action / Reversal: Action", "As an action, draw 2 cards."),
        card("Quick Scramble", "Action", "As an action, draw 1 card."),
        card(
            "Dig Deep",
            "Action",
            "Discard 1 card. Put 1 card of your choice from your Ringside pile into your hand.",
        ),
        card(
            "Catch Breath",
            "Action",
            "You may put 2 cards of your choice from your Ringside pile on the bottom of your "
            "Arsenal.",
        ),
        star(
            "Iron Iggy",
            "Superstar ability: During your Draw Segment, draw 2 cards instead of 1. "
            "Superstar ability: All damage to you is reduced by 1D.",
        ),
        star(
            "Grave Gus",
            "Superstar ability: Once during your turn, you may discard 2 cards to put 1 card "
            "of your choice from your Ringside pile into your hand.",
        ),
        star(
            "Loudmouth Lou",
            "Superstar ability: Once during your turn, you may discard 1 card to have your "
            "opponent discard 1 card.",
        ),
        star(
            "Salvage Sal",
            "Superstar ability: At the start of your turn, before your Draw Segment, you may "
            "put 1 card of your choice from your Ringside pile on the bottom of your Arsenal.",
        ),
    ]
    write_set(tmp_path / "set.xml", cards)
    result = do_import(tmp_path / "out", tmp_path / "set.xml")
    got = cards_of(tmp_path / "out")
    offer = [{"do": "discard_self"}, {"do": "draw", "amount": 1}]
    assert got["palm-slap-testbed"]["effects_as"] == {"action": [{"do": "may", "effects": offer}]}
    # played as an action or a reversal only: its action's effects are its ``effects``
    assert got["turn-around-testbed"]["effects"] == [{"do": "draw", "amount": 2}]
    assert got["quick-scramble-testbed"]["effects"] == [{"do": "draw", "amount": 1}]
    assert got["dig-deep-testbed"]["effects"] == [
        {"do": "discard", "amount": 1},
        {"do": "retrieve", "amount": 1},
    ]
    assert got["catch-breath-testbed"]["effects"] == [
        {"do": "may", "effects": [{"do": "recover", "amount": 2, "choice": True}]}
    ]
    assert got["iron-iggy-testbed"]["ability"] == ["draw_two", "damage_reduction"]
    assert got["grave-gus-testbed"]["ability"] == "discard_to_retrieve"
    assert got["loudmouth-lou-testbed"]["ability"] == "discard_to_opp_discard"
    assert got["salvage-sal-testbed"]["ability"] == "start_recycle_choice"
    assert (result.sets[0].full, result.sets[0].partly, result.sets[0].none) == (9, 0, 0)
    game = cardtable.load_game("rawdeal", cards=str(tmp_path / "out"))
    assert game.card_pool.get("iron-iggy-testbed").abilities == ("draw_two", "damage_reduction")


def test_what_the_new_vocabulary_cannot_do_is_reported(tmp_path: Path) -> None:
    """A type the card is not played as, a play type before a reversal's condition, a
    reversal discarding itself, two abilities used with 'ability': reported, nothing
    applied."""
    cards = [
        card("Only Strike", "Strike", "As an action, draw 1 card.", Damage="3"),
        card("Odd Counter", "Action / Reversal: Special", "As an action, reverse any action."),
        card("Choosy Counter", "Reversal: Strike", "You may draw 1 card."),
        card("Self Counter", "Reversal: Strike", "Discard this card."),
        star(
            "Busy Bea",
            "Superstar ability: Once during your turn, you may discard 1 card to have your "
            "opponent discard 1 card. Superstar ability: Once during your turn, you may draw 1 "
            "card, then put 1 card from your hand on the bottom of your Arsenal.",
        ),
    ]
    write_set(tmp_path / "set.xml", cards)
    do_import(tmp_path / "out", tmp_path / "set.xml")
    got = cards_of(tmp_path / "out")
    assert got["only-strike-testbed"]["unenforced"] == ["As an action, draw 1 card."]
    assert got["odd-counter-testbed"]["unenforced"] == ["As an action, reverse any action."]
    assert "unenforced" not in got["choosy-counter-testbed"]  # a reversal's choice: RD-7.10
    assert got["choosy-counter-testbed"]["reversal_effects"] == [
        {"do": "may", "effects": [{"do": "draw", "amount": 1}]}
    ]
    assert got["self-counter-testbed"]["unenforced"] == ["Discard this card."]
    assert got["busy-bea-testbed"]["ability"] == "discard_to_opp_discard"
    assert len(got["busy-bea-testbed"]["unenforced"]) == 1


# ----- bad files -------------------------------------------------------------------------
def test_the_wordings_of_real_set_files_import(tmp_path: Path) -> None:
    """Issue 29: the wordings the real set files use (in made-up cards): titles resolved to
    ids, a Set-up reversal's carried turn (RD-6.4), a reversal only from the hand, the
    opponent's draw (RD-7.16), a Superstar's text with no "Superstar ability:", and a logo
    that lists a Superstar's other names."""
    cards = [
        card(
            "Rope Run",
            "Action / Reversal: Special",
            "As an action, if your next card played this turn is a Strike maneuver, it is +3D. "
            "As a reversal, reverse the card titled Rope Run and end your opponent's turn. At "
            "the beginning of your next turn, your first card played is considered to be played "
            "after the card titled Rope Run. If it is a Strike maneuver, it is +3D.",
            Traits="Set-up",
        ),
        card(
            "Flying Tackle",
            "Strike",
            "The card titled Rope Run must be played before playing this card.",
            Damage="5",
        ),
        card(
            "Tackle Block",
            "Strike / Reversal: Special",
            "May only reverse the maneuver titled Flying Tackle.",
            Damage="3",
        ),
        card(
            "Slip Away",
            "Reversal: Special",
            "When played from your hand, reverse any maneuver played after the card titled "
            "Rope Run and end your opponent's turn.",
        ),
        card(
            "Palm Tap",
            "Strike / Action",
            "As an action, you may discard this card to draw 1 card. Doing this will not cause "
            "any damage to opponent.",
            Damage="2",
        ),
        card("Gentle Hold", "Grapple", "When successfully played, your opponent draws 1 card."),
        card("Wide Swing", "Strike", "May not be reversed.", Damage="6"),
        card(
            "Knee Counter",
            "Reversal: Strike: Special",
            "Reverse any Strike maneuver and end your opponent's turn. # is equal to the "
            "reversed maneuver's Damage, read as 0 in your Ring area.",
        ),
        card("Fork Road", "Action", "Draw 2 cards or your opponent discards 2 cards."),
        card("Bruno Bash", "Strike", "", Damage="4", **{"SS Logos": "The Bruiser, Big Bruno"}),
        star(
            "Big Bruno",
            "You must always draw 2 cards, if possible, during your draw segment. All damage "
            "from opponent is at -1D.",
        ),
    ]
    result = do_import(tmp_path / "out", write_set(tmp_path / "set.xml", cards))
    got = cards_of(tmp_path / "out")
    assert (result.sets[0].full, result.sets[0].partly, result.sets[0].none) == (11, 0, 0)
    assert got["knee-counter-testbed"]["damage_as_reversed"] is True
    assert got["fork-road-testbed"]["effects"] == [
        {
            "do": "either",
            "first": [{"do": "draw", "amount": 2}],
            "second": [{"do": "opp_discard", "amount": 2, "choice": True}],
        }
    ]
    run = got["rope-run-testbed"]
    assert run["setup"] and run["effects"] == [
        {"do": "next_bonus", "amount": 3, "subtype": "strike"}
    ]
    assert run["reverses"] == {"types": ["maneuver", "action"], "titles": ["rope-run-testbed"]}
    assert got["flying-tackle-testbed"]["requires"] == {"after": "rope-run-testbed"}
    assert got["tackle-block-testbed"]["reverses"]["titles"] == ["flying-tackle-testbed"]
    slip = got["slip-away-testbed"]["reverses"]
    assert slip == {"types": ["maneuver"], "after": "rope-run-testbed", "hand_only": True}
    assert got["gentle-hold-testbed"]["effects"] == [{"do": "opp_draw", "amount": 1}]
    assert got["wide-swing-testbed"]["cannot_be_reversed"] is True
    assert got["bruno-bash-testbed"]["superstar"] == "big-bruno-testbed"
    assert got["big-bruno-testbed"]["ability"] == ["draw_two", "damage_reduction"]
    game = cardtable.load_game("rawdeal", cards=str(tmp_path / "out"))
    assert game.card_pool.get("rope-run-testbed").setup


def test_searches_and_bonuses_name_cards_by_title(tmp_path: Path) -> None:
    """RD-7.17, RD-5.9, RD-6.7 read from card text: a searched title and a card named by a
    bonus become ids; a title no imported card has leaves its sentence not enforced."""
    cards = [
        card("Tight Grip", "Submission", "", Damage="3"),
        card(
            "Grip Hunt",
            "Submission",
            "When successfully played, look through your Arsenal for the card titled Tight "
            "Grip and place that card in your hand, then shuffle your Arsenal.",
            Damage="2",
        ),
        card(
            "Lost Hunt",
            "Action",
            "Search your Arsenal for the card titled Missing Card, reveal it to your opponent, "
            "put it into your hand, and shuffle your Arsenal.",
        ),
        card("Big Swing", "Strike", "Reversals to this maneuver are +3D.", Damage="5"),
        card(
            "Grip Finish",
            "Submission",
            "This card is -5F when played after the card titled Tight Grip.",
            Fortitude="9",
            Damage="8",
        ),
        card("Late Hit", "Action", "Reversals to this card are +2D."),  # no maneuver
    ]
    result = do_import(tmp_path / "out", write_set(tmp_path / "set.xml", cards))
    got = cards_of(tmp_path / "out")
    assert got["grip-hunt-testbed"]["effects"] == [{"do": "search", "title": "tight-grip-testbed"}]
    assert "effects" not in got["lost-hunt-testbed"]
    assert got["lost-hunt-testbed"]["unenforced"] == [cards_text(cards[2])]
    assert got["big-swing-testbed"]["reversal_bonus"] == 3
    bonus = got["grip-finish-testbed"]["after_bonus"]
    assert bonus == {"after": "tight-grip-testbed", "fortitude": 5}
    assert got["late-hit-testbed"]["unenforced"] == ["Reversals to this card are +2D."]
    assert (result.sets[0].full, result.sets[0].partly, result.sets[0].none) == (4, 0, 2)
    cardtable.load_game("rawdeal", cards=str(tmp_path / "out"))


def test_a_superstars_rules_by_title_import(tmp_path: Path) -> None:
    """RD-3.14, RD-1.9, RD-3.13 read from a Superstar's text: titles kept as printed (a title
    no imported card has too), a searched card resolved to its id."""
    cards = [
        card("Rope Run", "Action", "Draw 1 card."),
        card("Big Finish!", "Trademark Finisher", "", Fortitude="12", Damage="9"),
        star(
            "Ring General",
            "You cannot pack the card titled Lost Cause. Once during each of your turns, "
            "before your Draw Segment, put 1 card from your Ringside pile on the bottom of "
            "your Arsenal. Your card titled Big Finish! is -5F. When you successfully play "
            "the card titled Rope Run, search your Arsenal for the card titled Big Finish!, "
            "reveal it to your opponent, put it into your hand, and shuffle your Arsenal. "
            "Your opponent cannot play the card titled Rope Run.",
        ),
    ]
    do_import(tmp_path / "out", write_set(tmp_path / "set.xml", cards))
    general = cards_of(tmp_path / "out")["ring-general-testbed"]
    assert "unenforced" not in general
    assert general["ability"] == "start_recover"
    assert general["cannot_pack"] == ["Lost Cause"]
    assert general["opponent_cannot_play"] == ["Rope Run"]
    assert general["card_rules"] == [
        {"title": "Big Finish!", "fortitude": 5},
        {
            "title": "Rope Run",
            "effects": [{"do": "search", "title": "big-finish-testbed"}],
        },
    ]
    game = cardtable.load_game("rawdeal", cards=str(tmp_path / "out"))
    assert game.card_pool.get("ring-general-testbed").card_rules


def cards_text(xml: str) -> str:
    """The Card Text of a card written by :func:`card`."""
    return xml.split('name="Card Text" value="')[1].split('"')[0]


def test_a_carried_bonus_unlike_the_cards_own_is_not_enforced(tmp_path: Path) -> None:
    """RD-6.4 said on a card is read only as what the card does: a Set-up reversal whose
    carried bonus is not its own set-up bonus, or a card that is no Set-up, is reported."""
    cards = [
        card(
            "Rope Dash",
            "Action / Reversal: Special",
            "As an action, if your next card played this turn is a Strike maneuver, it is +3D. "
            "If it is a Strike maneuver, it is +4D.",
            Traits="Set-up",
        ),
        card(
            "Lone Dash",
            "Action / Reversal: Special",
            "At the beginning of your next turn, your first card played is considered to be "
            "played after the card titled Lone Dash.",
        ),
    ]
    do_import(tmp_path / "out", write_set(tmp_path / "set.xml", cards))
    got = cards_of(tmp_path / "out")
    assert got["rope-dash-testbed"]["unenforced"] == ["If it is a Strike maneuver, it is +4D."]
    assert len(got["lone-dash-testbed"]["unenforced"]) == 1


def card(name: str, kind: str, text: str, **props: str) -> str:
    values = {"CardType": kind, "Fortitude": "1", "Damage": "0", **props}
    if text:
        values["Card Text"] = text
    inner = "".join(f'<property name="{k}" value="{v}"/>' for k, v in values.items())
    return f'<card id="g-{name}" name="{name}">{inner}</card>'


def star(name: str, text: str) -> str:
    values = {"CardType": "Superstar Card", "Hand Size": "5", "SSV": "3", "Card Text": text}
    inner = "".join(f'<property name="{k}" value="{v}"/>' for k, v in values.items())
    return f'<card id="g-{name}" name="{name}">{inner}</card>'


def write_set(path: Path, cards: list[str], name: str = "Testbed") -> Path:
    path.write_text(f'<set name="{name}" id="s"><cards>{"".join(cards)}</cards></set>')
    return path


def import_error(tmp_path: Path, *paths: Path) -> str:
    with pytest.raises(ImportFileError) as err:
        do_import(tmp_path / "out", *paths)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.yaml"))
    return str(err.value)


def test_broken_xml_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.xml"
    bad.write_text('<set name="x"><cards><card name="Oops">')
    message = import_error(tmp_path, bad)
    assert str(bad) in message and "not valid XML" in message


def test_an_unknown_type_names_the_file_and_the_card(tmp_path: Path) -> None:
    path = write_set(tmp_path / "set.xml", [card("Odd Thing", "Strike / Dance Move", "")])
    message = import_error(tmp_path, path)
    assert f"{path}: card 'Odd Thing': property 'CardType'" in message
    assert "unknown type 'Dance Move'" in message


def test_a_missing_property_names_the_file_and_the_card(tmp_path: Path) -> None:
    no_fortitude = card("Weightless Kick", "Strike", "").replace(
        '<property name="Fortitude" value="1"/>', ""
    )
    no_hand = star("Handless Hal", "").replace('<property name="Hand Size" value="5"/>', "")
    no_type = '<card id="g" name="Typeless"><property name="Damage" value="2"/></card>'
    path = write_set(tmp_path / "set.xml", [no_fortitude, no_hand, no_type])
    message = import_error(tmp_path, path)
    assert f"{path}: card 'Weightless Kick': property 'Fortitude' is missing" in message
    assert f"{path}: card 'Handless Hal': property 'Hand Size' is missing" in message
    assert f"{path}: card 'Typeless': property 'CardType' is missing" in message


@pytest.mark.parametrize(
    ("props", "expected"),
    [
        ({"Damage": "lots"}, "property 'Damage': 'lots' is not a whole number"),
        ({"Damage": "99"}, "field 'damage': Input should be less than or equal to 40"),
        ({"SS Logos": "Nobody"}, "'SS Logos' 'Nobody' names no Superstar"),
    ],
)
def test_bad_values_name_the_card(tmp_path: Path, props: dict[str, str], expected: str) -> None:
    path = write_set(tmp_path / "set.xml", [card("Sore Spot", "Strike", "", **props)])
    message = import_error(tmp_path, path)
    assert f"{path}: card 'Sore Spot'" in message and expected in message


def test_skip_bad_imports_the_rest_and_lists_what_it_left_out(tmp_path: Path) -> None:
    path = write_set(
        tmp_path / "set.xml",
        [card("Good Jab", "Strike", "", Damage="2"), card("Odd Thing", "Mime", "")],
    )
    result = do_import(tmp_path / "out", path, skip_bad=True)
    assert list(cards_of(tmp_path / "out")) == ["good-jab-testbed"]
    assert result.sets[0].skipped == 1 and "Odd Thing" in result.skipped[0]


def test_hostile_xml_is_refused_quickly(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.xml"
    entities = "".join(f'<!ENTITY e{i} "&e{i - 1};&e{i - 1};">' for i in range(1, 30))
    bomb.write_text(f'<!DOCTYPE set [<!ENTITY e0 "ha">{entities}]><set name="&e29;"/>')
    external = tmp_path / "external.xml"
    external.write_text('<!DOCTYPE set [<!ENTITY x SYSTEM "file:///etc/passwd">]><set>&x;</set>')
    for path in (bomb, external):
        start = time.perf_counter()
        message = import_error(tmp_path, path)
        assert time.perf_counter() - start < 2 and f"{path}: refused" in message


def test_a_file_too_large_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.games.rawdeal import octgn

    monkeypatch.setattr(octgn, "MAX_FILE_BYTES", 100)
    path = write_set(tmp_path / "set.xml", [card(f"Jab {i}", "Strike", "") for i in range(9)])
    assert "a file to import has at most 100" in import_error(tmp_path, path)


def test_a_given_xml_file_that_is_no_set_is_refused(tmp_path: Path) -> None:
    message = import_error(tmp_path, SETS / "definition.xml")
    assert "not an OCTGN set file (its root is <game>" in message


# ----- decks -----------------------------------------------------------------------------
def test_deck_lists_become_deck_files(folder: Path) -> None:
    ox = load_yaml((folder / "decks" / "ox-deck.yaml").read_text())[0]
    assert ox["superstar"] == "ox-brannigan-testbed-brawl"
    assert ox["arsenal"]["tilt-a-whirl-toss-testbed-brawl"] == 3  # any case
    assert ox["arsenal"]["knuckle-jab-testbed-brawl"] == 3  # a reprint: the first set by name
    assert sum(ox["arsenal"].values()) == 60
    wren = load_yaml((folder / "decks" / "wren.yaml").read_text())[0]
    assert wren["superstar"] == "wren-holloway-testbed-brawl"
    assert "stare-down-testbed-brawl" not in wren["arsenal"]  # the Sideboard is left out
    assert sum(wren["arsenal"].values()) == 60


def test_a_deck_is_matched_against_a_folder_imported_before(folder: Path, tmp_path: Path) -> None:
    deck = tmp_path / "short.txt"
    deck.write_text("Ox Brannigan (Superstar Card)\n2x Knuckle Jab\n")
    result = do_import(folder, deck)
    assert result.sets == () and len(result.decks) == 1
    assert any("exactly 60 cards" in p for p in result.decks[0].problems)


def test_a_deck_list_in_dealt_order_keeps_its_order(folder: Path, tmp_path: Path) -> None:
    """A list that names a card on two lines is an order: its Arsenal is written as a list,
    which shuffle=none deals top first (RD-2.2)."""
    ox = (FILES / "decks" / "ox-deck.txt").read_text()
    dealt = tmp_path / "dealt.txt"
    dealt.write_text(
        ox.replace("3x Knuckle Jab\n", "Knuckle Jab\nShin Clip\n2x Knuckle Jab\n").replace(
            "3 Shin Clip\n", "2 Shin Clip\n"
        )
    )
    result = do_import(folder, dealt)
    assert result.decks[0].problems == ()
    arsenal = load_yaml((folder / "decks" / "dealt.yaml").read_text())[0]["arsenal"]
    assert arsenal[:2] == ["knuckle-jab-testbed-brawl", "shin-clip-testbed-brawl"]
    assert arsenal[2:5] == ["knuckle-jab-testbed-brawl"] * 2 + ["shin-clip-testbed-brawl"]
    assert len(arsenal) == 60
    game = cardtable.load_game("rawdeal", cards=str(folder), shuffle="none")
    deck = game.load_deck(folder / "decks" / "dealt.yaml")
    other = game.load_deck(folder / "decks" / "wren.yaml")
    hand = game.new_initial_state(seed=1, decks=[deck, other]).observation(0)["zones"]["p0.hand"]
    assert hand[:3] == arsenal[:3]


BRAWL_JAB, UPRISING_JAB = (
    "f24740f1-08e8-5d6a-979f-4199e53626b2",
    "f24740f1-08e8-5d6a-979f-4199e53626c3",
)


def o8d_of(path: Path, guid: str) -> Path:
    """A made-up OCTGN deck file: Wren Holloway's deck with its Knuckle Jabs named by
    ``guid`` (the other cards carry ids no set file has, so they are found by name)."""
    text = (DECKS / "wren.o8d").read_text()
    path.write_text(text.replace("00000000-0000-0000-0000-000000000001", guid.upper()))
    return path


def test_an_octgn_deck_file_finds_a_reprint_by_its_octgn_id(folder: Path, tmp_path: Path) -> None:
    cards = cards_of(folder)
    assert cards["knuckle-jab-testbed-uprising"]["octgn_id"] == UPRISING_JAB
    do_import(folder, o8d_of(tmp_path / "later.o8d", UPRISING_JAB))
    do_import(folder, o8d_of(tmp_path / "first.o8d", BRAWL_JAB))
    later = load_yaml((folder / "decks" / "later.yaml").read_text())[0]["arsenal"]
    first = load_yaml((folder / "decks" / "first.yaml").read_text())[0]["arsenal"]
    assert later["knuckle-jab-testbed-uprising"] == 3 and "knuckle-jab-testbed-brawl" not in later
    assert first["knuckle-jab-testbed-brawl"] == 3 and "knuckle-jab-testbed-uprising" not in first


def test_an_octgn_id_two_cards_share_is_passed_over_for_the_name(tmp_path: Path) -> None:
    sets = tmp_path / "sets"
    sets.mkdir()
    (sets / "brawl.xml").write_text((SETS / "brawl" / "set.xml").read_text())
    uprising = (SETS / "uprising" / "set.xml").read_text()
    hustle = "2e9f0f4f-471b-51e6-a7d0-4d3d9c550cf9"  # Headlock Hustle's id, now Knuckle Jab's
    (sets / "uprising.xml").write_text(uprising.replace(hustle, BRAWL_JAB))
    deck = tmp_path / "shared.o8d"
    deck.write_text(
        '<deck><section name="Superstar"><card id="x">Wren Holloway</card></section>'
        f'<section name="Arsenal"><card qty="2" id="{BRAWL_JAB}">Headlock Hustle</card>'
        "</section></deck>"
    )
    out = tmp_path / "cards"
    do_import(out, sets, deck)
    arsenal = load_yaml((out / "decks" / "shared.yaml").read_text())[0]["arsenal"]
    assert arsenal == {"headlock-hustle-testbed-uprising": 2}  # by name


def test_a_deck_naming_an_unknown_card_names_the_file_line_and_close_names(
    folder: Path, tmp_path: Path
) -> None:
    deck = tmp_path / "typo.txt"
    deck.write_text("Ox Brannigan (Superstar Card)\n\n3x Knuckle Jabb\n")
    with pytest.raises(ImportFileError) as err:
        do_import(folder, deck)
    assert str(err.value) == (
        f"{deck}: line 3: no card named 'Knuckle Jabb'; did you mean 'Knuckle Jab'?"
    )
    o8d = tmp_path / "typo.o8d"
    o8d.write_text(
        '<deck><section name="Arsenal"><card qty="2" id="x">Shinn Clip</card></section></deck>'
    )
    with pytest.raises(ImportFileError, match=r"section 'Arsenal', card 1: no card named"):
        do_import(folder, o8d)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3x Knuckle Jab\n", "no Superstar Card"),
        ("Knuckle Jab (Superstar Card)\n", "is marked as the Superstar but is not"),
        ("Ox Brannigan\nWren Holloway\n", "more than one superstar card"),
        ("99x Knuckle Jab\n", "line 1: copies must be 1 to 60"),
    ],
)
def test_bad_deck_lists(folder: Path, tmp_path: Path, text: str, expected: str) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_text(text)
    with pytest.raises(ImportFileError, match=expected):
        do_import(folder, deck)


def test_decks_need_the_cards_first(tmp_path: Path) -> None:
    message = import_error(tmp_path, DECKS / "ox-deck.txt")
    assert "import their set files into this folder first" in message


def test_two_cards_of_one_name_in_one_set_keep_apart_by_their_octgn_ids(tmp_path: Path) -> None:
    one = card("Twin Jab", "Strike", "", Damage="2")
    other = card("Twin Jab", "Strike", "", Damage="4").replace('id="g-Twin Jab"', 'id="g-2"')
    path = write_set(tmp_path / "set.xml", [one, other, one])  # the repeat is read once
    do_import(tmp_path / "a", path)
    write_set(tmp_path / "set.xml", [other, one])  # in the other order: the same ids
    do_import(tmp_path / "b", path)
    a, b = cards_of(tmp_path / "a"), cards_of(tmp_path / "b")
    assert a == b and len(a) == 2 and all(k.startswith("twin-jab-testbed-") for k in a)
