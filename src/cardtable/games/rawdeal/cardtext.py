"""Card text into rules: a grammar of the printed templates of Raw Deal cards, read into the
effect vocabulary of cards.py (RD-7), the reversal and play conditions, and the Superstar
abilities.

A card's text is cut into sentences; each sentence is read whole by the grammar below (lark,
LALR: time linear in the sentence) or not at all. What a sentence means is one
:class:`Piece`; a sentence the grammar cannot read is returned as it was written, to be
reported, never guessed at. The grammar's words are lower case: a sentence is read in lower
case, with its quotes, dashes and spaces made plain.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import LarkError

GRAMMAR = r"""
?start: sentence
sentence: [as_type] [prefix] clause
as_type: "as" "an" "action" ","                                      -> as_action
       | "as" "a" "maneuver" ","                                     -> as_maneuver
       | "as" "a" "reversal" ","                                     -> as_reversal
       | "if" "played" "from" "your" "hand" ","                      -> as_reversal_hand
prefix: "when" "successfully" "played" ["and" "damage" "has" "been" "applied"] [","]
      | "if" "successful" [","]
      | "then" [","]

?clause: effects | may | reverse | require | ability | unreversible | note | carry | stat | star
        | either
either: "you" "may" "either" effect [","] "or" effect                  -> may_either
      | effect [","] "or" effect                                        -> either

may: "you" "may" effects
effects: effect (joint effect)* [joint may]
joint: "," | "and" | "," "and" | "then" | "," "then" | "and" "then" | "," "and" "then" | "to" | ";"
?effect: "draw" amount cards                                        -> draw
       | "draw" _up_to amount cards                                 -> draw_up_to
       | "shuffle" _up_to amount cards "from" _ringside _into_arsenal -> shuffle_up_to
       | "put" _up_to amount cards "from" _ringside _into_hand       -> retrieve_up_to
       | opponent ["must"] discard amount cards (at_random | their_choice)? -> opp_discard
       | _next_card article [subtype] "maneuver" [","] "it" _gets DAMAGE -> next_bonus
       | "reversals" "to" "your" "next" "maneuver" ["this" "turn"] "cost" "+" FORTITUDE -> next_cost
       | ["you" "must"] "overturn" amount "of" "your" "own" cards  -> overturn_self
       | "overturn" "the" "top" [amount] cards "of" "your" "arsenal" -> overturn_self
       | "overturn" amount cards                                   -> overturn_self
       | ["you" "must"] "take" "the" "top" "card" "of" _arsenal _put_it_in -> overturn_self
       | opponent ("draws" | "must" "draw") amount cards             -> opp_draw
       | "force" opponent "to" "discard" amount cards                  -> opp_discard_forced
       | _on_next_turn ["all"] "your" "maneuvers" "are" "+" DAMAGE [_and_rev_cost] -> next_turn
       | opponent "discards" "all" "cards" "in" "their" "hand"       -> opp_discard_hand
       | opponent "discards" "their" "hand"                          -> opp_discard_hand
       | "look" "at" ["your"] "opponent's" "hand"                     -> look_hand
       | "make" ("him" | "her" | "them") "discard" "all" ALIGNMENT "cards" -> discard_alignment
       | "if" _he "has" "any" "cards" "titled" name _he "must" "discard" "them" -> discard_titled
       | _yours "maneuvers" "cannot" "be" "reversed" _from_arsenal _rest_of_turn -> no_arsenal
       | "all" "players" "discard" "their" "hands"                   -> all_discard_hands
       | _next_card article "maneuver" [_at_most] [","] _not_reversed -> next_unrev
       | "take" "the" "top" amount cards "from" _arsenal _put_them_in -> overturn_self
       | opponent ("overturns" | "must" "overturn") amount cards     -> opp_overturn
       | "overturns" amount cards                                   -> opp_overturn
       | "shuffle" ["any"] amount cards [_of_choice] "from" _ringside _into_arsenal -> shuffle_in
       | "your" "next" "maneuver" ["played"] "this" "turn" "is" "+" DAMAGE -> keep_bonus
       | "your" "opponent's" "reversal" cards "to" "it" ("is" | "are") "+" FORTITUDE -> next_cost
       | _next_card article "maneuver" "," _their_reversal_to_it FORTITUDE -> next_cost
       | "take" _one_card "from" _ringside "and" "put" "it" _into "your" "hand" -> retrieve_one
       | "put" "the" "top" "card" "of" _arsenal _into _ringside       -> overturn_self
       | opponent "must" "take" "the" "top" amount cards _from_theirs_to_ringside -> opp_overturn
       | ["all"] [_yours] [subtype] "maneuvers" "are" "+" DAMAGE _rest_of_turn -> turn_bonus
       | "+" DAMAGE "to" "all" "your" "maneuvers" "and" _all_reversals _rest_of_turn -> turn_bonus
       | _look_for _titled name _place_it [","] "then" _shuffle      -> search
       | "search" _arsenal "for" _titled name _found                  -> search
       | "search" _arsenal "for" _titled name _and_take_it _shuffle    -> search
       | "search" _ringside "and" ["your"] "arsenal" "for" _titled name _found -> search_both
       | "put" "the" "top" [amount] cards "of" _ringside _to_bottom     -> recover
       | "put" amount cards _of_choice "from" _ringside _to_bottom      -> recover_choice
       | "put" amount cards [_of_choice] "from" _ringside _into_hand    -> retrieve
       | "discard" "this" "card"                                   -> discard_self
       | "discard" amount cards [_of_choice] ["from" "your" "hand"] -> own_discard
       | "end" "your" "turn"                                       -> end_turn
       | "you" "win" "the" ("match" | "game") [_by_pin]            -> pin_opponent
       | opponent "is" "pinned"                                    -> pin_opponent

