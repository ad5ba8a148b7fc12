"""A finished table step by step, from one seat's view, a spectator's, or all of them.

A finished game's record is public (it holds the seed, from which every hidden card follows),
so each step gives the action and its notation in every view; the observation and the
events are those of the view asked for.
"""

from __future__ import annotations

from dataclasses import asdict, replace
from pathlib import PurePath
from typing import Any

from cardtable.core.errors import brief
from cardtable.core.events import Event
from cardtable.core.i18n import N_, Lang, reason
from cardtable.core.state import State
from cardtable.eventlog import describe_event
from cardtable.records import GameRecord
from cardtable.server.live import build_state
from cardtable.server.setup import BadRequest
from cardtable.server.storage import TableRow


def parse_view(view: str, players: int) -> int | str | None:
    """``N`` (a seat), ``public`` (``None``: a spectator) or ``all``."""
    if view == "public":
        return None
    if view == "all":
        return "all"
    if view.isascii() and view.isdigit() and 0 <= int(view) < players:
        return int(view)
    raise BadRequest(
        reason(
            N_("view must be a seat from 0 to {last}, 'all' or 'public'; got {view}"),
            last=players - 1,
            view=brief(view),
        )
    )


def record_of(row: TableRow) -> GameRecord:
    """The game record of a stored table (its actions loaded), as a client may see it: a
    house card set (``serve --cards``) is named by its folder's name, not its path on the
    server (``cardtable replay --cards DIR`` points at one's own copy)."""
    players = [s["spec"] if s["kind"] == "agent" else "human" for s in row.seats]
    options = dict(row.options)
    if isinstance(options.get("cards"), str):
        options["cards"] = PurePath(options["cards"]).name
    return GameRecord(
        game=row.game,
        version="",
        options=options,
        seed=row.seed,
        decks=row.decks,
        actions=list(row.actions),
        result=row.result,
        players=players,
        conceded=next((i for i, s in enumerate(row.seats) if s.get("conceded")), None),
    )


def _all_view(state: State, event: Event, players: int) -> dict[str, Any] | None:
    """The view of an event that names the most: the first seat that sees its card, else
    what a spectator (or the one player it is private to) sees."""
    views = [state.event_view(event, p) for p in range(players)]
    for v in views:
        if v is not None and v.get("card"):
            return v
    public = state.event_view(event, None)
    return public if public is not None else next((v for v in views if v is not None), None)


def _named_cards_seen(game: Any, notation: str, observations: list[dict[str, Any]]) -> bool:
    """Whether every card an action's notation names shows in one of the observations (so
    its words, which name the cards, tell the view nothing its board hides)."""
    named = [w for w in notation.split() if w in game.card_pool.index]
    if not named:
        return True
    shown: set[str] = set()
    for obs in observations:
        for cards in obs.get("zones", {}).values():
            if isinstance(cards, list):
                shown.update(c for c in cards if isinstance(c, str))
    return all(c in shown for c in named)


def replay_table(row: TableRow, view_text: str, lang: Lang = "en") -> dict[str, Any]:
    """``{record, initial, steps, result_text}``: ``initial`` is the observation before the
    first action; each step is ``{action, text, words, player, events, observation}`` after
    that action (``words``: the action in the game's words and ``lang``, or ``None`` where
    they would name a card the view's board hides; ``all`` adds ``observations``, one per
    seat, and its ``observation`` is the spectator's); ``result_text`` says how the game
    ended, in ``lang``."""
    record = record_of(row)
    players = int(row.options.get("players", 2))
    view = parse_view(view_text, players)
    every = view == "all"
    seat = view if isinstance(view, int) else None
    game, state, _ = build_state(replace(row, actions=[]))
    record.version = game.version
    initial = state.observation(seat)
    steps: list[dict[str, Any]] = []
    for action in record.actions:
        player = state.current_player()
        text = state.action_to_string(action)
        words = game.presentation.describe_action(state, action, lang)
        before = state.observation(seat)
        events = state.apply_action(action)
        views = (
            _all_view(state, e, players) if every else state.event_view(e, seat) for e in events
        )
        seen = (
            every
            or seat == player
            or _named_cards_seen(game, text, [before, state.observation(seat)])
        )
        step: dict[str, Any] = {
            "action": action,
            "text": text,
            "words": words if seen else None,
            "player": player,
            "events": [describe_event(game, v, seat, lang) for v in views if v is not None],
            "observation": state.observation(seat),
        }
        if every:
            step["observations"] = [state.observation(p) for p in range(players)]
        steps.append(step)
    record.notation = [s["text"] for s in steps]
    ended = game.presentation.result(state.observation(None), lang)
    return {"record": asdict(record), "initial": initial, "steps": steps, "result_text": ended}
