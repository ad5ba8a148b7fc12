#!/usr/bin/env python3
"""Refit the constants of a game's ``evaluate`` from seeded self-play, beside the shipped ones.

Each game's ``evaluate`` (``games/<game>/heuristics.py``) turns a few state features into
player 0's chance to win; its constants were fitted on states of epsilon-greedy games between
greedy agents (the search's own rollout policy). This script plays such games (each seat a
starter deck drawn at random), keeps one decision in ``--every``, records the features that
``evaluate`` reads and the game's result, fits the constants by maximum likelihood on four
games in five, and scores on the fifth (held out) the refit, the shipped ``evaluate`` and a
coin by Brier score. At the shipped constants the script's model must give what the game's
``evaluate`` gives: the largest difference is printed as a check that the features are read
as ``evaluate`` reads them.

Usage: python tools/fit_evaluate.py GAME [--games N] [--seed S] [--every K] [--epsilon E]
       [--decks random|default]

About 10 to 40 seconds for a few thousand games on one core; the refits of December 2026,
and how close they come to the shipped constants, are in log/2026-12-agents.md.

The models (two players; ``p`` is player 0's chance to win, ``σ`` the logistic function):

- looney: ``p = σ(s0 − s1)``, ``s = −points·need/√(2·mean need + 4) +
  actors·actors/√(2·mean actors + 4)``, ``need = max(0, target − score − pending·at stake)``;
- rawdeal (singles): ``p = σ(Δ(arsenal·ln(Arsenal + 8) + hand·hand + turn·[my turn]))``;
- shamanking: the race to the target points, the next point won by player 0 with chance
  ``σ(fail·±fail + attacker·±1 + edge)`` and later ones with ``σ(edge)``, ``edge =
  furyoku·Δfuryoku + charges·Δcharges`` (``±``: + when player 0 attacks);
- wcrugby: ``p = Φ(d / (spread·√m))``; ``spread`` was set as the standard deviation of one
  period's score difference in greedy self-play, printed too.

Fitting is a damped Newton method on the mean log-loss with finite-difference derivatives
(a handful of constants, numpy only). The script reads states through the games' own
modules, as ``evaluate`` does; it is a tool, not part of the package.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

import cardtable
from cardtable.agents.ismcts import greedy_choice
from cardtable.core.hints import hints_of
from cardtable.core.rng import Rng, derive_seed
from cardtable.core.state import TERMINAL, State

Array = NDArray[np.float64]
Row = tuple[float, ...]


@dataclass(frozen=True)
class Model:
    """What a game's ``evaluate`` reads from a state, and how it turns that into ``p``."""

    names: tuple[str, ...]
    shipped: tuple[float, ...]
    features: Callable[[State], Row | None]  # None: a state ``evaluate`` does not judge
    predict: Callable[[Array, Array], Array]  # (constants, features) -> p for player 0


def sigmoid(x: Array) -> Array:
    """The logistic function, elementwise."""
    out: Array = 1.0 / (1.0 + np.exp(-np.clip(x, -40.0, 40.0)))
    return out


# ----- looney ----------------------------------------------------------------------------------
def looney_model() -> Model:
    """Looney Tunes TCG: a race to the target points (``heuristics.evaluate``)."""
    from cardtable.games.looney import heuristics as h
    from cardtable.games.looney.actions import SLOTS
    from cardtable.games.looney.base import PH_PLACE
    from cardtable.games.looney.cards import ACTOR
    from cardtable.games.looney.rules import LooneyState
    from cardtable.games.looney.scoring import score_slot
    from cardtable.games.looney.zones import DECK, HAND, STORY, pbase

    def features(state: State) -> Row | None:
        assert isinstance(state, LooneyState)
        t = state.game.tables
        gains = [0.0, 0.0]
        if state.phase == PH_PLACE and state.used:
            used = [s for s in range(SLOTS) if state.used >> s & 1]
            if state.actor == state.rp:
                gains[state.rp] = sum(
                    t.points[state.cards[state.zones[STORY + s][0]]] for s in used
                )
            else:
                probe = state.clone()
                assert isinstance(probe, LooneyState)
                for s in used:
                    score_slot(probe, s, [], [])
                gains = [float(probe.scores[p] - state.scores[p]) for p in range(2)]
        target = state.game.options.target_points
        rest = [float(target - state.scores[p]) for p in range(2)]
        actors = [
            float(
                sum(
                    1
                    for c in state.zones[pbase(p) + HAND] + state.zones[pbase(p) + DECK]
                    if t.kind[state.cards[c]] == ACTOR
                )
            )
            for p in range(2)
        ]
        return (rest[0], rest[1], gains[0], gains[1], actors[0], actors[1])

    def predict(k: Array, x: Array) -> Array:
        points, actors, pending = k
        need = np.maximum(0.0, x[:, 0:2] - pending * x[:, 2:4])
        spread_need = np.sqrt(2.0 * need.mean(axis=1) + 4.0)
        spread_actors = np.sqrt(2.0 * x[:, 4:6].mean(axis=1) + 4.0)
        s = -points * (need[:, 0] - need[:, 1]) / spread_need
        s += actors * (x[:, 4] - x[:, 5]) / spread_actors
        return sigmoid(s)

    shipped = (h._EVAL_POINTS, h._EVAL_ACTORS, h._EVAL_PENDING)
    return Model(("points", "actors", "pending"), shipped, features, predict)


