"""C4.5 unpruned, a whole ``dtree fit`` process against a whole Weka ``J48 -U`` process.

Run from the repository root::

    python tests/benchmarks/bench_j48.py

The data, 20,000 rows of 4 numeric and 4 nominal attributes and 3 classes
(:func:`make_problem`), is written once as ARFF (``dtree.arff.arff_text``)
to a temporary folder.  Then each of two commands runs on that file as a
process of its own, from start to exit, interpreter and virtual machine
included:

* ``python -m dtree fit --algorithm c45 --unpruned --quiet --format json --output
  FILE FILE.arff`` (C4.5, unpruned);
* ``java -cp WEKA_JAR weka.classifiers.trees.J48 -U -no-cv -t FILE.arff``
  (one unpruned tree, and its evaluation on the training data; without
  ``-no-cv`` Weka would also run a 10-fold cross-validation, ten more
  trees).  Java and Weka are found as ``dtree check`` finds them
  (:mod:`dtree.conformance.peers`).

Each command's time is the least of several runs: wall clock
(``time.perf_counter``) and CPU time, user and system, of the process and
its children (``resource.getrusage(RUSAGE_CHILDREN)`` before and after).
Java's compiler and garbage collector run in threads of their own, so its
CPU time can exceed its wall time.

The two trees are then compared: J48's printed tree read with
``read_j48``, dtree's model file collapsed as J48 collapses an unpruned
tree (``prune.collapse``), and both compared node by node
(``dtree.conformance.compare`` with J48's learner).  A disagreement is a
warning, not a failure.  Like the other benchmarks it judges nothing and
exits 0 whatever the times; what it is doing goes to standard error
(``--quiet`` turns it off).
"""

from __future__ import annotations

import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from dtree.arff import arff_text, read_arff
from dtree.conformance import compare, learner_for, peers, read_j48
from dtree.dataset import Dataset, Value
from dtree.prune import collapse
from dtree.serialize import from_json
from dtree.tree import n_leaves

if TYPE_CHECKING or __package__:
    from benchmarks.bench_cart import Log, Timing, _ratio, options
else:  # run as a script, from its own folder
    from bench_cart import Log, Timing, _ratio, options

ROWS = 20_000
ROOT = Path(__file__).resolve().parent.parent.parent
"""The repository, whose ``dtree`` the ``dtree fit`` process imports."""

NUMERIC = 4
NOMINAL: dict[str, tuple[str, ...]] = {
    "colour": ("red", "green", "blue"),
    "size": ("s", "m", "l", "xl"),
    "shape": ("round", "square"),
    "brand": ("a", "b", "c", "d", "e"),
}
CLASSES = ("low", "mid", "high")
LEVELS = 1024
"""Each numeric attribute takes values k / 16 for k < LEVELS."""
NOISE = 0.1


def make_problem(rows: int, seed: int = 0) -> Dataset:
    """A deterministic mixed problem: numeric n0..n3, nominal colour, size, shape, brand.

    The numeric attributes are uniform on the grid k / 16, k < 1,024
    (exact in a double; values repeat), the nominal ones uniform on their
    values.  With ``m = 64``, the class is ``(n0 + n1 > m) + (size in {l,
    xl}) + (colour = red)`` modulo 3 (``low``, ``mid``, ``high``); n2, n3,
    shape and brand are noise, and 10% of the labels are changed to one of
    the other two classes.  The first ``n`` rows are the same for any
    ``rows >= n``.
    """
    rng = random.Random(seed)
    top = LEVELS / 16
    columns: dict[str, list[Value]] = {f"n{j}": [] for j in range(NUMERIC)}
    columns.update({name: [] for name in NOMINAL})
    labels: list[Value] = []
    for _ in range(rows):
        x = [rng.randrange(LEVELS) / 16 for _ in range(NUMERIC)]
        named = {name: rng.choice(values) for name, values in NOMINAL.items()}
        label = (
            (x[0] + x[1] > top) + (named["size"] in ("l", "xl")) + (named["colour"] == "red")
        ) % 3
        if rng.random() < NOISE:
            label = (label + rng.randrange(1, 3)) % 3
        for j, number in enumerate(x):
            columns[f"n{j}"].append(number)
        for name, word in named.items():
            columns[name].append(word)
        labels.append(CLASSES[label])
    columns["class"] = labels
    return Dataset.from_columns(columns, target="class", classes=CLASSES)


