"""The suggestion search's swaps of copies within a starter deck (``card_edit.Swap``): the
counts it finds in a deck file, the changed decks it writes, and a search on wcrugby."""

from __future__ import annotations

from pathlib import Path

from test_suggest import strong_deck

import cardtable
from cardtable.sim.balance import BalanceConfig, play, report
from cardtable.sim.card_edit import Swap, deck_counts, numbers, write_card_set
from cardtable.sim.suggest import SuggestConfig, Target, suggest, swaps

DECK = """game: test
name: Brawlers
deck:
  # strikes
  jab: 3   # a comment stays
  kick: 1
  hook: 2
"""


def test_a_swap_moves_copies_and_keeps_the_deck_size(tmp_path: Path) -> None:
    deck = tmp_path / "starter-brawlers.yaml"
    deck.write_text(DECK)
    counts = {k.card: k for k in deck_counts([deck])}
    assert {c: k.value for c, k in counts.items()} == {"jab": 3, "kick": 1, "hook": 2}
    assert counts["jab"].file == "decks/starter-brawlers.yaml"
    assert counts["jab"].field == "deck.jab"
    swap = Swap(counts["kick"], counts["jab"])
    assert swap.field == "deck.kick>jab" and swap.value == 0
    patch = write_card_set([], numbers({swap: 1}), tmp_path / "out", [deck])
    written = (tmp_path / "out" / "decks" / "starter-brawlers.yaml").read_text()
    assert written == DECK.replace("  kick: 1\n", "").replace("jab: 3 ", "jab: 4 ")
    assert patch.startswith("--- a/decks/starter-brawlers.yaml")
    back = numbers({swap: -2})  # two copies of jab for two more kicks
    assert {k.card: v for k, v in back.items()} == {"kick": 3, "jab": 1}


def test_a_deck_target_swaps_its_strongest_cards_for_its_weakest(tmp_path: Path) -> None:
    deck = tmp_path / "starter-brawlers.yaml"
    deck.write_text("deck:\n  a: 2\n  b: 1\n  c: 2\n  d: 1\n")
    counts = deck_counts([deck])
    run = {"cards": [
        {"card": c, "played": {"n": 50, "score": 0.5 + e, "reference": 0.5}}
        for c, e in (("a", 0.2), ("b", 0.1), ("c", -0.1), ("d", -0.2))
    ]}  # fmt: skip
    files = {"Brawlers": "decks/starter-brawlers.yaml"}
    found = swaps(run, Target("deck", "Brawlers", "above"), counts, files)
    assert [(s.give.card, s.take.card) for s in found] == [
        ("a", "d"), ("a", "c"), ("b", "d"), ("b", "c")
    ]  # fmt: skip
    assert swaps(run, Target("card", "a", "above"), counts, files) == []
    assert swaps(run, Target("deck", "Others", "above"), counts, files) == []


def test_a_search_on_counts_alone_keeps_every_deck_legal(tmp_path: Path) -> None:
    """wcrugby made unfair by its cards, searched with ``--fields count``: every proposal is
    copies moved within the strong deck (its 30 cards kept), written with the decks."""
    folder, specs, name = strong_deck(tmp_path)
    game = cardtable.load_game("wcrugby", cards=str(folder))
    config = BalanceConfig("wcrugby", game.options_dict(), ("greedy",), 60, specs)
    base = report(config, play(config))["base"]
    cfg = SuggestConfig(60, 60, max_step=2, proposals=1, fields=("count",))
    out = suggest(config, base, 1, tmp_path / "lab", cfg)
    entry = next(t for t in out["targets"] if t["kind"] == "deck" and t["name"] == name)
    assert entry["knobs_tried"] >= 1 and entry["proposals"]
    for p in [p for t in out["targets"] for p in t["proposals"]]:
        assert all(c["file"].startswith("decks/") for c in p["changes"])
        assert sum(c["to"] - c["from"] for c in p["changes"]) == 0
        changed = cardtable.load_game("wcrugby", cards=p["folder"])
        assert all(changed.resolve_deck(s).size("deck") == 30 for s in specs)
        assert "--- a/decks/" in Path(p["patch"]).read_text()


def test_a_count_change_reads_as_copies_in_its_deck() -> None:
    from cardtable.sim.balance_words import Words
    from cardtable.sim.suggest_html import field_said

    change = {"file": "decks/starter-tactics.yaml", "card": "crowd-noise", "field": "deck.x"}
    assert field_said(change, Words("en")) == "copies in starter-tactics"
    assert field_said(change, Words("ja")) == "starter-tactics の枚数"
    card = {"file": "tactics.yaml", "card": "crowd-noise", "field": "effects[0].amount"}
    assert field_said(card, Words("en")) == "effects[0].amount"
