"""Events in a game's words: what every game's ``words.py`` shares.

A game words its events with a table, ``{event kind: sentence}``, that its Presentation
declares as ``sentences`` (docs/protocol.md, "Presentation"). A sentence is a template filled
from the event view's fields (``"P{player} is eliminated"``; ``{card}`` is the card's name; a
field the view lacks raises :class:`SentenceFieldError`), or, for a kind that needs code, a
function of the game and the view. A ``move`` is read with :func:`read_move`: its two zones'
declarations (``ZoneSpec.name``, ``place``, ``owner``, ``label``), the card's name where the
view names it, and the player; :meth:`Move.goes` is the sentence every game falls back on
(``Taz goes from P0's hand to P0's discard pile``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardtable.core.zones import ZoneSpec

if TYPE_CHECKING:
    from cardtable.core.game import Game

Sentence = str | Callable[[Any, dict[str, Any]], str | None]
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


def describe(game: Game, view: dict[str, Any], sentences: Sentences) -> str | None:
    """The sentence for ``view`` in ``sentences``: its kind's template, filled from the view
    (``{card}``: the card's name), or its kind's function called with ``game`` and ``view``;
    ``None`` for a kind the table does not word."""
    sentence = sentences.get(view["kind"])
    if sentence is None:
        return None
    if not isinstance(sentence, str):
        return sentence(game, view)
    fields = _Fields(view)
    if "card" in view:
        fields["card"] = game.card_name(view["card"])
    return sentence.format_map(fields)


@dataclass(frozen=True, slots=True)
class Move:
    """A ``move`` event view read through its zones' declarations."""

    src: ZoneSpec
    dst: ZoneSpec
    card_id: str | None  # None: the view does not name the card
    card: str | None  # the card's name, or None
    player: int | None  # the view's player, else the owner of the source, else of the destination

    @property
    def what(self) -> str:
        """The card's name, or ``a card``."""
        return self.card or "a card"

    def goes(self, what: str | None = None) -> str:
        """The sentence every game falls back on: ``Taz goes from P0's hand to P0's discard
        pile`` (``what``: the words for the card, default :attr:`what`)."""
        src, dst = self.src.label or self.src.key, self.dst.label or self.dst.key
        return f"{cap(what or self.what)} goes from {src} to {dst}"


def read_move(game: Game, view: dict[str, Any]) -> Move:
    """A ``move`` view (``from``, ``to``, ``card``, ``player``) with its zones' declarations."""
    src = game.zone_specs[game.zone_keys[view["from"]]]
    dst = game.zone_specs[game.zone_keys[view["to"]]]
    player = view.get("player")
    if player is None:
        player = src.owner if src.owner is not None else dst.owner
    card_id = view.get("card")
    return Move(src, dst, card_id, game.card_name(card_id), player)
