"""A 10-fold cross-validation, serial and through a pool of 2 processes.

Run from the repository root::

    python tests/benchmarks/bench_parallel.py

``cross_validate(CART, data, 10)`` runs once in this process and once
with ``executor=ProcessPoolExecutor(2)``, on the synthetic data of
``bench_cart.py`` (4,000 rows of 10 numeric attributes by default, a few
seconds per run).  The pool's time includes starting its processes and
sending them the data.  Each run's time is the least of the repeats: wall
clock (``time.perf_counter``), and CPU time, of this process and, for the
pool, of its worker processes (counted by ``os.times`` once the pool has
shut down and its processes have exited).

It prints both times, the speed-up (the serial wall time over the pool's),
the cores kept busy on average (CPU time over wall time: below 1 serially,
the machine is busy with other work, and the speed-up says less), and
whether the two results are identical, as they must be.  Like the
other benchmarks it judges nothing: timings depend on the machine and its
load, so its exit status is 0 whatever they are.  What it is doing goes to
standard error as it goes (``--quiet`` turns it off).
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from dtree.dataset import Dataset
from dtree.evaluate import CrossValidation, cross_validate
from dtree.grower.learner import CART

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import Log, _ratio, dataset, make_problem, options
else:  # run as a script, from its own folder
    from bench_cart import Log, _ratio, dataset, make_problem, options

ROWS = 4_000
FOLDS = 10
WORKERS = 2


@dataclass(frozen=True)
class Timing:
    """Seconds of one run: wall clock, CPU of this process, CPU of its worker processes."""

    wall: float
    cpu: float
    workers_cpu: float


def timed(run: Callable[[], CrossValidation]) -> tuple[Timing, CrossValidation]:
    """The times of one call of ``run``, and its result."""
    before, start = os.times(), time.perf_counter()
    result = run()
    wall, after = time.perf_counter() - start, os.times()
    cpu = after.user - before.user + after.system - before.system
    workers = (
        after.children_user - before.children_user + after.children_system - before.children_system
    )
    return Timing(wall, cpu, workers), result


def serial(data: Dataset, folds: int) -> CrossValidation:
    return cross_validate(CART, data, folds)


def pooled(data: Dataset, folds: int, workers: int) -> CrossValidation:
    """The cross-validation through a pool started for it, and shut down before it returns."""
    with ProcessPoolExecutor(workers) as pool:
        return cross_validate(CART, data, folds, executor=pool)


def best(
    run: Callable[[], CrossValidation], repeats: int, note: Callable[[str], None]
) -> tuple[Timing, CrossValidation]:
    """The least wall and CPU times over ``repeats`` calls (at least one), and a result."""
    least = Timing(math.inf, math.inf, math.inf)
    count = max(1, repeats)
    for k in range(1, count + 1):
        timing, result = timed(run)
        note(f"run {k} of {count}: {timing.wall:.2f} s wall, {timing.cpu:.2f} s CPU")
        least = Timing(
            min(least.wall, timing.wall),
            min(least.cpu, timing.cpu),
            min(least.workers_cpu, timing.workers_cpu),
        )
    return least, result


@dataclass(frozen=True)
class Measurement:
    rows: int
    folds: int
    workers: int
    serial: Timing
    pool: Timing
    identical: bool


def measure(
    rows: int,
    *,
    folds: int = FOLDS,
    workers: int = WORKERS,
    repeats: int = 1,
    seed: int = 0,
    log: Callable[[str], None] = lambda text: None,
) -> Measurement:
    log(f"{rows} rows: making the data")
    data = dataset(make_problem(rows, seed))
    serial_time, expected = best(
        lambda: serial(data, folds), repeats, lambda text: log(f"serial {text}")
    )
    pool_time, result = best(
        lambda: pooled(data, folds, workers),
        repeats,
        lambda text: log(f"{workers} processes {text}"),
    )
    return Measurement(rows, folds, workers, serial_time, pool_time, result == expected)


def _busy(cpu: float, wall: float) -> str:
    """The cores kept busy on average, cpu / wall; none for a run too quick to time."""
    return f"{cpu / wall:.2f}" if wall > 0 else "n/a"


def report(m: Measurement) -> str:
    """The table of times, the speed-up, and whether the results are identical; no verdict."""
    lines = [
        f"{m.folds}-fold cross_validate(CART) of {m.rows} rows",
        f"{'run':<14} {'wall s':>8} {'cpu s':>8} {'workers cpu s':>14}",
        f"{'serial':<14} {m.serial.wall:>8.2f} {m.serial.cpu:>8.2f}",
        f"{f'{m.workers} processes':<14} {m.pool.wall:>8.2f} {m.pool.cpu:>8.2f}"
        f" {m.pool.workers_cpu:>14.2f}",
        f"speed-up: {_ratio(m.serial.wall, m.pool.wall)} in wall time with {m.workers} processes",
        f"cores busy on average (CPU over wall time): {_busy(m.serial.cpu, m.serial.wall)}"
        f" serial, {_busy(m.pool.cpu + m.pool.workers_cpu, m.pool.wall)} with the pool",
        f"results identical to the serial run: {'yes' if m.identical else 'NO'}",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS)
    parser.add_argument("--folds", type=int, default=FOLDS, help=f"default {FOLDS}")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"default {WORKERS}")
    parser.add_argument("--repeats", type=int, default=1, help="runs of each, the least kept")
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_parallel")
    m = measure(
        args.rows,
        folds=args.folds,
        workers=args.workers,
        repeats=args.repeats,
        seed=args.seed,
        log=log,
    )
    print(report(m))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
