"""Card and deck files: every error names the file, the card or entry, and the field. A card
schema (CardTypes) takes one model per card type, each with one ``type``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import pytest

import cardtable
from cardtable.core.cards import CardBase, CardTypes
from cardtable.core.errors import CardFileError, DeckFileError


def write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_card_error_names_file_card_line_and_field(tmp_path: Path) -> None:
    p = write(
        tmp_path,
        "bad.yaml",
        "set: x\ncards:\n  - id: big-bug\n    name: Big Bug\n    type: actor\n"
        "    color: blue\n    rank: 99\n    character: Bug\n",
    )
    with pytest.raises(CardFileError) as exc:
        cardtable.load_game("looney", cards=str(p))
    msg = str(exc.value)
    assert str(p) in msg and "card 'big-bug'" in msg and "line 3" in msg and "'rank'" in msg


def test_unknown_effect_verb_and_missing_id(tmp_path: Path) -> None:
    p = write(
        tmp_path,
        "bad.yaml",
        "set: x\ncards:\n  - name: No Id\n    type: effect\n    color: red\n"
        "    effects: [{do: explode, amount: 2}]\n",
    )
    with pytest.raises(CardFileError) as exc:
        cardtable.load_game("looney", cards=str(p))
    msg = str(exc.value)
    assert "card entry #1" in msg and "field 'id'" in msg and "effects.0" in msg


def test_type_rules_and_cross_references(tmp_path: Path) -> None:
    p = write(
        tmp_path,
        "bad.yaml",
        "set: x\ncards:\n  - id: gray-guy\n    name: G\n    type: actor\n    color: gray\n"
        "    rank: 2\n    character: G\n",
    )
    with pytest.raises(CardFileError, match="cannot be gray"):
        cardtable.load_game("looney", cards=str(p))
    q = write(
        tmp_path,
        "ref.yaml",
        "set: x\ncards:\n  - id: pal\n    name: P\n    type: actor\n    color: red\n    rank: 2\n"
        "    character: P\n    effects: [{do: rank, amount: 1, when: {with_character: Nobody}}]\n",
    )
    with pytest.raises(CardFileError, match=r"with_character.*Nobody"):
        cardtable.load_game("looney", cards=str(q))


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    text = (
        "set: x\ncards:\n"
        "  - {id: s1, name: S, type: scene, deck: movie, color: red, rank: 3, points: 1}\n"
    )
    a = write(tmp_path, "a.yaml", text)
    b = write(tmp_path, "b.yaml", text)
    with pytest.raises(CardFileError) as exc:  # the folder's files, in name order
        cardtable.load_game("looney", cards=str(tmp_path))
    assert str(exc.value).startswith(f"{b}: ") and f"already defined in {a}" in str(exc.value)


def test_bad_yaml_reports_line(tmp_path: Path) -> None:
    p = write(tmp_path, "broken.yaml", "set: x\ncards: [\n  - {id: a\n")
    with pytest.raises(CardFileError, match=r"broken.yaml.*not valid YAML"):
        cardtable.load_game("looney", cards=str(p))


def test_deck_file_errors_name_entry_and_field(tmp_path: Path) -> None:
    g = cardtable.load_game("looney")
    p = write(
        tmp_path,
        "d.yaml",
        "game: looney\nname: Mine\npersonal:\n  no-such-card: 2\n  bugs-bunny-wisecracker: 0\n"
        "sideboard: {}\n",
    )
    with pytest.raises(DeckFileError) as exc:
        g.load_deck(p)
    msg = str(exc.value)
    assert "entry 'no-such-card': no card with this id" in msg
    assert "entry 'bugs-bunny-wisecracker': count must be" in msg
    assert "field 'sideboard': unknown section" in msg


def test_a_section_may_list_its_cards_in_order(tmp_path: Path) -> None:
    """A section of many cards written as a list keeps its order (Deck.cards), counts its
    copies like a mapping, and round-trips through to_dict (records and the server)."""
    g = cardtable.load_game("looney")
    text = "game: looney\nname: Mine\npersonal: [desert-chase, acme-anvil-drop, desert-chase]\n"
    deck = g.load_deck(write(tmp_path, "d.yaml", text))
    assert deck.cards("personal") == ["desert-chase", "acme-anvil-drop", "desert-chase"]
    assert deck.sections["personal"] == {"desert-chase": 2, "acme-anvil-drop": 1}
    assert deck.to_dict()["personal"] == ["desert-chase", "acme-anvil-drop", "desert-chase"]
    bad = "game: looney\nname: Mine\npersonal: [desert-chase, no-such-card, {a: 1}]\n"
    with pytest.raises(DeckFileError) as exc:
        g.load_deck(write(tmp_path, "e.yaml", bad))
    assert "item 2: no card with the id 'no-such-card'" in str(exc.value)
    assert "item 3: no card with the id" in str(exc.value)


def test_deck_rules_have_rule_ids(tmp_path: Path) -> None:
    g = cardtable.load_game("looney")
    p = write(tmp_path, "d.yaml", "game: looney\nname: Tiny\npersonal:\n  desert-chase: 2\n")
    deck = g.load_deck(p)
    rules = {problem.rule for problem in g.check_deck(deck)}
    assert rules == {"LT-1.1", "LT-1.2"}


def test_wrong_game_in_deck(tmp_path: Path) -> None:
    g = cardtable.load_game("looney")
    p = write(tmp_path, "d.yaml", "game: rawdeal\nname: X\npersonal: {}\n")
    with pytest.raises(DeckFileError, match="field 'game': expected 'looney'"):
        g.load_deck(p)


def test_starter_decks_are_legal() -> None:
    g = cardtable.load_game("looney")
    starters = g.starter_decks()
    assert len(starters) >= 4
    for deck in starters.values():
        assert g.check_deck(deck) == []
        assert deck.size("personal") == 30


def test_card_types_name_the_field_not_the_model(tmp_path: Path) -> None:
    """One model per card type: errors name the card's own field (never the model), a field
    of another type says which types have it, and a bad ``type`` or ``do`` names that key."""
    p = write(
        tmp_path,
        "bad.yaml",
        "set: x\ncards:\n"
        "  - {id: a, name: A, type: actor, color: red, rank: 2, character: A, points: 3}\n"
        "  - {id: b, name: B, type: sidekick, color: red}\n"
        "  - {id: c, name: C, color: red}\n"
        "  - {id: d, name: D, type: effect, color: red, effects: [{do: explode}]}\n",
    )
    with pytest.raises(CardFileError) as exc:
        cardtable.load_game("looney", cards=str(p))
    lines = [line.split(": ", 1)[1] for line in str(exc.value).splitlines()]
    assert lines == [
        "card 'a' (line 3): field 'points': Value error, an actor card has no 'points' "
        "(only scene cards have it)",
        "card 'b' (line 4): field 'type': Input should be 'scene', 'actor', 'effect' or 'location'",
        "card 'c' (line 5): field 'type': Field required",
        "card 'd' (line 6): field 'effects.0.do': Input should be 'rank', 'opponent_rank', "
        "'scene_rank', 'scene_color', 'group_color', 'points', 'wins_ties', 'cancel_effects' "
        "or 'draw'",
    ]


class _Scene(CardBase):
    type: Literal["scene"]


class _Either(CardBase):
    type: Literal["actor", "effect"]


class _Untyped(CardBase):
    rank: int = 0


class _Loose(CardBase):
    type: str


def test_card_types_refuse_a_model_without_one_type() -> None:
    """A card model is chosen by its one ``type`` value: several values, no ``type`` or a
    ``type`` that is not a Literal are clear TypeErrors (not a first value kept silently)."""
    assert list(CardTypes(_Scene).models) == ["scene"]
    with pytest.raises(TypeError, match=r"_Either: 'type' must be a Literal of one string"):
        CardTypes(_Scene, _Either)
    with pytest.raises(TypeError, match=r"_Untyped has no 'type' field"):
        CardTypes(_Scene, _Untyped)
    with pytest.raises(TypeError, match=r"_Loose: 'type' must be a Literal"):
        CardTypes(_Loose)
    with pytest.raises(TypeError, match=r"both have type 'scene'"):
        CardTypes(_Scene, _Scene)
    with pytest.raises(TypeError, match=r"not one"):
        CardTypes.of(_Scene | int)


def test_a_deck_file_works_with_a_card_set_the_starters_do_not_fit(tmp_path: Path) -> None:
    """resolve_deck loads the starter decks only for a starter name: with a card set the
    starters do not fit (-o cards=DIR), a deck file of that set still loads."""
    game = cardtable.load_game("goofspiel")
    starters = tmp_path / "starters"
    starters.mkdir()
    write(starters, "broken.yaml", "game: goofspiel\nname: Broken\nhand: {no-such-card: 1}\n")
    game.deck_dir = starters
    mine = write(tmp_path, "mine.yaml", "game: goofspiel\nname: Mine\nhand: {ace-of-hearts: 1}\n")
    assert game.resolve_deck(str(mine)).name == "Mine"
    with pytest.raises(DeckFileError, match=r"broken\.yaml"):
        game.resolve_deck("broken")
