"""What is wrong with a card file, in English as pydantic words it and in Japanese: each
problem is a Reason whose English is the message it always was and whose ``message`` field
(what is wrong) is said in Japanese through the catalogues."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic_core import PydanticKnownError

import cardtable
from cardtable.core.card_problems import PLURAL, PYDANTIC, pydantic_reason
from cardtable.core.errors import CardFileError
from cardtable.core.i18n import Reason, say
from cardtable.sim.card_edit import card_set_files

EXAMPLES: dict[str, dict[str, Any]] = {
    "model_type": {"class_name": "Player"},
    "literal_error": {"expected": "'player' or 'special'"},
    "enum": {"expected": "'red' or 'blue'"},
    "greater_than": {"gt": 0},
    "greater_than_equal": {"ge": 0},
    "less_than": {"lt": 5},
    "less_than_equal": {"le": 10},
    "multiple_of": {"multiple_of": 2},
    "string_pattern_mismatch": {"pattern": "^[a-z]+$"},
    "value_error": {"error": ValueError("a player needs 'class'")},
    "assertion_error": {"error": AssertionError("no")},
}


@pytest.mark.parametrize("kind", sorted(PYDANTIC))
def test_the_templates_are_pydantics_own(kind: str) -> None:
    ctx = EXAMPLES.get(kind, {})
    known = PydanticKnownError(kind, ctx or None)  # type: ignore[arg-type]
    assert PYDANTIC[kind] == known.message_template
    err = {"type": kind, "msg": known.message(), "ctx": ctx}
    said = pydantic_reason(err)
    assert isinstance(said, Reason) and said == known.message()


@pytest.mark.parametrize("kind", sorted(PLURAL))
@pytest.mark.parametrize("count", [1, 3])
def test_plural_templates_are_pydantics_own(kind: str, count: int) -> None:
    key = "min_length" if "short" in kind else "max_length"
    ctx = {key: count, "field_type": "List", "actual_length": 7}
    known = PydanticKnownError(kind, ctx)  # type: ignore[arg-type]
    said = pydantic_reason({"type": kind, "msg": known.message(), "ctx": ctx})
    assert isinstance(said, Reason) and said == known.message()


def test_an_unknown_error_type_keeps_pydantics_words() -> None:
    err = {"type": "url_parsing", "msg": "Input should be a valid URL", "ctx": {"error": "x"}}
    assert pydantic_reason(err) == "Input should be a valid URL"
    assert not isinstance(pydantic_reason(err), Reason)


BROKEN = {
    "    atk: 1\n": "    atk: -1\n",  # a number out of range
    "    def: ": "    deff: ",  # an unknown field, and a missing one
    "    class: 1.5\n": "    class: 9\n",  # the game's own check
}
JAPANESE = {
    "atk": "0 以上にすること",
    "def": "必須の項目がない",
    "deff": "player カードに項目 'deff' はない",
    "class": "選手の 'class' は0.5から3.5まで、0.5刻みにすること",
}
ENGLISH = {
    "atk": "Input should be greater than or equal to 0",
    "def": "Field required",
    "deff": "Value error, a player card has no 'deff'",
    "class": "Value error, a player needs 'class' from 0.5 to 3.5 in steps of 0.5",
}


def test_a_card_files_problems_read_in_english_and_japanese(tmp_path: Path) -> None:
    game = cardtable.load_game("wcrugby")
    for path in card_set_files(game):
        text = path.read_text(encoding="utf-8")
        if path.name == "players.yaml":
            for old, new in BROKEN.items():
                assert old in text
                text = text.replace(old, new, 1)
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError) as err:
        cardtable.load_game("wcrugby", cards=str(tmp_path))
    problems = err.value.problems
    assert str(err.value) == "\n".join(problems)
    found = {}
    for line in problems:
        assert isinstance(line, Reason)
        field = re.search(r"field '([^']*)'", line)
        assert field and line.startswith(f"{tmp_path}/players.yaml: card '")
        found[field[1]] = line.fields["message"]
    assert {k: str(v) for k, v in found.items()} == ENGLISH
    assert {k: say(v, game, "ja") for k, v in found.items()} == JAPANESE
    whole = say(problems[0], game, "ja")
    assert whole.endswith("：項目 'atk'：0 以上にすること"), whole


def test_a_file_that_is_not_yaml_or_not_a_card_file_is_said_in_japanese(tmp_path: Path) -> None:
    game = cardtable.load_game("wcrugby")
    bad = tmp_path / "bad.yaml"
    for text, english, japanese in [
        ("cards: [\n", "not valid YAML: ", "YAMLとして読めない："),
        ("- a\n", "expected a mapping with 'set' and a list 'cards'", "'set' と一覧 'cards'"),
        (
            "set: x\ncards: []\nmore: 1\n",
            "unknown top-level field(s) ['more']",
            "最上位に知らない項目",
        ),
    ]:
        bad.write_text(text)
        with pytest.raises(CardFileError) as err:
            cardtable.load_game("wcrugby", cards=str(bad))
        (line,) = err.value.problems
        assert english in line and japanese in say(line, game, "ja"), say(line, game, "ja")
