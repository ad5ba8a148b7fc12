"""The Raw Deal card importer (``game.importer``, docs/importing-cards.md): OCTGN set files,
OCTGN deck files and text deck lists into a card folder. The work is in import_sets.py,
imported when an import starts, so that a game loads without the XML reader and the card
text grammar (lark)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from cardtable.core.importer import CardImporter, ImportResult


class RawDealImporter(CardImporter):
    """Reads OCTGN set files (``set.xml``), OCTGN deck files (``.o8d``) and text deck lists."""

    formats: ClassVar[str] = (
        "OCTGN set files (set.xml; a folder is searched for *.xml and *.o8d), OCTGN deck "
        "files (.o8d) and text deck lists (any other file: '3x Name' a line)"
    )

    def import_files(self, paths: Sequence[Path], out: Path, skip_bad: bool) -> ImportResult:
        """Import the set files among ``paths`` into ``out``, then the deck lists (matched
        against the cards of ``out``: those just imported and any imported before)."""
        from .import_sets import import_all

        return import_all(self.game, paths, out, skip_bad)
