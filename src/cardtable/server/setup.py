"""Checking what a client asks for before a table is made: the game and its options, the
seats (people or agent specs), and the decks (starter names or deck files' YAML text).

Every function raises :class:`BadRequest` with a message that says what is wrong and where.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import yaml

from cardtable.agents.base import make_agent, parse_spec
from cardtable.core.cards import load_yaml
from cardtable.core.decks import Deck, DeckProblem
from cardtable.core.errors import CardtableError, DeckFileError, brief
from cardtable.core.game import Game
from cardtable.core.i18n import N_, Lang, each_lang, message_of, reason, say
from cardtable.core.registry import game_class, load_game
from cardtable.server.storage import OPEN, PRIVATE, PUBLIC, RUNNING, TableRow

MAX_DECK_TEXT = 100_000
# libyaml's loader when PyYAML has it: the pure-Python one takes seconds on a long deck text.
# Agents run on the server: a spec may not ask for more search than this. A simulation plays
# at most ``depth`` decisions past the root: 200 is twice the longest random game of any
# built-in game (wcrugby, 98 decisions in 30 seeds), so a rollout can still reach the end,
# and it bounds what one simulation may overrun the server's ceiling on steps by (0.5% of
# 40000). Whatever a spec asks, a server decision also stops at the ceiling of its agent
# pool (AgentLimits: 40000 steps, 5 s, depth 200), iterations given or not.
MAX_AGENT_PARAMS: dict[str, float] = {
    "iterations": 2000,
    "steps": 40000,
    "time": 5.0,
    "depth": 200,
}
# Options that name files on the server's disk are not for clients.
TOO_LONG = N_("{where}: the deck text is longer than {n} characters")
SERVER_REFUSED_OPTIONS = ("cards",)


_GAMES: OrderedDict[tuple[str, str], Game] = OrderedDict()
_GAMES_LOCK = threading.Lock()
GAME_CACHE_SIZE = 64
_HOUSE: dict[str, str] = {}  # game -> the server's own card folder (serve --cards)


def set_house_cards(folders: Mapping[str, str]) -> bool:
    """Play ``folders``' card sets (``cardtable serve --cards GAME=DIR``: a game -> a
    folder of card files, such as one ``cardtable import`` wrote) at every table of their
    game, instead of the built-in sets; whether this changed anything. Each set is loaded
    first: an unknown game or a set that does not load raises CardtableError and changes
    nothing."""
    for name, folder in folders.items():
        load_game(name, cards=folder)
    if dict(folders) == _HOUSE:
        return False
    with _GAMES_LOCK:
        _HOUSE.clear()
        _HOUSE.update(folders)
        _GAMES.clear()
    return True


def house_options(name: str) -> dict[str, Any]:
    """The options the server adds to every table of ``name``: its house card set, if any."""
    return {"cards": _HOUSE[name]} if name in _HOUSE else {}


def cached_game(name: str, options: dict[str, Any]) -> Game:
    """``load_game(name, **options)``, shared by every table with the same options (a game is
    immutable; loading one reads its card and deck files)."""
    key = (name, json.dumps(options, sort_keys=True))
    with _GAMES_LOCK:
        game = _GAMES.get(key)
        if game is not None:
            _GAMES.move_to_end(key)
            return game
    game = load_game(name, **options)
    with _GAMES_LOCK:
        _GAMES[key] = game
        while len(_GAMES) > GAME_CACHE_SIZE:
            _GAMES.popitem(last=False)
    return game


class BadRequest(CardtableError):
    """A request the server refuses; the message is shown to the client."""


class UnenforcedCards(BadRequest):
    """A new table's decks hold cards whose text the rules do not all enforce, and the
    request did not accept them (``accept_unenforced``); ``cards`` names them for the
    lobby: ``[{id, name, sentences}]``."""

    def __init__(self, message: str, cards: list[dict[str, Any]]) -> None:
        super().__init__(message)
        self.cards = cards


@dataclass(frozen=True)
class SeatSpec:
    """A seat as asked for: a person (``human``) or an agent (``agent`` with its spec)."""

    kind: str
    spec: str | None = None


def server_game(name: str, options: dict[str, Any] | None, players: int | None = None) -> Game:
    """Load ``name`` with client options; ``players`` (the number of seats) fills in or must
    match the ``players`` option. Options that name server files are refused."""
    opts = dict(options or {})
    for key in SERVER_REFUSED_OPTIONS:
        if key in opts and opts[key] is not None:
            raise BadRequest(
                reason(N_("option {option} is not available on the server"), option=brief(key))
            )
    try:
        fields = game_class(name).Options.model_fields
    except CardtableError as exc:
        raise BadRequest(message_of(exc)) from None
    for key, value in opts.items():  # JSON's true is no number (the options would take it)
        info = fields.get(key)
        if isinstance(value, bool) and info is not None and info.annotation is not bool:
            raise BadRequest(
                reason(
                    N_("{game}: option {option}: {value} is not a valid value"),
                    game=name,
                    option=brief(key),
                    value=brief(value),
                )
            )
    if players is not None:
        given = opts.setdefault("players", players)
        if given != players:
            raise BadRequest(
                reason(
                    N_(
                        "option 'players' is {given} but {players} seats were given; "
                        "give one seat per player"
                    ),
                    given=brief(given),
                    players=players,
                )
            )
    try:
        return cached_game(name, {**opts, **house_options(name)})
    except CardtableError as exc:
        raise BadRequest(message_of(exc)) from None


def check_agent(spec: str) -> str:
    """Validate an agent spec through the agents' registry and the server's limits."""
    try:
        _name, params = parse_spec(spec)
    except CardtableError as exc:
        raise BadRequest(message_of(exc)) from None
    for key, cap in MAX_AGENT_PARAMS.items():
        if key in params and params[key] > cap:
            raise BadRequest(
                reason(
                    N_("agent {spec}: parameter {key} may be at most {cap} on this server"),
                    spec=brief(spec),
                    key=brief(key),
                    cap=f"{cap:g}",
                )
            )
    try:  # built once: catches values out of range
        make_agent(spec)
    except CardtableError as exc:
        raise BadRequest(message_of(exc)) from None
    return spec


def parse_seats(raw: list[dict[str, Any]]) -> list[SeatSpec]:
    """The seats of a new table, each ``{"kind": "human"}`` or ``{"kind": "agent",
    "spec": ...}``; at least one must be a person."""
    seats: list[SeatSpec] = []
    for i, s in enumerate(raw):
        kind = s.get("kind")
        if kind == "human":
            seats.append(SeatSpec("human"))
        elif kind == "agent":
            spec = s.get("spec")
            if not isinstance(spec, str) or not spec.strip():
                raise BadRequest(
                    reason(N_("seat {seat}: an agent seat needs a 'spec' such as 'greedy'"), seat=i)
                )
            seats.append(SeatSpec("agent", check_agent(spec.strip())))
        else:
            raise BadRequest(
                reason(
                    N_("seat {seat}: 'kind' must be 'human' or 'agent', got {kind}"),
                    seat=i,
                    kind=brief(kind),
                )
            )
    if not any(s.kind == "human" for s in seats):
        raise BadRequest(N_("a table needs at least one human seat"))
    return seats


def deck_from_text(game: Game, text: str, where: str) -> Deck:
    """Read a deck file's YAML text; raises DeckFileError (bad YAML or bad fields) naming
    ``where`` and the line."""
    if len(text) > MAX_DECK_TEXT:
        too_long = reason(TOO_LONG, where=where, n=MAX_DECK_TEXT)
        raise DeckFileError(too_long, [too_long])
    try:
        data, _ = load_yaml(text)
    except yaml.YAMLError as exc:
        bad = _not_yaml(exc, where)
        raise DeckFileError(bad, [bad]) from None
    return game.deck_from_dict(data, where)


def _not_yaml(exc: yaml.YAMLError, where: str) -> str:
    """Why a deck text is not YAML, and where (the line and column when known); the YAML
    reader's own words stay English."""
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    if mark is None:
        return reason(N_("{where}: not valid YAML: {problem}"), where=where, problem=problem)
    return reason(
        N_("{where}: line {line}, column {column}: not valid YAML: {problem}"),
        where=where,
        line=mark.line + 1,
        column=mark.column + 1,
        problem=problem,
    )


