"""Deck files (YAML): ``game``, ``name``, and one mapping from card id to count per section;
optionally a ``description``, and the name and description in Japanese (``name_ja``,
``description_ja``) that players reading Japanese see.

A section may instead name a single card by its id (a Superstar, a Shaman), and a section of
many cards may be a list of card ids, one entry per copy, which keeps an order the counts
cannot say (a deck order known from a game played at a table, for a game that deals without
shuffling, such as Raw Deal's ``shuffle=none``). Which sections a
game's decks have is declared by the game; the rules a deck must follow are checked by the game
and reported with their rule ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import Any

from cardtable.core.cards import read_yaml
from cardtable.core.errors import DeckFileError, brief, clip
from cardtable.core.i18n import N_, named, reason

SINGLE = "single"
MANY = "many"
OPTIONAL_SINGLE = "single?"  # a section a deck file may leave out
OPTIONAL_MANY = "many?"


@dataclass(frozen=True)
class Deck:
    """A deck: a name and, per section, card ids with counts (in file order); ``order``
    holds, for a section the file gives as a list, that list's card ids."""

    game: str
    name: str
    sections: Mapping[str, Mapping[str, int]]
    description: str = ""
    source: str = ""
    order: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    name_ja: str = ""
    description_ja: str = ""

    def title(self, lang: str = "en") -> str:
        """The deck's name in ``lang`` (its English name where it has none in it)."""
        return self.name_ja if lang == "ja" and self.name_ja else self.name

    def blurb(self, lang: str = "en") -> str:
        """The deck's description in ``lang`` (its English one where it has none in it)."""
        return self.description_ja if lang == "ja" and self.description_ja else self.description

    def cards(self, section: str) -> list[str]:
        """The card ids of a section in file order: a list as listed, a mapping with each
        card repeated by its count where it is first named."""
        if section in self.order:
            return list(self.order[section])
        return [cid for cid, n in self.sections.get(section, {}).items() for _ in range(n)]

    def size(self, section: str) -> int:
        """How many cards a section holds."""
        return sum(self.sections.get(section, {}).values())

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, the same shape as a deck file."""
        out: dict[str, Any] = {"game": self.game, "name": self.name}
        words = {"description": self.description, "name_ja": self.name_ja}
        words["description_ja"] = self.description_ja
        out |= {key: text for key, text in words.items() if text}
        for sec, counts in self.sections.items():
            out[sec] = list(self.order[sec]) if sec in self.order else dict(counts)
        return out


@dataclass(frozen=True)
class DeckProblem:
    """A deck-construction rule the deck breaks."""

    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


@dataclass(frozen=True)
class DeckLayout:
    """What sections a game's deck files have: section name -> SINGLE or MANY."""

    sections: Mapping[str, str] = field(default_factory=dict)


def deck_from_data(
    data: Any, where: str, game: str, layout: DeckLayout, known: Mapping[str, Any]
) -> Deck:
    """Validate parsed deck data; ``where`` names the source in messages; ``known`` is the
    card pool index. Raises :class:`DeckFileError` listing every problem."""
    if not isinstance(data, dict):
        raise DeckFileError(f"{where}: expected a mapping with 'game', 'name' and deck sections")
    problems: list[str] = []
    if data.get("game") != game:
        got = brief(data.get("game"))
        problems.append(
            reason(
                N_("{where}: field 'game': expected '{game}', got {got}"),
                where=where,
                game=game,
                got=got,
            )
        )
    words = _words(data, where, problems)
    sections: dict[str, dict[str, int]] = {}
    order: dict[str, tuple[str, ...]] = {}
    valid = ["game", *WORDS, *layout.sections]
    for key, value in data.items():
        if key == "game" or key in WORDS:
            continue
        kind = layout.sections.get(str(key))
        if kind is None:
            why = N_("{where}: field '{key}': unknown section; valid fields: {valid}")
            valid_fields = ", ".join(f"'{v}'" for v in valid)
            problems.append(reason(why, where=where, key=named(clip(str(key))), valid=valid_fields))
            continue
        here = reason(N_("{where}: section '{key}'"), where=where, key=named(str(key)))
        if isinstance(value, list) and not kind.startswith(SINGLE):
            listed = _listed(value, here, known, problems)
            order[str(key)] = listed
            value = dict(Counter(listed))
        sections[str(key)] = _section(value, kind, here, known, problems)
    for sec, kind in layout.sections.items():
        if sec not in data and not kind.endswith("?"):
            problems.append(
                reason(N_("{where}: section '{sec}' is missing"), where=where, sec=named(sec))
            )
    if problems:
        raise DeckFileError("\n".join(problems), problems)
    return Deck(game, sections=sections, source=where, order=order, **words)


