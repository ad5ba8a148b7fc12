"""The Raw Deal card schema and its effect vocabulary.

Superstars and Enforcers stand beside the decks; the Arsenal holds maneuvers, actions and
reversals (a hybrid has several types and is played as one of them); the Backlash deck holds
Pre-match and Mid-match cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal

from pydantic import Field, TypeAdapter, field_validator, model_validator

from cardtable.core.cards import CardBase, CardPool, CardTypes, StrictModel, card_problem
from cardtable.core.errors import CardFileError
from cardtable.core.i18n import N_, named, reason

PLAY_TYPES = ("maneuver", "action", "reversal")
SUBTYPES = ("strike", "grapple", "submission", "high_risk", "trademark_finisher")
Subtype = Literal["strike", "grapple", "submission", "high_risk", "trademark_finisher"]
PlayType = Literal["maneuver", "action", "reversal"]
ABILITIES = (
    "none",
    "draw_two",  # draws 2 in the Draw Segment
    "start_overturn",  # before the Draw Segment the opponent overturns 1 card
    "start_recycle",  # before the Draw Segment the newest Ringside card goes under the Arsenal
    "tough",  # damage from the opponent's maneuvers is 1 less
    "draw_and_bury",  # once per turn: draw 1, then put 1 card from the hand under the Arsenal
    "enforcer",  # may reveal an Enforcer at the start of the game
    "damage_reduction",  # all damage to the Superstar (maneuvers' and reversals') is 1 less
    # before the Draw Segment the player may put a Ringside card of their choice under the
    # Arsenal
    "start_recycle_choice",
    # once per turn: discard 2 cards, then put 1 Ringside card of one's choice into the hand
    "discard_to_retrieve",
    # once per turn: discard 1 card, then the opponent discards 1 card of their choice
    "discard_to_opp_discard",
    # before the Draw Segment the player puts a Ringside card of their choice under the
    # Arsenal (not optional)
    "start_recover",
)
# the abilities used with the action ``ability`` in the main segment (one a Superstar)
ACTIVATED = ("draw_and_bury", "discard_to_retrieve", "discard_to_opp_discard")
# abilities that do one thing two ways: a Superstar has one of each pair at most
OVERLAPPING = (
    ("tough", "damage_reduction"),
    ("start_recycle", "start_recycle_choice"),
    ("start_recycle", "start_recover"),
    ("start_recycle_choice", "start_recover"),
)


def title_key(name: str) -> str:
    """A card's name as titles are matched: any case, no closing ``!``, ``?`` or ``.`` (a
    sentence's end takes them off)."""
    return " ".join(name.lower().split()).rstrip("!?. ")


def abilities_problem(names: tuple[str, ...]) -> str | None:
    """Why a Superstar cannot have these abilities together (RD-3.8), or None."""
    if not names:
        return N_("'ability' lists no ability")
    if len(set(names)) != len(names):
        return N_("'ability' names an ability twice")
    if "none" in names and len(names) > 1:
        return N_("'none' is an ability only alone")
    if sum(a in ACTIVATED for a in names) > 1:
        why = N_("at most one of {abilities} (each is used with 'ability')")
        return reason(why, abilities=named(", ".join(ACTIVATED)))
    for pair in OVERLAPPING:
        if set(pair) <= set(names):
            why = N_("{first} and {second} do one thing two ways: keep one")
            return reason(why, first=named(pair[0]), second=named(pair[1]))
    return None


class Draw(StrictModel):
    """The player draws ``amount`` cards (with ``up_to``: as many of them as they choose,
    RD-7.22)."""

    do: Literal["draw"]
    amount: int = Field(ge=1, le=10)
    up_to: bool = False


class OppDiscard(StrictModel):
    """The opponent discards ``amount`` cards at random from the hand to Ringside (RD-7.2);
    with ``choice``, cards of the opponent's choice, one at a time (RD-7.15)."""

    do: Literal["opp_discard"]
    amount: int = Field(ge=1, le=5)
    choice: bool = False


class NextBonus(StrictModel):
    """Set-up: if the next card played this turn is a maneuver of ``subtype`` (any if
    omitted), it gets +amount D; any other next card uses the bonus up (RD-6.2). With
    ``maneuver``: the next maneuver this turn gets it, the actions before it do not use it
    up (RD-7.18)."""

    do: Literal["next_bonus"]
    amount: int = Field(ge=1, le=10)
    subtype: Subtype | None = None
    maneuver: bool = False


