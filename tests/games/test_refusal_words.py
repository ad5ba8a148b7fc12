"""Why an action is refused speaks the player's language (issue 26): every reason each game's
rules give for an illegal action (its ``explain``) and every reason its notation parser gives
for text that is no action, met in seeded random games and by malformed notation, reads in
Japanese with no English word left once card names and ids, notation (quoted, or an action's
notation), seat names and digits are taken out; in English it is what it always was."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from functools import cache
from importlib.resources import files
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_python

import cardtable
from cardtable.core.errors import ActionNotationError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.i18n import Reason, messages_of, refusal, say
from cardtable.core.rng import Rng
from cardtable.core.state import State

# (game, options, seeds): the usual games, and the options that bring the rarer refusals
CASES: list[tuple[str, dict[str, Any], range]] = [
    ("goofspiel", {}, range(2)),
    ("looney", {"players": 2}, range(3)),
    ("looney", {"players": 3, "placement_method": "one", "role_limit": "once"}, range(2)),
    ("looney", {"role_limit": "when-stuck", "unique_scope": "scene"}, range(2)),
    ("rawdeal", {}, range(2)),
    ("rawdeal", {"players": 3}, range(1)),
    ("rawdeal", {"players": 4, "match": "tag"}, range(1)),
    ("shamanking", {}, range(3)),
    ("shamanking", {"focus": False, "trait_mismatch": "unplayable"}, range(2)),
    ("wcrugby", {}, range(3)),
]
STEPS = 250  # decisions per game (most games end before)
PER_TEMPLATE = 30
ENGLISH = re.compile(r"[A-Za-z]{3,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
QUOTED = re.compile(r"'[^']*'")  # notation, a card id, an option as written: 'role on N'
SEATS = re.compile(r"P\d")
# Latin words the seeds themselves write in Japanese text (the rugby game's TOP, ATK, DEF)
ALLOWED = {"TOP", "ATK", "DEF"}


@cache
def _taken_out(game: Game) -> re.Pattern[str]:
    """Every card's id and names in both languages and every action's notation, longest
    first (whole words only)."""
    words = {
        word
        for card in game.card_pool.cards
        for word in (card.id, card.name, game.card_name(card.id, "ja") or "")
        if word
    }
    words |= {game.action_to_string(a) for a in range(game.num_distinct_actions())}
    ordered = sorted(words, key=len, reverse=True)
    return re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in ordered))


def english_left(game: Game, text: str) -> list[str]:
    """The runs of three or more ASCII letters left in ``text`` once quoted notation, card
    names and ids, notation and seat names are taken out."""
    plain = SEATS.sub(" ", _taken_out(game).sub(" ", QUOTED.sub(" ", text)))
    return [w for w in ENGLISH.findall(plain) if w not in ALLOWED]


def _states(name: str, options: dict[str, Any], seed: int) -> Iterator[State]:
    """Each state of one seeded random game before a decision."""
    game = cardtable.load_game(name, **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    for _ in range(STEPS):
        if state.is_terminal():
            return
        yield state
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


def _refusals(name: str, options: dict[str, Any], seeds: range) -> list[str]:
    """The distinct reasons the rules give for illegal actions in these games, up to
    ``PER_TEMPLATE`` of each template (its fields differ: words, names, numbers)."""
    found: dict[str, dict[str, str]] = {}
    for seed in seeds:
        for state in _states(name, options, seed):
            legal = set(state.legal_actions())
            for action in range(state.game.num_distinct_actions()):
                if action not in legal:
                    why = state._explain_illegal(action)
                    same = found.setdefault(why.template if isinstance(why, Reason) else why, {})
                    if len(same) < PER_TEMPLATE:
                        same.setdefault(why, why)
    return [why for same in found.values() for why in same.values()]


def _bad_notation(game: Game, state: State) -> Iterator[str]:
    """Text that is not an action: words no game knows, numbers out of range, and each
    action's notation with a card id, a number or its last word spoilt."""
    yield from ("xyz", "", "   ", "99999999", "-1", "place", "bid", "special x on 1 skill 1")
    for action in range(0, game.num_distinct_actions(), 7):
        words = game.action_to_string(action).split()
        for i, word in enumerate(words):
            spoilt = (
                "no-such-card" if word in game.card_pool.index else "9" if word.isdigit() else ""
            )
            if spoilt:
                yield " ".join([*words[:i], spoilt, *words[i + 1 :]])
        yield " ".join([*words[:-1], "zzz"]) if len(words) > 1 else words[0] + "-zzz"


