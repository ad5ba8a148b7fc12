"""``cardtable balance --suggest``: for every flagged deck, card and seat, the smallest changes
to the numbers of the card files (and to the copies within the starter decks) that bring it
back into the band, each verified by playing the round robin again with the change.

The search (docs/balance.md, *Suggestions*):

1. **Targets.** From the base report: every deck outside ``50% ± band`` (45-55%), the first
   player the same (seat P0 when the games do not tell who played first), every card whose
   win rate when played differs from what its decks alone give by more than the flag margin,
   among those the flag rule flags.
2. **Knobs.** The numbers a change may touch (``card_edit.knobs``): a card target's own
   numbers; for a deck, the numbers of its cards, cards no other deck holds first, then the
   cards it plays most; for a seat, the numbers of the cards played most. Taken across the
   cards (the first number of each card, then the second, ...), at most ``max_knobs`` per
   target; ``fields`` (``--fields atk,def``) keeps only numbers of those names. A deck
   also gets its ``swaps``: copies of its cards that go furthest with its wins for copies
   of those that go least, within its starter deck file (``card_edit.Swap``; ``counts``,
   or ``count`` among ``fields``).
3. **Screening.** Each knob one step up and one step down, each on the same ``screen_games``
   games (same seeds: common random numbers, so the difference is the change's, not luck's).
   A step that breaks the card schema or a deck rule is skipped. The knobs that move the
   target toward the band, by how far, are kept in that order.
4. **Line search.** For the best knobs: larger steps in the good direction (up to
   ``max_step``) until the screened value is in the band; the smallest step that gets there
   wins. When no single knob gets there, the best two are combined.
5. **Verification.** Each proposal (at most ``proposals`` per target) plays the whole round
   robin again at ``verify_games`` games, with the target's new rate and interval, every
   deck's before and after (the side effects), and whether the target is in the band now.

Everything is seeded: the same settings give the same suggestions for any ``jobs``. Each
change is played once (``suggest_memo``): its result is kept in ``suggest.jsonl`` as it is
found, so a search stopped halfway resumes (``resume``) without playing a change again.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang, Translate, translator
from cardtable.core.registry import load_game
from cardtable.sim.backends import Backend
from cardtable.sim.balance import BalanceConfig, play, report
from cardtable.sim.balance_summary import FIRST
from cardtable.sim.card_edit import (
    DECKS,
    Knob,
    Swap,
    Tunable,
    card_set_files,
    deck_counts,
    knobs,
    numbers,
    starter_files,
    write_card_set,
)
from cardtable.sim.suggest_memo import MEMO, Memo, cards_digest, remembered

Json = dict[str, Any]
BAND = 0.05
"""Decks and seats belong within 50% plus or minus this."""


@dataclass(frozen=True)
class Target:
    """What a suggestion should bring back into the band: a ``deck`` (its spec), a ``seat``
    (``P0``, or ``first``: the first player) or a ``card`` (its id), and which way it is off
    (``above``/``below``)."""

    kind: str
    name: str
    direction: str


@dataclass(frozen=True)
class SuggestConfig:
    """How hard to search: games per screening run and per verification, knobs per target,
    the largest step tried, proposals kept per target."""

    screen_games: int = 200
    verify_games: int = 600
    max_knobs: int = 16
    max_step: int = 3
    proposals: int = 2
    margin: float = 0.03
    fields: tuple[str, ...] = ()  # only numbers with these names (``atk``, ``damage``); all
    counts: bool = True  # also swap copies within the starter decks (``COUNT`` in fields)


Changes = Mapping[Tunable, int]
Names = Callable[[str], str]
"""A card id's name in a language."""
Measure = Callable[[Changes, int], Json | None]
Progress = Callable[[str, int, int], None]
"""Told the target a search begins (``card kick``), the targets done and the targets in all."""


