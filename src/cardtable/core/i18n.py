"""Languages: the message catalogues of cardtable and its games, English and Japanese.

Messages are written in English in the code, marked with ``_`` (Babel extracts them), and
translated in gettext catalogues (``.po`` files) that Babel reads: cardtable's own in
``cardtable/locale/<lang>/LC_MESSAGES/messages.po``, a game's in its own package,
``games/<game>/locale/<lang>/LC_MESSAGES/messages.po``. English needs no catalogue.

A message is a ``str.format`` template with named fields (``"Reverse a maneuver of {max}
damage or less"``), formatted after translation, so a translation may put the fields in its
own order.

Text made where no language is known (why an action is refused: ``IllegalActionError``,
``ActionNotationError``) is a :class:`Reason`: the English text itself, which also keeps its
template and fields, so :func:`say` gives it in any language later.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import cache
from importlib.resources import files
from io import BytesIO
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from cardtable.core.errors import ActionNotationError, CardtableError, IllegalActionError, brief

if TYPE_CHECKING:
    from cardtable.core.game import Game

Lang: TypeAlias = Literal["en", "ja"]
LANGS: tuple[Lang, ...] = ("en", "ja")
"""The languages every player-facing text exists in; the first is the default."""

DOMAIN = "messages"

Translate: TypeAlias = Callable[..., str]
"""A translator: ``_(message, **fields)`` gives the message in the language, formatted."""


class UnknownLanguageError(CardtableError):
    """A language cardtable does not speak."""


def check_lang(text: str) -> Lang:
    """``text`` as a language code (``en``, ``ja``; ``ja_JP``, ``ja-JP.UTF-8`` read as
    ``ja``); raise :class:`UnknownLanguageError` naming the languages otherwise."""
    code = text.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    for lang in LANGS:
        if code == lang:
            return lang
    shown = text if len(text) <= 24 else text[:24] + "…"
    why = reason(
        N_("no language {lang}; languages: {langs}"), lang=repr(shown), langs=", ".join(LANGS)
    )
    raise UnknownLanguageError(why)


def asked_lang(lang: str | None, accept_language: str) -> Lang:
    """The language a request asks for, never refused (for the words of a refusal, which
    may be that of the language itself): ``lang`` when cardtable speaks it, else the
    request's ``Accept-Language`` (:func:`negotiate`)."""
    known = _known_code(lang) if lang else None
    return known or negotiate(accept_language)


def _known_code(text: str) -> Lang | None:
    """``text`` as a language code (:func:`check_lang`), or ``None``."""
    try:
        return check_lang(text)
    except UnknownLanguageError:
        return None


def lang_from_env(environ: dict[str, str] | None = None) -> Lang:
    """The language of the user's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first
    set), when cardtable speaks it; English otherwise."""
    env = os.environ if environ is None else environ
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value:
            return _known(value) or LANGS[0]
    return LANGS[0]


def negotiate(accept_language: str) -> Lang:
    """The language to answer an HTTP ``Accept-Language`` header in: the first of its
    languages (by quality) that cardtable speaks; English when none is, or for a header that
    cannot be read."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        ranked.append((-_quality(params), i, tag))
    for _q, _i, tag in sorted(ranked):
        known = _known(tag)
        if known:
            return known
    return LANGS[0]


def _quality(params: str) -> float:
    """The ``q`` of a header entry's parameters (1 when absent, 0 when unreadable)."""
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key == "q":
            try:
                return float(value)
            except ValueError:
                return 0.0
    return 1.0


def _known(tag: str) -> Lang | None:
    """The language of a locale or language tag, when cardtable speaks it."""
    try:
        return check_lang(str(Locale.parse(tag.replace("-", "_").split(".")[0]).language))
    except (ValueError, TypeError, UnknownLocaleError, CardtableError):
        return None


