"""The words of the balance report's page (``balance_html``) in one language.

The page's own words are messages of cardtable's catalogue (marked ``N_`` where they are
written). The report's data holds English words too: what an item is (``seat``), what was
measured (``played``, a game's mark such as ``on court``), a flag (``above``), a unit of
length (``turns``), how games end (``pinfall``); ``Words.term`` says each in the page's
language, the lab's vocabulary below first, then the game's own catalogue. With the run's
game, cards are named by their names in the language (``name_ja``) and their rules text is
the game's own in it; without one, as the report has them (English).

The plots stay English (``PLOTS``): a Japanese font is not sure to be installed (Debian has
none by default), and matplotlib would draw its glyphs as empty boxes. A plot in a Japanese
page has its title in Japanese above it.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from cardtable.core.i18n import LANGS, N_, Lang, Translate, translator
from cardtable.sim.balance_summary import FIRST

if TYPE_CHECKING:
    from cardtable.core.game import Game

Json = dict[str, Any]

PLOTS: Lang = "en"
"""The language of the words drawn inside the plots."""

SAID_AS = {"played": N_("when played"), "agent": N_("computer player")}
"""The words of the data that read better as another message."""

FIRST_PLAYER = N_("first player")
"""The report's item for whoever played first (``first_player``; a flag's name ``first``)."""

VOCABULARY = {
    word: SAID_AS.get(word, word)
    for word in (
        # what an item of the report is (balance_summary.flagged)
        N_("seat"),
        N_("deck"),
        "agent",
        N_("card"),
        # what is measured: a win rate, when a card is played, a game's marks
        N_("win rate"),
        "played",
        N_("on court"),
        # the flags
        N_("above"),
        N_("below"),
        # the units of length (Presentation.length_unit)
        N_("decisions"),
        N_("turns"),
        N_("rounds"),
        N_("periods"),
        # how games end (the trace's win and draw; the games' game_over reasons)
        N_("win"),
        N_("draw"),
        N_("points"),
        N_("elimination"),
        N_("round limit"),
        N_("turn limit"),
        N_("pinfall"),
        N_("count-out"),
        N_("double pinfall"),
        N_("double count-out"),
    )
}
"""The English words the report's data holds that the lab itself names, with the message
each is said by in cardtable's catalogue (a game's own catalogue says the others)."""


class Words:
    """The page's words in ``lang``; ``game`` (the run's, when known) names its cards."""

    def __init__(self, lang: Lang = "en", game: Game | None = None) -> None:
        self.lang = lang
        self.game = game
        self._ = translator("cardtable", lang)
        self._game: Translate | None = game.presentation.translator(lang) if game else None

    @property
    def english(self) -> bool:
        """Whether the page is in English, the language the report's data is written in."""
        return self.lang == LANGS[0]

    def __call__(self, message: str, **fields: Any) -> str:
        """``message`` (marked ``N_``) in the page's language, formatted with ``fields``."""
        return self._(message, **fields)

    def stored(self, text: str) -> str:
        """An English text the report stores (a rule in words): translated when it is a
        message, else as it is."""
        return self._(text) if text and not self.english else text

    def term(self, word: str) -> str:
        """A word of the report's data in the page's language: the lab's vocabulary, else
        the game's catalogue, else the word as it is (a name, an id)."""
        if self.english or not word:
            return word
        if word in VOCABULARY:
            return self._(VOCABULARY[word])
        return self._game(word) if self._game else word

    def title(self, report: Json) -> str:
        """The game's title in the page's language."""
        if self.game is None or self.english:
            return str(report["title"])
        return self.game.title_in(self.lang)

    def card_name(self, card: str, fallback: str = "") -> str:
        """A card id's name in the page's language (the game's; in English, or for a card
        the game does not know, ``fallback`` or the id)."""
        if self.game is not None and not self.english:
            name = self.game.card_name(card, self.lang)
            if name:
                return name
        return fallback or card

    def card_text(self, card: Json) -> str:
        """A card's rules text in the page's language (the report's own in English)."""
        game, cid = self.game, card["card"]
        if game is None or self.english or cid not in game.card_pool.index:
            return str(card.get("text") or "")
        return " ".join(game.presentation.card_text(cid, self.lang))

    def deck_name(self, name: str) -> str:
        """A deck's name in the page's language: a starter deck of the game by its name in
        it (``name_ja``), any other as written."""
        return self._deck_titles.get(name, name)

    @cached_property
    def _deck_titles(self) -> dict[str, str]:
        """The game's starter decks' names in the page's language, by English name (none
        for an English page, or without the game)."""
        if self.game is None or self.english:
            return {}
        return {d.name: d.title(self.lang) for d in self.game.starter_decks().values()}

    def item(self, kind: str, name: str) -> str:
        """The name of a flagged item: a card's or a starter deck's in the page's language,
        else as written."""
        if kind == "card":
            return self.card_name(name)
        if kind == "seat" and name == FIRST:
            return self(FIRST_PLAYER)
        return self.deck_name(name) if kind == "deck" else name
