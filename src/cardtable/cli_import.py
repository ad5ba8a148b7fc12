"""``cardtable import``: a game's real cards and decks read from the community's files by the
game's card importer (``game.importer``, docs/protocol.md), with a summary per set; and
what ``play`` and ``sim`` say of decks holding cards whose text the rules do not all
enforce (they play only when the player accepts it)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from cardtable.core.decks import Deck
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.importer import ImportResult

ACCEPT_FLAG = "--accept-unenforced"


def import_session(
    console: Console, game: Game, paths: Sequence[Path], out: Path, skip_bad: bool, lang: Lang
) -> ImportResult:
    """Import ``paths`` into the card folder ``out`` and print what was written: a row per
    set (its cards by how much of their text the rules enforce), the cards left out, and
    each deck with the construction rules it breaks."""
    _ = translator("cardtable", lang)
    result = game.importer.import_files(paths, out, skip_bad)
    if result.sets:
        console.print(_set_table(result, _))
    for why in result.skipped:
        console.print(f"[yellow]{escape(_('left out'))}:[/] {escape(why)}")
    for deck in result.decks:
        said = _("deck {file} (from {source})", file=deck.file, source=deck.source)
        mark = "[red]" if deck.problems else "[green]"
        console.print(f"{mark}{escape(said)}[/]")
        for problem in deck.problems:
            console.print(f"  {escape(problem)}")
    folder = str(out)
    console.print(
        escape(
            _(
                "What the rules do not enforce: cardtable cards {game} -o cards={folder} "
                "--unsupported",
                game=game.name,
                folder=folder,
            )
        )
    )
    return result


def _set_table(result: ImportResult, _: Translate) -> Table:
    """The summary per set."""
    table = Table(
        _("set"),
        _("file"),
        _("cards"),
        _("fully enforced"),
        _("partly"),
        _("not at all"),
        _("left out"),
        title=_("Cards imported into {folder}", folder=str(result.out)),
    )
    for s in result.sets:
        numbers = (s.cards, s.full, s.partly, s.none, s.skipped)
        table.add_row(escape(s.name), escape(s.file), *(str(n) for n in numbers))
    return table


def unenforced_cards(game: Game, card_ids: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """The cards among ``card_ids`` whose text the rules do not all enforce, by id in
    order, with the sentences not enforced."""
    out: dict[str, tuple[str, ...]] = {}
    for cid in sorted(set(card_ids)):
        sentences = game.unenforced_text(cid)
        if sentences:
            out[cid] = sentences
    return out


def spec_decks(game: Game, specs: Sequence[str] | None) -> list[Deck]:
    """The decks a run plays: each spec resolved (a starter name or a file), else the game's
    default decks."""
    return [game.resolve_deck(s) for s in specs] if specs else game.default_decks()


def check_unenforced(
    console: Console, game: Game, decks: Sequence[Deck], accepted: bool, lang: Lang
) -> None:
    """Refuse (CardtableError) decks holding cards whose text the rules do not all
    enforce, naming them and their sentences, unless ``accepted``; then warn."""
    _ = translator("cardtable", lang)
    found = game.unenforced_cards(decks)
    if not found:
        return
    lines = [
        _(
            "Cards in these decks whose text the rules do not all enforce: {count}",
            count=len(found),
        )
    ]
    for cid, sentences in found.items():
        name = game.card_name(cid, lang) or cid
        lines.append(f"  {name}: " + " / ".join(sentences))
    if not accepted:
        lines.append(
            _(
                "Give {flag} to play with them anyway: those sentences do nothing in the game.",
                flag=ACCEPT_FLAG,
            )
        )
        raise CardtableError("\n".join(lines))
    lines.append(
        _("Playing with them anyway ({flag}): those sentences do nothing.", flag=ACCEPT_FLAG)
    )
    for line in lines:
        console.print(f"[yellow]{escape(line)}[/]")


def unsupported_table(game: Game, lang: Lang) -> Table | None:
    """The cards whose text the rules do not all enforce, with those sentences (``None``
    when there are none)."""
    _ = translator("cardtable", lang)
    found = unenforced_cards(game, game.card_ids)
    if not found:
        return None
    table = Table("id", _("card"), _("not enforced"))
    for cid, sentences in found.items():
        name = game.card_name(cid, lang) or cid
        table.add_row(cid, escape(name), escape("\n".join(sentences)))
    return table
