"""Loading and validating card files (YAML) against a game's pydantic card schema.

A card file is a mapping ``{set: NAME, cards: [...]}``. Every problem is reported with the
file, the card (by id, or by entry number and line when it has no id) and the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Generic, Literal, Protocol, TypeVar, cast, get_args, get_origin

import yaml
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from cardtable.core.card_problems import no_field_reason, pydantic_reason
from cardtable.core.errors import CardFileError
from cardtable.core.i18n import N_, named, reason

CARD_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class StrictModel(BaseModel):
    """The base of every model in a card file (a card, its effects, its conditions): a key
    the model does not declare is an error, and a loaded value is frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class CardBase(StrictModel):
    """Fields every card of every game has."""

    id: str = Field(pattern=CARD_ID_PATTERN, description="stable kebab-case id")
    name: str = Field(min_length=1)
    name_ja: str = Field("", description="the card's name in Japanese (default: name)")
    text: str = Field("", description="flavour text, shown below the card's rules text")
    text_ja: str = Field("", description="the flavour text in Japanese (default: text)")


CardT = TypeVar("CardT", bound=BaseModel)
CardT_co = TypeVar("CardT_co", covariant=True)


class CardValidator(Protocol[CardT_co]):
    """What loads a card: a pydantic ``TypeAdapter`` of one card model, or :class:`CardTypes`."""

    def validate_python(self, obj: Any, /) -> CardT_co:
        """Validate one card entry (a mapping); raise ``ValidationError``."""
        ...


def article(word: str) -> str:
    """The word with its indefinite article ("an arsenal", "a scene")."""
    return ("an " if word[:1] in tuple("aeiou") else "a ") + word


class CardTypes(Generic[CardT]):
    """A game's card schema as one model per card type, chosen by the entry's ``type`` (a
    pydantic discriminated union): each model declares exactly the fields its type may carry.

    Errors read as in a one-model schema: the location is the field of the card (not prefixed
    by the type), a missing or unknown ``type`` (or effect ``do``) is an error of that field
    ("Input should be 'scene', 'actor' or 'effect'"), and a field of another type is "a scene
    card has no 'character' (only actor cards have it)".
    ``CardT`` is the union of the models (``Scene | Actor | ...``); :meth:`of` builds the
    schema from that union, so that a game lists its models once. Each model declares its
    one type as ``type: Literal["scene"]``; a model without it, or with several values, is a
    ``TypeError``.
    """

    def __init__(self, *models: type[BaseModel]) -> None:
        if not models:
            raise TypeError("CardTypes needs at least one card model")
        self.models: dict[str, type[BaseModel]] = {}
        for m in models:
            tag = _type_tag(m)
            if tag in self.models:
                raise TypeError(
                    f"card models {self.models[tag].__name__} and {m.__name__} both have"
                    f" type {tag!r}"
                )
            self.models[tag] = m
        union = models[0]
        for m in models[1:]:
            union = cast(Any, union) | m
        schema = cast(Any, Annotated)[union, Field(discriminator="type")]
        self._adapter: TypeAdapter[Any] = TypeAdapter(schema)

    @classmethod
    def of(cls, union: object) -> CardTypes[Any]:
        """The schema of the models of a union alias (``LooneyCard = Scene | Actor | ...``):
        ``ADAPTER: CardTypes[LooneyCard] = CardTypes.of(LooneyCard)``."""
        models = get_args(union) or (union,)
        for m in models:
            if not (isinstance(m, type) and issubclass(m, BaseModel)):
                raise TypeError(f"CardTypes.of takes a union of card models; {m!r} is not one")
        return cls(*cast(tuple[type[BaseModel], ...], models))

    def validate_python(self, obj: Any, /) -> CardT:
        """Validate one card entry into the model of its type; raise ``ValidationError``."""
        try:
            return cast(CardT, self._adapter.validate_python(obj))
        except ValidationError as exc:
            tag = obj.get("type") if isinstance(obj, dict) else None
            found = exc.errors()
            inner = {tuple(e["loc"][:-1]) for e in found}
            # a list too short only because an item of it failed says nothing more
            errors = [
                self._reworded(err, tag)
                for err in found
                if not (err["type"] == "too_short" and tuple(err["loc"]) in inner)
            ]
            raise ValidationError.from_exception_data(exc.title, cast(Any, errors)) from None

    def _reworded(self, err: Any, tag: object) -> dict[str, Any]:
        """One error as a one-model schema reports it (pydantic's own error types, so the
        messages are pydantic's): the card's field, not the model's tag, as location."""
        loc, out = tuple(err["loc"]), {k: err[k] for k in ("type", "input", "ctx") if k in err}
        if loc and tag in self.models and loc[0] == tag:
            loc = loc[1:]
        if err["type"] in ("union_tag_not_found", "union_tag_invalid"):
            loc = (*loc, err["ctx"]["discriminator"].strip("'"))
            tags = err["ctx"].get("expected_tags", "").split(", ")
            expected = " or ".join(filter(None, (", ".join(tags[:-1]), tags[-1])))
            if err["type"] == "union_tag_not_found":
                out = {"type": "missing", "input": err["input"]}
            else:
                out = {
                    "type": "literal_error",
                    "input": err["input"],
                    "ctx": {"expected": expected},
                }
        elif err["type"] == "extra_forbidden" and len(loc) == 1 and isinstance(tag, str):
            holders = [t for t, m in self.models.items() if loc[0] in _field_keys(m)]
            problem = ValueError(no_field_reason(tag, str(loc[0]), holders))
            out = {"type": "value_error", "input": err["input"], "ctx": {"error": problem}}
        return {**out, "loc": loc}


