"""How ``--help`` shows the command line's arguments and options: by plain names (``GAME``,
``FILE``, ``KEY=VALUE``, ``N``), never by Python types (``<list[str]>``, ``{game} <str>``).

Every command and group of ``cardtable`` is built with :class:`Command` or :class:`Group`
(``cls=``); they give their parameters the display of :class:`Argument` and :class:`Option`.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from cardtable.core.registry import available_games

# the name shown for an option without a metavar, by the type typer shows
_PLAIN = {"<int>": "N", "<float>": "X", "<str>": "TEXT", "<path>": "PATH"}


class Argument(TyperArgument):
    """An argument shown by its metavar alone: ``GAME``, ``FILE...``."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """No type column: the name says it."""
        return None

    def get_usage_pieces(self, ctx: Any) -> list[str]:
        """``GAME`` (required), ``[GAME]`` (optional), ``FILE...`` (several)."""
        name = self.display_name_raw
        name = name if self.required else f"[{name}]"
        return [name + ("..." if self.nargs != 1 else "")]


class Option(TyperOption):
    """An option shown by its metavar (or a plain name for its type); a flag by nothing."""

    def display_type_rich(self, ctx: Any) -> str | None:
        """The metavar, else ``N``, ``X``, ``TEXT`` or ``PATH``; nothing for a flag."""
        if self.is_flag:
            return None
        if self.metavar is not None:
            return self.metavar
        shown = self.display_type(ctx)
        return _PLAIN.get(shown, shown.strip("<>").upper())


def plain_params(params: list[Any]) -> None:
    """Give each typer parameter of a command the plain display (in place)."""
    for p in params:
        if type(p) is TyperArgument:
            p.__class__ = Argument
        elif type(p) is TyperOption:
            p.__class__ = Option


class Command(TyperCommand):
    """A command whose ``--help`` names arguments and options plainly."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, with the plain display."""
        params = super().get_params(ctx)
        plain_params(params)
        return params


class Group(TyperGroup):
    """A group of commands whose ``--help`` names its options plainly."""

    def get_params(self, ctx: Any) -> list[Any]:
        """The parameters, with the plain display."""
        params = super().get_params(ctx)
        plain_params(params)
        return params


GameArg = Annotated[
    str,
    typer.Argument(metavar="GAME", help="the game: " + ", ".join(available_games())),
]
OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", metavar="KEY=VALUE", help="a game option as KEY=VALUE (repeatable)"
    ),
]
LangOption = Annotated[
    str | None,
    typer.Option("--lang", metavar="LANG", help="en or ja (default: from the locale, LANG)"),
]
