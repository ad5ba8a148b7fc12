"""The wheelchair rugby card schema, its effect vocabulary, and the compiled card tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator

from cardtable.core.cards import CardBase, CardPool, CardTypes, StrictModel
from cardtable.core.i18n import N_

STATUSES = ("chair", "throw", "catch", "keep", "passion")
Status = Literal["chair", "throw", "catch", "keep", "passion"]
STATS = (*STATUSES, "atk", "def")  # indices of per-player modifiers
NSTATS = len(STATS)  # modifiers per court player: the stride of a state's ``mods``
THROW, CATCH, ATK, DEF = (STATS.index(s) for s in ("throw", "catch", "atk", "def"))
CLASSES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5)
KINDS = (N_("player"), N_("special"), N_("bench"))  # marked: said in the balance report
PLAYER, SPECIAL, BENCH = range(3)
WHO = ("self", "team", "opponents")
SELF, TEAM, OPPONENTS = range(len(WHO))  # a compiled effect's ``who``


class When(StrictModel):
    """Only if the player using the skill (for a bench card: any own player on court) has at
    least ``min`` in ``status`` (modifiers included)."""

    status: Status
    min: int = Field(ge=0, le=10)


class TopEffect(StrictModel):
    """Own team's TOP + amount (an inbounder's skill adds 1 less)."""

    do: Literal["top"]
    amount: int = Field(ge=1, le=5)


class OppTopEffect(StrictModel):
    """The opponent's TOP + amount (negative: lowers it; never below 0)."""

    do: Literal["opp_top"]
    amount: int = Field(ge=-5, le=-1)


class StatusEffect(StrictModel):
    """A status of the chosen players + amount, for the rest of the period."""

    do: Literal["status"]
    stat: Status
    amount: int = Field(ge=-3, le=3)
    who: Literal["self", "team", "opponents"] = "self"


class AtkEffect(StrictModel):
    """ATK of the chosen players + amount; the period's DEF-over-ATK TOP is worked out again."""

    do: Literal["atk"]
    amount: int = Field(ge=-4, le=4)
    who: Literal["self", "team", "opponents"] = "self"


class DefEffect(StrictModel):
    """DEF of the chosen players + amount; the period's DEF-over-ATK TOP is worked out again."""

    do: Literal["def"]
    amount: int = Field(ge=-4, le=4)
    who: Literal["self", "team", "opponents"] = "self"


class HeldBallEffect(StrictModel):
    """A held ball: the order of the strategy times is swapped from the next period on."""

    do: Literal["held_ball"]


class DrawEffect(StrictModel):
    """Draw that many cards."""

    do: Literal["draw"]
    amount: int = Field(ge=1, le=3)


class BlockSkillsEffect(StrictModel):
    """The opponent's special skills cannot be activated for the rest of the period."""

    do: Literal["block_skills"]


Effect = Annotated[
    TopEffect
    | OppTopEffect
    | StatusEffect
    | AtkEffect
    | DefEffect
    | HeldBallEffect
    | DrawEffect
    | BlockSkillsEffect,
    Field(discriminator="do"),
]
VERBS = ("top", "opp_top", "status", "atk", "def", "held_ball", "draw", "block_skills")
V_TOP, V_OPP_TOP, V_STATUS, V_ATK, V_DEF, V_HELD, V_DRAW, V_BLOCK = range(len(VERBS))


class Skill(StrictModel):
    """A player's special skill: a name, an optional condition and its effects."""

    name: str = Field(min_length=1)
    name_ja: str = Field("", description="the skill's name in Japanese (default: name)")
    when: When | None = None
    effects: tuple[Effect, ...] = Field(min_length=1)


class Statuses(StrictModel):
    """The five statuses of a player card, 0 to 5 each."""

    chair: int = Field(ge=0, le=5)
    throw: int = Field(ge=0, le=5)
    catch: int = Field(ge=0, le=5)
    keep: int = Field(ge=0, le=5)
    passion: int = Field(ge=0, le=5)


