#!/usr/bin/env python3
"""The starter decks' balance, before and after a change: the tables and plots of
docs/balance.md (section *Our starter decks*), rerun by anyone with one command.

For every game and every agent set (greedy against greedy; the default ismcts against
itself) it plays the balance lab's round robin of the four starter decks (``cardtable
balance GAME``, seed 1) with the card set as it is now and, with ``--before REV``, with the
card and starter deck files as they were at that git revision (read with ``git show``; the
rules are today's). The lab's folders under ``--work`` keep every finished game, so a
stopped run goes on where it stopped, and a larger ``--games`` or ``--ismcts-games`` only plays
the games added; ``--ismcts-games-for GAME=N`` gives one game a larger (or smaller) search
sample than the others. Then it rewrites the part of docs/balance.md between
``<!-- starters:begin -->`` and ``<!-- starters:end -->`` and draws
docs/img/balance-starters.png (the decks' win rates) and docs/img/balance-lengths.png (the
distribution of game lengths in each game's unit). The numbers behind them are kept in
docs/img/balance-starters.json, so that ``--game GAME`` replays only that game (after a
change to its cards) and keeps the other games' tables, when they were made with the same
settings, and ``--redraw`` writes the tables and plots again from them alone.

Usage::

    python3 tools/balance_starters.py --before f075723 --games 2400 --ismcts-games 360 \
        --ismcts-games-for looney=1080 --ismcts-games-for shamanking=720 \
        --ismcts-games-for wcrugby=720 --no-ismcts-before --jobs 2
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardtable
from cardtable.sim.balance import BalanceConfig, default_deck_specs, play, report
from cardtable.sim.card_edit import card_set_files

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "balance.md"
BEGIN, END = "<!-- starters:begin -->", "<!-- starters:end -->"
GAMES = ("looney", "rawdeal", "shamanking", "wcrugby")
SEED = 1
Json = dict[str, Any]


def files_at(rev: str, game: str, work: Path) -> tuple[Path, tuple[str, ...]]:
    """The game's card files and starter decks as they were at ``rev``, written under
    ``work``: the card folder and the deck files."""
    base = f"src/cardtable/games/{game}"
    out = work / f"{game}-{rev}"
    for part in ("cards", "decks"):
        (out / part).mkdir(parents=True, exist_ok=True)
        names = git("ls-tree", "--name-only", f"{rev}:{base}/{part}").split()
        for name in names:
            if name.endswith(".yaml"):
                (out / part / name).write_text(git("show", f"{rev}:{base}/{part}/{name}"))
    decks = sorted(str(p) for p in (out / "decks").glob("starter-*.yaml"))
    return out / "cards", tuple(decks)


def git(*args: str) -> str:
    """The output of a git command run in the repository."""
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def run(game: str, agents: str, games: int, work: Path, jobs: int, before: str | None) -> Json:
    """One round robin (resumed from its folder when it was stopped): the lab's base run."""
    g = cardtable.load_game(game)
    options, decks = g.options_dict(), default_deck_specs(g)
    if before:
        cards, decks = files_at(before, game, work)
        options = {**options, "cards": str(cards)}
    config = BalanceConfig(game, options, (agents,), games, decks, SEED)
    folder = work / f"{game}-{agents.replace(':', '_')}-{fingerprint(g, options, decks)}"
    resume = (folder / "games.jsonl").exists()
    try:
        results = play(config, jobs, folder, resume)
    except cardtable.CardtableError as exc:
        if "not shrink" in str(exc):  # a longer run is kept, never cut down
            raise SystemExit(f"{exc}\n(or remove {folder})") from None
        results = play(config, jobs, folder, False)  # other settings in the folder: again
    return dict(report(config, results)["base"])


def fingerprint(game: cardtable.Game, options: Json, decks: tuple[str, ...]) -> str:
    """A short hash of the card files and decks played, so that a kept folder of games is
    reused only for the same cards (the engine's rules are not in it: after a rules change,
    start with a new ``--work``)."""
    digest = hashlib.sha256()
    changed = cardtable.load_game(game.name, **options)
    for path in card_set_files(changed):
        digest.update(path.read_bytes())
    for spec in decks:
        deck = changed.resolve_deck(spec)
        digest.update(json.dumps({s: deck.cards(s) for s in deck.sections}).encode())
    return digest.hexdigest()[:12]


