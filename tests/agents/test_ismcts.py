"""The ismcts agent: specs, legal whole games, determinism, information sets only, strength."""

from __future__ import annotations

import itertools
import math
from typing import Any, cast

import pytest

import cardtable
from cardtable.agents import make_agent, parse_spec
from cardtable.agents.base import Ceiling
from cardtable.agents.ismcts import ROOT_POLICIES, Budget, ISMCTSAgent, Search, Settings
from cardtable.core.errors import AgentSpecError
from cardtable.core.game import Game
from cardtable.core.hints import hints_of
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng
from cardtable.core.state import State
from cardtable.sim.play import play_game

FAST = "ismcts:iterations=8:depth=30"


def ismcts(spec: str, seed: int = 0) -> ISMCTSAgent:
    agent = make_agent(spec, seed)
    assert isinstance(agent, ISMCTSAgent)
    return agent


def decision_points(game: Game, seed: int, count: int) -> list[State]:
    """Up to ``count`` states the search searches (more than one legal action, none the
    game's hints settle), from one random game."""
    state = game.new_initial_state(seed=seed)
    rng = Rng(seed)
    hints = hints_of(game)
    out: list[State] = []
    while not state.is_terminal() and len(out) < count:
        legal = state.legal_actions()
        obs = state.observation(state.current_player())
        if len(legal) > 1 and hints.settled(obs, legal) is None:
            out.append(state.clone())
        state.apply_action(rng.choice(legal))
    return out


# ----- specs -------------------------------------------------------------------------------
def test_spec_parsing() -> None:
    spec = (
        "ismcts:iterations=200:steps=900:time=0.5:c=1.0:depth=40:epsilon=0.3:bias=2"
        ":root=paired:settle=0:seed=3"
    )
    params: dict[str, Any] = {
        "iterations": 200,
        "steps": 900,
        "time": 0.5,
        "c": 1.0,
        "depth": 40,
        "epsilon": 0.3,
        "bias": 2.0,
        "root": "paired",
        "settle": 0,
    }
    assert parse_spec(spec) == ("ismcts", {**params, "seed": 3})
    agent = ismcts(spec, seed=9)
    assert agent.settings == Settings(**params)
    assert agent.seed == 3
    assert ismcts("ismcts", seed=9).seed == 9
    assert ismcts("ismcts").settings == Settings()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "'iterations' must be at least 1"),
        ("ismcts:steps=0", "'steps' must be at least 1"),
        ("ismcts:time=0", "'time' must be positive"),
        ("ismcts:c=-1", "'c' must not be negative"),
        ("ismcts:depth=0", "'depth' must be at least 1"),
        ("ismcts:epsilon=1.5", "'epsilon' must be from 0 to 1"),
        ("ismcts:bias=-0.5", "'bias' must not be negative"),
        ("ismcts:root=best", "'root' must be one of ucb, paired, halving"),
        ("ismcts:iterations=many", "bad value"),
        ("ismcts:settle=2", "'settle' must be 0 or 1"),
        ("ismcts:width=3", "bad parameter"),
    ],
)
def test_bad_specs_are_refused(spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        make_agent(spec)


# ----- playing -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "players"), [*((n, 2) for n in cardtable.available_games()), ("looney", 3)]
)
def test_plays_a_legal_whole_game(name: str, players: int) -> None:
    """Every action goes through apply_action, which refuses illegal ones."""
    game = cardtable.load_game(name, players=players)
    agents = [make_agent(FAST, 1), *(make_agent("random", p) for p in range(1, players))]
    rec = play_game(game, agents, seed=5)
    assert rec.result is not None
    assert len(rec.actions) <= game.max_game_length


def test_deterministic_for_a_seed() -> None:
    game = cardtable.load_game("shamanking")
    first = play_game(game, [ismcts(FAST, 4), ismcts(FAST, 5)], seed=2)
    again = play_game(game, [ismcts(FAST, 4), ismcts(FAST, 5)], seed=2)
    other = play_game(game, [ismcts(FAST, 6), ismcts(FAST, 5)], seed=2)
    assert first.actions == again.actions
    assert first.actions != other.actions


