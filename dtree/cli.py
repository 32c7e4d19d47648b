"""The ``dtree`` command line.

``dtree datasets``
    List the bundled datasets.
``dtree fit (FILE.csv --target COL | --dataset NAME) [options]``
    Learn a tree and print it.

Bad input ends with exit status 2 and one message on standard error,
never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dtree import datasets
from dtree.dataset import Dataset
from dtree.errors import DtreeError
from dtree.grow import id3
from dtree.load import read_csv
from dtree.render import text

__all__ = ["main"]

PROGRAM = "dtree"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Decision-tree learning, the reference implementation."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("datasets", help="list the bundled datasets")
    fit = commands.add_parser("fit", help="learn a tree and print it")
    source = fit.add_mutually_exclusive_group(required=True)
    source.add_argument("file", nargs="?", metavar="FILE.csv", help="a CSV file with a header")
    source.add_argument("--dataset", metavar="NAME", help="a bundled dataset (see: dtree datasets)")
    fit.add_argument("--target", metavar="COL", help="the target column of FILE.csv")
    fit.add_argument("--classes", metavar="A,B,...", help="the class order (default: sorted)")
    fit.add_argument(
        "--nominal", metavar="COL", action="append", default=[], help="read COL as nominal"
    )
    fit.add_argument(
        "--algorithm", choices=["id3"], default="id3", help="the learner (default id3)"
    )
    fit.add_argument("--max-depth", type=int, metavar="N", help="grow at most N splits deep")
    fit.add_argument(
        "--min-samples-split", type=float, default=0, metavar="W", help="split nodes of weight >= W"
    )
    fit.add_argument(
        "--min-gain", type=float, default=0.0, metavar="G", help="split when gain >= G"
    )
    return parser


def _data(arguments: argparse.Namespace) -> Dataset:
    if arguments.dataset is not None:
        for option in ("target", "classes", "nominal"):
            if getattr(arguments, option):
                raise DtreeError(
                    f"--{option} goes with FILE.csv; a bundled dataset declares its own"
                )
        return datasets.load(arguments.dataset)
    if not arguments.file:
        raise DtreeError("FILE.csv must name a file")
    if arguments.target is None:
        raise DtreeError("FILE.csv needs --target COL")
    classes = None
    if arguments.classes is not None:
        classes = [label.strip() for label in arguments.classes.split(",")]
    return read_csv(
        arguments.file, target=arguments.target, classes=classes, nominal=arguments.nominal
    )


def _fit(arguments: argparse.Namespace) -> str:
    tree = id3(
        _data(arguments),
        max_depth=arguments.max_depth,
        min_samples_split=arguments.min_samples_split,
        min_gain=arguments.min_gain,
    )
    return text(tree)


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
    """
    arguments = _parser().parse_args(argv)
    try:
        output = _datasets() if arguments.command == "datasets" else _fit(arguments)
    except DtreeError as error:
        print(f"{PROGRAM}: error: {error}", file=sys.stderr)
        return 2
    print(output)
    return 0