def _type_tag(model: type[BaseModel]) -> str:
    """The one value of a card model's ``type: Literal["..."]``; a ``TypeError`` for a model
    without ``type`` or whose ``type`` is not a Literal of one string."""
    info = model.model_fields.get("type")
    if info is None:
        raise TypeError(
            f"card model {model.__name__} has no 'type' field; declare its card type as"
            f' type: Literal["..."]'
        )
    values = get_args(info.annotation) if get_origin(info.annotation) is Literal else ()
    if len(values) != 1 or not isinstance(values[0], str):
        raise TypeError(
            f"card model {model.__name__}: 'type' must be a Literal of one string (one model"
            f" per card type), not {info.annotation!r}"
        )
    return values[0]


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1])))


def _field_keys(model: type[BaseModel]) -> set[str]:
    """The keys a model accepts: its field names and their aliases."""
    return {f.alias or name for name, f in model.model_fields.items()} | set(model.model_fields)


@dataclass(frozen=True)
class CardPool(Generic[CardT]):
    """The immutable card definitions of a game, and an index from card id to position."""

    cards: tuple[CardT, ...]
    index: dict[str, int] = field(default_factory=dict)

    @staticmethod
    def of(cards: Sequence[CardT]) -> CardPool[CardT]:
        """Build a pool; card ids must be unique."""
        return CardPool(tuple(cards), {getattr(c, "id"): i for i, c in enumerate(cards)})  # noqa: B009

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, card_id: str) -> CardT:
        """Return the card with this id; ``KeyError`` if there is none."""
        return self.cards[self.index[card_id]]


def format_loc(loc: Iterable[int | str]) -> str:
    """Render a pydantic error location as a dotted field path."""
    return ".".join(str(p) for p in loc) or "(the entry itself)"


class _NoAliasLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing aliases (``*name``): no cardtable file needs them, and
    a few hundred bytes of nested aliases stand for gigabytes of data (an alias bomb)."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        """Compose the next node; raise a ComposerError at an alias."""
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
            why = "aliases (*name) are not allowed here: write the value out"
            raise yaml.composer.ComposerError(None, None, why, mark)
        node: yaml.Node | None = super().compose_node(parent, index)
        return node


def load_yaml(text: str) -> tuple[Any, yaml.Node | None]:
    """The data of a YAML document and its node tree (for line numbers), read safely and
    without aliases (raises ``yaml.YAMLError``): every YAML text a user gives cardtable (card,
    deck and scenario files, deck texts sent to the server, ``-o`` values) is read here."""
    loader = _NoAliasLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    finally:
        loader.dispose()
    return data, node


def read_yaml(path: Path, error: type[Exception]) -> tuple[Any, yaml.Node | None]:
    """Read a YAML file (:func:`load_yaml`); return the data and its node tree (for line
    numbers), or raise ``error`` saying what is wrong and where."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise error(f"{path}: byte {exc.start}: not UTF-8 text ({exc.reason})") from None
    try:
        return load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" line {mark.line + 1}" if mark is not None else ""
        problem = named(getattr(exc, "problem", None) or str(exc))  # PyYAML's words
        message = reason(N_("not valid YAML: {problem}"), problem=problem)
        line = reason(N_("{where}: {message}"), where=f"{path}:{where}", message=message)
        raise error(line) from None


