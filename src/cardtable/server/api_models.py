"""The HTTP API's requests and answers as pydantic models, for its OpenAPI schema
(``/openapi.json``): what each POST takes, what each route answers, and its errors.

They document the API (docs/server-api.md in schema form) and let a fuzzer build requests;
they do not check requests. The routes read their bodies themselves (``app._body``: JSON
only, size-capped) and cardtable's own checks refuse a bad one as ``{"error", "message"}``,
so FastAPI's validation (422, ``{"detail"}``) never answers in their place. A field left
out of an answer is written ``X | SkipJsonSchema[None] = None``: absent, never ``null``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field
from pydantic.json_schema import SkipJsonSchema, models_json_schema

COMPONENTS = "#/components/schemas/{model}"
SEED_LIMIT = 2**31

# ----- requests -----------------------------------------------------------------------


class HumanSeat(BaseModel):
    """A seat for a person, who takes it (and its token) by joining."""

    kind: Literal["human"]


class AgentSeat(BaseModel):
    """A seat the server plays, with an agent spec (checked against the server's caps)."""

    kind: Literal["agent"]
    spec: str = Field(min_length=1, examples=["greedy", "ismcts:iterations=200"])


Seat = Annotated[HumanSeat | AgentSeat, Field(discriminator="kind")]


class CreateTable(BaseModel):
    """``POST /api/tables``: a new table; its creator takes ``seat``."""

    game: str = Field(examples=["looney"])
    seats: list[Seat] = Field(min_length=1, description="one seat per player")
    options: dict[str, Any] | None = Field(
        default=None, description="the game's options (GET /api/games); players may be left out"
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=SEED_LIMIT,
        description="only for a table with one human seat (default: random)",
    )
    decks: list[str | None] | None = Field(
        default=None,
        description="per seat: null (its default deck), a starter deck's name or a deck "
        "file's YAML text (no aliases)",
    )
    seat: int = Field(default=0, ge=0, description="the creator's seat: a human one")
    visibility: Literal["private", "public"] = Field(
        default="private",
        description="public: listed in the lobby; private: only those given its id or an invite",
    )
    accept_unenforced: bool = Field(
        default=False,
        description="play decks holding cards whose printed text the rules do not all "
        "enforce (imported cards); without it such decks are refused, naming the cards",
    )


class JoinTable(BaseModel):
    """``POST /api/tables/{table}/join``: take the free human seat an invite was made for."""

    invite: str = Field(description="the invite of the link the table's host sent")


class RenewInvites(BaseModel):
    """``POST /api/tables/{table}/invites``: new invite links for the free seats."""

    token: str = Field(description="the seat token of a person seated at the table")


class DeckCheck(BaseModel):
    """``POST /api/decks/check``: a deck file's YAML text checked against a game's rules."""

    game: str = Field(examples=["looney"])
    text: str = Field(description="a deck file's YAML text (no aliases)")


class CardFile(BaseModel):
    """A card file: its name (``*.yaml``, no folders) and YAML text."""

    name: str = Field(max_length=64, examples=["players.yaml"])
    text: str = Field(max_length=200_000)


class NewCardSet(BaseModel):
    """``POST /api/lab/sets``: the game's built-in card files, ``files`` added or replacing
    theirs (by name)."""

    game: str = Field(examples=["wcrugby"])
    files: list[CardFile] | None = Field(default=None, max_length=16)


class CardEdit(BaseModel):
    """One value of the form: a card's whole number or text."""

    file: str
    card: str
    field: str = Field(examples=["atk", "skills[0].effects[0].amount", "text_ja"])
    value: int | str
    from_: int | str | None = Field(
        default=None, alias="from", description="the value it must be now (else 400)"
    )


class EditCardSet(BaseModel):
    """``POST /api/lab/sets/{set}``: one change, kept only if the set then loads."""

    edits: list[CardEdit] | None = Field(default=None, max_length=2000)
    files: list[CardFile] | None = Field(default=None, max_length=16)
    remove: list[str] | None = Field(default=None, description="card file names")


class NewLabRun(BaseModel):
    """``POST /api/lab/runs``: a balance run of a game's built-in cards or of a set."""

    game: str | None = Field(default=None, description="the game (or give set)")
    set: str | None = Field(default=None, description="a card set's id")
    agents: list[str] = Field(default=["greedy", "greedy"], min_length=1, max_length=4)
    games: int = Field(default=200, ge=1, le=5000)
    seed: int = Field(default=0, ge=0, lt=SEED_LIMIT)
    suggest: bool = False
    screen_games: int | None = Field(default=None, ge=1, le=1000)
    compare: bool = Field(
        default=False,
        description="with set: play the game's own cards and the set on the same deals, and "
        "report the set's changes (not with suggest)",
    )


# ----- answers ------------------------------------------------------------------------


class CardProblem(BaseModel):
    """One problem of a card set that does not load: where (each part may be null) and
    what."""

    file: str | None
    card: str | None
    field: str | None = Field(description="as the form names it: skills[0].effects[0].amount")
    line: int | None
    message: str


class UnenforcedCard(BaseModel):
    """A card whose printed text the rules do not all enforce, with those sentences."""

    id: str
    name: str
    sentences: list[str]


class ErrorAnswer(BaseModel):
    """Every refusal: what is wrong and where (at most 60 characters of a value sent), in
    English and in the request's language."""

    error: str = Field(description="in English: the server's log says it so; clients match it")
    message: str = Field(
        description="the same in the request's language (?lang=, else its Accept-Language)"
    )
    problems: list[CardProblem] | SkipJsonSchema[None] = Field(
        default=None, description="a card set that does not load: each problem"
    )
    unenforced: list[UnenforcedCard] | SkipJsonSchema[None] = Field(
        default=None,
        description="a new table's decks hold cards whose text the rules do not all enforce "
        "and accept_unenforced was not sent: each card",
    )


class DeckProblem(BaseModel):
    rule: str = Field(description="a rule id such as LT-1.1, or 'file' for an unreadable file")
    message: str


class DeckCheckAnswer(BaseModel):
    ok: bool
    problems: list[DeckProblem]
    deck: dict[str, Any] | None = Field(description="the deck as data; null if unreadable")


class Invite(BaseModel):
    seat: int
    invite: str = Field(description="the seat's invite, shown only here")
    link: str = Field(description="the path to send the person who is to take the seat")


class CreatedTable(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat's secret, shown only here")
    visibility: Literal["private", "public"]
    invites: list[Invite] = Field(description="one per human seat left free")
    watch: str = Field(description="the path to watch the table")


class RenewedInvites(BaseModel):
    table: str
    invites: list[Invite] = Field(
        description="one per human seat still free; the seats' earlier links stop working"
    )


class JoinedTable(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat's secret, shown only here")


class SeatSummary(BaseModel):
    kind: Literal["human", "agent"]
    taken: bool
    spec: str | SkipJsonSchema[None] = None
    conceded: bool | SkipJsonSchema[None] = None


class TableSummary(BaseModel):
    """A table as listed: no seed, no tokens."""

    table: str
    game: str
    options: dict[str, Any]
    seats: list[SeatSummary]
    status: Literal["open", "running", "finished", "abandoned"]
    visibility: Literal["private", "public"]
    created: str = Field(description="ISO 8601 in UTC")
    result: list[float] | SkipJsonSchema[None] = None
    result_text: str | SkipJsonSchema[None] = None


class TableLists(BaseModel):
    open: list[TableSummary]
    running: list[TableSummary]
    finished: list[TableSummary]
    abandoned: list[TableSummary]


class GameOption(BaseModel):
    default: Any
    description: str
    choices: list[Any] | SkipJsonSchema[None] = None


class Opponent(BaseModel):
    spec: str
    level: str
    label: str
    default: bool
    elo: int | SkipJsonSchema[None] = None
    elo_low: int | SkipJsonSchema[None] = None
    elo_high: int | SkipJsonSchema[None] = None


class StarterWords(BaseModel):
    name: str
    description: str


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    example: bool
    options: dict[str, GameOption]
    decks: list[str] = Field(description="the starter decks, by the names a table asks for")
    deck_words: dict[str, StarterWords] = Field(
        description="each starter deck's name and description in the language asked for"
    )
    agents: list[Opponent] = Field(description="the computer opponents, weakest first")


class RulesSection(BaseModel):
    heading: str
    text: str


class RulesSheet(BaseModel):
    game: str
    title: str
    lang: str
    sections: list[RulesSection]
    reference: str = Field(description="the numbered rule book's path in the repository")


class CardFace(BaseModel):
    name: str
    kind: str
    rules: list[str]
    text: str
    stats: dict[str, Any]
    colour: str | SkipJsonSchema[None] = None
    unenforced: list[str] | SkipJsonSchema[None] = Field(
        default=None, description="the sentences of its text the rules do not enforce"
    )


class Messages(BaseModel):
    lang: str
    messages: dict[str, str]


class ReplayStep(BaseModel):
    action: int
    text: str
    words: str | None
    player: int
    events: list[str]
    observation: dict[str, Any]
    observations: list[dict[str, Any]] | SkipJsonSchema[None] = None


class Replay(BaseModel):
    record: dict[str, Any]
    initial: dict[str, Any]
    steps: list[ReplayStep]
    result_text: str


class FormField(BaseModel):
    field: str
    kind: Literal["int", "text"]
    value: int | str


class CardForm(BaseModel):
    file: str
    card: str
    fields: list[FormField]


class CardSet(BaseModel):
    set: str
    game: str
    files: list[CardFile]
    cards: list[CardForm]


class DeletedCardSet(BaseModel):
    set: str
    deleted: Literal[True]


class LabRunLine(BaseModel):
    run: str
    game: str
    set: str | None
    status: Literal["queued", "running", "finished", "failed"]
    created: float
    games: int
    suggest: bool
    compare: bool


class LabRun(BaseModel):
    run: str
    game: str
    set: str | None
    settings: dict[str, Any]
    decks: list[str]
    status: Literal["queued", "running", "finished", "failed"]
    created: float
    progress: dict[str, Any] | None = Field(
        description="{phase: queued|playing|suggest|report, done, total, target?}"
    )
    result: dict[str, Any] | None = Field(
        description="the summary: seats, decks, matchups, length, units, flags, suggestions, "
        "changes (a comparison's)"
    )
    error: str | None


# ----- the schema ---------------------------------------------------------------------

REQUESTS: tuple[type[BaseModel], ...] = (
    CreateTable,
    JoinTable,
    RenewInvites,
    DeckCheck,
    NewCardSet,
    EditCardSet,
    NewLabRun,
)

ERRORS: dict[int, str] = {
    400: "a bad request: bad JSON, an unknown game or option, a bad deck or agent spec, "
    "a language cardtable does not speak, a body too long",
    403: "a token or invite that is not valid for the table",
    404: "no such table, game, card set or lab run",
    409: "no free human seat (the table is no longer open), a replay of a table that is not "
    "finished, or a card set whose run is waiting or playing",
    415: "a body not sent as Content-Type: application/json",
    503: "the database failed or is locked, or the lab is full; nothing changed, try again",
}


def answers(ok: Any, *errors: int, media: str = "application/json") -> dict[int | str, Any]:
    """A route's ``responses=``: its answer ``ok`` (a model, or ``None`` for a file of type
    ``media``) and its errors, each ``{"error", "message"}`` (:class:`ErrorAnswer`)."""
    out: dict[int | str, Any] = {}
    if ok is None:
        out[200] = {"description": "the file", "content": {media: {}}}
    else:
        out[200] = {"model": ok, "description": "done"}
    for status in errors:
        out[status] = {"model": ErrorAnswer, "description": ERRORS[status]}
    return out


def body(model: type[BaseModel], required: bool = True) -> dict[str, Any]:
    """A route's ``openapi_extra`` declaring its JSON body as ``model`` (whose schema
    ``finish_schema`` adds to the components)."""
    ref = {"$ref": COMPONENTS.format(model=model.__name__)}
    return {"requestBody": {"required": required, "content": {"application/json": {"schema": ref}}}}


def finish_schema(schema: dict[str, Any], games: list[str]) -> dict[str, Any]:
    """The generated OpenAPI schema completed: the request models in its components (a
    body's ``game`` one of ``games``), examples for the ``game`` and ``lang`` parameters, and
    FastAPI's own 422 answers (which cardtable never gives: it answers 400) left out."""
    _, defs = models_json_schema([(m, "validation") for m in REQUESTS], ref_template=COMPONENTS)
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    components.update(defs.get("$defs", {}))
    for model in (CreateTable, DeckCheck, NewCardSet):
        components[model.__name__]["properties"]["game"]["enum"] = list(games)
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    examples = {"game": list(games), "lang": ["en", "ja"]}
    for path in schema.get("paths", {}).values():
        for operation in path.values():
            operation.get("responses", {}).pop("422", None)
            for parameter in operation.get("parameters", []):
                if parameter["name"] in examples:
                    parameter["schema"]["examples"] = examples[parameter["name"]]
    return schema