reverse: [from_hand] _reverse_any targets [condition] [_ends_turn]    -> reverse
       | [from_hand] _reverse_one _titled name [_ends_turn]           -> reverse_title
       | _reverse_any "action" "card" _from_their_hand [_ends_turn]  -> reverse_from_hand
_reverse_any: ("reverse" | "reverses") "any" | "may" ["only"] "reverse" ("a" | "an" | "any")
_reverse_one: "reverse" | "may" "only" "reverse"
from_hand: "when" "played" "from" "your" "hand" ","
_ends_turn: "and" ("end" | "ends") ("your" "opponent's" | "their") "turn"
_titled: "the" ("card" | "maneuver" | "cards" | "action") "titled"
_from_their_hand: "played" "from" "your" "opponent's" "hand"
targets: target ("or" target)*
target: [subtypes] "maneuver"                                       -> maneuver
      | "action"                                                    -> action
subtypes: subtype (("," | "or" | "," "or") subtype)*
condition: ("of" | "that" "does") DAMAGE "or" "less"                -> max_damage
         | "played" "after" [_titled] name                          -> reverse_after

require: _only_after article [subtype] "maneuver"                  -> after_subtype
       | _only_after article "maneuver" "of" DAMAGE "or" "more"     -> after_damage
       | _only_after [article] [_successful] DAMAGE _or_more "maneuver" -> after_damage_first
       | _only_after [_titled] name                                 -> after_card
       | _titled name _before_this                                  -> after_card
       | _only_if "your" "fortitude" "is" _higher                   -> fortitude_over
       | _only_when NUMBER "or" "more" "cards" "in" "your" "hand"   -> hand_at_least
       | "play" "after" article [_successful] [subtype] "maneuver"  -> play_after
_only_when: "can" "only" "be" "played" "when" "you" "have"
_only_after: "can" "only" "be" "played" "after"
_or_more: "or" ("greater" | "more") | "+"
_successful: "successfully" "played"
_before_this: "must" "be" "played" "before" "playing" "this" "card"
_only_if: "can" "only" "be" "played" "if"
_higher: "higher" "than" "your" "opponent's" ["fortitude"]

ability: ["superstar" "ability" ":"] power
?power: "during" "your" "draw" "segment" [","] "draw" TWO cards "instead" "of" ONE -> draw_two
      | _start opponent "must" "overturn" "the" "top" "card" "of" _theirs -> start_overturn
      | _once_before opponent "overturns" ONE "card"                  -> start_overturn
      | _once_before "put" _one_card "from" _ringside _to_bottom      -> start_recover
      | "you" "must" "always" "draw" TWO "cards" [_if_possible] _in_draw -> draw_two
      | "all" "damage" "from" opponent "is" "at" "-" ONE_D              -> damage_reduction
      | _start "put" "the" "top" "card" "of" _ringside _to_bottom   -> start_recycle
      | _start "you" "may" _recycle_choice                         -> start_recycle_choice
      | "damage" "from" "your" "opponent's" "maneuvers" "is" "reduced" "by" ONE -> tough
      | ["all"] "damage" _to_you "is" "reduced" "by" _one_point    -> damage_reduction
      | _once_may "draw" ONE "card" [","] ["and"] ["then"] _bury   -> draw_and_bury
      | _once_may "discard" TWO "cards" [_of_choice] _so _retrieve_one   -> discard_to_retrieve
      | _once_may "discard" _one_card [_of_choice] _so _opp_discards    -> discard_to_opp_discard