def _entry_lines(root: yaml.Node | None, key: str) -> list[int]:
    """Line numbers (1-based) of the entries of the sequence under ``key`` of a mapping node."""
    if not isinstance(root, yaml.MappingNode):
        return []
    for k, v in root.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key and isinstance(v, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in v.value]
    return []


def load_card_file(path: Path, adapter: CardValidator[CardT]) -> list[CardT]:
    """Load one card file; raise :class:`CardFileError` listing every problem found."""
    data, root = read_yaml(path, CardFileError)
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        why = N_("expected a mapping with 'set' and a list 'cards'")
        raise CardFileError(reason(N_("{where}: {message}"), where=str(path), message=why))
    unknown = sorted(set(data) - {"set", "cards"})
    if unknown:
        why = reason(N_("unknown top-level field(s) {unknown}; valid: ['cards', 'set']"),
                     unknown=named(str(unknown)))  # fmt: skip
        raise CardFileError(reason(N_("{where}: {message}"), where=str(path), message=why))
    lines = _entry_lines(root, "cards")
    cards: list[CardT] = []
    problems: list[str] = []
    for i, raw in enumerate(data["cards"]):
        where = f"{path}: {_label(raw, i)}" + (f" (line {lines[i]})" if i < len(lines) else "")
        try:
            cards.append(adapter.validate_python(raw))
        except ValidationError as exc:
            problems += [field_problem(where, format_loc(e["loc"]), e) for e in exc.errors()]
    if problems:
        raise CardFileError("\n".join(problems), problems)
    return cards


def _label(raw: object, i: int) -> str:
    """A card entry as a problem names it: ``card 'kick'``, or ``card entry #3``."""
    if isinstance(raw, dict) and isinstance(raw.get("id"), str):
        return f"card '{raw['id']}'"
    return f"card entry #{i + 1}"


def field_problem(where: str, field: str, err: Any) -> str:
    """``{where}: field '{field}': {message}`` for one pydantic error (:func:`card_problem`)."""
    return card_problem(where, field, pydantic_reason(err))


def card_problem(where: str, field: str, message: str) -> str:
    """One problem of a card file, ``{where}: field '{field}': {message}``, as a Reason: its
    field ``message`` (a Reason, or a marked message) says what is wrong in any language;
    ``where`` (file, card, line) and the field's name stay as the file has them."""
    return reason(N_("{where}: field '{field}': {message}"), where=where, field=named(field),
                  message=message)  # fmt: skip


def load_card_pool(paths: Sequence[Path], adapter: CardValidator[CardT]) -> CardPool[CardT]:
    """Load card files into one pool; a card id used twice is an error naming both files."""
    seen: dict[str, Path] = {}
    cards: list[CardT] = []
    for path in paths:
        for card in load_card_file(path, adapter):
            cid: str = getattr(card, "id")  # noqa: B009
            if cid in seen:
                why = reason(N_("already defined in {file}"), file=named(str(seen[cid])))
                raise CardFileError(card_problem(f"{path}: card '{cid}'", "id", why))
            seen[cid] = path
            cards.append(card)
    return CardPool.of(cards)


_POOLS: dict[tuple[object, ...], CardPool[Any]] = {}


def _stamp(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return -1  # loading reports the file


def cached_card_pool(
    paths: Sequence[Path],
    adapter: CardValidator[CardT],
    check: Callable[[CardPool[CardT]], None] | None = None,
) -> CardPool[CardT]:
    """:func:`load_card_pool` (then ``check``, which raises CardFileError for cross-card
    problems), kept for the life of the process while the files are unchanged."""
    key = (id(adapter), tuple(paths), tuple(_stamp(p) for p in paths))
    pool = _POOLS.get(key)
    if pool is None:
        pool = load_card_pool(paths, adapter)
        if check is not None:
            check(pool)
        _POOLS[key] = pool
    return pool


def game_card_pool(
    game_dir: Path,
    files: Sequence[Path] | None,
    adapter: CardValidator[CardT],
    check: Callable[[CardPool[CardT]], None] | None = None,
) -> CardPool[CardT]:
    """A game's card pool, by :func:`cached_card_pool`: of ``files`` (the ``cards`` option's,
    :meth:`Game.card_files`), or when ``None`` of the built-in set, ``game_dir/cards/*.yaml``
    in name order."""
    paths = sorted((game_dir / "cards").glob("*.yaml")) if files is None else files
    return cached_card_pool(tuple(paths), adapter, check)