def check_deck_text(game: Game, text: str) -> tuple[Deck | None, list[DeckProblem]]:
    """A deck file's text checked: the deck (``None`` if it cannot be read) and every
    problem, file problems under the rule ``file``."""
    try:
        deck = deck_from_text(game, text, N_("the deck"))
    except DeckFileError as exc:
        return None, [DeckProblem("file", line) for line in exc.problems]
    return deck, game.check_deck(deck)


def parse_decks(game: Game, raw: list[str | None] | None) -> list[Deck] | None:
    """One deck per seat: ``None`` (the seat's default deck), a starter deck's name, or a deck
    file's YAML text; ``None`` when every seat plays its default deck."""
    if raw is None:
        return None
    n = game.num_players
    if len(raw) != n:
        raise BadRequest(reason(N_("give one deck per seat ({n}), got {got}"), n=n, got=len(raw)))
    if all(d is None for d in raw):
        return None
    decks: list[Deck] = []
    for i, spec in enumerate(raw):
        where = reason(N_("deck of seat {seat}"), seat=i)
        starter = _starter(game, spec, i, where)
        if starter is not None:
            decks.append(starter)
            continue
        assert spec is not None
        if len(spec) > MAX_DECK_TEXT:
            raise BadRequest(reason(TOO_LONG, where=where, n=MAX_DECK_TEXT))
        try:
            deck = deck_from_text(game, spec, where)
        except DeckFileError as exc:
            if "\n" not in spec and ":" not in spec:
                raise BadRequest(_no_starter(game, spec, where)) from None
            raise BadRequest(message_of(exc)) from None
        problems = game.check_deck(deck)
        if problems:
            raise BadRequest(
                reason(
                    N_("{where}: deck '{deck}' is not legal: {problems}"),
                    where=where,
                    deck=deck.name,
                    problems=each_lang(partial(_deck_problems, game, problems)),
                )
            )
        decks.append(deck)
    return decks


