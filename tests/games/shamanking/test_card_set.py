"""The shipped Shaman King card set and starter decks (SK-1), the deck rules with their ids,
the hidden furyoku (SK-3.1) and the tie-break of SK-2.4 on pinned piles."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from pydantic import ValidationError

import cardtable
from cardtable.core.cards import CardPool
from cardtable.core.errors import CardFileError
from cardtable.games.shamanking.cards import (
    ADAPTER,
    ADVANTAGE_TRAITS,
    STRIKE_TRAITS,
    TEAMWORK_TRAITS,
    VERBS,
    character_of,
)
from cardtable.games.shamanking.game import SKGame
from cardtable.games.shamanking.tables import compile_tables

POOL = cardtable.load_game("shamanking").card_pool  # the built-in card set


def test_shamans_cover_every_teamwork_trait() -> None:
    shamans = [c for c in POOL.cards if c.type == "shaman"]
    assert len(shamans) >= 4
    traits = [c.traits for c in shamans if c.traits]
    assert {t["teamwork"] for t in traits} == set(TEAMWORK_TRAITS)
    assert {t["advantage"] for t in traits} == set(ADVANTAGE_TRAITS)
    assert {t["strike"] for t in traits} == set(STRIKE_TRAITS)
    for c in shamans:  # two faces, each with its own Signature strike
        assert c.front is not None and c.back is not None
        assert c.front.signature.name != c.back.signature.name


def test_at_least_80_other_cards_of_every_kind_and_trait() -> None:
    others = [c for c in POOL.cards if c.type != "shaman"]
    assert len(others) >= 80
    kinds = Counter(c.type for c in others)
    assert kinds["strike"] >= 40 and kinds["advantage"] >= 15 and kinds["teamwork"] >= 12
    for kind, traits in (
        ("strike", STRIKE_TRAITS),
        ("advantage", ADVANTAGE_TRAITS),
        ("teamwork", TEAMWORK_TRAITS),
    ):
        seen = {c.trait for c in others if c.type == kind}
        assert seen >= {*traits, None}, kind  # every trait, and generic cards


def test_strikes_span_intercept_force_and_every_colour() -> None:
    strikes = [c for c in POOL.cards if c.type == "strike"]
    intercepts = {c.intercept for c in strikes}
    forces = {c.force for c in strikes}
    assert min(intercepts) <= 2 and max(intercepts) >= 9
    assert min(forces) <= 2 and max(forces) >= 10
    assert len(intercepts) >= 8 and len(forces) >= 8
    assert any(c.cost.green for c in strikes)
    assert any(c.cost.yellow for c in strikes)
    assert any(c.cost.red for c in strikes)
    assert any(c.cost.green + c.cost.yellow + c.cost.red == 0 for c in strikes)
    assert any(c.extra_cost is not None for c in strikes)


def test_every_effect_verb_is_used() -> None:
    cards = POOL.cards
    effects = [e for c in cards for e in (*c.effects, *c.extra_effects)]
    effects += [
        e
        for c in cards
        if c.front and c.back
        for s in (c.front, c.back)
        for e in s.signature.effects
    ]
    assert {e.do for e in effects} == set(VERBS)
    # the effect kinds issue 5 asks for: charge, move back, Force/Intercept, underpay
    by_kind = {
        k: {e.do for c in cards if c.type == k for e in c.effects}
        for k in ("advantage", "teamwork", "strike")
    }
    assert {"charge", "move_back", "force", "intercept"} <= by_kind["advantage"]
    assert {"underpay", "force", "intercept"} <= by_kind["teamwork"]
    assert any(c.immediate for c in cards)
    assert any(e.when is not None for e in effects)


def test_four_legal_starter_decks() -> None:
    for options in ({}, {"trait_mismatch": "unplayable"}):
        g = cardtable.load_game("shamanking", **options)
        starters = g.starter_decks()
        assert len(starters) >= 4
        shamans = set()
        for deck in starters.values():
            assert g.check_deck(deck) == [], deck.name
            assert deck.size("deck") >= 60
            shamans.add(deck.cards("shaman")[0])
        assert len(shamans) == len(starters)


def test_starter_decks_match_their_shaman() -> None:
    """The starters hold only cards whose text works for their Shaman: generic ones, ones of
    its traits and guardian spirits that name it (SK-1.6, SK-5.6)."""
    g = cardtable.load_game("shamanking")
    assert isinstance(g, SKGame)
    pool = g.card_pool
    for deck in g.starter_decks().values():
        shaman = pool.get(deck.cards("shaman")[0])
        assert shaman.traits is not None
        for cid in set(deck.cards("deck")):
            c = pool.get(cid)
            if c.shamans:
                assert shaman.id in c.shamans, (deck.name, cid)
            else:
                assert c.trait in (None, shaman.traits[c.type]), (deck.name, cid)
            assert g.tables.works[pool.index[shaman.id]][pool.index[cid]], (deck.name, cid)


def test_guardian_spirits_name_their_shamans() -> None:
    """SK-5.6: every Shaman has a guardian spirit; one names two Shamans of different teamwork
    traits; each is in a starter deck, and a card in a starter deck names each one's zone."""
    g = cardtable.load_game("shamanking")
    pool = g.card_pool
    spirits = [c for c in pool.cards if c.shamans]
    shamans = {c.id: c for c in pool.cards if c.type == "shaman"}
    assert {s for c in spirits for s in c.shamans} == set(shamans)
    assert any(len({(shamans[s].traits or {})["teamwork"] for s in c.shamans}) > 1 for c in spirits)
    in_decks = {cid for d in g.starter_decks().values() for cid in d.cards("deck")}
    assert {c.id for c in spirits} <= in_decks
    named = {
        e.when.zone_of
        for cid in in_decks
        for e in pool.get(cid).effects
        if e.when is not None and e.when.zone_of
    }
    assert {character_of(c) for c in spirits} <= named


