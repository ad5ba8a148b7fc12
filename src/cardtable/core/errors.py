"""The errors cardtable raises. Every message says what is wrong and where."""

from __future__ import annotations


class CardtableError(Exception):
    """Base class of every error cardtable raises on purpose."""


class IllegalActionError(CardtableError):
    """An action that is not legal in the current state; the state is left unchanged.

    ``reason`` says in words why the action is refused.
    """

    def __init__(self, reason: str, action: int | str | None = None) -> None:
        self.reason = reason
        self.action = action
        prefix = f"illegal action {action!r}: " if action is not None else "illegal action: "
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
        shown = repr(action)
        shown = shown if len(shown) <= 60 else shown[:56] + " ..."  # a client may send a book
        what = f"{shown} is" if action is not None else "this is"
        super().__init__(f"{what} not an action of this game: {reason}")


class UnknownGameError(CardtableError):
    """A game name that is not registered."""


class GameOptionError(CardtableError):
    """An unknown or invalid game option."""


class CardFileError(CardtableError):
    """A card file that cannot be loaded; the message names file, card and field."""


class DeckFileError(CardtableError):
    """A deck file that cannot be loaded; the message names file, entry and field."""


class IllegalDeckError(CardtableError, ValueError):
    """A deck that breaks its game's construction rules, or the wrong number of decks."""


class ScenarioError(CardtableError):
    """A scenario file that is malformed, or whose expectations do not hold."""


class RecordError(CardtableError):
    """A game record that cannot be read or does not replay."""


class AgentSpecError(CardtableError):
    """An agent specification such as ``greedy`` or ``random:seed=3`` that is not valid."""
