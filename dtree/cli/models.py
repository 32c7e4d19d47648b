"""The commands that read a model file: ``predict``, ``rules`` and ``dnf``.

``dtree predict MODEL.json DATA.csv [--output FILE] [--missing-marker TEXT] [--spread equal]``
    Read a model file written by ``fit --format json`` (or an ensemble's,
    :func:`dtree.serialize.ensemble_to_json`) and predict every
    row of DATA.csv: the output is CSV with one column, ``prediction``,
    and a line for each data row in order (blank lines are skipped, as
    the rows are numbered in error messages): the predictions alone, to
    set beside the data or compare with another implementation's.
    DATA.csv needs the columns the model tests, typed as the model tests
    them; it may hold others, the target among them, which are not read.
    A missing value is spread over the branches as C4.5 does, by their training
    weight, or, with ``--spread equal``, in equal shares, the notes' vote
    (:func:`dtree.tree.reach`).  The rows that hold a value no branch of
    the model takes are counted in one warning.
``dtree rules MODEL.json [--prune METHOD (FILE.csv --target COL | --dataset NAME)]``
    The model's rules, or the rules pruned on data with their default
    class: METHOD ``pessimistic`` is C4.5rules' estimate on training data,
    ``validation`` the error on validation data.
``dtree dnf MODEL.json --label CLASS [--minimize]``
    The DNF of the paths that end in CLASS, or a smallest equivalent one.

Contents: :data:`PREDICT`, :data:`RULES`, :data:`DNF`.
"""

from __future__ import annotations

import argparse
import csv
import io
from collections.abc import Sequence
from fractions import Fraction
from functools import partial
from typing import get_args

from dtree import ensemble as ensembles
from dtree.arff import read_arff_examples
from dtree.cli.common import (
    FILE_ONLY,
    Command,
    add_data,
    add_missing_marker,
    add_output,
    flag,
    is_arff,
    plural,
    read_data,
    refuse_csv_options,
)
from dtree.compiled import untaken_examples
from dtree.conditions import Above, AtMost, format_number, format_prediction
from dtree.dataset import Example, Label
from dtree.dnf import dnf_of, format_dnf, minimize
from dtree.ensemble import Ensemble, members
from dtree.errors import DtreeError, DtreeWarning, at_file, quote, warn
from dtree.load import read_examples
from dtree.reading import read_text
from dtree.render import rules
from dtree.rules import RulePruning, describe_rule, prune_rules, rules_of
from dtree.serialize import model_from_json
from dtree.tree import Split, Spread, Tree, nodes

__all__ = ["DNF", "PREDICT", "RULES"]


def _any_model(file: str) -> Tree | Ensemble:
    """The tree or the ensemble of a model file; every problem with it names the file."""
    try:
        return model_from_json(read_text(file))
    except DtreeError as error:
        if error.file is None:
            raise at_file(error, file) from error
        raise


def _model(file: str, command: str) -> Tree:
    """The tree of a model file, for a command that reads one tree (an ensemble's file is
    refused with what reads it)."""
    model = _any_model(file)
    if isinstance(model, Ensemble):
        raise DtreeError(
            f"dtree {command} reads the model file of one tree, and this one holds an ensemble"
            f" of {plural(len(model), 'tree', 'trees')} (dtree predict reads it)",
            file=file,
        )
    return model


def _predict_arguments(predicting: argparse.ArgumentParser) -> None:
    predicting.add_argument(
        "model",
        metavar="MODEL.json",
        help="a model file: a tree's (fit --format json) or an ensemble's",
    )
    predicting.add_argument(
        "data", metavar="DATA.csv", help="a CSV file with a header and the model's columns"
    )
    add_output(predicting)
    add_missing_marker(predicting)
    predicting.add_argument(
        "--spread",
        choices=get_args(Spread),
        default="training",
        help="a missing value goes down every branch: by its training weight (C4.5, the"
        " default) or in equal shares (the notes' vote)",
    )


def _kinds(model: Tree | Ensemble, file: str) -> tuple[list[str], list[str]]:
    """The attributes the model (any of its trees) compares as numbers, and those it
    compares as names."""
    numeric: set[str] = set()
    nominal: set[str] = set()
    for node in (node for tree in members(model) for node in nodes(tree)):
        if isinstance(node, Split):
            condition = node.branches[0].condition
            kind = numeric if isinstance(condition, AtMost | Above) else nominal
            kind.add(node.attribute)
    both = sorted(numeric & nominal)
    if both:
        raise DtreeError(
            f"the model tests {quote(both[0])} both as a number and as a nominal value", file=file
        )
    return sorted(numeric), sorted(nominal)


def _cell(prediction: Label | float) -> str:
    """A prediction as a CSV field: a class as it is, a number so that it reads back equal."""
    if isinstance(prediction, str):
        return prediction
    value: object = prediction  # a regression leaf may hold any number dtree accepts
    if isinstance(value, Fraction):
        return str(value)
    return format_number(prediction)


