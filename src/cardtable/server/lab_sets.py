"""The balance lab's card sets on the server: a game's card files a designer edits in the
browser (docs/server-api.md, *The balance lab*).

A set is a folder of card files under the server's data folder, named by the set's id
(never by the client). Every change (a form's numbers and texts, uploaded files, removed
files) is written to a new folder first and loaded there through the game's own loader
(``load_game(game, cards=FOLDER)``) and the lab's deck check; only a set that loads replaces
the old folder, so a refused change leaves nothing changed. A refusal is
:class:`CardSetRejected`, with one problem per card and field.

The form (:func:`card_forms`) offers every whole number of a card (``card_edit.knobs``'
numbers: stats, costs, nested effect amounts) and its texts (its own string fields and the
``name``/``text`` fields under it, in either language). An edit replaces the characters of
that one value in the file's text, so the file keeps its comments and layout.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardtable.core.cards import load_yaml
from cardtable.core.errors import CardFileError, CardtableError, brief
from cardtable.core.i18n import LANGS, N_, Lang, Reason, Translate, named, reason, say, translator
from cardtable.core.registry import game_class, load_game
from cardtable.server.setup import BadRequest
from cardtable.sim.card_edit import card_nodes

MAX_FILES = 16
"""Card files in one set."""
MAX_FILE = 200_000
"""Characters of one card file (the largest built-in one has 53,000)."""
MAX_EDITS = 2_000
MAX_TEXT = 2_000
"""Characters of one text field."""
MAX_NUMBER = 1_000_000
FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,59}\.yaml")
TEXT_KEYS = frozenset({"name", "name_ja", "text", "text_ja"})
INT_TAG = "tag:yaml.org,2002:int"
STR_TAG = "tag:yaml.org,2002:str"
Json = dict[str, Any]


class CardSetRejected(BadRequest):
    """A change whose card set does not load: ``details`` lists each problem as ``{file,
    card, field, line, message}`` (any of the first four may be ``None``)."""

    def __init__(self, message: str, details: list[Json]) -> None:
        super().__init__(message)
        self.details = details


@dataclass(frozen=True)
class Value:
    """One editable value of a card: its ``field`` (``atk``, ``skills[0].effects[0].amount``),
    ``kind`` (``int`` or ``text``), its value and its characters in the file."""

    card: str
    field: str
    kind: str
    value: int | str
    start: int
    end: int
    block: bool  # a block scalar (``|``, ``>``): its text ends with the line break


def builtin_files(game: str) -> list[Path]:
    """The built-in card files of ``game`` (``cards/*.yaml`` beside its module)."""
    module = sys.modules[game_class(game).__module__].__file__
    if module is None:
        raise CardtableError(reason(N_("{game}: cannot find its built-in card files"), game=game))
    return sorted((Path(module).parent / "cards").glob("*.yaml"))


def read_folder(folder: Path) -> dict[str, str]:
    """The card files of a set's folder, by name."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}


# ----- the form ---------------------------------------------------------------------------


def values(text: str) -> Iterator[Value]:
    """Every editable value of every card of one card file's text (none if it is no card
    file)."""
    try:
        _, root = load_yaml(text)
    except yaml.YAMLError:
        return
    for card, node in card_nodes(root):
        yield from _walk(card, node, (), True)


def _walk(card: str, node: yaml.Node, path: tuple[str | int, ...], top: bool) -> Iterator[Value]:
    """The values under one node of a card: integers anywhere, texts at the card's top level
    and under the ``name``/``text`` keys."""
    if isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            yield from _walk(card, item, (*path, i), False)
    elif isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value not in ("id", "type"):
                if isinstance(v, yaml.ScalarNode):
                    found = _scalar(card, v, (*path, k.value), top or k.value in TEXT_KEYS)
                    if found:
                        yield found
                else:
                    yield from _walk(card, v, (*path, k.value), False)


def _scalar(
    card: str, node: yaml.ScalarNode, path: tuple[str | int, ...], text: bool
) -> Value | None:
    start, end = node.start_mark.index, node.end_mark.index
    block = node.style in ("|", ">")
    if node.tag == INT_TAG:
        try:
            return Value(card, field_name(path), "int", int(node.value, 0), start, end, block)
        except ValueError:
            return None
    if node.tag == STR_TAG and text:
        return Value(card, field_name(path), "text", node.value, start, end, block)
    return None


def field_name(path: tuple[str | int, ...]) -> str:
    """A value's name as card_edit's knobs name it: ``skills[0].effects[0].amount``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else f".{part}" if out else part
    return out


def card_forms(files: dict[str, str]) -> list[Json]:
    """Per card of the set, in file order: ``{file, card, fields: [{field, kind, value}]}``."""
    out: list[Json] = []
    for name, text in files.items():
        by_card: dict[str, list[Json]] = {}
        for v in values(text):
            by_card.setdefault(v.card, []).append(
                {"field": v.field, "kind": v.kind, "value": v.value}
            )
        out += [{"file": name, "card": c, "fields": f} for c, f in by_card.items()]
    return out


# ----- changes ----------------------------------------------------------------------------


def checked_files(raw: Any, where: str = "files") -> dict[str, str]:
    """``[{name, text}]`` from a request: names ``*.yaml`` without folders, texts within
    the limits; raises BadRequest saying which and why."""
    if not isinstance(raw, list) or len(raw) > MAX_FILES:
        raise BadRequest(
            reason(
                N_("field '{where}': a list of at most {n} {{name, text}}"),
                where=where,
                n=MAX_FILES,
            )
        )
    out: dict[str, str] = {}
    for i, item in enumerate(raw):
        name = item.get("name") if isinstance(item, dict) else None
        text = item.get("text") if isinstance(item, dict) else None
        if not isinstance(name, str) or not FILE_NAME.fullmatch(name):
            raise BadRequest(
                reason(
                    N_(
                        "{where}[{i}].name: {name} is not a card file's name "
                        "(letters, digits, '-', '_' and '.', ending in .yaml, no folders)"
                    ),
                    where=where,
                    i=i,
                    name=brief(name),
                )
            )
        if not isinstance(text, str) or len(text) > MAX_FILE:
            raise BadRequest(
                reason(
                    N_("{where}[{i}].text: the file's YAML text, at most {n} characters"),
                    where=where,
                    i=i,
                    n=MAX_FILE,
                )
            )
        out[name] = text
    return out


def apply_edits(files: dict[str, str], raw: Any) -> dict[str, str]:
    """``files`` with the form's edits ``[{file, card, field, value, from?}]`` applied; raises
    BadRequest for an edit that names no value of the set, gives the wrong kind of value, or
    whose ``from`` is not the value now (the set changed since)."""
    if not isinstance(raw, list) or len(raw) > MAX_EDITS:
        raise BadRequest(
            reason(
                N_("field 'edits': a list of at most {n} {{file, card, field, value}}"), n=MAX_EDITS
            )
        )
    out = dict(files)
    by_file: dict[str, list[tuple[Value, int | str]]] = {}
    for i, edit in enumerate(raw):
        file, target, value = _edit(out, edit, f"edits[{i}]")
        by_file.setdefault(file, []).append((target, value))
    for file, changes in by_file.items():
        out[file] = _replaced(out[file], changes)
    return out


def _edit(files: dict[str, str], edit: Any, where: str) -> tuple[str, Value, int | str]:
    if not isinstance(edit, dict):
        raise BadRequest(reason(N_("{where}: an object {{file, card, field, value}}"), where=where))
    file, card, name = edit.get("file"), edit.get("card"), edit.get("field")
    if not isinstance(file, str) or file not in files:
        raise BadRequest(
            reason(
                N_("{where}.file: the set has no card file {file}"), where=where, file=brief(file)
            )
        )
    found = next((v for v in values(files[file]) if v.card == card and v.field == name), None)
    if found is None:
        why = N_("{where}: {file} has no value {field} of a card {card}")
        raise BadRequest(reason(why, where=where, file=file, field=brief(name), card=brief(card)))
    value = _checked_value(found, edit.get("value"), where)
    if "from" in edit and edit["from"] != found.value:
        why = N_("{where}: {card} {field} is {value} now, not {given}: the card set changed since")
        raise BadRequest(
            reason(
                why,
                where=where,
                card=named(found.card),
                field=named(found.field),
                value=named(str(found.value)),
                given=brief(edit["from"]),
            )
        )
    return file, found, value


def _checked_value(found: Value, value: Any, where: str) -> int | str:
    """A new value for ``found``; BadRequest for one of the wrong kind or size."""
    at = {"where": where, "card": named(found.card), "field": named(found.field)}
    if found.kind == "int":
        if type(value) is int and abs(value) <= MAX_NUMBER:
            return value
        why = N_("{where}.value: {card} {field} must be a whole number (at most {n})")
        raise BadRequest(reason(why, **at, n=MAX_NUMBER))
    if isinstance(value, str) and len(value) <= MAX_TEXT:
        return value
    why = N_("{where}.value: {card} {field} must be a text of at most {n} characters")
    raise BadRequest(reason(why, **at, n=MAX_TEXT))


def _replaced(text: str, changes: list[tuple[Value, int | str]]) -> str:
    """``text`` with each value's characters replaced (a text as a double-quoted scalar,
    which JSON's string syntax is)."""
    for v, new in sorted(changes, key=lambda c: -c[0].start):
        word = str(new) if v.kind == "int" else json.dumps(new, ensure_ascii=False)
        text = text[: v.start] + word + ("\n" if v.block else "") + text[v.end :]
    return text


# ----- checking and storing ---------------------------------------------------------------


def check_folder(game: str, folder: Path, lang: Lang = "en") -> list[Json]:
    """The problems of the card set in ``folder`` for ``game``: loaded through the game's own
    loader (every card against its schema), then every starter deck against the set; ``[]``
    when it loads. Each problem is ``{file, card, field, line, message}`` with ``message`` in
    English and ``said``, the same in ``lang``. Runs in a checker process (server/lab.py)."""
    from cardtable.sim.balance import BalanceConfig, default_deck_specs, validate

    try:
        loaded = load_game(game, cards=str(folder))
        _ = loaded.card_pool
        decks = default_deck_specs(loaded)
        validate(BalanceConfig(game, {"cards": str(folder)}, ("random",), 1, decks))
    except CardFileError as exc:
        return [_problem(line, folder, game, lang) for line in exc.problems if line.strip()]
    except CardtableError as exc:
        lines = getattr(exc, "problems", None) or [exc.args[0] if exc.args else str(exc)]
        decks_said = [reason(N_("decks: {problem}"), problem=line) for line in lines]
        return [_problem(line, folder, game, lang) for line in decks_said]
    return []


PROBLEM = re.compile(
    r"(?P<file>[^:\s]+\.yaml):(?: line (?P<yline>\d+))?:? "
    r"(?:(?:card '(?P<card>[^']*)'|card entry #\d+)(?: \(line (?P<line>\d+)\))?: "
    r"field '(?P<field>[^']*)': )?(?P<message>.*)"
)
PATH = re.compile(r"(?:[^\s:'\"：、（]*/)+(?=[^/\s:'\"：、（]+\.yaml\b)")
"""The folders of a path to a ``.yaml`` file (the server's folders: never shown)."""


def _problem(line: str, folder: Path, game: str, lang: Lang) -> Json:
    """One problem of a loader's error as ``{file, card, field, line, message, said}``,
    naming files by their name only (the server's folders are not the client's business);
    ``said``: what is wrong (the Reason's ``message`` field, else the whole) in ``lang``."""
    text = _no_folders(str(line), folder)
    m = PROBLEM.fullmatch(text)
    if m is None:
        return {"file": None, "card": None, "field": None, "line": None, "message": text,
                "said": _no_folders(say(line, load_game(game), lang), folder)}  # fmt: skip
    what = line.fields.get("message") if isinstance(line, Reason) else None
    said = say(what if isinstance(what, str) else m["message"], load_game(game), lang)
    number = m["line"] or m["yline"]
    field = m["field"]
    if field is not None:
        field = re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", field)
    return {
        "file": m["file"],
        "card": m["card"],
        "field": field,
        "line": int(number) if number else None,
        "message": m["message"],
        "said": _no_folders(said, folder),
    }


def _no_folders(text: str, folder: Path) -> str:
    """``text`` without the set's folder or any other folder of a ``.yaml`` file's path."""
    return PATH.sub("", text.replace(f"{folder}/", "").replace(str(folder), ""))


def write_new(root: Path, files: dict[str, str]) -> Path:
    """``files`` written to a new folder under ``root`` (to be checked, then kept)."""
    if not files:
        raise BadRequest(N_("a card set needs at least one card file"))
    if len(files) > MAX_FILES:
        raise BadRequest(reason(N_("a card set has at most {n} card files"), n=MAX_FILES))
    folder = root / f".new-{uuid.uuid4().hex}"
    folder.mkdir(parents=True)
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def keep(new: Path, folder: Path) -> None:
    """Make the checked folder ``new`` the set's ``folder`` (the old one removed)."""
    old = folder.with_name(f".old-{uuid.uuid4().hex}")
    if folder.exists():
        folder.rename(old)
    new.rename(folder)
    shutil.rmtree(old, ignore_errors=True)


def rejected(details: list[Json], lang: Lang = "en") -> CardSetRejected:
    """The refusal of a set with these problems: its message names the first few, in
    English and, when ``lang`` is another language, in ``lang`` too (what each ``said``);
    each problem's ``message`` is what it said."""
    listed = named(_listed(details, "message", "en"), **{lang: _listed(details, "said", lang)})
    shown = [{**{k: v for k, v in d.items() if k != "said"}, "message": d["said"]} for d in details]
    return CardSetRejected(
        reason(N_("the card set does not load: {problems}"), problems=listed), shown
    )


def _listed(details: list[Json], key: str, lang: Lang) -> str:
    """The first five problems, each with where it is and its ``key`` (its English message
    or what it said in ``lang``), and how many more there are."""
    _ = translator("cardtable", lang)
    lines = [_line(_where(d, _), d[key], lang) for d in details[:5]]
    text = ("; " if lang == LANGS[0] else "；").join(lines)
    if len(details) > 5:
        return _("{problems} (and {n} more)", problems=text, n=len(details) - 5)
    return text


def _line(where: str, message: str, lang: Lang) -> str:
    """One problem and where it is, in ``lang`` (English keeps ``: message`` when it names no
    place, as it always did)."""
    if not where and lang != LANGS[0]:
        return message
    return translator("cardtable", lang)("{where}: {message}", where=where, message=message)


def _where(problem: Json, _: Translate) -> str:
    """Where a problem is: its file, card and field, those it names."""
    card, field = problem["card"], problem["field"]
    return " ".join(
        filter(
            None,
            [
                problem["file"],
                card and _("card '{card}'", card=card),
                field and _("field '{field}'", field=field),
            ],
        )
    )


def patch(game: str, files: dict[str, str]) -> str:
    """The set's change against the game's built-in card files, as a unified diff."""
    base = {p.name: p.read_text(encoding="utf-8") for p in builtin_files(game)}
    out: list[str] = []
    for name in sorted(set(base) | set(files)):
        a, b = base.get(name, ""), files.get(name, "")
        out += difflib.unified_diff(
            a.splitlines(keepends=True),
            b.splitlines(keepends=True),
            f"a/{name}" if name in base else "/dev/null",
            f"b/{name}" if name in files else "/dev/null",
            n=2,
        )
    return "".join(out)