class NextReversalCost(StrictModel):
    """The opponent's reversals to your next maneuver this turn cost +amount F."""

    do: Literal["next_reversal_cost"]
    amount: int = Field(ge=1, le=30)


class OverturnSelf(StrictModel):
    """You overturn ``amount`` cards of your own Arsenal to your Ringside (a cost)."""

    do: Literal["overturn_self"]
    amount: int = Field(ge=1, le=5)


class Recover(StrictModel):
    """Put your ``amount`` newest Ringside cards under your Arsenal; with ``choice``, cards
    of your choice, one at a time (RD-7.14)."""

    do: Literal["recover"]
    amount: int = Field(ge=1, le=5)
    choice: bool = False


class PinOpponent(StrictModel):
    """The opponent is pinned at once: an alternative win (RD-7.9)."""

    do: Literal["pin_opponent"]


class OppDraw(StrictModel):
    """The opponent draws ``amount`` cards (RD-7.16)."""

    do: Literal["opp_draw"]
    amount: int = Field(ge=1, le=5)


class Search(StrictModel):
    """You look through your Arsenal (with ``ringside``: your Ringside pile first) for a card
    ``title`` (a card id), put one into your hand, shown, then shuffle your Arsenal
    (RD-7.17)."""

    do: Literal["search"]
    title: str = Field(min_length=1, max_length=200)
    ringside: bool = False


class ShuffleIn(StrictModel):
    """You put ``amount`` cards of your choice from your Ringside pile into your Arsenal,
    one at a time, then shuffle it (RD-7.19)."""

    do: Literal["shuffle_in"]
    amount: int = Field(ge=1, le=5)
    up_to: bool = False  # as many of them as the player chooses (RD-7.22)


class TurnBonus(StrictModel):
    """For the rest of this turn your maneuvers (of ``subtype``, any if omitted) get
    +amount D, and reversals to them cost +reversal_cost F (RD-7.20)."""

    do: Literal["turn_bonus"]
    amount: int = Field(0, ge=0, le=10)
    subtype: Subtype | None = None
    reversal_cost: int = Field(0, ge=0, le=30)

    @model_validator(mode="after")
    def _something(self) -> TurnBonus:
        if not self.amount and not self.reversal_cost:
            raise ValueError(N_("'turn_bonus' needs 'amount' or 'reversal_cost'"))
        if self.reversal_cost and self.subtype:
            raise ValueError(N_("'turn_bonus' with 'reversal_cost' is for every maneuver"))
        return self


class OppOverturn(StrictModel):
    """The opponent overturns ``amount`` cards of their Arsenal to their Ringside pile: no
    damage (RD-7.21)."""

    do: Literal["opp_overturn"]
    amount: int = Field(ge=1, le=10)


class NextTurnBonus(StrictModel):
    """On your next turn your maneuvers get +amount D, and reversals to them cost
    +reversal_cost F (RD-7.23)."""

    do: Literal["next_turn_bonus"]
    amount: int = Field(0, ge=0, le=10)
    reversal_cost: int = Field(0, ge=0, le=30)

    @model_validator(mode="after")
    def _something(self) -> NextTurnBonus:
        if not self.amount and not self.reversal_cost:
            raise ValueError(N_("'next_turn_bonus' needs 'amount' or 'reversal_cost'"))
        return self


class DiscardHand(StrictModel):
    """Every card of a hand goes to its Ringside pile: ``whose`` (RD-7.24)."""

    do: Literal["discard_hand"]
    whose: Literal["own", "opponent", "both"]


class NextUnreversible(StrictModel):
    """If your next card played this turn is a maneuver (of at most ``max_damage``), it
    cannot be reversed (RD-7.25)."""

    do: Literal["next_unreversible"]
    max_damage: int | None = Field(None, ge=0, le=40)


class LookHand(StrictModel):
    """You look at your opponent's hand: you see its cards as they are now (RD-7.26)."""

    do: Literal["look_hand"]


class OppDiscardAll(StrictModel):
    """The opponent discards every card of their hand of ``alignment``, or of ``title`` (a
    card id) (RD-7.27)."""

    do: Literal["opp_discard_all"]
    alignment: Literal["face", "heel"] | None = None
    title: str | None = Field(None, min_length=1, max_length=200)

    @model_validator(mode="after")
    def _one(self) -> OppDiscardAll:
        if (self.alignment is None) == (self.title is None):
            raise ValueError(N_("'opp_discard_all' needs one of 'alignment', 'title'"))
        return self