def cell(x: Json) -> str:
    """A win rate with its 95% interval."""
    return f"{x['score']:.0%} [{x['low']:.0%}, {x['high']:.0%}]"


def game_table(runs: dict[tuple[str, str], Json]) -> list[str]:
    """One game's table: decks, seat P0 and the first player, per agent set, before and
    after."""
    keys = sorted(runs, key=lambda k: (k[0] != "greedy", k[1] != "before"))
    head = "| | " + " | ".join(f"{a} {w}" for a, w in keys) + " |"
    lines = [head, "|---" * (len(keys) + 1) + "|"]
    first = runs[keys[0]]
    for k, deck in enumerate(first["decks"]):
        lines.append(
            f"| {deck['deck']} | " + " | ".join(cell(runs[x]["decks"][k]) for x in keys) + " |"
        )
    lines.append("| seat P0 | " + " | ".join(cell(runs[x]["seats"][0]) for x in keys) + " |")
    lines.append("| first player | " + " | ".join(first_player(runs[x]) for x in keys) + " |")
    lines.append("| " + " | ".join([length_row(first), *(length(runs[x]) for x in keys)]) + " |")
    lines.append("| flagged cards | " + " | ".join(flagged(runs[x]) for x in keys) + " |")
    return lines


def first_player(run: Json) -> str:
    """The first player's win rate, or a dash for a run whose games did not say who it was."""
    x = run.get("first_player")
    return cell(x) if x else "–"


def length_row(run: Json) -> str:
    """The label of the length row: the game's unit."""
    units = run.get("units")
    return f"length in {units['unit']}: median (p10-p90); short games" if units else "length"


