"""Languages: reading language codes, the locale and Accept-Language, and the catalogues:
every message marked for translation in cardtable or a game has its Japanese translation."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

import cardtable
from cardtable.core.errors import CardtableError, DeckFileError
from cardtable.core.i18n import (
    N_,
    Named,
    Reason,
    UnknownLanguageError,
    asked_lang,
    check_lang,
    each_lang,
    join_list,
    lang_from_env,
    message_of,
    messages_of,
    named,
    negotiate,
    reason,
    say,
    speak,
    translator,
)
from cardtable.core.registry import game_class

PACKAGES = ["cardtable"] + [
    game_class(g).__module__.rpartition(".")[0] for g in cardtable.available_games()
]


@pytest.mark.parametrize(
    ("text", "lang"),
    [("en", "en"), ("ja", "ja"), ("ja_JP", "ja"), ("ja-JP.UTF-8", "ja"), ("EN", "en")],
)
def test_check_lang_reads_codes(text: str, lang: str) -> None:
    assert check_lang(text) == lang


@pytest.mark.parametrize("text", ["fr", "", "x" * 10_000, "../ja"])
def test_check_lang_refuses_others_briefly(text: str) -> None:
    with pytest.raises(UnknownLanguageError) as err:
        check_lang(text)
    assert "languages: en, ja" in str(err.value) and len(str(err.value)) < 100


def test_lang_from_env() -> None:
    assert lang_from_env({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert lang_from_env({"LC_ALL": "fr_FR", "LANG": "ja_JP"}) == "en"  # LC_ALL wins
    assert lang_from_env({"LC_MESSAGES": "ja"}) == "ja"
    assert lang_from_env({"LANG": "C"}) == "en" and lang_from_env({}) == "en"


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ja,en;q=0.8", "ja"),
        ("fr-CH, fr;q=0.9, ja;q=0.8, en;q=0.5", "ja"),
        ("en;q=0.2, ja;q=0.9", "ja"),
        ("ja;q=0.1, en", "en"),
        ("fr", "en"),
        ("", "en"),
        (";;q=;,,", "en"),
        ("ja;q=abc, en;q=0.5", "en"),
        ("x" * 5000, "en"),
    ],
)
def test_negotiate_accept_language(header: str, lang: str) -> None:
    assert negotiate(header) == lang


def test_translator_formats_after_translating() -> None:
    _ = translator("cardtable.games.goofspiel", "ja")
    assert _("A prize worth {points} points.", points=7) == "7点の賞品。"
    en = translator("cardtable.games.goofspiel", "en")
    assert en("A prize worth {points} points.", points=7) == "A prize worth 7 points."
    assert translator("cardtable", "ja")("No such message {x}", x=1) == "No such message 1"


def test_join_list() -> None:
    assert join_list(["a", "b", "c"], "en") == "a, b and c" and join_list(["a"], "en") == "a"
    assert join_list(["a", "b"], "ja") == "a、b" and join_list([], "en") == ""


def _marked(package: str) -> set[str]:
    """The messages marked in a package's own files (not those of a game's subpackage, for
    cardtable's core, agents, server, CLI and web page; or one game): ``_("...")`` and
    ``N_("...")`` in Python, ``t("...")`` in the browser's JavaScript."""
    root = Path(str(files(package)))
    found: set[str] = set()
    for method, keywords in (("python", ("_", "N_")), ("javascript", ("t",))):
        pattern = "**.py" if method == "python" else "**.js"
        for filename, _line, message, _comments, _context in extract_from_dir(
            root, method_map=[(pattern, method)], keywords=dict.fromkeys(keywords)
        ):
            in_game = package != "cardtable" or not filename.startswith("games")
            if in_game and isinstance(message, str):
                found.add(message)
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_every_marked_message_has_a_japanese_translation(package: str) -> None:
    marked = _marked(package)
    ja = messages_of(package, "ja")
    missing = sorted(m for m in marked if not ja.get(m))
    assert not missing, f"{package}: {len(missing)} messages lack Japanese: {missing[:5]}"
    unused = sorted(set(ja) - marked)
    assert not unused, f"{package}: catalogue entries no code uses: {unused[:5]}"


@pytest.mark.parametrize("package", PACKAGES)
def test_translations_keep_the_fields(package: str) -> None:
    import string

    for message, text in messages_of(package, "ja").items():
        fields = {f for _, f, _, _ in string.Formatter().parse(message) if f}
        got = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        assert got == fields, f"{package}: {message!r} -> {text!r}"


