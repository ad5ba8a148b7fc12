"""``cardtable balance --suggest``: the card numbers it may change, the changed files, the
search on a made-up response, and real searches on a wcrugby card set made unfair."""

from __future__ import annotations

import hashlib
import json
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_balance import cli  # the command in a subprocess

import cardtable
from cardtable.sim import suggest as suggest_module
from cardtable.sim.balance import BalanceConfig, default_deck_specs, play, report
from cardtable.sim.balance_words import Words
from cardtable.sim.card_edit import Knob, card_set_files, changed_text, knobs, write_card_set
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
    verified,
    why,
)
from cardtable.sim.suggest_html import verified_line
from cardtable.sim.suggest_memo import MEMO, Memo, change_key

CARDS = """# a made-up card file
set: test
cards:
  - id: jab   # a comment stays
    damage: 2
    effects: [{do: draw, amount: 1}, {do: hurt, amount: -3}]
    unique: true
  - {id: kick, damage: 5, stats: {atk: 10}}
"""


def _run(a: float) -> dict[str, Any]:
    """A made-up run of two decks, deck A winning ``a`` of its games."""
    decks = [{"deck": d, "n": 100, "score": x, "low": x - 0.1, "high": x + 0.1}
             for d, x in (("A", a), ("B", 1 - a))]  # fmt: skip
    return {"decks": decks, "seats": [{"score": 0.5}], "flags": []}


@pytest.mark.parametrize(
    ("after", "said", "said_ja"),
    [
        (0.53, "in the band", "範囲内"),
        (0.60, "closer, not yet in the band", "近づいたがまだ範囲外"),
        (0.70, "not closer over the verifying games", "検証の対戦では近づかなかった"),
        (0.80, "not closer over the verifying games", "検証の対戦では近づかなかった"),
    ],
)
def test_a_verified_proposal_says_whether_it_came_closer(
    after: float, said: str, said_ja: str
) -> None:
    """The screening's games can promise more than the verification gives: a proposal
    that leaves its target as far from the band as before is not called closer."""
    target, knob = Target("deck", "A", "above"), Knob("f.yaml", "x", ("atk",), 3, 0, 0, 1)
    v = verified(target, {knob: 2}, 0.55, _run(0.70), _run(after), 0.03)["verified"]
    entry = {"kind": "deck", "name": "A", "before": {"score": 0.70}}
    assert v["closer"] == (after < 0.70) and v["in_band"] == (after < 0.55)
    assert said in verified_line(entry, v, Words("en"))
    assert said_ja in verified_line(entry, v, Words("ja"))


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
    told: list[tuple[str, int, int]] = []
    out = suggest(
        config, base, 1, tmp_path / "lab", replace(cfg, max_knobs=1, max_step=1),
        lambda what, done, total: told.append((what, done, total)),
    )  # fmt: skip
    aims = [f"{t['kind']} {t['name']}" for t in out["targets"]]
    assert told == [(what, k, len(aims)) for k, what in enumerate(aims)]  # each as it begins
    written = [p for t in out["targets"] for p in t["proposals"]]
    assert written and all(Path(p["patch"]).read_text().startswith("--- a/") for p in written)
    changed = cardtable.load_game("wcrugby", cards=written[0]["folder"])
    assert changed.card_pool.cards  # a whole card set that loads


def test_the_command_refuses_bad_search_settings() -> None:
    res = cli("balance", "wcrugby", "--suggest", "--fields", "atk,speed", "--games", "4")
    assert res.returncode == 2 and "no card number is called speed" in res.stdout + res.stderr
    res = cli("balance", "wcrugby", "--suggest", "--screen-games", "0")
    assert res.returncode == 2 and "--screen-games must be at least 1" in res.stdout + res.stderr


class Stop(Exception):
    """The search stopped from outside (a Ctrl-C, a server going down)."""


def _played_as(config: BalanceConfig) -> tuple[str, int]:
    """What a play of the search plays: its card files (a digest) and its number of games."""
    h = hashlib.sha256()
    for path in sorted(Path(config.options["cards"]).glob("*.yaml")):
        h.update(path.read_bytes())
    return h.hexdigest(), config.games


def _without_paths(result: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(result))
    for t in out["targets"]:
        for p in t["proposals"]:
            p.pop("folder"), p.pop("patch")
    return out