_start: "at" "the" "start" "of" "your" "turn" [","] "before" "your" "draw" "segment" [","]
_if_possible: [","] "if" "possible" ","
_in_draw: "during" "your" "draw" "segment"
_once: "once" "during" ("your" "turn" | "each" "of" "your" "turns") [","]
_once_before: _once "before" "your" "draw" "segment" [","]
_once_may: _once "you" "may"
_theirs: "their" "arsenal"
_bury: "put" ONE "card" "from" "your" "hand" _to_bottom
_next_card: "if" "your" "next" "card" ["played"] "this" "turn" "is"
_into_arsenal: ["back"] "into" _arsenal
_yours: "your"
_their_reversal_to_it: "your" "opponent's" "reversal" "to" "it" "is" "+"
_from_theirs_to_ringside: "from" "their" "arsenal" "and" "put" "them" _into _their_ringside
_their_ringside: "their" "ringside" "pile"
_and_take_it: "and" "put" "it" _into "your" "hand" [","] ["then"]
_by_pin: "via" "a" "pin" "victory" "condition"
_he: "he" | "she" | "they"
_from_arsenal: "from" "their" "arsenal"
_on_next_turn: ("during" | "on") "your" "next" "turn" [","] | "next" "turn" ","
_and_rev_cost: [","] "and" ["all"] _their_reversals ("is" | "are") "+" FORTITUDE
_their_reversals: ("their" | "opponent's" | "your" "opponent's") ("reversals" | "reversal" cards)
_at_most: "of" DAMAGE "or" "less"
_not_reversed: "it" "cannot" "be" "reversed" | opponent ("can" "not" | "cannot") "reverse" "it"
_up_to: "up" "to"
_rest_of_turn: "for" "the" "rest" "of" ("this" | "the") "turn"
_all_reversals: "+" FORTITUDE "to" "all" "of" ["your"] "opponent's" "reversals"
_look_for: "look" "through" _arsenal "for"
_place_it: "and" "place" "that" "card" _into "your" "hand"
_reveal: [","] "reveal" "it" "to" opponent
_found: [_reveal] _take_it _shuffle
_take_it: [","] "put" "it" _into "your" "hand" [","] ["and"]
_shuffle: "shuffle" _arsenal
_gets: ("gets" | "is") "+"
_arsenal: "your" "arsenal"
_put_it_in: "and" "put" "it" _into _ringside
_put_them_in: "and" "put" "them" _into _ringside
_ringside: "your" "ringside" "pile"
_to_bottom: "on" "the" "bottom" "of" "your" "arsenal"
_into_hand: _into "your" "hand"
_into: "into" | "in" | "to"
_of_choice: "of" "your" "choice"
_one_card: ("a" | ONE) "card"
_recycle_choice: "put" _one_card _of_choice "from" _ringside _to_bottom
_retrieve_one: "put" _one_card [_of_choice] "from" _ringside _into_hand
_one_point: ONE | ONE_D
_to_you: "to" ("you" | "this" "superstar") | "you" "take"
_so: "to" | [","] ["and"] "then"
_opp_discards: ("have" | "make") opponent "discard" _one_card [their_choice]
             | opponent ("discards" | "must" "discard") _one_card [their_choice]

unreversible: ["this" "card"] ("cannot" | "may" "not") "be" "reversed"
note: "doing" "this" "will" "not" "cause" "any" "damage" "to" opponent
    | "end" "your" "opponent's" "turn"                               -> turn_note
    | "#" "is" "equal" "to" "the" "reversed" "maneuver's" "damage" [_as_zero] -> damage_note
_as_zero: [","] "read" "as" "0" "in" "your" "ring" ["area"]
carry: _next_turn _first_card "played" "after" _titled name              -> carry_after
     | "if" "it" "is" article [subtype] "maneuver" [","] "it" "is" "+" DAMAGE -> carry_bonus
_next_turn: "at" "the" "beginning" "of" "your" "next" "turn" ","
_first_card: "your" "first" "card" "played" "is" "considered" "to" "be"