def targets(base: Json) -> list[Target]:
    """The decks and seats outside the band and the flagged cards of a run's report."""
    out = [
        Target("deck", d["deck"], "above" if d["score"] > 0.5 else "below")
        for d in base["decks"]
        if abs(d["score"] - 0.5) > BAND + 1e-9
    ]
    seat = _seat_target(base)
    out += [seat] if seat else []
    out += [
        Target("card", f["name"], f["direction"])
        for f in base["flags"]
        if f["kind"] == "card" and f["metric"] == "played"
    ]
    return out


def _seat_target(base: Json) -> Target | None:
    """The first player (``first``) when the games tell who played first, else seat P0,
    when it is outside the band."""
    first = base.get("first_player")
    name, x = (FIRST, first) if first else ("P0", base["seats"][0])
    if abs(x["score"] - 0.5) <= BAND + 1e-9:
        return None
    return Target("seat", name, "above" if x["score"] > 0.5 else "below")


def value(run: Json, target: Target) -> float:
    """The target's number in a run: a deck's or seat's win rate, a card's win rate when
    played minus the rate its decks alone give (its *edge*; 0 when it was not played)."""
    x = item(run, target)
    if target.kind != "card":
        return float(x["score"])
    return float(x["score"] - x["reference"]) if x["n"] else 0.0


def goal(target: Target) -> float:
    """Where the target's value belongs: 50% for decks and seats, an edge of 0 for cards."""
    return 0.0 if target.kind == "card" else 0.5


def in_band(target: Target, x: float, margin: float) -> bool:
    """Whether a value is back in the band (within the flag margin of 0 for a card)."""
    return abs(x - goal(target)) <= (margin if target.kind == "card" else BAND) + 1e-9


def candidates(run: Json, target: Target, all_knobs: list[Knob], most: int) -> list[Knob]:
    """The knobs a target's search may touch, best first, at most ``most``."""
    if target.kind == "card":
        return [k for k in all_knobs if k.card == target.name][:most]
    cards = run["cards"]
    if target.kind == "deck":
        mine = [c for c in cards if target.name in c["decks"]]
        mine.sort(key=lambda c: (len(c["decks"]) > 1, -c["played"]["n"]))
    else:
        mine = sorted(cards, key=lambda c: -c["played"]["n"])
    order = {c["card"]: i for i, c in enumerate(mine)}
    seen: dict[str, int] = {}
    rank = {}  # the first number of every card, then the second of every card, ...
    for k in all_knobs:
        if k.card in order:
            seen[k.card] = seen.get(k.card, 0) + 1
            rank[k] = (seen[k.card], order[k.card])
    return sorted(rank, key=rank.__getitem__)[:most]


SWAPS = 2
"""A deck target's swaps: its this many cards that go furthest with its wins against its
this many that go least (each pair once, both directions screened)."""
COUNT = "count"
"""The ``fields`` name that asks for swaps of copies within decks."""


def swaps(
    run: Json, target: Target, counts: list[Knob], deck_files: Mapping[str, str]
) -> list[Swap]:
    """A deck target's swaps: one copy of a card that goes furthest with its wins (its win
    rate when played over what its decks alone give) for one of a card that goes least,
    in the same section of its deck file (``deck_files``: a deck's name to its file)."""
    file = deck_files.get(target.name) if target.kind == "deck" else None
    mine = {k.card: k for k in counts if k.file == file}
    edge = {
        c["card"]: c["played"]["score"] - c["played"]["reference"]
        for c in run["cards"]
        if c["card"] in mine and c["played"]["n"]
    }
    ranked = sorted(edge, key=lambda card: (edge[card], card))
    pairs = [(g, k) for g in ranked[::-1][:SWAPS] for k in ranked[:SWAPS] if g != k]
    return [Swap(mine[g], mine[k]) for g, k in pairs if mine[g].path[0] == mine[k].path[0]]


@dataclass(frozen=True)
class Step:
    """One screened change: ``knob`` moved by ``delta`` gave the target ``value``."""

    knob: Tunable
    delta: int
    value: float


