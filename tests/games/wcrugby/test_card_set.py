"""The shipped wheelchair rugby card set and starter decks (WR-1, WR-2.4, WR-8)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import cardtable
from cardtable.games.wcrugby.cards import CLASSES, VERBS, WHO
from cardtable.games.wcrugby.game import RugbyGame
from cardtable.games.wcrugby.lineup import allowance_halves, lineup_problem

POOL = cardtable.load_game("wcrugby").card_pool  # the built-in card set

ALLOWANCES = ("wwr-2025", "seed-1.5-none", "seed-1.5-full", "legacy")


def test_players_cover_every_class_with_female_and_over_age_players() -> None:
    players = [c for c in POOL.cards if c.type == "player"]
    assert len(players) >= 30
    assert {c.player_class for c in players} == set(CLASSES)
    women = {c.player_class for c in players if c.female}
    assert women & {0.5, 1.0} and women & {2.0, 2.5, 3.0, 3.5} and 1.5 in women
    assert sum(c.over_age for c in players) >= 3
    assert all(1 <= len(c.skills) <= 3 for c in players)
    names = Counter(c.name for c in players)
    assert any(n > 1 for n in names.values()), "some player has two cards (WR-2.5)"


def test_special_and_bench_cards() -> None:
    kinds = Counter(c.type for c in POOL.cards)
    assert kinds["special"] >= 10 and kinds["bench"] >= 10


def test_every_effect_verb_and_target_is_used() -> None:
    cards = POOL.cards
    effects = [e for c in cards for e in c.effects]
    effects += [e for c in cards for k in c.skills for e in k.effects]
    assert {e.do for e in effects} == set(VERBS)
    assert {getattr(e, "who", None) for e in effects} >= set(WHO)
    assert any(k.when for c in cards for k in c.skills)
    assert any(c.when for c in cards if c.type == "special")
    assert any(c.when for c in cards if c.type == "bench")


def test_four_legal_starter_decks_under_every_allowance_rule() -> None:
    for rule in ALLOWANCES:
        g = cardtable.load_game("wcrugby", female_allowance=rule)
        starters = g.starter_decks()
        assert len(starters) >= 4
        for deck in starters.values():
            assert deck.size("deck") == 30
            assert g.check_deck(deck) == [], (rule, deck.name)


def test_deck_rules_have_rule_ids(tmp_path: Path) -> None:
    g = cardtable.load_game("wcrugby")
    p = tmp_path / "small.yaml"
    p.write_text("game: wcrugby\nname: Small\ndeck:\n  kaito-mori: 2\n  set-play: 27\n")
    assert {problem.rule for problem in g.check_deck(g.load_deck(p))} == {"WR-1.1", "WR-1.2"}
    # 30 cards, but the four players can never be on court together: 14.0 class points
    p.write_text(
        "game: wcrugby\nname: Heavy\ndeck:\n  haruto-kisaragi: 1\n  callum-brightwater: 1\n"
        "  mateo-vargas-lind: 1\n  kaito-mori: 1\n  set-play: 26\n"
    )
    assert {problem.rule for problem in g.check_deck(g.load_deck(p))} == {"WR-1.2"}


def test_player_with_both_marks_gets_both_allowances() -> None:
    """WR-2.4: no shipped card is both F and +, so mark one for the test."""
    g = cardtable.load_game("wcrugby")
    assert isinstance(g, RugbyGame)
    t = g.tables
    d = g.card_pool.index["aoi-fujimura"]  # 3.5 F
    both = replace(t, over_age=tuple(v or i == d for i, v in enumerate(t.over_age)))
    assert allowance_halves(t, d, "wwr-2025") == 2
    assert allowance_halves(both, d, "wwr-2025") == 3
    assert allowance_halves(both, d, "legacy") == 2
    # and she still counts as the team's one over-age player
    kenji = g.card_pool.index["kenji-morooka"]
    assert lineup_problem(both, [d, kenji], "wwr-2025") == "more than one over-age (+) player"
