"""What the ``dtree`` commands share: the arguments that read data and write output, the
checks of counts and shares, and the plumbing of errors, warnings, progress and processes.

Contents
--------
- a subcommand: :class:`Command` (its name, its help, the function that adds its arguments
  and the handler that runs it), gathered by :func:`dtree.cli.main`;
- arguments: :func:`add_data` (FILE.csv or ``--dataset`` and how to read it),
  :func:`add_output`, :func:`add_weights`, :func:`add_missing_marker`, :func:`add_seed`,
  and the option types :func:`rational` and :func:`weight`;
- reading: :func:`read_data` (a bundled dataset, a CSV or an ARFF file), :func:`is_arff`,
  :func:`refuse_csv_options`, :data:`FILE_ONLY`;
- checking: :func:`given` (the options given, each belonging to the choice made),
  :func:`checked_count`, :func:`check_folds_option`, :func:`held_out`;
- output: :func:`chosen_format`, :func:`print_output`, :func:`write_output`,
  :func:`aligned`, :func:`plural`, :func:`flag`;
- plumbing: :func:`placed` (a learner's error placed in the file), :func:`progress_line`
  (the progress drawn on a terminal, :data:`TICK`), :func:`process_pool` (``--processes``),
  :func:`warnings_drawn` (each warning once, in the options' words: :func:`spoken`).
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
import threading
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from attrs import frozen

from dtree import datasets
from dtree.arff import read_arff
from dtree.dataset import Dataset
from dtree.errors import DtreeError, DtreeWarning, at_file, quote, warn
from dtree.evaluate import train_test_split
from dtree.load import MissingTarget, read_csv
from dtree.progress import Line, Progress, Report
from dtree.resampling import check_folds

__all__ = [
    "CLEAR_LINE",
    "FILE_ONLY",
    "PROGRAM",
    "TICK",
    "Command",
    "add_data",
    "add_missing_marker",
    "add_output",
    "add_seed",
    "add_weights",
    "aligned",
    "check_folds_option",
    "checked_count",
    "chosen_format",
    "cores",
    "flag",
    "given",
    "held_out",
    "is_arff",
    "keep_moving",
    "placed",
    "plural",
    "print_output",
    "process_pool",
    "progress_line",
    "rational",
    "read_data",
    "refuse_csv_options",
    "spoken",
    "warnings_drawn",
    "weight",
    "workers",
    "write_output",
]

PROGRAM = "dtree"

T = TypeVar("T")

Output = str | tuple[str, int]
"""What a handler returns: the text to print, and with it, where the command says more than
success, the exit status (``check`` and ``fuzz``: 1 when the trees part)."""


@frozen
class Command:
    """A subcommand of ``dtree``: its ``name`` and one-line ``help``, the function that adds
    its ``arguments`` to its parser, and the handler that ``run``\\ s it on the arguments
    parsed, returning its :data:`Output`.

    >>> command = Command("hello", "say hello", lambda parser: None, lambda arguments: "hello")
    >>> command.run(argparse.Namespace())
    'hello'
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Output]


def flag(option: str) -> str:
    """The option as the command line spells it: the keyword ``max_depth`` is ``--max-depth``.

    >>> flag("max_depth")
    '--max-depth'
    """
    return "--" + option.replace("_", "-")


def rational(text: str) -> Fraction:
    """An exact number option: "0.01" is 1/100, not the float nearest it.

    >>> rational("0.01")
    Fraction(1, 100)
    >>> rational("1/0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a number, got '1/0'
    """
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a number, got {quote(text)}") from None


def weight(text: str) -> int | float:
    """A weight option: an integer stays exact, anything else is a float.

    >>> weight("3"), weight("2.5")
    (3, 2.5)
    >>> weight("heavy")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a number, got 'heavy'
    """
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {quote(text)}") from None


def plural(count: int, one: str, many: str) -> str:
    """``count`` and the noun that goes with it: ``one`` for 1, ``many`` otherwise.

    >>> plural(1, "core", "cores"), plural(0, "core", "cores")
    ('1 core', '0 cores')
    """
    return f"{count} {one if count == 1 else many}"


def aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as lines, the first column left-aligned and the others right-aligned.

    >>> for line in aligned([["class", "recall"], ["yes", "0.75"], ["no", "1"]]):
    ...     print(line)
    class  recall
    yes      0.75
    no          1
    """
    widths = [max(len(row[j]) for row in rows) for j in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if j == 0 else cell.rjust(width)
            for j, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def add_data(command: argparse.ArgumentParser, *, required: bool = True) -> None:
    """The arguments that say what data to read: FILE.csv (or FILE.arff) or a bundled dataset
    (one of them, unless not ``required``).

    >>> parser = argparse.ArgumentParser()
    >>> add_data(parser)
    >>> arguments = parser.parse_args(["golf.csv", "--target", "play", "--nominal", "outlook"])
    >>> arguments.file, arguments.dataset, arguments.target, arguments.nominal
    ('golf.csv', None, 'play', ['outlook'])
    """
    source = command.add_mutually_exclusive_group(required=required)
    source.add_argument(
        "file", nargs="?", metavar="FILE.csv", help="a CSV file with a header, or FILE.arff"
    )
    source.add_argument("--dataset", metavar="NAME", help="a bundled dataset (see: dtree datasets)")
    reading = command.add_argument_group("reading FILE.csv")
    reading.add_argument(
        "--target", metavar="COL", help="the target column (FILE.arff: by default its last)"
    )
    reading.add_argument(
        "--classes",
        metavar="A,B,...",
        help="the class order (default: sorted; for rules, the model's)",
    )
    reading.add_argument("--nominal", metavar="COL", action="append", help="read COL as nominal")
    reading.add_argument("--numeric", metavar="COL", action="append", help="read COL as numeric")
    add_weights(reading)
    add_missing_marker(reading)


def add_weights(group: argparse._ActionsContainer) -> None:
    """The option ``--weights COL``: the column that holds each row's weight.

    >>> parser = argparse.ArgumentParser()
    >>> add_weights(parser)
    >>> parser.parse_args(["--weights", "count"]).weights
    'count'
    """
    group.add_argument(
        "--weights",
        metavar="COL",
        help="COL holds each row's weight (a number >= 0; a row of weight k counts as k"
        " copies) and is not an attribute",
    )


def add_output(group: argparse._ActionsContainer) -> None:
    """The option ``--output FILE``: the file written instead of standard output.

    >>> parser = argparse.ArgumentParser()
    >>> add_output(parser)
    >>> parser.parse_args([]).output, parser.parse_args(["--output", "tree.json"]).output
    (None, 'tree.json')
    """
    group.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")


def add_missing_marker(group: argparse._ActionsContainer) -> None:
    """The option ``--missing-marker TEXT``, repeatable: the fields read as missing.

    >>> parser = argparse.ArgumentParser()
    >>> add_missing_marker(parser)
    >>> parser.parse_args(["--missing-marker", "NA", "--missing-marker", "-"]).missing_marker
    ['NA', '-']
    """
    group.add_argument(
        "--missing-marker",
        metavar="TEXT",
        action="append",
        help="a field equal to TEXT is missing (repeatable; default: ? and the empty field)",
    )


def add_seed(group: argparse._ArgumentGroup) -> None:
    """The option ``--seed N``, the seed of the shuffle (0 unless given).

    >>> parser = argparse.ArgumentParser()
    >>> add_seed(parser.add_argument_group("shuffling"))
    >>> parser.parse_args([]).seed, parser.parse_args(["--seed", "7"]).seed
    (0, 7)
    """
    group.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the shuffle (default: 0)"
    )


FILE_ONLY = ("target", "classes", "nominal", "numeric", "missing_marker", "weights")
"""The options that say how to read FILE.csv."""


def read_data(
    arguments: argparse.Namespace,
    *,
    classes: Sequence[str] | None = None,
    missing_target: MissingTarget = "refuse",
) -> Dataset:
    """The data the arguments name; a CSV file's classes in the order of ``--classes``, else
    of ``classes``, else sorted; a row whose target is missing refused, or with
    ``missing_target="drop"`` left out with a warning (:func:`dtree.load.read_csv`).

    >>> bundled = dict.fromkeys(FILE_ONLY)
    >>> read_data(argparse.Namespace(dataset="golf", **bundled)).schema.target.name
    'class'
    >>> read_data(argparse.Namespace(dataset="golf", **bundled | {"target": "class"}))
    Traceback (most recent call last):
    dtree.errors.DtreeError: --target goes with FILE.csv; a bundled dataset declares its own
    """
    if arguments.dataset is not None:
        for option in FILE_ONLY:
            if getattr(arguments, option) is not None:
                raise DtreeError(
                    f"{flag(option)} goes with FILE.csv; a bundled dataset declares its own"
                )
        return datasets.load(arguments.dataset)
    if not arguments.file:
        raise DtreeError("FILE.csv must name a file")
    if is_arff(arguments.file):
        refuse_csv_options(arguments, [option for option in FILE_ONLY if option != "target"])
        with progress_line(arguments) as progress:
            return read_arff(
                arguments.file,
                target=arguments.target,
                progress=progress,
                missing_target=missing_target,
            )
    if arguments.target is None:
        raise DtreeError("FILE.csv needs --target COL")
    if arguments.classes is not None:
        classes = [label.strip() for label in arguments.classes.split(",")]
    read = partial(
        read_csv,
        arguments.file,
        target=arguments.target,
        classes=classes,
        numeric=arguments.numeric or (),
        nominal=arguments.nominal or (),
        weights=arguments.weights,
        missing_target=missing_target,
    )
    with progress_line(arguments) as progress:
        # Without --missing-marker, read_csv's own markers apply: '?' and the empty field.
        if arguments.missing_marker is None:
            return read(progress=progress)
        return read(missing=arguments.missing_marker, progress=progress)


def is_arff(file: str) -> bool:
    """Whether ``file`` is read as ARFF (its name ends in ``.arff``, in any case) or as CSV.

    >>> is_arff("weather.ARFF"), is_arff("weather.csv")
    (True, False)
    """
    return file.lower().endswith(".arff")


def refuse_csv_options(arguments: argparse.Namespace, options: Sequence[str]) -> None:
    """Refuse the options that say how to read a CSV file: an ARFF file declares it.

    >>> refuse_csv_options(argparse.Namespace(classes=None), ["classes"])
    >>> refuse_csv_options(argparse.Namespace(classes="no,yes"), ["classes"])
    Traceback (most recent call last):
    dtree.errors.DtreeError: --classes goes with a CSV file; an ARFF file declares its own
    """
    for option in options:
        if getattr(arguments, option) is not None:
            raise DtreeError(f"{flag(option)} goes with a CSV file; an ARFF file declares its own")


def given(
    arguments: argparse.Namespace, owners: Mapping[str, tuple[str, ...]], chosen: str, prefix: str
) -> dict[str, Any]:
    """The options of ``owners`` that were given, each checked to belong to ``chosen``
    (the value of the option ``prefix`` names: an algorithm, or a pruning method).

    >>> owners = {"max_depth": ("id3", "cart"), "min_gain": ("id3",)}
    >>> given(argparse.Namespace(max_depth=3, min_gain=None), owners, "cart", "")
    {'max_depth': 3}
    >>> given(argparse.Namespace(max_depth=None, min_gain=0.1), owners, "cart", "")
    Traceback (most recent call last):
    dtree.errors.DtreeError: --min-gain applies to id3 only
    """
    found = {
        option: getattr(arguments, option)
        for option in owners
        if getattr(arguments, option) is not None
    }
    for option in found:
        if chosen not in owners[option]:
            which = " and ".join(owners[option])
            raise DtreeError(f"{flag(option)} applies to {prefix}{which} only")
    return found


def placed(arguments: argparse.Namespace, work: Callable[[], T]) -> T:
    """The result of ``work``; a learner's error placed by row and column is placed in the file.

    >>> arguments = argparse.Namespace(file="golf.csv")
    >>> placed(arguments, lambda: "grown")
    'grown'
    >>> def refused() -> None:
    ...     raise DtreeError("not a number", row=3, column="humidity")
    >>> placed(arguments, refused)
    Traceback (most recent call last):
    dtree.errors.DtreeError: golf.csv, row 3, column 'humidity': not a number
    """
    try:
        return work()
    except DtreeError as error:
        # A learner places bad data by row and column only; the file is known here.
        located = error.row is not None or error.column is not None
        if arguments.file and error.file is None and located:
            raise at_file(error, arguments.file) from error
        raise


TICK = 1.0
"""Seconds between two redrawings of the progress line while no report arrives, so that a
step that takes minutes still shows its time elapsed moving."""


@contextmanager
def progress_line(arguments: argparse.Namespace) -> Iterator[Report | None]:
    """The progress of the work inside the block, drawn as one line on standard error while
    it runs and erased after, only when standard error is a terminal and without --quiet
    (a command without --quiet draws none).  A thread of its own redraws the line every
    :data:`TICK` seconds, reports or none, and ends with the block.

    >>> with progress_line(argparse.Namespace(quiet=True)) as report:
    ...     print(report)
    None
    """
    if getattr(arguments, "quiet", True) or not sys.stderr.isatty():
        yield None
        return
    line = Line(sys.stderr, PROGRAM)
    lock = threading.Lock()  # the line is drawn by the work and by the ticker
    stop = threading.Event()

    def report(progress: Progress) -> None:
        with lock:
            line(progress)

    def redraw() -> None:
        with lock:
            line.tick()

    ticker = threading.Thread(
        target=keep_moving, args=(redraw, partial(stop.wait, TICK)), daemon=True
    )
    ticker.start()
    try:
        yield report
    finally:
        stop.set()
        ticker.join()
        line.close()


def keep_moving(redraw: Callable[[], None], stopped: Callable[[], bool]) -> None:
    """Redraw the progress line until ``stopped()``, which waits a tick and says whether the
    work is over: what the ticker's thread runs.

    >>> stops = iter([False, False, True])
    >>> keep_moving(lambda: print("redrawn"), lambda: next(stops))
    redrawn
    redrawn
    """
    while not stopped():
        redraw()


def chosen_format(
    arguments: argparse.Namespace, extensions: Mapping[str, str], default: str
) -> str:
    """``--format`` if given, else the format the extension of ``--output`` names (in any
    case), else ``default``: a file named ``tree.json`` gets JSON, not text.

    >>> extensions = {".json": "json", ".dot": "dot"}
    >>> chosen_format(argparse.Namespace(format=None, output="tree.JSON"), extensions, "text")
    'json'
    >>> chosen_format(argparse.Namespace(format="dot", output="tree.json"), extensions, "text")
    'dot'
    >>> chosen_format(argparse.Namespace(format=None, output=None), extensions, "text")
    'text'
    """
    if arguments.format is not None:
        return str(arguments.format)
    if arguments.output is None:
        return default
    return extensions.get(Path(arguments.output).suffix.lower(), default)


def print_output(output: str) -> None:
    """Print ``output``; a string the terminal cannot encode (a lone surrogate
    a model file may spell in JSON) is an error, not a traceback.

    >>> print_output("play = yes")
    play = yes
    """
    try:
        print(output)
    except UnicodeEncodeError as error:
        raise DtreeError(f"cannot write the output: {error.reason}") from error


def write_output(file: str, output: str) -> None:
    """Write ``output`` to ``file`` as UTF-8, encoded first so that a failure leaves no file.

    >>> write_output("tree.txt", "a lone surrogate: \\ud800")
    Traceback (most recent call last):
    dtree.errors.DtreeError: tree.txt: cannot write the output as UTF-8: surrogates not allowed
    """
    try:
        data = output.encode("utf-8")
    except UnicodeEncodeError as error:
        raise DtreeError(f"cannot write the output as UTF-8: {error.reason}", file=file) from error
    try:
        Path(file).write_bytes(data)
    except OSError as error:
        raise DtreeError(f"cannot write the file: {error.strerror or error}", file=file) from error


def cores() -> int:
    """The processors this process may run on (its affinity where the system tells it).

    >>> cores() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def workers(processes: int, tasks: int) -> int:
    """How many processes ``--processes P`` starts for ``tasks`` independent tasks: P, but
    no more than the tasks (a worker with no task is waste) nor than the cores (CPU-bound
    work goes no faster on more; the cap is said in a warning).

    >>> workers(1, 3), workers(cores(), 1)
    (1, 1)
    """
    if processes < 1:
        raise DtreeError(f"--processes must be an integer >= 1, got {processes}")
    available = cores()
    if processes > available:
        warn(
            DtreeWarning(
                f"--processes {processes} is more than the {plural(available, 'core', 'cores')}"
                f" this machine gives dtree: using {min(available, tasks)}"
            )
        )
    return max(1, min(processes, tasks, available))