def measurer(
    config: BalanceConfig,
    files: list[Path],
    jobs: int | Backend,
    workdir: Path,
    decks: list[Path] | None = None,
) -> Measure:
    """A function playing the round robin of ``config`` with some knobs changed, on
    ``games`` games with ``config``'s seed, and returning the run's report (``None`` when the
    changed card set breaks the card schema or a deck rule). ``decks``: the starter deck
    files the round robin plays, written beside the cards (so that swaps change them)."""
    tries = [0]

    def measure(changes: Changes, games: int) -> Json | None:
        tries[0] += 1
        folder = workdir / f"try-{tries[0]}"
        write_card_set(files, numbers(changes), folder, decks)
        options = {**config.options, "cards": str(folder)}
        c = replace(config, options=options, games=games, compare=None)
        try:
            _ = load_game(config.game, **options).card_pool
            return dict(report(c, play(c, jobs))["base"])
        except CardtableError:  # the change breaks a card or makes a deck illegal
            return None

    return measure


def screen(
    target: Target, found: list[Tunable], measure: Measure, base: Json, games: int, size: int = 1
) -> list[Step]:
    """Each knob ``size`` up and ``size`` down on the same games: the steps that move the
    target toward its goal (and, for a card, do not move its decks the wrong way), the best
    per knob, closest to the goal first."""
    best: dict[Tunable, Step] = {}
    for knob in found:
        for delta in (size, -size):
            run = measure({knob: knob.value + delta}, games)
            if run is None or not helps(target, base, run):
                continue
            x = value(run, target)
            if _closer(target, x, best.get(knob)):
                best[knob] = Step(knob, delta, x)
    return sorted(best.values(), key=lambda s: abs(goal(target) - s.value))


def helps(target: Target, before: Json, after: Json) -> bool:
    """Whether a change moves the target toward its goal. A card's edge could also shrink
    because a stronger card gets played in more games; so for a card the decks that hold it
    must not move the wrong way too (a card that wins too much must not make its decks win
    more)."""
    x, x0 = value(after, target), value(before, target)
    if (x - x0) * (goal(target) - x0) <= 0:
        return False
    if target.kind != "card":
        return True
    sign = 1 if target.direction == "above" else -1
    return (holders(after, target.name) - holders(before, target.name)) * sign <= 0


def holders(run: Json, card: str) -> float:
    """The mean win rate of the decks that hold ``card`` (0.5 when none does)."""
    entry = next((c for c in run["cards"] if c["card"] == card), None)
    names = set(entry["decks"]) if entry else set()
    rates = [d["score"] for d in run["decks"] if d["deck"] in names]
    return sum(rates) / len(rates) if rates else 0.5


def _closer(target: Target, x: float, other: Step | None) -> bool:
    """Whether ``x`` is closer to the target's goal than ``other``'s value (or no other)."""
    return other is None or abs(goal(target) - x) < abs(goal(target) - other.value)


Found = tuple[dict[Tunable, int], float]
"""A change and the target's screened value with it."""


def line_search(
    target: Target, step: Step, measure: Measure, cfg: SuggestConfig, start: Found | None = None
) -> Found:
    """On top of ``start`` (none: the card set as it is), the smallest move of one knob in
    its good direction that brings the screened value into the band, or else the closest
    one tried (``start`` itself when no move improves on it)."""
    knob = step.knob

    def gap(found: Found) -> float:
        return abs(goal(target) - found[1])

    best: Found | None = None
    sign, first = (1 if step.delta > 0 else -1), abs(step.delta)
    for size in range(first, max(first, cfg.max_step) + 1):
        changes = {**(start[0] if start else {}), knob: knob.value + sign * size}
        if start is None and size == first:
            x = step.value
        else:
            run = measure(changes, cfg.screen_games)
            if run is None:
                break
            x = value(run, target)
        if best is not None and gap((changes, x)) >= gap(best):
            break  # stopped improving
        best = (changes, x)
        if in_band(target, x, cfg.margin):
            break
    if best is None or (start is not None and gap(best) >= gap(start)):
        return start or ({knob: knob.value + step.delta}, step.value)
    return best