def _predict(arguments: argparse.Namespace) -> str:
    model = _any_model(arguments.model)
    if isinstance(model, Ensemble) and arguments.spread != "training":
        raise DtreeError(
            "--spread equal is for a tree's model file: an ensemble's trees share a missing"
            " value by training weight"
        )
    numeric, nominal = _kinds(model, arguments.model)
    if is_arff(arguments.data):
        refuse_csv_options(arguments, ["missing_marker"])
        examples = read_arff_examples(arguments.data, numeric=numeric, nominal=nominal)
    else:
        read = partial(read_examples, arguments.data, numeric=numeric, nominal=nominal)
        # Without --missing-marker, read_examples's own markers apply, as read_csv's do for fit.
        examples = (
            read() if arguments.missing_marker is None else read(missing=arguments.missing_marker)
        )
    _say_untaken(model, examples, arguments.data)
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["prediction"])
    for prediction in _predictions(model, examples, arguments.spread, arguments.data):
        writer.writerow([_cell(prediction)])
    return table.getvalue().removesuffix("\n")


def _predictions(
    model: Tree | Ensemble, examples: Sequence[Example], spread: Spread, file: str
) -> tuple[Label | float, ...]:
    """The model's prediction for each row, its members compiled once; an error (e.g. an
    empty regression split reached by an unseen value) named by the first row that makes it."""
    walks = ensembles.compiled_members(model)
    try:
        return ensembles.predict_many(model, examples, spread, compiled=walks)
    except DtreeError:
        for row, example in enumerate(examples, start=1):
            try:
                ensembles.predict_many(model, [example], spread, compiled=walks)
            except DtreeError as error:
                raise DtreeError(error.message, file=file, row=row, column=error.column) from error
        raise


def _say_untaken(model: Tree | Ensemble, examples: Sequence[Example], file: str) -> None:
    """Warn, once, of the rows that hold a value no branch of the model takes (a class of a
    nominal attribute the model never saw, at a split that names a branch for each value):
    how many, and where the first is.  A subset split's ``not in`` branch takes any value
    it does not name, so there a model file cannot tell a value unseen in training."""
    found = untaken_examples(members(model), examples)
    if found:
        index, attribute, value = found[0]
        warn(
            DtreeWarning(
                f"{len(found)} of {plural(len(examples), 'row', 'rows')}"
                f" {'holds' if len(found) == 1 else 'hold'} a value no branch of the model"
                f" takes, this row first ({quote(value)}); each is predicted from the"
                " training statistics of the split where it stops",
                file=file,
                row=index + 1,
                column=attribute,
            )
        )


PREDICT = Command(
    "predict",
    "predict the rows of a CSV file with a model file written by fit",
    _predict_arguments,
    _predict,
)


def _rules_arguments(command: argparse.ArgumentParser) -> None:
    command.add_argument("model", metavar="MODEL.json", help="a model file (fit --format json)")
    add_data(command, required=False)
    pruning = command.add_argument_group("pruning the rules on FILE.csv or --dataset")
    pruning.add_argument(
        "--prune",
        choices=get_args(RulePruning),
        help="erase conditions by C4.5rules' pessimistic estimate on the data (the training"
        " data), or while the error on the data (validation data) does not rise",
    )
    pruning.add_argument(
        "--confidence", type=float, default=0.25, metavar="CF", help="pessimistic: CF (0.25)"
    )


def _rules(arguments: argparse.Namespace) -> str:
    tree = _model(arguments.model, "rules")
    given = arguments.file is not None or arguments.dataset is not None
    if arguments.prune is None:
        if given:
            raise DtreeError("FILE.csv and --dataset are the data --prune measures rules on")
        for option in FILE_ONLY:
            if getattr(arguments, option) is not None:
                raise DtreeError(f"{flag(option)} says how to read the data of --prune")
        return rules(tree)
    if not given:
        raise DtreeError("--prune measures rules on data: give FILE.csv --target COL")
    data = read_data(arguments, classes=getattr(tree.stats, "classes", None))
    pruned = prune_rules(
        rules_of(tree), data, method=arguments.prune, confidence=arguments.confidence
    )
    lines = [describe_rule(rule) for rule in pruned.rules]
    return "\n".join([*lines, f"otherwise {format_prediction(pruned.default)}"])


RULES = Command(
    "rules",
    "print a model file's rules, pruned or not",
    _rules_arguments,
    _rules,
)


def _dnf_arguments(formula: argparse.ArgumentParser) -> None:
    formula.add_argument("model", metavar="MODEL.json", help="a model file (fit --format json)")
    formula.add_argument("--label", required=True, metavar="CLASS", help="the class")
    formula.add_argument(
        "--minimize",
        action="store_true",
        help="a smallest equivalent DNF (Boolean attributes only): fewest terms, then literals",
    )


def _dnf(arguments: argparse.Namespace) -> str:
    tree = _model(arguments.model, "dnf")
    formula = dnf_of(tree, arguments.label, simplified=True)
    return format_dnf(minimize(formula) if arguments.minimize else formula)


DNF = Command(
    "dnf",
    "print the DNF of a class of a model file",
    _dnf_arguments,
    _dnf,
)