def test_a_single_legal_action_is_taken_without_search() -> None:
    game = cardtable.load_game("looney")
    state = game.new_initial_state(seed=1)
    rng = Rng(1)
    while len(state.legal_actions()) != 1:
        state.apply_action(rng.choice(state.legal_actions()))
    spy = Spy(state)
    agent = ismcts("ismcts")
    assert (
        agent.decide(InfoSet(cast(State, spy), state.current_player())) == state.legal_actions()[0]
    )
    assert "resample" not in spy.used
    assert agent.last_stats.simulations == 0
    assert agent.act(game, None, [7]) == 7


def test_an_action_the_hints_settle_is_taken_without_search() -> None:
    """AgentHints.settled: Shaman King's opening choice (SK-2.5) is the hints' pick, with no
    simulation; the next decision is searched."""
    game = cardtable.load_game("shamanking")
    state = game.new_initial_state(seed=1)
    agent = ismcts("ismcts:iterations=20")
    choice = agent.decide(InfoSet(state, state.current_player()))
    assert state.action_to_string(choice) == "second"
    assert agent.last_stats.simulations == 0
    state.apply_action(choice)
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    agent.decide(InfoSet(state, state.current_player()))
    assert agent.last_stats.simulations == 20


def test_settle_0_searches_what_the_hints_settle() -> None:
    """``settle=0``: the opening choice that the hints settle (SK-2.5) is searched too."""
    game = cardtable.load_game("shamanking")
    state = game.new_initial_state(seed=1)
    agent = ismcts("ismcts:iterations=20:settle=0")
    assert agent.decide(InfoSet(state, state.current_player())) in state.legal_actions()
    assert agent.last_stats.simulations == 20


def test_a_game_that_settles_nothing_is_not_asked() -> None:
    """A game whose hints keep ``AgentHints.settled`` (Raw Deal) settles nothing, and the
    agent builds no observation to ask them."""

    class Unobserved(InfoSet):
        def observation(self) -> dict[str, Any]:
            raise AssertionError("the observation was built")

    state = cardtable.load_game("rawdeal").new_initial_state(seed=1)
    while len(state.legal_actions()) == 1:
        state.apply_action(state.legal_actions()[0])
    agent = ismcts("ismcts:iterations=4:depth=10")
    assert agent.settled(Unobserved(state, state.current_player()), state.legal_actions()) is None


def test_act_without_an_information_set_is_refused() -> None:
    game = cardtable.load_game("looney")
    with pytest.raises(TypeError, match="decide"):
        ismcts("ismcts").act(game, None, [1, 2])


def test_time_budget() -> None:
    game = cardtable.load_game("looney")
    root = decision_points(game, 3, 1)[0]
    agent = ismcts("ismcts:time=0.05:iterations=1")
    action = agent.decide(InfoSet(root, root.current_player()))
    assert action in root.legal_actions()
    assert agent.last_stats.simulations > 1  # the time budget overrides the iterations


