"""One balance-lab run in a worker process of its own (server/lab.py starts it): never on the
server's event loop, at a lower OS priority (``os.nice``) than the server, so the tables being
played keep their pace.

The worker plays the run (``sim.balance.play``, its checkpoint ``games.jsonl`` in the run's
folder: a run the server restarts goes on with ``resume``), writes the report
(``balance.json``, and its page in every language: ``balance.html``, ``balance.ja.html``),
optionally searches for suggestions
(``sim.suggest.suggest``; a resumed run's search plays only the changes its
``suggest.jsonl`` does not hold yet), and sends the server, over a pipe, its progress and at
the end a compact summary (:func:`compact`) or an error.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import time
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.i18n import LANGS, Lang
from cardtable.core.registry import load_game

if TYPE_CHECKING:
    from cardtable.sim.balance import BalanceConfig
    from cardtable.sim.runner import GameResult
    from cardtable.sim.suggest import Progress

NICE = 10
"""How much lower than the server the lab's workers run (``os.nice``)."""
PROGRESS_EVERY = 0.25
"""Seconds between two progress messages."""
Json = dict[str, Any]
Send = Callable[[tuple[str, Any]], None]
log = logging.getLogger("cardtable.server")


LOCK = ".worker.lock"
"""The file in a run's folder that its worker holds locked for as long as it lives."""


class Orphaned(BaseException):
    """The server that started this worker is gone: stop at once (not an error of the run,
    so no ``except Exception`` on the way up catches it)."""


def lab_worker(
    conn: Connection, folder: str, settings: Json, resume: bool, base: str | None = None
) -> None:
    """A worker's life: run the lab in ``folder`` and send ``("progress", {...})`` messages,
    then ``("done", summary)`` or ``("error", message)``. A comparison reads the games of the
    game's own cards from the earlier run in ``base`` (if any) instead of playing them.

    The worker first waits for the run folder's lock (``hold_folder``), so a worker taking
    over the run of a killed server starts only once the killed server's worker has stopped;
    that one stops at its next message, finding its server gone (``sender``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's: it stops us
    with contextlib.suppress(OSError):
        os.nice(NICE)
    held = hold_folder(Path(folder))
    try:
        _work(sender(conn, os.getppid()), folder, settings, resume, base)
    except Orphaned:
        log.warning("lab run in %s: its server is gone; this worker stops", folder)
    finally:
        conn.close()
        if held is not None:
            held.close()


def _work(send: Send, folder: str, settings: Json, resume: bool, base: str | None) -> None:
    """Run the lab and send how it ended (``lab_worker``)."""
    try:
        send(("done", run_lab(Path(folder), settings, resume, send, base)))
    except CardtableError as exc:
        send(("error", str(exc).replace(folder, ".")))
    except Exception as exc:  # the server shows the run as failed; the details go to its log
        send(("error", f"the lab failed ({type(exc).__name__}); see the server's log"))
        log.error("lab run in %s failed:\n%s", folder, traceback.format_exc())


def sender(conn: Connection, parent: int) -> Send:
    """Send to the server over ``conn``; raise :class:`Orphaned` once the server is gone:
    the pipe is broken, or the process that started this one (``parent``) has ended (it was
    killed; this process has been handed to another parent)."""

    def send(msg: tuple[str, Any]) -> None:
        if os.getppid() != parent:
            raise Orphaned
        try:
            conn.send(msg)
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise Orphaned from exc

    return send


def hold_folder(folder: Path) -> IO[str] | None:
    """Lock ``folder`` for this process, waiting while another process holds it; the lock
    goes when the returned file is closed or the process ends, however it ends. ``None``
    where the system has no ``fcntl`` (Windows: one server per data folder there)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    folder.mkdir(parents=True, exist_ok=True)
    held = (folder / LOCK).open("a", encoding="utf-8")
    fcntl.flock(held, fcntl.LOCK_EX)
    return held