def _card(**fields: object) -> dict[str, object]:
    return {"id": "x", "name": "X", **fields}


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"type": "teamwork", "trait": "yoh", "shamans": ["a"]}, "instead of a 'trait'"),
        (
            {"type": "strike", "intercept": 1, "force": 1, "shamans": ["a"]},
            "a strike card has no 'shamans' (only teamwork cards have it)",
        ),
        (
            {"type": "advantage", "character": "Y"},
            "an advantage card has no 'character' (only teamwork cards have it)",
        ),
    ],
)
def test_guardian_spirit_fields_are_checked(fields: dict[str, object], problem: str) -> None:
    """SK-5.6, SK-5.7: ``shamans`` and ``character`` belong to Teamwork cards, and a guardian
    spirit names Shamans instead of a trait."""
    with pytest.raises(ValidationError, match=re.escape(problem)):
        ADAPTER.validate_python(_card(**fields))


def test_guardian_spirit_names_are_checked_against_the_pool() -> None:
    """A guardian spirit's Shamans, and a ``zone_of`` condition's character, must exist."""
    cards = list(POOL.cards)
    bad_shaman = ADAPTER.validate_python(
        _card(type="teamwork", shamans=["nobody"], cost={}, effects=[])
    )
    bad_zone = ADAPTER.validate_python(
        _card(
            type="strike",
            intercept=1,
            force=1,
            effects=[{"do": "force", "amount": 1, "when": {"zone_of": "Nobody"}}],
        )
    )
    for extra, problem in ((bad_shaman, "names no Shaman"), (bad_zone, "names no Teamwork")):
        with pytest.raises(CardFileError, match=problem):
            compile_tables(CardPool.of([*cards, extra]))


def _deck(tmp_path: Path, shaman: str, cards: dict[str, int]) -> Path:
    p = tmp_path / "deck.yaml"
    lines = ["game: shamanking", "name: Test", f"shaman: {shaman}", "deck:"]
    lines += [f"  {cid}: {n}" for cid, n in cards.items()]
    p.write_text("\n".join(lines) + "\n")
    return p


def test_deck_rules_have_rule_ids(tmp_path: Path) -> None:
    """SK-1.1 sixty or more, SK-1.2 at most four of a card, SK-1.3 no Shaman inside, SK-1.4 a
    Shaman beside the deck."""
    g = cardtable.load_game("shamanking")

    def rules(shaman: str, cards: dict[str, int]) -> set[str]:
        return {p.rule for p in g.check_deck(g.load_deck(_deck(tmp_path, shaman, cards)))}

    strikes = [c.id for c in POOL.cards if c.type == "strike"]
    legal = {cid: 4 for cid in strikes[:15]}
    assert rules("corvin-iron-magistrate", legal) == set()
    assert rules("corvin-iron-magistrate", {cid: 4 for cid in strikes[:14]}) == {"SK-1.1"}
    assert rules("corvin-iron-magistrate", {**legal, strikes[0]: 5}) == {"SK-1.2"}
    assert rules("corvin-iron-magistrate", {**legal, "sera-lantern-keeper": 1}) == {"SK-1.3"}
    assert rules("open-palm-parry", legal) == {"SK-1.4"}


