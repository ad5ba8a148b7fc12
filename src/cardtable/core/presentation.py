"""A game's presentation: how its table, cards, events and rules read to people.

The optional second part of a game (docs/protocol.md, "Presentation"): the rules never call
it; the CLI, the server, the event log, ``sim`` reports and ``rl`` rendering do, through
``game.presentation``. A game subclasses :class:`Presentation` in its own
``presentation.py`` and names the subclass in ``Game.presentation_class``; every method has
a generic default, so a game overrides only what it words itself. Events are worded from the
table the class declares (``sentences``, see ``cardtable.core.wording``), zones from the
labels of their declarations (``ZoneSpec.label``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from rich.markup import escape

from cardtable.core.i18n import Lang, Translate, translator
from cardtable.core.wording import Sentences, describe

if TYPE_CHECKING:
    from cardtable.core.game import Game
    from cardtable.core.state import State

_SPACES = re.compile(r"(\s+)")


class Presentation:
    """The words and drawings of one game object (``self.game``), built once per game."""

    sentences: ClassVar[Sentences] = {}
    """The game's words for each event kind (``cardtable.core.wording``); default: none."""

    moves: ClassVar[dict[str, str]] = {}
    """The game's words for a move by the first word of its notation: a sentence (marked
    ``N_``, translated by the game's catalogue) where ``{card}`` stands for the rest of the
    notation with its card ids named (``{"bid": N_("Bid the {card}")}``); default: none."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def translator(self, lang: Lang) -> Translate:
        """The game's own messages in ``lang``: the catalogue of the game's package
        (``games/<game>/locale``), as :func:`cardtable.core.i18n.translator`."""
        return translator(type(self.game).__module__.rpartition(".")[0], lang)

    def rules_sheet(self, lang: Lang = "en") -> list[tuple[str, str]]:
        """Sections of a short rules sheet in ``lang``: (heading, text). Default: none."""
        return []

    def render(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """Draw an observation as text with rich markup, in ``lang``. Default: each zone's
        key and contents on a line of its own."""
        zones = observation.get("zones", {})
        return "\n".join(f"{key}: {cards}" for key, cards in zones.items())

    def describe_card(self, card_id: str, lang: Lang = "en") -> str:
        """One line describing a card in ``lang`` (name, stats, rules text, flavour text),
        with rich markup. Default: its name and its rules text."""
        name = escape(self.game.card_name(card_id, lang) or card_id)
        rules = escape(" ".join(self.card_text(card_id, lang)))
        return f"[b]{name}[/b]" + (f" — {rules}" if rules else "")

    def card_text(self, card_id: str, lang: Lang = "en") -> list[str]:
        """The card's rules text in ``lang``, generated from its data the way its printed
        card would read: one sentence per ability or effect, each a whole sentence (capital,
        full stop), plain text without markup, no schema key, ``None`` or snake_case word.
        Default: none (a card whose data is only its stats)."""
        return []

    def flavour_text(self, card_id: str, lang: Lang = "en") -> str:
        """The card file's flavour text in ``lang`` (``text_ja`` for Japanese when given,
        else ``text``); "" for none."""
        card = self.game.card_pool.get(card_id)
        ja = getattr(card, "text_ja", "") if lang == "ja" else ""
        return str(ja or getattr(card, "text", "") or "")

    def result(self, observation: dict[str, Any], lang: Lang = "en") -> str:
        """How a finished game ended, in one sentence in ``lang`` (no full stop): the winner,
        the score in the game's own units and how it ended (``P0 wins by pinfall on turn
        5``), read from the spectator's ``observation`` (public information only). Default:
        the winner from the observation's ``winner`` (a seat or ``draw``) or ``returns``,
        else "The game is over"."""
        return generic_result(observation, lang)

    def describe_action(self, state: State, action: int, lang: Lang = "en") -> str:
        """A legal ``action`` of the player to act in ``state``, as a menu line in the game's
        words and ``lang`` (``Go first``, ``Flip and play Amidamaru: 3 furyoku from red``),
        saying what the choice does. It may name what the acting player sees, nothing more.
        Default: the sentence of :attr:`moves` for the notation's first word, else the
        action's notation with each card id replaced by the card's name in ``lang`` (``place
        Bugs Bunny on 1``)."""
        verb, _, rest = (notation := state.action_to_string(action)).partition(" ")
        if verb in self.moves:
            return self.translator(lang)(self.moves[verb], card=self.notation_words(rest, lang))
        return self.notation_words(notation, lang)

    def notation_words(self, notation: str, lang: Lang = "en") -> str:
        """An action's ``notation`` with each card id replaced by the card's name in
        ``lang`` (plain text, no markup)."""
        name = self.game.card_name
        return "".join(name(w, lang) or w for w in _SPACES.split(notation))

    def describe_event(
        self, view: dict[str, Any], viewer: int | None, lang: Lang = "en"
    ) -> str | None:
        """An event view in plain words in ``lang`` for a log people read, or ``None`` to
        leave it to the generic text of ``cardtable.eventlog``. Default: the sentence of the
        view's kind in :attr:`sentences` (``None`` for a kind it lacks), translated by the
        game's catalogue.

        ``view`` is exactly what ``state.event_view(event, viewer)`` gives ``viewer`` (``None``:
        a spectator), and the words must come from it alone: a move whose ``card`` is ``None``
        names no card, nor anything derived from the card, so nothing hidden can leak through
        the words. Card names come from ``card_pool``; zone keys, data keys and ``k=v`` pairs
        should not appear raw. Plain text, no markup, no trailing full stop."""
        return describe(self.game, view, self.sentences, lang)

    def zone_label(self, key: str, lang: Lang = "en") -> str | None:
        """A zone key in the game's own words for logs, in ``lang`` (``p0.ringside``:
        ``P0's Ringside pile``), or ``None`` for the generic label of ``cardtable.eventlog``.
        Default: the ``label`` of the zone's declaration (``ZoneSpec.words``), if it has one."""
        index = self.game.zone_keys.get(key)
        if index is None:
            return None
        return self.game.zone_specs[index].words(self.translator(lang)) or None

    def balance_zones(self) -> dict[str, tuple[int, ...]]:
        """Zones whose entries a balance report counts per card, by label, for a notion the
        generic report cannot derive (wcrugby: ``{"on court": <the court zones>}``): a card
        counts for a label in a game when it entered one of its zones. Default: none. Read
        only by ``sim`` (``cardtable balance``), never by the rules."""
        return {}

    def length_unit(self) -> LengthUnit | None:
        """How a balance report counts a game's length in the game's own unit (turns,
        rounds, periods). Default: none, and the report counts decisions only. Read only by
        ``sim``."""
        return None