class NoArsenalReversals(StrictModel):
    """For the rest of this turn no reversal overturned from an Arsenal stops the damage of
    your maneuvers (RD-7.28)."""

    do: Literal["no_arsenal_reversals"]


class EndTurn(StrictModel):
    """After this card's damage, your turn ends."""

    do: Literal["end_turn"]


class DiscardSelf(StrictModel):
    """This card goes to your Ringside pile instead of your Ring (RD-7.11)."""

    do: Literal["discard_self"]


class Discard(StrictModel):
    """You discard ``amount`` cards of your choice from your hand to Ringside (RD-7.12)."""

    do: Literal["discard"]
    amount: int = Field(ge=1, le=5)


class Retrieve(StrictModel):
    """You put ``amount`` cards of your choice from your Ringside pile into your hand
    (RD-7.13)."""

    do: Literal["retrieve"]
    amount: int = Field(ge=1, le=5)
    up_to: bool = False  # as many of them as the player chooses (RD-7.22)


SimpleEffect = Annotated[
    Draw
    | OppDiscard
    | NextBonus
    | NextReversalCost
    | OverturnSelf
    | Recover
    | EndTurn
    | PinOpponent
    | OppDraw
    | DiscardSelf
    | Discard
    | Retrieve
    | LookHand
    | Search,
    Field(discriminator="do"),
]


class May(StrictModel):
    """You may apply ``effects``, all of them in order, or decline them all (RD-7.10)."""

    do: Literal["may"]
    effects: tuple[SimpleEffect, ...] = Field(min_length=1, max_length=4)

    @model_validator(mode="after")
    def _no_end_turn(self) -> May:
        if any(e.do == "end_turn" for e in self.effects):
            why = N_("'may' cannot hold end_turn: whether the turn ends is never a choice")
            raise ValueError(why)
        return self


class Either(StrictModel):
    """The player takes ``first`` or ``second`` (with ``optional``: or neither) (RD-7.29)."""

    do: Literal["either"]
    first: tuple[SimpleEffect, ...] = Field(min_length=1, max_length=4)
    second: tuple[SimpleEffect, ...] = Field(min_length=1, max_length=4)
    optional: bool = False


Effect = Annotated[
    Draw
    | OppDiscard
    | NextBonus
    | NextReversalCost
    | OverturnSelf
    | Recover
    | EndTurn
    | PinOpponent
    | OppDraw
    | Search
    | ShuffleIn
    | TurnBonus
    | OppOverturn
    | NextTurnBonus
    | DiscardHand
    | NextUnreversible
    | LookHand
    | OppDiscardAll
    | NoArsenalReversals
    | DiscardSelf
    | Discard
    | Retrieve
    | May
    | Either,
    Field(discriminator="do"),
]
VERBS = (
    "draw",
    "opp_discard",
    "next_bonus",
    "next_reversal_cost",
    "overturn_self",
    "recover",
    "end_turn",
    "pin_opponent",
    "opp_draw",
    "search",
    "shuffle_in",
    "turn_bonus",
    "opp_overturn",
    "next_turn_bonus",
    "discard_hand",
    "next_unreversible",
    "look_hand",
    "opp_discard_all",
    "no_arsenal_reversals",
    "discard_self",
    "discard",
    "retrieve",
    "may",
    "either",
)


# the verbs that set up the player's own next card: no use on the opponent's turn
TURN_VERBS = frozenset(
    {
        "next_bonus",
        "next_reversal_cost",
        "end_turn",
        "turn_bonus",
        "next_unreversible",
        "no_arsenal_reversals",
    }
)
# the verbs that work on the turn of the card's own player, or move the card played: not
# for a reversal's effects (a reversal may ask choices, RD-7.10 to RD-7.15)
NOT_REVERSAL_VERBS = TURN_VERBS | {"discard_self"}
# and any effect with ``choice``
ASKING_VERBS = frozenset({"may", "discard", "retrieve", "shuffle_in", "either"})
PLAYED = ("arsenal", "midmatch")


