"""The conformance kit's own cost: ``dtree check`` of 20,000 rows and a ``dtree fuzz`` campaign.

Run from the repository root::

    python tests/benchmarks/bench_check.py

An implementer runs ``dtree check`` on their data and ``dtree fuzz`` in their
tests; this script measures both against what scikit-learn itself spends on
the same work, in the same run.

``check``
    The data of ``bench_cart.py`` (20,000 rows of 10 numeric attributes, two
    classes) written to a CSV file, then ``dtree check FILE --against sklearn
    --param max_depth=8`` run as a command in a fresh process (reading the
    file, fitting scikit-learn, reading its tree with every node recounted,
    growing dtree's, comparing node by node), timed from the outside (the
    child's wall-clock and CPU time).  Beside it, in this process, the parts
    of the same check on the same dataset (scikit-learn's fit alone, its fit
    and reading, dtree's fit, the comparison), and scikit-learn's fit alone,
    the peer's whole work.
``fuzz``
    One campaign of ``differential`` against scikit-learn (its default
    settings, 200 examples, seed 0): datasets drawn, each fitted by both
    sides and compared.  scikit-learn's share is the time its fits took
    inside the campaign.

The script reports and judges nothing: timings depend on the machine and its
load, so it never fails on one (the exit status is 0 whatever the times).  It
prints wall-clock and CPU times and the ratios of dtree's work to
scikit-learn's.  ``--rows`` changes the size of the checked data,
``--examples`` the campaign's length, ``--max-depth`` the depth of the checked
tree (full depth on this noisy data makes tens of thousands of nodes, each
recounted and compared).  What the script is doing goes to standard error as it
goes (``--quiet`` turns it off).
"""

from __future__ import annotations

import csv
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dtree.conformance.check import Peer, their_reading
from dtree.conformance.compare import compare
from dtree.conformance.fuzz import differential
from dtree.conformance.learners import learner_for
from dtree.conformance.sklearn_fit import sklearn_estimator
from dtree.dataset import Dataset
from dtree.tree import Tree, size

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import (
        ATTRIBUTES,
        Log,
        Problem,
        Timing,
        _ratio,
        best_time,
        dataset,
        make_problem,
        options,
    )
else:  # run as a script: python tests/benchmarks/bench_check.py
    from bench_cart import (
        ATTRIBUTES,
        Log,
        Problem,
        Timing,
        _ratio,
        best_time,
        dataset,
        make_problem,
        options,
    )

ROWS = 20_000
EXAMPLES = 200
MAX_DEPTH = 8


def write_csv(problem: Problem, path: Path) -> None:
    """The problem as a CSV file with a header x0..x9, y."""
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow([*(f"x{j}" for j in range(ATTRIBUTES)), "y"])
        for row, label in zip(problem.rows, problem.labels, strict=True):
            writer.writerow([*(repr(v) for v in row), label])


def command_time(argv: Sequence[str]) -> tuple[Timing, str]:
    """The wall-clock and CPU time (user + system) of a command run to its end, and what it
    printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(wall, cpu), done.stdout + done.stderr


def check_command(path: Path, max_depth: int) -> list[str]:
    """``dtree check FILE --against sklearn --param max_depth=...`` as a command."""
    return [
        sys.executable,
        "-m",
        "dtree",
        "check",
        str(path),
        "--target",
        "y",
        "--against",
        "sklearn",
        "--param",
        f"max_depth={max_depth}",
    ]


@dataclass(frozen=True)
class CheckParts:
    """The parts of one check, in this process: scikit-learn's fit alone, its fit with the
    reading of its tree, dtree's fit, and the comparison; the tree's size and the verdict."""

    sklearn_fit: Timing
    sklearn_read: Timing
    dtree_fit: Timing
    compare: Timing
    nodes: int
    agrees: bool


def check_parts(data: Dataset, max_depth: int, note: Callable[[str], None]) -> CheckParts:
    """Time each part of ``check(data, "sklearn", max_depth=...)``."""
    recipe = learner_for("sklearn", max_depth=max_depth)
    fit_time, _ = best_time(
        lambda: sklearn_estimator(data, max_depth=max_depth), 3, note, "scikit-learn fit"
    )
    read_time, reading = best_time(
        lambda: their_reading("sklearn", data, max_depth=max_depth),
        1,
        note,
        "scikit-learn fit and reading",
    )
    ours_time, ours = best_time(lambda: recipe(data), 1, note, "dtree fit")
    compare_time, comparison = best_time(
        lambda: compare(reading, ours, data, recipe.learner), 1, note, "comparison"
    )
    return CheckParts(fit_time, read_time, ours_time, compare_time, size(ours), comparison.agrees)


class TimedPeer:
    """scikit-learn as the campaign's peer, adding up the time its fits take."""

    def __init__(self) -> None:
        self.peer = Peer("sklearn")
        self.wall = 0.0
        self.cpu = 0.0
        self.fits = 0

    def __call__(self, data: Dataset) -> Tree:
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            return self.peer(data)
        finally:
            self.wall += time.perf_counter() - start
            self.cpu += time.process_time() - start_cpu
            self.fits += 1