# ----- rawdeal ---------------------------------------------------------------------------------
def rawdeal_model() -> Model:
    """Raw Deal singles: a softmax of ``w·ln(Arsenal + 8) + h·hand + t·turn``."""
    from cardtable.games.rawdeal import heuristics as h
    from cardtable.games.rawdeal.rules import RawDealState
    from cardtable.games.rawdeal.zones import ARSENAL, HAND, PER_PLAYER

    def features(state: State) -> Row | None:
        assert isinstance(state, RawDealState)
        z = state.zones
        ars = [math.log(len(z[PER_PLAYER * p + ARSENAL]) + 8) for p in range(2)]
        hand = [len(z[PER_PLAYER * p + HAND]) for p in range(2)]
        return (ars[0] - ars[1], float(hand[0] - hand[1]), 1.0 if state.tp == 0 else -1.0)

    def predict(k: Array, x: Array) -> Array:
        return sigmoid(x @ k)

    return Model(("arsenal", "hand", "turn"), h.WEIGHTS["singles"][:3], features, predict)


# ----- shamanking ------------------------------------------------------------------------------
def race(rho: Array, a: Array, b: Array) -> Array:
    """Elementwise: the chance that player 0, winning each point with chance ``rho``, wins
    ``a`` points before player 1 wins ``b`` (as ``heuristics._race``)."""
    top_a = max(int(a.max()), 0)
    top_b = max(int(b.max()), 0)
    ones = np.ones_like(rho)
    grid = [
        [ones if i == 0 else (ones * 0.0 if j == 0 else ones) for j in range(top_b + 1)]
        for i in range(top_a + 1)
    ]
    for i in range(1, top_a + 1):
        for j in range(1, top_b + 1):
            grid[i][j] = rho * grid[i - 1][j] + (1.0 - rho) * grid[i][j - 1]
    stack = np.stack([np.stack(row) for row in grid])  # (a, b, rows)
    ai = np.clip(a, 0, None).astype(int)
    bi = np.clip(b, 0, None).astype(int)
    out: Array = stack[ai, bi, np.arange(rho.shape[0])]
    return out


def shamanking_model() -> Model:
    """Shaman King: the race to the target points (``heuristics.evaluate``)."""
    from cardtable.games.shamanking import heuristics as h
    from cardtable.games.shamanking.actions import COUNTER, COUNTER_EXTRA
    from cardtable.games.shamanking.rules import PH_CHOICE, PH_FLIP, SKState
    from cardtable.games.shamanking.tables import STRIKE
    from cardtable.games.shamanking.zones import DECK, pbase

    def fail_chance(state: SKState) -> float:
        """The chance that the defender's flips left all fail to stop the incoming Force."""
        if state.phase != PH_FLIP or {COUNTER, COUNTER_EXTRA} & set(state.legal_actions()):
            return 0.0
        flips = 2 - state.zone
        if flips <= 0:
            return 1.0
        t = state.game.tables
        d = state.defender
        deck = state.zones[pbase(d) + DECK]
        need = state.incoming - state.adv_intercept
        hits = sum(
            1
            for c in deck
            if t.kind[state.cards[c]] == STRIKE
            and t.intercept[state.cards[c]] >= need
            and state.can_pay(d, t.cost[state.cards[c]], in_zone=False)
        )
        return float((1.0 - (hits + 1) / (len(deck) + 2)) ** flips)

    def features(state: State) -> Row | None:
        assert isinstance(state, SKState)
        if state.phase == PH_CHOICE:
            return None
        sign = 1.0 if state.defender == 1 else -1.0
        furyoku = sum(state.furyoku(0)) - sum(state.furyoku(1))
        charges = bin(state.charges[0]).count("1") - bin(state.charges[1]).count("1")
        target = state.game.options.target_points
        return (
            sign,
            fail_chance(state),
            float(furyoku),
            float(charges),
            float(target - state.points[0]),
            float(target - state.points[1]),
        )

    def predict(k: Array, x: Array) -> Array:
        fail, attacker, furyoku, charges = k
        sign = x[:, 0]
        edge = furyoku * x[:, 2] + charges * x[:, 3]
        first = sigmoid(fail * sign * x[:, 1] + attacker * sign + edge)
        later = sigmoid(edge)
        n0, n1 = x[:, 4], x[:, 5]
        return first * race(later, n0 - 1, n1) + (1.0 - first) * race(later, n0, n1 - 1)

    shipped = (h._EVAL_FAIL, h._EVAL_ATTACKER, h._EVAL_FURYOKU, h._EVAL_CHARGES)
    return Model(("fail", "attacker", "furyoku", "charges"), shipped, features, predict)


