"""Did a commit make fitting slower?  Two revisions of dtree timed side by side.

Run from the repository root::

    python tests/benchmarks/bench_commits.py A [B] [--tasks cart2 c45 ...] [--rows 20000]

A and B are git revisions of this repository (B is ``HEAD`` unless given); ``WORKTREE``
names the checkout as it is, uncommitted changes included.  Each revision is exported
with ``git archive`` into a temporary folder, and every measurement is a fresh Python
process whose ``sys.path`` holds that revision's tree first, then this checkout's
``tests/benchmarks``: ``import dtree`` is the revision's, while the tasks and their data
(:mod:`million`) are this checkout's, the same for both sides.  The tasks, on
``million.dataset(rows, classes)`` (building it is not timed):

* ``cart2``, ``cart3``: ``cart(data, max_depth=None)``, Gini to full depth, of two and
  three classes;
* ``regression``: the same on the numeric target (squared error, full depth);
* ``predict``: ``predict_many(tree, examples)`` of cart2's tree (fitted, not timed) over
  its training examples, five times over;
* ``c45``: ``c45(data)`` of cart2's data, before pruning;
* ``forest``: ``random_forest(data, n_trees=10)`` of cart2's problem on rows // 4 rows;
* ``gradient``: ``gradient_boost(data, n_stages=10)`` of the numeric target on
  rows // 4 rows.

A function is looked up where it lives now and, for the ensembles, where it lived before
``dtree.ensemble`` was a package (``dtree.bagging``, ``dtree.boosting``), and only in the
revision's tree (:class:`TreeOnly`); a revision that has it nowhere, or whose function does
not take the task's keywords, reports the task as missing, and a line under the table says
why.  Anything else that fails in a measuring process is a failure, not a missing task.

For each task the script runs A, B, A, B, ... for ``--repeats`` rounds, each run timing
only the fit (or the predictions) with ``time.process_time`` and ``time.perf_counter``,
and prints the median CPU and wall-clock seconds of each revision, B's over A's in CPU
and in wall time (below 1x: B is faster), and whether both revisions gave the same result
(the SHA-256 of ``repr`` of the tree or model, or of the predictions).  Alternating the
revisions spreads a busy machine's load over both; on a shared machine the CPU ratio is
the steadier one, and a change of a few percent is within its noise.

Like the other benchmarks it judges no time: the exit status is 0 whatever the figures, 1
only when a measuring process fails (its standard error is printed, the end of it), and 2
when a revision is not one of this repository.  What it is doing goes to standard error
(``--quiet`` turns it off).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.abc
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.machinery import ModuleSpec, PathFinder
from pathlib import Path
from types import ModuleType
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
"""This checkout's tests/benchmarks, where the tasks and their data come from."""
ROOT = BENCHMARKS.parent.parent
WORKTREE = "WORKTREE"
"""The revision that is this checkout as it is."""
ROWS = 20_000
REPEATS = 5
PREDICT_PASSES = 5
ENSEMBLE_SIZE = 10
"""Trees of the forest and stages of the boosting, each on a quarter of the rows."""
STDERR_LIMIT = 4_000
"""The characters of a failed process's standard error that are printed (its end)."""

CHILD = (
    "import sys; sys.path[:0] = sys.argv[1:3]; import bench_commits; "
    "bench_commits.child(sys.argv[1], sys.argv[3], int(sys.argv[4]))"
)
"""A measuring process: the revision's tree and this checkout's benchmarks on its path."""


# What a measuring process runs, on the revision's dtree


class TreeOnly(importlib.abc.MetaPathFinder):
    """Finds dtree and its modules in ``tree`` and nowhere else.

    Without it, a module the revision lacks could be lent by an installed dtree (an editable
    install's finder maps ``dtree.*`` to its own checkout), mixing two revisions.
    """

    def __init__(self, tree: str) -> None:
        self.tree = tree

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != "dtree" and not fullname.startswith("dtree."):
            return None
        spec = PathFinder.find_spec(fullname, [self.tree] if path is None else path, target)
        if spec is None:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        return spec


class MissingTaskError(Exception):
    """The revision has no function the task calls, or none that takes its keywords."""


