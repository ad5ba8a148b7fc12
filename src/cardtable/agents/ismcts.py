"""Information Set Monte Carlo Tree Search: a search agent for every registered game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 4(2)). One tree is grown over the acting player's information set. Each
simulation:

1. *determinizes*: draws a full state with ``InfoSet.sample`` (a state the player cannot tell
   apart from the true one; the true state is never read);
2. *selects*: walks down the tree through actions legal in that state, by UCB1 with
   availability counts (a child's exploration term uses how often it was *available*, not how
   often its parent was visited), plus a progressive bias towards the actions the game's
   heuristics prefer, which fades as a child is visited. After an action the walk goes on
   at the node of the player to act next: where the same action hands the move to different
   players in different samples (a reversal flipped from the deck ends a turn in one, not in
   another), their moves never share a node. With ``root=paired`` the root action is not
   chosen by UCB1: each sample is played once from every legal root action in turn, with the
   same rollout seed, so that the actions are compared on common random numbers (the same
   deal and the same luck), and the tree below each root action grows as usual. With
   ``root=halving`` the rounds are paired too, and the budget comes in phases (sequential
   halving, Karnin, Koren & Somekh 2013): after each phase the half of the root actions with
   the lower means leave, and the simulations left go to the closer contest;
3. *expands* one untried action, the one the heuristics value most;
4. *rolls out* with an epsilon-greedy policy over ``game.hints.heuristic_values`` of the
   acting player's observation of the rollout state (``hints.rollout_values``, which a game
   may read straight from the state) until the game ends or ``depth`` decisions past the root;
5. *evaluates*: ``returns()`` at the end; at the cut-off ``game.hints.evaluate(state)``, or 0 for
   every player when the game offers none;
6. *backs up* the result: each node keeps the mean result of the player who chose the action
   leading to it, scaled to 0..1 by the game's ``min_return``/``max_return``.

The move played is the root action visited most (with ``root=paired``, the one with the best
mean result; with ``root=halving``, the best mean among the actions left in the race).
Spec: ``ismcts``, ``ismcts:iterations=200``, ``ismcts:time=0.5``,
``ismcts:c=1.0:depth=40:epsilon=0.3:bias=0:root=paired:seed=3``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from cardtable.agents.base import Agent, Ceiling, register_agent
from cardtable.core.errors import AgentSpecError, brief
from cardtable.core.game import Game
from cardtable.core.hints import AgentHints, hints_of
from cardtable.core.infoset import InfoSet
from cardtable.core.rng import Rng
from cardtable.core.state import TERMINAL, State

DEFAULT_EPSILON = 0.1
DEFAULT_BIAS = 3.0
ROOT_POLICIES = ("ucb", "paired", "halving")


@dataclass(frozen=True)
class Settings:
    """How to search: simulations per decision, and a cap on the decisions played in them
    (tree and rollout together), whichever runs out first (both ``None``: the game's hints'
    ``search_iterations`` and ``search_steps``), or seconds, which win when given; the UCB1
    exploration constant (``None``: the game's ``search_exploration``), the cut-off in
    decisions past the root (``None``: the game's ``search_depth``), the rollout's chance of
    a random action, the weight of the heuristic prior, and how the root action is chosen in
    a simulation (one of ``ROOT_POLICIES``; ``None``: the game's ``search_root``); ``settle``
    1 takes the decisions the game's hints settle without a search, 0 searches them too."""

    iterations: int | None = None
    steps: int | None = None
    time: float | None = None
    c: float | None = None
    depth: int | None = None
    epsilon: float = DEFAULT_EPSILON
    bias: float = DEFAULT_BIAS
    root: str | None = None
    settle: int = 1

    def check(self) -> None:
        """Raise AgentSpecError naming the first setting out of range."""
        _check(
            self.iterations is None or self.iterations >= 1,
            "iterations",
            "must be at least 1",
            self.iterations,
        )
        _check(self.steps is None or self.steps >= 1, "steps", "must be at least 1", self.steps)
        _check(self.time is None or self.time > 0, "time", "must be positive", self.time)
        _check(self.c is None or self.c >= 0, "c", "must not be negative", self.c)
        _check(self.depth is None or self.depth >= 1, "depth", "must be at least 1", self.depth)
        _check(0.0 <= self.epsilon <= 1.0, "epsilon", "must be from 0 to 1", self.epsilon)
        _check(self.bias >= 0, "bias", "must not be negative", self.bias)
        _check(
            self.root is None or self.root in ROOT_POLICIES,
            "root",
            f"must be one of {', '.join(ROOT_POLICIES)}",
            self.root,
        )
        _check(self.settle in (0, 1), "settle", "must be 0 or 1", self.settle)


def _check(ok: bool, key: str, rule: str, value: object) -> None:
    if not ok:
        raise AgentSpecError(f"agent 'ismcts': parameter {brief(key)} {rule}, got {brief(value)}")


class SearchStats(NamedTuple):
    """What one decision cost: simulations run, decisions played in them (tree and rollout
    together) and wall seconds."""

    simulations: int
    decisions: int
    seconds: float


class Budget(NamedTuple):
    """What one decision may spend: ``iterations`` simulations and ``steps`` decisions played
    in them (tree and rollout together), whichever runs out first (``None``: no limit); or,
    when ``seconds`` is given, that much time instead."""

    iterations: int | None
    steps: int | None = None
    seconds: float | None = None


class Node:
    """One node of the search tree: the action that led here was chosen by ``player``.

    ``n`` visits, ``w`` the sum of ``player``'s scaled results (0..1) over those visits,
    ``avail`` how many times the action was legal when the parent was visited, ``prior`` the
    heuristic value of the action (0..1) where it was first tried. ``then`` maps the player to
    act after the action to the node where the search goes on; that node's ``children`` are
    that player's actions (its own counts are not used)."""

    __slots__ = ("avail", "children", "n", "player", "prior", "then", "w")

    def __init__(self, player: int, prior: float = 0.0) -> None:
        self.player = player
        self.prior = prior
        self.n = 0
        self.w = 0.0
        self.avail = 1
        self.children: dict[int, Node] = {}
        self.then: dict[int, Node] | None = None

    def next_node(self, player: int) -> Node:
        """The node where the search goes on after this node's action when ``player`` is to
        act (made on first use)."""
        then = self.then
        if then is None:
            then = self.then = {}
        node = then.get(player)
        if node is None:
            node = then[player] = Node(-1)
        return node


class Search:
    """One search over one information set; :meth:`run` grows the tree, :meth:`best` reads
    the decision from it. A :class:`Ceiling` bounds it whatever its settings and budget:
    a simulation plays at most ``depth`` decisions, and the search stops once ``steps``
    decisions have been played or ``seconds`` have passed (checked between simulations, so
    the last one may overrun by at most ``depth`` decisions)."""

    __slots__ = (
        "bias",
        "c",
        "ceiling",
        "cutoff",
        "decisions",
        "depth",
        "epsilon",
        "game",
        "halving",
        "hints",
        "info",
        "lo",
        "paired",
        "racing",
        "rng",
        "root",
        "scale",
        "zeros",
    )

    def __init__(
        self, info: InfoSet, rng: Rng, settings: Settings, ceiling: Ceiling | None = None
    ) -> None:
        self.info = info
        self.game: Game = info.game
        self.rng = rng
        self.hints = hints = hints_of(self.game)
        self.c = hints.search_exploration if settings.c is None else settings.c
        self.ceiling = ceiling or Ceiling()
        depth = hints.search_depth if settings.depth is None else settings.depth
        self.depth = depth if self.ceiling.depth is None else min(depth, self.ceiling.depth)
        self.cutoff: float | None = None  # the ceiling's deadline (perf_counter), once running
        self.epsilon = settings.epsilon
        self.bias = settings.bias
        root = settings.root or hints.search_root
        self.paired = root in ("paired", "halving")  # root actions compared on the same samples
        self.halving = root == "halving"
        self.racing: list[int] | None = None  # the root actions still in the race (paired)
        self.root = Node(-1)
        self.lo = self.game.min_return()
        span = self.game.max_return() - self.lo
        self.scale = 1.0 / span if span > 0 else 1.0
        self.zeros = [0.0] * self.game.num_players
        self.decisions = 0  # decisions played in all simulations so far (tree and rollout)

    def run(self, budget: Budget) -> int:
        """Run simulations until the ``budget`` is spent: ``iterations`` simulations or
        ``steps`` decisions played in them, whichever comes first; when ``seconds`` is given,
        as many as fit in that time instead (at least one). Return the number run; raises
        ValueError for a budget without a limit. The ceiling, if any, stops it sooner."""
        if budget == Budget(None):
            raise ValueError("a search budget needs iterations, steps or seconds")
        seconds = self.ceiling.seconds
        self.cutoff = None if seconds is None else time.perf_counter() + seconds
        if self.paired:
            return self.run_paired(budget)
        done = 0
        if budget.seconds is None:
            while not self.spent(done, budget.iterations, budget.steps):
                self.simulate(self.info.sample(self.rng))
                done += 1
            return done
        deadline = time.perf_counter() + budget.seconds
        while done == 0 or (time.perf_counter() < deadline and not self.halted()):
            self.simulate(self.info.sample(self.rng))
            done += 1
        return done

    def spent(self, done: int, iterations: int | None, steps: int | None) -> bool:
        """Whether ``done`` simulations, and the decisions played so far, reach either limit
        (``None``: no limit), or the ceiling is reached."""
        return (
            (iterations is not None and done >= iterations)
            or (steps is not None and self.decisions >= steps)
            or self.halted()
        )

    def halted(self) -> bool:
        """Whether the ceiling is reached: its steps played or its seconds passed."""
        cap = self.ceiling.steps
        if cap is not None and self.decisions >= cap:
            return True
        return self.cutoff is not None and time.perf_counter() >= self.cutoff

    def run_paired(self, budget: Budget) -> int:
        """Run simulations in rounds: each round draws one sample and one rollout seed and
        plays a copy of that sample from every root action still in the race in turn, each
        with a fresh generator on that seed. With ``root=paired`` every legal action stays in
        the race. With ``root=halving`` the budget is split evenly into ``ceil(log2 k)``
        phases for ``k`` legal actions, and after each phase but the last the actions with
        the lower means leave the race, so that half of them (rounded up) stay.
        An iterations or steps budget is exact, the last round cut short (a phase before the
        last runs whole rounds, at least one, up to its share of the simulations or until
        its share of the steps is played); with ``seconds`` each phase runs whole rounds, at
        least one, until its share of the time has passed. Return the number of simulations
        run."""
        legal = self.info.legal_actions()
        if not legal:
            return 0
        children = self.root.children
        for a in legal:
            if a not in children:
                children[a] = Node(self.info.player)
        phases = max(1, math.ceil(math.log2(len(legal)))) if self.halving else 1
        racing = list(legal)
        start = time.perf_counter()
        done = 0
        for phase in range(1, phases + 1):
            last = phase == phases
            share = Budget(
                None if budget.iterations is None else budget.iterations * phase // phases,
                None if budget.steps is None else budget.steps * phase // phases,
                None if budget.seconds is None else start + budget.seconds * phase / phases,
            )
            done = self.rounds(racing, done, share, last)
            if self.halted():  # the ceiling ends the race where it stands
                break
            if not last:
                racing = self.halve(racing)
        self.racing = racing
        return done

    def rounds(self, actions: list[int], done: int, goal: Budget, cut: bool) -> int:
        """Play rounds over the root ``actions`` (see :meth:`run_paired`), ``done``
        simulations having been run before, up to ``goal``: simulations and decisions played
        in all, or when its ``seconds`` (here a deadline on the ``perf_counter`` clock) are
        given, whole rounds, at least one, until that time. Without a deadline the last round
        is cut short when ``cut`` is true, and only whole rounds (at least one) are played
        when it is not. Return the number of simulations run in all."""
        main = self.rng
        k = len(actions)
        sims, steps, deadline = goal
        exact = cut and deadline is None  # stop at the simulation that spends the goal
        try:
            while not (exact and self.spent(done, sims, steps)) and not self.halted():
                sample = self.info.sample(main)
                seed = main.next64()
                for a in actions:
                    if (exact and self.spent(done, sims, steps)) or self.halted():
                        break
                    self.rng = Rng(seed)
                    self.simulate(sample.clone(), a)
                    done += 1
                if deadline is not None:
                    if time.perf_counter() >= deadline:
                        break
                elif not cut and self.spent(done + k - 1, sims, steps):
                    break
        finally:
            self.rng = main
        return done

    def halve(self, actions: list[int]) -> list[int]:
        """The half of the root ``actions`` (rounded up) with the higher means, in their
        order; between equal means the earlier action stays."""
        children = self.root.children
        ranked = sorted(actions, key=lambda a: -children[a].w / children[a].n)
        stay = set(ranked[: (len(actions) + 1) // 2])
        return [a for a in actions if a in stay]

    def simulate(self, state: State, first: int | None = None) -> None:
        """One simulation on the sampled ``state`` (changed in place): select (beginning with
        the root action ``first`` when it is given), expand, roll out, evaluate, back up."""
        path, steps = self.descend(state, first)
        steps = self.rollout(state, steps)
        self.decisions += steps
        results = self.results(state)
        for node in path:
            node.n += 1
            node.w += results[node.player]

    def descend(self, state: State, first: int | None = None) -> tuple[list[Node], int]:
        """Walk down the tree from the root, applying the chosen actions to ``state``, until a
        node is expanded, the game ends or ``depth`` is reached; after each action the walk
        goes on at the node of the player to act next. A root action ``first`` (whose child
        must exist) is taken without selection. Return the nodes of the actions taken and the
        number of decisions taken."""
        node = self.root
        path: list[Node] = []
        steps = 0
        if first is not None:
            child = node.children[first]
            state.push(first)
            path.append(child)
            steps = 1
            node = child.next_node(state.current_player())
        depth = self.depth
        while steps < depth:
            p = state.current_player()
            if p == TERMINAL:
                break
            action, child, expanded = self.select(node, state, p)
            state.push(action)
            path.append(child)
            steps += 1
            if expanded:
                break
            node = child.next_node(state.current_player())
        return path, steps

    def select(self, node: Node, state: State, player: int) -> tuple[int, Node, bool]:
        """The action to take at ``node`` in ``state`` (a determinization), its child, and
        whether the child is new. Counts one more availability for every legal child; expands
        an untried action if there is one, else maximizes UCB1 plus the progressive bias."""
        legal = state.legal_actions()
        children = node.children
        untried: list[int] = []
        for a in legal:
            child = children.get(a)
            if child is None:
                untried.append(a)
            else:
                child.avail += 1
        if untried:
            return self.expand(node, state, player, legal, untried)
        c = self.c
        bias = self.bias
        log = math.log
        sqrt = math.sqrt
        best_value = -1.0
        best = legal[0]
        for a in legal:
            child = children[a]
            n = child.n
            value = child.w / n + c * sqrt(log(child.avail) / n) + bias * child.prior / (n + 1)
            if value > best_value:
                best_value = value
                best = a
        return best, children[best], False

    def expand(
        self, node: Node, state: State, player: int, legal: list[int], untried: list[int]
    ) -> tuple[int, Node, bool]:
        """Add the untried action the heuristics value most (ties at random) as a child of
        ``node``; its prior is its value scaled to 0..1 among ``legal`` (1 if all are equal)."""
        values = self.hints.rollout_values(state, player, legal)
        value_of = dict(zip(legal, values, strict=True))
        top_value = max(value_of[a] for a in untried)
        top = [a for a in untried if value_of[a] == top_value]
        action = top[0] if len(top) == 1 else self.rng.choice(top)
        low, high = min(values), max(values)
        prior = (top_value - low) / (high - low) if high > low else 1.0
        child = node.children[action] = Node(player, prior)
        return action, child, True

    def rollout(self, state: State, steps: int) -> int:
        """Play ``state`` on with the epsilon-greedy heuristic policy until the game ends or
        ``depth`` decisions past the root; return the decisions taken in all."""
        depth = self.depth
        while steps < depth:
            p = state.current_player()
            if p == TERMINAL:
                break
            state.push(self.policy(state, p))
            steps += 1
        return steps

    def policy(self, state: State, player: int) -> int:
        """The rollout policy's action for ``player`` in ``state``: the only legal one, else
        with chance ``epsilon`` a random one, else the heuristics' best on ``player``'s
        observation."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        if rng.random() < self.epsilon:
            return rng.choice(legal)
        values = self.hints.rollout_values(state, player, legal)
        return greedy_choice(values, legal, rng)

    def results(self, state: State) -> list[float]:
        """Each player's result in 0..1: the returns at the end, else the game's evaluation
        (0 for everyone without one), scaled by the game's bounds."""
        if state.current_player() == TERMINAL:
            raw = state.returns()
        else:
            raw = self.hints.evaluate(state) or self.zeros
        lo = self.lo
        scale = self.scale
        return [(r - lo) * scale for r in raw]

    def best(self, legal: list[int]) -> int:
        """The root action among ``legal`` visited most (ties: the higher mean, then the
        first in ``legal``); when the root is paired, the one with the highest mean among
        those still in the race."""
        children = self.root.children
        candidates = legal if self.racing is None else self.racing
        best = candidates[0]
        best_key = (-1, -1.0)
        for a in candidates:
            child = children.get(a)
            if child is None or child.n == 0:
                continue
            key = (0 if self.paired else child.n, child.w / child.n)
            if key > best_key:
                best_key = key
                best = a
        return best


def greedy_choice(values: list[float], legal: list[int], rng: Rng) -> int:
    """The action of ``legal`` with the highest value; ties are broken with ``rng``."""
    best = max(values)
    top = [a for a, v in zip(legal, values, strict=True) if v == best]
    return top[0] if len(top) == 1 else rng.choice(top)


@register_agent
class ISMCTSAgent(Agent):
    """Single-observer ISMCTS with heuristic rollouts; acts on the information set only.

    Parameters (see :class:`Settings`): ``iterations`` (simulations per decision) and
    ``steps`` (at most this many decisions played in those simulations, tree and rollout
    together; the search stops at whichever limit comes first; without either, the game's
    ``search_iterations`` and ``search_steps``), ``time`` (seconds per decision; overrides
    both), ``c`` (UCB1 exploration, results scaled to 0..1; by default the game's
    ``search_exploration``), ``depth`` (a simulation stops this many decisions past the root;
    by default the game's ``search_depth``),
    ``epsilon`` (chance of a random rollout action instead of the heuristic's best), ``bias``
    (weight of the heuristic prior in selection), ``root`` (``ucb``, ``paired`` or ``halving``:
    how the root action of a simulation is chosen; by default the game's ``search_root``),
    ``settle`` (1: take the decisions the game's hints settle without a search; 0: search
    them too),
    ``seed``.
    With a budget of iterations or steps it is deterministic for a seed, unless its
    ``ceiling`` (set by a server) cuts the search short."""

    name: ClassVar[str] = "ismcts"
    params: ClassVar[dict[str, type]] = {
        "seed": int,
        "iterations": int,
        "steps": int,
        "time": float,
        "c": float,
        "depth": int,
        "epsilon": float,
        "bias": float,
        "root": str,
        "settle": int,
    }

    def __init__(self, seed: int = 0, **params: Any) -> None:
        """Settings from ``params`` (names of :class:`Settings`); raises AgentSpecError for
        one out of range."""
        super().__init__(seed)
        self.settings = Settings(**params)
        self.settings.check()
        self.rng = Rng(seed)
        self.last_stats = SearchStats(0, 0, 0.0)

    def act(self, game: Game, observation: dict[str, Any] | None, legal: list[int]) -> int:
        """Only a forced move can be chosen without an information set to sample from;
        otherwise raises TypeError: call :meth:`decide`."""
        if len(legal) == 1:
            return legal[0]
        raise TypeError("the ismcts agent samples hidden states: call decide(InfoSet)")

    def budget(self, game: Game) -> Budget:
        """The budget of a decision in ``game``: the spec's iterations and steps, or the
        game's defaults when the spec gives neither; the spec's time, if any, wins."""
        s = self.settings
        if s.iterations is None and s.steps is None:
            hints = hints_of(game)
            return Budget(hints.search_iterations, hints.search_steps, s.time)
        return Budget(s.iterations, s.steps, s.time)

    def settled(self, info: InfoSet, legal: list[int]) -> int | None:
        """The action the game's hints settle without a search (``AgentHints.settled``), or
        ``None``: always ``None`` with ``settle=0``, which searches every decision, and without
        building the observation when the game's hints settle nothing (keep the default)."""
        hints = hints_of(info.game)
        if not self.settings.settle or type(hints).settled is AgentHints.settled:
            return None
        return hints.settled(info.observation(), legal)

    def decide(self, info: InfoSet) -> int:
        """Search the information set and return the root action visited most (with a
        paired root, the one with the best mean left in the race); a single legal action, or
        the one the game's hints settle (``AgentHints.settled``), is returned at once, without
        searching. ``last_stats`` then says what the decision cost."""
        legal = info.legal_actions()
        given = legal[0] if len(legal) == 1 else self.settled(info, legal)
        if given is not None:
            self.last_stats = SearchStats(0, 0, 0.0)
            return given
        start = time.perf_counter()
        search = Search(info, self.rng, self.settings, self.ceiling)
        simulations = search.run(self.budget(info.game))
        action = search.best(legal)
        self.last_stats = SearchStats(simulations, search.decisions, time.perf_counter() - start)
        return action
