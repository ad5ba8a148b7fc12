"""The backends of sim/backends.py give the same games: this process, local processes and a
real local Ray instance (the `cluster` extra), through the runner and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable.core.errors import CardtableError
from cardtable.sim.backends import Processes, RayCluster, Serial, make_backend
from cardtable.sim.runner import SimConfig, run

CONFIG = SimConfig("shamanking", {}, 60, ("greedy", "random"), seed=11)


@pytest.fixture(scope="module")
def ray_local() -> Iterator[None]:
    """One local Ray instance with 2 CPUs for the module's tests."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def test_make_backend() -> None:
    assert isinstance(make_backend(1), Serial)
    assert isinstance(make_backend(2), Processes) and make_backend(2).workers == 2
    ray = make_backend(1, "local")
    assert isinstance(ray, RayCluster) and ray.address == "local" and ray.jobs is None
    assert make_backend(3, "local").jobs == 3  # type: ignore[attr-defined]


def test_same_games_on_every_backend(ray_local: None) -> None:
    """Game by game, the seeds, seats, returns and lengths do not depend on the backend,
    though Ray sends bigger chunks."""
    serial = run(CONFIG, Serial())
    assert run(CONFIG, Processes(2)) == serial
    assert run(CONFIG, RayCluster("local")) == serial
    assert [r.index for r in serial] == list(range(60))
    assert not any(r.error for r in serial)


def test_progress_counts_every_game_on_ray(ray_local: None) -> None:
    seen: list[int] = []
    run(CONFIG, RayCluster("local"), seen.append)
    assert seen[-1] == 60 and seen == sorted(seen)
    assert seen[0] >= RayCluster.min_chunk  # games go to Ray in chunks of 25 or more


def test_sim_command_on_ray_matches_jobs(tmp_path: Path) -> None:
    """`cardtable sim --ray local` (starting and stopping its own Ray) writes the same summary
    as `--jobs 1`."""
    pytest.importorskip("ray")
    base = ["sim", "wcrugby", "--games", "30", "--agents", "greedy,random", "--seed", "4"]
    for name, extra in (("jobs", ["--jobs", "1"]), ("ray", ["--ray", "local", "--jobs", "2"])):
        res = subprocess.run(
            [sys.executable, "-m", "cardtable", *base, *extra, "--json", str(tmp_path / name)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert res.returncode == 0, res.stdout + res.stderr
    assert json.loads((tmp_path / "jobs").read_text()) == json.loads((tmp_path / "ray").read_text())


def test_bad_jobs_is_one_line() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "looney", "--jobs", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 2
    assert "--jobs must be at least 1" in res.stdout + res.stderr


def test_missing_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Ray installed, --ray says which extra to install."""
    monkeypatch.setitem(sys.modules, "ray", None)  # makes `import ray` fail
    with pytest.raises(CardtableError, match=r"pip install -e '\.\[cluster\]'"):
        run(CONFIG, RayCluster("local"))
