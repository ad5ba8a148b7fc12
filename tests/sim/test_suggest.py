"""``cardtable balance --suggest``: the card numbers it may change, the changed files, the
search on a made-up response, and real searches on a wcrugby card set made unfair."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_balance import cli  # the command in a subprocess

import cardtable
from cardtable.sim.balance import BalanceConfig, default_deck_specs, play, report
from cardtable.sim.card_edit import card_set_files, changed_text, knobs, write_card_set
from cardtable.sim.suggest import (
    Step,
    SuggestConfig,
    Target,
    helps,
    in_band,
    line_search,
    measurer,
    proposals,
    search_target,
    suggest,
    targets,
    value,
)

CARDS = """# a made-up card file
set: test
cards:
  - id: jab   # a comment stays
    damage: 2
    effects: [{do: draw, amount: 1}, {do: hurt, amount: -3}]
    unique: true
  - {id: kick, damage: 5, stats: {atk: 10}}
"""


def test_knobs_are_every_whole_number_of_every_card(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text(CARDS)
    found = {k.label(): k.value for k in knobs([f])}
    assert found == {
        "jab.damage": 2,
        "jab.effects[0].amount": 1,
        "jab.effects[1].amount": -3,
        "kick.damage": 5,
        "kick.stats.atk": 10,
    }  # booleans and ids are not numbers to tune


def test_changes_keep_the_file_as_written_and_make_a_patch(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text(CARDS)
    k = {x.label(): x for x in knobs([f])}
    text = changed_text(CARDS, {k["jab.effects[1].amount"]: -2, k["kick.stats.atk"]: 9})
    assert "{do: hurt, amount: -2}" in text and "stats: {atk: 9}}" in text
    assert text.replace("-2}", "-3}").replace("atk: 9", "atk: 10") == CARDS
    patch = write_card_set([f], {k["jab.damage"]: 3}, tmp_path / "out")
    assert (tmp_path / "out/a.yaml").read_text() == CARDS.replace("damage: 2", "damage: 3")
    assert "-    damage: 2\n+    damage: 3\n" in patch and patch.startswith("--- a/a.yaml")
    if subprocess.run(["which", "patch"], capture_output=True).returncode == 0:
        subprocess.run(["patch", "-s", str(f)], input=patch, text=True, check=True)
        assert f.read_text() == (tmp_path / "out/a.yaml").read_text()


def test_the_built_in_card_files_of_every_game_have_numbers() -> None:
    for name in ("looney", "rawdeal", "shamanking", "wcrugby", "goofspiel"):
        files = card_set_files(cardtable.load_game(name))
        assert files and len(knobs(files)) > 20, name


def run(decks: dict[str, float], seat0: float = 0.5, cards: Any = ()) -> dict[str, Any]:
    """A made-up report of one run."""
    return {
        "decks": [{"deck": d, "score": x, "low": x - 0.05, "high": x + 0.05, "n": 100}
                  for d, x in decks.items()],
        "seats": [{"seat": 0, "score": seat0}, {"seat": 1, "score": 1 - seat0}],
        "cards": list(cards),
        "flags": [],
    }  # fmt: skip


def test_targets_and_their_values() -> None:
    base = run({"A": 0.7, "B": 0.52, "C": 0.3}, seat0=0.58)
    card = {"card": "kick", "decks": {"A": 2}, "played": {"n": 80, "score": 0.8, "reference": 0.7}}
    base["cards"] = [card]
    base["flags"] = [{"kind": "card", "name": "kick", "metric": "played", "direction": "above"}]
    found = targets(base)
    assert found == [
        Target("deck", "A", "above"),
        Target("deck", "C", "below"),
        Target("seat", "P0", "above"),
        Target("card", "kick", "above"),
    ]
    assert value(base, found[1]) == 0.3 and value(base, found[2]) == 0.58
    assert value(base, found[3]) == pytest.approx(0.1)  # the card's edge over its decks
    assert in_band(found[0], 0.55, 0.03) and not in_band(found[0], 0.56, 0.03)
    # a card's edge may not shrink by making its decks stronger still
    after = run({"A": 0.75, "B": 0.5, "C": 0.25})
    after["cards"] = [{**card, "played": {"n": 90, "score": 0.78, "reference": 0.75}}]
    assert not helps(found[3], base, after)
    after["decks"][0]["score"] = 0.68
    assert helps(found[3], base, after)


def test_the_search_finds_the_smallest_step_on_a_made_up_response(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text(CARDS)
    k = {x.label(): x for x in knobs([f])}
    damage, atk = k["kick.damage"], k["kick.stats.atk"]
    calls: list[dict[Any, int]] = []

    def measure(changes: Any, games: int) -> dict[str, Any] | None:
        """Deck A wins 80%, 6 points less per point of kick damage taken away, 1 per atk."""
        calls.append(dict(changes))
        if changes.get(damage, 5) < 0:
            return None  # a broken card set
        x = 0.8 - 0.06 * (5 - changes.get(damage, 5)) - 0.01 * (10 - changes.get(atk, 10))
        return run({"A": x, "B": 1 - x})

    target = Target("deck", "A", "above")
    cfg = SuggestConfig(max_step=5)
    found = line_search(target, Step(damage, -1, 0.74), measure, cfg)
    assert found[0] == {damage: 0} and in_band(target, found[1], cfg.margin)  # 5 steps: 50%
    steps = [Step(damage, -1, 0.74), Step(atk, -1, 0.79)]
    best = proposals(target, steps, measure, cfg)
    assert best[0][0] == {damage: 0}
    short = SuggestConfig(max_step=2)  # not enough alone: the second knob joins
    combo = proposals(target, steps, measure, short)[0]
    assert combo[0] == {damage: 3, atk: 8} and combo[1] == pytest.approx(0.66)


def strong_deck(tmp_path: Path) -> tuple[Path, tuple[str, str], str]:
    """wcrugby's cards with +2 ATK (at most 10) for the players of the first starter deck
    that the second does not hold: the folder, the two decks, the first one's name."""
    game = cardtable.load_game("wcrugby")
    specs = default_deck_specs(game)[:2]
    decks = [game.resolve_deck(s) for s in specs]
    ids = [{c for sec in d.sections for c in d.cards(sec)} for d in decks]
    files = card_set_files(game)
    own = ids[0] - ids[1]
    boost = {k: min(k.value + 2, 10) for k in knobs(files) if k.card in own and k.field == "atk"}
    assert boost
    write_card_set(files, boost, tmp_path / "strong")
    return tmp_path / "strong", (specs[0], specs[1]), decks[0].name


