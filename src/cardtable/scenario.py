"""Scenario files (YAML): a start position, actions in the game's notation, expectations.

```yaml
name: colour match beats a higher rank
rule: LT-6.5
game: looney
options: {players: 2}           # a 'cards' folder or file: from the scenario's folder
seed: 1
decks: [starter-wisecrackers, starter-acme-chaos]   # optional, starter names or paths
                               # (a relative path from the scenario file's folder)
setup:                         # pin any zone (decks listed top first)
  p0.hand: [bugs-bunny-wisecracker]
state: {chooser: 0, scores: [0, 0]}                  # game fields, optional
steps:
  - first 0                    # an action that must be legal
  - illegal: place taz-whirlwind on 1
    reason: not in your hand   # part of the reason given
  - expect:
      zones: {p0.score: [desert-chase], p1.hand: 5}  # ids (top first) or a count
      scores: [5, 0]
      winner: 0                # a player, "draw", or null
      terminal: true
      current_player: 1
      phase: placement
      eliminated: [1]
      legal: [done, role]      # exactly these (notation), or legal_includes / legal_excludes
      events: [{kind: scene_scored, player: 0, points: 5}]   # in the last action's events
      observation: {top: [3, 1], teams: [{class_limit: 9.0}, {}]}
```

``observation:`` compares the listed top-level keys of the spectator observation. A mapping
matches if each key it lists matches (other keys are ignored), a list matches a list of the
same length item by item, anything else must be equal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.core.cards import read_yaml
from cardtable.core.decks import Deck
from cardtable.core.errors import ActionNotationError, CardtableError, ScenarioError, brief
from cardtable.core.game import Game
from cardtable.core.registry import load_game
from cardtable.core.state import State

TOP_KEYS = {"name", "rule", "game", "options", "seed", "decks", "setup", "state", "steps", "notes"}
EXPECT_KEYS = {
    "zones",
    "scores",
    "winner",
    "terminal",
    "current_player",
    "phase",
    "eliminated",
    "legal",
    "legal_includes",
    "legal_excludes",
    "events",
    "observation",
}
# the top fields that hold a mapping or a list, and how to say so
SHAPES: dict[str, tuple[type, str]] = {
    "seed": (int, "a whole number"),
    "options": (dict, "a mapping of option names and values"),
    "decks": (list, "a list of starter deck names or deck file paths"),
    "setup": (dict, "a mapping of zone keys to lists of card ids"),
    "state": (dict, "a mapping of game fields and values"),
    "steps": (list, "a list of actions, 'illegal:' and 'expect:' steps"),
}


@dataclass(frozen=True)
class ScenarioResult:
    """The outcome of one scenario file."""

    path: Path
    name: str
    rule: str
    ok: bool
    message: str = ""


def scenario_files(paths: list[Path]) -> list[Path]:
    """The scenario files named, searching folders recursively for *.yaml."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out += sorted(p.rglob("*.yaml"))
        elif p.exists():
            out.append(p)
        else:
            raise ScenarioError(f"{p}: no such file or folder")
    return out


