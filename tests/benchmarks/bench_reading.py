"""How far the data can grow: reading a CSV file and fitting a tree to it, in time and peak
memory, at 10,000, 100,000 and 1,000,000 rows, against pandas and scikit-learn.

Run from the repository root::

    python tests/benchmarks/bench_reading.py [--data million]

For each size (``--rows``, a list), a CSV file of that many rows is written to a temporary
folder, of one of two kinds (``--data``):

* ``mixed``, the default (:func:`write_csv`): six numeric columns, one with 5% of its
  fields missing, three nominal ones and a two-class target, about 53 bytes a row;
* ``million`` (:func:`write_million`): ``million.columns(rows, classes=2)``, the data of
  the million-rows targets, ten numeric columns and a two-class target, nothing missing,
  about 88 bytes a row.

Then each task runs in a process of its own (this script with ``--task``), so that its peak
memory is its own:

* ``read``: ``dtree.read_csv(FILE, target="y")`` against ``pandas.read_csv(FILE)``;
* ``fit``: the same reading, then a CART tree of bounded depth (``--depth``), against
  ``pandas.read_csv`` and ``DecisionTreeClassifier(max_depth=...)``.  On ``mixed``, depth 8
  and missing values imputed (``cart(data, max_depth=8, missing="impute")``, what ``dtree
  fit FILE --target y --algorithm cart --max-depth 8 --missing impute`` does), the field's
  nominal columns one-hot (``pandas.get_dummies``) and its missing values NaN; on
  ``million``, depth 4 (``cart(data, max_depth=4)``, what ``dtree fit FILE --target y
  --algorithm cart --max-depth 4`` does), the field's columns as float32.

Each process reports the CPU time (``time.process_time``) and the wall-clock time of its
task, and its peak resident memory (Linux's ``VmHWM``), the interpreter and its imports
included (about 30 MB for dtree, 110 MB for pandas, 190 MB with scikit-learn), with what
the task added to it in brackets.  Fits larger than ``--fit-rows`` (default 1,000,000) are
skipped.  A process of ``--task`` takes what it calls from ``dtree`` itself, where older
revisions have it too, so that it can be run by hand with an older revision's tree first on
``PYTHONPATH`` (the processes this script starts put this checkout first).  Like the other
benchmarks it judges nothing and exits 0 whatever the figures; what it is doing goes to
standard error (``--quiet`` turns it off).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dtree import cart, n_leaves, read_csv

ROOT = Path(__file__).resolve().parent.parent.parent
SIZES = (10_000, 100_000, 1_000_000)
DEPTH = 8
COLOURS = ("red", "green", "blue", "yellow", "black")
CITIES = tuple(f"city{k}" for k in range(50))
NOMINAL = ("colour", "city", "member")
TASKS = ("read", "fit")
SYSTEMS = ("dtree", "field")
MILLION_CLASSES = 2


def write_csv(path: Path, rows: int, seed: int = 0) -> None:
    """A CSV file of ``rows`` rows: ``x0`` (a price, 0 to 1000 in cents), ``x1`` (0 to 99),
    ``x2`` (4 decimals), ``x3`` (an age), ``x4`` (normal, one decimal, 5% missing as ``?``),
    ``x5`` (an income, log-normal), ``colour`` (5 values), ``city`` (50), ``member`` (yes,
    no) and the class ``y``: whether x0 + 5 x1 > 600 differs from colour being red or blue,
    changed for 10% of the rows."""
    rng = random.Random(seed)
    with path.open("w", encoding="utf-8") as out:
        out.write("x0,x1,x2,x3,x4,x5,colour,city,member,y\n")
        for _ in range(rows):
            x0, x1 = rng.randrange(100_000) / 100, rng.randrange(100)
            x2, x3 = round(rng.random(), 4), rng.randrange(18, 91)
            x4 = "?" if rng.random() < 0.05 else f"{rng.gauss(50, 10):.1f}"
            x5 = f"{rng.lognormvariate(10, 1):.2f}"
            colour, city, member = rng.choice(COLOURS), rng.choice(CITIES), rng.choice("ny")
            yes = (x0 + 5 * x1 > 600) != (colour in ("red", "blue"))
            yes = yes != (rng.random() < 0.1)
            member = "yes" if member == "y" else "no"
            out.write(f"{x0},{x1},{x2},{x3},{x4},{x5},{colour},{city},{member},")
            out.write("yes\n" if yes else "no\n")


def write_million(path: Path, rows: int, seed: int = 0) -> None:
    """A CSV file of ``million.columns(rows, classes=2)``: ``x0``..``x9``, each value written
    exactly (the even columns' k / 4096 in at most 12 decimals, the odd columns' integers
    without a point), and the class ``y``, ``c0`` or ``c1``."""
    table = sibling("million").columns(rows, classes=MILLION_CLASSES, seed=seed)
    with path.open("w", encoding="utf-8") as out:
        out.write(",".join(table) + "\n")
        for row in zip(*table.values(), strict=True):
            out.write(",".join(map(csv_field, row)) + "\n")


def csv_field(value: str | float) -> str:
    """A value as a CSV field: a whole float without its point, any other as ``str``, which
    writes a float exactly (the shortest text that reads back as it)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def one_hot(frame: Any) -> Any:
    """The field's matrix of the mixed data: the nominal columns one-hot."""
    import pandas as pd  # noqa: PLC0415 (only the field's process holds pandas)

    return pd.get_dummies(frame, columns=list(NOMINAL))


