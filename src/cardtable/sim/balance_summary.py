"""From finished games to the numbers of a balance report (JSON-ready), and the changes
between two card sets. The statistics and the flag rule are in ``balance_stats``.

Every number is over *player-games*: one player's result in one game (1 win, 0.5 draw, 0
loss; the players with the best return win when it is above 0, otherwise everyone draws).
Games that ended in an engine error are left out and listed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardtable.core.decks import Deck
from cardtable.core.game import Game
from cardtable.sim.balance_stats import (
    Tally,
    mean_difference,
    mean_interval,
    paired_difference,
    score_difference,
    share,
    stands_out,
)
from cardtable.sim.runner import GameResult, winners
from cardtable.sim.trace import GameTrace

Json = dict[str, Any]
Diff = Callable[[Json, Json, tuple[str, ...]], Json]


COMPARE = "compare"
"""The run word of a game id of the compared card set."""

FIRST = "first"
"""The name of the first player's item among the seats (its flag, its change's key)."""


def _first(report: Json) -> list[Json]:
    """The first player's entry of a report or of its changes, as a list (empty without)."""
    x = report.get("first_player")
    return [x] if x else []


@dataclass(frozen=True)
class GameId:
    """A game of a balance run: run 0 (base) or 1 (compared set), block, index in the block."""

    run: int
    block: int
    index: int

    def __str__(self) -> str:
        prefix = f"{COMPARE}:" if self.run else ""
        return f"{prefix}{self.block}:{self.index}"

    def file_name(self) -> str:
        """The record's file name: the id with dashes (``compare-0-21.json``)."""
        return str(self).replace(":", "-") + ".json"


@dataclass(frozen=True)
class RunData:
    """One run's game (with its options), its decks, and its games with the deck (an index
    into ``decks``) each seat played."""

    game: Game
    decks: list[Deck]
    games: list[tuple[tuple[int, ...], GameResult]]
    ids: list[GameId] = field(default_factory=list)
    """Each game's id, in the order of ``games`` (none for games from elsewhere)."""


@dataclass
class CardTally:
    """One card's player-games: with it in the deck, played, played early (first in one of
    the player's first ``EARLY`` units), in the deck but not played, and per mark label;
    ``times`` counts the copies played (entries, for a mark); ``decks`` counts the played (or
    marked) player-games by the deck the player had."""

    in_deck: Tally = field(default_factory=Tally)
    played: Tally = field(default_factory=Tally)
    not_played: Tally = field(default_factory=Tally)
    early: Tally = field(default_factory=Tally)
    times: int = 0
    decks: dict[int, int] = field(default_factory=dict)
    marks: dict[str, Tally] = field(default_factory=dict)
    mark_times: dict[str, int] = field(default_factory=dict)
    mark_decks: dict[str, dict[int, int]] = field(default_factory=dict)


@dataclass
class RunTally:
    """Everything counted over one run's games."""

    overall: Tally
    seats: list[Tally]
    decks: list[Tally]
    agents: list[Tally]
    opener: Tally = field(default_factory=Tally)
    cards: dict[str, CardTally] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)
    units: list[int] = field(default_factory=list)
    fewest: list[int] = field(default_factory=list)
    short: dict[int, Tally] = field(default_factory=dict)
    short_games: list[Json] = field(default_factory=list)
    matchups: dict[tuple[int, int], Tally] = field(default_factory=dict)
    ends: dict[str, list[int]] = field(default_factory=dict)
    errors: list[GameResult] = field(default_factory=list)


def seat_points(returns: Sequence[float]) -> list[float]:
    """Each seat's points: 1 for the players with the best return when it is above 0, 0 for
    the others; 0.5 for everyone when no return is above 0 (a draw)."""
    won = winners(returns)
    if not won:
        return [0.5] * len(returns)
    return [1.0 if p in won else 0.0 for p in range(len(returns))]


