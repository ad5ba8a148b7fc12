"""The Shaman King card schema and its effect vocabulary.

Costs are colours of furyoku (green, yellow, red). A Strike has Intercept (to stop the
incoming attack) and Force (the attack it sends back). Advantage cards charge their zone;
Teamwork cards stay in a zone's teamwork area and strengthen that zone.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from cardtable.core.cards import CardBase, CardTypes, StrictModel
from cardtable.core.i18n import N_, named, reason

ZONES = ("green", "yellow", "red")
Zone = Literal["green", "yellow", "red"]
TEAMWORK_TRAITS = ("x-laws", "yoh", "zeke")
ADVANTAGE_TRAITS = ("mind", "body", "soul")
STRIKE_TRAITS = ("melee", "ranged", "guardian")


class Cost(StrictModel):
    """Furyoku to pay, by colour: green is paid by any furyoku, yellow by yellow or red, red
    only by red."""

    green: int = Field(0, ge=0, le=6)
    yellow: int = Field(0, ge=0, le=6)
    red: int = Field(0, ge=0, le=6)


class When(StrictModel):
    """A condition; every given field must hold."""

    incoming_max: int | None = Field(None, ge=0, le=20)  # the incoming Force is at most this
    incoming_min: int | None = Field(None, ge=0, le=20)
    zone: Zone | None = None  # the card is in this zone
    teamwork_here: bool | None = None  # this zone has (True) / has no (False) Teamwork card
    zone_of: str | None = Field(None, min_length=1)  # this zone is that character's (SK-5.7)


class ForceEffect(StrictModel):
    """+amount Force to the counterattack (a Strike's own, or this turn's for Advantage and
    Teamwork)."""

    do: Literal["force"]
    amount: int = Field(ge=-5, le=10)
    when: When | None = None


class InterceptEffect(StrictModel):
    """+amount Intercept (a Strike's own; for Advantage and Teamwork: strikes flipped later)."""

    do: Literal["intercept"]
    amount: int = Field(ge=-5, le=10)
    when: When | None = None


class ForcePerTeamwork(StrictModel):
    """+amount Force for each Teamwork card the opponent has in play."""

    do: Literal["force_per_opp_teamwork"]
    amount: int = Field(ge=1, le=3)
    when: When | None = None


class GainFuryoku(StrictModel):
    """Add ``amount`` furyoku (from the top of the discard pile) to a zone ("this": the card's)."""

    do: Literal["gain_furyoku"]
    amount: int = Field(ge=1, le=3)
    zone: Literal["green", "yellow", "red", "this"] = "this"
    when: When | None = None


class ChargeEffect(StrictModel):
    """Charge a zone (besides the Advantage's own charge); "weakest": the first uncharged."""

    do: Literal["charge"]
    zone: Literal["green", "yellow", "red", "weakest"] = "weakest"
    when: When | None = None


class MoveBack(StrictModel):
    """The defence moves back ``zones`` zones: the attack must pass them again."""

    do: Literal["move_back"]
    zones: int = Field(1, ge=1, le=2)
    when: When | None = None


class Underpay(StrictModel):
    """Teamwork: cards flipped in this zone cost ``amount`` less of ``color``."""

    do: Literal["underpay"]
    amount: int = Field(1, ge=1, le=3)
    color: Zone = "green"
    when: When | None = None


Effect = Annotated[
    ForceEffect
    | InterceptEffect
    | ForcePerTeamwork
    | GainFuryoku
    | ChargeEffect
    | MoveBack
    | Underpay,
    Field(discriminator="do"),
]
VERBS = (
    "force",
    "intercept",
    "force_per_opp_teamwork",
    "gain_furyoku",
    "charge",
    "move_back",
    "underpay",
)


class Signature(StrictModel):
    """A Signature strike inside a Shaman card."""

    name: str = Field(min_length=1)
    name_ja: str = ""  # its name in Japanese (default: name)
    cost: Cost = Cost()
    intercept: int = Field(ge=0, le=20)
    force: int = Field(ge=0, le=20)
    effects: tuple[Effect, ...] = ()


class ShamanSide(StrictModel):
    """One face of a Shaman card, with its Signature strike."""

    name: str = Field(min_length=1)
    name_ja: str = ""  # its name in Japanese (default: name)
    signature: Signature


class NoStrikeFields:
    """What a card that is not a Strike reads as: no Intercept, Force or extra ability."""

    intercept: ClassVar[None] = None
    force: ClassVar[None] = None
    extra_cost: ClassVar[None] = None
    extra_effects: ClassVar[tuple[Effect, ...]] = ()


class NoTeamworkFields:
    """What a card that is not a Teamwork card reads as."""

    shamans: ClassVar[tuple[str, ...]] = ()
    character: ClassVar[None] = None


class Shaman(NoStrikeFields, NoTeamworkFields, CardBase):
    """A Shaman card: its three traits and two faces, each with a Signature strike."""

    type: Literal["shaman"]
    traits: dict[Literal["teamwork", "advantage", "strike"], str]
    front: ShamanSide
    back: ShamanSide
    trait: ClassVar[None] = None
    cost: ClassVar[Cost] = Cost()
    immediate: ClassVar[bool] = False
    effects: ClassVar[tuple[Effect, ...]] = ()

    @model_validator(mode="after")
    def _three_traits(self) -> Shaman:
        if set(self.traits) != {"teamwork", "advantage", "strike"}:
            raise ValueError(
                N_("a Shaman's 'traits' names its teamwork, advantage and strike traits")
            )
        for kind, trait in self.traits.items():
            _check_trait(kind, trait)
        return self


class DeckCard(CardBase):
    """A card of the deck (not a Shaman): a trait (None: generic), a cost and effects."""

    trait: str | None = None
    cost: Cost = Cost()
    effects: tuple[Effect, ...] = ()
    traits: ClassVar[None] = None
    front: ClassVar[None] = None
    back: ClassVar[None] = None

    @model_validator(mode="after")
    def _trait_fits_type(self) -> DeckCard:
        if self.trait is not None:
            _check_trait(getattr(self, "type"), self.trait)  # noqa: B009
        return self


class Strike(NoTeamworkFields, DeckCard):
    """A Strike: Intercept stops the incoming attack, Force is the attack sent back."""

    type: Literal["strike"]
    intercept: int = Field(ge=0, le=20)
    force: int = Field(ge=0, le=20)
    extra_cost: Cost | None = None  # an optional ability, paid before its own cost
    extra_effects: tuple[Effect, ...] = ()  # what that ability does
    immediate: ClassVar[bool] = False

    @model_validator(mode="after")
    def _extra_ability(self) -> Strike:
        if (self.extra_cost is None) != (not self.extra_effects):
            raise ValueError(N_("'extra_cost' and 'extra_effects' go together"))
        return self


class Advantage(NoStrikeFields, NoTeamworkFields, DeckCard):
    """An Advantage card: it charges its zone (or, ``immediate``, is used at once)."""

    type: Literal["advantage"]
    immediate: bool = False  # used at once, never placed in the advantage area


class Teamwork(NoStrikeFields, DeckCard):
    """A Teamwork card: stays in a zone's teamwork area and strengthens that zone."""

    type: Literal["teamwork"]
    # a guardian spirit names the Shamans it works with, one by one (SK-5.6)
    shamans: tuple[str, ...] = ()
    character: str | None = Field(None, min_length=1)  # the zone's name (SK-5.7), character_of
    immediate: ClassVar[bool] = False

    @model_validator(mode="after")
    def _spirit_has_no_trait(self) -> Teamwork:
        if self.shamans and self.trait is not None:
            raise ValueError(N_("a guardian spirit names its 'shamans' instead of a 'trait'"))
        return self


SKCard = Shaman | Strike | Advantage | Teamwork


def _check_trait(kind: str, trait: str) -> None:
    allowed = {"teamwork": TEAMWORK_TRAITS, "advantage": ADVANTAGE_TRAITS, "strike": STRIKE_TRAITS}[
        kind
    ]
    if trait not in allowed:
        why = N_("a {kind} trait is one of {traits}; got {trait}")
        raise ValueError(reason(why, kind=named(kind), traits=named(", ".join(allowed)),
                                trait=named(repr(trait))))  # fmt: skip


def character_of(card: SKCard) -> str:
    """The character whose name a Teamwork card gives its zone (SK-5.7): its ``character``,
    else its name up to the first comma ("Hana Kurose, Hot-Spring Cook": "Hana Kurose")."""
    return card.character or card.name.split(",")[0].strip()


ADAPTER: CardTypes[SKCard] = CardTypes.of(SKCard)
