"""What is wrong with a card, in words every language can say.

A card file's problems are found by pydantic, whose messages are English. Each one becomes a
:class:`~cardtable.core.i18n.Reason` of the same English text, made from pydantic's own
template for its error type (marked here, translated in cardtable's catalogue) and the
error's context, so :func:`~cardtable.core.i18n.say` gives it in Japanese too. A message
whose English would differ from pydantic's (an error type not listed here) stays as pydantic
wrote it. A game's own check (a ``ValueError`` in a validator) is said through the game's
catalogue when its message is marked with ``N_`` (or is a Reason).
"""

from __future__ import annotations

from typing import Any

from cardtable.core.i18n import N_, named, reason

PYDANTIC: dict[str, str] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "list_type": N_("Input should be a valid list"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "value_error": N_("Value error, {error}"),
    "assertion_error": N_("Assertion failed, {error}"),
}
"""pydantic's message templates (pydantic_core's, word for word) by error type."""

PLURAL: dict[str, tuple[str, str]] = {
    "too_short": (
        N_("{field_type} should have at least {min_length} item after validation, "
           "not {actual_length}"),
        N_("{field_type} should have at least {min_length} items after validation, "
           "not {actual_length}"),
    ),
    "too_long": (
        N_("{field_type} should have at most {max_length} item after validation, "
           "not {actual_length}"),
        N_("{field_type} should have at most {max_length} items after validation, "
           "not {actual_length}"),
    ),
    "string_too_short": (
        N_("String should have at least {min_length} character"),
        N_("String should have at least {min_length} characters"),
    ),
    "string_too_long": (
        N_("String should have at most {max_length} character"),
        N_("String should have at most {max_length} characters"),
    ),
}  # fmt: skip
"""The templates whose words follow a number (pydantic's ``expected_plural``): one, many."""

COLLECTIONS = {"List": "リスト", "Tuple": "タプル", "Set": "集合", "Dictionary": "辞書"}
"""pydantic's names of collections (``field_type``), in Japanese."""


def pydantic_reason(err: Any) -> str:
    """One pydantic error's message as a Reason of the same English (pydantic's own ``msg``
    when the type is not listed here, or when its words would differ)."""
    msg = str(err["msg"])
    ctx = dict(err.get("ctx") or {})
    template = _template(str(err["type"]), ctx)
    if template is None:
        return msg
    fields = {k: _field(k, v) for k, v in ctx.items() if "{" + k + "}" in template}
    try:
        said = reason(template, **fields)
    except (KeyError, IndexError, ValueError):
        return msg
    return said if said == msg else msg


def _template(kind: str, ctx: dict[str, Any]) -> str | None:
    """The template of an error type, in the number its context asks for."""
    if kind in PLURAL:
        count = ctx.get("min_length", ctx.get("max_length"))
        return PLURAL[kind][0 if count == 1 else 1]
    return PYDANTIC.get(kind)


def _field(key: str, value: Any) -> Any:
    """A context value as a field: a validator's message (a Reason, or a message the game
    marked) as it is, so it is said in the language; a collection's name by its names."""
    if key == "error" and isinstance(value, Exception):
        first = value.args[0] if value.args else ""
        return first if isinstance(first, str) and str(first) == str(value) else str(value)
    if key == "expected" and isinstance(value, str):  # "'a', 'b' or 'c'"
        return named(value, ja=value.replace(" or ", "、").replace(", ", "、"))
    if key == "field_type" and value in COLLECTIONS:
        return named(value, ja=COLLECTIONS[value])
    return named(value) if isinstance(value, str) else value  # a value of the file, as written


def no_field_reason(kind: str, field: str, holders: list[str]) -> str:
    """``a scene card has no 'character' (only actor cards have it)``, as a Reason."""
    only: str = ""
    if holders:
        english = " and ".join(filter(None, (", ".join(holders[:-1]), holders[-1])))
        kinds = named(english, ja="・".join(holders))
        only = reason(N_(" (only {kinds} cards have it)"), kinds=kinds)
    words = {"kind": named(kind), "field": named(field), "only": only}  # as the file has them
    if kind[:1] in tuple("aeiou"):
        return reason(N_("an {kind} card has no '{field}'{only}"), **words)
    return reason(N_("a {kind} card has no '{field}'{only}"), **words)