def deck_card_ids(deck: Deck) -> dict[str, int]:
    """Every card id of a deck (all sections) with its number of copies, in file order."""
    out: dict[str, int] = {}
    for section in deck.sections:
        for cid in deck.cards(section):
            out[cid] = out.get(cid, 0) + 1
    return out


def tally(data: RunData, agents: int) -> RunTally:
    """Count the run's finished games by seat, deck, agent and card."""
    n = data.game.num_players
    t = RunTally(Tally(), [Tally() for _ in range(n)], [Tally() for _ in data.decks], [])
    t.agents = [Tally() for _ in range(agents)]
    deck_ids = [deck_card_ids(d) for d in data.decks]
    labels = list(data.game.presentation.balance_zones())
    for k, (decks, r) in enumerate(data.games):
        if r.error or r.trace is None:
            t.errors.append(r)
            continue
        t.lengths.append(r.length)
        t.units.append(r.trace.units)
        t.fewest.append(min(r.trace.seat_units, default=0))
        if t.fewest[-1] < SHORT and k < len(data.ids):
            t.short_games.append(short_game(data, data.ids[k], decks, r))
        t.ends.setdefault(r.trace.end, []).append(r.length)
        if r.trace.opener >= 0:
            t.opener.add(seat_points(r.returns)[r.trace.opener])
        for p, points in enumerate(seat_points(r.returns)):
            for group in (t.overall, t.seats[p], t.decks[decks[p]], t.agents[r.seats[p]]):
                group.add(points)
            if t.fewest[-1] < SHORT:
                t.short.setdefault(decks[p], Tally()).add(points)
            deck = decks[p]
            _count_matchups(t, decks, p, points)
            _count_cards(t, data.game, deck, deck_ids[deck], r.trace, p, points, labels)
    return t


def _count_matchups(t: RunTally, decks: tuple[int, ...], p: int, points: float) -> None:
    """Count one player-game for its deck against each other deck at the table."""
    for q, other in enumerate(decks):
        if q != p and other != decks[p]:
            t.matchups.setdefault((decks[p], other), Tally()).add(points)


def _count_cards(
    t: RunTally,
    game: Game,
    deck: int,
    deck_ids: dict[str, int],
    trace: GameTrace,
    p: int,
    points: float,
    labels: list[str],
) -> None:
    """Count one player-game for the cards of the player's deck and those they played."""
    ids = game.card_ids
    played = {ids[d]: c for d, c in trace.played[p]}
    early = {ids[d] for d, unit in trace.first[p] if unit <= EARLY} if trace.seat_units else set()
    for cid in deck_ids.keys() | played.keys():
        card = t.cards.setdefault(cid, CardTally())
        if cid in deck_ids:
            card.in_deck.add(points)
        if cid in played:
            card.played.add(points)
            card.times += played[cid]
            card.decks[deck] = card.decks.get(deck, 0) + 1
            if cid in early:
                card.early.add(points)
        elif cid in deck_ids:
            card.not_played.add(points)
    for label, seats in zip(labels, trace.marks, strict=True):
        for d, c in seats[p]:
            card = t.cards.setdefault(ids[d], CardTally())
            card.marks.setdefault(label, Tally()).add(points)
            card.mark_times[label] = card.mark_times.get(label, 0) + c
            by_deck = card.mark_decks.setdefault(label, {})
            by_deck[deck] = by_deck.get(deck, 0) + 1


def expected(by_deck: dict[int, int], decks: list[Tally]) -> float:
    """The win rate expected from the decks alone: the mean of the deck win rates over the
    player-games counted in ``by_deck`` (deck index -> player-games)."""
    n = sum(by_deck.values())
    return sum(k * decks[d].score for d, k in sorted(by_deck.items())) / n if n else 0.0


