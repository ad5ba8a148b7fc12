"""What the lobby offers: the games with their options, starter decks and agents, and each
game's cards as data a table can draw."""

from __future__ import annotations

import typing
from functools import cache
from pathlib import Path
from typing import Any

from pydantic.fields import FieldInfo

from cardtable.core.errors import UnknownGameError
from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang, Translate, messages_of, reason, translator
from cardtable.core.registry import PRESET, available_games, game_class, load_game
from cardtable.server.opponents import offered
from cardtable.server.setup import SERVER_REFUSED_OPTIONS, house_options, starters

_CARD_FIELDS = ("id", "name", "name_ja", "text", "text_ja", "type", "color", "colour", "unenforced")


def _option(info: FieldInfo, words: Translate) -> dict[str, Any]:
    """An option's default, description (in the game's words) and choices."""
    description = words(info.description) if info.description else ""
    out: dict[str, Any] = {"default": info.default, "description": description}
    if typing.get_origin(info.annotation) is typing.Literal:
        out["choices"] = list(typing.get_args(info.annotation))
    elif info.annotation is bool:
        out["choices"] = [True, False]
    return out


def _preset_option(cls: type[Game], lang: Lang) -> dict[str, Any]:
    """The ``preset`` option of a game that declares presets: none by default, or one of
    them; its description names what each one sets (options set beside it override it)."""
    _ = translator("cardtable", lang)
    sets = "; ".join(
        f"{name}: " + ", ".join(f"{k}={v}" for k, v in values.items())
        for name, values in cls.presets.items()
    )
    why = _("a named set of rules (the options you set as well override it): {sets}", sets=sets)
    return {"default": None, "description": why, "choices": [None, *cls.presets]}


@cache
def games(lang: Lang = "en") -> list[dict[str, Any]]:
    """``GET /api/games?lang=``: every registered game, its options (described in ``lang``
    where the game's catalogue has them), starter decks and the opponents it offers, by
    difficulty (``opponents.offered``, worded in ``lang``)."""
    out: list[dict[str, Any]] = []
    for name in available_games():
        cls = game_class(name)
        words = translator(_package(cls), lang)
        options = {
            key: _option(info, words)
            for key, info in cls.Options.model_fields.items()
            if key not in SERVER_REFUSED_OPTIONS
        }
        if cls.presets:
            options = {PRESET: _preset_option(cls, lang), **options}
        out.append(
            {
                "name": name,
                "title": cls.title_in(lang),
                "min_players": cls.min_players,
                "max_players": cls.max_players,
                "example": cls.example,
                "options": options,
                **_starters(name, lang),
                "agents": offered(cls, lang),
            }
        )
    return out


def _starters(name: str, lang: Lang) -> dict[str, Any]:
    """A game's starter decks (by the names a table asks for), and each one's name and
    description in ``lang`` (``deck_words``)."""
    decks = starters(load_game(name, **house_options(name)))
    words = {k: {"name": d.title(lang), "description": d.blurb(lang)} for k, d in decks.items()}
    return {"decks": list(decks), "deck_words": words}


def forget() -> None:
    """Forget what was worked out of the games (the list and the cards), after the server's
    house card sets changed (``setup.set_house_cards``)."""
    games.cache_clear()
    cards.cache_clear()


@cache
def browser_module(name: str) -> Path:
    """``GET /games/{game}.js``: the browser module a registered game declares, and only that
    file; raises UnknownGameError for any other name (a path, an unregistered game) or when
    the game declares no module."""
    path = game_class(name).browser_module  # only registered names get past this line
    if path is None or path.suffix != ".js" or not path.is_file():
        raise UnknownGameError(reason(N_("game {game} has no browser module"), game=repr(name)))
    return path


@cache
def cards(name: str, lang: Lang = "en") -> dict[str, dict[str, Any]]:
    """``GET /api/games/{game}/cards?lang=..``: each card by id with ``name`` (in ``lang``),
    ``kind``, ``rules`` (its rules text in ``lang``, one sentence per line), ``text`` (its
    flavour text), ``stats`` (every other field that is set and is a number, a word, a flag
    or a list of them: what a card face shows as badges), ``colour`` when it has one, and
    ``unenforced`` when the rules do not enforce all of its printed text (the sentences)."""
    game = load_game(name, **house_options(name))
    words = game.presentation
    out: dict[str, dict[str, Any]] = {}
    for card in game.card_pool.cards:
        data = card.model_dump(mode="json")
        cid = data["id"]
        entry: dict[str, Any] = {
            "name": game.card_name(cid, lang),
            "kind": data["type"],
            "rules": words.card_text(cid, lang),
            "text": words.flavour_text(cid, lang),
            "stats": {k: v for k, v in data.items() if k not in _CARD_FIELDS and _stat(v)},
        }
        colour = data.get("colour", data.get("color"))
        if colour is not None:
            entry["colour"] = colour
        unenforced = game.unenforced_text(cid)
        if unenforced:
            entry["unenforced"] = list(unenforced)
        out[cid] = entry
    return out


def _stat(value: Any) -> bool:
    """Whether a card field is a stat a face shows: set, and a scalar or a list of them
    (effects, conditions and other structures are shown by the rules text instead)."""
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, str | int | float | bool) for v in value)
    return value is not None and isinstance(value, str | int | float | bool)


@cache
def messages(lang: Lang, name: str | None = None) -> dict[str, str]:
    """``GET /api/messages``: the translations the browser needs in ``lang``, message by
    message: cardtable's own catalogue, and the game ``name``'s when given (an unknown game
    raises ``UnknownGameError``). English, and a message not translated yet, are left out:
    the page shows the message itself."""
    packages = ["cardtable"]
    if name is not None:
        packages.append(_package(game_class(name)))
    out: dict[str, str] = {}
    for package in packages:
        out.update((k, v) for k, v in messages_of(package, lang).items() if v)
    return out


def _package(cls: type[Game]) -> str:
    """The package of a game class (``cardtable.games.goofspiel``): where its catalogue is."""
    return cls.__module__.rpartition(".")[0]


@cache
def rules(name: str, lang: Lang = "en") -> dict[str, Any]:
    """``GET /api/games/{game}/rules?lang=``: the game's rules sheet in ``lang``
    (``Presentation.rules_sheet``) as ``sections`` of ``{heading, text}``, and ``reference``,
    the path of its numbered rule book in the repository (``docs/rules/<game>.md``); an
    unknown game raises ``UnknownGameError``."""
    game = load_game(name)
    sheet = game.presentation.rules_sheet(lang)
    return {
        "game": name,
        "title": game.title_in(lang),
        "lang": lang,
        "sections": [{"heading": heading, "text": text} for heading, text in sheet],
        "reference": f"docs/rules/{name}.md",
    }