def length(run: Json) -> str:
    """The median length in the game's unit, its 10th to 90th percentile and the share of
    games in which some player had fewer than three of its units."""
    units = run.get("units")
    if not units:
        return f"{run['length']['median']} decisions"
    values = sorted(k for k, n in units["histogram"] for _ in range(n))
    p10, p90 = values[len(values) // 10], values[(9 * len(values)) // 10]
    return f"{units['median']} ({p10}-{p90}); {units['short']['share']:.1%}"


def flagged(run: Json) -> str:
    """The cards the flag rule flags, or none."""
    names = [f"{f['name']} ({f['direction']})" for f in run["flags"] if f["kind"] == "card"]
    return ", ".join(names) if names else "none"


def section(results: dict[str, dict[tuple[str, str], Json]], command: str) -> str:
    """The generated part of docs/balance.md."""
    out = [BEGIN, "", f"Made by `{command}`.", ""]
    for game, runs in results.items():
        out += [f"### {cardtable.load_game(game).title}", "", *game_table(runs), ""]
    out += ["![Starter decks before and after](img/balance-starters.png)", ""]
    out += ["![Game lengths in each game's unit](img/balance-lengths.png)", "", END]
    return "\n".join(out)


Draw = Callable[[Any, dict[tuple[str, str], Json]], None]
"""Draws one game's runs on its axes."""


def games_figure(results: Results, path: Path, height: float, draw: Draw, legend: str) -> None:
    """A figure of one panel per game, titled with the game, each drawn by ``draw`` from that
    game's runs; the legend (of the first panel) at ``legend``; saved to ``path``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(results), figsize=(4.2 * len(results), height), squeeze=False)
    for ax, (game, runs) in zip(axes[0], results.items(), strict=True):
        draw(ax, runs)
        ax.set_title(cardtable.load_game(game).title, fontsize=10)
    axes[0][0].legend(fontsize=7, loc=legend)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)


def plot(results: Results, path: Path) -> None:
    """Deck win rates with intervals, per game, each agent set before and after."""
    games_figure(results, path, 3.6, win_rates, "lower right")


def win_rates(ax: Any, runs: dict[tuple[str, str], Json]) -> None:
    """One game's deck win rates with their intervals, each run a row of points."""
    for j, key in enumerate(sorted(runs)):
        decks = runs[key]["decks"]
        ys = [i + 0.18 * j for i in range(len(decks))]
        xs = [d["score"] for d in decks]
        err = [[d["score"] - d["low"] for d in decks], [d["high"] - d["score"] for d in decks]]
        ax.errorbar(xs, ys, xerr=err, fmt="o", capsize=2, label=" ".join(key))
    ax.set_yticks(range(len(decks)), [d["deck"] for d in decks], fontsize=8)
    ax.axvspan(0.45, 0.55, color="#dfd", zorder=0)
    ax.set_xlim(0, 1)


def lengths_plot(results: Results, path: Path) -> None:
    """The share of games of each length in the game's unit, per game, each agent set
    before and after (runs that kept no lengths in units are left out)."""
    games_figure(results, path, 3.0, lengths, "upper right")


def lengths(ax: Any, runs: dict[tuple[str, str], Json]) -> None:
    """One game's share of games by length, a step line per run."""
    for key in sorted(runs):
        units = runs[key].get("units")
        if units:
            xs = [k for k, _ in units["histogram"]]
            ax.step(xs, [n / units["n"] for _, n in units["histogram"]], where="mid",
                    label=" ".join(key))  # fmt: skip
            ax.set_xlabel(units["unit"], fontsize=8)
    ax.set_ylabel("share of games", fontsize=8)


def write_doc(path: Path, text: str) -> None:
    """Replace the generated part of ``path`` (docs/balance.md; or add it at the end)."""
    doc = path.read_text()
    if BEGIN in doc:
        doc = doc[: doc.index(BEGIN)] + text + doc[doc.index(END) + len(END) :]
    else:
        doc = doc.rstrip() + "\n\n## Our starter decks\n\n" + text + "\n"
    path.write_text(doc if doc.endswith("\n") else doc + "\n")


def befores(args: argparse.Namespace, spec: str) -> list[str]:
    """``["before"]`` when the old cards are played by these agents too, else ``[]``."""
    return ["before"] if args.before and (spec == "greedy" or args.ismcts_before) else []


Results = dict[str, dict[tuple[str, str], Json]]


def game_count(text: str) -> tuple[str, int]:
    """``GAME=N`` of ``--ismcts-games-for``: a game of GAMES and a count of games."""
    game, _, count = text.partition("=")
    if game not in GAMES or not count.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: want GAME=N, GAME one of {', '.join(GAMES)}")
    return game, int(count)


def ismcts_games(args: argparse.Namespace, game: str) -> int:
    """The games of ``game``'s ismcts round robin: its ``--ismcts-games-for``, else the
    ``--ismcts-games`` of every game."""
    counts: dict[str, int] = dict(args.ismcts_games_for)
    return counts.get(game, int(args.ismcts_games))


def settings_of(args: argparse.Namespace) -> Json:
    """What makes two runs' results comparable (all but the games played and the jobs): the
    ismcts games of each game that has its own count under ``ismcts_games_for``."""
    keys = ("before", "games", "ismcts_games", "ismcts_before")
    settings = {k: getattr(args, k) for k in keys}
    return {**settings, "ismcts_games_for": dict(sorted(args.ismcts_games_for))}


def same_settings(kept: Json, now: Json, game: str) -> bool:
    """Whether ``game``'s kept results were made with the settings of ``now`` (kept numbers
    written before ``ismcts_games_for`` existed played every game with ``ismcts_games``)."""
    common = ("before", "games", "ismcts_before")
    count = {s.get("ismcts_games_for", {}).get(game, s["ismcts_games"]) for s in (kept, now)}
    return len(count) == 1 and all(kept.get(k) == now[k] for k in common)


def kept_results(path: Path, settings: Json, replayed: list[str]) -> Results:
    """The results kept beside the plot of the games not ``replayed``, when they were made
    with these settings."""
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    kept = [g for g in data["games"] if g not in replayed]
    other = [g for g in kept if not same_settings(data["settings"], settings, g)]
    if other:
        raise SystemExit(
            f"{path}: the results of {', '.join(other)} were made with other settings "
            f"({data.get('settings')}): run every game (no --game)"
        )
    return {g: {tuple(k.split("|")): v for k, v in data["games"][g].items()} for g in kept}


# what the tables and the plot read of a run's report: the rest is not kept
KEPT = ("decks", "seats", "first_player", "units", "length", "flags")


def keep_results(path: Path, settings: Json, results: Results) -> None:
    """Write the numbers of the tables and the plot beside the plot."""
    games = {
        g: {"|".join(k): {f: v.get(f) for f in KEPT} for k, v in runs.items()}
        for g, runs in results.items()
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"settings": settings, "games": games}, indent=1) + "\n")