def _no_starter(game: Game, spec: str, where: str) -> str:
    """The refusal of a deck text that is no deck file and names no starter deck."""
    return reason(
        N_("{where}: no starter deck {spec}; starter decks: {names} (or give a deck file's text)"),
        where=where,
        spec=brief(spec),
        names=", ".join(starters(game)),
    )


def _deck_problems(game: Game, problems: Sequence[DeckProblem], lang: Lang) -> str:
    """A deck's problems in ``lang``, one after the other, each ``rule: message``."""
    if lang == "en":
        return "; ".join(map(str, problems))
    return "；".join(f"{p.rule}：{say(p.message, game, lang)}" for p in problems)


def _card_names(game: Game, ids: list[str], lang: Lang) -> str:
    """The names of cards in ``lang`` (the id of one without a name), one after the other."""
    names = [game.card_name(cid, lang) or cid for cid in ids]
    return ", ".join(names) if lang == "en" else "、".join(names)


def _starter(game: Game, spec: str | None, seat: int, where: str) -> Deck | None:
    """Seat ``seat``'s default deck (``spec`` null), the starter deck ``spec`` names, or
    ``None`` (``spec`` is a deck file's text, or names no starter). Raises BadRequest."""
    if spec is None:
        try:
            return game.default_decks()[seat]
        except CardtableError:
            raise BadRequest(
                reason(
                    N_(
                        "{where}: this server's cards for {game} have no default deck; give a "
                        "deck file's text"
                    ),
                    where=where,
                    game=game.name,
                )
            ) from None
    if "\n" in spec or ":" in spec:
        return None
    return starters(game).get(spec)


def starters(game: Game) -> dict[str, Deck]:
    """The game's starter decks, or none when they do not fit its card set (the server's
    house cards, ``set_house_cards``)."""
    try:
        return game.starter_decks()
    except CardtableError:
        return {}


def new_table_row(body: dict[str, Any], creator_token_hash: str) -> tuple[TableRow, int]:
    """A create request checked and made into a table to store, with the creator's seat
    taken under ``creator_token_hash``; the row and the creator's seat. Raises BadRequest.

    ``visibility`` (``private`` by default) says whether the lobby lists it. A seed may be
    chosen only when one person plays: the seed decides every hidden card, so
    whoever chooses it would know the other people's cards."""
    name, raw_seats, options = _game_fields(body)
    game = server_game(name, options, players=len(raw_seats))
    seats = parse_seats(raw_seats)
    decks = _decks_field(game, body)
    people = sum(s.kind == "human" for s in seats)
    seed = _seed_field(body, people)
    seat = _seat_field(body, seats)
    try:  # the game must start with these decks (a wrong count or an illegal deck)
        game.new_initial_state(seed=seed, decks=decks)
    except (CardtableError, ValueError) as exc:
        raise BadRequest(message_of(exc)) from None
    _check_unenforced(game, decks if decks is not None else game.default_decks(), body)
    row = TableRow(
        id=secrets.token_urlsafe(9),
        game=game.name,
        options=game.options_dict(),
        seed=seed,
        decks=[d.to_dict() for d in decks] if decks is not None else None,
        seats=[
            {
                "kind": s.kind,
                "spec": s.spec,
                "token_hash": creator_token_hash if i == seat else None,
                "taken": s.kind == "agent" or i == seat,
            }
            for i, s in enumerate(seats)
        ],
        status=RUNNING if people == 1 else OPEN,
        created=time.time(),
        visibility=_visibility_field(body),
    )
    return row, seat