def not_for_reversals(effects: tuple[Effect, ...]) -> list[str]:
    """The verbs of ``effects`` (those a ``may`` offers too) a reversal may not hold: the
    turn's verbs (``next_bonus``, ``next_reversal_cost``, ``end_turn``) and ``discard_self``."""
    offered = {i.do for e in effects if isinstance(e, May) for i in e.effects}
    offered |= {i.do for e in effects if isinstance(e, Either) for i in (*e.first, *e.second)}
    return sorted(({e.do for e in effects} | offered) & NOT_REVERSAL_VERBS)


class EffectsAs(StrictModel):
    """A hybrid's effects that happen only when it is played as one of its types, after its
    ``effects`` (RD-3.7)."""

    maneuver: tuple[Effect, ...] = ()
    action: tuple[Effect, ...] = ()

    def of(self, play_type: str) -> tuple[Effect, ...]:
        """The effects of one type (none for a reversal)."""
        return (
            self.action
            if play_type == "action"
            else self.maneuver
            if play_type == "maneuver"
            else ()
        )


class Reverses(StrictModel):
    """What a reversal can reverse: all the given conditions must hold."""

    types: tuple[Literal["maneuver", "action"], ...] = ("maneuver",)
    subtypes: tuple[Subtype, ...] = ()  # empty: any
    max_damage: int | None = Field(None, ge=0, le=40)  # the damage after modifiers
    after: str | None = None  # only a card played right after this card id (e.g. irish-whip)
    titles: tuple[str, ...] = ()  # only these card ids
    hand_only: bool = False  # only from the hand or Backlash deck, never from the Arsenal
    from_hand: bool = False  # only a card played from the hand, not from the Backlash deck
    alignment: Literal["face", "heel"] | None = None  # only a card of this alignment
    # only while the attacker's Ring holds at least this many cards of ``alignment``
    ring_at_least: int | None = Field(None, ge=1, le=20)
    overturned_only: bool = False  # never played: it reverses only when overturned (RD-5.7)
    effects_when_overturned: bool = False  # RD-5.7: overturned_text=official applies its effects

    @model_validator(mode="after")
    def _ring_needs_alignment(self) -> Reverses:
        if self.ring_at_least is not None and self.alignment is None:
            raise ValueError(N_("'ring_at_least' counts cards of 'alignment', which is missing"))
        if self.overturned_only and self.hand_only:
            raise ValueError(N_("a reversal cannot be both 'overturned_only' and 'hand_only'"))
        return self


class Requires(StrictModel):
    """Conditions for playing a card (besides Fortitude)."""

    after: str | None = None  # must be played right after this card id this turn
    after_damage: int | None = Field(None, ge=1, le=40)  # right after a maneuver of this D+
    # right after a maneuver of this subtype ("any": any maneuver)
    after_maneuver: (
        Literal["any", "strike", "grapple", "submission", "high_risk", "trademark_finisher"] | None
    ) = None
    fortitude_over_opponent: bool = False
    hand_at_least: int | None = Field(None, ge=2, le=20)  # cards in hand, this one too


class AfterBonus(StrictModel):
    """A card that is stronger played right after some card this turn (RD-6.7): +``damage``
    D, and its Fortitude need ``fortitude`` lower; the conditions are those of
    :class:`Requires`, or ``after_word``: a card whose name holds that word."""

    after: str | None = None
    after_damage: int | None = Field(None, ge=1, le=40)
    after_maneuver: (
        Literal["any", "strike", "grapple", "submission", "high_risk", "trademark_finisher"] | None
    ) = None
    after_word: str | None = Field(None, min_length=1, max_length=40)
    damage: int = Field(0, ge=0, le=20)
    fortitude: int = Field(0, ge=0, le=40)

    @model_validator(mode="after")
    def _one_condition_and_a_bonus(self) -> AfterBonus:
        conditions = (self.after, self.after_damage, self.after_maneuver, self.after_word)
        if sum(c is not None for c in conditions) != 1:
            why = N_("'after_bonus' needs one of 'after', 'after_damage', 'after_maneuver', "
                     "'after_word'")  # fmt: skip
            raise ValueError(why)
        if not self.damage and not self.fortitude:
            raise ValueError(N_("'after_bonus' needs 'damage' or 'fortitude'"))
        return self


class RingBonus(StrictModel):
    """A maneuver that gets +``damage`` D for each maneuver in its player's Ring whose name
    holds ``word`` (RD-6.8)."""

    word: str = Field(min_length=1, max_length=40)
    damage: int = Field(ge=1, le=10)