def test_a_search_brings_a_strong_deck_back_toward_the_band(tmp_path: Path) -> None:
    folder, specs, name = strong_deck(tmp_path)
    game = cardtable.load_game("wcrugby", cards=str(folder))
    config = BalanceConfig("wcrugby", game.options_dict(), ("greedy",), 100, specs)
    base = report(config, play(config))["base"]
    target = Target("deck", name, "above")
    assert value(base, target) > 0.6
    cfg = SuggestConfig(100, 100, max_knobs=3, max_step=4, proposals=1, fields=("atk",))
    measure = measurer(config, card_set_files(game), 1, tmp_path / "tries")
    entry = search_target(target, base, base, knobs(card_set_files(game)), measure, cfg)
    assert entry["why"].startswith(f"{name} wins") and " against " in entry["why"]
    p = entry["proposals"][0]
    assert p["verified"]["score"] < entry["before"]["score"]
    assert all(c["field"] == "atk" for c in p["changes"])
    assert {d["deck"] for d in p["decks"]} == {d["deck"] for d in base["decks"]}
    out = suggest(config, base, 1, tmp_path / "lab", replace(cfg, max_knobs=1, max_step=1))
    written = [p for t in out["targets"] for p in t["proposals"]]
    assert written and all(Path(p["patch"]).read_text().startswith("--- a/") for p in written)
    changed = cardtable.load_game("wcrugby", cards=written[0]["folder"])
    assert changed.card_pool.cards  # a whole card set that loads


def test_the_command_refuses_bad_search_settings() -> None:
    res = cli("balance", "wcrugby", "--suggest", "--fields", "atk,speed", "--games", "4")
    assert res.returncode == 2 and "no card number is called speed" in res.stdout + res.stderr
    res = cli("balance", "wcrugby", "--suggest", "--screen-games", "0")
    assert res.returncode == 2 and "--screen-games must be at least 1" in res.stdout + res.stderr