def test_a_stopped_search_resumes_and_plays_no_change_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, specs, _ = strong_deck(tmp_path)
    game = cardtable.load_game("wcrugby", cards=str(folder))
    config = BalanceConfig("wcrugby", game.options_dict(), ("greedy",), 40, specs)
    base = report(config, play(config))["base"]
    cfg = SuggestConfig(20, 40, max_knobs=2, max_step=2, proposals=1, fields=("atk",))
    played: list[tuple[str, int]] = []
    stop_after: list[int | None] = [None]
    real = suggest_module.play

    def counted(c: BalanceConfig, jobs: Any) -> Any:
        if stop_after[0] is not None and len(played) >= stop_after[0]:
            raise Stop
        played.append(_played_as(c))
        return real(c, jobs)

    monkeypatch.setattr(suggest_module, "play", counted)
    whole = suggest(config, base, 1, tmp_path / "whole", cfg)
    every = played[:]
    assert len(whole["targets"]) >= 2 and len(every) > 6
    assert len(set(every)) == len(every)  # a change two targets try is played once
    played.clear()
    stop_after[0] = len(every) // 2
    with pytest.raises(Stop):
        suggest(config, base, 1, tmp_path / "parts", cfg)
    before = played[:]
    played.clear()
    stop_after[0] = None
    resumed = suggest(config, base, 1, tmp_path / "parts", cfg, resume=True)
    assert len(before) == len(every) // 2 and not set(before) & set(played)
    assert sorted(before + played) == sorted(every)  # each change played once in all
    assert _without_paths(resumed) == _without_paths(whole)
    patches = [sorted((tmp_path / d).rglob("changes.patch")) for d in ("whole", "parts")]
    texts = [[p.read_text() for p in found] for found in patches]
    assert texts[0] and texts[0] == texts[1]
    played.clear()  # resumed again when finished: nothing is played
    assert _without_paths(suggest(config, base, 1, tmp_path / "parts", cfg, resume=True)) == (
        _without_paths(whole)
    )
    assert played == []


def test_the_memory_of_a_search_keeps_whole_lines_of_its_own_settings(tmp_path: Path) -> None:
    f = tmp_path / "a.yaml"
    f.write_text(CARDS)
    k = {x.label(): x for x in knobs([f])}
    path = tmp_path / MEMO
    memo = Memo(path, {"games": 10}, resume=False)
    one, two = change_key({k["kick.damage"]: 4}, 10), change_key({}, 10)
    assert one != two and one == change_key({k["kick.damage"]: 4}, 10)
    memo.put(one, {"decks": [], "seats": [], "flags": [], "cards": []})
    memo.put(two, None)  # a change that broke the card set is known too
    with path.open("a") as cut:
        cut.write('{"key": "half a li')  # a hard stop in the middle of a line
    again = Memo(path, {"games": 10}, resume=True)
    assert one in again and two in again and again.get(two) is None and len(again.found) == 2
    again.put(change_key({}, 20), None)
    assert path.read_text().splitlines()[-1].startswith('{"key":"[[],20]"')
    assert len(Memo(path, {"games": 10}, resume=True).found) == 3
    assert Memo(path, {"games": 11}, resume=True).found == {}  # other settings: started over
    assert path.read_text().count("\n") == 1
    assert Memo(path, {"games": 11}, resume=False).found == {}


def test_why_a_target_is_off_in_english_and_japanese() -> None:
    base = run({"High Flyer": 0.16, "Heel Manager": 0.5}, seat0=0.6)
    base["seats"][0].update(low=0.55, high=0.65, n=300)
    base["matchups"] = [
        {"deck": "High Flyer", "against": "Heel Manager", "score": 0.13},
        {"deck": "High Flyer", "against": "Mat Technician", "score": 0.2},
    ]
    played = {"n": 143, "rate": 0.48, "score": 0.57, "reference": 0.45, "low": 0.5, "high": 0.6}
    base["cards"] = [{"card": "kick", "name": "Kick", "decks": {}, "played": played,
                      "early": {"n": 83, "score": 0.59}}]  # fmt: skip
    base["units"] = {"unit": "turns"}
    deck, seat, card = (
        Target("deck", "High Flyer", "below"),
        Target("seat", "P0", "above"),
        (Target("card", "kick", "above")),
    )
    assert why(base, deck) == (
        "High Flyer wins 16% [11%-21%] of its 100 games: 13% against Heel Manager, "
        "20% against Mat Technician."
    )
    assert (
        why(base, seat)
        == "P0 wins 60% [55%-65%] of its 300 games: the seat, not the deck, decides."
    )
    assert why(base, card) == (
        "Kick is played in 143 player-games (48% of those whose deck holds it) and wins 57% of "
        "them, against 45% that its decks alone give; played in its player's first two turns it "
        "wins 59% (83 games)."
    )
    assert why(base, deck, "ja") == (
        "High Flyerは100対戦のうち16% [11%-21%]に勝っている（Heel Managerに対して13%、"
        "Mat Technicianに対して20%）。"
    )
    said = why(base, card, "ja", {"kick": "キック"}.__getitem__)
    assert said.startswith("キックは143回のプレイヤー対戦で使われ") and "最初の2ターン" in said
    assert "デッキではなく席が" in why(base, seat, "ja")