@contextmanager
def process_pool(processes: int | None, tasks: int) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``--processes`` processes for ``tasks`` independent tasks (see
    :func:`workers`), for the block; None without ``--processes``.

    >>> with process_pool(None, 10) as pool:
    ...     print(pool)
    None
    """
    if processes is None:
        yield None
        return
    with ProcessPoolExecutor(workers(processes, tasks)) as pool:
        yield pool


def check_folds_option(k: int, n: int) -> None:
    """``--folds K`` for data of n rows: :func:`dtree.resampling.check_folds`, in the
    option's words.

    >>> check_folds_option(10, 150)
    >>> check_folds_option(200, 150)
    Traceback (most recent call last):
    dtree.errors.DtreeError: --folds must lie in 2..150 for 150 rows, got 200
    """
    if n >= 2 and not 2 <= k <= n:
        raise DtreeError(f"--folds must lie in 2..{n} for {n} rows, got {k}")
    check_folds(k, n)


def checked_count(option: str, value: int, most: int, why: str = "") -> int:
    """``value``, the count ``option`` gives, checked to lie in 1..most (``why`` says what
    bounds it, when it is not a fixed bound).

    >>> checked_count("--trees", 10, 1000)
    10
    >>> checked_count("--trees", 0, 1000)
    Traceback (most recent call last):
    dtree.errors.DtreeError: --trees must be an integer in 1..1,000, got 0
    """
    if not 1 <= value <= most:
        raise DtreeError(f"{option} must be an integer in 1..{most:,}{why}, got {value}")
    return value


def held_out(data: Dataset, share: float, seed: int) -> tuple[Dataset, Dataset]:
    """``--holdout``: the data split into rows to learn from and a ``share`` held out to test
    on (:func:`dtree.evaluate.train_test_split`, stratified for classification).

    >>> train, test = held_out(datasets.load("iris"), 0.3, seed=0)
    >>> len(train.rows), len(test.rows)
    (105, 45)
    >>> held_out(datasets.load("iris"), 1.5, seed=0)
    Traceback (most recent call last):
    dtree.errors.DtreeError: --holdout is a share of the data in (0, 1), got 1.5
    """
    if not 0 < share < 1:
        raise DtreeError(f"--holdout is a share of the data in (0, 1), got {share}")
    stratify = data.schema.is_classification
    return train_test_split(data, share, seed=seed, stratify=stratify)


def spoken(warning: DtreeWarning) -> str:
    """The warning in the command line's words: the options that force a column's kind,
    ``numeric=['COL']`` in the library's words, are ``--numeric COL`` here.

    >>> print(spoken(DtreeWarning("nominal=['a b'] reads it as nominal", column="a b")))
    column 'a b': --nominal 'a b' reads it as nominal
    """
    text = str(warning)
    if warning.column is not None:
        for option in ("numeric", "nominal"):
            text = text.replace(
                f"{option}=[{quote(warning.column)}]", f"--{option} {shlex.quote(warning.column)}"
            )
    return text


CLEAR_LINE = "\r\x1b[K"
"""A carriage return and the terminal's erase to the end of the line: a progress line
drawn there is gone, and is drawn again by its next report or tick."""


@contextmanager
def warnings_drawn() -> Iterator[None]:
    """Inside the block, each :class:`DtreeWarning` is one line on standard error,
    ``dtree: warning: ...``, printed once however often it is issued; other warnings are
    left to Python's own handling.

    >>> from contextlib import redirect_stderr
    >>> with redirect_stderr(sys.stdout), warnings_drawn():
    ...     for _ in range(2):
    ...         warn(DtreeWarning("column 'day' is constant"))
    dtree: warning: column 'day' is constant
    """
    shown: set[str] = set()
    previous = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *rest: Any, **named: Any) -> None:
        if not isinstance(message, DtreeWarning):
            previous(message, category, *rest, **named)
        elif str(message) not in shown:
            shown.add(str(message))
            if sys.stderr.isatty():  # on a line of its own, not after a progress line drawn
                sys.stderr.write(CLEAR_LINE)
            print(f"{PROGRAM}: warning: {spoken(message)}", file=sys.stderr)

    with warnings.catch_warnings():
        warnings.simplefilter("always", DtreeWarning)
        warnings.showwarning = show
        yield