@dataclass(frozen=True)
class Fit:
    """A task that fits ``function`` (from the first of ``homes`` that has it) with ``options``
    to ``million.dataset(rows // shrink, classes)``."""

    homes: tuple[str, ...]
    function: str
    classes: int
    options: Mapping[str, object] = field(default_factory=dict)
    shrink: int = 1


FULL_DEPTH: Mapping[str, object] = {"max_depth": None}
FITS = {
    "cart2": Fit(("dtree",), "cart", 2, FULL_DEPTH),
    "cart3": Fit(("dtree",), "cart", 3, FULL_DEPTH),
    "regression": Fit(("dtree",), "cart", 0, FULL_DEPTH),
    "c45": Fit(("dtree",), "c45", 2),
    "forest": Fit(
        ("dtree.ensemble.bagging", "dtree.bagging"),
        "random_forest",
        2,
        {"n_trees": ENSEMBLE_SIZE, "seed": 0},
        shrink=4,
    ),
    "gradient": Fit(
        ("dtree.ensemble.boosting", "dtree.boosting"),
        "gradient_boost",
        0,
        {"n_stages": ENSEMBLE_SIZE, "seed": 0},
        shrink=4,
    ),
}
TASKS = ("cart2", "cart3", "regression", "predict", "c45", "forest", "gradient")


def function(homes: Sequence[str], name: str, keywords: Sequence[str] = ()) -> Callable[..., Any]:
    """The function ``name`` of the first module of ``homes`` that has one taking
    ``keywords``; MissingTaskError if none has."""
    for home in homes:
        try:
            module = importlib.import_module(home)
        except ModuleNotFoundError as error:
            absent = error.name or ""
            if not (absent.startswith("dtree.") and home.startswith(absent)):
                raise  # no dtree, or a module it imports missing: a failure, not an old API
            continue
        found = getattr(module, name, None)
        if callable(found) and set(keywords) <= set(inspect.signature(found).parameters):
            return found  # type: ignore[no-any-return]
    taking = f" taking {', '.join(keywords)}" if keywords else ""
    raise MissingTaskError(f"no {name}{taking} in {' or '.join(homes)}")


def data(classes: int, rows: int) -> Any:
    """This checkout's million-rows problem, built by the revision's ``Dataset``."""
    return importlib.import_module("million").dataset(rows, classes)