def _gap(target: Target, found: Found) -> float:
    """How far a found change leaves the target from its goal (infinite for none)."""
    return abs(goal(target) - found[1]) if found[0] else float("inf")


def proposals(
    target: Target, steps: list[Step], measure: Measure, cfg: SuggestConfig
) -> list[Found]:
    """Up to ``cfg.proposals`` changes for the target, smallest first: single knobs that
    reach the band; else the best knob with the next ones added while they bring it closer
    (at most three knobs); else the closest change tried."""
    found = [line_search(target, s, measure, cfg) for s in steps[: cfg.proposals + 2]]
    good = [f for f in found if in_band(target, f[1], cfg.margin)]
    if not good and found:
        combo = min(found, key=lambda f: _gap(target, f))
        for s in steps:
            if len(combo[0]) >= 3 or in_band(target, combo[1], cfg.margin):
                break
            if s.knob not in combo[0]:
                more = line_search(target, s, measure, cfg, combo)
                combo = more if _gap(target, more) < _gap(target, combo) else combo
        found.append(combo)
        good = [combo] if in_band(target, combo[1], cfg.margin) else []
    chosen = good or sorted(found, key=lambda f: _gap(target, f))[:1]
    chosen.sort(key=lambda f: (len(f[0]), _size(f[0]), abs(goal(target) - f[1])))
    return chosen[: cfg.proposals]


def _size(changes: Changes) -> int:
    """How far a change moves its numbers, in all."""
    return sum(abs(v - k.value) for k, v in changes.items())


UNPLAYED: Json = {"n": 0, "score": 0.0, "low": 0.0, "high": 0.0}
"""The entry of a target the run has no player-game for."""


def item(run: Json, target: Target) -> Json:
    """The target's entry of a run (a deck's, a seat's or a card's ``played``)."""
    if target.kind == "deck":
        return dict(next(d for d in run["decks"] if d["deck"] == target.name))
    if target.kind == "seat":
        seat = (
            run.get("first_player") if target.name == FIRST else run["seats"][int(target.name[1:])]
        )
        return dict(seat or UNPLAYED)
    card = next((c for c in run["cards"] if c["card"] == target.name), None)
    return dict(card["played"]) if card else UNPLAYED


def verified(
    target: Target,
    changes: dict[Tunable, int],
    screened: float,
    base: Json,
    after: Json | None,
    margin: float,
) -> Json:
    """A proposal as the report gives it: the changes, the screened value, and after the
    verification the target's new rate and interval, whether it is in the band or at least
    closer to it than before (the screening's games can mislead), and every deck before and
    after."""
    out: Json = {
        "changes": [
            {"file": k.file, "card": k.card, "field": k.field, "from": k.value, "to": v}
            for k, v in sorted(numbers(changes).items(), key=lambda kv: kv[0].label())
        ],
        "screened": screened,
    }
    if after is None:
        return {**out, "verified": None}
    now, x = item(after, target), value(after, target)
    out["verified"] = {
        **{k: now[k] for k in ("n", "score", "low", "high")},
        "value": x,
        "in_band": in_band(target, x, margin),
        "closer": abs(goal(target) - x) < abs(goal(target) - value(base, target)) - 1e-9,
        "flags": len(after["flags"]),
    }
    out["decks"] = [
        {"deck": b["deck"], "before": b["score"], "after": a["score"], "low": a["low"],
         "high": a["high"]}
        for b, a in zip(base["decks"], after["decks"], strict=True)
    ]  # fmt: skip
    out["seat0"] = {"before": base["seats"][0]["score"], "after": after["seats"][0]["score"]}
    first = (base.get("first_player"), after.get("first_player"))
    if first[0] and first[1]:
        out["first_player"] = {"before": first[0]["score"], "after": first[1]["score"]}
    return out