WORDS = ("name", "description", "name_ja", "description_ja")
"""A deck file's words: its name (required), a description and both in Japanese."""


def _words(data: Mapping[str, Any], where: str, problems: list[str]) -> dict[str, str]:
    """The deck's name and other words (text each; the name not empty)."""
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(
            reason(N_("{where}: field 'name': a non-empty name is required"), where=where)
        )
    out = {"name": str(name)}
    for key in WORDS[1:]:
        value = data.get(key, "")
        if not isinstance(value, str):
            why = N_("{where}: field '{key}': must be text")
            problems.append(reason(why, where=where, key=named(key)))
        out[key] = str(value)
    return out


def _section(
    value: Any, kind: str, where: str, known: Mapping[str, Any], problems: list[str]
) -> dict[str, int]:
    if kind.startswith(SINGLE):
        # a card id, or the ``{id: 1}`` that Deck.to_dict writes (records and the server)
        if isinstance(value, dict) and len(value) == 1 and list(value.values()) == [1]:
            value = next(iter(value))
        if not isinstance(value, str):
            problems.append(reason(N_("{where}: expected a single card id"), where=where))
            return {}
        value = {value: 1}
    if not isinstance(value, dict):
        why = N_("{where}: expected a mapping from card id to count, or a list of card ids")
        problems.append(reason(why, where=where))
        return {}
    out: dict[str, int] = {}
    for cid, n in value.items():
        if str(cid) not in known:
            why = N_("{where}: entry {entry}: no card with this id{close}")
            problems.append(
                reason(why, where=where, entry=brief(str(cid)), close=_close(cid, known))
            )
        elif isinstance(n, bool) or not isinstance(n, int) or n < 1:
            why = N_("{where}: entry {entry}: count must be a whole number >= 1, got {got}")
            problems.append(reason(why, where=where, entry=brief(cid), got=brief(n)))
        else:
            out[str(cid)] = n
    return out


def _listed(
    value: list[Any], where: str, known: Mapping[str, Any], problems: list[str]
) -> tuple[str, ...]:
    """The card ids of a section given as a list, one entry per copy; an entry that is no
    known card id is a problem and left out."""
    out: list[str] = []
    for i, cid in enumerate(value, 1):
        if isinstance(cid, str) and cid in known:
            out.append(cid)
            continue
        why = N_("{where}: item {n}: no card with the id {entry}{close}")
        close = _close(cid, known) if isinstance(cid, str) else ""
        problems.append(reason(why, where=where, n=i, entry=brief(cid), close=close))
    return tuple(out)


def _close(card_id: object, known: Mapping[str, Any]) -> str:
    """``; did you mean 'a' or 'b'?`` naming the known ids closest to an unknown one ("" when
    none is close, or for an id too long to be a slip)."""
    text = str(card_id)
    if len(text) > 80:
        return ""
    close = get_close_matches(text, [str(k) for k in known], n=3)
    if not close:
        return ""
    return reason(N_("; did you mean {ids}?"), ids=", ".join(repr(c) for c in close))


def load_deck_file(path: Path, game: str, layout: DeckLayout, known: Mapping[str, Any]) -> Deck:
    """Load and validate a deck file for ``game``."""
    data, _ = read_yaml(path, DeckFileError)
    return deck_from_data(data, str(path), game, layout, known)
