"""Input a user or a client controls is hostile: arbitrary text at every game's notation,
arbitrary values at ``apply_action``, arbitrary data at the deck and card loaders. Only
cardtable's own errors may come out (never a KeyError, TypeError, ...), and the notation's
"not an action" stays apart from the rules' "illegal now"."""

from __future__ import annotations

import itertools
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardtable
from cardtable.core.errors import ActionNotationError, CardtableError, IllegalActionError
from cardtable.core.game import Game
from cardtable.core.state import State

GAMES = cardtable.available_games()
SRC = Path(cardtable.__file__).resolve().parent / "games"
HOSTILE = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "60")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)

# JSON- and YAML-like data, as a client or a file may hold it
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=20),
)
data = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=10), st.integers()), inner, max_size=4),
    ),
    max_leaves=12,
)


def game(name: str) -> Game:
    return cardtable.load_game(name)


def words_of(g: Game) -> list[str]:
    """The words of the game's notation (every legal action's notation, from a few games),
    with its card ids: the pieces a hostile text is built from."""
    state = g.new_initial_state(seed=3)
    found: set[str] = set(g.card_ids[:40])
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        found |= {w for a in legal[:20] for w in g.action_to_string(a).split()}
        state.apply_action(rng.choice(legal))
    return sorted(found | {"-1", "0", "5", "99", "²", "٣", "on", "as", "for"})


def mid_game(g: Game, seed: int, steps: int) -> State:
    state = g.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def notation(g: Game) -> st.SearchStrategy[str]:
    """Arbitrary text, and text made of the game's own words in any order."""
    return st.one_of(
        st.text(),
        st.lists(st.sampled_from(words_of(g)), max_size=6).map(" ".join),
    )


@pytest.mark.parametrize("name", GAMES)
def test_notation_gives_an_action_or_says_it_is_none(name: str) -> None:
    g = game(name)

    @HOSTILE
    @given(notation(g))
    def check(text: str) -> None:
        try:
            a = g.string_to_action(text)
        except ActionNotationError as exc:
            assert exc.reason and exc.action == text
            return
        assert 0 <= a < g.num_distinct_actions()
        assert g.string_to_action(g.action_to_string(a)) == a

    check()


@pytest.mark.parametrize("name", GAMES)
def test_non_text_notation_is_refused(name: str) -> None:
    g = game(name)

    @HOSTILE
    @given(st.one_of(st.none(), st.integers(), st.floats(), st.lists(st.text(max_size=3))))
    def check(value: Any) -> None:
        with pytest.raises(ActionNotationError):
            g.string_to_action(value)

    check()


@pytest.mark.parametrize("name", GAMES)
def test_apply_action_takes_only_actions(name: str) -> None:
    g = game(name)
    states = [mid_game(g, seed, steps) for seed, steps in itertools.product((1, 2), (0, 9, 40))]
    n = g.num_distinct_actions()

    @HOSTILE
    @given(
        st.sampled_from(states),
        st.one_of(st.integers(), st.integers(-3, n + 3), st.text(max_size=10), scalars, data),
    )
    def check(state: State, value: Any) -> None:
        state = state.clone()
        before = (state.history(), list(state.zones), state.rng.state)
        legal = state.legal_actions()
        try:
            state.apply_action(value)
        except ActionNotationError:
            assert isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n
        except IllegalActionError:
            assert isinstance(value, int) and 0 <= value < n and value not in legal
        else:
            assert type(value) is int and value in legal
            return
        assert (state.history(), list(state.zones), state.rng.state) == before

    check()