def float32(frame: Any) -> Any:
    """The field's matrix of numeric data: float32, as DecisionTreeClassifier holds it."""
    return frame.to_numpy(dtype="float32")


@dataclass(frozen=True)
class Data:
    """A kind of file (``--data``): how it is written, the depth of its fits, cart's options
    but ``max_depth`` (what ``dtree fit`` is given), the field's matrix of its attributes,
    and what the fits' table says they are."""

    write: Callable[[Path, int, int], None]
    depth: int
    options: Mapping[str, Any]
    matrix: Callable[[Any], Any]
    fitting: str


DATA = {
    "mixed": Data(
        write_csv,
        DEPTH,
        {"missing": "impute"},
        one_hot,
        "dtree's read_csv and cart against pandas.read_csv, get_dummies and DecisionTreeClassifier",
    ),
    "million": Data(
        write_million,
        4,
        {},
        float32,
        "million.columns' data, dtree's read_csv and cart against pandas.read_csv and"
        " DecisionTreeClassifier on float32",
    ),
}


def peak_mb() -> float:
    """The peak resident memory of this process so far, in MiB: Linux's VmHWM, or elsewhere
    ``ru_maxrss`` (in KiB; on Linux it would count the memory of the parent that started
    this process, kept across ``exec``)."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text(encoding="utf-8").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """What ``run`` returns, and its CPU and wall-clock seconds."""
    start, start_cpu = time.perf_counter(), time.process_time()
    result = run()
    return result, time.process_time() - start_cpu, time.perf_counter() - start


def run_task(
    system: str, task: str, file: Path, depth: int, data: str = "mixed"
) -> dict[str, float]:
    """One task in this process, on a file of the kind ``data``: its times, the peak memory
    before and after it, and what it made (rows read, the tree's leaves)."""
    kind = DATA[data]
    figures: dict[str, float] = {}
    if system == "dtree":
        figures["baseline"] = peak_mb()
        dataset, figures["read_cpu"], figures["read_wall"] = timed(
            lambda: read_csv(file, target="y")
        )
        figures["rows"] = len(dataset)
        if task == "fit":
            tree, figures["fit_cpu"], figures["fit_wall"] = timed(
                lambda: cart(dataset, max_depth=depth, **kind.options)
            )
            figures["leaves"] = n_leaves(tree)
    else:
        import pandas as pd  # noqa: PLC0415 (only the field's process holds pandas)

        if task == "fit":
            from sklearn.tree import DecisionTreeClassifier  # noqa: PLC0415 (and scikit-learn)
        figures["baseline"] = peak_mb()
        frame, figures["read_cpu"], figures["read_wall"] = timed(
            lambda: pd.read_csv(file, na_values=["?"])
        )
        figures["rows"] = len(frame)
        if task == "fit":

            def fit() -> Any:
                x = kind.matrix(frame.drop(columns="y"))
                return DecisionTreeClassifier(max_depth=depth, random_state=0).fit(x, frame["y"])

            estimator, figures["fit_cpu"], figures["fit_wall"] = timed(fit)
            figures["leaves"] = int(estimator.get_n_leaves())
    figures["peak"] = peak_mb()
    return figures


@dataclass(frozen=True)
class Measurement:
    """One task of one system on one file, as its process reported it."""

    system: str
    task: str
    rows: int
    size_mb: float
    figures: dict[str, float]


def measure(
    system: str,
    task: str,
    file: Path,
    depth: int,
    log: Callable[[str], None],
    *,
    data: str = "mixed",
) -> Measurement:
    """Run one task in a process of its own, and read what it reports."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    script = [sys.executable, __file__, "--task", task, "--system", system, "--depth", str(depth)]
    script += ["--data", data]
    done = subprocess.run(
        [*script, str(file)], capture_output=True, text=True, check=False, cwd=ROOT, env=env
    )
    if done.returncode != 0:
        raise RuntimeError(f"{system} {task} failed ({done.returncode}): {done.stderr[-2000:]}")
    figures = json.loads(done.stdout)
    cpu = figures["read_cpu"] + figures.get("fit_cpu", 0.0)
    log(f"{system} {task}, {int(figures['rows'])} rows: {cpu:.2f} s CPU, {figures['peak']:.0f} MB")
    size = file.stat().st_size / 1e6
    return Measurement(system, task, int(figures["rows"]), size, figures)


def sibling(name: str) -> Any:
    """The benchmark module ``name`` beside this one, however this one was imported."""
    return importlib.import_module(f"benchmarks.{name}" if __package__ else name)


def shared() -> Any:
    """``bench_cart``, for its log and its ratios: imported by the measuring process only,
    since it imports scikit-learn, which a measured process must not hold unless it is the
    field's."""
    return sibling("bench_cart")


def report(measurements: Sequence[Measurement], depth: int, data: str = "mixed") -> str:
    """The table of reading, then of fitting (on a file of the kind ``data``): CPU and wall
    times, peak memory and the memory the task added to its process's (the peak less the
    interpreter and its imports), and dtree's ratios to the field's."""
    ratio = shared()._ratio
    by = {(m.system, m.task, m.rows): m for m in measurements}
    pairs = [
        (task, rows, ours.size_mb, ours.figures, theirs.figures)
        for (system, task, rows), ours in sorted(by.items(), key=lambda item: item[0][2])
        if system == "dtree" and (theirs := by.get(("field", task, rows))) is not None
    ]
    lines = [
        "reading a CSV file: dtree.read_csv against pandas.read_csv, each in a process of its"
        " own (MB: the peak memory, and in brackets what the task added to it)",
        f"{'rows':>9} {'file MB':>7} {'dtree CPU':>9} {'wall':>7} {'MB':>11}"
        f" {'pandas CPU':>10} {'wall':>7} {'MB':>11} {'CPU ratio':>9} {'added ratio':>11}",
    ]
    for task, rows, size, a, b in pairs:
        if task == "read":
            lines.append(
                f"{rows:>9} {size:>7.1f} {a['read_cpu']:>9.2f} {a['read_wall']:>7.2f}"
                f" {memory(a):>11} {b['read_cpu']:>10.3f} {b['read_wall']:>7.3f} {memory(b):>11}"
                f" {ratio(a['read_cpu'], b['read_cpu']):>9}"
                f" {ratio(a['peak'] - a['baseline'], b['peak'] - b['baseline']):>11}"
            )
    lines += [
        "",
        f"fitting a tree of depth at most {depth}: {DATA[data].fitting}",
        f"{'rows':>9} {'dtree read':>10} {'fit CPU':>8} {'wall':>7} {'MB':>11} {'leaves':>6}"
        f" {'field read':>10} {'fit CPU':>8} {'wall':>7} {'MB':>11} {'leaves':>6}"
        f" {'fit CPU ratio':>13}",
    ]
    for task, rows, _, a, b in pairs:
        if task == "fit":
            lines.append(
                f"{rows:>9} {a['read_cpu']:>10.2f} {a['fit_cpu']:>8.2f} {a['fit_wall']:>7.2f}"
                f" {memory(a):>11} {int(a['leaves']):>6} {b['read_cpu']:>10.3f}"
                f" {b['fit_cpu']:>8.3f} {b['fit_wall']:>7.3f} {memory(b):>11}"
                f" {int(b['leaves']):>6} {ratio(a['fit_cpu'], b['fit_cpu']):>13}"
            )
    return "\n".join(lines)


def memory(figures: dict[str, float]) -> str:
    """A process's peak memory in MB, and in brackets what its task added to it."""
    return f"{figures['peak']:.0f} ({figures['peak'] - figures['baseline']:.0f})"


def parser() -> argparse.ArgumentParser:
    """The options: the data, the sizes, the fits' largest size and depth, the seed, and
    --quiet (and --task, --system and FILE for the processes this script starts)."""
    options = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    options.add_argument(
        "--data", choices=list(DATA), default="mixed", help="the file's kind (default mixed)"
    )
    options.add_argument(
        "--rows",
        type=lambda text: [int(size) for size in text.split(",")],
        default=list(SIZES),
        help="the sizes, comma-separated (default 10000,100000,1000000)",
    )
    options.add_argument("--fit-rows", type=int, default=max(SIZES), help="the largest fit")
    options.add_argument(
        "--depth", type=int, help=f"default {DEPTH} (mixed), {DATA['million'].depth} (million)"
    )
    options.add_argument("--seed", type=int, default=0)
    options.add_argument("--quiet", action="store_true", help="print nothing on standard error")
    options.add_argument("--task", choices=TASKS, help=argparse.SUPPRESS)
    options.add_argument("--system", choices=SYSTEMS, help=argparse.SUPPRESS)
    options.add_argument("file", nargs="?", type=Path, help=argparse.SUPPRESS)
    return options


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    kind = DATA[args.data]
    depth = kind.depth if args.depth is None else args.depth
    if args.task is not None:  # a process started below: one task, its figures as JSON
        print(json.dumps(run_task(args.system, args.task, args.file, depth, args.data)))
        return 0
    log = shared().Log(args.quiet, "bench_reading")
    measurements: list[Measurement] = []
    with tempfile.TemporaryDirectory() as folder:
        for rows in args.rows:
            file = Path(folder, f"data-{rows}.csv")
            log(f"writing {rows} rows")
            kind.write(file, rows, args.seed)
            for task in TASKS:
                if task == "fit" and rows > args.fit_rows:
                    continue
                for system in SYSTEMS:
                    measurements.append(measure(system, task, file, depth, log, data=args.data))
    print(report(measurements, depth, args.data))
    log("done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
