"""The game log in words: every event of every game, for every viewer, gets a sentence of
the game's own (``Presentation.describe_event``) that names no card the view does not name, and uses
no raw zone keys or ``k=v`` details. Plus exact sentences for representative events."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

import cardtable
from cardtable.core.errors import CardtableError
from cardtable.core.game import Game
from cardtable.core.registry import game_class
from cardtable.core.rng import Rng
from cardtable.core.wording import SentenceFieldError, describe
from cardtable.eventlog import describe_event, generic_text, generic_zone_label
from cardtable.scenario import scenario_deck, scenario_options

# (game, options): each game at every player count it supports, and the options that make
# rarer events happen (a tag team match, reshuffled decks)
CASES: list[tuple[str, dict[str, Any]]] = [
    (name, {"players": n})
    for name in cardtable.available_games()
    for n in range(game_class(name).min_players, game_class(name).max_players + 1)
]
CASES += [
    ("looney", {"players": 2, "personal_deck_out": "reshuffle", "target_points": 80}),
    ("looney", {"players": 3, "answer_elimination": "scene-uncovered"}),
    ("rawdeal", {"players": 4, "match": "tag"}),
]
SEEDS = range(4)
# a raw zone key (p0.hand, storyboard.2, t1.court.3, movie_deck) or a k=v detail
RAW_KEY = re.compile(r"\b[a-z]+\d*\.\w|_|=")


def _names(game: Game) -> list[re.Pattern[str]]:
    names = sorted({c.name for c in game.card_pool.cards}, key=len, reverse=True)
    return [re.compile(rf"(?<![\w-]){re.escape(n)}(?![\w-])") for n in names]


def _named_cards(view: dict[str, Any], game: Game) -> set[str]:
    """The names of the cards a view names (a card field, or card ids in its data)."""
    out: set[str] = set()
    for key, value in view.items():
        if key == "kind":
            continue
        for one in value if isinstance(value, list) else [value]:
            if isinstance(one, str) and one in game.card_pool.index:
                out.add(game.card_pool.get(one).name)
    return out


def play_views(game: Game, seed: int) -> list[tuple[int | None, dict[str, Any]]]:
    """Every event view of one random game, for every seat and a spectator."""
    state = game.new_initial_state(seed)
    rng = Rng(seed)
    out: list[tuple[int | None, dict[str, Any]]] = []
    viewers: list[int | None] = [*range(game.num_players), None]
    while not state.is_terminal():
        legal = state.legal_actions()
        for event in state.apply_action(legal[rng.below(len(legal))]):
            for viewer in viewers:
                view = state.event_view(event, viewer)
                if view is not None:
                    out.append((viewer, view))
    return out


def check_words(game: Game, viewer: int | None, view: dict[str, Any], names: list[Any]) -> str:
    """The game's own sentence for a view: not empty, no raw key or ``k=v``, no card name
    the view does not name; the log (``eventlog.describe_event``) uses it."""
    text = game.presentation.describe_event(view, viewer)
    assert text, f"{game.name}: no words for {view}"
    assert text == describe_event(game, view, viewer)
    assert not RAW_KEY.search(text), f"{game.name}: raw key or detail in {text!r} ({view})"
    allowed = _named_cards(view, game)
    for pattern in names:
        m = pattern.search(text)
        if m and not any(m[0] in a for a in allowed):
            pytest.fail(f"{game.name}: {text!r} names {m[0]!r}, which the view {view} does not")
    return text


@pytest.mark.parametrize(
    ("name", "options"), CASES, ids=[f"{n}-{'-'.join(map(str, o.values()))}" for n, o in CASES]
)
def test_every_event_of_random_games_has_words(name: str, options: dict[str, Any]) -> None:
    game = cardtable.load_game(name, **options)
    names = _names(game)
    kinds: set[str] = set()
    for seed in SEEDS:
        for viewer, view in play_views(game, seed):
            kinds.add(view["kind"])
            check_words(game, viewer, view, names)
    assert "move" in kinds and "game_over" in kinds


SCENARIO_DIR = Path(__file__).resolve().parent


def scenario_views(path: Path) -> tuple[Game, list[tuple[int | None, dict[str, Any]]]]:
    """Every event view, for every seat and a spectator, of the actions of a scenario file
    (its pinned start position, then its actions up to the first that is not legal)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    game = cardtable.load_game(str(data["game"]), **scenario_options(data, path.parent))
    decks = (
        [scenario_deck(game, str(d), path.parent) for d in data["decks"]]
        if data.get("decks")
        else None
    )
    state = game.new_initial_state(seed=int(data.get("seed", 0)), decks=decks)
    state.pin_zones({str(k): list(v or []) for k, v in (data.get("setup") or {}).items()})
    state.pin_fields(dict(data.get("state") or {}))
    viewers: list[int | None] = [*range(game.num_players), None]
    out: list[tuple[int | None, dict[str, Any]]] = []
    for step in data["steps"]:
        if not isinstance(step, str | int):
            continue
        try:
            action = state.string_to_action(str(step))
        except CardtableError:
            break
        if state.is_terminal() or action not in state.legal_actions():
            break
        for event in state.apply_action(action):
            for viewer in viewers:
                view = state.event_view(event, viewer)
                if view is not None:
                    out.append((viewer, view))
    return game, out


