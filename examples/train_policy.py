#!/usr/bin/env python3
"""Train a small policy against the random agent through ``cardtable.rl.gym_env``.

REINFORCE with a running-mean baseline on a one-hidden-layer network (numpy only), the
softmax restricted to the legal actions (``info["action_mask"]``). The seat is drawn at
each episode, so the policy learns both seats. Every ``--eval-every`` episodes the greedy
policy (the most likely legal action) plays ``--eval-episodes`` games against the random
agent on fixed seeds; the win rates go to a JSON file and a plot (matplotlib, if installed).

Usage: python examples/train_policy.py [--game shamanking] [--minutes 2] [--episodes N]
       [--out out/train_policy]          # writes train_policy.json and train_policy.png there
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.rl import CardtableGymEnv, gym_env

Array = npt.NDArray[np.float64]


def featurize(obs: npt.NDArray[np.float32]) -> Array:
    """Squash the raw tensor (counts, sizes, turn numbers) into a small range."""
    x = obs.astype(np.float64)
    return np.sign(x) * np.log1p(np.abs(x))


@dataclass
class Policy:
    """A tanh hidden layer and a masked softmax over the actions, trained with Adam."""

    n_in: int
    n_out: int
    hidden: int = 64
    seed: int = 0
    lr: float = 3e-3
    params: dict[str, Array] = field(default_factory=dict)
    moments: dict[str, tuple[Array, Array]] = field(default_factory=dict)
    steps: int = 0

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.params = {
            "w1": rng.normal(0.0, 1.0 / math.sqrt(self.n_in), (self.n_in, self.hidden)),
            "b1": np.zeros(self.hidden),
            "w2": rng.normal(0.0, 0.01, (self.hidden, self.n_out)),
            "b2": np.zeros(self.n_out),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}

    def forward(self, x: Array, mask: Array) -> tuple[Array, Array]:
        """Hidden activations and action probabilities (0 for illegal actions)."""
        p = self.params
        h = np.tanh(x @ p["w1"] + p["b1"])
        logits = h @ p["w2"] + p["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits) * (mask > 0)
        return h, e / e.sum(axis=-1, keepdims=True)

    def update(self, x: Array, mask: Array, actions: npt.NDArray[np.int64], adv: Array) -> None:
        """One REINFORCE step: raise the log-probability of each action by its advantage."""
        h, probs = self.forward(x, mask)
        grad_logits = probs.copy()
        grad_logits[np.arange(len(actions)), actions] -= 1.0
        grad_logits *= adv[:, None] / len(actions)
        p = self.params
        grad_h = (grad_logits @ p["w2"].T) * (1.0 - h * h)
        grads = {
            "w2": h.T @ grad_logits,
            "b2": grad_logits.sum(axis=0),
            "w1": x.T @ grad_h,
            "b1": grad_h.sum(axis=0),
        }
        self.steps += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p[k] -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def play_episode(
    env: CardtableGymEnv, policy: Policy | None, rng: np.random.Generator, greedy: bool, seed: int
) -> tuple[float, list[Array], list[Array], list[int]]:
    """One game: (the seat's return, features, masks and actions of its decisions).
    ``policy=None`` plays uniformly at random among the legal actions."""
    obs, info = env.reset(seed=seed)
    xs: list[Array] = []
    masks: list[Array] = []
    actions: list[int] = []
    while True:
        x = featurize(obs)
        mask = info["action_mask"].astype(np.float64)
        if policy is None:
            a = int(rng.choice(np.flatnonzero(mask)))
        else:
            _, probs = policy.forward(x, mask)
            a = int(np.argmax(probs)) if greedy else int(rng.choice(len(probs), p=probs))
        xs.append(x)
        masks.append(mask)
        actions.append(a)
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return float(reward), xs, masks, actions


def win_rate(env: CardtableGymEnv, policy: Policy | None, episodes: int) -> float:
    """The share of games won against the environment's opponent on fixed seeds, by the
    greedy policy (the most likely legal action), or at random if ``policy`` is None."""
    rng = np.random.default_rng(0)
    wins = sum(play_episode(env, policy, rng, True, 1_000_000 + i)[0] > 0 for i in range(episodes))
    return wins / episodes


def eval_points(batch: int, every: int) -> list[int]:
    """When to evaluate: after 1, 2, 4, ... batches up to ``every`` episodes, then every
    ``every`` episodes (the curve is steep at first)."""
    points = []
    n = batch
    while n < every:
        points.append(n)
        n *= 2
    return points


def train(args: argparse.Namespace) -> dict[str, Any]:
    """Train for the budget; return the curve, reference win rates and the settings."""
    env = gym_env(args.game, opponent=args.opponent, seat=None)
    eval_env = gym_env(args.game, opponent=args.opponent, seat=None)
    policy = Policy(env.encoder.size, env.encoder.num_actions, seed=args.seed, lr=args.lr)
    rng = np.random.default_rng(args.seed)
    random_rate = win_rate(eval_env, None, args.eval_episodes)
    print(f"the random agent: win rate {random_rate:.3f}", flush=True)
    curve = [
        {"episodes": 0, "seconds": 0.0, "win_rate": win_rate(eval_env, policy, args.eval_episodes)}
    ]
    print(f"before training: win rate {curve[0]['win_rate']:.3f}", flush=True)
    early = eval_points(args.batch, args.eval_every)
    baseline = 0.0
    start = time.perf_counter()
    episodes = 0
    while episodes < args.episodes and time.perf_counter() - start < args.minutes * 60:
        batch: tuple[list[Array], list[Array], list[int], list[float]] = ([], [], [], [])
        for _ in range(args.batch):
            ret, xs, masks, acts = play_episode(
                env, policy, rng, False, args.seed * 10**9 + episodes
            )
            episodes += 1
            batch[0].extend(xs)
            batch[1].extend(masks)
            batch[2].extend(acts)
            batch[3].extend([ret - baseline] * len(acts))
            baseline += 0.01 * (ret - baseline)
        x, m = np.array(batch[0]), np.array(batch[1])
        policy.update(x, m, np.array(batch[2]), np.array(batch[3]))
        if episodes in early or episodes % args.eval_every < args.batch:
            rate = win_rate(eval_env, policy, args.eval_episodes)
            secs = time.perf_counter() - start
            curve.append({"episodes": episodes, "seconds": round(secs, 1), "win_rate": rate})
            print(f"{episodes:>7} episodes, {secs:6.1f} s: win rate {rate:.3f}", flush=True)
    if curve[-1]["episodes"] != episodes:
        rate = win_rate(eval_env, policy, args.eval_episodes)
        secs = round(time.perf_counter() - start, 1)
        curve.append({"episodes": episodes, "seconds": secs, "win_rate": rate})
    greedy_env = gym_env(args.game, opponent="greedy", seat=None)
    settings = {k: v for k, v in vars(args).items() if k != "out"}
    return {
        "settings": settings,
        "curve": curve,
        "random_agent_win_rate": random_rate,
        "final_win_rate_vs_greedy": win_rate(greedy_env, policy, args.eval_episodes),
    }


def plot(result: dict[str, Any], path: Path) -> bool:
    """Draw the win rate over training into ``path`` (False if matplotlib is missing)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    curve = result["curve"]
    s = result["settings"]
    fig, ax = plt.subplots(figsize=(6, 3.5), dpi=100)
    ax.plot([c["episodes"] for c in curve], [c["win_rate"] for c in curve], marker="o")
    ax.axhline(result["random_agent_win_rate"], color="grey", linestyle=":", linewidth=1)
    ax.annotate("random agent", (curve[0]["episodes"], result["random_agent_win_rate"] + 0.02))
    ax.set_xscale("symlog", linthresh=s["batch"])
    ax.set_xlim(0, max(c["episodes"] for c in curve) * 1.2 or 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("training episodes (log scale)")
    ax.set_ylabel(f"win rate vs {s['opponent']} ({s['eval_episodes']} games)")
    ax.set_title(f"REINFORCE on {s['game']} (numpy MLP, masked softmax)")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", default="shamanking")
    parser.add_argument("--opponent", default="random", help="agent spec of the opponent(s)")
    parser.add_argument("--minutes", type=float, default=2.0, help="training time budget")
    parser.add_argument("--episodes", type=int, default=10**9, help="training episode budget")
    parser.add_argument("--batch", type=int, default=32, help="episodes per update")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--eval-every", type=int, default=2000, help="episodes between evals")
    parser.add_argument("--eval-episodes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("out/train_policy"))
    args = parser.parse_args(argv)
    result = train(args)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "train_policy.json").write_text(json.dumps(result, indent=2) + "\n")
    drawn = plot(result, args.out / "train_policy.png")
    first, last = result["curve"][0]["win_rate"], result["curve"][-1]["win_rate"]
    print(f"win rate against {args.opponent}: {first:.3f} before, {last:.3f} after")
    print(f"after training, against greedy: {result['final_win_rate_vs_greedy']:.3f}")
    print(f"wrote {args.out / 'train_policy.json'}" + (" and train_policy.png" if drawn else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