class PrematchEffect(StrictModel):
    """A Pre-match card's lasting effect while it is in the Ring."""

    damage_bonus: int = Field(0, ge=0, le=5)  # your maneuvers of ``subtype`` get +D
    subtype: Subtype | None = None
    fortitude: int = Field(0, ge=0, le=10)  # added to your Fortitude Rating
    draw: int = Field(0, ge=0, le=3)  # cards drawn when it is placed
    opp_damage_reduction: int = Field(0, ge=0, le=3)  # damage you take from maneuvers
    superstar_value: int = Field(0, ge=-3, le=3)  # added to your Superstar Value (RD-2.4)


class NoStarFields:
    """What a card that is not a Superstar or an Enforcer reads as (no such fields)."""

    hand_size: ClassVar[None] = None
    superstar_value: ClassVar[None] = None
    ability: ClassVar[None] = None
    abilities: ClassVar[tuple[str, ...]] = ()


class NotPlayed:
    """What a card that is never played reads as: none of an arsenal card's fields."""

    plays_as: ClassVar[tuple[PlayType, ...]] = ()
    subtypes: ClassVar[tuple[Subtype, ...]] = ()
    fortitude: ClassVar[int] = 0
    reversal_bonus: ClassVar[int] = 0
    after_bonus: ClassVar[None] = None
    ring_bonus: ClassVar[None] = None
    damage: ClassVar[int] = 0
    stun: ClassVar[int] = 0
    reverses: ClassVar[None] = None
    requires: ClassVar[None] = None
    effects: ClassVar[tuple[Effect, ...]] = ()
    effects_as: ClassVar[None] = None
    reversal_effects: ClassVar[tuple[Effect, ...]] = ()
    damage_as_reversed: ClassVar[bool] = False
    active: ClassVar[bool] = False
    setup: ClassVar[bool] = False
    follow_up: ClassVar[bool] = False
    multi: ClassVar[bool] = False
    cannot_be_reversed: ClassVar[bool] = False
    is_hybrid: ClassVar[bool] = False


class NoPrematch:
    """What a card that is not a Pre-match card reads as."""

    prematch_kind: ClassVar[None] = None
    prematch: ClassVar[None] = None


class RawDealCardBase(CardBase):
    """The traits any Raw Deal card may have; each type's model adds its own fields."""

    unique: bool = False
    universally_unique: bool = False
    alignment: Literal["face", "heel"] | None = None
    brand: Literal["raw", "smackdown"] | None = None
    superstar: str | None = None  # a Superstar-specific card: that Superstar's id
    # an imported card (cardtable import): its traits the rules do not read (Tag, Foreign
    # Object, ...), and the sentences of its printed text (``text``) they do not enforce
    traits: tuple[str, ...] = ()
    unenforced: tuple[str, ...] = ()
    # an imported card: its id in the OCTGN set file, which OCTGN deck files name it by
    octgn_id: str | None = Field(default=None, max_length=64, pattern=r"^[0-9a-f-]+$")


class StarCard(NotPlayed, NoPrematch, RawDealCardBase):
    """A Superstar or an Enforcer: beside the decks, with a hand size and a value."""

    hand_size: int = Field(ge=0, le=15)
    superstar_value: int = Field(ge=-5, le=10)


class CardRule(StrictModel):
    """A Superstar's rule for its player's cards of one title (RD-3.14): they need
    ``fortitude`` less, and ``effects`` follow when one is played successfully."""

    title: str = Field(min_length=1, max_length=200)  # a card's name as printed
    fortitude: int = Field(0, ge=0, le=40)
    effects: tuple[Effect, ...] = Field((), max_length=4)

    @model_validator(mode="after")
    def _does_something(self) -> CardRule:
        if not self.fortitude and not self.effects:
            raise ValueError(N_("a card rule needs 'fortitude' or 'effects'"))
        return self


