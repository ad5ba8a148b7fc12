"""The shipped Raw Deal card set and starter decks (RD-1, RD-3, RD-6, RD-7)."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

import cardtable
from cardtable.core.errors import CardFileError
from cardtable.games import rawdeal
from cardtable.games.rawdeal.cards import (
    ABILITIES,
    SUBTYPES,
    VERBS,
)
from cardtable.games.rawdeal.tables import PREMATCH_KINDS

CARD_DIR = Path(rawdeal.__file__).parent / "cards"
POOL = cardtable.load_game("rawdeal").card_pool  # the built-in card set
# the abilities and verbs that only the real cards need (issue 29: RD-3.7 to RD-3.12,
# RD-7.10 to RD-7.14): the scenario files test them with made-up cards, and the built-in set
# stays as it was
REAL_CARD_ABILITIES = {
    "damage_reduction",
    "start_recycle_choice",
    "discard_to_retrieve",
    "discard_to_opp_discard",
    "start_recover",
}
REAL_CARD_VERBS = {
    "discard_self",
    "discard",
    "retrieve",
    "may",
    "opp_draw",
    "search",
    "shuffle_in",
    "turn_bonus",
    "opp_overturn",
    "next_turn_bonus",
    "discard_hand",
    "next_unreversible",
    "look_hand",
    "opp_discard_all",
    "no_arsenal_reversals",
    "either",
}


def test_superstars_with_every_ability() -> None:
    """RD-3.2: at least 6 Superstars with different Hand Sizes, values and abilities, among
    them one that draws 2, one with a start-of-turn ability and one with an Enforcer."""
    stars = [c for c in POOL.cards if c.type == "superstar"]
    assert len(stars) >= 6
    assert {c.ability for c in stars} == set(ABILITIES) - REAL_CARD_ABILITIES
    assert len({c.hand_size for c in stars}) >= 6
    assert len({c.superstar_value for c in stars}) >= 4
    assert {"draw_two", "start_overturn", "start_recycle", "enforcer"} <= {c.ability for c in stars}


def test_enforcers() -> None:
    """RD-2.1: Enforcers add Hand Size and Superstar Value."""
    enforcers = [c for c in POOL.cards if c.type == "enforcer"]
    assert len(enforcers) >= 2
    assert any(c.hand_size for c in enforcers) and any(c.superstar_value for c in enforcers)


def test_at_least_120_distinct_deck_cards() -> None:
    kinds = Counter(c.type for c in POOL.cards)
    assert kinds["arsenal"] + kinds["prematch"] + kinds["midmatch"] >= 120
    assert kinds["arsenal"] >= 100


def test_every_maneuver_subtype_and_multi() -> None:
    """RD-3.1, RD-6.5: every maneuver type; Multi maneuvers with two types."""
    maneuvers = [c for c in POOL.cards if "maneuver" in c.plays_as]
    assert {s for c in maneuvers for s in c.subtypes} == set(SUBTYPES)
    assert sum(c.multi for c in maneuvers) >= 4
    assert any(c.stun for c in maneuvers) and any(not c.stun for c in maneuvers)
    assert any(c.cannot_be_reversed for c in maneuvers)


def test_reversal_condition_kinds() -> None:
    """RD-5.2, RD-5.6 to RD-5.8: reversals by type played, maneuver type, damage limit, set-up
    played before, named cards, from the hand only; of cards played from the hand, of an
    alignment with a Ring count; working when overturned, or only then; "#D"."""
    revs = [c.reverses for c in POOL.cards if c.reverses is not None]
    assert any("action" in r.types for r in revs)
    assert any(r.subtypes for r in revs)
    assert any(r.max_damage is not None for r in revs)
    assert any(r.after == "irish-whip" for r in revs)
    assert any(r.titles for r in revs)
    assert any(r.hand_only for r in revs)
    assert any(not (r.subtypes or r.max_damage or r.after or r.titles) for r in revs)
    assert any(r.from_hand for r in revs)
    assert any(r.alignment and r.ring_at_least for r in revs)
    assert any(r.effects_when_overturned for r in revs)
    assert any(r.overturned_only for r in revs)
    assert any(c.damage_as_reversed for c in POOL.cards)


def test_hybrids_of_each_kind() -> None:
    """RD-3.3: maneuver/action, maneuver/reversal and action/reversal hybrids."""
    pairs = {frozenset(c.plays_as) for c in POOL.cards if c.is_hybrid}
    assert {
        frozenset({"maneuver", "action"}),
        frozenset({"maneuver", "reversal"}),
        frozenset({"action", "reversal"}),
    } <= pairs


def test_set_up_and_follow_up_chains() -> None:
    """RD-6.2, RD-6.3: set-ups, follow-ups that need them, and cards that punish them."""
    cards = POOL.cards
    setups = {c.id for c in cards if c.setup}
    assert "irish-whip" in setups
    follow = [c for c in cards if c.requires and c.requires.after]
    assert follow and all(c.requires and c.requires.after in setups for c in follow)
    assert all(c.follow_up for c in follow)
    assert any(c.requires and c.requires.after_damage for c in cards)
    assert any(c.requires and c.requires.fortitude_over_opponent for c in cards)
    punish = [c for c in cards if c.reverses and c.reverses.after == "irish-whip"]
    assert len(punish) >= 3


def test_prematch_kinds_and_midmatch_cards() -> None:
    """RD-3.4: Pre-match cards of every kind (title belts Universally Unique) and Mid-match
    cards played as each type."""
    cards = POOL.cards
    pre = [c for c in cards if c.type == "prematch"]
    assert {c.prematch_kind for c in pre} == set(PREMATCH_KINDS)
    belts = [c for c in pre if c.prematch_kind == "title_belt"]
    assert len(belts) >= 2 and all(c.universally_unique for c in belts)
    mid = [c for c in cards if c.type == "midmatch"]
    assert {t for c in mid for t in c.plays_as} == {"maneuver", "action", "reversal"}
    effects = [c.prematch for c in pre if c.prematch]
    assert any(e.damage_bonus for e in effects) and any(e.fortitude for e in effects)
    assert any(e.draw for e in effects) and any(e.opp_damage_reduction for e in effects)


def test_every_effect_verb_is_used() -> None:
    """RD-7: each verb of the vocabulary is on some card."""
    cards = POOL.cards
    used = {e.do for c in cards for e in (*c.effects, *c.reversal_effects)}
    assert used == set(VERBS) - REAL_CARD_VERBS


def test_traits_for_construction() -> None:
    """RD-1.2 to RD-1.5: Unique, Superstar-specific, Face/Heel and Raw/SmackDown cards."""
    cards = POOL.cards
    assert any(c.unique for c in cards)
    stars = {c.id for c in cards if c.type == "superstar"}
    specific = {c.superstar for c in cards if c.superstar}
    assert specific <= stars and len(specific) >= 4
    assert {c.alignment for c in cards if c.alignment} == {"face", "heel"}
    assert {c.brand for c in cards if c.brand} == {"raw", "smackdown"}


def test_four_legal_starter_decks_each_with_a_backlash_deck() -> None:
    g = cardtable.load_game("rawdeal")
    starters = g.starter_decks()
    assert len(starters) >= 4
    assert len({d.cards("superstar")[0] for d in starters.values()}) >= 4
    for deck in starters.values():
        assert deck.size("arsenal") == 60
        assert deck.size("backlash") > 0
        assert g.check_deck(deck) == [], deck.name
    classic = cardtable.load_game("rawdeal", backlash="classic")
    assert all(classic.check_deck(d) == [] for d in classic.starter_decks().values())


def test_every_card_has_text() -> None:
    assert all(c.text for c in POOL.cards)


BAD_CARDS = [
    (
        "{id: x, name: X, type: superstar, hand_size: 5, superstar_value: 3, damage: 4}",
        "a superstar card has no 'damage'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [maneuver], subtypes: [strike], "
        "prematch_kind: title_belt}",
        "an arsenal card has no 'prematch_kind'",
    ),
    (
        "{id: x, name: X, type: enforcer, hand_size: 1, superstar_value: 1, ability: tough}",
        "an enforcer card has no 'ability' (only superstar cards have it)",
    ),
    (
        "{id: x, name: X, type: prematch, prematch_kind: title_belt, prematch: {fortitude: 2}}",
        "a title belt is 'universally_unique: true'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], damage: 3, "
        "damage_as_reversed: true, reverses: {types: [maneuver]}}",
        "'damage_as_reversed' is for a reversal with 'damage: 0'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], reverses: {types: [maneuver]}, "
        "effects: [{do: draw, amount: 1}]}",
        "a reversal's effects go in 'reversal_effects'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], reverses: {types: [maneuver]}, "
        "reversal_effects: [{do: next_bonus, amount: 2}]}",
        "'reversal_effects' cannot hold next_bonus",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], "
        "reverses: {types: [maneuver], ring_at_least: 5}}",
        "'ring_at_least' counts cards of 'alignment'",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [maneuver], subtypes: [strike], "
        "requires: {after: no-such-card}}",
        "card 'x': field 'requires.after': 'no-such-card': no such card",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [reversal], "
        "reverses: {types: [maneuver], titles: [punch, dex-quintero]}}",
        "field 'reverses.titles.1': 'dex-quintero': it is a superstar card",
    ),
    (
        "{id: x, name: X, type: arsenal, plays_as: [action], superstar: punch}",
        "card 'x': field 'superstar': 'punch': it is an arsenal card",
    ),
]


@pytest.mark.parametrize(("card", "message"), BAD_CARDS)
def test_bad_card_files_name_the_problem(tmp_path: Path, card: str, message: str) -> None:
    """A card with a field of another card type, an effect in the wrong list, or an id that
    names no fitting card is refused with the card and the field, never ignored."""
    for f in sorted(CARD_DIR.glob("*.yaml")):
        shutil.copy(f, tmp_path / f.name)
    (tmp_path / "extra.yaml").write_text(f"set: test\ncards:\n  - {card}\n")
    with pytest.raises(CardFileError, match=re.escape(message)):
        cardtable.load_game("rawdeal", cards=str(tmp_path))
