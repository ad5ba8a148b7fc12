"""Reading the community's Raw Deal files: OCTGN set files (``set.xml``), OCTGN deck files
(``.o8d``) and plain text deck lists, into plain records (no rules yet: importing.py).

Every file is read safely and within bounds: at most MAX_FILE_BYTES, XML with no DTD and no
entities (defusedxml), at most MAX_CARDS cards a file and MAX_VALUE characters a value. A
file that breaks a bound or cannot be read is an :class:`ImportFileError` naming it (and the
card or line), never a traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import ElementTree as SafeTree
from defusedxml.common import DefusedXmlException

from cardtable.core.errors import brief, clip
from cardtable.core.importer import ImportFileError

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_CARDS = 5000  # cards in one set file, or lines in one deck list
MAX_VALUE = 4000  # characters of one name or property value
MAX_COPIES = 60


@dataclass(frozen=True)
class SetCard:
    """One ``<card>`` of a set file: its file, set, OCTGN id, name and properties."""

    file: str
    set_name: str
    guid: str
    name: str
    props: dict[str, str]

    @property
    def where(self) -> str:
        """The file and the card, for messages."""
        return f"{self.file}: card {clip(self.name)!r}"


@dataclass(frozen=True)
class DeckLine:
    """One card of a deck list: its name, copies, whether it is marked as the Superstar,
    and where it is (``line 4`` or ``section 'Arsenal', card 3``)."""

    name: str
    count: int
    superstar: bool
    where: str
    guid: str = ""  # the card's OCTGN id, in an OCTGN deck file


def _tag(element: Element) -> str:
    """An element's tag without its namespace."""
    return str(element.tag).rpartition("}")[2].lower()


def read_xml(path: Path) -> Element:
    """The root of an XML file read safely: bounded size, no DTD, no entities."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ImportFileError(
                f"{path}: {size} bytes; a file to import has at most {MAX_FILE_BYTES}"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFileError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        root: Element = SafeTree.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise ImportFileError(
            f"{path}: refused: {type(exc).__name__} (no DTD or entities)"
        ) from None
    except ParseError as exc:
        raise ImportFileError(f"{path}: not valid XML: {exc}") from None
    return root


def _value(text: str | None, where: str, what: str) -> str:
    """A name or property value, within MAX_VALUE characters, spaces kept as written."""
    value = (text or "").strip()
    if len(value) > MAX_VALUE:
        raise ImportFileError(f"{where}: {what}: longer than {MAX_VALUE} characters")
    return value


def is_set_file(root: Element) -> bool:
    """Whether an XML root is an OCTGN set (``<set>``)."""
    return _tag(root) == "set"


def set_cards(path: Path, root: Element) -> list[SetCard]:
    """The cards of a set file's root (``<set name=... id=...><cards><card ...>``)."""
    if not is_set_file(root):
        raise ImportFileError(
            f"{path}: not an OCTGN set file (its root is <{_tag(root)}>, not <set>)"
        )
    set_name = _value(root.get("name"), str(path), "the set's 'name'")
    if not set_name:
        raise ImportFileError(f"{path}: the <set> has no 'name'")
    cards = [e for c in root if _tag(c) == "cards" for e in c if _tag(e) == "card"]
    if len(cards) > MAX_CARDS:
        raise ImportFileError(f"{path}: {len(cards)} cards; a set file has at most {MAX_CARDS}")
    return [_set_card(path, set_name, i, e) for i, e in enumerate(cards, 1)]


def _set_card(path: Path, set_name: str, number: int, element: Element) -> SetCard:
    """One ``<card>`` element."""
    name = _value(element.get("name"), f"{path}: card #{number}", "'name'")
    if not name:
        raise ImportFileError(f"{path}: card #{number}: the <card> has no 'name'")
    where = f"{path}: card {clip(name)!r}"
    props: dict[str, str] = {}
    for prop in element:
        if _tag(prop) != "property":
            continue
        key = _value(prop.get("name"), where, "a property's name")
        text = prop.get("value")
        props[key] = _value(prop.text if text is None else text, where, f"property {key!r}")
    guid = _value(element.get("id"), where, "'id'")
    return SetCard(str(path), set_name, guid, name, props)


def o8d_lines(path: Path, root: Element) -> list[DeckLine]:
    """The cards of an OCTGN deck file (``<deck><section name=...><card qty=N id=...>Name``)."""
    if _tag(root) != "deck":
        raise ImportFileError(
            f"{path}: not an OCTGN deck file (its root is <{_tag(root)}>, not <deck>)"
        )
    out: list[DeckLine] = []
    for section in (s for s in root if _tag(s) == "section"):
        title = clip(section.get("name") or "")
        if title.lower() == "sideboard":
            continue
        for i, card in enumerate((c for c in section if _tag(c) == "card"), 1):
            where = f"section {title!r}, card {i}"
            name = _value(card.text, f"{path}: {where}", "the card's name")
            qty = card.get("qty", "1").strip()
            if not qty.isdigit() or not 1 <= int(qty) <= MAX_COPIES:
                raise ImportFileError(
                    f"{path}: {where}: 'qty' must be 1 to {MAX_COPIES}, got {brief(qty)}"
                )
            star = title.lower().startswith("superstar")
            guid = _value(card.get("id"), f"{path}: {where}", "'id'").lower()
            out.append(DeckLine(name, int(qty), star, where, guid))
            if len(out) > MAX_CARDS:
                raise ImportFileError(f"{path}: more than {MAX_CARDS} cards")
    return out


_COUNT = re.compile(r"^(\d{1,3})\s*[xX]?\s+(.+)$")
_STAR_MARK = re.compile(r"\s*\(superstar(?: card)?\)\s*$", re.IGNORECASE)


def text_lines(path: Path) -> list[DeckLine]:
    """The cards of a plain text deck list: a card a line, as ``Name``, ``3 Name`` or ``3x
    Name``; the Superstar as ``Name (Superstar Card)``; blank lines, lines starting with
    ``#`` or ``//`` and headings ending in ``:`` are skipped."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ImportFileError(f"{path}: larger than {MAX_FILE_BYTES} bytes")
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ImportFileError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise ImportFileError(f"{path}: byte {exc.start}: not UTF-8 text") from None
    out: list[DeckLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = " ".join(raw.split())
        if not line or line.startswith(("#", "//")) or line.endswith(":"):
            continue
        where = f"line {number}"
        if len(line) > MAX_VALUE:
            raise ImportFileError(f"{path}: {where}: longer than {MAX_VALUE} characters")
        count, name = 1, line
        found = _COUNT.match(line)
        if found:
            count, name = int(found.group(1)), found.group(2)
        if not 1 <= count <= MAX_COPIES:
            raise ImportFileError(f"{path}: {where}: copies must be 1 to {MAX_COPIES}, got {count}")
        star = bool(_STAR_MARK.search(name))
        out.append(DeckLine(_STAR_MARK.sub("", name), count, star, where))
        if len(out) > MAX_CARDS:
            raise ImportFileError(f"{path}: more than {MAX_CARDS} lines")
    return out