class LengthUnit(NamedTuple):
    """A game's own unit of length: the kind of the event that starts (or ends) one, and the
    unit's name in English, plural (Raw Deal ``LengthUnit("turn", "turns")``). The event counts
    for its player (a turn is that player's own), or, ``shared``, for every seat (a round, a
    period); an event for everyone (player ``EVERYONE``) always counts for every seat.

    ``opener`` names the event whose first occurrence with a seat as its player says who
    plays first (the balance report's *first player*); empty: the unit's own event (Looney's
    ``round`` names the round player). A game whose first player is not told by its events
    this way has none in the report."""

    event: str
    name: str
    shared: bool = False
    opener: str = ""


def generic_result(observation: dict[str, Any], lang: Lang = "en") -> str:
    """The default :meth:`Presentation.result`: "P1 wins", "Draw" or "The game is over"."""
    _ = translator("cardtable", lang)
    winner = observation.get("winner")
    returns = observation.get("returns")
    if winner is None and isinstance(returns, list) and returns:
        best = max(returns)
        top = [p for p, r in enumerate(returns) if r == best]
        winner = top[0] if len(top) == 1 else "draw" if len(top) == len(returns) else None
    if winner == "draw":
        return _("Draw")
    if isinstance(winner, int) and not isinstance(winner, bool):
        return _("P{player} wins", player=winner)
    return _("The game is over")
