"""``cardtable import rawdeal`` at work (importer.py starts it): OCTGN set files and deck
lists into a card folder.

The card folder holds one card file per set (``<set>.yaml``, loaded by ``-o cards=DIR``)
and ``decks/`` (a deck file per deck list). Every card's text is read by cardtext.py; the
sentences the rules do not enforce are kept in the card's ``unenforced``.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from pydantic import ValidationError

from cardtable.core.cards import CardPool, format_loc
from cardtable.core.errors import CardFileError
from cardtable.core.importer import ImportFileError, ImportResult, SetSummary

from .cards import ADAPTER, RawDealCard, check_pool
from .import_cards import Draft, draft_card, resolve, slug
from .import_decks import import_decks
from .octgn import is_set_file, read_xml, set_cards

if TYPE_CHECKING:
    from cardtable.core.game import Game

HEADER = (
    "# The cards of the set {set!r}, imported by `cardtable import rawdeal` from\n"
    "#   {file}\n"
    "# Re-import rather than edit. `text` is the card's printed text; `unenforced` lists\n"
    "# its sentences that the rules do not enforce.\n"
)
LAST = ("traits", "text", "unenforced")  # written after the fields the rules read


def import_all(game: Game, paths: Sequence[Path], out: Path, skip_bad: bool) -> ImportResult:
    """Import the set files among ``paths`` into ``out``, then the deck lists (matched
    against the cards of ``out``: those just imported and any imported before)."""
    sets, decks = find_files(paths)
    problems: list[tuple[str, str]] = []  # (set, problem); set "" for a whole file
    drafts = _drafts(sets, problems)
    bad = resolve(drafts)
    problems += [(d.source.set_name, why) for d, why in bad]
    drafts = [d for d in drafts if all(d is not b for b, _ in bad)]
    drafts = _valid(drafts, problems)
    if problems and not skip_bad:
        raise ImportFileError("\n".join(why for _, why in problems))
    summaries = write_sets(drafts, out, problems) if sets else []
    deck_results = import_decks(game, decks, out) if decks else []
    skipped = tuple(why for _, why in problems)
    return ImportResult(out, tuple(summaries), tuple(deck_results), skipped)


def _drafts(files: Iterable[Path], problems: list[tuple[str, str]]) -> list[Draft]:
    """Every card of the set files as a draft; a card (or file) that cannot be read is a
    problem and left out. Two cards that would share an id are told apart by their OCTGN
    ids; an exact repeat is read once."""
    drafts: list[Draft] = []
    for path in files:
        try:
            cards = set_cards(path, read_xml(path))
        except ImportFileError as exc:
            problems.append(("", str(exc)))
            continue
        for card in cards:
            try:
                drafts.append(draft_card(card))
            except ImportFileError as exc:
                problems.append((card.set_name, str(exc)))
    return _distinct_ids(drafts)


def _distinct_ids(drafts: list[Draft]) -> list[Draft]:
    """Drafts with distinct ids: repeats of one card dropped, different cards of one name
    in one set each given a suffix from its OCTGN id (so the ids do not depend on order)."""
    by_id: dict[str, list[Draft]] = defaultdict(list)
    for d in drafts:
        by_id[d.entry["id"]].append(d)
    out: list[Draft] = []
    for cid, group in by_id.items():
        distinct = {repr(sorted(d.source.props.items())): d for d in group}
        if len(distinct) == 1:
            out.append(group[0])
            continue
        for d in distinct.values():
            mark = d.source.guid or repr(sorted(d.source.props.items()))
            d.entry["id"] = f"{cid}-{hashlib.sha1(mark.encode()).hexdigest()[:6]}"
            out.append(d)
    return out


def find_files(paths: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """The set files and the deck files among ``paths``: a folder gives its ``*.xml`` set
    files and ``*.o8d`` deck files, searched recursively (other XML files, such as a game
    definition, are passed over); a file given is a set file (``.xml``) or a deck list."""
    sets: list[Path] = []
    decks: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.rglob("*") if p.is_file())
            sets += [p for p in found if p.suffix.lower() == ".xml" and _is_set(p)]
            decks += [p for p in found if p.suffix.lower() == ".o8d"]
        elif path.is_file():
            (sets if path.suffix.lower() == ".xml" else decks).append(path)
        else:
            raise ImportFileError(f"{path}: no such file or folder")
    return sets, decks


def _is_set(path: Path) -> bool:
    """Whether an XML file in a folder is a set file (one that cannot be read is taken as
    one, so that reading it reports what is wrong)."""
    try:
        return is_set_file(read_xml(path))
    except ImportFileError:
        return True


def _valid(drafts: list[Draft], problems: list[tuple[str, str]]) -> list[Draft]:
    """The drafts the schema takes as cards (one it refuses is a problem, left out), after
    the pool's cross-card checks."""
    cards: list[RawDealCard] = []
    keep: list[Draft] = []
    for d in drafts:
        d.entry["unenforced"] = list(d.unenforced)
        if not d.unenforced:
            del d.entry["unenforced"]
        try:
            cards.append(ADAPTER.validate_python(d.entry))
            keep.append(d)
        except ValidationError as exc:
            for err in exc.errors():
                why = f"{d.source.where}: field '{format_loc(err['loc'])}': {err['msg']}"
                problems.append((d.source.set_name, why))
    try:
        check_pool(CardPool.of(cards))
    except CardFileError as exc:
        problems.append(("", str(exc)))
    return keep


def write_sets(drafts: list[Draft], out: Path, problems: list[tuple[str, str]]) -> list[SetSummary]:
    """A card file per set in ``out``; the summary of each set (its cards by how much of
    their text is enforced, and the cards left out)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ImportFileError(f"{out}: cannot make the folder ({exc.strerror or exc})") from None
    by_set: dict[str, list[Draft]] = defaultdict(list)
    for d in drafts:
        by_set[d.source.set_name].append(d)
    skipped = Counter(name for name, _ in problems if name)
    summaries = []
    for name in sorted(set(by_set) | set(skipped)):
        group = sorted(by_set[name], key=lambda d: d.entry["id"])
        file = out / f"{slug(name)}.yaml"
        if group:
            _write_set(file, name, group)
        count = Counter(d.status for d in group)
        summaries.append(
            SetSummary(
                name, file.name, count["full"], count["partly"], count["none"], skipped[name]
            )
        )
    return summaries


def _write_set(file: Path, name: str, group: list[Draft]) -> None:
    """One set's card file."""
    cards = [
        {k: v for k, v in d.entry.items() if k not in LAST}
        | {k: d.entry[k] for k in LAST if k in d.entry}
        for d in group
    ]
    data: dict[str, Any] = {"set": name, "cards": cards}
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)
    try:
        file.write_text(HEADER.format(set=name, file=group[0].source.file) + text, "utf-8")
    except OSError as exc:
        raise ImportFileError(f"{file}: cannot write the file ({exc.strerror or exc})") from None