# ----- wcrugby ---------------------------------------------------------------------------------
def wcrugby_model() -> Model:
    """Wheelchair rugby: a normal model of the final score difference."""
    from cardtable.games.wcrugby import heuristics as h
    from cardtable.games.wcrugby.rules import RugbyState

    def features(state: State) -> Row | None:
        assert isinstance(state, RugbyState)
        diff = float(state.total(0) - state.total(1))
        later = max(0, 4 - state.period)
        if state.phase in h.PLAYING:
            diff += 2 * (state.top_of(0) - state.top_of(1))
            return (diff, later + 0.3)
        return (diff, later + 1.0)

    def predict(k: Array, x: Array) -> Array:
        z = x[:, 0] / (k[0] * np.sqrt(x[:, 1]) * math.sqrt(2.0))
        out: Array = 0.5 * (1.0 + np.vectorize(math.erf, otypes=[float])(z))
        return out

    return Model(("spread",), (h.PERIOD_SPREAD,), features, predict)


MODELS: dict[str, Callable[[], Model]] = {
    "looney": looney_model,
    "rawdeal": rawdeal_model,
    "shamanking": shamanking_model,
    "wcrugby": wcrugby_model,
}


# ----- self-play -------------------------------------------------------------------------------
@dataclass
class Sample:
    """The states kept from the games: features, the shipped ``evaluate``'s chance for player
    0, player 0's result (1 win, 0.5 draw, 0 loss), and whether the game is held out."""

    rows: list[Row]
    shipped_p: list[float]
    result: list[float]
    held_out: list[bool]
    period_diffs: list[int]