def summarize_run(
    data: RunData, labels: list[str], margin: float, min_samples: int
) -> dict[str, Any]:
    """One run's report: overall, seats, decks, agents, cards (each win rate with its 95%
    interval and flag), game length, how games ended, errors, and the flagged items."""
    t = tally(data, len(labels))
    base = t.overall.score

    def rate(x: Tally, reference: float = base) -> Json:
        out = x.to_json()
        out["reference"] = reference
        out["flag"] = stands_out(out["low"], out["high"], x.n, reference, margin, min_samples)
        return out

    report: dict[str, Any] = {
        "cards_option": data.game.options_dict().get("cards"),
        "games": len(data.games),
        "finished": len(t.lengths),
        "overall": t.overall.to_json(),
        "seats": [{"seat": p, **rate(x)} for p, x in enumerate(t.seats)],
        "first_player": rate(t.opener) if t.opener.n else None,
        "decks": [{"deck": d.name, **rate(x)} for d, x in zip(data.decks, t.decks, strict=True)],
        "agents": [{"agent": a, **rate(x)} for a, x in zip(labels, t.agents, strict=True)],
        "cards": _cards(data, t, rate),
        "length": _length(t.lengths),
        "units": _units(data, t),
        "matchups": [
            {"deck": data.decks[a].name, "against": data.decks[b].name, **x.to_json()}
            for (a, b), x in sorted(t.matchups.items())
        ],
        "ends": _ends(t),
        "errors": [{"game": r.index, "seed": r.seed, "error": r.error} for r in t.errors],
    }
    report["flags"] = flagged(report)
    return report


def _cards(data: RunData, t: RunTally, rate: Callable[[Tally, float], Json]) -> list[Json]:
    """Per card (in card-pool order): its type, decks and win rates; played and mark win
    rates are flagged against what their decks alone would give (``expected``)."""
    game = data.game
    kinds = dict(zip(game.card_ids, game.card_kinds, strict=True))
    decks = [(d.name, deck_card_ids(d)) for d in data.decks]
    out = []
    for cid in sorted(t.cards, key=game.card_pool.index.__getitem__):
        c = t.cards[cid]
        played = rate(c.played, expected(c.decks, t.decks))
        played["rate"] = c.played.n / c.in_deck.n if c.in_deck.n else 0.0
        played["times"] = c.times / c.played.n if c.played.n else 0.0
        marks = {}
        for label, x in c.marks.items():
            marks[label] = rate(x, expected(c.mark_decks[label], t.decks))
            marks[label]["times"] = c.mark_times[label] / x.n
        out.append(
            {
                "card": cid,
                "name": game.card_name(cid) or cid,
                "text": " ".join(game.presentation.card_text(cid)),
                "type": kinds[cid],
                "decks": {name: ids[cid] for name, ids in decks if cid in ids},
                "in_deck": c.in_deck.to_json(),
                "played": played,
                "not_played": c.not_played.to_json(),
                "early": c.early.to_json(),
                "marks": marks,
            }
        )
    return out


