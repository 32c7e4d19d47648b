"""The ``dtree`` command line.

``dtree datasets``
    List the bundled datasets.
``dtree fit (FILE.csv --target COL | --dataset NAME) [options]``
    Learn a tree with ID3, C4.5 or CART and print it.
``dtree evaluate (FILE.csv --target COL | --dataset NAME) [options] [--folds K] [--seed N]``
    Cross-validate the learner fit would use and print its scores: the
    error of each fold, their mean and standard error and, for
    classification, the accuracy, the confusion matrix of all the folds
    and each class's precision, recall and F1.  Progress goes to standard
    error, a line a fold.

Both commands read data and take learning options alike.  Every learning
option is passed on only when it is given, so each algorithm keeps its
own defaults; an option that the chosen algorithm does not have is
refused rather than ignored.  Bad input ends with exit status 2 and one
message on standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from dtree import datasets
from dtree.dataset import Dataset
from dtree.errors import DtreeError, at_file
from dtree.evaluate import CrossValidation, cross_validate, f_beta, precision, recall
from dtree.grow import c45, cart, id3
from dtree.load import read_csv
from dtree.render import format_weight, text
from dtree.tree import Tree

__all__ = ["main"]

PROGRAM = "dtree"

LEARNERS: Mapping[str, Callable[..., Tree]] = {"id3": id3, "c45": c45, "cart": cart}
"""The learner of each ``--algorithm``."""

ALL = tuple(LEARNERS)
"""The algorithms, in the order of ``--algorithm``'s choices."""

OPTIONS: Mapping[str, tuple[str, ...]] = {
    "criterion": ("cart",),
    "max_depth": ALL,
    "min_samples_split": ("id3", "cart"),
    "min_samples_leaf": ("cart",),
    "min_impurity_decrease": ("cart",),
    "max_leaf_nodes": ("cart",),
    "min_gain": ("id3",),
    "min_objects": ("c45",),
    "significance": ALL,
    "missing": ALL,
}
"""Each learning option (its keyword argument) and the algorithms that take it."""

FILE_ONLY = ("target", "classes", "nominal", "numeric", "missing_marker")
"""The options that say how to read FILE.csv."""

T = TypeVar("T")


def _flag(option: str) -> str:
    return "--" + option.replace("_", "-")


def _weight(text: str) -> int | float:
    """A weight option: an integer stays exact, anything else is a float."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None


def _add_data_and_learning(command: argparse.ArgumentParser) -> None:
    """The arguments that say what data to learn from and how: fit's and evaluate's."""
    source = command.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="FILE.csv", help="a CSV file with a header")
    source.add_argument("--dataset", metavar="NAME", help="a bundled dataset (see: dtree datasets)")
    reading = command.add_argument_group("reading FILE.csv")
    reading.add_argument("--target", metavar="COL", help="the target column")
    reading.add_argument("--classes", metavar="A,B,...", help="the class order (default: sorted)")
    reading.add_argument("--nominal", metavar="COL", action="append", help="read COL as nominal")
    reading.add_argument("--numeric", metavar="COL", action="append", help="read COL as numeric")
    reading.add_argument(
        "--missing-marker",
        metavar="TEXT",
        action="append",
        help="a field equal to TEXT is missing (repeatable; default: ? and the empty field)",
    )
    learning = command.add_argument_group(
        "learning",
        "An option marked with algorithms belongs to those only; each algorithm keeps its "
        "own defaults.",
    )
    learning.add_argument(
        "--algorithm", choices=ALL, default="id3", help="the learner (default: id3)"
    )
    learning.add_argument(
        "--criterion",
        choices=["gini", "entropy", "misclassification", "squared_error"],
        help="cart: the impurity (default: gini, squared_error for a numeric target)",
    )
    learning.add_argument("--max-depth", type=int, metavar="N", help="grow at most N splits deep")
    learning.add_argument(
        "--min-samples-split",
        type=_weight,
        metavar="W",
        help="id3, cart: split nodes of weight >= W",
    )
    learning.add_argument(
        "--min-samples-leaf", type=_weight, metavar="W", help="cart: every branch weighs >= W"
    )
    learning.add_argument(
        "--min-impurity-decrease",
        type=float,
        metavar="D",
        help="cart: split when the weighted impurity decrease is >= D",
    )
    learning.add_argument(
        "--max-leaf-nodes", type=int, metavar="N", help="cart: grow best first up to N leaves"
    )
    learning.add_argument("--min-gain", type=float, metavar="G", help="id3: split when gain >= G")
    learning.add_argument(
        "--min-objects", type=_weight, metavar="W", help="c45: C4.5's least branch weight (2)"
    )
    learning.add_argument(
        "--significance",
        type=float,
        metavar="LEVEL",
        help="split only when a chi-square test rejects independence at LEVEL",
    )
    learning.add_argument(
        "--missing",
        choices=["refuse", "fractional", "impute"],
        help="missing values (default: fractional for c45, refuse otherwise)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Decision-tree learning, the reference implementation."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("datasets", help="list the bundled datasets")
    _add_data_and_learning(commands.add_parser("fit", help="learn a tree and print it"))
    evaluate = commands.add_parser("evaluate", help="cross-validate a learner and print its scores")
    _add_data_and_learning(evaluate)
    evaluating = evaluate.add_argument_group("cross-validation")
    evaluating.add_argument(
        "--folds",
        type=int,
        default=10,
        metavar="K",
        help="the number of folds, stratified by class for classification (default: 10)",
    )
    evaluating.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the shuffle (default: 0)"
    )
    return parser


def _data(arguments: argparse.Namespace) -> Dataset:
    if arguments.dataset is not None:
        for option in FILE_ONLY:
            if getattr(arguments, option) is not None:
                raise DtreeError(
                    f"{_flag(option)} goes with FILE.csv; a bundled dataset declares its own"
                )
        return datasets.load(arguments.dataset)
    if not arguments.file:
        raise DtreeError("FILE.csv must name a file")
    if arguments.target is None:
        raise DtreeError("FILE.csv needs --target COL")
    classes = None
    if arguments.classes is not None:
        classes = [label.strip() for label in arguments.classes.split(",")]
    read = partial(
        read_csv,
        arguments.file,
        target=arguments.target,
        classes=classes,
        numeric=arguments.numeric or (),
        nominal=arguments.nominal or (),
    )
    # Without --missing-marker, read_csv's own markers apply: '?' and the empty field.
    return read() if arguments.missing_marker is None else read(missing=arguments.missing_marker)


def _options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The learning options given, checked to belong to the chosen algorithm."""
    algorithm = arguments.algorithm
    given = {
        option: getattr(arguments, option)
        for option in OPTIONS
        if getattr(arguments, option) is not None
    }
    for option in given:
        if algorithm not in OPTIONS[option]:
            raise DtreeError(f"{_flag(option)} applies to {' and '.join(OPTIONS[option])} only")
    return given


