"""The card text grammar (games/rawdeal/cardtext.py): every template it reads, in made-up
sentences, and what it leaves unread. No real card text: the sentences follow the templates
with invented numbers and names."""

from __future__ import annotations

import pytest

from cardtable.games.rawdeal.cardtext import (
    MAX_SENTENCE,
    Piece,
    read_sentence,
    read_text,
    split_sentences,
)


def effect(do: str, **fields: object) -> tuple[Piece, ...]:
    return (Piece("effect", {"do": do, **fields}),)


def may(*offer: dict[str, object]) -> tuple[Piece, ...]:
    return (Piece("effect", {"do": "may", "effects": list(offer)}),)


TEMPLATES = [
    # effects: draw
    ("Draw 1 card.", effect("draw", amount=1)),
    ("Draw a card.", effect("draw", amount=1)),
    ("Draw three cards.", effect("draw", amount=3)),
    ("When successfully played, draw 2 cards.", effect("draw", amount=2)),
    ("If successful, draw 4 cards.", effect("draw", amount=4)),
    # the opponent discards: cards of their choice (RD-7.15), or at random (RD-7.2)
    (
        "When successfully played, opponent discards 2 cards.",
        effect("opp_discard", amount=2, choice=True),
    ),
    ("Your opponent must discard 1 card.", effect("opp_discard", amount=1, choice=True)),
    (
        "Opponent discards 2 cards of his choice.",
        effect("opp_discard", amount=2, choice=True),
    ),
    ("Opponent discards 3 cards at random.", effect("opp_discard", amount=3)),
    # set-up bonus, extra reversal cost
    (
        "If your next card played this turn is a Strike maneuver, it gets +4D.",
        effect("next_bonus", amount=4, subtype="strike"),
    ),
    (
        "If your next card this turn is a maneuver, it gets +2D.",
        effect("next_bonus", amount=2),
    ),
    (
        "If your next card played this turn is a High Risk maneuver, it gets +3D.",
        effect("next_bonus", amount=3, subtype="high_risk"),
    ),
    (
        "Reversals to your next maneuver this turn cost +6F.",
        effect("next_reversal_cost", amount=6),
    ),
    # costs, recovering, the turn, winning
    ("You must overturn 2 of your own cards.", effect("overturn_self", amount=2)),
    ("Overturn the top card of your Arsenal.", effect("overturn_self", amount=1)),
    (
        "Put the top 2 cards of your Ringside pile on the bottom of your Arsenal.",
        effect("recover", amount=2),
    ),
    (
        "When successfully played and damage has been applied, end your turn.",
        effect("end_turn"),
    ),
    ("End your turn.", effect("end_turn")),
    ("You win the match.", effect("pin_opponent")),
    ("If successful, your opponent is pinned.", effect("pin_opponent")),
    # two effects in a sentence
    (
        "Draw 1 card and end your turn.",
        effect("draw", amount=1) + effect("end_turn"),
    ),
    (
        "Draw 2 cards, then opponent discards 1 card.",
        effect("draw", amount=2) + effect("opp_discard", amount=1, choice=True),
    ),
    # reversals
    (
        "Reverse any Strike maneuver.",
        (Piece("reverses", {"types": ("maneuver",), "subtypes": ("strike",)}),),
    ),
    (
        "Reverse any maneuver and end your opponent's turn.",
        (Piece("reverses", {"types": ("maneuver",), "subtypes": ()}),),
    ),
    (
        "Reverse any Grapple or Submission maneuver of 7D or less.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver",), "subtypes": ("grapple", "submission"), "max_damage": 7},
            ),
        ),
    ),
    (
        "Reverse any Trademark Finisher maneuver that does 12D or less.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver",), "subtypes": ("trademark_finisher",), "max_damage": 12},
            ),
        ),
    ),
    ("Reverse any action.", (Piece("reverses", {"types": ("action",), "subtypes": ()}),)),
    (
        "Reverse any maneuver or action.",
        (Piece("reverses", {"types": ("maneuver", "action"), "subtypes": ()}),),
    ),
    (
        "Reverse any maneuver played after Pogo Stick Leap.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver",), "subtypes": (), "after_name": "pogo stick leap"},
            ),
        ),
    ),
    # conditions for playing
    (
        "Can only be played after a Grapple maneuver.",
        (Piece("requires", {"after_maneuver": "grapple"}),),
    ),
    (
        "Can only be played after a maneuver.",
        (Piece("requires", {"after_maneuver": "any"}),),
    ),
    (
        "Can only be played after a maneuver of 5D or more.",
        (Piece("requires", {"after_damage": 5}),),
    ),
    (
        "Can only be played after Pogo Stick Leap.",
        (Piece("requires", {"after_name": "pogo stick leap"}),),
    ),
    (
        "Can only be played if your Fortitude is higher than your opponent's.",
        (Piece("requires", {"fortitude_over_opponent": True}),),
    ),
    ("This card cannot be reversed.", (Piece("unreversible"),)),
    ("Cannot be reversed.", (Piece("unreversible"),)),
    # Superstar abilities
    (
        "Superstar ability: During your Draw Segment, draw 2 cards instead of 1.",
        (Piece("ability", {"ability": "draw_two"}),),
    ),
    (
        "Superstar ability: At the start of your turn, before your Draw Segment, your "
        "opponent must overturn the top card of his or her Arsenal.",
        (Piece("ability", {"ability": "start_overturn"}),),
    ),
    (
        "Superstar ability: At the start of your turn, before your Draw Segment, put the top "
        "card of your Ringside pile on the bottom of your Arsenal.",
        (Piece("ability", {"ability": "start_recycle"}),),
    ),
    (
        "Superstar ability: Damage from your opponent's maneuvers is reduced by 1.",
        (Piece("ability", {"ability": "tough"}),),
    ),
    (
        "Superstar ability: Once during your turn, you may draw 1 card, then put 1 card from "
        "your hand on the bottom of your Arsenal.",
        (Piece("ability", {"ability": "draw_and_bury"}),),
    ),
    # issue 29, slice 3: effects of one way of playing a hybrid (RD-3.7)
    (
        "As an action, draw 2 cards.",
        (Piece("effect", {"do": "draw", "amount": 2}, "action"),),
    ),
    (
        "As a maneuver, if successful, opponent discards 1 card.",
        (Piece("effect", {"do": "opp_discard", "amount": 1, "choice": True}, "maneuver"),),
    ),
    ("As an action, reverse any action.", (Piece("unsupported"),)),
    # "you may" (RD-7.10), discarding this card (RD-7.11)
    ("You may draw 3 cards.", may({"do": "draw", "amount": 3})),
    (
        "As an action, you may discard this card to draw 2 cards.",
        (
            Piece(
                "effect",
                {"do": "may", "effects": [{"do": "discard_self"}, {"do": "draw", "amount": 2}]},
                "action",
            ),
        ),
    ),
    ("Discard this card.", effect("discard_self")),
    # cards of your choice (RD-7.12 to RD-7.14)
    ("Discard 2 cards.", effect("discard", amount=2)),
    ("Discard a card of your choice from your hand.", effect("discard", amount=1)),
    (
        "Put 1 card of your choice from your Ringside pile into your hand.",
        effect("retrieve", amount=1),
    ),
    (
        "Put three cards of your choice from your Ringside pile in your hand.",
        effect("retrieve", amount=3),
    ),
    (
        "Put 2 cards of your choice from your Ringside pile on the bottom of your Arsenal.",
        effect("recover", amount=2, choice=True),
    ),
    (
        "You may discard 2 cards to draw 3 cards.",
        may({"do": "discard", "amount": 2}, {"do": "draw", "amount": 3}),
    ),
    (
        "Draw 1 card, then discard 1 card.",
        effect("draw", amount=1) + effect("discard", amount=1),
    ),
    # the new Superstar abilities (RD-3.9 to RD-3.12)
    (
        "Superstar ability: All damage to you is reduced by 1D.",
        (Piece("ability", {"ability": "damage_reduction"}),),
    ),
    (
        "Superstar ability: Damage to this Superstar is reduced by one.",
        (Piece("ability", {"ability": "damage_reduction"}),),
    ),
    (
        "Superstar ability: Damage you take is reduced by 1.",
        (Piece("ability", {"ability": "damage_reduction"}),),
    ),
    (
        "Superstar ability: At the start of your turn, before your Draw Segment, you may put "
        "1 card of your choice from your Ringside pile on the bottom of your Arsenal.",
        (Piece("ability", {"ability": "start_recycle_choice"}),),
    ),
    (
        "Superstar ability: Once during your turn, you may discard 2 cards to put 1 card of "
        "your choice from your Ringside pile into your hand.",
        (Piece("ability", {"ability": "discard_to_retrieve"}),),
    ),
    (
        "Superstar ability: Once during your turn, you may discard two cards of your choice, "
        "then put a card of your choice from your Ringside pile in your hand.",
        (Piece("ability", {"ability": "discard_to_retrieve"}),),
    ),
    (
        "Superstar ability: Once during your turn, you may discard 1 card to make your "
        "opponent discard 1 card.",
        (Piece("ability", {"ability": "discard_to_opp_discard"}),),
    ),
    (
        "Superstar ability: Once during your turn, you may discard a card, then your opponent "
        "discards 1 card of their choice.",
        (Piece("ability", {"ability": "discard_to_opp_discard"}),),
    ),
    # the wordings of real set files (issue 29), in made-up sentences
    (
        "If successful, if your next card played this turn is a Grapple maneuver it is +3D.",
        effect("next_bonus", amount=3, subtype="grapple"),
    ),
    ("Overturn 2 cards.", effect("overturn_self", amount=2)),
    (
        "When successfully played, you must take the top card of your Arsenal and put it "
        "into your Ringside pile.",
        effect("overturn_self", amount=1),
    ),
    ("Your opponent draws 2 cards.", effect("opp_draw", amount=2)),
    ("Opponent must draw a card.", effect("opp_draw", amount=1)),
    (
        "Overturn 1 card and you may draw 2 cards.",
        effect("overturn_self", amount=1) + may({"do": "draw", "amount": 2}),
    ),
    (
        "Can only be played after a successfully played 6D or greater maneuver.",
        (Piece("requires", {"after_damage": 6}),),
    ),
    ("Can only be played after a 3D+ maneuver.", (Piece("requires", {"after_damage": 3}),)),
    (
        "Can only be played after the card titled Rope Run.",
        (Piece("requires", {"after_name": "rope run"}),),
    ),
    (
        "The card titled Rope Run must be played before playing this card.",
        (Piece("requires", {"after_name": "rope run"}),),
    ),
    (
        "May only reverse the maneuver titled Flying Tackle.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver", "action"), "subtypes": (), "title_name": "flying tackle"},
            ),
        ),
    ),
    (
        "As a reversal, reverse the card titled Rope Run and end your opponent's turn.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver", "action"), "subtypes": (), "title_name": "rope run"},
            ),
        ),
    ),
    (
        "May only reverse a maneuver played after the card titled Rope Run.",
        (Piece("reverses", {"types": ("maneuver",), "subtypes": (), "after_name": "rope run"}),),
    ),
    (
        "When played from your hand, reverse any maneuver played after the card titled Rope "
        "Run and end your opponent's turn.",
        (
            Piece(
                "reverses",
                {
                    "types": ("maneuver",),
                    "subtypes": (),
                    "after_name": "rope run",
                    "hand_only": True,
                },
            ),
        ),
    ),
    (
        "Reverse any Strike, Grapple, or High Risk maneuver and end your opponent's turn.",
        (
            Piece(
                "reverses",
                {"types": ("maneuver",), "subtypes": ("strike", "grapple", "high_risk")},
            ),
        ),
    ),
    (
        "Reverses any maneuver and ends your opponent's turn.",
        (Piece("reverses", {"types": ("maneuver",), "subtypes": ()}),),
    ),
    (
        "Reverse any Action card played from your opponent's hand and end his turn.",
        (Piece("reverses", {"types": ("action",), "subtypes": (), "from_hand": True}),),
    ),
    ("May not be reversed.", (Piece("unreversible"),)),
    ("Doing this will not cause any damage to opponent.", (Piece("note"),)),
    ("As a reversal, draw 1 card.", (Piece("effect", {"do": "draw", "amount": 1}, "reversal"),)),
    (
        "At the beginning of your next turn, your first card played is considered to be "
        "played after the card titled Rope Run.",
        (Piece("carry", {"title_name": "rope run"}),),
    ),
    (
        "If it is a Submission maneuver, it is +3D.",
        (Piece("carry", {"bonus": {"do": "next_bonus", "amount": 3, "subtype": "submission"}}),),
    ),
    # searching by title (RD-7.17), reversal bonuses (RD-5.9), bonuses right after (RD-6.7)
    (
        "When successfully played, look through your Arsenal for the card titled Tight Grip "
        "and place that card in your hand, then shuffle your Arsenal.",
        (Piece("effect", {"do": "search", "title_name": "tight grip"}),),
    ),
    (
        "Search your Arsenal for the card titled Tight Grip, reveal it to your opponent, put "
        "it into your hand, and shuffle your Arsenal.",
        (Piece("effect", {"do": "search", "title_name": "tight grip"}),),
    ),
    (
        "Search your Ringside pile and Arsenal for the card titled Tight Grip, reveal it to "
        "your opponent, put it into your hand, and shuffle your Arsenal.",
        (Piece("effect", {"do": "search", "title_name": "tight grip", "ringside": True}),),
    ),
    ("Reversals to this maneuver are +3D.", (Piece("stat", {"reversal_bonus": 3}),)),
    ("Reversals to this card are +5D.", (Piece("stat", {"reversal_bonus": 5}),)),
    (
        "When played after a successfully played 6D or greater maneuver, this card is +4D.",
        (Piece("stat", {"after_bonus": {"after_damage": 6, "damage": 4}}),),
    ),
    (
        "As a maneuver, this card is +3D when played after a Grapple maneuver.",
        (Piece("stat", {"after_bonus": {"after_maneuver": "grapple", "damage": 3}}),),
    ),
    (
        "This card is -5F when played after the card titled Tight Grip.",
        (Piece("stat", {"after_bonus": {"after_name": "tight grip", "fortitude": 5}}),),
    ),
    (
        "This card is -4F when played after a card with the word 'slam' in the title.",
        (Piece("stat", {"after_bonus": {"after_word": "slam", "fortitude": 4}}),),
    ),
    # RD-7.18 to RD-7.21, and a requirement of cards in hand
    (
        "When successfully played, shuffle 2 cards from your Ringside pile into your Arsenal.",
        effect("shuffle_in", amount=2),
    ),
    (
        "Shuffle any 3 cards from your Ringside pile back into your Arsenal.",
        effect("shuffle_in", amount=3),
    ),
    ("Then draw 2 cards.", effect("draw", amount=2)),
    (
        "Your next maneuver this turn is +5D and your opponent's Reversal card to it is +10F.",
        effect("next_bonus", amount=5, maneuver=True) + effect("next_reversal_cost", amount=10),
    ),
    (
        "All Grapple maneuvers are +2D for the rest of this turn.",
        effect("turn_bonus", subtype="grapple", amount=2),
    ),
    ("Your maneuvers are +1D for the rest of the turn.", effect("turn_bonus", amount=1)),
    (
        "+3D to all your maneuvers and +10F to all of opponent's reversals for the rest of "
        "this turn.",
        effect("turn_bonus", amount=3, reversal_cost=10),
    ),
    (
        "Your opponent discards 1 card and overturns 3 cards.",
        effect("opp_discard", amount=1, choice=True) + effect("opp_overturn", amount=3),
    ),
    ("Opponent must overturn 2 cards.", effect("opp_overturn", amount=2)),
    (
        "Can only be played when you have 3 or more cards in your hand.",
        (Piece("requires", {"hand_at_least": 3}),),
    ),
    (
        "Discard 1 card and then your opponent discards 4 cards.",
        effect("discard", amount=1) + effect("opp_discard", amount=4, choice=True),
    ),
    # as many as the player chooses (RD-7.22); a reversal's effects from the hand
    (
        "Draw up to 3 cards and then discard 1 card.",
        effect("draw", amount=3, up_to=True) + effect("discard", amount=1),
    ),
    (
        "Shuffle up to 4 cards from your Ringside pile into your Arsenal.",
        effect("shuffle_in", amount=4, up_to=True),
    ),
    (
        "Put up to 2 cards from your Ringside pile into your hand.",
        effect("retrieve", amount=2, up_to=True),
    ),
    (
        "If played from your hand, draw 2 cards.",
        (Piece("effect", {"do": "draw", "amount": 2}, "reversal"),),
    ),
    # RD-7.23 to RD-7.25
    (
        "During your next turn, your maneuvers are +3D and his Reversal cards are +10F.",
        effect("next_turn_bonus", amount=3, reversal_cost=10),
    ),
    (
        "Opponent must discard 1 card; next turn, all your maneuvers are +1D, and all "
        "opponent's reversals are +5F.",
        effect("opp_discard", amount=1, choice=True)
        + effect("next_turn_bonus", amount=1, reversal_cost=5),
    ),
    (
        "Your opponent discards 1 card and on your next turn your maneuvers are +2D.",
        effect("opp_discard", amount=1, choice=True) + effect("next_turn_bonus", amount=2),
    ),
    (
        "Opponent discards all cards in his hand.",
        effect("discard_hand", whose="opponent"),
    ),
    ("All players discard their hands.", effect("discard_hand", whose="both")),
    (
        "If your next card played this turn is a maneuver, it cannot be reversed.",
        effect("next_unreversible"),
    ),
    (
        "If your next card played this turn is a maneuver of 5D or less your opponent can "
        "not reverse it.",
        effect("next_unreversible", max_damage=5),
    ),
    ("Play after a successfully played maneuver.", (Piece("requires", {"after_maneuver": "any"}),)),
    ("End your opponent's turn.", (Piece("note", {"reversal": True}),)),
    (
        "Take the top 3 cards from your Arsenal and put them in your Ringside pile.",
        effect("overturn_self", amount=3),
    ),
    # the player's own pile: their choice, said or not (RD-7.13)
    (
        "Put 1 card from your Ringside pile into your hand.",
        effect("retrieve", amount=1),
    ),
    (
        "You may take 1 card from your Ringside pile and put it into your hand.",
        may({"do": "retrieve", "amount": 1}),
    ),
    # wordings of the second set
    (
        "You may search your Arsenal for the card titled Rope Run and put it in your hand, "
        "then shuffle your Arsenal.",
        may({"do": "search", "title_name": "rope run"}),
    ),
    (
        "When successfully played, you win the game via a Pin Victory condition.",
        effect("pin_opponent"),
    ),
    (
        "Can only be played after an 8D or greater maneuver.",
        (Piece("requires", {"after_damage": 8}),),
    ),
    ("Your opponent discards his hand.", effect("discard_hand", whose="opponent")),
    (
        "If your next card played this turn is a maneuver, your opponent's reversal to it is +9F.",
        effect("next_reversal_cost", amount=9),
    ),
    (
        "May reverse any Grapple maneuver and end your opponent's turn.",
        (Piece("reverses", {"types": ("maneuver",), "subtypes": ("grapple",)}),),
    ),
    ("Put the top card of your Arsenal in your Ringside pile.", effect("overturn_self", amount=1)),
    (
        "Opponent must take the top 2 cards from his Arsenal and put them into his Ringside pile.",
        effect("opp_overturn", amount=2),
    ),
    ("Draw 6 cards and end your turn.", effect("draw", amount=6) + effect("end_turn")),
    # RD-7.26 to RD-7.28
    ("Look at opponent's hand", effect("look_hand")),
    ("You may look at your opponent's hand.", may({"do": "look_hand"})),
    (
        "Look at opponent's hand, and then make him discard all HEEL cards.",
        effect("look_hand") + effect("opp_discard_all", alignment="heel"),
    ),
    (
        "If he has any cards titled Rope Run he must discard them.",
        effect("opp_discard_all", title_name="rope run"),
    ),
    (
        "Your maneuvers cannot be reversed from his Arsenal for the rest of the turn.",
        effect("no_arsenal_reversals"),
    ),
    # RD-7.29, RD-6.8, RD-5.8 said on the card
    (
        "Draw 1 card or your opponent discards 1 card.",
        (
            Piece(
                "effect",
                {
                    "do": "either",
                    "first": [{"do": "draw", "amount": 1}],
                    "second": [{"do": "opp_discard", "amount": 1, "choice": True}],
                },
            ),
        ),
    ),
    (
        "When successfully played, you may either draw 3 cards, or force opponent to discard 1 "
        "card.",
        (
            Piece(
                "effect",
                {
                    "do": "either",
                    "first": [{"do": "draw", "amount": 3}],
                    "second": [{"do": "opp_discard", "amount": 1, "choice": True}],
                    "optional": True,
                },
            ),
        ),
    ),
    (
        "Add +2D for every maneuver with the word 'kick' in its title in your Ring area.",
        (Piece("stat", {"ring_bonus": {"word": "kick", "damage": 2}}),),
    ),
    (
        "# is equal to the reversed maneuver's Damage, read as 0 in your Ring area.",
        (Piece("note", {"as_reversed": True}),),
    ),
    # a Superstar's rules about cards by title (RD-3.14, RD-1.9), and RD-3.13
    (
        "You cannot pack the card titled Rope Run.",
        (Piece("star", {"cannot_pack": "rope run"}),),
    ),
    (
        "Your opponent cannot play the card titled Big Finish!",
        (Piece("star", {"opponent_cannot_play": "big finish"}),),
    ),
    (
        "Your card titled Big Finish is -8F.",
        (Piece("star", {"card_rule": {"title": "big finish", "fortitude": 8}}),),
    ),
    (
        "Your cards titled Rope Run are -1F and when you successfully play that card, you may "
        "draw 1 card.",
        (
            Piece(
                "star",
                {
                    "card_rule": {
                        "title": "rope run",
                        "fortitude": 1,
                        "effects": [{"do": "may", "effects": [{"do": "draw", "amount": 1}]}],
                    }
                },
            ),
        ),
    ),
    (
        "When you successfully play the card titled Rope Run, draw 2 cards.",
        (
            Piece(
                "star",
                {"card_rule": {"title": "rope run", "effects": [{"do": "draw", "amount": 2}]}},
            ),
        ),
    ),
    (
        "Once during each of your turns, before your Draw Segment, put 1 card from your "
        "Ringside pile on the bottom of your Arsenal.",
        (Piece("ability", {"ability": "start_recover"}),),
    ),
    (  # read, but a Fortitude cut is no maneuver's alone: reported
        "As a maneuver, this card is -4F when played after a card with the word 'slam' in the "
        "title.",
        (Piece("unsupported"),),
    ),
    # Superstar abilities as a Superstar card's own text words them (no "Superstar ability:")
    (
        "Once during each of your turns you may draw 1 card and then put 1 card from your "
        "hand on the bottom of your Arsenal.",
        (Piece("ability", {"ability": "draw_and_bury"}),),
    ),
    (
        "Once during each of your turns you may discard 2 cards and then put 1 card from "
        "your Ringside pile into your hand.",
        (Piece("ability", {"ability": "discard_to_retrieve"}),),
    ),
    (
        "Once during each of your turns you may discard 1 card and then your opponent "
        "discards 1 card.",
        (Piece("ability", {"ability": "discard_to_opp_discard"}),),
    ),
    (
        "Once during each of your turns, before your Draw Segment, your opponent overturns 1 card.",
        (Piece("ability", {"ability": "start_overturn"}),),
    ),
    (
        "You must always draw 2 cards, if possible, during your draw segment.",
        (Piece("ability", {"ability": "draw_two"}),),
    ),
    (
        "All damage from opponent is at -1D.",
        (Piece("ability", {"ability": "damage_reduction"}),),
    ),
]