class Player(CardBase):
    """A player card: class points, marks, statuses, ATK/DEF (upright and sideways), skills."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    type: Literal["player"]
    player_class: float = Field(alias="class")
    female: bool = False
    over_age: bool = False
    statuses: Statuses
    atk: int = Field(ge=0, le=10)
    def_: int = Field(alias="def", ge=0, le=10)
    def_atk: int = Field(ge=0, le=10, description="ATK when placed sideways")
    def_def: int = Field(ge=0, le=10, description="DEF when placed sideways")
    skills: tuple[Skill, ...] = Field(min_length=1, max_length=3)
    when: ClassVar[None] = None
    effects: ClassVar[tuple[Effect, ...]] = ()

    @computed_field  # type: ignore[prop-decorator]
    @property
    def chair(self) -> int:
        """The Chair status, as a scalar stat for the cards a table draws."""
        return self.statuses.chair

    @computed_field  # type: ignore[prop-decorator]
    @property
    def throw(self) -> int:
        """The Throw status, as a scalar stat for the cards a table draws."""
        return self.statuses.throw

    @computed_field  # type: ignore[prop-decorator]
    @property
    def catch(self) -> int:
        """The Catch status, as a scalar stat for the cards a table draws."""
        return self.statuses.catch

    @computed_field  # type: ignore[prop-decorator]
    @property
    def keep(self) -> int:
        """The Keep status, as a scalar stat for the cards a table draws."""
        return self.statuses.keep

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passion(self) -> int:
        """The Passion status, as a scalar stat for the cards a table draws."""
        return self.statuses.passion

    @field_validator("player_class")
    @classmethod
    def _class_in_steps(cls, value: float) -> float:
        if value not in CLASSES:
            raise ValueError(N_("a player needs 'class' from 0.5 to 3.5 in steps of 0.5"))
        return value


class TacticCard(CardBase):
    """A special or bench-work card: an optional condition and its effects."""

    when: When | None = None
    effects: tuple[Effect, ...] = ()
    player_class: ClassVar[None] = None
    female: ClassVar[bool] = False
    over_age: ClassVar[bool] = False
    statuses: ClassVar[None] = None
    atk: ClassVar[None] = None
    def_: ClassVar[None] = None
    def_atk: ClassVar[None] = None
    def_def: ClassVar[None] = None
    skills: ClassVar[tuple[Skill, ...]] = ()


class Special(TacticCard):
    """A special card: it activates a player's skill."""

    type: Literal["special"]


class Bench(TacticCard):
    """A bench-work card: its effects, at least one."""

    type: Literal["bench"]
    effects: tuple[Effect, ...] = Field(min_length=1)


RugbyCard = Player | Special | Bench
ADAPTER: CardTypes[RugbyCard] = CardTypes.of(RugbyCard)

# ----- compiled tables ---------------------------------------------------------------------
# An effect compiles to (verb, amount, stat, who); a condition to (status, min) or None.
CompiledEffect = tuple[int, int, int, int]
Cond = tuple[int, int] | None


def _effect(e: BaseModel) -> CompiledEffect:
    verb = VERBS.index(getattr(e, "do"))  # noqa: B009
    stat = STATS.index(getattr(e, "stat", "chair"))
    if verb == V_ATK:
        stat = ATK
    elif verb == V_DEF:
        stat = DEF
    return (verb, getattr(e, "amount", 0), stat, WHO.index(getattr(e, "who", "self")))


def _cond(w: When | None) -> Cond:
    return None if w is None else (STATUSES.index(w.status), w.min)


@dataclass(frozen=True)
class CardTables:
    """Per pool index: kind, class (in halves), marks, name group, stats and effects."""

    kind: tuple[int, ...]
    halves: tuple[int, ...]  # class points times 2
    female: tuple[bool, ...]
    over_age: tuple[bool, ...]
    name: tuple[int, ...]  # same-name group
    stats: tuple[tuple[int, ...], ...]  # chair, throw, catch, keep, passion, atk, def
    side_stats: tuple[tuple[int, int], ...]  # ATK, DEF when sideways
    skills: tuple[tuple[tuple[Cond, tuple[CompiledEffect, ...]], ...], ...]
    effects: tuple[tuple[CompiledEffect, ...], ...]
    cond: tuple[Cond, ...]
    names: tuple[str, ...]


def compile_tables(pool: CardPool[RugbyCard]) -> CardTables:
    """Turn card definitions into flat tables indexed by pool index."""
    names: dict[str, int] = {}
    for c in pool.cards:
        if c.type == "player":
            names.setdefault(c.name, len(names))
    stats = []
    for c in pool.cards:
        s = c.statuses
        if s is None:
            stats.append((0,) * 7)
        else:
            stats.append((s.chair, s.throw, s.catch, s.keep, s.passion, c.atk or 0, c.def_ or 0))
    return CardTables(
        kind=tuple(KINDS.index(c.type) for c in pool.cards),
        halves=tuple(round((c.player_class or 0) * 2) for c in pool.cards),
        female=tuple(c.female for c in pool.cards),
        over_age=tuple(c.over_age for c in pool.cards),
        name=tuple(names.get(c.name, -1) if c.type == "player" else -1 for c in pool.cards),
        stats=tuple(stats),
        side_stats=tuple((c.def_atk or 0, c.def_def or 0) for c in pool.cards),
        skills=tuple(
            tuple((_cond(k.when), tuple(_effect(e) for e in k.effects)) for k in c.skills)
            for c in pool.cards
        ),
        effects=tuple(tuple(_effect(e) for e in c.effects) for c in pool.cards),
        cond=tuple(_cond(c.when) for c in pool.cards),
        names=tuple(names),
    )