# every event kind each game emits (grep its rules for note( and the event tuples)
KINDS = {
    "goofspiel": {"move", "game_over"},
    "looney": {
        "move",
        "reveal",
        "first_player",
        "reshuffle",
        "round",
        "eliminated",
        "role_failed",
        "scene_scored",
        "game_over",
    },
    "rawdeal": {
        "move",
        "target",
        "first_player",
        "turn",
        "ability",
        "tag",
        "play",
        "reversal",
        "damage",
        "overturn",
        "reversed_from_arsenal",
        "decline",
        "reveal",
        "shuffle",
        "look_hand",
        "seen_hand",
        "eliminated",
        "game_over",
    },
    "shamanking": {
        "move",
        "opening_attack",
        "turn",
        "shaman_turns_over",
        "signature_move",
        "counterattack",
        "point",
        "deck_rebuilt",
        "game_over",
    },
    "wcrugby": {
        "move",
        "reveal",
        "held_ball",
        "top",
        "order",
        "lineup_placed",
        "period_start",
        "position_penalty",
        "strategy_time",
        "substitution",
        "special",
        "period_end",
        "reshuffle",
        "game_over",
    },
}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_event_of_the_scenarios_has_words(name: str) -> None:
    """The scenario files reach the rare events (a Signature move, an exhausted deck, a
    reshuffle): each of their events, for every viewer, gets the game's words."""
    kinds: set[str] = set()
    for path in sorted((SCENARIO_DIR / name / "scenarios").glob("*.yaml")):
        game, views = scenario_views(path)
        names = _names(game)
        for viewer, view in views:
            kinds.add(view["kind"])
            check_words(game, viewer, view, names)
    assert kinds == KINDS[name]


def _words(name: str, view: dict[str, Any], viewer: int | None = None, **options: Any) -> str:
    text = cardtable.load_game(name, **options).presentation.describe_event(view, viewer)
    assert text is not None
    return text


def test_looney_sentences() -> None:
    game = cardtable.load_game("looney")
    state = game.new_initial_state(1)
    state.apply_action(state.string_to_action("first 1"))
    [event] = state.apply_action(state.string_to_action("place lola-bunny-hoop-star on 4"))
    own, other = state.event_view(event, 1), state.event_view(event, 0)
    assert own is not None and other is not None
    assert describe_event(game, own, 1) == "P1 places Lola Bunny, Hoop Star face down in slot 4"
    assert describe_event(game, other, 0) == "P1 places an actor face down in slot 4"
    draw = {"kind": "move", "player": 1, "from": "p1.deck", "to": "p1.hand", "card": None}
    assert _words("looney", draw, 0) == "P1 draws a card"
    turned = {"kind": "move", "player": 0, "from": "movie_deck", "to": "storyboard.2"}
    assert _words("looney", {**turned, "card": "dynamite-delivery"}) == (
        "Dynamite Delivery is turned over from the Movie deck as scene 2"
    )
    scored = {
        "kind": "scene_scored",
        "player": 0,
        "slot": 2,
        "scene": "dynamite-delivery",
        "points": 4,
        "values": {"0": 3, "1": 7},
        "scene_rank": 5,
        "scene_color": "red",
    }
    assert _words("looney", scored) == (
        "P0 wins scene 2, Dynamite Delivery (rank 5, red), for 4 points; rank values: P0 3, P1 7"
    )
    over = {"kind": "game_over", "player": 1, "how": "points", "scores": [12, 41]}
    assert _words("looney", over) == "P1 wins the game on points (scores: P0 12, P1 41)"
    assert game.presentation.zone_label("storyboard.2") == "scene 2"
    assert game.presentation.zone_label("p1.slot2.down") == "P1's slot 2 (face down)"