def test_no_opening_attack_card_in_the_pool() -> None:
    """SK-1.3, SK-2.5: the Opening Attack is shared and outside every deck: it is not a card of
    the pool at all, so no deck can hold it."""
    assert not any("opening" in c.id for c in POOL.cards)


def test_furyoku_and_deck_are_hidden() -> None:
    """SK-3.1: furyoku is face down: nobody sees which cards they are, only how many."""
    g = cardtable.load_game("shamanking")
    st = g.new_initial_state(seed=0)
    for viewer in (None, 0, 1):
        zones = st.observation(viewer)["zones"]
        for p in (0, 1):
            for z in ("green", "yellow", "red"):
                assert zones[f"p{p}.furyoku.{z}"] == 2
            assert zones[f"p{p}.deck"] == 50
            assert isinstance(zones[f"p{p}.discard"], list)


def test_tie_break_on_pinned_piles() -> None:
    """SK-2.4: the running totals are compared after each extra card; a card without Force
    (not a Strike) counts 0."""
    g = cardtable.load_game("shamanking")
    assert isinstance(g, SKGame)
    st = g.new_initial_state(seed=0)
    st.pin_zones(
        {
            "p0.discard": ["open-palm-parry"],  # 3
            "p1.discard": ["hearthstone-knuckle"],  # 3
            # top first: p0 sends Battle Cry (0), then Wisp Swarm (4)
            "p0.deck": ["battle-cry", "wisp-swarm", "iron-skin"],
            # p1 sends Iron Skin (0), then Wandering Wisp Jab (5)
            "p1.deck": ["iron-skin", "wandering-wisp-jab", "battle-cry"],
        }
    )
    assert g._opening_chooser(st) == 1
    assert [st.card_id(c) for c in st.zones[st.zone_index("p1.discard")]] == [
        "hearthstone-knuckle",
        "iron-skin",
        "wandering-wisp-jab",
    ]
    assert [st.card_id(c) for c in st.zones[st.zone_index("p0.deck")]] == ["iron-skin"]


def test_tie_break_rebuilds_a_deck_it_empties() -> None:
    """SK-2.4, SK-8.1: the card that empties a deck still counts; then the empty decks are
    rebuilt at once from the discard pile and the furyoku, the furyoku refilled to its count."""
    g = cardtable.load_game("shamanking")
    assert isinstance(g, SKGame)
    st = g.new_initial_state(seed=0)
    st.pin_zones(
        {
            "p0.discard": ["open-palm-parry"],  # 3, then 0 and 4: 7
            "p1.discard": ["hearthstone-knuckle"],  # 3, then 0 and 5: 8
            "p0.deck": ["battle-cry", "wisp-swarm"],
            "p1.deck": ["iron-skin", "wandering-wisp-jab"],
            "p0.furyoku.green": ["wisp-swarm"],
            "p1.furyoku.green": ["wisp-swarm"],
        }
    )
    assert g._opening_chooser(st) == 1
    for p in (0, 1):
        assert len(st.zones[st.zone_index(f"p{p}.deck")]) == 3
        assert st.zones[st.zone_index(f"p{p}.discard")] == ()
        assert len(st.zones[st.zone_index(f"p{p}.furyoku.green")]) == 1
        assert st.fog[3 * p] == 1


def test_tie_break_still_tied_when_a_deck_runs_out() -> None:
    """SK-2.4: still tied when a deck runs out (the rebuild gathers the piles compared): the
    chooser is drawn at random, by the state's own random stream."""
    choosers = set()
    for seed in range(12):
        g = cardtable.load_game("shamanking")
        assert isinstance(g, SKGame)
        st = g.new_initial_state(seed=seed)
        st.pin_zones(
            {
                "p0.discard": ["open-palm-parry"],
                "p1.discard": ["hearthstone-knuckle"],
                "p0.deck": ["battle-cry", "wisp-swarm"],
                "p1.deck": ["iron-skin", "wisp-swarm"],
            }
        )
        choosers.add(g._opening_chooser(st))
        assert len(st.zones[st.zone_index("p0.deck")]) == 3
    assert choosers == {0, 1}


def test_character_defaults_to_the_name_before_a_comma() -> None:
    """SK-5.7: a Teamwork card's character is its ``character``, else its name up to the first
    comma."""
    pool = POOL
    assert character_of(pool.get("hana-hot-spring-cook")) == "Hana Kurose"
    assert character_of(pool.get("old-kettle-spirit")) == "Old Kettle Spirit"
    assert character_of(pool.get("stormthread-kite-spirit")) == "Stormthread"
