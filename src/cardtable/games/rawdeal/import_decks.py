"""Deck lists (OCTGN ``.o8d`` files and text lists) into deck files of a card folder.

Cards are matched against the cards of the folder: in an OCTGN deck file by their OCTGN id
where one imported card has it, else by name, case and spacing aside; a name of no card is
an error naming the file, the line and the closest names. A card of several sets (a
reprint) named only by name is taken from the first set by name. The deck is written to
``decks/<file>.yaml`` even if it breaks a construction rule, which the summary names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from cardtable.core.errors import CardtableError, clip
from cardtable.core.importer import DeckSummary, ImportFileError

from .cards import RawDealCard
from .import_cards import slug
from .octgn import DeckLine, o8d_lines, read_xml, text_lines

if TYPE_CHECKING:
    from cardtable.core.game import Game

SECTION = {
    "superstar": "superstar",
    "enforcer": "enforcer",
    "arsenal": "arsenal",
    "prematch": "backlash",
    "midmatch": "backlash",
}


def _key(name: str) -> str:
    """A name as deck lists are matched: lower case, single spaces, plain apostrophes."""
    return " ".join(name.replace("\u2019", "'").lower().split())


@dataclass
class _Names:
    """How a deck list's lines find the folder's cards: by OCTGN id (the ids one card alone
    has) and by name (the first card of a name); ``shown`` spells a name for a hint."""

    by_guid: dict[str, str] = field(default_factory=dict)
    by_name: dict[str, str] = field(default_factory=dict)
    shown: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, cards: Sequence[RawDealCard]) -> _Names:
        """The names and OCTGN ids of ``cards``, in pool order."""
        names, shared = cls(), set()
        for card in cards:
            names.by_name.setdefault(_key(card.name), card.id)
            names.shown.setdefault(_key(card.name), card.name)
            if card.octgn_id and names.by_guid.setdefault(card.octgn_id, card.id) != card.id:
                shared.add(card.octgn_id)
        for guid in shared:
            del names.by_guid[guid]
        return names

    def find(self, line: DeckLine) -> str | None:
        """The card id a line names, or None."""
        return self.by_guid.get(line.guid) or self.by_name.get(_key(line.name))


def import_decks(game: Game, files: Sequence[Path], out: Path) -> list[DeckSummary]:
    """Each deck list in ``files`` as a deck file in ``out/decks``, against the cards of the
    card folder ``out``."""
    try:
        folder = type(game)(game.Options(cards=str(out)))
    except CardtableError as exc:  # no card folder yet, or one that does not load
        raise ImportFileError(
            f"{out}: the deck lists need the cards: import their set files into this folder "
            f"first ({exc})"
        ) from None
    names = _Names.of(folder.card_pool.cards)
    results = []
    for path in files:
        lines = (
            o8d_lines(path, read_xml(path)) if path.suffix.lower() == ".o8d" else text_lines(path)
        )
        data = _deck_data(folder, path, lines, names)
        target = out / "decks" / f"{slug(path.stem)}.yaml"
        _write(target, yaml.safe_dump(data, allow_unicode=True, sort_keys=False))
        deck = folder.deck_from_dict(data, str(target))
        problems = tuple(str(p) for p in folder.check_deck(deck))
        results.append(DeckSummary(str(path), str(target), problems))
    return results


def _write(target: Path, text: str) -> None:
    """Write a deck file (ImportFileError when it cannot be written)."""
    try:
        target.parent.mkdir(exist_ok=True)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ImportFileError(f"{target}: cannot write the file ({exc.strerror or exc})") from None


def _deck_data(game: Game, path: Path, lines: list[DeckLine], names: _Names) -> dict[str, Any]:
    """A deck file's data from the lines of a deck list. An Arsenal that names a card on
    more than one line is an order (a deck as a table dealt it, for ``shuffle=none``): it is
    written as a list, one entry per copy, in line order."""
    sections: dict[str, dict[str, int]] = {}
    dealt: list[str] = []  # the Arsenal's card ids in line order, one per copy
    ordered = False
    for line in lines:
        cid = names.find(line)
        if cid is None:
            close = get_close_matches(_key(line.name), list(names.by_name), n=3, cutoff=0.6)
            hint = (
                f"; did you mean {', '.join(repr(names.shown[c]) for c in close)}?" if close else ""
            )
            raise ImportFileError(f"{path}: {line.where}: no card named {clip(line.name)!r}{hint}")
        card: RawDealCard = game.card_pool.get(cid)
        section = SECTION[card.type]
        if line.superstar and section != "superstar":
            raise ImportFileError(
                f"{path}: {line.where}: {clip(line.name)!r} is marked as the Superstar but is "
                f"not a Superstar Card"
            )
        counts = sections.setdefault(section, {})
        if section == "arsenal":
            ordered = ordered or cid in counts
            dealt += [cid] * line.count
        counts[cid] = counts.get(cid, 0) + line.count
    data: dict[str, Any] = {"game": game.name, "name": path.stem}
    for section in ("superstar", "enforcer"):
        chosen = list(sections.get(section, {}))
        if len(chosen) > 1 or sum(sections.get(section, {}).values()) > 1:
            raise ImportFileError(f"{path}: more than one {section} card: {', '.join(chosen)}")
        if chosen:
            data[section] = chosen[0]
    if "superstar" not in data:
        raise ImportFileError(f"{path}: no Superstar Card (mark it as 'Name (Superstar Card)')")
    data["arsenal"] = dealt if ordered else sections.get("arsenal", {})
    if sections.get("backlash"):
        data["backlash"] = sections["backlash"]
    return data
