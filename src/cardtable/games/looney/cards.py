"""The Looney Tunes card schema, its effect vocabulary, and the compiled card tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from cardtable.core.cards import CardBase, CardPool, CardTypes, StrictModel, card_problem
from cardtable.core.errors import CardFileError
from cardtable.core.i18n import N_, named, reason

COLORS = ("red", "blue", "yellow", "green", "gray")
GRAY = 4
Color = Literal["red", "blue", "yellow", "green", "gray"]
Hue = Literal["red", "blue", "yellow", "green"]

KINDS = ("scene", "actor", "effect", "location")
SCENE, ACTOR, EFFECT, LOCATION = range(4)


class WhenSceneColor(StrictModel):
    """Only if the scene's printed colour is this colour."""

    scene_color: Color


class WhenAlone(StrictModel):
    """Only if the owner has exactly one actor at the scene."""

    alone: Literal[True]


class WhenWith(StrictModel):
    """Only if the owner's group at the scene has an actor of this character."""

    with_character: str = Field(min_length=1)


When = WhenSceneColor | WhenAlone | WhenWith


class RankEffect(StrictModel):
    """Own side's rank value at this scene + amount."""

    do: Literal["rank"]
    amount: int = Field(ge=-5, le=5)
    when: When | None = None


class OpponentRankEffect(StrictModel):
    """Every opposing side's rank value at this scene + amount."""

    do: Literal["opponent_rank"]
    amount: int = Field(ge=-5, le=0)
    when: When | None = None


class SceneRankEffect(StrictModel):
    """The scene's rank counts as + amount for this scoring."""

    do: Literal["scene_rank"]
    amount: int = Field(ge=-5, le=5)
    when: When | None = None


class SceneColorEffect(StrictModel):
    """The scene counts as this colour (gray: no colour check)."""

    do: Literal["scene_color"]
    color: Color
    when: When | None = None


class GroupColorEffect(StrictModel):
    """Own group counts as this colour."""

    do: Literal["group_color"]
    color: Hue
    when: When | None = None


class PointsEffect(StrictModel):
    """The scene is worth + amount to its winner (actor/effect: only if own side wins)."""

    do: Literal["points"]
    amount: int = Field(ge=1, le=10)
    when: When | None = None


class WinsTiesEffect(StrictModel):
    """Own side wins a tie in the rank comparison."""

    do: Literal["wins_ties"]
    when: When | None = None


class CancelEffectsEffect(StrictModel):
    """Opponents' special effects at this scene have no effect."""

    do: Literal["cancel_effects"]
    when: When | None = None


class DrawEffect(StrictModel):
    """After this scene is scored, the owner draws that many cards."""

    do: Literal["draw"]
    amount: int = Field(ge=1, le=3)
    when: When | None = None


Effect = Annotated[
    RankEffect
    | OpponentRankEffect
    | SceneRankEffect
    | SceneColorEffect
    | GroupColorEffect
    | PointsEffect
    | WinsTiesEffect
    | CancelEffectsEffect
    | DrawEffect,
    Field(discriminator="do"),
]

VERBS = (
    "rank",
    "opponent_rank",
    "scene_rank",
    "scene_color",
    "group_color",
    "points",
    "wins_ties",
    "cancel_effects",
    "draw",
)

# a compiled effect's verb: its index in VERBS
(
    V_RANK,
    V_OPP_RANK,
    V_SCENE_RANK,
    V_SCENE_COLOR,
    V_GROUP_COLOR,
    V_POINTS,
    V_WINS_TIES,
    V_CANCEL,
    V_DRAW,
) = range(len(VERBS))

ActorEffect = Annotated[
    RankEffect | OpponentRankEffect | GroupColorEffect | PointsEffect | WinsTiesEffect | DrawEffect,
    Field(discriminator="do"),
]
LocationEffect = Annotated[
    SceneRankEffect | SceneColorEffect | PointsEffect, Field(discriminator="do")
]


class LooneyCardBase(CardBase):
    """What every Looney Tunes card has; each type's model adds its own fields."""

    color: Color


class PersonalCard(LooneyCardBase):
    """A card of a personal deck only: anything but a scene."""

    deck: Literal["personal"] = "personal"


class Scene(LooneyCardBase):
    """A scene: the movie deck's (or a personal) card that actors compete for."""

    type: Literal["scene"]
    deck: Literal["movie", "personal"] = "personal"
    rank: int = Field(ge=0, le=12)
    points: int = Field(ge=0, le=20)
    character: ClassVar[None] = None
    effects: ClassVar[tuple[Effect, ...]] = ()


