"""Events in a game's words: what every game's ``words.py`` shares.

A game words its events with a table, ``{event kind: sentence}``, that its Presentation
declares as ``sentences`` (docs/protocol.md, "Presentation"). A sentence is an English
template marked for translation (``N_("P{player} is eliminated")``), translated by the game's
catalogue and filled from the event view's fields (``{card}`` is the card's name; a field the
view lacks raises :class:`SentenceFieldError`), or, for a kind that needs code, a function of
the game, the view and the language. A ``move`` is read with :func:`read_move`: its two
zones' declarations (``ZoneSpec.name``, ``place``, ``owner``, ``label``), the card's name
where the view names it, and the player; :meth:`Move.goes` is the sentence every game falls
back on (``Taz goes from P0's hand to P0's discard pile``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.zones import ZoneSpec

if TYPE_CHECKING:
    from cardtable.core.game import Game

Sentence = str | Callable[[Any, dict[str, Any], Lang], str | None]
Sentences = Mapping[str, Sentence]


def cap(text: str) -> str:
    """The text with its first letter a capital (``a card``: ``A card``)."""
    return text[:1].upper() + text[1:]


class SentenceFieldError(LookupError):
    """A sentence template names a field its event's view lacks (most likely a typo in the
    template): the message names the event kind and the field."""


class _Fields(dict[str, Any]):
    """A view's fields for a template; a field the view lacks raises
    :class:`SentenceFieldError` (rather than printing ``None`` into the sentence)."""

    def __missing__(self, key: str) -> Any:
        fields = ", ".join(sorted(self))
        raise SentenceFieldError(
            f"the sentence for a {self.get('kind')!r} event names the field {{{key}}},"
            f" which its view lacks (fields: {fields})"
        )


def game_words(game: Game, lang: Lang) -> Translate:
    """The translator of ``game``'s own catalogue in ``lang`` (its package's ``locale``)."""
    return translator(type(game).__module__.rpartition(".")[0], lang)


def describe(
    game: Game, view: dict[str, Any], sentences: Sentences, lang: Lang = "en"
) -> str | None:
    """The sentence for ``view`` in ``sentences`` and ``lang``: its kind's template,
    translated by the game's catalogue and filled from the view (``{card}``: the card's
    name), or its kind's function called with ``game``, ``view`` and ``lang``; ``None`` for a
    kind the table does not word."""
    sentence = sentences.get(view["kind"])
    if sentence is None:
        return None
    if not isinstance(sentence, str):
        return sentence(game, view, lang)
    fields = _Fields(view)
    if "card" in view:
        fields["card"] = game.card_name(view["card"], lang)
    template = game_words(game, lang)(sentence)
    return template.format_map(fields)


@dataclass(frozen=True, slots=True)
class Move:
    """A ``move`` event view read through its zones' declarations."""

    src: ZoneSpec
    dst: ZoneSpec
    card_id: str | None  # None: the view does not name the card
    card: str | None  # the card's name in lang, or None
    player: int | None  # the view's player, else the owner of the source, else of the destination
    lang: Lang = "en"
    words: Translate | None = None  # the game's translator in lang (None: English)

    @property
    def what(self) -> str:
        """The card's name, or ``a card`` (in the move's language)."""
        return self.card or translator("cardtable", self.lang)("a card")

    @property
    def src_label(self) -> str:
        """The source zone in words (its label in the move's language, else its key)."""
        return self.src.words(self.words) or self.src.key

    @property
    def dst_label(self) -> str:
        """The destination zone in words (its label in the move's language, else its key)."""
        return self.dst.words(self.words) or self.dst.key

    def goes(self, what: str | None = None) -> str:
        """The sentence every game falls back on: ``Taz goes from P0's hand to P0's discard
        pile`` (``what``: the words for the card, default :attr:`what`)."""
        _ = translator("cardtable", self.lang)
        what = what or self.what
        return _(
            "{what} goes from {src} to {dst}",
            what=cap(what),
            src=self.src_label,
            dst=self.dst_label,
        )


def read_move(game: Game, view: dict[str, Any], lang: Lang = "en") -> Move:
    """A ``move`` view (``from``, ``to``, ``card``, ``player``) with its zones' declarations,
    worded in ``lang``."""
    src = game.zone_specs[game.zone_keys[view["from"]]]
    dst = game.zone_specs[game.zone_keys[view["to"]]]
    player = view.get("player")
    if player is None:
        player = src.owner if src.owner is not None else dst.owner
    card_id = view.get("card")
    name = game.card_name(card_id, lang)
    return Move(src, dst, card_id, name, player, lang, game_words(game, lang))