def why(run: Json, target: Target, lang: Lang = "en", name: Names | None = None) -> str:
    """Why the target is off, in a designer's words, from the base run's numbers, in ``lang``
    (``name``: a card id's name in ``lang``; by default the report's, English)."""
    _ = translator("cardtable", lang)
    x = item(run, target)
    rate = f"{x['score']:.0%} [{x['low']:.0%}-{x['high']:.0%}]"
    if target.kind == "seat" and target.name == FIRST:
        return _(N_("The first player wins {rate} of {n} games: who plays first, not the deck, "
                    "decides."), rate=rate, n=x["n"])  # fmt: skip
    if target.kind == "seat":
        return _(N_("{seat} wins {rate} of its {n} games: the seat, not the deck, decides."),
                 seat=target.name, rate=rate, n=x["n"])  # fmt: skip
    if target.kind == "deck":
        against = [
            _(N_("{rate} against {deck}"), rate=f"{m['score']:.0%}", deck=m["against"])
            for m in run["matchups"]
            if m["deck"] == target.name
        ]
        if not against:
            return _(N_("{deck} wins {rate} of its {n} games."), deck=target.name, rate=rate,
                     n=x["n"])  # fmt: skip
        joined = ("、" if lang == "ja" else ", ").join(against)
        return _(N_("{deck} wins {rate} of its {n} games: {against}."), deck=target.name,
                 rate=rate, n=x["n"], against=joined)  # fmt: skip
    return _card_why(run, target, _, name)


def _card_why(run: Json, target: Target, _: Translate, name: Names | None) -> str:
    """A card's story: how often it is played, its wins against what its decks give, and
    its wins when played early."""
    card = next(c for c in run["cards"] if c["card"] == target.name)
    played, early = card["played"], card["early"]
    said = {
        "card": name(card["card"]) if name else card["name"],
        "n": played["n"],
        "share": f"{played['rate']:.0%}",
        "rate": f"{played['score']:.0%}",
        "expected": f"{played['reference']:.0%}",
    }
    unit = (run.get("units") or {}).get("unit")
    if not (unit and early["n"]):
        return _(N_("{card} is played in {n} player-games ({share} of those whose deck holds it) "
                    "and wins {rate} of them, against {expected} that its decks alone give."),
                 **said)  # fmt: skip
    return _(N_("{card} is played in {n} player-games ({share} of those whose deck holds it) "
                "and wins {rate} of them, against {expected} that its decks alone give; played "
                "in its player's first two {unit} it wins {early} ({early_n} games)."),
             unit=_(unit), early=f"{early['score']:.0%}", early_n=early["n"], **said)  # fmt: skip


def check_fields(config: BalanceConfig, cfg: SuggestConfig) -> None:
    """Raise ``CardtableError`` when ``cfg.fields`` names a number no card of the card set
    has (``count``, the copies in decks, is always one), listing the names it does have."""
    game = load_game(config.game, **config.options)
    names = {k.field for k in knobs(card_set_files(game))} | {COUNT}
    unknown = [f for f in cfg.fields if f not in names]
    if unknown:
        have = ", ".join(sorted(names)[:40])
        raise CardtableError(f"--fields: no card number is called {', '.join(unknown)} ({have})")


def slug(target: Target) -> str:
    """A folder name for a target's proposals: ``deck-high-flyer``."""
    name = "".join(ch if ch.isalnum() else "-" for ch in target.name.lower()).strip("-")
    return f"{target.kind}-{name}"