@cache
def catalogue(package: str, lang: Lang) -> NullTranslations:
    """The translations of ``package`` (``cardtable`` or a game's package) into ``lang``,
    read once; English, or a package without a catalogue, translates nothing."""
    if lang == LANGS[0]:
        return NullTranslations()
    po = files(package).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    if not po.is_file():
        return NullTranslations()
    with po.open("rb") as fp:
        cat = read_po(fp, locale=lang, domain=DOMAIN)
    mo = BytesIO()
    write_mo(mo, cat)
    mo.seek(0)
    return Translations(mo, domain=DOMAIN)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined (a table of sentences, a zone
    label) and return it unchanged: it is translated where it is used, by ``translator``."""
    return message


def translator(package: str, lang: Lang) -> Translate:
    """``_(message, **fields)`` for ``package`` in ``lang``: the translated template (the
    message itself when it has no translation), formatted with ``fields``."""
    gettext = catalogue(package, lang).gettext

    def _(message: str, /, **fields: Any) -> str:
        text = gettext(message)
        return text.format(**fields) if fields else text

    return _


def messages_of(package: str, lang: Lang) -> dict[str, str]:
    """Every message of ``package``'s ``lang`` catalogue with its translation ("" for one
    not translated yet, fuzzy ones included as ""), for the tests that check coverage."""
    po = files(package).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")
    if not po.is_file():
        return {}
    with po.open("rb") as fp:
        cat = read_po(fp, locale=lang, domain=DOMAIN)
    return {
        str(m.id): ("" if m.fuzzy else str(m.string or ""))
        for m in cat
        if m.id and isinstance(m.id, str)
    }


def join_list(items: Iterable[str], lang: Lang) -> str:
    """``a, b and c`` in English, ``a、b、c`` in Japanese."""
    words = list(items)
    if lang == "ja":
        return "、".join(words)
    return " and ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else ""


class Reason(str):
    """Text for a player made where no language is known (why an action is refused): it *is*
    the English text, so whatever reads it as text keeps working, and it keeps its English
    template and fields for :func:`say` to give it in another language. Made by
    :func:`reason`; anything done to it as a str (``+``, ``format``) gives plain English."""

    template: str
    fields: dict[str, object]


def reason(template: str, **fields: object) -> Reason:
    """``template`` (a message marked with ``N_``) filled with ``fields`` in English, as a
    :class:`Reason`. A field may itself be a Reason (a reason inside a reason), a message (a
    word of the game's vocabulary, marked with ``N_``) or a :class:`Named` (a card's or a
    character's name): each is said in the language of the whole. A reason without fields
    needs no Reason: the message itself is said in any language."""
    text = Reason(template.format(**fields) if fields else template)
    text.template = template
    text.fields = fields
    return text


class Named(str):
    """A name in English (it *is* the English name) with its names in other languages."""

    names: dict[str, str]


def named(english: str, **names: str) -> Named:
    """``english`` with its names in other languages by code (``named("Ace of Diamonds",
    ja="ダイヤのA")``); a language without a name keeps the English one."""
    name = Named(english)
    name.names = {lang: text for lang, text in names.items() if text}
    return name


def say(text: str, game: Game, lang: Lang) -> str:
    """``text`` in ``lang``: a :class:`Named` by its name in ``lang``; a :class:`Reason` by
    its template translated and filled with its fields, each said in ``lang`` too; other text
    translated when it is a message (one marked with ``N_``), else as it is. Messages are
    looked up in ``game``'s catalogue, then in cardtable's (the reasons the core gives)."""
    return _spoken(text, lang, (type(game).__module__.rpartition(".")[0], "cardtable"), False)


def speak(text: str, lang: Lang) -> str:
    """``text`` in ``lang`` as :func:`say` gives it, from cardtable's own catalogue only (no
    game needed: the server's refusals). A :class:`Reason` whose template that catalogue
    does not translate (a game's, or a message not translated yet) stays whole in English,
    its fields too, rather than English around words of ``lang``."""
    return _spoken(text, lang, ("cardtable",), True)


def _spoken(text: str, lang: Lang, packages: tuple[str, ...], whole: bool) -> str:
    """``text`` in ``lang`` through the catalogues of ``packages`` (the first that has its
    template); a Reason none of them translates is left in English when ``whole``, else its
    English template is filled with its fields said in ``lang``."""
    if lang == LANGS[0] or not text:
        return str(text)  # "" too: gettext("") is the catalogue's header
    if isinstance(text, Named):
        return text.names.get(lang) or str(text)
    template = text.template if isinstance(text, Reason) else str(text)
    message = _translated(template, lang, packages)
    if message is None and (whole or not isinstance(text, Reason)):
        return str(text)
    if not isinstance(text, Reason) or not text.fields:
        return message or template
    fields = {
        k: _spoken(v, lang, packages, whole) if isinstance(v, str) else v
        for k, v in text.fields.items()
    }
    return (message or template).format(**fields)


def _translated(message: str, lang: Lang, packages: tuple[str, ...]) -> str | None:
    """``message`` translated by the first catalogue of ``packages`` that has it, or
    ``None``."""
    for package in packages:
        text = catalogue(package, lang).gettext(message)
        if text != message:
            return text
    return None


def each_lang(make: Callable[[Lang], str]) -> Named:
    """A text made once in every language (``make(lang)``), as a :class:`Named`: it *is* the
    English text and is said by its text in the others; for text no one template words (a
    list of a game's problems, of card names)."""
    return named(make(LANGS[0]), **{lang: make(lang) for lang in LANGS[1:]})


def message_of(error: BaseException) -> str:
    """The message ``error`` was raised with, to pass on in another error: a
    :class:`Reason` kept as one (``str(error)`` would give plain English); the lines of an
    error of several ``problems`` (a deck file's) each said in every language
    (:func:`each_lang`); else ``str(error)``."""
    first = error.args[0] if error.args else None
    if isinstance(first, Reason | Named):
        return first
    problems = getattr(error, "problems", None)
    if isinstance(first, str) and isinstance(problems, list) and first == "\n".join(problems):
        return each_lang(lambda lang: "\n".join(speak(p, lang) for p in problems))
    return str(error)


def refusal(error: IllegalActionError | ActionNotationError, game: Game, lang: Lang) -> str:
    """The whole message of a refused action in ``lang``, its reason said by :func:`say`
    (in English, ``str(error)``)."""
    _ = translator("cardtable", lang)
    why = say(error.reason, game, lang)
    given = error.action is not None
    if isinstance(error, IllegalActionError):
        if given:
            return _(
                N_("illegal action {action}: {reason}"), action=brief(error.action), reason=why
            )
        return _(N_("illegal action: {reason}"), reason=why)
    if given:
        return _(
            N_("{action} is not an action of this game: {reason}"),
            action=brief(error.action),
            reason=why,
        )
    return _(N_("this is not an action of this game: {reason}"), reason=why)
