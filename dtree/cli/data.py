"""The commands about data: ``datasets``, ``example`` and ``discretize``.

``dtree datasets``
    List the bundled datasets.
``dtree example [NAME] [--output FILE]``
    List the example CSV files that ship with dtree (each with its
    header), or write one, e.g. ``dtree example prices.csv --output
    prices.csv``: small files the README's commands read.
``dtree discretize (FILE.csv --target COL | --dataset NAME) [--method M] [--bins K]``
    Cut numeric attributes (every one, or each ``--attribute COL``) into ranges, by
    Fayyad and Irani's entropy method (``entropy``, the default), equal ``width`` or
    equal ``frequency`` (``--bins K`` ranges), and write the data with the ranges in
    their place (:mod:`dtree.discretize`), as CSV, or as ARFF to a FILE named ``.arff``
    or with ``--format arff``.

Contents: :data:`DATASETS`, :data:`EXAMPLE`, :data:`DISCRETIZE`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path

from dtree import datasets
from dtree.arff import arff_text
from dtree.cli.common import (
    Command,
    add_data,
    add_output,
    chosen_format,
    read_data,
)
from dtree.dataset import Dataset
from dtree.discretize import discretize, entropy_mdl, equal_frequency, equal_width
from dtree.errors import DtreeError, quote
from dtree.load import csv_text

__all__ = ["DATASETS", "DISCRETIZE", "EXAMPLE"]


def _datasets_arguments(_: argparse.ArgumentParser) -> None:
    """``dtree datasets`` takes no arguments."""


def _datasets(_: argparse.Namespace) -> str:
    lines = []
    for name in datasets.names():
        data = datasets.load(name)
        entry = datasets.info(name)
        lines.append(f"{name:16} {len(data):4} rows  target {entry.target}  ({entry.provenance})")
    return "\n".join(lines)


DATASETS = Command(
    "datasets",
    "list the bundled datasets",
    _datasets_arguments,
    _datasets,
)


def _example_arguments(example: argparse.ArgumentParser) -> None:
    example.add_argument("name", nargs="?", metavar="NAME", help="an example file, e.g. prices.csv")
    add_output(example)


def _examples() -> dict[str, Traversable]:
    """The example files that ship in the package, by name."""
    folder = files("dtree").joinpath("examples")
    return {entry.name: entry for entry in folder.iterdir() if entry.name.endswith(".csv")}


def _example(arguments: argparse.Namespace) -> str:
    examples = _examples()
    if arguments.name is None:
        width = max(map(len, examples))
        return "\n".join(
            f"{name:{width}}  {examples[name].read_text(encoding='utf-8').splitlines()[0]}"
            for name in sorted(examples)
        )
    if arguments.name not in examples:
        known = ", ".join(sorted(examples))
        raise DtreeError(f"unknown example {quote(arguments.name)}; the examples are {known}")
    return examples[arguments.name].read_text(encoding="utf-8").removesuffix("\n")


EXAMPLE = Command(
    "example",
    "list the example CSV files, or write one (--output FILE)",
    _example_arguments,
    _example,
)


DISCRETIZERS = ("entropy", "width", "frequency")
"""``dtree discretize --method``: the ways of finding cut points, in :mod:`dtree.discretize`."""


DATA_FORMATS: Mapping[str, Callable[[Dataset, str], str]] = {
    "csv": lambda data, _: csv_text(data),
    "arff": arff_text,
}
"""Each ``dtree discretize --format`` and the function that writes data in it (an ARFF
file's relation is named after the data read)."""


def _discretize_arguments(cutting: argparse.ArgumentParser) -> None:
    add_data(cutting)
    ranges = cutting.add_argument_group("ranges")
    ranges.add_argument(
        "--method",
        choices=DISCRETIZERS,
        default="entropy",
        help="entropy: Fayyad and Irani's, with the MDL rule (the default); width: equal"
        " width; frequency: equal weight",
    )
    ranges.add_argument(
        "--bins", type=int, default=3, metavar="K", help="width and frequency: K ranges (3)"
    )
    ranges.add_argument(
        "--attribute",
        action="append",
        metavar="COL",
        help="cut COL (repeatable; default: every numeric attribute)",
    )
    ranges.add_argument(
        "--format",
        choices=list(DATA_FORMATS),
        help="the data as CSV (the default, but for an --output FILE named .arff) or ARFF",
    )
    add_output(ranges)


def _discretize(arguments: argparse.Namespace) -> str:
    form = chosen_format(arguments, {".arff": "arff"}, "csv")
    data = read_data(arguments)
    attributes = arguments.attribute
    if arguments.method == "entropy":
        if arguments.bins != 3:
            raise DtreeError("--bins goes with --method width or frequency")
        if not data.schema.is_classification:
            raise DtreeError(
                f"--method entropy needs classes, and the target {quote(data.schema.target.name)}"
                " is numeric: use --method width or frequency"
            )
        cuts = entropy_mdl(data, attributes=attributes)
    else:
        find = equal_width if arguments.method == "width" else equal_frequency
        cuts = find(data, arguments.bins, attributes=attributes)
    relation = arguments.dataset or Path(arguments.file).stem
    return DATA_FORMATS[form](discretize(data, cuts), relation).removesuffix("\n")


DISCRETIZE = Command(
    "discretize",
    "cut numeric attributes into ranges and write the data (CSV or ARFF)",
    _discretize_arguments,
    _discretize,
)