class Actor(PersonalCard):
    """An actor: a character of some colour and rank, with its own effects."""

    type: Literal["actor"]
    rank: int = Field(ge=0, le=12)
    character: str = Field(min_length=1)
    effects: tuple[ActorEffect, ...] = ()
    points: ClassVar[None] = None

    @field_validator("color")
    @classmethod
    def _not_gray(cls, color: str) -> str:
        if color == "gray":
            raise ValueError(N_("an actor cannot be gray"))
        return color


class EffectsOnly:
    """What a card that is only its effects reads as: no rank, points or character."""

    rank: ClassVar[None] = None
    points: ClassVar[None] = None
    character: ClassVar[None] = None


class SpecialEffect(EffectsOnly, PersonalCard):
    """A special effect card: only its effects."""

    type: Literal["effect"]
    effects: tuple[Effect, ...] = Field(min_length=1)


class Location(EffectsOnly, PersonalCard):
    """A location: effects on the scene, conditioned at most on the scene's colour."""

    type: Literal["location"]
    effects: tuple[LocationEffect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _scene_color_conditions(self) -> Location:
        if any(e.when is not None and not isinstance(e.when, WhenSceneColor) for e in self.effects):
            raise ValueError(N_("a location's effects may only have a scene_color condition"))
        return self


LooneyCard = Scene | Actor | SpecialEffect | Location
ADAPTER: CardTypes[LooneyCard] = CardTypes.of(LooneyCard)


# ----- compiled tables ---------------------------------------------------------------------
# An effect compiles to (verb, amount, color, cond, cond_arg): ints for the hot path.
COND_NONE, COND_SCENE_COLOR, COND_ALONE, COND_WITH = range(4)
CompiledEffect = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class CardTables:
    """Per pool index: kind, colour, rank, points, character, personal index, effects."""

    kind: tuple[int, ...]
    color: tuple[int, ...]
    rank: tuple[int, ...]
    points: tuple[int, ...]
    char: tuple[int, ...]
    personal: tuple[int, ...]  # index among personal cards, -1 for movie scenes
    movie: tuple[int, ...]  # pool indices of the movie deck's scenes
    personal_defs: tuple[int, ...]  # pool index by personal index
    effects: tuple[tuple[CompiledEffect, ...], ...]
    characters: tuple[str, ...]


def _compile_effect(e: BaseModel, chars: dict[str, int]) -> CompiledEffect:
    verb = VERBS.index(getattr(e, "do"))  # noqa: B009
    amount = getattr(e, "amount", 0)
    color = COLORS.index(getattr(e, "color", "gray"))
    when = getattr(e, "when", None)
    if isinstance(when, WhenSceneColor):
        return (verb, amount, color, COND_SCENE_COLOR, COLORS.index(when.scene_color))
    if isinstance(when, WhenAlone):
        return (verb, amount, color, COND_ALONE, 0)
    if isinstance(when, WhenWith):
        return (verb, amount, color, COND_WITH, chars.setdefault(when.with_character, len(chars)))
    return (verb, amount, color, COND_NONE, 0)


def compile_tables(pool: CardPool[LooneyCard]) -> CardTables:
    """Turn card definitions into flat tables indexed by pool index."""
    chars: dict[str, int] = {}
    for c in pool.cards:
        if c.character:
            chars.setdefault(c.character, len(chars))
    personal: list[int] = []
    personal_defs: list[int] = []
    for i, c in enumerate(pool.cards):
        if c.deck == "personal":
            personal.append(len(personal_defs))
            personal_defs.append(i)
        else:
            personal.append(-1)
    return CardTables(
        kind=tuple(KINDS.index(c.type) for c in pool.cards),
        color=tuple(COLORS.index(c.color) for c in pool.cards),
        rank=tuple(c.rank or 0 for c in pool.cards),
        points=tuple(c.points or 0 for c in pool.cards),
        char=tuple(chars[c.character] if c.character else -1 for c in pool.cards),
        personal=tuple(personal),
        movie=tuple(i for i, c in enumerate(pool.cards) if c.deck == "movie"),
        personal_defs=tuple(personal_defs),
        effects=tuple(tuple(_compile_effect(e, chars) for e in c.effects) for c in pool.cards),
        characters=tuple(chars),
    )


def check_pool(pool: CardPool[LooneyCard]) -> None:
    """Cross-card checks: ``with_character`` names an existing character (CardFileError)."""
    chars = {c.character for c in pool.cards if c.character}
    problems = []
    for c in pool.cards:
        for i, e in enumerate(c.effects):
            if isinstance(e.when, WhenWith) and e.when.with_character not in chars:
                why = reason(N_("no actor of character {character} in the card set"),
                             character=named(repr(e.when.with_character)))  # fmt: skip
                field = f"effects.{i}.when.with_character"
                problems.append(card_problem(f"card '{c.id}'", field, why))
    if problems:
        raise CardFileError("\n".join(problems), problems)