class Superstar(StarCard):
    """The Superstar a deck is built around, with its ability."""

    type: Literal["superstar"]
    # one ability of ABILITIES, or a list of them (RD-3.8)
    ability: str | tuple[str, ...] | None = None
    card_rules: tuple[CardRule, ...] = Field((), max_length=8)  # RD-3.14
    # card names the opponents may not play (RD-3.14), and this deck may not hold (RD-1.9)
    opponent_cannot_play: tuple[str, ...] = Field((), max_length=8)
    cannot_pack: tuple[str, ...] = Field((), max_length=8)

    @field_validator("ability")
    @classmethod
    def _abilities_fit(cls, value: str | tuple[str, ...] | None) -> str | tuple[str, ...] | None:
        names = (value,) if isinstance(value, str) else value or ()
        unknown = [a for a in names if a not in ABILITIES]
        if unknown:
            why = N_("no ability {name}; the abilities: {abilities}")
            raise ValueError(
                reason(why, name=named(repr(unknown[0])), abilities=named(", ".join(ABILITIES)))
            )
        problem = None if isinstance(value, str) or value is None else abilities_problem(value)
        if problem:
            raise ValueError(problem)
        return value

    @property
    def abilities(self) -> tuple[str, ...]:
        """The Superstar's abilities, a list or one ("none" counts as none)."""
        if self.ability is None or self.ability == "none":
            return ()
        return (self.ability,) if isinstance(self.ability, str) else tuple(self.ability)


class Enforcer(StarCard):
    """An Enforcer (no ability of its own)."""

    type: Literal["enforcer"]
    ability: ClassVar[None] = None
    abilities: ClassVar[tuple[str, ...]] = ()


class PlayedCard(NoStarFields, NoPrematch, RawDealCardBase):
    """An Arsenal or Mid-match card: played as a maneuver, an action or a reversal."""

    plays_as: tuple[PlayType, ...] = ()  # two or more: a hybrid
    subtypes: tuple[Subtype, ...] = ()
    fortitude: int = Field(0, ge=0, le=40)
    damage: int = Field(0, ge=0, le=40)
    stun: int = Field(0, ge=0, le=3)
    reverses: Reverses | None = None
    requires: Requires | None = None
    effects: tuple[Effect, ...] = ()
    effects_as: EffectsAs | None = None  # a hybrid's effects of one type only (RD-3.7)
    reversal_effects: tuple[Effect, ...] = ()  # when it reverses a card from the hand
    damage_as_reversed: bool = False  # "#D": its damage is that of the card it reverses
    active: bool = False
    setup: bool = False
    follow_up: bool = False
    multi: bool = False
    cannot_be_reversed: bool = False
    reversal_bonus: int = Field(0, ge=0, le=20)  # reversals to it deal +N damage (RD-5.9)
    after_bonus: AfterBonus | None = None  # stronger right after some card (RD-6.7)
    ring_bonus: RingBonus | None = None  # stronger for some cards in the Ring (RD-6.8)

    @model_validator(mode="after")
    def _plays_fit(self) -> PlayedCard:
        if not self.plays_as or len(set(self.plays_as)) != len(self.plays_as):
            raise ValueError(N_("an arsenal or mid-match card needs 'plays_as' (distinct types)"))
        if "maneuver" in self.plays_as and not self.subtypes:
            raise ValueError(N_("a maneuver needs at least one of 'subtypes'"))
        if "reversal" in self.plays_as and self.reverses is None:
            raise ValueError(N_("a reversal needs 'reverses'"))
        if "reversal" not in self.plays_as and (self.reverses or self.reversal_effects):
            raise ValueError(N_("only a reversal has 'reverses' and 'reversal_effects'"))
        if self.multi and len(self.subtypes) < 2:
            raise ValueError(N_("a Multi maneuver has two or more subtypes"))
        if self.damage_as_reversed and (self.damage or "reversal" not in self.plays_as):
            raise ValueError(N_("'damage_as_reversed' is for a reversal with 'damage: 0' (RD-5.8)"))
        if set(self.plays_as) == {"reversal"} and (self.effects or self.effects_as):
            raise ValueError(N_("a reversal's effects go in 'reversal_effects'"))
        return self

    @model_validator(mode="after")
    def _effects_fit(self) -> PlayedCard:
        turn_only = not_for_reversals(self.reversal_effects)
        if turn_only:
            why = N_("'reversal_effects' cannot hold {verbs}: they work on the turn of the card's "
                     "own player, or on the card played")  # fmt: skip
            raise ValueError(reason(why, verbs=named(", ".join(turn_only))))
        rev = self.reverses
        asks = sorted(
            {
                e.do
                for e in self.reversal_effects
                if e.do in ASKING_VERBS or getattr(e, "choice", False)
            }
        )
        if rev and (rev.overturned_only or rev.effects_when_overturned) and asks:
            why = N_("'reversal_effects' of a reversal that works when overturned cannot hold "
                     "{verbs}: nobody is asked a choice in the middle of damage")  # fmt: skip
            raise ValueError(reason(why, verbs=named(", ".join(asks))))
        self._check_effects_as()
        return self

    def _check_effects_as(self) -> None:
        """RD-3.7: ``effects_as`` names types the hybrid is played as, a maneuver or an
        action."""
        if self.effects_as is None:
            return
        if not self.is_hybrid:
            why = N_("'effects_as' is for a hybrid (RD-3.7): a card of one type keeps its "
                     "effects in 'effects'")  # fmt: skip
            raise ValueError(why)
        for play_type in ("maneuver", "action"):
            if self.effects_as.of(play_type) and play_type not in self.plays_as:
                why = N_("'effects_as' has effects as {type}, which 'plays_as' does not list")
                raise ValueError(reason(why, type=named(play_type)))

    @property
    def is_hybrid(self) -> bool:
        """Whether the card has two or more types to choose from."""
        return len(self.plays_as) > 1