stat: "reversals" "to" "this" ("maneuver" | "card") "are" "+" DAMAGE     -> reversal_bonus
    | _when_after _big_maneuver "," _this_is "+" DAMAGE                  -> bonus_after_damage
    | _this_is "+" DAMAGE _when_after article [subtype] "maneuver"       -> bonus_after_subtype
    | _this_is "-" FORTITUDE _when_after _titled name                   -> cut_after_card
    | _this_is "-" FORTITUDE _when_after "a" "card" _with_word          -> cut_after_word
    | "add" "+" DAMAGE "for" "every" "maneuver" _with_word _in_ring     -> ring_bonus
_in_ring: "in" "your" "ring" ["area"]
_when_after: "when" "played" "after"
_big_maneuver: article [_successful] DAMAGE _or_more "maneuver"
_this_is: "this" "card" "is"
_with_word: "with" "the" "word" QUOTED "in" ("the" | "its") "title"

star: "you" "cannot" "pack" _titled name                             -> cannot_pack
    | opponent "cannot" "play" _titled name                          -> opponent_cannot_play
    | "your" cards "titled" name _less FORTITUDE [_and_then_that rule_effects] -> title_cut
    | "when" "you" "successfully" "play" _titled name "," rule_effects -> title_effects
_and_then_that: "and" "when" "you" "successfully" "play" "that" "card" ","
_less: ("is" | "are") "-"
rule_effects: effects | may

opponent: ["your"] "opponent"
discard: "discard" | "discards"
at_random: "at" "random"
their_choice: "of" ("their" | "his" | "her") "choice"
cards: "card" | "cards"
article: "a" | "an"
amount: NUMBER | WORD_NUMBER | article
subtype: "strike" -> strike
       | "grapple" -> grapple
       | "submission" -> submission
       | "high" "risk" -> high_risk
       | "high-risk" -> high_risk
       | "trademark" "finisher" -> trademark_finisher
name: WORD+

