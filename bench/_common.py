"""Helpers shared by the benchmark scripts in this folder (not a benchmark itself).

The JSON a script writes has the shape of the peer benchmarks in /work/shared/bench:
``{"script", "args", "env", "rows"}``, one row per measured thing with an ``id``, the
``engine``/``game``/``impl`` it measured and its figures. Only figures measured in the same
run should be compared, as ratios: the machine these run on is shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

Row = dict[str, Any]

ROOT = Path(__file__).resolve().parent.parent


def add_common_args(parser: argparse.ArgumentParser, default_seconds: float) -> None:
    """The options every script takes."""
    parser.add_argument(
        "--seconds",
        type=float,
        default=default_seconds,
        help="wall-time budget per measured row (default %(default)s)",
    )
    parser.add_argument(
        "--game",
        action="append",
        default=[],
        help="measure only this registered game (repeatable; default: every game)",
    )
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--seed", type=int, default=1234, help="master seed (default 1234)")
    parser.add_argument("--json", metavar="PATH", default=None, help="also write JSON to PATH")


def games_to_run(requested: Sequence[str]) -> list[str]:
    """The registered games to measure, in name order; unknown names raise SystemExit."""
    import cardtable

    known = cardtable.available_games()
    if not requested:
        return known
    names = [n for arg in requested for n in arg.split(",") if n]
    unknown = [n for n in names if n not in known]
    if unknown:
        raise SystemExit(f"unknown game(s) {unknown}; registered: {known}")
    return names


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _commit() -> str | None:
    """The checked-out commit, read-only (``None`` outside a git checkout)."""
    try:
        res = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=False,
            timeout=5,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return res.stdout.strip() or None


def _compiled() -> bool | None:
    """Whether the cardtable imported runs its rules compiled (docs/performance.md)."""
    try:
        import cardtable
    except ImportError:
        return None
    return cardtable.compiled()


def env_info() -> dict[str, Any]:
    """Where and when the figures were measured."""
    try:
        load: list[float] | None = list(os.getloadavg())
    except OSError:
        load = None
    versions: dict[str, str | None] = {}
    for name in ("cardtable", "pydantic"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return {
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "loadavg_at_start": load,
        "packages": versions,
        "commit": _commit(),
        "compiled": _compiled(),
        "time_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def header(title: str, env: dict[str, Any], budget: str) -> str:
    """The first lines a benchmark prints: what ran where, and its budget."""
    return (
        f"# {title} — Python {env['python']}, {env['cpu']}, {env['cpu_count']} CPUs, "
        f"loadavg {env['loadavg_at_start']}, commit {env['commit']}, "
        f"{'compiled' if env.get('compiled') else 'pure Python'} rules\n# {budget}\n"
    )


def time_batches(
    op: Callable[[], object], seconds: float, batch_s: float = 0.01, min_batches: int = 5
) -> list[float]:
    """Call ``op`` in batches for about ``seconds``; return each batch's mean seconds per call.

    The batch size is doubled until one batch takes ``batch_s``, so that the timer's cost
    does not count; at least ``min_batches`` batches are timed."""
    op()
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            op()
        if time.perf_counter() - t0 >= batch_s or n >= 1 << 20:
            break
        n *= 2
    means: list[float] = []
    deadline = time.perf_counter() + seconds
    while len(means) < min_batches or time.perf_counter() < deadline:
        t0 = time.perf_counter()
        for _ in range(n):
            op()
        means.append((time.perf_counter() - t0) / n)
    return means


def summarize_us(means: Sequence[float]) -> tuple[float, float]:
    """(median, best) of batch means, in microseconds."""
    return statistics.median(means) * 1e6, min(means) * 1e6


def fmt(v: object) -> str:
    """A figure for a Markdown cell."""
    if v is None:
        return "–"
    if isinstance(v, bool | str):
        return str(v)
    if isinstance(v, int):
        return f"{v:,}"
    if isinstance(v, float):
        if v >= 1000:
            return f"{v:,.0f}"
        if v >= 100:
            return f"{v:.0f}"
        if v >= 10:
            return f"{v:.1f}"
        return f"{v:.2f}"
    return str(v)


def md_table(columns: Sequence[tuple[str, str]], rows: Sequence[Row]) -> str:
    """A Markdown table; ``columns`` are (row key, header)."""
    lines = [
        "| " + " | ".join(h for _, h in columns) + " |",
        "|" + "|".join("---" for _ in columns) + "|",
    ]
    lines += ["| " + " | ".join(fmt(r.get(k)) for k, _ in columns) + " |" for r in rows]
    return "\n".join(lines)


def write_json(
    path: str | None, script: str, args: argparse.Namespace, env: dict[str, Any], rows: list[Row]
) -> None:
    """Write ``{"script", "args", "env", "rows"}`` to ``path`` (nothing if ``path`` is None)."""
    if not path:
        return
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    payload = {"script": script, "args": vars(args), "env": env, "rows": rows}
    out.write_text(json.dumps(payload, indent=2, default=str) + "\n")
    print(f"\nJSON written to {out}")