class Arsenal(PlayedCard):
    """A card of the Arsenal."""

    type: Literal["arsenal"]


class Midmatch(PlayedCard):
    """A Mid-match card of the Backlash deck."""

    type: Literal["midmatch"]


class Prematch(NoStarFields, NotPlayed, RawDealCardBase):
    """A Pre-match card of the Backlash deck: a lasting effect while in the Ring."""

    type: Literal["prematch"]
    prematch_kind: Literal["venue", "feud", "stipulation", "manager", "title_belt", "event"]
    prematch: PrematchEffect

    @model_validator(mode="after")
    def _belt_is_universally_unique(self) -> Prematch:
        if self.prematch_kind == "title_belt" and not self.universally_unique:
            raise ValueError(N_("a title belt is 'universally_unique: true' (RD-6.1)"))
        return self


RawDealCard = Superstar | Enforcer | Arsenal | Prematch | Midmatch
ADAPTER: CardTypes[RawDealCard] = CardTypes.of(RawDealCard)
EFFECT_LIST: TypeAdapter[tuple[Effect, ...]] = TypeAdapter(tuple[Effect, ...])
"""Reads a list of effects as a card file writes them (an observation's ``choice`` offer)."""


def check_pool(pool: CardPool[RawDealCard]) -> None:
    """Cross-card checks (CardFileError): every card id a card names exists, and a
    Superstar-specific card names a Superstar."""
    kind = {c.id: c.type for c in pool.cards}
    problems = []
    for c in pool.cards:
        named: list[tuple[str, str | None, tuple[str, ...]]] = [
            ("superstar", c.superstar, ("superstar",))
        ]
        if c.requires:
            named.append(("requires.after", c.requires.after, PLAYED))
        if c.after_bonus is not None:
            named.append(("after_bonus.after", c.after_bonus.after, PLAYED))
        named += [(f"effects.{i}.title", e.title, PLAYED) for i, e in _titled_effects(c) if e.title]
        if c.reverses:
            named.append(("reverses.after", c.reverses.after, PLAYED))
            named += [(f"reverses.titles.{i}", t, PLAYED) for i, t in enumerate(c.reverses.titles)]
        for field, cid, types in named:
            if cid is not None and kind.get(cid) not in types:
                problems.append(card_problem(f"card '{c.id}'", field, _not_a(cid, kind)))
    if problems:
        raise CardFileError("\n".join(problems), problems)


def _titled_effects(c: RawDealCard) -> list[tuple[int, Search | OppDiscardAll]]:
    """The effects of a card that name a card by id (RD-7.17 ``search``, RD-7.27
    ``opp_discard_all``), with their places in its effects (a Superstar's: in its card
    rules, RD-3.14)."""
    effects = (*c.effects, *c.reversal_effects)
    if c.effects_as is not None:
        effects += (*c.effects_as.maneuver, *c.effects_as.action)
    if isinstance(c, Superstar):
        effects += tuple(e for rule in c.card_rules for e in rule.effects)
    return [(i, e) for i, e in enumerate(effects) if isinstance(e, Search | OppDiscardAll)]


def _not_a(cid: str, kind: Mapping[str, str]) -> str:
    """Why a card id a card names is not one it may name: no such card, or its type."""
    if cid not in kind:
        return reason(N_("{card}: no such card"), card=named(repr(cid)))
    a = (
        N_("{card}: it is an {kind} card")
        if kind[cid][:1] in "aeiou"
        else N_("{card}: it is a {kind} card")
    )
    return reason(a, card=named(repr(cid)), kind=named(kind[cid]))