def run_scenario(path: Path) -> ScenarioResult:
    """Run one scenario file; a malformed file or an unmet expectation fails it."""
    try:
        data, _ = read_yaml(path, ScenarioError)
        if not isinstance(data, dict):
            raise ScenarioError("expected a mapping with 'game' and 'steps'")
        name, rule = str(data.get("name", path.stem)), str(data.get("rule", ""))
    except ScenarioError as exc:
        return ScenarioResult(path, path.stem, "", False, str(exc))
    try:
        _run(data, path.parent)
    except (ScenarioError, CardtableError, KeyError, ValueError, TypeError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        return ScenarioResult(path, name, rule, False, str(msg))
    return ScenarioResult(path, name, rule, True)


def _run(data: dict[str, Any], folder: Path) -> None:
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ScenarioError(f"unknown field(s) {unknown}; valid: {sorted(TOP_KEYS)}")
    if "game" not in data or "steps" not in data:
        raise ScenarioError("fields 'game' and 'steps' are required")
    for key, (kind, words) in SHAPES.items():
        if data.get(key) is not None and not isinstance(data[key], kind):
            raise ScenarioError(f"field {key!r}: expected {words}, got {brief(data[key])}")
    game = load_game(str(data["game"]), **scenario_options(data, folder))
    named = data.get("decks") or []
    decks = [scenario_deck(game, str(d), folder) for d in named] or None
    state = game.new_initial_state(seed=int(data.get("seed", 0)), decks=decks)
    state.pin_zones({str(k): list(v or []) for k, v in (data.get("setup") or {}).items()})
    state.pin_fields(dict(data.get("state") or {}))
    events: list[dict[str, Any] | None] = []
    for i, step in enumerate(data["steps"], 1):
        where = f"step {i}"
        if isinstance(step, str | int):
            a = _legal_action(state, str(step), where)
            events = [state.event_view(e, None) for e in state.apply_action(a)]
        elif isinstance(step, dict) and "illegal" in step:
            _check_illegal(state, step, where)
        elif isinstance(step, dict) and set(step) == {"expect"}:
            _check_expect(state, step["expect"], events, where)
        else:
            raise ScenarioError(f"{where}: expected an action, 'illegal:' or 'expect:'")


def scenario_options(data: dict[str, Any], folder: Path) -> dict[str, Any]:
    """A scenario's options; a ``cards`` path is taken from the scenario file's folder when a
    file or folder is there, else as given (as a deck path is)."""
    options = dict(data.get("options") or {})
    cards = options.get("cards")
    if isinstance(cards, str) and (folder / cards).exists():
        options["cards"] = str(folder / cards)
    return options


def scenario_deck(game: Game, spec: str, folder: Path) -> Deck:
    """A scenario's deck: a starter name, or a deck file path taken from the scenario file's
    folder when a file is there, else as given."""
    near = folder / spec
    return game.resolve_deck(str(near) if spec.endswith(".yaml") and near.is_file() else spec)


def _legal_action(state: State, text: str, where: str) -> int:
    try:
        a = state.string_to_action(text)
        if a not in state.legal_actions():
            state.clone().apply_action(a)  # raises with the reason
    except ActionNotationError as exc:
        raise ScenarioError(f"{where}: '{text}' is not an action: {exc.reason}") from None
    except CardtableError as exc:
        raise ScenarioError(f"{where}: action '{text}' was refused: {exc}") from None
    return a


def _check_illegal(state: State, step: dict[str, Any], where: str) -> None:
    text = str(step["illegal"])
    before = (state.history(), list(state.zones))
    try:
        state.apply_action(state.string_to_action(text))
    except CardtableError as exc:
        _check_refusal(state, step, exc, before, where)
        return
    raise ScenarioError(f"{where}: '{text}' should be illegal but was accepted")


def _check_refusal(
    state: State, step: dict[str, Any], exc: CardtableError, before: object, where: str
) -> None:
    """An ``illegal:`` step was refused: with the step's ``reason`` (required when the text
    is no action at all, or a typo would pass as illegal), and changing nothing."""
    text, want = str(step["illegal"]), str(step.get("reason", ""))
    if isinstance(exc, ActionNotationError) and not want:
        raise ScenarioError(
            f"{where}: '{text}' is not an action ({exc.reason}); to test that the notation "
            "is refused, give the 'reason'"
        )
    if want and want.lower() not in str(exc).lower():
        raise ScenarioError(f"{where}: '{text}' refused, but with: {exc}")
    if (state.history(), list(state.zones)) != before:
        raise ScenarioError(f"{where}: refusing '{text}' changed the state")


def _check_expect(
    state: State, exp: dict[str, Any], events: list[dict[str, Any] | None], where: str
) -> None:
    """Raise ScenarioError at the first expectation of ``exp`` that ``state`` (and the event
    views of the last step, ``events``) does not meet."""
    unknown = sorted(set(exp) - EXPECT_KEYS)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown expectation(s) {unknown}; valid: {sorted(EXPECT_KEYS)}"
        )
    obs = state.observation(None)
    _check_zones(state, exp.get("zones") or {}, where)
    for key in ("scores", "current_player", "phase", "eliminated", "winner"):
        if key in exp:
            _same(where, key, obs[key], exp[key])
    _check_observation(obs, exp.get("observation") or {}, where)
    if "terminal" in exp:
        _same(where, "terminal", state.is_terminal(), exp["terminal"])
    _check_legal(state, exp, where)
    for want in exp.get("events") or []:
        if not any(e and all(e.get(k) == v for k, v in want.items()) for e in events):
            seen = [e for e in events if e and e["kind"] != "move"]
            raise ScenarioError(f"{where}: no event like {want}; events: {seen}")


def _check_zones(state: State, zones: dict[str, Any], where: str) -> None:
    """Each zone named holds the cards listed (top first for a stack), or as many as given."""
    truth = _true_zones(state)
    for key, want in zones.items():
        if key not in truth:
            raise ScenarioError(f"{where}: no zone {brief(key)}")
        got = truth[key] if isinstance(want, list) else len(truth[key])
        _same(where, f"zone {key}", got, want)


def _check_observation(obs: dict[str, Any], wanted: dict[str, Any], where: str) -> None:
    """Each observation key named is like the value given (see ``_like``)."""
    for key, want in wanted.items():
        if key not in obs:
            raise ScenarioError(f"{where}: no observation key {brief(key)}; keys: {sorted(obs)}")
        if not _like(obs[key], want):
            raise ScenarioError(
                f"{where}: observation {key} is {brief(obs[key])}, expected {brief(want)}"
            )


def _check_legal(state: State, exp: dict[str, Any], where: str) -> None:
    """The legal actions, in notation: exactly ``legal``, including ``legal_includes``,
    excluding ``legal_excludes``."""
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    if "legal" in exp:
        _same(where, "legal actions", sorted(legal), sorted(map(str, exp["legal"])))
    for a in exp.get("legal_includes") or []:
        if str(a) not in legal:
            raise ScenarioError(f"{where}: '{a}' should be legal; legal: {legal}")
    for a in exp.get("legal_excludes") or []:
        if str(a) in legal:
            raise ScenarioError(f"{where}: '{a}' should not be legal")


def _true_zones(state: State) -> dict[str, list[str]]:
    out = {}
    for i, spec in enumerate(state.game.zone_specs):
        ids = [state.card_id(c) for c in state.zones[i]]
        out[spec.key] = ids[::-1] if spec.stack else ids
    return out


def _like(got: Any, want: Any) -> bool:
    """Whether ``got`` matches ``want``: mappings by the keys ``want`` lists, lists item by
    item, anything else by equality."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _like(got[k], v) for k, v in want.items())
    if isinstance(want, list):
        return (
            isinstance(got, list)
            and len(got) == len(want)
            and all(_like(g, w) for g, w in zip(got, want, strict=True))
        )
    return bool(got == want)


def _same(where: str, what: str, got: Any, want: Any) -> None:
    if got != want:
        raise ScenarioError(f"{where}: {what} is {brief(got)}, expected {brief(want)}")