@dataclass(frozen=True)
class Campaign:
    """One fuzz campaign: its time, scikit-learn's share of it, and what it found."""

    examples: int
    total: Timing
    sklearn: Timing
    fits: int
    found: bool


def campaign(examples: int, seed: int, note: Callable[[str], None]) -> Campaign:
    """``differential(scikit-learn, learner_for("sklearn"), examples=..., seed=...)``, timed."""
    peer = TimedPeer()
    total, found = best_time(
        lambda: differential(peer, learner_for("sklearn"), examples=examples, seed=seed),
        1,
        note,
        "campaign",
    )
    return Campaign(examples, total, Timing(peer.wall, peer.cpu), peer.fits, found is not None)


def report(rows: int, command: Timing, parts: CheckParts, fuzz: Campaign, max_depth: int) -> str:
    """The table of times and ratios; nothing is judged."""
    peer = parts.sklearn_fit
    lines = [
        f"dtree check of {rows} rows against scikit-learn (max_depth={max_depth}, "
        f"{parts.nodes} nodes of dtree's tree, agrees: {parts.agrees})",
        f"{'':<44} {'wall s':>9} {'cpu s':>9} {'cpu ratio':>10} {'wall ratio':>11}",
    ]
    for name, timing in (
        ("the command, in a fresh process", command),
        ("scikit-learn's fit alone (the peer's work)", peer),
        ("scikit-learn's fit and its tree read", parts.sklearn_read),
        ("dtree's fit", parts.dtree_fit),
        ("the comparison, node by node", parts.compare),
    ):
        lines.append(
            f"{name:<44} {timing.wall:>9.3f} {timing.cpu:>9.3f}"
            f" {_ratio(timing.cpu, peer.cpu):>10} {_ratio(timing.wall, peer.wall):>11}"
        )
    share = fuzz.sklearn
    lines += [
        f"dtree fuzz against scikit-learn, {fuzz.examples} examples: {fuzz.fits} fits of"
        f" scikit-learn, found a disagreement: {fuzz.found}",
        f"{'the campaign':<44} {fuzz.total.wall:>9.3f} {fuzz.total.cpu:>9.3f}"
        f" {_ratio(fuzz.total.cpu, share.cpu):>10} {_ratio(fuzz.total.wall, share.wall):>11}",
        f"{'scikit-learn fits inside it':<44} {share.wall:>9.3f} {share.cpu:>9.3f}",
        f"{'per example':<44} {fuzz.total.wall / fuzz.fits if fuzz.fits else 0:>9.4f}"
        f" {fuzz.total.cpu / fuzz.fits if fuzz.fits else 0:>9.4f}",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS)
    parser.add_argument("--examples", type=int, default=EXAMPLES, help=f"default {EXAMPLES}")
    parser.add_argument("--max-depth", type=int, default=MAX_DEPTH, help=f"default {MAX_DEPTH}")
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_check")
    problem = make_problem(args.rows, args.seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "data.csv"
        write_csv(problem, path)
        log(f"{args.rows} rows written ({os.path.getsize(path)} bytes): running dtree check")
        command, output = command_time(check_command(path, args.max_depth))
        log(f"dtree check: {command.wall:.2f} s wall; it said: {output.splitlines()[:1]}")
    parts = check_parts(dataset(problem), args.max_depth, log)
    fuzz = campaign(args.examples, args.seed, log)
    print(report(args.rows, command, parts, fuzz, args.max_depth))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