def _game_fields(body: dict[str, Any]) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    """The request's game name, seats (one object per player) and options. Raises
    BadRequest."""
    name = body.get("game")
    if not isinstance(name, str):
        raise BadRequest(N_("field 'game': the name of a game is required"))
    raw_seats = body.get("seats")
    if not isinstance(raw_seats, list) or not raw_seats:
        raise BadRequest(N_("field 'seats': a list with one seat per player is required"))
    if not all(isinstance(s, dict) for s in raw_seats):
        raise BadRequest(N_("field 'seats': each seat is an object with a 'kind'"))
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise BadRequest(N_("field 'options': an object of option names and values"))
    return name, raw_seats, options


def _decks_field(game: Game, body: dict[str, Any]) -> list[Deck] | None:
    """The request's decks (null, a starter name or deck text per seat), or None. Raises
    BadRequest."""
    raw_decks = body.get("decks")
    if raw_decks is not None and (
        not isinstance(raw_decks, list)
        or not all(d is None or isinstance(d, str) for d in raw_decks)
    ):
        raise BadRequest(
            N_("field 'decks': a list with null, a starter name or deck text per seat")
        )
    return parse_decks(game, raw_decks)


def _check_unenforced(game: Game, decks: Sequence[Deck], body: dict[str, Any]) -> None:
    """Refuse decks holding cards whose text the rules do not all enforce (imported
    cards) unless the request says ``accept_unenforced: true``: UnenforcedCards names
    them, so the lobby can ask its player. Raises BadRequest."""
    accepted = body.get("accept_unenforced", False)
    if not isinstance(accepted, bool):
        raise BadRequest(
            reason(N_("field 'accept_unenforced': true or false, not {got}"), got=brief(accepted))
        )
    found = game.unenforced_cards(decks)
    if not found or accepted:
        return
    names = {cid: game.card_name(cid) or cid for cid in found}
    cards: list[dict[str, Any]] = [
        {"id": cid, "name": names[cid], "sentences": list(sentences)}
        for cid, sentences in found.items()
    ]
    listed = each_lang(partial(_card_names, game, list(found)))
    why = N_(
        "the decks hold cards whose text the rules do not all enforce: {cards}; send "
        "'accept_unenforced': true to play with them anyway (those sentences do nothing)"
    )
    raise UnenforcedCards(reason(why, cards=listed), cards)


def _seed_field(body: dict[str, Any], people: int) -> int:
    """The request's seed, or a random one; only a table with one person takes a seed.
    Raises BadRequest."""
    seed = body.get("seed")
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**31:
        raise BadRequest(N_("field 'seed': a whole number from 0 to 2147483647"))
    if people > 1:
        raise BadRequest(
            N_(
                "field 'seed': only a table with one person takes a seed (the seed decides "
                "every hidden card, so whoever chooses it would know the others' cards); "
                "leave it out"
            )
        )
    return seed


def _visibility_field(body: dict[str, Any]) -> str:
    """Who finds the table: ``private`` (the default: only people given its id or an invite)
    or ``public`` (listed in the lobby). Raises BadRequest."""
    visibility = body.get("visibility", PRIVATE)
    if visibility not in (PRIVATE, PUBLIC):
        raise BadRequest(
            reason(
                N_("field 'visibility': 'private' or 'public', not {got}"), got=brief(visibility)
            )
        )
    return str(visibility)


def _seat_field(body: dict[str, Any], seats: list[SeatSpec]) -> int:
    """The creator's seat: a human seat of the table. Raises BadRequest."""
    seat = body.get("seat", 0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
        raise BadRequest(
            reason(N_("field 'seat': a seat number from 0 to {last}"), last=len(seats) - 1)
        )
    if seats[seat].kind != "human":
        raise BadRequest(
            reason(N_("field 'seat': seat {seat} is an agent's; take a human seat"), seat=seat)
        )
    return seat
