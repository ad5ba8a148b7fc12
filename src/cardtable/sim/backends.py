"""Where batches of games run: this process, local processes, or a Ray cluster.

A backend maps a function over chunks of work and yields the results in chunk order, so the
results of a seeded batch never depend on the backend or on the number of workers (each game
is seeded by its own index, never by where it runs).
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from cardtable.core.errors import CardtableError

T = TypeVar("T")
R = TypeVar("R")

# games per task on Ray: a task costs about a millisecond to schedule, a game a few
RAY_MIN_CHUNK = 25


class Backend(Protocol):
    """Runs ``fn`` over ``items``; yields the results in the order of ``items``."""

    workers: int  # how many chunks run at once (to size the chunks)
    min_chunk: int  # the fewest games worth sending as one chunk

    def map_ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn(item)`` for each item, yielded in item order as each becomes ready."""
        ...


class Serial:
    """Everything in this process."""

    min_chunk = 1

    def __init__(self) -> None:
        self.workers = 1

    def map_ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn`` over the items, one after the other."""
        for item in items:
            yield fn(item)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Processes:
    """A pool of ``jobs`` local processes (started fresh, so any platform behaves alike)."""

    min_chunk = 1

    def __init__(self, jobs: int) -> None:
        self.workers = jobs

    def map_ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn`` over the items on the pool; the pool is closed when the iteration ends."""
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(self.workers, initializer=_ignore_sigint) as pool:
            yield from pool.imap(fn, items)


class RayCluster:
    """Tasks on a Ray cluster: ``address`` is ``local`` (start a Ray instance on this machine
    with ``jobs`` CPUs, or all of them) or the address of a running cluster (``HOST:6379``,
    or ``ray://HOST:10001`` for Ray Client). A Ray started here is shut down at the end."""

    min_chunk = RAY_MIN_CHUNK

    def __init__(self, address: str, jobs: int | None = None) -> None:
        self.address = address
        self.jobs = jobs
        self.workers = jobs or 2  # to size the chunks; a cluster may run more at once

    def map_ordered(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        """``fn`` over the items as Ray tasks, all submitted at once, read back in order."""
        ray = _import_ray()
        started = not ray.is_initialized()
        if started:
            self._connect(ray)
        try:
            task = ray.remote(fn)
            refs = [task.remote(item) for item in items]
            for ref in refs:
                yield ray.get(ref)
        finally:
            if started:
                ray.shutdown()

    def _connect(self, ray: Any) -> None:
        quiet = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
        try:
            if self.address == "local":
                ray.init(num_cpus=self.jobs, **quiet)
            else:
                ray.init(address=self.address, **quiet)
        except Exception as exc:  # Ray raises many kinds; the user needs the one line
            raise CardtableError(f"cannot start or reach Ray at {self.address!r}: {exc}") from None


def _import_ray() -> Any:
    """The ray module, or a clear error naming the extra to install."""
    try:
        import ray
    except ImportError:
        raise CardtableError(
            "--ray needs Ray: python3 -m pip install -e '.[cluster]' (or pip install ray)"
        ) from None
    return ray


def make_backend(jobs: int = 1, ray: str | None = None) -> Backend:
    """The backend for ``--jobs`` and ``--ray``: Ray when ``ray`` is given (``local`` or a
    cluster address; ``jobs`` then caps a local Ray's CPUs when above 1), else ``jobs``
    local processes, else this process."""
    if ray:
        return RayCluster(ray, jobs if jobs > 1 else None)
    if jobs > 1:
        return Processes(jobs)
    return Serial()