@pytest.mark.parametrize("name", cardtable.available_games())
def test_default_budget_is_the_games(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``iterations`` or ``steps`` the agent runs the game's ``search_iterations``
    and ``search_steps``; a spec's own budget wins over both."""
    game = cardtable.load_game(name)
    monkeypatch.setattr(type(game.hints), "search_iterations", 7)
    monkeypatch.setattr(type(game.hints), "search_steps", None)
    root = decision_points(game, 3, 1)[0]
    info = InfoSet(root, root.current_player())
    agent = ismcts("ismcts:depth=2")
    agent.decide(info)
    assert agent.last_stats.simulations == 7
    assert agent.budget(game) == Budget(7, None, None)
    agent = ismcts("ismcts:depth=2:iterations=5")
    agent.decide(info)
    assert agent.last_stats.simulations == 5
    monkeypatch.setattr(type(game.hints), "search_steps", 3)
    agent = ismcts("ismcts:depth=2")
    agent.decide(info)
    assert agent.budget(game) == Budget(7, 3, None)
    assert agent.last_stats.simulations < 7 and agent.last_stats.decisions >= 3
    assert ismcts("ismcts:iterations=5").budget(game) == Budget(5, None, None)
    assert ismcts("ismcts:steps=40:time=0.1").budget(game) == Budget(None, 40, 0.1)


@pytest.mark.parametrize("root", ROOT_POLICIES)
def test_steps_budget_stops_at_the_first_simulation_that_reaches_it(
    root: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A steps budget stops the search at the first simulation after which the decisions
    played reach it (with a paired root, in the middle of a round); with iterations too,
    whichever limit comes first."""
    game = cardtable.load_game("shamanking")
    state = wide_root(game, 3)
    info = InfoSet(state, state.current_player())
    before: list[int] = []  # the decisions played before each simulation
    simulate = Search.simulate

    def spy(search: Search, sample: State, first: int | None = None) -> None:
        before.append(search.decisions)
        simulate(search, sample, first)

    monkeypatch.setattr(Search, "simulate", spy)
    for steps in (150, 400, 2000):  # more than the first round of a halving root plays
        before.clear()
        search = Search(info, Rng(3), Settings(root=root))
        assert search.run(Budget(None, steps)) == len(before)
        assert before[-1] < steps <= search.decisions
    search = Search(info, Rng(3), Settings(root=root))
    assert search.run(Budget(5, 10**6)) == 5
    with pytest.raises(ValueError, match="needs iterations, steps or seconds"):
        search.run(Budget(None))


@pytest.mark.parametrize("name", cardtable.available_games())
def test_default_exploration_is_the_games(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``c`` the search uses the game's ``search_exploration``; a spec's own ``c``
    wins over it."""
    game = cardtable.load_game(name)
    root = decision_points(game, 3, 1)[0]
    info = InfoSet(root, root.current_player())
    monkeypatch.setattr(type(game.hints), "search_exploration", 0.25)
    assert Search(info, Rng(0), Settings()).c == 0.25
    assert Search(info, Rng(0), Settings(c=1.5)).c == 1.5


@pytest.mark.parametrize("name", cardtable.available_games())
def test_default_depth_is_the_games(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``depth`` a simulation stops at the game's ``search_depth``; a spec's own
    ``depth`` wins over it."""
    game = cardtable.load_game(name)
    assert hints_of(game).search_depth >= 1
    root = decision_points(game, 3, 1)[0]
    info = InfoSet(root, root.current_player())
    assert Search(info, Rng(0), Settings()).depth == hints_of(game).search_depth
    monkeypatch.setattr(type(game.hints), "search_depth", 1)
    assert Search(info, Rng(0), Settings()).depth == 1
    assert Search(info, Rng(0), Settings(depth=7)).depth == 7
    agent = ismcts("ismcts:iterations=6")  # one decision per simulation: the hint's cut-off
    agent.decide(info)
    assert agent.last_stats.decisions == 6
    agent = ismcts("ismcts:iterations=6:depth=2")
    agent.decide(info)
    assert agent.last_stats.decisions > 6


@pytest.mark.parametrize("name", cardtable.available_games())
def test_default_root_is_the_games(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``root`` the search chooses root actions the game's ``search_root`` way; a
    spec's own ``root`` wins over it."""
    game = cardtable.load_game(name)
    assert hints_of(game).search_root in ROOT_POLICIES
    root = decision_points(game, 3, 1)[0]
    info = InfoSet(root, root.current_player())
    for default in ROOT_POLICIES:
        monkeypatch.setattr(type(game.hints), "search_root", default)
        search = Search(info, Rng(0), Settings())
        assert (search.paired, search.halving) == (default != "ucb", default == "halving")
        assert Search(info, Rng(0), Settings(root="paired")).paired
        assert Search(info, Rng(0), Settings(root="halving")).halving
        assert not Search(info, Rng(0), Settings(root="ucb")).paired


@pytest.mark.parametrize("name", cardtable.available_games())
def test_paired_root_plays_every_action_on_the_same_sample_and_seed(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``root=paired`` each round plays one sample from every legal root action in turn,
    each on a copy of the same sample and with a generator in the same state; every action is
    visited equally, and the action played has the best mean."""
    game = cardtable.load_game(name)
    root = decision_points(game, 6, 1)[0]
    legal = root.legal_actions()
    starts: list[tuple[int | None, list[tuple[int, ...]], int, int]] = []
    simulate = Search.simulate

    def spy(search: Search, state: State, first: int | None = None) -> None:
        starts.append((first, state.zones[:], state.rng.state, search.rng.copy().next64()))
        simulate(search, state, first)

    monkeypatch.setattr(Search, "simulate", spy)
    rounds = 5
    search = Search(InfoSet(root, root.current_player()), Rng(7), Settings(root="paired"))
    assert search.run(Budget(rounds * len(legal))) == rounds * len(legal)
    assert [first for first, _, _, _ in starts] == legal * rounds
    for r in range(rounds):
        batch = starts[r * len(legal) : (r + 1) * len(legal)]
        # the same deal, the same future shuffles, the same rollout luck
        assert len({(tuple(zones), flips, seed) for _, zones, flips, seed in batch}) == 1
    assert len({seed for _, _, _, seed in starts}) == rounds  # a new sample and seed a round
    children = search.root.children
    assert sorted(children) == legal
    assert {child.n for child in children.values()} == {rounds}
    means = {a: children[a].w / rounds for a in legal}
    assert means[search.best(legal)] == max(means.values())
    # the best mean wins even over an action visited more
    low, high = legal[0], legal[1]
    children[low].n, children[low].w = rounds + 1, 0.0
    children[high].n, children[high].w = rounds, float(rounds)
    assert search.best(legal) == high


def test_paired_root_budgets() -> None:
    """The iterations budget is exact (the last round cut short); a time budget runs whole
    rounds."""
    game = cardtable.load_game("shamanking")
    root = decision_points(game, 6, 1)[0]
    k = len(root.legal_actions())
    info = InfoSet(root, root.current_player())
    agent = ismcts(f"ismcts:root=paired:iterations={2 * k + 1}")
    assert agent.decide(info) in root.legal_actions()
    assert agent.last_stats.simulations == 2 * k + 1
    agent = ismcts(f"ismcts:root=paired:time=0.05:iterations={2 * k + 1}")
    agent.decide(info)  # the time budget wins over the iterations, and runs whole rounds
    assert agent.last_stats.simulations % k == 0 and agent.last_stats.simulations > 2 * k + 1


def wide_root(game: Game, width: int) -> State:
    """A state with at least ``width`` legal actions, from seeded random games."""
    for seed in range(50):
        for state in decision_points(game, seed, 200):
            if len(state.legal_actions()) >= width:
                return state
    raise AssertionError(f"{game.name}: no decision with {width} legal actions")


@pytest.mark.parametrize(("name", "width"), [("shamanking", 3), ("rawdeal", 5)])
def test_halving_root_drops_the_lower_half_after_each_phase(
    name: str, width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``root=halving`` the rounds are paired, the budget is split into ceil(log2 k)
    phases of whole rounds, after each phase but the last only the half of the actions
    (rounded up) with the higher means stay in the race, the iterations budget is exact, and
    the action played is the best mean left in the race."""
    game = cardtable.load_game(name)
    root = wide_root(game, width)
    legal = root.legal_actions()
    k = len(legal)
    phases = math.ceil(math.log2(k))
    calls: list[tuple[int | None, int]] = []
    halvings: list[tuple[list[int], dict[int, float], list[int]]] = []
    simulate, halve = Search.simulate, Search.halve

    def spy_simulate(search: Search, state: State, first: int | None = None) -> None:
        calls.append((first, search.rng.copy().next64()))
        simulate(search, state, first)

    def spy_halve(search: Search, actions: list[int]) -> list[int]:
        children = search.root.children
        means = {a: children[a].w / children[a].n for a in actions}
        kept = halve(search, actions)
        halvings.append((actions, means, kept))
        return kept

    monkeypatch.setattr(Search, "simulate", spy_simulate)
    monkeypatch.setattr(Search, "halve", spy_halve)
    iterations = 10 * k + 2  # phase shares that are not whole rounds
    search = Search(InfoSet(root, root.current_player()), Rng(5), Settings(root="halving"))
    assert search.run(Budget(iterations)) == iterations == len(calls)
    # the rounds: one seed each, over the actions in the race
    rounds: list[list[int | None]] = []
    for i, (first, seed) in enumerate(calls):
        if i == 0 or seed != calls[i - 1][1]:
            rounds.append([])
        rounds[-1].append(first)
    assert len(halvings) == phases - 1
    racing = legal
    expected: list[list[int]] = []
    for p in range(phases):
        share = iterations * (p + 1) // phases - sum(map(len, expected))
        whole = max(1, share // len(racing)) if p < phases - 1 else -(-share // len(racing))
        expected += [racing] * whole
        if p < phases - 1:
            actions, means, kept = halvings[p]
            assert actions == racing
            top = sorted(actions, key=lambda a: -means[a])[: (len(actions) + 1) // 2]
            assert kept == [a for a in actions if a in top]
            racing = kept
    assert rounds[:-1] == expected[:-1]
    assert rounds[-1] == expected[-1][: len(rounds[-1])]
    assert search.racing == racing
    children = search.root.children
    best = search.best(legal)
    assert best in racing
    assert children[best].w / children[best].n == max(children[a].w / children[a].n for a in racing)
    # an action out of the race is not played, whatever its mean
    out = next(a for a in legal if a not in racing)
    children[out].w = float(children[out].n)
    assert search.best(legal) in racing


def test_halving_root_time_budget_runs_whole_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a time budget the iterations are ignored, the time is shared among the phases,
    and every phase runs whole rounds: first of every legal action, then of those left."""
    game = cardtable.load_game("shamanking")
    root = wide_root(game, 3)
    k = len(root.legal_actions())
    seeds: list[int] = []  # the rollout seed of each simulation: one a round
    simulate = Search.simulate

    def spy(search: Search, state: State, first: int | None = None) -> None:
        seeds.append(search.rng.copy().next64())
        simulate(search, state, first)

    monkeypatch.setattr(Search, "simulate", spy)
    agent = ismcts("ismcts:root=halving:time=0.2:iterations=1")
    assert agent.decide(InfoSet(root, root.current_player())) in root.legal_actions()
    sizes = [len(list(group)) for _, group in itertools.groupby(seeds)]
    first = sizes.index((k + 1) // 2)  # the first round after the halving
    assert first >= 1 and set(sizes[:first]) == {k} and set(sizes[first:]) == {(k + 1) // 2}
    assert len(sizes) - first > 1  # the second phase had time of its own, not one round


def test_cut_off_uses_the_game_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulation cut off at ``depth`` asks the game's evaluate(), on a sampled state."""
    game = cardtable.load_game("looney")
    root = decision_points(game, 3, 1)[0]
    me = root.current_player()
    calls: list[State] = []

    def evaluate(state: State) -> list[float]:
        calls.append(state)
        return [1.0 if p == me else -1.0 for p in range(game.num_players)]

    monkeypatch.setattr(game.hints, "evaluate", evaluate)
    agent = ismcts("ismcts:iterations=30:depth=1")
    agent.decide(InfoSet(root, me))
    assert len(calls) == 30
    assert agent.last_stats.decisions == 30
    assert all(s is not root for s in calls)


# ----- information sets only ---------------------------------------------------------------
class Spy:
    """A state that records which of its attributes are used."""

    def __init__(self, state: State) -> None:
        self._state = state
        self.used: set[str] = set()

    def __getattr__(self, name: str) -> Any:
        self.used.add(name)
        return getattr(self._state, name)


@pytest.mark.parametrize("name", cardtable.available_games())
def test_reads_the_true_state_only_through_sample(name: str) -> None:
    game = cardtable.load_game(name)
    for root in decision_points(game, 8, 3):
        history, zones = root.history(), root.zones[:]
        spy = Spy(root)
        agent = ismcts("ismcts:iterations=20", 1)
        action = agent.decide(InfoSet(cast(State, spy), root.current_player()))
        assert action in root.legal_actions()
        # InfoSet itself reads current_player, legal_actions and game; the agent reads the
        # player's observation (for the hints' settled action) and otherwise only samples
        assert spy.used <= {"current_player", "legal_actions", "game", "observation", "resample"}
        assert root.history() == history and root.zones == zones


@pytest.mark.parametrize("name", cardtable.available_games())
def test_same_decisions_in_states_the_player_cannot_tell_apart(name: str) -> None:
    """A state and a resample of it for the player to act give the same decisions."""
    game = cardtable.load_game(name)
    rng = Rng(4)
    for root in decision_points(game, 12, 6):
        p = root.current_player()
        other = root.resample(p, rng)
        assert other.observation(p) == root.observation(p)
        a = ismcts("ismcts:iterations=15", 3).decide(InfoSet(root, p))
        b = ismcts("ismcts:iterations=15", 3).decide(InfoSet(other, p))
        assert a == b


@pytest.mark.parametrize("name", cardtable.available_games())
def test_moves_of_different_players_never_share_a_node(name: str) -> None:
    """Every node's actions are taken by one player: an action that hands the move to
    different players in different samples goes on at one node per player."""
    game = cardtable.load_game(name)
    for root in decision_points(game, 5, 4):
        p = root.current_player()
        search = Search(InfoSet(root, p), Rng(2), Settings(iterations=150))
        search.run(Budget(150))
        assert {child.player for child in search.root.children.values()} == {p}
        nodes, followed = [search.root], 0
        while nodes:
            node = nodes.pop()
            assert len({child.player for child in node.children.values()}) <= 1
            for child in node.children.values():
                for mover, after in (child.then or {}).items():
                    assert {c.player for c in after.children.values()} <= {mover}
                    nodes.append(after)
                    followed += 1
        assert followed > 0


def test_infoset_exposes_what_the_player_knows() -> None:
    game = cardtable.load_game("looney")
    state = decision_points(game, 2, 1)[0]
    p = state.current_player()
    info = InfoSet(state, p)
    assert (info.player, info.game) == (p, game)
    assert info.observation() == state.observation(p)
    legal = info.legal_actions()
    legal.clear()
    assert info.legal_actions() == state.legal_actions()
    sample = info.sample(Rng(3))
    assert sample is not state and sample.observation(p) == state.observation(p)
    with pytest.raises(ValueError, match="not to act"):
        InfoSet(state, 1 - p)


# ----- strength ----------------------------------------------------------------------------
def test_beats_random() -> None:
    """Shaman King, 16 seeded games with seats swapped: ismcts (20 simulations a decision) wins
    at least 14. A player no better than random would do that with probability 137/65536
    (0.2%); on these seeds random itself wins 10."""
    game = cardtable.load_game("shamanking")
    wins = 0
    for i in range(16):
        seat = i % 2
        agents = [make_agent("random", 100 + i), make_agent("random", 200 + i)]
        agents[seat] = make_agent("ismcts:iterations=20", i)
        rec = play_game(game, agents, seed=300 + i)
        assert rec.result is not None
        wins += rec.result[seat] > 0
    assert wins >= 14, wins


@pytest.mark.parametrize("root", ROOT_POLICIES)
def test_a_ceiling_cuts_any_budget(root: str) -> None:
    """A server's ceiling bounds a decision whatever the spec asks for: its depth caps the
    spec's, and the search stops at its steps or its seconds even when the spec's budget
    is iterations or time (the last simulation may overrun the steps by at most the
    depth)."""
    game = cardtable.load_game("shamanking")
    state = wide_root(game, 3)
    info = InfoSet(state, state.current_player())
    settings = Settings(iterations=10**9, depth=1000, root=root)
    assert Search(info, Rng(0), settings, Ceiling(depth=12)).depth == 12
    for budget in (Budget(10**9), Budget(None, None, 600.0)):
        search = Search(info, Rng(3), settings, Ceiling(steps=300, depth=12))
        assert search.run(budget) >= 1
        assert 300 <= search.decisions <= 300 + 12
        search = Search(info, Rng(3), settings, Ceiling(seconds=0.05))
        assert search.run(budget) >= 1  # it returns: the ceiling's seconds passed
    agent = ismcts(f"ismcts:iterations=2000:root={root}")
    agent.ceiling = Ceiling(steps=100, depth=5)
    assert agent.decide(info) in info.legal_actions()
    assert agent.last_stats.decisions <= 100 + 5 and agent.last_stats.simulations < 2000
