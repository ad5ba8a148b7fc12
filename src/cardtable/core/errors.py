"""The errors cardtable raises. Every message says what is wrong and where."""

from __future__ import annotations

BRIEF = 60
"""At most this many characters of a value a user gave are quoted in an error message."""


def clip(text: str, limit: int = BRIEF) -> str:
    """``text`` cut to ``limit`` characters with `` ...`` (for a name a user gave, quoted
    without ``repr``)."""
    return text if len(text) <= limit else text[: limit - 4] + " ..."


def brief(value: object, limit: int = BRIEF) -> str:
    """``repr(value)``, cut to ``limit`` characters with `` ...`` (a client may send a book;
    an error must not quote it back whole). A list, tuple or mapping shows its first items
    only, two levels deep, so the work is bounded whatever its size or sharing."""
    return clip(_shown(value, 0), limit)


def _shown(value: object, depth: int) -> str:
    """A bounded repr: containers show at most 8 items, and none below two levels."""
    if not isinstance(value, list | tuple | dict):
        text = repr(value[:200] if isinstance(value, str | bytes) else value)
        return text if len(text) <= 200 else text[:196] + " ..."
    open_, close = ("{", "}") if isinstance(value, dict) else ("[", "]")
    if depth >= 2:
        return f"{open_}...{close}" if value else f"{open_}{close}"
    if isinstance(value, dict):
        items = [f"{_shown(k, 2)}: {_shown(v, depth + 1)}" for k, v in list(value.items())[:8]]
    else:
        items = [_shown(v, depth + 1) for v in list(value[:8])]
    more = ", ..." if len(value) > 8 else ""
    return f"{open_}{', '.join(items)}{more}{close}"


class CardtableError(Exception):
    """Base class of every error cardtable raises on purpose."""


class IllegalActionError(CardtableError):
    """An action that is not legal in the current state; the state is left unchanged.

    ``reason`` says in words why the action is refused.
    """

    def __init__(self, reason: str, action: int | str | None = None) -> None:
        self.reason = reason
        self.action = action
        prefix = f"illegal action {brief(action)}: " if action is not None else "illegal action: "
        super().__init__(prefix + reason)


class ActionNotationError(CardtableError, ValueError):
    """Text or a number that is not an action of the game at all: notation that cannot be
    read, a card id the game does not know, a number outside the action space, or a value
    that is neither text nor an int. Unlike :class:`IllegalActionError` (a well-formed action
    the rules refuse now), it does not depend on the state.

    ``reason`` says in words what is wrong, ``action`` is what was given.
    """

    def __init__(self, reason: str, action: object = None) -> None:
        self.reason = reason
        self.action = action
        shown = brief(action)
        what = f"{shown} is" if action is not None else "this is"
        super().__init__(f"{what} not an action of this game: {reason}")


class UnknownGameError(CardtableError):
    """A game name that is not registered."""


class GameOptionError(CardtableError):
    """An unknown or invalid game option."""


class CardFileError(CardtableError):
    """A card file that cannot be loaded; the message names file, card and field, one
    problem a line; ``problems`` holds them one by one (each may be a ``Reason`` whose field
    ``message`` says what is wrong, for its words in another language)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        if problems is None:  # one line keeps its Reason
            problems = message.splitlines() if "\n" in message else [message]
        self.problems = problems


class DeckFileError(CardtableError):
    """A deck file that cannot be loaded; the message names file, entry and field, one
    problem a line; ``problems`` holds them one by one (each may be a ``Reason``, for its
    words in another language)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems if problems is not None else message.splitlines()


class IllegalDeckError(CardtableError, ValueError):
    """A deck that breaks its game's construction rules, or the wrong number of decks."""


class ScenarioError(CardtableError):
    """A scenario file that is malformed, or whose expectations do not hold."""


class RecordError(CardtableError):
    """A game record that cannot be read or does not replay."""


class AgentSpecError(CardtableError):
    """An agent specification such as ``greedy`` or ``random:seed=3`` that is not valid."""