@pytest.mark.parametrize(("sentence", "pieces"), TEMPLATES, ids=[t[0][:40] for t in TEMPLATES])
def test_every_template_is_read(sentence: str, pieces: tuple[Piece, ...]) -> None:
    assert read_sentence(sentence) == pieces


@pytest.mark.parametrize(
    "sentence",
    [
        "Your next Strike maneuver this turn gets +4D.",  # not the set-up's own wording
        "Draw 9000 cards.",  # a number of three digits is no number of the grammar
        "Reverse any card.",
        "Superstar ability: Flip a coin.",
        "Superstar ability: At the start of your turn, before your Draw Segment, you may put "
        "the top card of your Ringside pile on the bottom of your Arsenal.",  # optional, newest
        "Superstar ability: All damage to you is reduced by 2D.",  # only 1 is an ability
        "Superstar ability: Once during your turn, you may discard 3 cards to put 1 card of "
        "your choice from your Ringside pile into your hand.",  # not the ability's 2
        "Superstar ability: Once during your turn, you may discard a card, then your opponent "
        "discards 1 card at random.",  # the ability's discard is the opponent's choice
        "All damage from opponent is at -2D.",
        "",
        "Draw 1 card " + "and draw 1 card " * 40,  # longer than MAX_SENTENCE
    ],
)
def test_sentences_out_of_the_grammar_are_not_read(sentence: str) -> None:
    assert read_sentence(sentence) is None