def _learner(arguments: argparse.Namespace) -> tuple[Dataset, Callable[[Dataset], Tree]]:
    """The data and the learner the arguments ask for.

    The learning options are checked first, so that an option the
    algorithm does not take is refused before the file is read.
    """
    options = _options(arguments)
    return _data(arguments), partial(LEARNERS[arguments.algorithm], **options)


def _placed(arguments: argparse.Namespace, work: Callable[[], T]) -> T:
    """The result of ``work``; a learner's error placed by row and column is placed in the file."""
    try:
        return work()
    except DtreeError as error:
        # A learner places bad data by row and column only; the file is known here.
        if arguments.file and (error.row is not None or error.column is not None):
            raise at_file(error, arguments.file) from error
        raise


def _fit(arguments: argparse.Namespace) -> str:
    data, learn = _learner(arguments)
    return text(_placed(arguments, lambda: learn(data)))


def _aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows of cells as lines, the first column left-aligned and the others right-aligned."""
    widths = [max(len(row[j]) for row in rows) for j in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(width) if j == 0 else cell.rjust(width)
            for j, (cell, width) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in rows
    ]


def _report(result: CrossValidation, heading: str) -> str:
    """The scores of a cross-validation, as people read them."""
    number = format_weight
    name = "error" if result.confusion is not None else "squared error"
    lines = [heading, ""]
    lines += _aligned(
        [["fold", "train", "test", name]]
        + [
            [str(i), str(len(fold.train)), str(len(fold.test)), number(e)]
            for i, (fold, e) in enumerate(zip(result.folds, result.errors, strict=True), start=1)
        ]
    )
    spread = number(result.standard_error)
    lines += ["", f"mean {name} {number(result.mean_error)} (standard error {spread})"]
    matrix = result.confusion
    if matrix is None:
        return "\n".join(lines)
    lines.append(f"accuracy {number(result.mean_accuracy)} (standard error {spread})")
    lines += ["", "confusion matrix of all folds (rows actual, columns predicted):"]
    lines += _aligned(
        [["", *matrix.classes]]
        + [
            [label, *map(number, row)]
            for label, row in zip(matrix.classes, matrix.counts, strict=True)
        ]
    )
    scores = [["class", "precision", "recall", "F1"]]
    for label in matrix.classes:
        scores.append([label, *(number(m(matrix, label)) for m in (precision, recall, f_beta))])
    for average in ("macro", "weighted"):
        scores.append(
            [
                f"{average} average",
                *(number(m(matrix, average=average)) for m in (precision, recall, f_beta)),
            ]
        )
    return "\n".join([*lines, "", *_aligned(scores)])


def _evaluate(arguments: argparse.Namespace) -> str:
    data, learn = _learner(arguments)
    k = arguments.folds
    if not 2 <= k <= len(data):
        raise DtreeError(f"--folds must lie in 2..{len(data)} for {len(data)} rows, got {k}")

    def progress(done: int, folds: int) -> None:
        print(f"{PROGRAM}: fold {done}/{folds} done", file=sys.stderr, flush=True)

    result = _placed(
        arguments, lambda: cross_validate(learn, data, k, seed=arguments.seed, progress=progress)
    )
    kind = "stratified " if data.schema.is_classification else ""
    heading = (
        f"{k}-fold {kind}cross-validation of {arguments.algorithm}, seed {arguments.seed},"
        f" {len(data)} rows"
    )
    return _report(result, heading)


def _datasets() -> str:
    lines = []
    for name in datasets.names():
        data = datasets.load(name)
        entry = datasets.info(name)
        lines.append(f"{name:16} {len(data):4} rows  target {entry.target}  ({entry.provenance})")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    >>> main(["fit", "--dataset", "xor", "--max-depth", "0"])
    root [0 2, 1 2]: 0
    0
    >>> main(["fit", "--dataset", "golf", "--algorithm", "cart", "--max-depth", "1"])
    root [Play 9, Don't Play 5]
    outlook in {overcast} [Play 4, Don't Play 0]: Play
    outlook not in {overcast} [Play 5, Don't Play 5]: Play
    0
    """
    arguments = _parser().parse_args(argv)
    commands: Mapping[str, Callable[[argparse.Namespace], str]] = {
        "datasets": lambda _: _datasets(),
        "fit": _fit,
        "evaluate": _evaluate,
    }
    try:
        output = commands[arguments.command](arguments)
    except DtreeError as error:
        print(f"{PROGRAM}: error: {error}", file=sys.stderr)
        return 2
    print(output)
    return 0