def dtree_command(arff: Path, model: Path) -> list[str]:
    """``dtree fit``: C4.5 unpruned, the tree written as a model file."""
    return [
        sys.executable,
        "-m",
        "dtree",
        "fit",
        "--algorithm",
        "c45",
        "--unpruned",
        "--quiet",
        "--format",
        "json",
        "--output",
        str(model),
        str(arff),
    ]


def j48_command(arff: Path) -> list[str]:
    """Weka's ``J48 -U``: one unpruned tree, without the default cross-validation."""
    java = [peers.java(), "-Dfile.encoding=UTF-8", "-cp", str(peers.weka_jar())]
    return [*java, "weka.classifiers.trees.J48", "-U", "-no-cv", "-t", str(arff)]


def run_process(command: Sequence[str]) -> tuple[Timing, str]:
    """The wall-clock and CPU time (user and system, with its children) of one process, run to
    its end, and its standard output; a process that fails is a ``RuntimeError``."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        list(command), capture_output=True, text=True, check=False, cwd=ROOT, env=env
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{command[0]} failed ({done.returncode}): {done.stderr[-2000:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return Timing(wall, cpu), done.stdout


def best_process(
    command: Sequence[str], repeats: int, note: Callable[[str], None]
) -> tuple[Timing, str]:
    """The least wall-clock and CPU times over ``repeats`` runs (at least one), and an output."""
    wall = cpu = math.inf
    count = max(1, repeats)
    output = ""
    for k in range(1, count + 1):
        timing, output = run_process(command)
        wall, cpu = min(wall, timing.wall), min(cpu, timing.cpu)
        note(f"run {k} of {count}: {timing.wall:.2f} s wall, {timing.cpu:.2f} s CPU")
    return Timing(wall, cpu), output


@dataclass(frozen=True)
class Measurement:
    """Both processes' times, both trees' leaves, and whether the trees agree."""

    rows: int
    dtree: Timing
    j48: Timing
    dtree_leaves: int
    j48_leaves: int
    agrees: bool


def measure(
    rows: int,
    *,
    seed: int = 0,
    dtree_repeats: int = 3,
    j48_repeats: int = 3,
    log: Callable[[str], None] = lambda text: None,
) -> Measurement:
    log(f"{rows} rows: making the data and writing the ARFF file")
    with tempfile.TemporaryDirectory() as folder:
        arff = Path(folder) / "bench.arff"
        model = Path(folder) / "tree.json"
        arff.write_text(arff_text(make_problem(rows, seed), "bench"), encoding="utf-8")
        j48 = j48_command(arff)
        dtree_time, _ = best_process(
            dtree_command(arff, model), dtree_repeats, lambda text: log(f"dtree fit {text}")
        )
        j48_time, printed = best_process(j48, j48_repeats, lambda text: log(f"J48 -U {text}"))
        log("comparing the trees")
        data = read_arff(arff)
        ours = collapse(from_json(model.read_text(encoding="utf-8")))
    theirs = read_j48(printed, data, file="J48's output")
    agrees = compare(theirs, ours, data, learner_for("j48", U=True).learner).agrees
    return Measurement(rows, dtree_time, j48_time, n_leaves(ours), n_leaves(theirs), agrees)


def report(m: Measurement) -> str:
    """The times, their ratios in wall and CPU time, the leaves, and any warning; no verdict."""
    lines = [
        f"C4.5 unpruned on {m.rows} rows, each a whole process",
        f"{'process':<14} {'wall s':>8} {'cpu s':>8} {'leaves':>7}",
        f"{'dtree fit':<14} {m.dtree.wall:>8.2f} {m.dtree.cpu:>8.2f} {m.dtree_leaves:>7}",
        f"{'J48 -U':<14} {m.j48.wall:>8.2f} {m.j48.cpu:>8.2f} {m.j48_leaves:>7}",
        f"ratio: {_ratio(m.dtree.wall, m.j48.wall)} in wall time,"
        f" {_ratio(m.dtree.cpu, m.j48.cpu)} in CPU time",
        f"the trees agree: {'yes' if m.agrees else 'NO'}",
    ]
    if not m.agrees:
        lines.append(
            "WARNING: dtree's tree (collapsed) and J48's differ; `dtree check --against j48"
            " --param U=true FILE.arff` on the same data says where"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = options(__doc__, rows=ROWS, repeats=(("dtree", 3), ("j48", 3)))
    args = parser.parse_args(argv)
    log = Log(args.quiet, "bench_j48")
    m = measure(
        args.rows,
        seed=args.seed,
        dtree_repeats=args.dtree_repeats,
        j48_repeats=args.j48_repeats,
        log=log,
    )
    print(report(m))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