def _length(lengths: list[int]) -> dict[str, Any]:
    """Decisions (or units) per finished game: mean with its interval, spread, and the
    histogram."""
    out: dict[str, Any] = mean_interval([float(x) for x in lengths])
    ordered = sorted(lengths)
    out["min"] = ordered[0] if ordered else 0
    out["median"] = ordered[len(ordered) // 2] if ordered else 0
    out["max"] = ordered[-1] if ordered else 0
    counts: dict[int, int] = {}
    for x in ordered:
        counts[x] = counts.get(x, 0) + 1
    out["histogram"] = [[k, v] for k, v in counts.items()]
    return out


EARLY = 2
"""A card is played *early* when its player first played it in its first two own units (its
first or second turn; before the first counts too)."""

SHORT = 3
"""A game is *short* when some player had fewer than this many of its own units (turns)."""


def _units(data: RunData, t: RunTally) -> Json | None:
    """The game's length in its own unit (``Presentation.length_unit``): the distribution as
    for decisions, the share of *short* games (some player had fewer than ``SHORT`` of its
    own units) with its interval, and per deck (``short_decks``); ``None`` for a game
    without a unit."""
    unit = data.game.presentation.length_unit()
    if unit is None:
        return None
    short = sum(1 for x in t.fewest if x < SHORT)
    return {
        "unit": unit.name,
        **_length(t.units),
        "short": share(short, len(t.fewest)),
        "short_decks": short_decks(data.decks, t),
        "short_games": listed_short_games(t),
    }


SHORT_LISTED = 20
"""The most short games a report lists by id (the shortest first)."""


def short_game(data: RunData, gid: GameId, decks: tuple[int, ...], r: GameResult) -> Json:
    """One short game for the report: its id (``--record`` plays it again), each seat's deck,
    points and own units (turns)."""
    return {
        "id": str(gid),
        "decks": [data.decks[d].name for d in decks],
        "points": seat_points(r.returns),
        "units": list(r.trace.seat_units) if r.trace else [],
    }


def listed_short_games(t: RunTally) -> list[Json]:
    """The first ``SHORT_LISTED`` short games, the fewest units first (then in run order)."""
    ranked = sorted(t.short_games, key=lambda g: min(g["units"], default=0))  # stable
    return ranked[:SHORT_LISTED]


def short_decks(decks: list[Deck], t: RunTally) -> list[Json]:
    """Per deck, in deck order: its player-games (``games``), the short ones among them as a
    share with its interval (``n``, ``share``, ``low``, ``high``), and how many of those it
    won (``won``) and lost (``lost``), so a designer sees which deck ends games early and which
    deck they end early for."""
    out = []
    for d, deck in enumerate(decks):
        x = t.short.get(d, Tally())
        games = t.decks[d].n
        won_lost = {"won": x.wins, "lost": x.n - x.wins - x.draws}
        out.append({"deck": deck.name, "games": games, **share(x.n, games), **won_lost})
    return out


def _ends(t: RunTally) -> list[dict[str, Any]]:
    """How games ended: each end reason's share of the finished games and their length."""
    total = len(t.lengths)
    out = []
    for how, lengths in sorted(t.ends.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        mean = sum(lengths) / len(lengths)
        out.append({"how": how, **share(len(lengths), total), "length": mean})
    return out


def flagged(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats, decks, agents and cards (played, or per mark) that stand out, as
    ``{kind, name, metric, direction, n, score, low, high}``."""
    out = []
    items = [("seat", f"P{x['seat']}", "win rate", x) for x in report["seats"]]
    items += [("seat", FIRST, "win rate", x) for x in _first(report)]
    items += [("deck", x["deck"], "win rate", x) for x in report["decks"]]
    items += [("agent", x["agent"], "win rate", x) for x in report["agents"]]
    for c in report["cards"]:
        items.append(("card", c["card"], "played", c["played"]))
        items += [("card", c["card"], label, x) for label, x in c["marks"].items()]
    for kind, name, metric, x in items:
        if x["flag"]:
            out.append(
                {"kind": kind, "name": name, "metric": metric, "direction": x["flag"]}
                | {k: x[k] for k in ("n", "score", "low", "high")}
            )
    return out


Deals = dict[int, list[float]]
"""Per deal (its seed): the points of a group's player-games in each run and their number."""


def paired_deals(a: RunData, b: RunData) -> dict[tuple[str, ...], Deals]:
    """Per seat, deck, agent and matchup (keys ``("seat", "0")``, ``("deck", name)``,
    ``("agent", "0")``, ``("matchup", name, against)``) and for the first player (``("seat",
    "first")``), the points of its player-games in runs ``a`` and ``b`` deal by deal: the
    same game of both runs, when it finished in both with the same decks and seats."""
    out: dict[tuple[str, ...], Deals] = {}
    names = [d.name for d in a.decks]
    for (decks, x), (decks_b, y) in zip(a.games, b.games, strict=True):
        if decks != decks_b or x.seats != y.seats or not _finished(x) or not _finished(y):
            continue
        _pair_openers(out, x, y)
        points = zip(seat_points(x.returns), seat_points(y.returns), strict=True)
        seated = [names[d] for d in decks]
        for p, (px, py) in enumerate(points):
            for key in _group_keys(seated, p, x.seats[p]):
                deal = out.setdefault(key, {}).setdefault(x.seed, [0.0, 0.0, 0])
                deal[0] += px
                deal[1] += py
                deal[2] += 1
    return out


def _pair_openers(out: dict[tuple[str, ...], Deals], x: GameResult, y: GameResult) -> None:
    """Count the first player's points of one deal in both runs, when both games say who it
    was (it may be another seat in each)."""
    first = (x.trace.opener if x.trace else -1, y.trace.opener if y.trace else -1)
    if min(first) < 0:
        return
    deal = out.setdefault(("seat", FIRST), {}).setdefault(x.seed, [0.0, 0.0, 0])
    deal[0] += seat_points(x.returns)[first[0]]
    deal[1] += seat_points(y.returns)[first[1]]
    deal[2] += 1


def _group_keys(decks: list[str], p: int, agent: int) -> list[tuple[str, ...]]:
    """The groups seat ``p``'s player-game counts in (``paired_deals``' keys)."""
    keys: list[tuple[str, ...]] = [("seat", str(p)), ("deck", decks[p]), ("agent", str(agent))]
    others = [e for q, e in enumerate(decks) if q != p and e != decks[p]]
    return keys + [("matchup", decks[p], e) for e in others]


def _finished(r: GameResult) -> bool:
    return not r.error and r.trace is not None


def paired_intervals(a: RunData, b: RunData) -> dict[tuple[str, ...], Json]:
    """``paired_difference`` of every key of ``paired_deals``."""
    return {
        key: paired_difference([(x, y, int(c)) for x, y, c in deals.values()])
        for key, deals in paired_deals(a, b).items()
    }


def changes(
    a: dict[str, Any],
    b: dict[str, Any],
    margin: float,
    min_samples: int,
    paired: dict[tuple[str, ...], Json] | None = None,
) -> dict[str, Any]:
    """What changed from run ``a`` to run ``b`` (two ``summarize_run`` reports): score
    differences per seat, deck, agent, matchup and card (in the deck, played, per mark), the
    change of the mean length and of each end reason's share, each with its 95% interval,
    and the changes that stand out. With ``paired`` (``paired_intervals`` of the two runs'
    games) seats, decks, agents and matchups take the paired interval over the shared deals
    (``"interval": "paired"``); the others keep Newcombe's. The flag rule's reference for a
    change is the change of the item's own reference: about 0 for seats, decks and agents;
    for a card, how much its decks alone moved."""
    pairs = paired or {}

    def diff(x: Json, y: Json, key: tuple[str, ...] = ()) -> Json:
        d = score_difference(x, y)
        pair = pairs.get(key)
        if pair is not None and pair["low"] is not None:
            d |= {k: pair[k] for k in ("delta", "low", "high", "deals")}
            d["interval"] = "paired"
        d["before"], d["after"] = x["score"], y["score"]
        d["reference"] = y.get("reference", 0.0) - x.get("reference", 0.0)
        n = min(x["n"], y["n"])
        d["flag"] = stands_out(d["low"], d["high"], n, d["reference"], margin, min_samples)
        return d

    fa, fb = a.get("first_player"), b.get("first_player")
    out: dict[str, Any] = {
        "seats": [
            {"seat": x["seat"], **diff(x, y, ("seat", str(x["seat"])))}
            for x, y in zip(a["seats"], b["seats"], strict=True)
        ],
        "first_player": diff(fa, fb, ("seat", FIRST)) if fa and fb else None,
        "decks": _paired(a["decks"], b["decks"], ("deck",), diff),
        "agents": _paired(a["agents"], b["agents"], ("agent",), diff),
        "matchups": _paired(a["matchups"], b["matchups"], ("deck", "against"), diff),
        "cards": _card_changes(a["cards"], b["cards"], diff),
        "length": mean_difference(a["length"], b["length"]),
        "ends": _end_changes(a, b),
    }
    out["flags"] = _changed(out)
    return out


def _paired(xs: list[Json], ys: list[Json], fields: tuple[str, ...], diff: Diff) -> list[Json]:
    """The items of both runs (named by ``fields``), each with its change."""
    kind = "matchup" if len(fields) > 1 else fields[0]
    other = {tuple(y[f] for f in fields): y for y in ys}
    out = []
    for i, x in enumerate(xs):
        name = tuple(x[f] for f in fields)
        if name in other:
            label = name if kind != "agent" else (str(i),)  # by its place in --agents
            out.append({f: x[f] for f in fields} | diff(x, other[name], (kind, *label)))
    return out


def _card_changes(xs: list[Json], ys: list[Json], diff: Diff) -> list[Json]:
    """Per card in either run: the differences of its in-deck, played and mark win rates
    (``None`` where a run has no player-game for it)."""
    before = {c["card"]: c for c in xs}
    after = {c["card"]: c for c in ys}
    out = []
    for cid in [*before, *(k for k in after if k not in before)]:
        x, y = before.get(cid), after.get(cid)
        entry: dict[str, Any] = {"card": cid, "type": (x or y or {})["type"]}
        for metric in ("in_deck", "played"):
            entry[metric] = _maybe(diff, x and x[metric], y and y[metric])
        labels = dict.fromkeys([*(x or {"marks": {}})["marks"], *(y or {"marks": {}})["marks"]])
        entry["marks"] = {
            label: _maybe(diff, x and x["marks"].get(label), y and y["marks"].get(label))
            for label in labels
        }
        out.append(entry)
    return out


def _maybe(diff: Diff, x: Json | None, y: Json | None) -> Json | None:
    return diff(x, y, ()) if x and y and x["n"] and y["n"] else None


def _end_changes(a: dict[str, Any], b: dict[str, Any]) -> list[dict[str, Any]]:
    """Each end reason's share before and after, and the difference with its interval."""

    def as_score(run: dict[str, Any], how: str) -> dict[str, Any]:
        e = next((e for e in run["ends"] if e["how"] == how), None)
        n = run["finished"]
        s = e or share(0, n)
        return {"n": n, "score": s["share"], "low": s["low"], "high": s["high"]}

    hows = dict.fromkeys([e["how"] for e in a["ends"]] + [e["how"] for e in b["ends"]])
    out = []
    for how in hows:
        x, y = as_score(a, how), as_score(b, how)
        out.append({"how": how, "before": x["score"], "after": y["score"]} | score_difference(x, y))
    return out


def _changed(ch: dict[str, Any]) -> list[dict[str, Any]]:
    """The changes that stand out, as ``{kind, name, metric, direction, delta, low, high}``
    (for cards: played and marks; an in-deck change repeats its deck's)."""
    items = [("seat", f"P{x['seat']}", "win rate", x) for x in ch["seats"]]
    items += [("seat", FIRST, "win rate", x) for x in _first(ch)]
    items += [("deck", x["deck"], "win rate", x) for x in ch["decks"]]
    items += [("agent", x["agent"], "win rate", x) for x in ch["agents"]]
    for c in ch["cards"]:
        items.append(("card", c["card"], "played", c["played"]))
        items += [("card", c["card"], label, x) for label, x in c["marks"].items()]
    return [
        {"kind": kind, "name": name, "metric": metric, "direction": x["flag"]}
        | {k: x[k] for k in ("delta", "low", "high", "before", "after")}
        for kind, name, metric, x in items
        if x and x["flag"]
    ]