@pytest.mark.parametrize("name", GAMES)
def test_deck_data_is_a_deck_or_a_deck_file_error(name: str) -> None:
    g = game(name)
    starters = [d.to_dict() for d in g.starter_decks().values()]

    def mutated(base: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
        out = dict(base)
        out[key] = value
        return out

    keys = sorted({k for d in starters for k in d} | {"extra"})
    counts = st.dictionaries(st.sampled_from(g.card_ids), st.integers(-2, 70), max_size=40)
    decks = st.one_of(
        data,
        st.builds(mutated, st.sampled_from(starters), st.sampled_from(keys), data),
        st.builds(mutated, st.sampled_from(starters), st.sampled_from(keys), counts),
        st.builds(
            mutated, st.sampled_from(starters), st.sampled_from(keys), st.sampled_from(g.card_ids)
        ),
    )

    @HOSTILE
    @given(decks)
    def check(value: Any) -> None:
        try:
            deck = g.deck_from_dict(value, where="hostile")
        except CardtableError as exc:
            assert str(exc)
            return
        if not g.check_deck(deck):
            g.new_initial_state(seed=1, decks=[deck] * g.num_players).legal_actions()

    check()


def card_entries(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(file name, card entry) of every shipped card of a game."""
    out = []
    for path in sorted((SRC / name / "cards").glob("*.yaml")):
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [(path.name, entry) for entry in loaded["cards"]]
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_changed_card_file_loads_or_says_what_is_wrong(name: str, tmp_path: Path) -> None:
    """One card entry of the shipped set changed (a field set to arbitrary data, or the
    entry replaced), written as a card folder and loaded with ``-o cards=DIR``."""
    entries = card_entries(name)
    fields = sorted({k for _, e in entries for k in e} | {"extra"})
    seen = [v for _, e in entries for v in e.values()]  # values other cards give a field
    values = st.one_of(data, st.sampled_from(seen), st.integers(-2, 100))
    folders = itertools.count()

    @settings(HOSTILE, max_examples=max(HOSTILE.max_examples // 2, 1))
    @given(
        st.integers(0, len(entries) - 1),
        st.sampled_from(fields),
        values,
        st.booleans(),
    )
    def check(which: int, field: str, value: Any, whole: bool) -> None:
        files: dict[str, list[Any]] = {}
        for i, (file, entry) in enumerate(entries):
            if i == which:
                entry = value if whole else {**entry, field: value}
            files.setdefault(file, []).append(entry)
        folder = tmp_path / str(next(folders))
        folder.mkdir()
        for file, cards in files.items():
            text = yaml.safe_dump({"set": "x", "cards": cards}, allow_unicode=True)
            (folder / file).write_text(text, encoding="utf-8")
        try:
            g = cardtable.load_game(name, cards=str(folder))
            g.new_initial_state(seed=1)
        except CardtableError as exc:
            assert str(exc)

    check()


@pytest.mark.parametrize("name", GAMES)
def test_any_card_file_text_loads_or_says_what_is_wrong(name: str, tmp_path: Path) -> None:
    files = itertools.count()

    @settings(HOSTILE, max_examples=max(HOSTILE.max_examples // 2, 1))
    @given(st.one_of(st.text(), st.binary().map(lambda b: b.decode("latin-1"))))
    def check(text: str) -> None:
        path = tmp_path / f"{next(files)}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            cardtable.load_game(name, cards=str(path))
        except CardtableError as exc:
            assert str(exc)

    check()


def test_a_card_file_that_is_not_utf8_is_a_card_file_error(tmp_path: Path) -> None:
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"set: x\ncards: [{id: caf\xe9}]\n")
    with pytest.raises(CardtableError, match=r"latin\.yaml: byte 23: not UTF-8"):
        cardtable.load_game("looney", cards=str(path))


@pytest.mark.parametrize("name", GAMES)
def test_a_game_record_replays_or_says_what_is_wrong(name: str, tmp_path: Path) -> None:
    """A record of a real game with one field replaced by arbitrary data (or an action
    changed) is read and replayed, or refused with a RecordError."""
    from cardtable.agents.base import make_agent
    from cardtable.records import load_record, replay
    from cardtable.sim.play import play_game

    g = game(name)
    good = play_game(g, [make_agent("random", p) for p in range(g.num_players)], seed=4)
    base = json.loads(good.to_json())
    files = itertools.count()

    def change(key: str, value: Any, at: int) -> dict[str, Any]:
        out = dict(base)
        if key == "action" and base["actions"]:
            out["actions"] = [*base["actions"]]
            out["actions"][at % len(base["actions"])] = value
        else:
            out[key] = value
        return out

    keys = [*base, "action"]

    @HOSTILE
    @given(st.one_of(data, st.builds(change, st.sampled_from(keys), data, st.integers(0, 999))))
    def check(record: Any) -> None:
        path = tmp_path / f"{next(files)}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        try:
            for _ in replay(load_record(path)):
                pass
        except CardtableError as exc:
            assert str(exc)

    check()


BOMB = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 8)
)


@pytest.mark.parametrize("kind", ["deck", "cards", "scenario"])
def test_yaml_aliases_are_refused_in_every_file_a_user_gives(kind: str, tmp_path: Path) -> None:
    """Issue 27.1: a few hundred bytes of nested aliases stand for 10**8 strings; every
    loader of user files refuses aliases by name (line included) instead of expanding."""
    from cardtable.scenario import run_scenario

    tail = {"deck": "game: *a7\n", "cards": "cards: *a7\n", "scenario": "setup: *a7\n"}[kind]
    path = tmp_path / f"{kind}.yaml"
    path.write_text(BOMB + tail)
    if kind == "scenario":
        result = run_scenario(path)
        assert not result.ok and "line 2" in result.message and "aliases" in result.message
        return
    with pytest.raises(CardtableError, match=r"line 2.*aliases") as err:
        if kind == "deck":
            cardtable.load_game("looney").load_deck(path)
        else:
            cardtable.load_game("looney", cards=str(tmp_path))
    assert len(str(err.value)) < 300


# ----- agent specs, scenario files, deck file texts (issue 27: every parser a user reaches) --

AGENT_KEYS = ["seed", "iterations", "steps", "time", "c", "depth", "epsilon", "bias", "root", "x"]
spec_values = st.one_of(
    st.integers(-5, 10**6).map(str),
    st.floats().map(str),
    st.text(max_size=6),
    st.sampled_from(["nan", "inf", "-0", "1e309", "ucb", "paired", "halving", "²", "1_0", ""]),
)
spec_parts = st.lists(
    st.builds(
        "{}{}{}".format, st.sampled_from(AGENT_KEYS), st.sampled_from(["=", "", "=="]), spec_values
    ),
    max_size=4,
)
agent_specs = st.one_of(
    st.text(max_size=30),
    st.builds(
        lambda name, parts: ":".join([name, *parts]),
        st.sampled_from(["random", "greedy", "ismcts", " greedy ", "", "x"]),
        spec_parts,
    ),
)


def test_an_agent_spec_builds_an_agent_or_says_what_is_wrong() -> None:
    from cardtable.agents.base import Agent, make_agent

    @HOSTILE
    @given(agent_specs)
    def check(spec: str) -> None:
        try:
            agent = make_agent(spec)
        except CardtableError as exc:
            assert str(exc) and len(str(exc)) < 400
            return
        assert isinstance(agent, Agent)

    check()


SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "games").glob("*/scenarios/*.yaml"))


def test_a_changed_scenario_file_runs_or_says_what_is_wrong(tmp_path: Path) -> None:
    """A shipped scenario with one field (or one step) replaced by arbitrary data, or any
    text at all, gives a result (passed or failed, with a message): nothing escapes."""
    from cardtable.scenario import run_scenario

    assert SCENARIOS
    files = itertools.count()

    def change(path: Path, key: str, value: Any, at: int) -> Any:
        base = yaml.safe_load(path.read_text(encoding="utf-8"))
        if key == "step" and base.get("steps"):
            base["steps"][at % len(base["steps"])] = value
        else:
            base[key] = value
        return base

    keys = ["game", "options", "seed", "decks", "setup", "state", "steps", "step", "x"]
    changed = st.builds(
        change,
        st.sampled_from(SCENARIOS),
        st.sampled_from(keys),
        st.one_of(data, st.sampled_from(["looney", "goofspiel", "rawdeal", "first 0", 0])),
        st.integers(0, 99),
    )

    @settings(HOSTILE, max_examples=max(HOSTILE.max_examples // 2, 1))
    @given(st.one_of(changed.map(yaml.safe_dump), st.text()))
    def check(text: str) -> None:
        path = tmp_path / f"{next(files)}.yaml"
        path.write_text(text, encoding="utf-8")
        result = run_scenario(path)
        assert result.ok or result.message

    check()


@pytest.mark.parametrize("name", GAMES)
def test_any_deck_file_text_is_a_deck_or_a_deck_file_error(name: str, tmp_path: Path) -> None:
    g = game(name)
    starters = [yaml.safe_dump(d.to_dict()) for d in g.starter_decks().values()]
    files = itertools.count()

    def cut(text: str, at: int, insert: str) -> str:
        at %= len(text) + 1
        return text[:at] + insert + text[at:]

    texts = st.one_of(
        st.text(),
        st.builds(cut, st.sampled_from(starters), st.integers(0, 10**4), st.text(max_size=8)),
    )

    @settings(HOSTILE, max_examples=max(HOSTILE.max_examples // 2, 1))
    @given(texts)
    def check(text: str) -> None:
        path = tmp_path / f"{next(files)}.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            g.load_deck(path)
        except CardtableError as exc:
            assert str(exc)

    check()


@pytest.mark.parametrize("key", ["options", "decks", "setup", "state", "steps"])
def test_a_scenario_field_of_the_wrong_shape_fails_the_scenario(key: str, tmp_path: Path) -> None:
    """Found by the fuzzer above: ``setup: text`` raised AttributeError out of run_scenario."""
    from cardtable.scenario import run_scenario

    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump({"game": "looney", "steps": [], key: "p0.hand"}))
    result = run_scenario(path)
    assert not result.ok and f"field '{key}'" in result.message