def test_an_opponent_discard_is_their_choice_unless_at_random() -> None:
    """RD-7.15: a text that does not say "at random" leaves the choice to the opponent."""
    assert read_sentence("Opponent discards 1 card.") == effect(
        "opp_discard", amount=1, choice=True
    )
    assert read_sentence("Opponent discards 1 card at random.") == effect("opp_discard", amount=1)


def test_plain_quotes_dashes_and_case() -> None:
    assert read_sentence("REVERSE ANY STRIKE MANEUVER AND END YOUR OPPONENT\u2019S TURN!") == (
        Piece("reverses", {"types": ("maneuver",), "subtypes": ("strike",)}),
    )
    assert read_sentence("Reverse any High\u2013Risk maneuver.") is not None


def test_text_is_read_sentence_by_sentence() -> None:
    reading = read_text("Draw 1 card.  Look at your\nopponent's hand. Cannot be reversed.")
    assert [s for s, _ in reading.sentences] == [
        "Draw 1 card.",
        "Look at your",
        "opponent's hand.",
        "Cannot be reversed.",
    ]
    assert split_sentences("Draw 1 card. Draw a card.") == ["Draw 1 card.", "Draw a card."]
    assert split_sentences("Put Mr. Fist in. Take Surprise! and go! Draw 1 card.") == [
        "Put Mr. Fist in.",
        "Take Surprise! and go!",
        "Draw 1 card.",
    ]
    assert read_text("Draw 1 card. Flip a coin.").unread == ("Flip a coin.",)
    assert read_text("").sentences == ()


def test_reading_is_bounded_in_time() -> None:
    """A hostile text, long and full of the grammar's words, is read in bounded time: each
    sentence is cut at MAX_SENTENCE characters and parsed in linear time (LALR)."""
    words = "reverse any strike or grapple or submission or " * 2000
    reading = read_text(words + ". " + "draw 1 card and " * 5000)
    assert len(reading.unread) == 2 and MAX_SENTENCE < 1000