ONE: "1" | "one"
ONE_D.2: "1d"
TWO: "2" | "two"
WORD_NUMBER: "one" | "two" | "three" | "four" | "five"
DAMAGE: /\d{1,2}d/
FORTITUDE: /\d{1,2}f/
NUMBER: /\d{1,2}/
WORD.-1: /[a-z0-9][a-z0-9'&!?\-]*/
QUOTED: /'[a-z0-9 ]{1,40}'/
ALIGNMENT.2: "face" | "heel"

%import common.WS
%ignore WS
"""

MAX_SENTENCE = 400  # characters: a longer sentence is not read (and is reported)
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# a sentence ends at a full stop (not a title's: Mr.), or at ! or ? before no small letter (a
# card's name may end in !: "a card titled Surprise! goes")
_SENTENCE_END = re.compile(
    r"(?<!\bMr\.)(?<!\bMrs\.)(?<!\bDr\.)(?<=\.)\s+|(?<=[!?])\s+(?=[^a-z])|\n+"
)
_PLAIN = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_PLAIN_DASHES = re.compile(r"[\u2010-\u2015]")


@dataclass(frozen=True)
class Piece:
    """What one sentence means: ``kind`` is ``effect`` (``data``: an entry of ``effects``;
    ``play_as``: only when the card is played as ``maneuver`` or ``action``, RD-3.7),
    ``reverses`` (fields of a Reverses, ``after_name`` for a card named), ``requires``
    (fields of a Requires, ``after_name`` likewise), ``ability`` (``data["ability"]``),
    ``unreversible``, or ``unsupported`` (read, but nothing the vocabulary says: a play
    type before what is no effect)."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    play_as: str = ""


@dataclass(frozen=True)
class Reading:
    """A card text read: each sentence with its pieces (``None``: not read)."""

    sentences: tuple[tuple[str, tuple[Piece, ...] | None], ...]

    @property
    def unread(self) -> tuple[str, ...]:
        """The sentences the grammar could not read."""
        return tuple(s for s, pieces in self.sentences if pieces is None)


def split_sentences(text: str) -> list[str]:
    """A card text's sentences, as written (spaces made single)."""
    parts = (" ".join(p.split()) for p in _SENTENCE_END.split(text))
    return [p for p in parts if p]


def plain(sentence: str) -> str:
    """A sentence as the grammar reads it: lower case, plain quotes and dashes, no full stop
    at the end."""
    text = _PLAIN_DASHES.sub("-", sentence.translate(_PLAIN)).lower()
    text = text.replace("his or her", "their").replace(" his ", " their ")
    return text.rstrip(" .!")


RANDOM = "at random"  # what the transformer makes of "at random"


@v_args(inline=True)
class _Meaning(Transformer[Token, Any]):
    """A parse tree into pieces (a tuple of :class:`Piece`)."""

    def sentence(self, play_as: str | None, _prefix: Any, clause: Any) -> tuple[Piece, ...]:
        pieces = clause if isinstance(clause, tuple) else (clause,)
        if play_as is None:
            return pieces
        if play_as == "reversal_hand" and all(p.kind == "reverses" for p in pieces):
            return tuple(Piece(p.kind, p.data | {"hand_only": True}) for p in pieces)
        if play_as == "reversal_hand":  # its effects: only from the hand anyway (RD-5.4)
            play_as = "reversal"
        if play_as == "reversal" and all(p.kind == "reverses" for p in pieces):
            return pieces  # what it reverses is said of the card as a reversal anyway
        if play_as == "maneuver" and all(_damage_only(p) for p in pieces):
            return pieces  # a damage bonus is a maneuver's anyway
        if any(p.kind != "effect" for p in pieces):
            return (Piece("unsupported"),)
        return tuple(Piece(p.kind, p.data, play_as) for p in pieces)

    def as_action(self) -> str:
        return "action"

    def as_maneuver(self) -> str:
        return "maneuver"

    def as_reversal(self) -> str:
        return "reversal"

    def as_reversal_hand(self) -> str:
        return "reversal_hand"

    def may(self, effects: tuple[Piece, ...]) -> Piece:
        return Piece("effect", {"do": "may", "effects": [p.data for p in effects]})

    def effects(self, *items: Any) -> tuple[Piece, ...]:
        return tuple(i for i in items if isinstance(i, Piece))

    def joint(self, *_: Any) -> None:
        return None

    def amount(self, token: Token) -> int:
        text = str(token)
        return int(text) if text.isdigit() else NUMBERS[text]

    def article(self, *_: Any) -> int:
        return 1

    def cards(self, *_: Any) -> None:
        return None

    def draw(self, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "draw", "amount": amount})

    def at_random(self, *_: Any) -> str:
        return RANDOM

    def their_choice(self, *_: Any) -> str:
        return "choice"

    def opp_discard(self, _opp: Any, _discard: Any, amount: int, *rest: Any) -> Piece:
        """RD-7.15: the opponent chooses the cards they discard unless the text says they
        are discarded at random (RD-7.2)."""
        data: dict[str, Any] = {"do": "opp_discard", "amount": amount}
        if RANDOM in rest:
            return Piece("effect", data)
        return Piece("effect", data | {"choice": True})

    def next_bonus(self, *items: Any) -> Piece:
        sub = next((i for i in items if isinstance(i, str) and not isinstance(i, Token)), None)
        damage = next(i for i in items if isinstance(i, Token) and i.type == "DAMAGE")
        out: dict[str, Any] = {"do": "next_bonus", "amount": int(damage[:-1])}
        if sub is not None:
            out["subtype"] = sub
        return Piece("effect", out)

    def next_cost(self, *items: Any) -> Piece:
        fortitude = next(i for i in items if isinstance(i, Token) and i.type == "FORTITUDE")
        return Piece("effect", {"do": "next_reversal_cost", "amount": int(fortitude[:-1])})

    def overturn_self(self, *items: Any) -> Piece:
        amount = next((i for i in items if isinstance(i, int)), 1)
        return Piece("effect", {"do": "overturn_self", "amount": amount})

    def recover(self, *items: Any) -> Piece:
        amount = next((i for i in items if isinstance(i, int)), 1)
        return Piece("effect", {"do": "recover", "amount": amount})

    def recover_choice(self, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "recover", "amount": amount, "choice": True})

    def retrieve(self, amount: int, *_: Any) -> Piece:
        """RD-7.13 (the cards of one's own pile are one's choice, said or not)."""
        return Piece("effect", {"do": "retrieve", "amount": amount})

    def discard_self(self) -> Piece:
        return Piece("effect", {"do": "discard_self"})

    def own_discard(self, amount: int, *_: Any) -> Piece:
        return Piece("effect", {"do": "discard", "amount": amount})

    def draw_up_to(self, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "draw", "amount": amount, "up_to": True})

    def shuffle_up_to(self, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "shuffle_in", "amount": amount, "up_to": True})

    def retrieve_up_to(self, amount: int, _cards: Any) -> Piece:
        """RD-7.22 (the cards of one's own pile are one's choice)."""
        return Piece("effect", {"do": "retrieve", "amount": amount, "up_to": True})

    def next_turn(self, *items: Any) -> Piece:
        """RD-7.23 (the DAMAGE, then the FORTITUDE of reversals, if said)."""
        out: dict[str, Any] = {"do": "next_turn_bonus"}
        for i in items:
            if isinstance(i, Token) and i.type in ("DAMAGE", "FORTITUDE"):
                out["amount" if i.type == "DAMAGE" else "reversal_cost"] = int(i[:-1])
        return Piece("effect", out)

    def look_hand(self, *_: Any) -> Piece:
        return Piece("effect", {"do": "look_hand"})

    def discard_alignment(self, alignment: Token) -> Piece:
        return Piece("effect", {"do": "opp_discard_all", "alignment": str(alignment)})

    def discard_titled(self, name: str) -> Piece:
        return Piece("effect", {"do": "opp_discard_all", "title_name": name})

    def no_arsenal(self, *_: Any) -> Piece:
        return Piece("effect", {"do": "no_arsenal_reversals"})

    def retrieve_one(self, *_: Any) -> Piece:
        """RD-7.13: a card of the player's own Ringside pile (their choice: the text names no
        card)."""
        return Piece("effect", {"do": "retrieve", "amount": 1})

    def opp_discard_hand(self, *_: Any) -> Piece:
        return Piece("effect", {"do": "discard_hand", "whose": "opponent"})

    def all_discard_hands(self, *_: Any) -> Piece:
        return Piece("effect", {"do": "discard_hand", "whose": "both"})

    def next_unrev(self, *items: Any) -> Piece:
        """RD-7.25 (with the damage limit, if said)."""
        limit = [int(i[:-1]) for i in items if isinstance(i, Token) and i.type == "DAMAGE"]
        out: dict[str, Any] = {"do": "next_unreversible"}
        return Piece("effect", out | ({"max_damage": limit[0]} if limit else {}))

    def opp_discard_forced(self, _opp: Any, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "opp_discard", "amount": amount, "choice": True})

    def either(self, first: Piece, second: Piece) -> Piece:
        """RD-7.29: one of two effects, the player's choice."""
        return Piece("effect", {"do": "either", "first": [first.data], "second": [second.data]})

    def may_either(self, first: Piece, second: Piece) -> Piece:
        piece = self.either(first, second)
        return Piece("effect", piece.data | {"optional": True})

    def opp_draw(self, _opp: Any, amount: int, _cards: Any) -> Piece:
        return Piece("effect", {"do": "opp_draw", "amount": amount})

    def opp_overturn(self, *items: Any) -> Piece:
        """RD-7.21 ("overturns" with no subject: the opponent, the one the card speaks of)."""
        amount = next(i for i in items if isinstance(i, int))
        return Piece("effect", {"do": "opp_overturn", "amount": amount})

    def shuffle_in(self, *items: Any) -> Piece:
        amount = next(i for i in items if isinstance(i, int))
        return Piece("effect", {"do": "shuffle_in", "amount": amount})

    def keep_bonus(self, damage: Token) -> Piece:
        return Piece("effect", {"do": "next_bonus", "amount": int(damage[:-1]), "maneuver": True})

    def turn_bonus(self, *items: Any) -> Piece:
        """RD-7.20: this turn's bonus (the DAMAGE, a subtype, a FORTITUDE for reversals)."""
        out: dict[str, Any] = {"do": "turn_bonus"}
        for i in items:
            if isinstance(i, Token) and i.type in ("DAMAGE", "FORTITUDE"):
                out["amount" if i.type == "DAMAGE" else "reversal_cost"] = int(i[:-1])
            elif isinstance(i, str) and not isinstance(i, Token):
                out["subtype"] = i
        return Piece("effect", out)

    def end_turn(self) -> Piece:
        return Piece("effect", {"do": "end_turn"})

    def pin_opponent(self, *_: Any) -> Piece:
        return Piece("effect", {"do": "pin_opponent"})

    # ----- reversals ---------------------------------------------------------------------
    def strike(self) -> str:
        return "strike"

    def grapple(self) -> str:
        return "grapple"

    def submission(self) -> str:
        return "submission"

    def high_risk(self) -> str:
        return "high_risk"

    def trademark_finisher(self) -> str:
        return "trademark_finisher"

    def subtypes(self, *subs: str) -> tuple[str, ...]:
        return subs

    def maneuver(self, subs: tuple[str, ...] | None) -> tuple[str, tuple[str, ...]]:
        return "maneuver", subs or ()

    def action(self) -> tuple[str, tuple[str, ...]]:
        return "action", ()

    def targets(self, *targets: tuple[str, tuple[str, ...]]) -> dict[str, Any]:
        types = tuple(dict.fromkeys(t for t, _ in targets))
        subs = tuple(dict.fromkeys(s for _, ss in targets for s in ss))
        if any(t == "maneuver" and not ss for t, ss in targets):
            subs = ()  # "any maneuver" takes every subtype
        return {"types": types, "subtypes": subs}

    def max_damage(self, damage: Token) -> dict[str, Any]:
        return {"max_damage": int(damage[:-1])}

    def reverse_after(self, name: str) -> dict[str, Any]:
        return {"after_name": name}

    def reverse(self, *items: Any) -> Piece:
        hand, targets, condition = items
        return Piece("reverses", {**targets, **(condition or {}), **(hand or {})})

    def reverse_title(self, hand: dict[str, Any] | None, name: str) -> Piece:
        """Only the card of that name (its id resolved once every card is read)."""
        return Piece(
            "reverses",
            {"types": ("maneuver", "action"), "subtypes": ()}
            | {"title_name": name, **(hand or {})},
        )

    def reverse_from_hand(self, *_: Any) -> Piece:
        return Piece("reverses", {"types": ("action",), "subtypes": (), "from_hand": True})

    def from_hand(self, *_: Any) -> dict[str, Any]:
        """RD-5.7: a reversal that works only played from the hand, never overturned."""
        return {"hand_only": True}

    def name(self, *words: Token) -> str:
        return " ".join(str(w) for w in words)

    # ----- requirements, abilities -------------------------------------------------------
    def after_subtype(self, _article: Any, sub: str | None) -> Piece:
        return Piece("requires", {"after_maneuver": sub or "any"})

    def after_damage(self, _article: Any, damage: Token) -> Piece:
        return Piece("requires", {"after_damage": int(damage[:-1])})

    def after_damage_first(self, *items: Any) -> Piece:
        damage = next(i for i in items if isinstance(i, Token) and i.type == "DAMAGE")
        return Piece("requires", {"after_damage": int(damage[:-1])})

    def after_card(self, name: str) -> Piece:
        return Piece("requires", {"after_name": name})

    def hand_at_least(self, number: Token) -> Piece:
        return Piece("requires", {"hand_at_least": int(number)})

    def fortitude_over(self, *_: Any) -> Piece:
        return Piece("requires", {"fortitude_over_opponent": True})

    def ability(self, power: str) -> Piece:
        return Piece("ability", {"ability": power})

    def draw_two(self, *_: Any) -> str:
        return "draw_two"

    def start_overturn(self, *_: Any) -> str:
        return "start_overturn"

    def start_recycle(self, *_: Any) -> str:
        return "start_recycle"

    def tough(self, *_: Any) -> str:
        return "tough"

    def draw_and_bury(self, *_: Any) -> str:
        return "draw_and_bury"

    def start_recycle_choice(self, *_: Any) -> str:
        return "start_recycle_choice"

    def damage_reduction(self, *_: Any) -> str:
        return "damage_reduction"

    def discard_to_retrieve(self, *_: Any) -> str:
        return "discard_to_retrieve"

    def discard_to_opp_discard(self, *_: Any) -> str:
        return "discard_to_opp_discard"

    def unreversible(self, *_: Any) -> Piece:
        return Piece("unreversible")

    def carry_after(self, name: str) -> Piece:
        """RD-6.4: a set-up reversal's next turn begins as if after it (``title_name``:
        the card named, which must be the card itself)."""
        return Piece("carry", {"title_name": name})

    def carry_bonus(self, *items: Any) -> Piece:
        """RD-6.4: the carried set-up's bonus, as its ``next_bonus`` says."""
        bonus = self.next_bonus(*items)
        return Piece("carry", {"bonus": bonus.data})

    def search(self, name: str, *_: Any) -> Piece:
        return Piece("effect", {"do": "search", "title_name": name})

    def search_both(self, name: str, *_: Any) -> Piece:
        return Piece("effect", {"do": "search", "title_name": name, "ringside": True})

    def reversal_bonus(self, damage: Token) -> Piece:
        return Piece("stat", {"reversal_bonus": int(damage[:-1])})

    def bonus_after_damage(self, *items: Any) -> Piece:
        """RD-6.7: +D right after a maneuver of some damage (the first DAMAGE, the second)."""
        need, bonus = (int(i[:-1]) for i in items if isinstance(i, Token) and i.type == "DAMAGE")
        return Piece("stat", {"after_bonus": {"after_damage": need, "damage": bonus}})

    def bonus_after_subtype(self, damage: Token, _article: Any, sub: str | None) -> Piece:
        bonus = {"after_maneuver": sub or "any", "damage": int(damage[:-1])}
        return Piece("stat", {"after_bonus": bonus})

    def cut_after_card(self, fortitude: Token, name: str) -> Piece:
        bonus = {"after_name": name, "fortitude": int(fortitude[:-1])}
        return Piece("stat", {"after_bonus": bonus})

    def ring_bonus(self, damage: Token, word: Token) -> Piece:
        """RD-6.8: +D for each maneuver of the word in the player's Ring."""
        bonus = {"word": str(word).strip("'"), "damage": int(damage[:-1])}
        return Piece("stat", {"ring_bonus": bonus})

    def cut_after_word(self, fortitude: Token, word: Token) -> Piece:
        bonus = {"after_word": str(word).strip("'"), "fortitude": int(fortitude[:-1])}
        return Piece("stat", {"after_bonus": bonus})

    def cannot_pack(self, name: str) -> Piece:
        return Piece("star", {"cannot_pack": name})

    def opponent_cannot_play(self, _opp: Any, name: str) -> Piece:
        return Piece("star", {"opponent_cannot_play": name})

    def rule_effects(self, pieces: Any) -> tuple[Piece, ...]:
        return pieces if isinstance(pieces, tuple) else (pieces,)

    def title_cut(self, _cards: Any, name: str, fortitude: Token, *rest: Any) -> Piece:
        """RD-3.14: a Superstar's cards of a title need less Fortitude (and do more)."""
        effects = next((r for r in rest if isinstance(r, tuple)), ())
        rule = {"title": name, "fortitude": int(fortitude[:-1])}
        return Piece("star", {"card_rule": rule | self._effects_of(effects)})

    def title_effects(self, name: str, pieces: tuple[Piece, ...]) -> Piece:
        return Piece("star", {"card_rule": {"title": name} | self._effects_of(pieces)})

    @staticmethod
    def _effects_of(pieces: tuple[Piece, ...]) -> dict[str, Any]:
        return {"effects": [p.data for p in pieces]} if pieces else {}

    def start_recover(self, *_: Any) -> str:
        return "start_recover"

    def damage_note(self, *_: Any) -> Piece:
        """RD-5.8 said on a "#D" reversal: its damage is the reversed maneuver's, 0 in the
        Ring."""
        return Piece("note", {"as_reversed": True})

    def turn_note(self, *_: Any) -> Piece:
        """A reversal's sentence that says it ends the turn, as every reversal does."""
        return Piece("note", {"reversal": True})

    def play_after(self, *items: Any) -> Piece:
        sub = next((i for i in items if isinstance(i, str) and not isinstance(i, Token)), None)
        return Piece("requires", {"after_maneuver": sub or "any"})

    def note(self, *_: Any) -> Piece:
        """A sentence that only says what the rules do anyway (an action deals no damage)."""
        return Piece("note")


def _damage_only(piece: Piece) -> bool:
    """Whether a piece only adds to the card's damage (a maneuver's alone)."""
    bonus = piece.data.get("after_bonus", {})
    return (
        piece.kind == "stat" and "reversal_bonus" not in piece.data and not bonus.get("fortitude")
    )


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", maybe_placeholders=True)


def read_sentence(sentence: str) -> tuple[Piece, ...] | None:
    """What one sentence means, or ``None`` when the grammar cannot read it (or it is
    longer than MAX_SENTENCE characters)."""
    text = plain(sentence)
    if not text or len(text) > MAX_SENTENCE:
        return None
    parser = _parser()
    try:
        tree = parser.parse(text)
    except LarkError:
        return None
    pieces: tuple[Piece, ...] = _Meaning().transform(tree)
    return pieces


def read_text(text: str) -> Reading:
    """A card's printed text, sentence by sentence."""
    return Reading(tuple((s, read_sentence(s)) for s in split_sentences(text)))