def run_lab(
    folder: Path, settings: Json, resume: bool, send: Send, base: str | None = None
) -> Json:
    """Play, report and (with ``suggest``) search; write the files; the compact summary.
    A run whose folder holds ``compare`` plays that card set beside the game's own cards
    (those games read from ``base``'s checkpoint as far as it holds them: ``_played``)."""
    from cardtable.sim.balance import BalanceConfig, report, total_games

    cards, compare = folder / "cards", folder / "compare"
    options = {"cards": str(cards)} if cards.is_dir() else {}
    config = BalanceConfig(
        settings["game"],
        options,
        tuple(settings["agents"]),
        settings["games"],
        tuple(settings["decks"]),
        settings["seed"],
        str(compare) if compare.is_dir() else None,
    )
    total = total_games(config)
    tick = _ticker(send, total)
    tick(0)
    results = _played(config, folder, resume, tick, base)
    data = report(config, results)
    game = load_game(config.game, **config.run_options()[-1])  # the words of the set shown
    if settings.get("suggest"):
        data["suggestions"] = _search(
            config, data, settings, folder, resume, _searching(send, game)
        )
    send(("progress", {"phase": "report", "done": total, "total": total}))
    data = json.loads(json.dumps(data).replace(json.dumps(str(folder))[1:-1], "."))
    if data["compare"] is not None:  # named as the page names it, not by the run's folder
        data["compare"]["cards_option"] = settings.get("set", "compare")
    (folder / "balance.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    html = write_pages(folder, data, game)
    return compact(data, html, game)


def _played(
    config: BalanceConfig,
    folder: Path,
    resume: bool,
    tick: Callable[[int], None],
    base: str | None,
) -> list[list[GameResult]]:
    """The run's games (``sim.balance.play``), a comparison's base games read from ``base``;
    should that checkpoint not fit (read before any game is played), they are played."""
    from cardtable.sim.balance import play

    if base is None or config.compare is None:
        return play(config, 1, folder, resume, tick)
    try:
        return play(config, 1, folder, resume, tick, Path(base))
    except CardtableError as exc:
        log.warning("lab run in %s: playing the base games again (%s)", folder, exc)
        return play(config, 1, folder, resume, tick)


def _search(
    config: BalanceConfig,
    data: Json,
    settings: Json,
    folder: Path,
    resume: bool,
    show: Progress,
) -> Json:
    """The suggestion search over the run's report (``sim.suggest``), resumed with it."""
    from cardtable.sim.suggest import SuggestConfig, suggest, targets

    # counts=False: the page applies a proposal to the set's card files, which hold no decks
    cfg = SuggestConfig(
        screen_games=settings["screen_games"], verify_games=config.games, counts=False
    )
    show("", 0, len(targets(data["base"])))
    return suggest(config, data["base"], 1, folder, cfg, show, resume)


def _searching(send: Send, game: Game) -> Progress:
    """The search's progress: the target searched (``card kick``; none before the first),
    its kind and its name in every language (a card's from the run's card files), and the
    targets done of all."""

    def show(what: str, done: int, targets: int) -> None:
        kind, _, name = what.partition(" ")
        label = _names(game, name) if kind == "card" else name
        step = {"phase": "suggest", "done": done, "total": targets, "target": what}
        send(("progress", {**step, "kind": kind, "label": label}))

    return show


def _names(game: Game, card: str) -> dict[str, str]:
    """A card's name in every language, by its id (the id itself for an unknown one)."""
    return {lang: game.card_name(card, lang) or card for lang in LANGS}


def _ticker(send: Send, total: int) -> Callable[[int], None]:
    """A progress callback sending at most one message every PROGRESS_EVERY seconds (and
    always the last game's)."""
    last = [0.0]

    def tick(done: int) -> None:
        now = time.monotonic()
        if done >= total or now - last[0] >= PROGRESS_EVERY:
            last[0] = now
            send(("progress", {"phase": "playing", "done": done, "total": total}))

    return tick


def page_name(lang: Lang) -> str:
    """The file of the report's page in ``lang``: ``balance.html`` (English, the one runs
    finished before the other languages have), ``balance.ja.html``."""
    return "balance.html" if lang == LANGS[0] else f"balance.{lang}.html"


def write_pages(folder: Path, data: Json, game: Game | None) -> bool:
    """Write the report's page in every language (``game``: the run's, naming its cards);
    ``False`` when matplotlib (the plots extra) is missing."""
    return all(write_page(folder, data, game, lang) for lang in LANGS)


def write_page(folder: Path, data: Json, game: Game | None, lang: Lang) -> bool:
    """Write the report's page in ``lang`` (whole or not at all: a reader never gets half a
    page); ``False`` when matplotlib is missing."""
    try:
        from cardtable.sim.balance_html import balance_html

        page = balance_html(data, lang, game)
    except ModuleNotFoundError as exc:
        if exc.name is None or not exc.name.startswith("matplotlib"):
            raise
        return False
    path = folder / page_name(lang)
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    part.write_text(page, encoding="utf-8")
    os.replace(part, path)
    return True


def page_from_report(folder: str, game: str, lang: Lang) -> bool:
    """Write the page in ``lang`` of a run finished before its pages were written in every
    language, from its ``balance.json`` (the server's checker process calls this): its cards
    named by the run's own card copy, or as the report has them when that no longer loads."""
    where = Path(folder)
    data = json.loads((where / "balance.json").read_text(encoding="utf-8"))
    cards = where / "cards"
    try:
        run_game = load_game(game, **({"cards": str(cards)} if cards.is_dir() else {}))
    except CardtableError:
        run_game = None
    return write_page(where, data, run_game, lang)


RATE = ("n", "score", "low", "high")


def _rate(x: Json, *keys: str) -> Json:
    return {k: x.get(k) for k in (*keys, *RATE, "flag")}


def _maybe(x: Json | None, shown: Callable[[Json], Json]) -> Json | None:
    """What the page shows of an entry a report may lack (the first player): ``None``
    without it."""
    return None if x is None else shown(x)


def compact(data: Json, html: bool = True, game: Game | None = None) -> Json:
    """What the page shows of a report: seats, decks, matchups, length (in the game's unit
    too), flagged items, errors, the suggestions without the server's paths, and a
    comparison's changes. With the run's ``game``, the words in every language: each
    suggestion's ``why``, the ``names`` of the cards it names and the ``deck_names`` of its
    starter decks, as ``{en, ja}`` (the server gives the one asked for)."""
    out = _summary(data, html)
    if game is not None:
        out["names"] = {c: _names(game, c) for c in _cards_named(out)}
        out["deck_names"] = _deck_names(game, {d["deck"] for d in out["decks"]})
        for t in out["suggestions"] or ():
            t["why"] = _whys(data["base"], t, game)
    return out


def _deck_names(game: Game, shown: set[str]) -> Json:
    """The starter decks among ``shown`` (English names), each by its name in every language
    (a deck from a file keeps the one name it has)."""
    decks = [d for d in game.starter_decks().values() if d.name in shown]
    return {d.name: {lang: d.title(lang) for lang in LANGS} for d in decks}


def _cards_named(out: Json) -> list[str]:
    """The cards a summary names: flagged ones, suggestions' targets and changes."""
    flags = out["flags"] + (out["changes"]["flags"] if out["changes"] else [])
    cards = [f["name"] for f in flags if f["kind"] == "card"]
    for t in out["suggestions"] or ():
        cards += [t["name"]] if t["kind"] == "card" else []
        cards += [c["card"] for p in t["proposals"] for c in p["changes"]]
    return sorted(set(cards))


def _whys(base: Json, t: Json, game: Game) -> dict[str, str]:
    """Why a suggestion's target is off, in every language (English as the report has it)."""
    from cardtable.sim.suggest import Target, why

    target = Target(t["kind"], t["name"], t["direction"])
    return {
        lang: t["why"] if lang == LANGS[0] else why(base, target, lang, _namer(game, lang))
        for lang in LANGS
    }


def _namer(game: Game, lang: Lang) -> Callable[[str], str]:
    return lambda card: game.card_name(card, lang) or card


def _summary(data: Json, html: bool) -> Json:
    """The report's numbers the page shows (see :func:`compact`): those of the card set
    played (in a comparison, the compared set's, and its changes from the game's cards)."""
    base = data.get("compare") or data["base"]
    units = base.get("units")
    return {
        "title": data.get("title"),
        "games": base["games"],
        "finished": base["finished"],
        "errors": len(base["errors"]),
        "seats": [_rate(s, "seat") for s in base["seats"]],
        "first_player": _maybe(base.get("first_player"), _rate),
        "decks": [_rate(d, "deck") for d in base["decks"]],
        "matchups": [
            {k: m[k] for k in ("deck", "against", "n", "score")} for m in base["matchups"]
        ],
        "length": {k: base["length"][k] for k in ("mean", "low", "high")},
        "units": None
        if units is None
        else {
            "unit": units["unit"],
            **{k: units[k] for k in ("mean", "low", "high")},
            "short": units["short"]["share"],
        },
        "flags": [
            {k: f[k] for k in ("kind", "name", "metric", *RATE, "direction")} for f in base["flags"]
        ],
        "html": html,
        "suggestions": _suggestions(data.get("suggestions")),
        "changes": _changes(data.get("changes")),
    }


CHANGE = ("before", "after", "delta", "low", "high")


def _changes(changes: Json | None) -> Json | None:
    """A comparison's changes the page shows: each seat's, deck's and matchup's win rate
    before and after with the change's paired interval and flag, and the flagged changes."""
    if changes is None:
        return None
    return {
        "seats": [{k: s[k] for k in ("seat", *CHANGE, "flag")} for s in changes["seats"]],
        "first_player": _maybe(
            changes.get("first_player"), lambda x: {k: x[k] for k in (*CHANGE, "flag")}
        ),
        "decks": [{k: d[k] for k in ("deck", *CHANGE, "flag")} for d in changes["decks"]],
        "matchups": [
            {k: m[k] for k in ("deck", "against", *CHANGE, "flag")} for m in changes["matchups"]
        ],
        "flags": [
            {k: f[k] for k in ("kind", "name", "metric", "direction", *CHANGE)}
            for f in changes["flags"]
        ],
    }


def _suggestions(result: Json | None) -> list[Json] | None:
    """The targets and proposals of ``--suggest``, the folders and patches left out (the
    server serves each patch by its target's and proposal's number)."""
    if result is None:
        return None
    out = []
    for t in result["targets"]:
        proposals = [
            {k: v for k, v in p.items() if k not in ("folder", "patch")} for p in t["proposals"]
        ]
        out.append({**{k: t[k] for k in ("kind", "name", "direction", "why", "before")},
                    "proposals": proposals})  # fmt: skip
    return out