def prepared_fit(fit: Fit, rows: int) -> Callable[[], object]:
    """The fit to time, its data built."""
    learn = function(fit.homes, fit.function, list(fit.options))
    dataset = data(fit.classes, rows // fit.shrink)
    return lambda: learn(dataset, **fit.options)


def prepared_predict(rows: int) -> Callable[[], object]:
    """``predict_many`` of cart2's tree over its training examples, five times over; the
    tree is fitted here, not in the timed call."""
    cart = function(("dtree",), "cart", list(FULL_DEPTH))
    predict_many = function(("dtree",), "predict_many")
    dataset = data(2, rows)
    tree = cart(dataset, **FULL_DEPTH)
    examples = list(dataset.examples())

    def predict() -> object:
        passes = [predict_many(tree, examples) for _ in range(PREDICT_PASSES)]
        return passes[-1]

    return predict


def prepared(task: str, rows: int) -> Callable[[], object]:
    return prepared_predict(rows) if task == "predict" else prepared_fit(FITS[task], rows)


def digest(result: object) -> str:
    """The SHA-256 of ``repr(result)``, in hex: equal for equal trees and predictions."""
    return hashlib.sha256(repr(result).encode()).hexdigest()


def child(tree: str, task: str, rows: int) -> None:
    """Time one task on the dtree of ``tree``, and print one JSON line: its CPU and wall-clock
    seconds and the digest of its result, or why the revision has no such task."""
    sys.meta_path.insert(0, TreeOnly(tree))
    try:
        run = prepared(task, rows)
    except MissingTaskError as missing:
        print(json.dumps({"missing": str(missing)}))
        return
    start, start_cpu = time.perf_counter(), time.process_time()
    result = run()
    cpu, wall = time.process_time() - start_cpu, time.perf_counter() - start
    print(json.dumps({"cpu": cpu, "wall": wall, "digest": digest(result)}))


# The parent: revisions exported, processes alternated, medians reported


class RevisionError(Exception):
    """A revision that is not one of this repository."""


class ChildError(Exception):
    """A measuring process that failed."""


@dataclass(frozen=True)
class Revision:
    """A revision as given, its commit (or WORKTREE) and the tree its dtree is imported from."""

    name: str
    commit: str
    tree: Path


def git(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", "-C", str(ROOT), *arguments], capture_output=True, text=True, check=False
    )


def commit_of(name: str) -> str:
    """The full hash of the commit ``name`` names; RevisionError if it names none."""
    found = git("rev-parse", "--verify", "--quiet", f"{name}^{{commit}}")
    if found.returncode != 0 or not found.stdout.strip():
        raise RevisionError(f"{name!r} is not a revision of this repository")
    return found.stdout.strip()


def export(commit: str, folder: Path) -> Path:
    """``git archive COMMIT | tar -x`` into ``folder/COMMIT`` (once a commit)."""
    tree = folder / commit
    if tree.exists():
        return tree
    tree.mkdir()
    archive = subprocess.Popen(["git", "-C", str(ROOT), "archive", commit], stdout=subprocess.PIPE)
    untar = subprocess.run(["tar", "-x", "-C", str(tree)], stdin=archive.stdout, check=False)
    if archive.stdout is not None:
        archive.stdout.close()
    if archive.wait() != 0 or untar.returncode != 0:
        raise ChildError(f"git archive {commit} | tar -x failed")
    return tree


def revision(name: str, folder: Path) -> Revision:
    """The revision ``name``: WORKTREE, this checkout; else its commit, exported."""
    if name == WORKTREE:
        return Revision(name, WORKTREE, ROOT)
    commit = commit_of(name)
    return Revision(name, commit, export(commit, folder))


@dataclass(frozen=True)
class Run:
    """One process's figures: seconds of CPU and wall clock, and its result's digest."""

    cpu: float
    wall: float
    digest: str


@dataclass(frozen=True)
class Missing:
    """The revision has no such task, and why."""

    reason: str


def measure(revision: Revision, task: str, rows: int) -> Run | Missing:
    """One fresh process timing ``task`` on ``revision``'s dtree."""
    command = [sys.executable, "-c", CHILD, str(revision.tree), str(BENCHMARKS), task, str(rows)]
    environment = {**os.environ, "PYTHONHASHSEED": "0"}  # a set's order the same every run
    done = subprocess.run(
        command, capture_output=True, text=True, env=environment, cwd=revision.tree, check=False
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise ChildError(
            f"{task} on {revision.name} exited with status {done.returncode}; the end of its"
            f" standard error:\n{done.stderr[-STDERR_LIMIT:]}"
        )
    report = json.loads(lines[-1])
    if "missing" in report:
        return Missing(report["missing"])
    return Run(report["cpu"], report["wall"], report["digest"])


@dataclass(frozen=True)
class Summary:
    """A revision's runs of one task: the median seconds and the digests seen."""

    cpu: float
    wall: float
    digests: frozenset[str]


def summary(runs: Sequence[Run]) -> Summary:
    return Summary(
        statistics.median(run.cpu for run in runs),
        statistics.median(run.wall for run in runs),
        frozenset(run.digest for run in runs),
    )


@dataclass(frozen=True)
class Line:
    """One task's figures for A and B, each a summary or why the revision has no such task."""

    task: str
    a: Summary | Missing
    b: Summary | Missing


def compare(
    task: str, a: Revision, b: Revision, *, rows: int, repeats: int, log: Callable[[str], None]
) -> Line:
    """``repeats`` rounds of A then B, a fresh process each; a revision missing the task is
    not asked again."""
    runs: dict[str, list[Run]] = {"a": [], "b": []}
    missing: dict[str, Missing] = {}
    for count in range(1, repeats + 1):
        for side, revision in (("a", a), ("b", b)):
            if side in missing:
                continue
            outcome = measure(revision, task, rows)
            if isinstance(outcome, Missing):
                missing[side] = outcome
                log(f"{task}, round {count}: {revision.name} has no such task ({outcome.reason})")
            else:
                runs[side].append(outcome)
                log(f"{task}, round {count}: {revision.name} {outcome.cpu:.3f} s CPU")
    a_side = missing.get("a") or summary(runs["a"])
    b_side = missing.get("b") or summary(runs["b"])
    return Line(task, a_side, b_side)


def ratio(b: float, a: float) -> str:
    """b / a as a factor; a zero a (a clock too coarse for the task) gives no ratio."""
    return f"{b / a:.2f}x" if a > 0 else "n/a"


def same_result(a: Summary, b: Summary) -> str:
    """yes if every run of both gave one result; VARIES if one revision's runs disagree."""
    if len(a.digests) > 1 or len(b.digests) > 1:
        return "VARIES"
    return "yes" if a.digests == b.digests else "no"


def times(side: Summary | Missing) -> tuple[str, str]:
    """A revision's median CPU and wall-clock seconds, or that it has no such task."""
    if isinstance(side, Missing):
        return "missing", "missing"
    return f"{side.cpu:.3f}", f"{side.wall:.3f}"


def table_line(line: Line) -> str:
    (a_cpu, a_wall), (b_cpu, b_wall) = times(line.a), times(line.b)
    a, b = line.a, line.b
    if isinstance(a, Summary) and isinstance(b, Summary):
        cpu, wall, same = ratio(b.cpu, a.cpu), ratio(b.wall, a.wall), same_result(a, b)
    else:
        cpu = wall = same = "n/a"
    figures = (a_cpu, b_cpu, a_wall, b_wall, cpu, wall)
    return f"{line.task:<10}" + "".join(f" {figure:>9}" for figure in figures) + f" {same:>12}"


def describe(revision: Revision) -> str:
    if revision.commit == WORKTREE:
        return f"{WORKTREE} (this checkout, uncommitted changes included)"
    return f"{revision.name} ({revision.commit[:12]})"


def report(a: Revision, b: Revision, lines: Sequence[Line], rows: int, repeats: int) -> str:
    """The table: each task's median seconds, B's over A's, and whether the results agree;
    then why a revision has no task, where one has none."""
    text = [
        f"A = {describe(a)}, B = {describe(b)}",
        f"{rows} rows; the median of {repeats} fresh process{'' if repeats == 1 else 'es'}"
        " each, A and B alternating",
        f"{'task':<10} {'A cpu s':>9} {'B cpu s':>9} {'A wall s':>9} {'B wall s':>9}"
        f" {'cpu B/A':>9} {'wall B/A':>9} {'same result':>12}",
        *(table_line(line) for line in lines),
    ]
    for line in lines:
        for name, side in (("A", line.a), ("B", line.b)):
            if isinstance(side, Missing):
                text.append(f"{line.task}: not in {name}: {side.reason}")
    return "\n".join(text)


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("a", metavar="A", help=f"a git revision, or {WORKTREE}")
    parser.add_argument(
        "b", metavar="B", nargs="?", default="HEAD", help=f"a git revision, or {WORKTREE} (HEAD)"
    )
    parser.add_argument("--tasks", nargs="+", choices=TASKS, default=list(TASKS))
    parser.add_argument("--rows", type=int, default=ROWS, help=f"default {ROWS}")
    parser.add_argument("--repeats", type=int, default=REPEATS, help=f"default {REPEATS}")
    parser.add_argument(
        "--quiet", action="store_true", help="print nothing on standard error while measuring"
    )
    return parser


def logger(quiet: bool) -> Callable[[str], None]:
    """Lines on standard error, with the seconds elapsed, unless ``quiet``."""
    start = time.perf_counter()

    def log(text: str) -> None:
        if not quiet:
            elapsed = time.perf_counter() - start
            print(f"bench_commits [{elapsed:6.1f} s] {text}", file=sys.stderr, flush=True)

    return log


def main(argv: Sequence[str] | None = None) -> int:
    options = parser()
    args = options.parse_args(argv)
    if args.rows < 1 or args.repeats < 1:
        options.error("--rows and --repeats take 1 or more")
    log = logger(args.quiet)
    with tempfile.TemporaryDirectory(prefix="bench_commits-") as folder:
        try:
            a, b = (revision(name, Path(folder)) for name in (args.a, args.b))
            lines = [
                compare(task, a, b, rows=args.rows, repeats=args.repeats, log=log)
                for task in args.tasks
            ]
        except RevisionError as error:
            print(f"bench_commits: {error}", file=sys.stderr)
            return 2
        except ChildError as error:
            print(f"bench_commits: {error}", file=sys.stderr)
            return 1
    print(report(a, b, lines, args.rows, args.repeats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