@pytest.mark.parametrize(("name", "options", "seeds"), CASES)
def test_every_refusal_reads_in_japanese(name: str, options: dict[str, Any], seeds: range) -> None:
    game = cardtable.load_game(name, **options)
    reasons = _refusals(name, options, seeds)
    assert reasons
    for why in reasons:
        assert say(why, game, "en") == why
        ja = say(why, game, "ja")
        assert JAPANESE.search(ja) and not english_left(game, ja), (why, ja)


REFUSING = {
    "goofspiel": ("rules.py", "game.py"),
    "looney": ("explain.py", "actions.py"),
    "rawdeal": ("explain.py", "actions.py"),
    "shamanking": ("explain.py", "actions.py"),
    "wcrugby": ("explain.py", "actions.py", "lineup.py"),
}
"""The modules of each game that give reasons for refusing an action."""


@pytest.mark.parametrize("name", sorted(REFUSING))
def test_every_reason_the_code_marks_is_japanese(name: str) -> None:
    """Every message of a module that refuses actions, those the random games above do not
    meet too, has a Japanese translation with no English left (its fields filled with 1)."""
    package = f"cardtable.games.{name}"
    ja = messages_of(package, "ja")
    game = cardtable.load_game(name)
    root = Path(str(files(package)))
    marked = {
        message
        for module in REFUSING[name]
        for _line, _call, message, _notes in extract_python(
            BytesIO((root / module).read_bytes()), ["N_", "_"], [], {}
        )
        if isinstance(message, str)
    }
    assert len(marked) > 1
    for message in marked:
        fields = {f: 1 for _, f, _, _ in string.Formatter().parse(message) if f}
        text = ja[message].format(**fields)
        assert JAPANESE.search(text) and not english_left(game, text), (message, text)


@pytest.mark.parametrize("name", cardtable.available_games())
def test_every_notation_refusal_reads_in_japanese(name: str) -> None:
    game = cardtable.load_game(name)
    state = game.new_initial_state(0)
    seen: set[str] = set()
    for text in _bad_notation(game, state):
        try:
            state.string_to_action(text)
        except ActionNotationError as exc:
            seen.add(exc.reason)
            assert refusal(exc, game, "en") == str(exc)
            ja = refusal(exc, game, "ja")
            assert JAPANESE.search(ja) and not english_left(game, say(exc.reason, game, "ja")), ja
    assert len(seen) >= 2, seen  # at least 'cannot read this' and a number out of range


@pytest.mark.parametrize("name", cardtable.available_games())
def test_an_illegal_action_is_refused_in_japanese_whole(name: str) -> None:
    """The whole message (the frame of cardtable's catalogue around the game's reason), as
    the WebSocket sends it; in English it is the exception's own message."""
    game = cardtable.load_game(name)
    state = game.new_initial_state(0)
    action = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(IllegalActionError) as err:
        state.apply_action(action)
    assert refusal(err.value, game, "en") == str(err.value)
    ja = refusal(err.value, game, "ja")
    assert ja.startswith("今は選べない手") and JAPANESE.search(ja[8:]), ja


def test_card_names_in_a_reason_are_said_in_the_language() -> None:
    game = cardtable.load_game("goofspiel")
    state = game.new_initial_state(1)
    ace = game.card_pool.index["ace-of-diamonds"]
    why = state._explain_illegal(ace)
    assert why == "the Ace of Diamonds is not in your hand"
    assert say(why, game, "ja") == f"{game.card_name('ace-of-diamonds', 'ja')}は手札にない"
    assert say(why + "!", game, "ja") == why + "!"  # as plain text, a reason is English


@pytest.mark.parametrize(
    ("module", "phases", "words"),
    [
        ("looney", "base", "PHASES"),
        ("rawdeal", "match", "PHASES"),
        ("wcrugby", "fields", "PHASES"),
    ],
)
def test_the_phase_words_follow_the_phases(module: str, phases: str, words: str) -> None:
    """Each explain.py's PHASE_WORDS marks the words of its game's phases, in their order."""
    import importlib

    codes = getattr(importlib.import_module(f"cardtable.games.{module}.{phases}"), words)
    explain = importlib.import_module(f"cardtable.games.{module}.explain")
    assert tuple(explain.PHASE_WORDS) == tuple(codes)


def test_the_checker_finds_english() -> None:
    game = cardtable.load_game("looney")
    assert english_left(game, "スロット2には scene がない") == ["scene"]
    assert not english_left(game, "'place x on 2' と書く（P1）")