def policy(game: Any, state: State, rng: Rng, epsilon: float) -> int:
    """The search's rollout policy: epsilon-greedy on the game's heuristics."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if rng.random() < epsilon:
        return rng.choice(legal)
    player = state.current_player()
    return greedy_choice(hints_of(game).rollout_values(state, player, legal), legal, rng)


def play(
    name: str, model: Model, games: int, seed: int, every: int, epsilon: float, decks: str
) -> Sample:
    """Play ``games`` seeded self-play games and keep one decision in ``every``; ``decks``:
    ``random`` (each seat a starter deck drawn at random) or ``default``."""
    game = cardtable.load_game(name)
    starters = list(game.starter_decks().values())
    out = Sample([], [], [], [], [])
    for i in range(games):
        rng = Rng(derive_seed(seed, i))
        seats = (
            [rng.choice(starters) for _ in range(game.num_players)]
            if decks == "random"
            else game.default_decks()
        )
        state = game.new_initial_state(derive_seed(seed, i, 1), seats)
        kept: list[tuple[Row, float]] = []
        step = 0
        while state.current_player() != TERMINAL:
            if step % every == 0:
                row = model.features(state)
                value = hints_of(game).evaluate(state)
                if row is not None and value is not None:
                    kept.append((row, (value[0] + 1.0) / 2.0))
            state.apply_action(policy(game, state, rng, epsilon))
            step += 1
        result = (state.returns()[0] + 1.0) / 2.0
        for row, p in kept:
            out.rows.append(row)
            out.shipped_p.append(p)
            out.result.append(result)
            out.held_out.append(i % 5 == 4)
        scores = getattr(state, "scores", None)
        if name == "wcrugby" and scores is not None:
            out.period_diffs += [a - b for a, b in zip(scores[0], scores[1], strict=True)]
    return out


# ----- fitting ---------------------------------------------------------------------------------
def log_loss(model: Model, k: Array, x: Array, y: Array) -> float:
    """The mean negative log-likelihood of the results ``y`` under constants ``k``."""
    p = np.clip(model.predict(k, x), 1e-9, 1.0 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1.0 - y) * np.log(1.0 - p)))


def fit(model: Model, x: Array, y: Array, start: Sequence[float], steps: int = 60) -> Array:
    """Damped Newton on the log-loss, with central finite differences."""
    k = np.array(start, dtype=float)
    n = k.size
    h = 1e-4
    loss = log_loss(model, k, x, y)
    lam = 1e-6
    for _ in range(steps):
        eye = np.eye(n) * h
        grad = np.array(
            [
                (log_loss(model, k + eye[i], x, y) - log_loss(model, k - eye[i], x, y)) / (2 * h)
                for i in range(n)
            ]
        )
        hess = np.empty((n, n))
        for i in range(n):
            for j in range(n):
                hess[i, j] = (
                    log_loss(model, k + eye[i] + eye[j], x, y)
                    - log_loss(model, k + eye[i] - eye[j], x, y)
                    - log_loss(model, k - eye[i] + eye[j], x, y)
                    + log_loss(model, k - eye[i] - eye[j], x, y)
                ) / (4 * h * h)
        while lam < 1e6:
            step = np.linalg.solve(hess + lam * np.eye(n), grad)
            trial = k - step
            new = log_loss(model, trial, x, y)
            if new <= loss:
                break
            lam *= 10
        else:
            break
        done = loss - new < 1e-10
        k, loss, lam = trial, new, max(lam / 10, 1e-9)
        if done:
            break
    return k


def brier(p: Array, y: Array) -> float:
    """The mean squared error of the chances ``p`` against the results ``y``."""
    return float(np.mean((p - y) ** 2))


def report(name: str, model: Model, sample: Sample, seconds: float) -> None:
    """Fit on the games kept for fitting and print the constants and Brier scores."""
    x = np.array(sample.rows, dtype=float)
    y = np.array(sample.result, dtype=float)
    shipped_p = np.array(sample.shipped_p, dtype=float)
    test = np.array(sample.held_out)
    train = ~test
    shipped = np.array(model.shipped, dtype=float)
    check = float(np.max(np.abs(model.predict(shipped, x) - shipped_p)))
    k = fit(model, x[train], y[train], model.shipped)
    print(
        f"{name}: {len(y)} states ({int(train.sum())} to fit, {int(test.sum())} held out), "
        f"play {seconds:.1f} s"
    )
    print(f"model at the shipped constants vs the game's evaluate: max |Δp| = {check:.2g}")
    print(f"{'constant':<10} {'shipped':>9} {'refit':>9}")
    for label, a, b in zip(model.names, model.shipped, k, strict=True):
        print(f"{label:<10} {a:>9.4g} {b:>9.4g}")
    if sample.period_diffs:
        d = np.array(sample.period_diffs, dtype=float)
        print(f"spread as it was set, the sd of one period's score difference: {np.std(d):.4g}")
    yt = y[test]
    print(
        "Brier score on the held-out games: "
        f"refit {brier(model.predict(k, x[test]), yt):.4f}, "
        f"shipped {brier(shipped_p[test], yt):.4f}, coin 0.25"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("game", choices=sorted(MODELS))
    parser.add_argument("--games", type=int, default=1000, help="self-play games (1000)")
    parser.add_argument("--seed", type=int, default=0, help="master seed (0)")
    parser.add_argument("--every", type=int, default=4, help="keep one decision in K (4)")
    parser.add_argument("--epsilon", type=float, default=0.1, help="random-move chance (0.1)")
    parser.add_argument(
        "--decks",
        choices=["random", "default"],
        default="random",
        help="each seat a starter deck drawn at random (the default), or the default decks",
    )
    args = parser.parse_args(argv)
    if args.games < 5 or args.every < 1:
        parser.error("--games must be at least 5 (one in five is held out), --every at least 1")
    model = MODELS[args.game]()
    started = time.perf_counter()
    sample = play(args.game, model, args.games, args.seed, args.every, args.epsilon, args.decks)
    report(args.game, model, sample, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
