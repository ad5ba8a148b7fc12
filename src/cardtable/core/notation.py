"""Reading actions' notation: the parts every game's ``string_to_action`` shares.

A game's parser splits the text with :func:`notation_words`, reads a plain action number
with :func:`action_number`, and raises :class:`ActionNotationError` for anything else it
cannot read.
"""

from __future__ import annotations

import operator

from cardtable.core.errors import ActionNotationError
from cardtable.core.i18n import N_, reason

# more digits than any action space has: refused before int() (which caps at 4300 digits)
MAX_DIGITS = 18


def notation_words(text: object) -> list[str]:
    """The lower-case words of an action's notation; ActionNotationError unless ``text`` is
    a str."""
    if not isinstance(text, str):
        raise ActionNotationError(
            reason(N_("notation is text, not {type}"), type=type(text).__name__), text
        )
    return text.lower().split()


def action_number(words: list[str], size: int, text: str) -> int | None:
    """The action that ``words``, a lone whole number such as ``205``, names; ``None`` if
    they are not one number; ActionNotationError if the number is not in ``0..size-1``."""
    if len(words) != 1:
        return None
    digits = words[0].removeprefix("-")
    if not digits.isdecimal():
        return None
    if len(digits) > MAX_DIGITS or words[0].startswith("-") or int(digits) >= size:
        raise ActionNotationError(
            reason(N_("actions are numbered 0 to {last}"), last=size - 1), text
        )
    return int(digits)


def check_action_number(action: object, size: int) -> int:
    """``action`` as an int if it is a whole number in ``0..size-1`` (an int, or an integer
    type such as numpy's), an action of the game's space; else ActionNotationError (a bool,
    a float or text is not an action)."""
    try:
        number = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None or isinstance(action, bool):
        why = reason(N_("an action is an int, not {type}"), type=type(action).__name__)
        raise ActionNotationError(why, action)
    if not 0 <= number < size:
        raise ActionNotationError(
            reason(N_("actions are numbered 0 to {last}"), last=size - 1), action
        )
    return number
