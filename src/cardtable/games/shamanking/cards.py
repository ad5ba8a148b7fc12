"""The Shaman King card schema and its effect vocabulary.

Costs are colours of furyoku (green, yellow, red). A Strike has Intercept (to stop the
incoming attack) and Force (the attack it sends back). Advantage cards charge their zone;
Teamwork cards stay in a zone's teamwork area and strengthen that zone.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, model_validator

from cardtable.core.cards import CardBase, StrictModel

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
    cost: Cost = Cost()
    intercept: int = Field(ge=0, le=20)
    force: int = Field(ge=0, le=20)
    effects: tuple[Effect, ...] = ()


class ShamanSide(StrictModel):
    """One face of a Shaman card, with its Signature strike."""

    name: str = Field(min_length=1)
    signature: Signature


class SKCard(CardBase):
    """A Shaman King card: a Shaman, a Strike, an Advantage or a Teamwork card."""

    type: Literal["shaman", "strike", "advantage", "teamwork"]
    trait: str | None = None  # None: a generic card
    cost: Cost = Cost()
    intercept: int | None = Field(None, ge=0, le=20)
    force: int | None = Field(None, ge=0, le=20)
    immediate: bool = False  # an Advantage used at once, never placed in the advantage area
    extra_cost: Cost | None = None  # a Strike's optional ability, paid before its own cost
    extra_effects: tuple[Effect, ...] = ()  # what that ability does
    effects: tuple[Effect, ...] = ()
    # teamwork: a guardian spirit names the Shamans it works with, one by one (SK-5.6)
    shamans: tuple[str, ...] = ()
    character: str | None = Field(None, min_length=1)  # the zone's name (SK-5.7), character_of
    # shaman
    traits: dict[Literal["teamwork", "advantage", "strike"], str] | None = None
    front: ShamanSide | None = None
    back: ShamanSide | None = None

    @model_validator(mode="after")
    def _fields_fit_type(self) -> SKCard:
        t = self.type
        if t == "shaman":
            if self.front is None or self.back is None or not self.traits:
                raise ValueError("a Shaman needs 'traits', 'front' and 'back'")
            if set(self.traits) != {"teamwork", "advantage", "strike"}:
                raise ValueError(
                    "a Shaman's 'traits' names its teamwork, advantage and strike traits"
                )
            _check_trait("teamwork", self.traits["teamwork"])
            _check_trait("advantage", self.traits["advantage"])
            _check_trait("strike", self.traits["strike"])
            return self
        if self.front or self.back or self.traits:
            raise ValueError("only a Shaman has 'front', 'back' and 'traits'")
        if t != "teamwork" and (self.shamans or self.character is not None):
            raise ValueError("only a Teamwork card has 'shamans' and 'character'")
        if self.shamans and self.trait is not None:
            raise ValueError("a guardian spirit names its 'shamans' instead of a 'trait'")
        if self.trait is not None:
            _check_trait(t, self.trait)
        if t == "strike" and (self.intercept is None or self.force is None):
            raise ValueError("a Strike needs 'intercept' and 'force'")
        if t != "strike" and (self.intercept is not None or self.force is not None):
            raise ValueError("only a Strike has 'intercept' and 'force'")
        if (self.extra_cost is None) != (not self.extra_effects):
            raise ValueError("'extra_cost' and 'extra_effects' go together")
        if t != "strike" and self.extra_cost is not None:
            raise ValueError("only a Strike has an extra-cost ability")
        if self.immediate and t != "advantage":
            raise ValueError("only an Advantage can be 'immediate'")
        return self


def _check_trait(kind: str, trait: str) -> None:
    allowed = {"teamwork": TEAMWORK_TRAITS, "advantage": ADVANTAGE_TRAITS, "strike": STRIKE_TRAITS}[
        kind
    ]
    if trait not in allowed:
        raise ValueError(f"a {kind} trait is one of {', '.join(allowed)}; got {trait!r}")


def character_of(card: SKCard) -> str:
    """The character whose name a Teamwork card gives its zone (SK-5.7): its ``character``,
    else its name up to the first comma ("Hana Kurose, Hot-Spring Cook": "Hana Kurose")."""
    return card.character or card.name.split(",")[0].strip()


ADAPTER: TypeAdapter[SKCard] = TypeAdapter(SKCard)