def test_rawdeal_sentences() -> None:
    overturn = {
        "kind": "move",
        "player": 0,
        "from": "p0.arsenal",
        "to": "p0.ringside",
        "card": "body-slam",
    }
    assert _words("rawdeal", overturn, 1) == (
        "P0 overturns Body Slam from their Arsenal to their Ringside pile"
    )
    play = {
        "kind": "play",
        "player": 1,
        "card": "springboard-from-the-apron",
        "as_type": "maneuver",
    }
    assert _words("rawdeal", play) == "P1 plays Springboard from the Apron as a maneuver"
    assert _words("rawdeal", {"kind": "damage", "player": 0, "amount": 10}) == "P0 takes 10 damage"
    assert _words("rawdeal", {"kind": "overturn", "player": 1, "amount": 2}) == (
        "P1 must overturn 2 cards of their own Arsenal for their card (not damage)"
    )
    reversal = {"kind": "reversal", "player": 1, "card": "duck-under"}
    assert _words("rawdeal", reversal) == "P1 reverses it with Duck Under"
    over = {"kind": "game_over", "player": 1, "how": "pinfall"}
    assert _words("rawdeal", over) == "P1 wins the match by pinfall"
    assert _words("rawdeal", over, players=4, match="tag") == "P1 and P3 win the match by pinfall"
    first = {"kind": "first_player", "player": 1}
    assert _words("rawdeal", first) == "P1 has the highest Superstar Value and goes first"
    tied = {**first, "tied": True}
    assert _words("rawdeal", tied) == "P1 goes first on a tie for the highest Superstar Value"
    bury = {"kind": "move", "player": 0, "from": "p0.hand", "to": "p0.arsenal", "card": None}
    assert _words("rawdeal", bury, 1) == (
        "P0 puts a card from their hand at the bottom of their Arsenal"
    )
    rawdeal = cardtable.load_game("rawdeal").presentation
    assert rawdeal.zone_label("p0.ringside") == "P0's Ringside pile"


def test_shamanking_sentences() -> None:
    counter = {
        "kind": "counterattack",
        "player": 1,
        "card": "moonfang-bite",
        "force": 6,
        "zone": "yellow",
    }
    assert _words("shamanking", counter) == (
        "P1 counterattacks with Moonfang Bite in the yellow zone: Force 6"
    )
    flip = {"kind": "move", "player": 0, "from": "p0.deck", "to": "p0.play.red"}
    assert _words("shamanking", {**flip, "card": "moonfang-bite"}) == (
        "P0 flips Moonfang Bite into the red zone"
    )
    refill = {"kind": "move", "player": 0, "from": "p0.deck", "to": "p0.furyoku.green"}
    assert _words("shamanking", {**refill, "card": None}) == (
        "P0 puts a card from their new deck face down as green furyoku"
    )
    point = {"kind": "point", "player": 0, "points": [2, 1]}
    assert _words("shamanking", point) == "P0 scores a point (points: P0 2, P1 1)"


def test_wcrugby_sentences() -> None:
    pick = {"kind": "move", "player": 1, "from": "t1.pool", "to": "t1.lineup.2"}
    assert _words("wcrugby", {**pick, "card": None}, 0) == (
        "P1 puts a player face down in place 2 of their lineup"
    )
    assert _words("wcrugby", {**pick, "card": "kaito-mori"}, 1) == (
        "P1 puts Kaito Mori face down in place 2 of their lineup"
    )
    assert _words("wcrugby", {"kind": "reveal", "player": 1, "card": "kaito-mori"}) == (
        "P1 reveals Kaito Mori"
    )
    special = {"kind": "move", "player": 0, "from": "t0.hand", "to": "t0.discard"}
    assert (
        _words("wcrugby", {**special, "card": "set-play"}) == "P0 plays the special card Set Play"
    )
    end = {"kind": "period_end", "period": 2, "scores": [11, 9]}
    assert _words("wcrugby", end) == "Period 2 ends: P0 scores 11, P1 scores 9"
    over = {"kind": "game_over", "player": 0, "totals": [44, 36]}
    assert _words("wcrugby", over) == "P0 wins the game, 44 to 36"


def test_a_template_naming_a_missing_field_fails() -> None:
    """A typo in a sentence template is an error naming the kind and the field, not ``PNone``."""
    game = cardtable.load_game("looney")
    view = {"kind": "eliminated", "player": 1}
    assert describe(game, view, {"eliminated": "P{player} is eliminated"}) == "P1 is eliminated"
    with pytest.raises(SentenceFieldError, match=r"'eliminated' event .*\{playr\}"):
        describe(game, view, {"eliminated": "P{playr} is eliminated"})


def test_the_generic_text_has_zones_and_details_in_words() -> None:
    """An event a game leaves to the generic text still reads: zone labels, card names,
    details without ``k=v``."""
    game = cardtable.load_game("rawdeal")
    move = {"kind": "move", "player": 1, "from": "p1.arsenal", "to": "p1.hand", "card": None}
    assert generic_text(game, move) == ("P1 moves a hidden card from P1's Arsenal to P1's hand")
    play = {
        "kind": "play",
        "player": 1,
        "card": "springboard-from-the-apron",
        "as_type": "maneuver",
    }
    assert generic_text(game, play) == (
        "P1: play (card Springboard from the Apron; as type maneuver)"
    )
    assert generic_zone_label("p0.slot1.down") == "P0's slot 1 down"
    assert generic_zone_label("storyboard.2") == "the storyboard 2"
    shuffle = {"kind": "reshuffle", "deck": "movie_deck"}
    assert generic_text(cardtable.load_game("looney"), shuffle) == "Reshuffle (deck the Movie deck)"
