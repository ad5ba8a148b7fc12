"""The legal actions of a state, as a list nobody may change.

This module stays interpreted in the compiled build (docs/performance.md): a compiled class
cannot subclass ``list``.
"""

from __future__ import annotations

from typing import NoReturn


class ActionList(list[int]):
    """The legal actions of a state: a list that refuses to be changed.

    ``legal_actions()`` returns the state's cached list itself, not a copy, so every caller
    shares it; changing it in place (``append``, ``sort``, ``legal[0] = 3``, ``+=``...) raises
    TypeError. ``list(legal)`` or ``legal[:]`` gives a plain list to change. It compares equal
    to a plain list with the same actions, and copies and pickles as a plain list."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("legal actions are shared and read-only; copy them with list(...)")

    append = extend = insert = remove = pop = clear = sort = reverse = _refuse
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse

    def __copy__(self) -> list[int]:
        return list(self)

    def __deepcopy__(self, memo: dict[int, object]) -> list[int]:
        return list(self)

    def __reduce__(self) -> tuple[type[list[int]], tuple[list[int]]]:
        return (list, (list(self),))


NO_ACTIONS = ActionList()
"""The legal actions of a finished game."""