def shown(doc: Path, game: str) -> bool:
    """Whether the generated part of ``doc`` has a table of ``game``."""
    text = doc.read_text() if doc.exists() else ""
    part = text[text.index(BEGIN) : text.index(END)] if BEGIN in text and END in text else ""
    return f"### {cardtable.load_game(game).title}\n" in part


def command_of(args: argparse.Namespace, results: Results) -> str:
    """The command that makes the page's tables again (its games when not all)."""
    command = "python3 tools/balance_starters.py" + (
        f" --before {args.before}" if args.before else ""
    )
    command += f" --games {args.games} --ismcts-games {args.ismcts_games}"
    command += "".join(f" --ismcts-games-for {g}={n}" for g, n in sorted(args.ismcts_games_for))
    command += "" if args.ismcts_before else " --no-ismcts-before"
    if len(results) < len(GAMES):
        command += "".join(f" --game {g}" for g in results)
    return command


def arguments() -> argparse.Namespace:
    """The command line."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", metavar="REV", help="also the card files at this revision")
    ap.add_argument("--games", type=int, default=2400, help="games per greedy round robin")
    ap.add_argument("--ismcts-games", type=int, default=360, help="games per ismcts one; 0: none")
    ap.add_argument(
        "--ismcts-games-for",
        type=game_count,
        action="append",
        default=[],
        metavar="GAME=N",
        help="games of that game's ismcts round robin instead (repeatable)",
    )
    ap.add_argument(
        "--ismcts-before",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="with --before: the ismcts round robin of the old cards too",
    )
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--game", action="append", choices=GAMES, help="only these games")
    ap.add_argument("--work", type=Path, default=Path("balance-starters"))
    ap.add_argument("--doc", type=Path, default=DOC, help="the page to write (img/ beside it)")
    ap.add_argument(
        "--redraw",
        action="store_true",
        help="play nothing: write the tables and plots again from the kept numbers",
    )
    return ap.parse_args()


def play_games(args: argparse.Namespace) -> Results:
    """The round robins of ``--game`` (every game by default), each agent set before and
    after."""
    results: Results = {}
    for game in args.game or GAMES:
        runs = results.setdefault(game, {})
        agents = [("greedy", args.games), ("ismcts", ismcts_games(args, game))]
        for spec, games in [(spec, n) for spec, n in agents if n]:
            for which in [*befores(args, spec), "after"]:
                rev = args.before if which == "before" else None
                runs[spec, which] = run(game, spec, games, args.work, args.jobs, rev)
                print(
                    game, spec, which, json.dumps([d["score"] for d in runs[spec, which]["decks"]])
                )
    return results


def main() -> None:
    """Play what is missing (nothing with ``--redraw``), then write the tables and plots."""
    args = arguments()
    store = args.doc.parent / "img" / "balance-starters.json"
    if args.redraw and not store.exists():
        raise SystemExit(f"--redraw: no numbers kept in {store}")
    replayed = [] if args.redraw else args.game
    kept = kept_results(store, settings_of(args), replayed) if replayed is not None else {}
    results = {} if args.redraw else play_games(args)
    results = {g: results.get(g) or kept[g] for g in GAMES if g in results or g in kept}
    dropped = [g for g in GAMES if g not in results and shown(args.doc, g)]
    if dropped:
        raise SystemExit(
            f"{args.doc} shows {', '.join(dropped)}, whose results are not kept in {store}: "
            "run every game once (no --game)"
        )
    keep_results(store, settings_of(args), results)
    write_doc(args.doc, section(results, command_of(args, results)))
    plot(results, args.doc.parent / "img" / "balance-starters.png")
    lengths_plot(results, args.doc.parent / "img" / "balance-lengths.png")


if __name__ == "__main__":
    main()