def suggest(
    config: BalanceConfig,
    base: Json,
    jobs: int | Backend,
    out: Path,
    cfg: SuggestConfig,
    progress: Progress | None = None,
    resume: bool = False,
) -> Json:
    """Search changes for every target of the base run (``base``: the lab's report of
    ``config``'s base run, played at ``cfg.verify_games``), verify them, write each proposal
    as a card folder and a patch under ``out/suggestions/``, and return the suggestions as
    JSON-ready data. Every change played is kept in ``out/suggest.jsonl``; ``resume`` reads
    back what a stopped search of the same settings and cards kept there, and plays only the
    rest (the result is the same as a whole search's). ``progress`` is told each target as
    its search begins, with how many targets are done and how many there are."""
    game = load_game(config.game, **config.options)
    files, decks = card_set_files(game), _swapped_decks(game, config, cfg)
    found, counts, by_name = knobs(files), deck_counts(decks), _deck_names(game, decks)
    result: Json = {"band": BAND, "margin": cfg.margin, "settings": cfg.__dict__, "targets": []}
    aims = targets(base)
    digest = cards_digest(files + decks)
    settings = {"config": config.to_json(), "search": cfg.__dict__, "cards": digest}
    memo = Memo(out / MEMO, json.loads(json.dumps(settings)), resume)
    cards = frozenset(t.name for t in aims if t.kind == "card")
    with tempfile.TemporaryDirectory(prefix="cardtable-suggest-") as tmp:
        measure = remembered(measurer(config, files, jobs, Path(tmp), decks), memo, cards)
        screen_base = measure({}, cfg.screen_games)
        if screen_base is None:
            raise CardtableError(f"{config.game}: the card set does not load")
        for done, target in enumerate(aims):
            if progress:
                progress(f"{target.kind} {target.name}", done, len(aims))
            more = swaps(base, target, counts, by_name)
            entry = search_target(target, base, screen_base, found, measure, cfg, more)
            _write(entry, files, decks, out / "suggestions" / slug(target))
            result["targets"].append(entry)
    return result


def _swapped_decks(game: Game, config: BalanceConfig, cfg: SuggestConfig) -> list[Path]:
    """The starter deck files whose copies the search may swap: none when ``cfg`` asks for
    no counts, or names fields without ``COUNT``."""
    if not cfg.counts or (cfg.fields and COUNT not in cfg.fields):
        return []
    return starter_files(game, config.decks)


def _deck_names(game: Game, decks: list[Path]) -> dict[str, str]:
    """Each deck's name (as the report names it) to its file as its counts name it."""
    return {game.resolve_deck(p.stem).name: f"{DECKS}/{p.name}" for p in decks}


def search_target(
    target: Target,
    base: Json,
    screen_base: Json,
    found: list[Knob],
    measure: Measure,
    cfg: SuggestConfig,
    more: list[Swap] | None = None,
) -> Json:
    """Screen, line-search and verify the proposals of one target (``base``: the base run at
    the verification's games; ``screen_base``: at the screening's): its JSON-ready entry."""
    allowed = [k for k in found if not cfg.fields or k.field in cfg.fields]
    picked: list[Tunable] = [*candidates(base, target, allowed, cfg.max_knobs), *(more or [])]
    steps: list[Step] = []
    size = 1
    while not steps and size <= cfg.max_step:  # nothing moved it: try bolder steps
        steps = screen(target, picked, measure, screen_base, cfg.screen_games, size)
        size *= 2
    chosen = proposals(target, steps, measure, cfg) if steps else []
    return {
        "kind": target.kind,
        "name": target.name,
        "direction": target.direction,
        "why": why(base, target),
        "before": {k: item(base, target)[k] for k in ("n", "score", "low", "high")},
        "knobs_tried": len(picked),
        "proposals": [
            verified(target, c, x, base, measure(c, cfg.verify_games), cfg.margin)
            for c, x in chosen
        ],
    }


def _write(entry: Json, files: list[Path], decks: list[Path], folder: Path) -> None:
    """Each proposal of a target as ``folder/<k>/cards/`` (with its starter decks in
    ``decks/`` when the search may swap their copies) and ``folder/<k>/changes.patch``."""
    found = knobs(files) + deck_counts(decks)
    for k, p in enumerate(entry["proposals"], 1):
        changes = {_knob_of(found, c): c["to"] for c in p["changes"]}
        where = folder / str(k)
        patch = write_card_set(files, changes, where / "cards", decks)
        (where / "changes.patch").write_text(patch, encoding="utf-8")
        p["folder"] = str(where / "cards")
        p["patch"] = str(where / "changes.patch")


def _knob_of(found: list[Knob], change: Json) -> Knob:
    """The knob a proposal's change names."""
    return next(
        k for k in found
        if k.file == change["file"] and k.card == change["card"] and k.field == change["field"]
    )  # fmt: skip