@pytest.mark.parametrize("name", cardtable.available_games())
def test_every_game_has_a_japanese_title(name: str) -> None:
    cls = game_class(name)
    assert cls.title_in("en") == cls.title
    ja = cls.title_in("ja")
    assert ja != cls.title and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), ja


def test_a_reason_is_its_english_text_and_is_said_in_any_language() -> None:
    """A Reason reads as English wherever text is expected, and say() gives it in Japanese
    through the game's catalogue (cardtable's for the core's reasons): its template
    translated, its fields said too (a message, a Named, a reason inside a reason)."""
    game = cardtable.load_game("goofspiel")
    card = named("Ace of Diamonds", ja="ダイヤのA")
    why = reason(N_("the {card} is not in your hand"), card=card)
    assert isinstance(why, str) and why == "the Ace of Diamonds is not in your hand"
    assert say(why, game, "ja") == "ダイヤのAは手札にない"
    assert say(why, game, "en") == why and type(say(why, game, "en")) is str
    outer = reason(N_("not legal now: {reason}"), reason=why)
    assert say(outer, game, "ja") == "今は選べない手：ダイヤのAは手札にない"
    assert say(N_("the game is over"), game, "ja") == "ゲームは終了している"  # cardtable's
    assert say("no such message", game, "ja") == "no such message"
    assert say(card, game, "ja") == "ダイヤのA" and say(named("x"), game, "ja") == "x"
    ace = game.card_pool.index["ace-of-diamonds"]
    assert game.named_card("ace-of-diamonds") == game.named_card(ace) == "Ace of Diamonds"
    assert say(game.named_card(ace), game, "ja") == game.card_name("ace-of-diamonds", "ja")


def test_the_language_asked_for_is_never_refused() -> None:
    """A refusal's language: ``lang`` when cardtable speaks it, else the Accept-Language's
    (the refusal may be of the ``lang`` itself)."""
    assert asked_lang("ja", "en") == "ja" and asked_lang("en", "ja") == "en"
    assert asked_lang("fr", "ja,en;q=0.5") == "ja" and asked_lang(None, "") == "en"
    assert asked_lang("x" * 5000, "fr") == "en" and asked_lang("", "ja") == "ja"


def test_speak_says_a_reason_with_cardtables_catalogue_only() -> None:
    """The server's refusals said without a game: the template and the fields that are
    messages (a table's status) or reasons; one whose template cardtable does not translate
    (a game's) stays English whole, not English around Japanese words."""
    why = reason(N_("no table {table}"), table="'abc'")
    assert speak(why, "ja") == "テーブル'abc'はない"
    assert speak(why, "en") == why == "no table 'abc'" and type(speak(why, "en")) is str
    over = reason(N_("the game is over"))
    outer = reason(N_("table {table} is {status}: {why}"), table="t1", status="running", why=over)
    assert speak(outer, "ja") == "テーブルt1は対戦中：ゲームは終了している"
    games = reason(N_("the {card} is not in your hand"), card=named("Ace", ja="エース"))
    assert speak(games, "ja") == "the Ace is not in your hand"  # goofspiel's, not cardtable's
    assert say(games, cardtable.load_game("goofspiel"), "ja") == "エースは手札にない"
    assert speak("no such message", "ja") == "no such message" and speak("", "ja") == ""
    assert speak(each_lang(lambda lang: f"<{lang}>"), "ja") == "<ja>"


def test_message_of_passes_a_reason_on() -> None:
    """An error passed on in another keeps its Reason (``str()`` would not); a deck file's
    problems are said line by line in every language."""
    why = reason(N_("no table {table}"), table="'abc'")
    kept = message_of(CardtableError(why))
    assert isinstance(kept, Reason) and kept == why and not isinstance(str(why), Reason)
    assert message_of(ValueError("plain")) == "plain" and message_of(CardtableError()) == ""
    where = reason(N_("deck of seat {seat}"), seat=1)
    lines = [reason(N_("{where}: section '{sec}' is missing"), where=where, sec=named("deck"))]
    lines.append(reason(N_("{where}: not valid YAML: {problem}"), where=where, problem="x"))
    deck = message_of(DeckFileError("\n".join(lines), lines))
    assert isinstance(deck, Named) and deck == "\n".join(lines)
    assert (
        speak(deck, "ja")
        == "席1のデッキ：セクション 'deck' がない\n席1のデッキ：正しいYAMLではない：x"
    )
