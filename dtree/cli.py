"""The ``dtree`` command line.

``dtree --version``
    The version of dtree.
``dtree datasets``
    List the bundled datasets.
``dtree example [NAME] [--output FILE]``
    List the example CSV files that ship with dtree (each with its
    header), or write one, e.g. ``dtree example prices.csv --output
    prices.csv``: small files the README's commands read.
``dtree fit (FILE.csv --target COL | --dataset NAME) [options] [--format FORMAT] [--output FILE]``
    Learn a tree with ID3, C4.5, J48, CART or the exact search and write it,
    to standard output or to FILE, in one of the :data:`FORMATS`: ``text`` (indented lines,
    the default), ``rules`` (one rule per leaf), ``dnf`` (each class's
    formula), ``dot`` (a Graphviz graph), ``python`` (the source of a
    function of nested ``if`` statements) or ``json`` (a model file); without
    ``--format``, a FILE named ``.json``, ``.dot``, ``.gv`` or ``.py`` gets that format.
``dtree evaluate (FILE.csv --target COL | --dataset NAME) [options] [--folds K] [--seed N]``
    Cross-validate the learner fit would use (its trees grown in P
    processes with ``--processes P``, the same scores) and print its scores: the
    error of each fold, their mean and standard error and, for
    classification, the accuracy, the confusion matrix of all the folds
    (of at most 20 classes unless ``--matrix``) and each class's precision,
    recall and F1.
``dtree prune (FILE.csv --target COL | --dataset NAME) [options] --method METHOD``
    Learn a tree as fit does, prune it and print it, with what the method
    measured: reduced-error pruning on a held-out share of the data;
    cost-complexity pruning with the table of its path (alpha, leaves,
    training error, cross-validated or held-out error and its standard
    error; the rows near the chosen one, or all with ``--all-rows``), a
    line that sums up the row chosen, and the tree it selects;
    or C4.5's pessimistic pruning.
``dtree forest (FILE.csv --target COL | --dataset NAME) [--trees N] [--max-features K]``
    Grow a random forest (:func:`dtree.ensemble.bagging.bag` of CART trees, K
    attributes drawn at each node: ``sqrt`` by default, ``all`` for plain
    bagging; ``--seed S`` names the samples and draws, ``--vote`` combines
    by votes, ``--processes P`` grows the trees in P processes, the same
    forest) and print its out-of-bag error, its training error and the
    attributes' impurity importances; ``--model FILE`` writes its model
    file (``dtree-ensemble``), ``--members`` prints its trees.  Each tree
    takes CART's options (``--max-depth``, ``--min-samples-leaf``, ...).
``dtree boost (FILE.csv --target COL | --dataset NAME) [--method METHOD] [--model FILE]``
    Boost trees: AdaBoost (SAMME, ``--rounds``, stumps unless
    ``--max-depth``; the default for classes) or gradient boosting
    (``--stages``, ``--subsample``, ``--seed``; the default for a numeric
    target, log-loss for two classes), each with ``--learning-rate``, and
    print the training error, with ``--holdout SHARE`` the error on rows
    held out, and the importances.
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
``dtree discretize (FILE.csv --target COL | --dataset NAME) [--method M] [--bins K]``
    Cut numeric attributes (every one, or each ``--attribute COL``) into ranges, by
    Fayyad and Irani's entropy method (``entropy``, the default), equal ``width`` or
    equal ``frequency`` (``--bins K`` ranges), and write the data with the ranges in
    their place (:mod:`dtree.discretize`), as CSV, or as ARFF to a FILE named ``.arff``
    or with ``--format arff``.
``dtree rules MODEL.json [--prune METHOD (FILE.csv --target COL | --dataset NAME)]``
    The model's rules, or the rules pruned on data with their default
    class: METHOD ``pessimistic`` is C4.5rules' estimate on training data,
    ``validation`` the error on validation data.
``dtree dnf MODEL.json --label CLASS [--minimize]``
    The DNF of the paths that end in CLASS, or a smallest equivalent one.
``dtree check (FILE --target COL | --dataset NAME) --against PEER [--param NAME=VALUE ...]``
    Run the peer (``sklearn``, ``rpart`` or ``j48``) with its own settings,
    read its tree, grow dtree's with the same settings
    (:func:`dtree.conformance.learner_for`) and print the comparison
    (:func:`dtree.conformance.compare`; ``--json`` for JSON); ``--tree FILE``
    (J48's printed tree, or rpart's frame with ``--splits FILE``) compares a
    tree made elsewhere instead of running the peer.  The peer's own counts
    that the data contradict are findings, each naming the node and both
    numbers.
``dtree fuzz --against PEER [--param NAME=VALUE ...] [--examples N] [--seed S]``
    Search generated datasets for one on which the peer and dtree part
    (:func:`dtree.conformance.differential`) and print the smallest found;
    ``--campaigns K`` splits the search into K seeded searches and
    ``--processes P`` runs them in P processes, with the serial result.

``check`` and ``fuzz`` exit 0 when the trees agree and 1 when they part;
``check`` exits 1 too when the peer's tree has a finding.

The three learning commands, fit, evaluate and prune, read data and take learning
options alike. C4.5 means what it means in the C4.5 program, in Weka and in
:class:`dtree.estimators.TreeClassifier`: ``fit`` and ``evaluate`` prune the tree
``c45`` (and ``j48``) grows by pessimistic pruning at CF 0.25 with subtree raising,
unless ``--unpruned`` (J48's ``-U``); ``prune`` grows it unpruned and prunes it by its
``--method``. ``--weights COL`` reads each row's weight from column COL of FILE.csv
(:func:`dtree.read_csv`'s ``weights``). Wherever a command reads a CSV file it reads an
ARFF file too, told by the name's ending ``.arff`` (:func:`dtree.read_arff`,
:func:`dtree.arff.read_arff_examples`): the file declares its attributes, the class
order and the row weights, so the options that say how to read a CSV file are refused
with it, and ``--target`` defaults to its last attribute. Every learning option is
passed on only when it is given, so each algorithm keeps its own defaults; an option
that the chosen algorithm does not have is refused rather than ignored. Bad input, a
malformed model file among it, ends with exit status 2 and one message on standard error
naming the file where there is one, never a traceback; a message about an argument of
the library names the option that gave it (``--max-depth``, not ``max_depth``). With
``--output`` nothing is written unless the command succeeds. While they run, the
learning commands (forest and boost among them) draw their progress
(:mod:`dtree.progress`), reading the file and then learning, as one line on standard
error, redrawn at least every second, only when it is a terminal and without
``--quiet``. A warning (:class:`~dtree.errors.DtreeWarning`) is one line on standard
error, ``dtree: warning: ...``, in the options' words (``--numeric COL``).
"""

from __future__ import annotations

import argparse
import csv
import io
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
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, TypeVar, get_args

from attrs import evolve

from dtree import __version__, datasets, optimal
from dtree import ensemble as ensembles
from dtree._optional import optional_module
from dtree.arff import arff_text, read_arff, read_arff_examples
from dtree.arithmetic import Real
from dtree.compiled import untaken_examples
from dtree.conditions import Above, AtMost, format_number, format_prediction, format_value
from dtree.conformance import Reading, j48_reading, learner_for, rpart_reading
from dtree.conformance.check import Peer, check
from dtree.conformance.learners import SYSTEMS
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Example, Label, Weight
from dtree.discretize import discretize, entropy_mdl, equal_frequency, equal_width
from dtree.dnf import dnf_of, format_dnf, minimize
from dtree.ensemble import Ensemble, members
from dtree.ensemble.bagging import DEFAULT_TREES, BaggingCombination, bag, oob_error
from dtree.ensemble.boosting import STUMP, adaboost, gradient_boost
from dtree.errors import DtreeError, DtreeWarning, at_file, quote, warn
from dtree.evaluate import (
    CrossValidation,
    Learn,
    cross_validate,
    error,
    f_beta,
    learn_with,
    precision,
    recall,
    train_test_split,
)
from dtree.grower.learner import CART, Criterion, Learner, MaxFeatures, Missing, features_per_node
from dtree.grower.presets import c45, cart, id3
from dtree.importance import impurity_importance
from dtree.impurity import IMPURITIES, gini
from dtree.load import csv_text, read_csv, read_examples, read_text
from dtree.progress import Line, Progress, Report
from dtree.prune import (
    Risk,
    Selection,
    SelectionRule,
    ZRule,
    cost_complexity_path,
    estimated_errors,
    pessimistic,
    reduced_error,
    select_by_cv,
    select_by_holdout,
)
from dtree.render import dot, format_weight, python, rules, text
from dtree.rules import RulePruning, describe_rule, prune_rules, rules_of
from dtree.serialize import ensemble_to_json, model_from_json, to_json
from dtree.tree import Split, Spread, Tree, n_leaves, nodes

__all__ = ["main"]

PROGRAM = "dtree"


def exact(
    data: Dataset,
    *,
    max_depth: int | None = None,
    max_leaf_nodes: int | None = None,
    max_errors: Weight | None = None,
    alpha: Real | None = None,
    budget: int = optimal.BUDGET,
    progress: Report | None = None,
) -> Tree:
    """The exact tree ``--algorithm optimal`` asks for: with ``max_errors`` the smallest tree
    within it, with ``alpha`` cost-complexity's optimum, else the least error at ``max_depth``
    (with at most ``max_leaf_nodes`` leaves); see :mod:`dtree.optimal`.  A spent budget is
    told in the command line's words.

    >>> from dtree.datasets import load
    >>> n_leaves(exact(load("play-tennis"), max_errors=2))
    3
    """
    try:
        return _exact(data, max_depth, max_leaf_nodes, max_errors, alpha, budget, progress)
    except optimal.BudgetError as error:
        raise DtreeError(
            f"--budget {error.budget:,} spent before the exact search was done (its units of"
            f" work: {optimal.UNITS}; the default, {optimal.BUDGET:,}, is about half a"
            " minute); give a smaller --max-depth, fewer thresholds (dtree discretize bins"
            " numeric attributes), or a larger --budget"
        ) from None


def _exact(  # noqa: PLR0917 - exact's options, passed on whole
    data: Dataset,
    max_depth: int | None,
    max_leaf_nodes: int | None,
    max_errors: Weight | None,
    alpha: Real | None,
    budget: int,
    progress: Report | None,
) -> Tree:
    if max_errors is not None and alpha is not None:
        raise DtreeError("--max-errors and --alpha are two objectives; give one")
    if max_leaf_nodes is not None and (max_errors is not None or alpha is not None):
        raise DtreeError("--max-leaf-nodes bounds the least-error tree of --max-depth only")
    if max_errors is not None:
        return optimal.smallest(
            data, max_errors=max_errors, max_depth=max_depth, budget=budget, progress=progress
        )
    if alpha is not None:
        return optimal.penalized(data, alpha, max_depth=max_depth, budget=budget, progress=progress)
    if max_depth is None:
        raise DtreeError("--algorithm optimal needs --max-depth, --max-errors or --alpha")
    return optimal.least_error(
        data, max_depth, max_leaves=max_leaf_nodes, budget=budget, progress=progress
    )


CONFIDENCE = 0.25
"""C4.5's and J48's confidence level CF for pessimistic pruning, by default."""


def c45_program(
    data: Dataset,
    *,
    unpruned: bool = False,
    confidence: float = CONFIDENCE,
    progress: Report | None = None,
    **options: Any,
) -> Tree:
    """C4.5 as its program runs it (and ``TreeClassifier("c45")``): the tree :func:`c45`
    grows with ``options``, then, unless ``unpruned``, C4.5's pessimistic pruning at
    ``confidence`` with subtree raising (:func:`dtree.prune.pessimistic`).

    >>> from dtree.datasets import load
    >>> n_leaves(c45_program(load("iris"))), n_leaves(c45_program(load("iris"), unpruned=True))
    (5, 7)
    """
    tree = c45(data, progress=progress, **options)
    return tree if unpruned else pessimistic(tree, confidence, data=data)


def j48(
    data: Dataset,
    *,
    unpruned: bool = False,
    confidence: float = CONFIDENCE,
    min_objects: Weight = 2,
    progress: Report | None = None,
) -> Tree:
    """Weka's J48 with its options ``-U`` (``unpruned``), ``-C`` (``confidence``) and ``-M``
    (``min_objects``): :func:`dtree.conformance.learner_for`'s recipe, grown and pruned as
    J48 grows and prunes (its threshold rule, collapsing, its normal quantile).

    >>> from dtree.datasets import load
    >>> n_leaves(j48(load("iris"))), n_leaves(j48(load("iris"), unpruned=True))
    (5, 5)
    """
    if not data.schema.is_classification:
        target = quote(data.schema.target.name)
        raise DtreeError(f"j48 grows classification trees, and the target {target} is numeric")
    if type(min_objects) is not int or min_objects < 1:
        raise DtreeError(
            f"--min-objects must be a whole number >= 1 for j48 (J48's -M), got {min_objects}"
        )
    if not 0 < confidence <= MAX_J48_CONFIDENCE:
        raise DtreeError(f"--confidence must lie in (0, 0.5] for j48 (J48's -C), got {confidence}")
    settings: dict[str, object] = {"U": unpruned, "M": min_objects}
    if not unpruned:
        settings["C"] = confidence
    return learner_for("j48", **settings)(data, progress=progress)


MAX_J48_CONFIDENCE = 0.5
"""J48 prunes at a confidence level CF in (0, 0.5] (its ``-C``)."""


LEARNERS: Mapping[str, Callable[..., Tree]] = {
    "id3": id3,
    "c45": c45_program,
    "j48": j48,
    "cart": cart,
    "optimal": exact,
}
"""The learner of each ``--algorithm``."""

ALL = tuple(LEARNERS)
"""The algorithms, in the order of ``--algorithm``'s choices."""

GREEDY = ("id3", "c45", "cart")
"""The algorithms that grow a tree top-down with dtree's own options (not ``j48``, which
takes J48's, nor ``optimal``, the exact search)."""

PRUNED = ("c45", "j48")
"""The algorithms that prune what they grow unless ``--unpruned`` (the ``prune`` command
grows their tree unpruned and prunes it by its ``--method``)."""

OPTIONS: Mapping[str, tuple[str, ...]] = {
    "criterion": ("cart",),
    "max_depth": (*GREEDY, "optimal"),
    "min_samples_split": ("id3", "cart"),
    "min_samples_leaf": ("cart",),
    "min_impurity_decrease": ("cart",),
    "max_leaf_nodes": ("cart", "optimal"),
    "min_gain": ("id3",),
    "min_objects": PRUNED,
    "significance": GREEDY,
    "missing": GREEDY,
    "unpruned": PRUNED,
    "confidence": PRUNED,
    "max_errors": ("optimal",),
    "alpha": ("optimal",),
    "budget": ("optimal",),
}
"""Each learning option (its keyword argument) and the algorithms that take it
(``unpruned`` and ``confidence`` are fit's and evaluate's: prune has its own)."""

FILE_ONLY = ("target", "classes", "nominal", "numeric", "missing_marker", "weights")
"""The options that say how to read FILE.csv."""

METHODS = ("reduced-error", "cost-complexity", "pessimistic")
"""The pruning methods of ``dtree prune --method``."""

PRUNING_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "holdout": ("reduced-error", "cost-complexity"),
    "folds": ("cost-complexity",),
    "rule": ("cost-complexity",),
    "risk": ("cost-complexity",),
    "all_rows": ("cost-complexity",),
    "confidence": ("pessimistic",),
    "z": ("pessimistic",),
    "no_subtree_raising": ("pessimistic",),
}
"""Each pruning option and the methods that take it."""

BOOSTERS = ("adaboost", "gradient")
"""The methods of ``dtree boost --method``."""

BOOST_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "rounds": ("adaboost",),
    "stages": ("gradient",),
    "subsample": ("gradient",),
}
"""Each boosting option that belongs to one method, and that method."""

ENSEMBLE_WORDS: Mapping[str, str] = {
    "n_trees": "--trees",
    "n_rounds": "--rounds",
    "n_stages": "--stages",
    "max_features": "--max-features",
    "learning_rate": "--learning-rate",
    "subsample": "--subsample",
}
"""The ensemble learners' arguments and the options that give them."""

HOLDOUT = 0.25
"""The share of the data reduced-error pruning holds out by default."""


def _dnfs(tree: Tree) -> str:
    """Each class and the DNF of the paths that end in it, a line each."""
    if not isinstance(tree.stats, ClassStats):
        raise DtreeError("a regression tree has no DNF: its leaves predict numbers, not classes")
    return "\n".join(
        f"{format_value(label)}: {format_dnf(dnf_of(tree, label, simplified=True))}"
        for label in tree.stats.classes
    )


FORMATS: Mapping[str, Callable[[Tree], str]] = {
    "text": text,
    "dot": dot,
    "python": python,
    "json": to_json,
    "rules": rules,
    "dnf": _dnfs,
}
"""Each ``fit --format`` and the function that writes a tree in it."""

T = TypeVar("T")


def _flag(option: str) -> str:
    return "--" + option.replace("_", "-")


def _rational(text: str) -> Fraction:
    """An exact number option: "0.01" is 1/100, not the float nearest it."""
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"expected a number, got {quote(text)}") from None


def _weight(text: str) -> int | float:
    """A weight option: an integer stays exact, anything else is a float."""
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {quote(text)}") from None


def _add_data(command: argparse.ArgumentParser, *, required: bool = True) -> None:
    """The arguments that say what data to read: FILE.csv (or FILE.arff) or a bundled dataset
    (one of them, unless not ``required``)."""
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
    _add_weights(reading)
    _add_missing_marker(reading)


def _add_data_and_learning(command: argparse.ArgumentParser, *, pruned: bool = True) -> None:
    """The arguments that say what data to learn from and how: fit's and evaluate's (and,
    but for how C4.5 and J48 prune, ``pruned``, prune's)."""
    command.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    _add_data(command)
    learning = command.add_argument_group(
        "learning",
        "An option marked with algorithms belongs to those only; each algorithm keeps its "
        "own defaults.",
    )
    learning.add_argument(
        "--algorithm",
        choices=ALL,
        default="id3",
        help="the learner (default: id3); c45 and j48 prune the tree they grow, as the C4.5"
        " program and Weka's J48 do (CF 0.25, subtree raising), unless --unpruned",
    )
    learning.add_argument(
        "--criterion",
        choices=get_args(Criterion),
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
        "--max-leaf-nodes",
        type=int,
        metavar="N",
        help="cart: grow best first up to N leaves; optimal: at most N leaves",
    )
    learning.add_argument("--min-gain", type=float, metavar="G", help="id3: split when gain >= G")
    learning.add_argument(
        "--min-objects",
        type=_weight,
        metavar="W",
        help="c45, j48: C4.5's least branch weight (2; J48's -M)",
    )
    learning.add_argument(
        "--significance",
        type=float,
        metavar="LEVEL",
        help="split only when a chi-square test rejects independence at LEVEL",
    )
    learning.add_argument(
        "--missing",
        choices=get_args(Missing),
        help="missing values (default: fractional for c45, refuse otherwise)",
    )
    learning.add_argument(
        "--max-errors",
        type=_weight,
        metavar="K",
        help="optimal: the smallest tree with at most K (weighted) training errors",
    )
    learning.add_argument(
        "--alpha",
        type=_rational,
        metavar="A",
        help="optimal: the tree of least R(T) + A |T|, cost-complexity solved exactly",
    )
    learning.add_argument(
        "--budget",
        type=int,
        metavar="N",
        help=f"optimal: give up past N units of work, {optimal.UNITS} (default:"
        f" {optimal.BUDGET:,}, about half a minute)",
    )
    if pruned:
        learning.add_argument(
            "--unpruned",
            action="store_true",
            default=None,
            help="c45, j48: the tree as grown, not pruned (J48's -U)",
        )
        learning.add_argument(
            "--confidence",
            type=float,
            metavar="CF",
            help=f"c45, j48: prune at confidence level CF ({CONFIDENCE}; J48's -C)",
        )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROGRAM, description="Decision-tree learning, the reference implementation."
    )
    parser.add_argument("--version", action="version", version=f"{PROGRAM} {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("datasets", help="list the bundled datasets")
    example = commands.add_parser(
        "example", help="list the example CSV files, or write one (--output FILE)"
    )
    example.add_argument("name", nargs="?", metavar="NAME", help="an example file, e.g. prices.csv")
    _add_output(example)
    fit = commands.add_parser("fit", help="learn a tree and write it")
    _add_data_and_learning(fit)
    writing = fit.add_argument_group("writing the tree")
    writing.add_argument(
        "--format",
        choices=list(FORMATS),
        help="text: indented lines (the default, but for an --output FILE named .json, .dot,"
        " .gv or .py, which says json, dot or python); dot: a Graphviz graph; python: a"
        " function of nested ifs; json: a model file for dtree predict; rules: one rule per"
        " leaf; dnf: each class's formula",
    )
    _add_output(writing)
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
    _add_seed(evaluating)
    evaluating.add_argument(
        "--processes",
        type=int,
        metavar="P",
        help="grow the folds' trees in P processes (the same scores as in one)",
    )
    evaluating.add_argument(
        "--matrix",
        action=argparse.BooleanOptionalAction,
        help=f"print the confusion matrix, or not (default: for at most {MATRIX_CLASSES} classes)",
    )
    _add_pruning(commands.add_parser("prune", help="learn a tree, prune it and print it"))
    _add_forest(
        commands.add_parser(
            "forest",
            help="grow a random forest (or bagged trees), print its out-of-bag error and"
            " write its model file",
        )
    )
    _add_boost(
        commands.add_parser(
            "boost",
            help="boost trees (AdaBoost or gradient boosting), print their error and write"
            " the model file",
        )
    )
    predicting = commands.add_parser(
        "predict", help="predict the rows of a CSV file with a model file written by fit"
    )
    predicting.add_argument(
        "model",
        metavar="MODEL.json",
        help="a model file: a tree's (fit --format json) or an ensemble's",
    )
    predicting.add_argument(
        "data", metavar="DATA.csv", help="a CSV file with a header and the model's columns"
    )
    _add_output(predicting)
    _add_missing_marker(predicting)
    predicting.add_argument(
        "--spread",
        choices=get_args(Spread),
        default="training",
        help="a missing value goes down every branch: by its training weight (C4.5, the"
        " default) or in equal shares (the notes' vote)",
    )
    cutting = commands.add_parser(
        "discretize", help="cut numeric attributes into ranges and write the data (CSV or ARFF)"
    )
    _add_data(cutting)
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
    _add_output(ranges)
    _add_rules(commands.add_parser("rules", help="print a model file's rules, pruned or not"))
    formula = commands.add_parser("dnf", help="print the DNF of a class of a model file")
    formula.add_argument("model", metavar="MODEL.json", help="a model file (fit --format json)")
    formula.add_argument("--label", required=True, metavar="CLASS", help="the class")
    formula.add_argument(
        "--minimize",
        action="store_true",
        help="a smallest equivalent DNF (Boolean attributes only): fewest terms, then literals",
    )
    _add_checking(commands)
    return parser


def _add_peer(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--against", required=True, choices=SYSTEMS, help="the peer: scikit-learn, rpart or J48"
    )
    command.add_argument(
        "--param",
        action="append",
        type=_setting,
        metavar="NAME=VALUE",
        help="a setting of the peer, in its own words (repeatable): max_depth=3 (sklearn),"
        " cp=0 (rpart), C=0.1 or U=true (j48); dtree grows its tree to match",
    )


def _add_checking(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    checking = commands.add_parser(
        "check",
        help="compare a peer's tree with dtree's, node by node (exit 1 if they part, or if"
        " the peer's counts contradict the data)",
    )
    _add_data(checking)
    _add_peer(checking)
    theirs = checking.add_argument_group("a tree the peer grew elsewhere (instead of running it)")
    theirs.add_argument(
        "--tree", metavar="FILE", help="J48's printed tree, or rpart's frame as CSV (RPART_EXPORT)"
    )
    theirs.add_argument(
        "--format", choices=["j48", "rpart"], help="the format of --tree (default: --against's)"
    )
    theirs.add_argument("--splits", metavar="FILE", help="rpart's splits as CSV, with --tree")
    checking.add_argument("--json", action="store_true", help="print the comparison as JSON")
    fuzzing = commands.add_parser(
        "fuzz",
        help="search generated datasets for one on which a peer and dtree part, and shrink it",
    )
    _add_peer(fuzzing)
    fuzzing.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    fuzzing.add_argument(
        "--examples",
        type=int,
        default=100,
        metavar="N",
        help=f"datasets to try, at most {FUZZ_EXAMPLES:,} (default: 100); each runs the peer"
        " once, about 0.01 s for sklearn, 0.15 s for j48 and 1 s for rpart",
    )
    fuzzing.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the campaign's seed (default: 0)"
    )
    fuzzing.add_argument(
        "--campaigns",
        type=int,
        metavar="K",
        help="split the examples into K searches of their own seed (default: --processes, or 1)",
    )
    fuzzing.add_argument(
        "--processes", type=int, metavar="P", help="run the searches in P processes"
    )
    fuzzing.add_argument(
        "--exact-ties",
        action="store_true",
        help="count a tie broken otherwise than dtree breaks it as a disagreement",
    )


def _setting(text: str) -> tuple[str, object]:
    """A peer's setting NAME=VALUE: VALUE an integer, a number, true, false, none, or text.

    >>> _setting("max_depth=3"), _setting("cp=0.01"), _setting("U=true")
    (('max_depth', 3), ('cp', 0.01), ('U', True))
    >>> _setting("criterion=entropy")
    ('criterion', 'entropy')
    """
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {quote(text)}")
    words: Mapping[str, object] = {"true": True, "false": False, "none": None}
    value = value.strip()
    if value.lower() in words:
        return name.strip(), words[value.lower()]
    for kind in (int, float):
        try:
            return name.strip(), kind(value)
        except ValueError:
            pass
    return name.strip(), value


def _add_rules(command: argparse.ArgumentParser) -> None:
    command.add_argument("model", metavar="MODEL.json", help="a model file (fit --format json)")
    _add_data(command, required=False)
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


def _add_weights(group: argparse._ActionsContainer) -> None:
    group.add_argument(
        "--weights",
        metavar="COL",
        help="COL holds each row's weight (a number >= 0; a row of weight k counts as k"
        " copies) and is not an attribute",
    )


def _add_output(group: argparse._ActionsContainer) -> None:
    group.add_argument("--output", metavar="FILE", help="write to FILE instead of standard output")


def _add_missing_marker(group: argparse._ActionsContainer) -> None:
    group.add_argument(
        "--missing-marker",
        metavar="TEXT",
        action="append",
        help="a field equal to TEXT is missing (repeatable; default: ? and the empty field)",
    )


def _max_features(text: str) -> MaxFeatures:
    """``--max-features``: sqrt, log2, all (every attribute: plain bagging), a count or a share.

    >>> _max_features("sqrt"), _max_features("all"), _max_features("3"), _max_features("0.5")
    ('sqrt', None, 3, 0.5)
    """
    if text in ("sqrt", "log2"):
        return text  # type: ignore[return-value]
    if text == "all":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected sqrt, log2, all, a count or a share, got {quote(text)}"
        ) from None


def _add_ensemble_data(command: argparse.ArgumentParser) -> None:
    """The arguments every ensemble command takes: the data, --quiet, the model file."""
    command.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    _add_data(command)
    writing = command.add_argument_group("writing")
    writing.add_argument(
        "--model",
        metavar="FILE",
        help="write the ensemble's model file (dtree-ensemble JSON, for dtree predict) to FILE",
    )
    writing.add_argument(
        "--members", action="store_true", help="print the members' trees after the report"
    )
    _add_output(writing)


def _add_forest(forest: argparse.ArgumentParser) -> None:
    _add_ensemble_data(forest)
    growing = forest.add_argument_group("the forest")
    growing.add_argument(
        "--trees", type=int, default=DEFAULT_TREES, metavar="N", help="grow N trees (100)"
    )
    growing.add_argument(
        "--max-features",
        type=_max_features,
        default="sqrt",
        metavar="K",
        help="the attributes each node draws: sqrt (the default), log2, all (bagging), a"
        " count or a share of them",
    )
    growing.add_argument(
        "--vote",
        action="store_true",
        help="combine by the members' votes (default: average their class probabilities)",
    )
    growing.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the samples and draws (0)"
    )
    growing.add_argument(
        "--processes", type=int, metavar="P", help="grow the trees in P processes (the same forest)"
    )
    each = forest.add_argument_group("each tree (CART, grown until pure by default)")
    each.add_argument(
        "--criterion",
        choices=get_args(Criterion),
        help="the impurity (default: gini, squared_error for a numeric target)",
    )
    each.add_argument("--max-depth", type=int, metavar="N", help="grow at most N splits deep")
    each.add_argument(
        "--min-samples-split", type=_weight, metavar="W", help="split nodes of weight >= W"
    )
    each.add_argument(
        "--min-samples-leaf", type=_weight, metavar="W", help="every branch weighs >= W"
    )
    each.add_argument(
        "--missing",
        choices=get_args(Missing),
        help="missing values (default: refuse)",
    )


def _add_boost(boost: argparse.ArgumentParser) -> None:
    _add_ensemble_data(boost)
    boosting = boost.add_argument_group(
        "boosting", "An option marked with a method belongs to it only."
    )
    boosting.add_argument(
        "--method",
        choices=BOOSTERS,
        help="adaboost (SAMME; the default for classes) or gradient (the default for a"
        " numeric target; log-loss for two classes)",
    )
    boosting.add_argument("--rounds", type=int, metavar="N", help="adaboost: at most N rounds (50)")
    boosting.add_argument("--stages", type=int, metavar="N", help="gradient: N stages (100)")
    boosting.add_argument(
        "--learning-rate",
        type=_weight,
        metavar="R",
        help="shrink each member's say (adaboost: 1) or step (gradient: 0.1) by R",
    )
    boosting.add_argument(
        "--max-depth",
        type=int,
        metavar="N",
        help="each tree's depth (adaboost: 1, stumps; gradient: 3)",
    )
    boosting.add_argument(
        "--subsample",
        type=float,
        metavar="SHARE",
        help="gradient: grow each stage on this share of the rows (1)",
    )
    boosting.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="the seed of gradient's subsamples and of --holdout's split (0)",
    )
    boosting.add_argument(
        "--holdout",
        type=float,
        metavar="SHARE",
        help="boost on the rest and report the error on this share of the rows, held out",
    )
    boosting.add_argument(
        "--missing",
        choices=get_args(Missing),
        help="each tree's policy for missing values (default: refuse)",
    )


def _add_seed(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--seed", type=int, default=0, metavar="N", help="the seed of the shuffle (default: 0)"
    )


def _add_pruning(prune: argparse.ArgumentParser) -> None:
    _add_data_and_learning(prune, pruned=False)
    pruning = prune.add_argument_group(
        "pruning", "An option marked with methods belongs to those only."
    )
    pruning.add_argument("--method", choices=METHODS, required=True, help="the pruning method")
    pruning.add_argument(
        "--holdout",
        type=float,
        metavar="SHARE",
        help="reduced-error, cost-complexity: hold out this share of the data for validation"
        f" (reduced-error's default: {HOLDOUT}; cost-complexity cross-validates without it)",
    )
    pruning.add_argument(
        "--folds", type=int, metavar="K", help="cost-complexity: cross-validation folds (10)"
    )
    pruning.add_argument(
        "--rule",
        choices=get_args(SelectionRule),
        help="cost-complexity: the least error, or the smallest tree within one standard"
        " error of it (default: min)",
    )
    pruning.add_argument(
        "--all-rows",
        action="store_true",
        default=None,
        help=f"cost-complexity: print every row of the path's table (default: the first and"
        f" last {PATH_ROWS} and those around the chosen one)",
    )
    pruning.add_argument(
        "--risk",
        choices=get_args(Risk),
        help="cost-complexity: R(t) is the misclassification (default) or the impurity",
    )
    pruning.add_argument(
        "--confidence", type=float, metavar="CF", help="pessimistic: the confidence level (0.25)"
    )
    pruning.add_argument(
        "--z",
        choices=get_args(ZRule),
        help="pessimistic: C4.5's z table (default) or the exact normal quantile (J48)",
    )
    pruning.add_argument(
        "--no-subtree-raising",
        action="store_true",
        default=None,
        help="pessimistic: prune without raising subtrees",
    )
    _add_seed(pruning)


def _data(arguments: argparse.Namespace, *, classes: Sequence[str] | None = None) -> Dataset:
    """The data the arguments name; a CSV file's classes in the order of ``--classes``, else
    of ``classes``, else sorted."""
    if arguments.dataset is not None:
        for option in FILE_ONLY:
            if getattr(arguments, option) is not None:
                raise DtreeError(
                    f"{_flag(option)} goes with FILE.csv; a bundled dataset declares its own"
                )
        return datasets.load(arguments.dataset)
    if not arguments.file:
        raise DtreeError("FILE.csv must name a file")
    if _is_arff(arguments.file):
        _refuse_csv_options(arguments, [option for option in FILE_ONLY if option != "target"])
        with _progress(arguments) as progress:
            return read_arff(arguments.file, target=arguments.target, progress=progress)
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
    )
    with _progress(arguments) as progress:
        # Without --missing-marker, read_csv's own markers apply: '?' and the empty field.
        if arguments.missing_marker is None:
            return read(progress=progress)
        return read(missing=arguments.missing_marker, progress=progress)


def _is_arff(file: str) -> bool:
    """Whether ``file`` is read as ARFF (its name ends in ``.arff``, in any case) or as CSV."""
    return file.lower().endswith(".arff")


def _refuse_csv_options(arguments: argparse.Namespace, options: Sequence[str]) -> None:
    """Refuse the options that say how to read a CSV file: an ARFF file declares it."""
    for option in options:
        if getattr(arguments, option) is not None:
            raise DtreeError(f"{_flag(option)} goes with a CSV file; an ARFF file declares its own")


def _given(
    arguments: argparse.Namespace, owners: Mapping[str, tuple[str, ...]], chosen: str, flag: str
) -> dict[str, Any]:
    """The options of ``owners`` that were given, each checked to belong to ``chosen``
    (the value of ``flag``: an algorithm, or a pruning method)."""
    given = {
        option: getattr(arguments, option)
        for option in owners
        if getattr(arguments, option) is not None
    }
    for option in given:
        if chosen not in owners[option]:
            which = " and ".join(owners[option])
            raise DtreeError(f"{_flag(option)} applies to {flag}{which} only")
    return given


def _options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The learning options given, checked to belong to the chosen algorithm (and
    ``--confidence`` to a tree that is pruned)."""
    if arguments.command == "prune":  # its --confidence is the pruning method's
        learning = {name: owners for name, owners in OPTIONS.items() if name not in PRUNING}
        options = _given(arguments, learning, arguments.algorithm, "")
        return options | ({"unpruned": True} if arguments.algorithm in PRUNED else {})
    options = _given(arguments, OPTIONS, arguments.algorithm, "")
    if options.get("unpruned") and "confidence" in options:
        raise DtreeError("--confidence says how to prune, and --unpruned asks for no pruning")
    return options


PRUNING = ("unpruned", "confidence")
"""The options of ``fit`` and ``evaluate`` that say how C4.5 and J48 prune."""


def _learner(arguments: argparse.Namespace) -> tuple[Dataset, Learn]:
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
        placed = error.row is not None or error.column is not None
        if arguments.file and error.file is None and placed:
            raise at_file(error, arguments.file) from error
        raise


TICK = 1.0
"""Seconds between two redrawings of the progress line while no report arrives, so that a
step that takes minutes still shows its time elapsed moving."""


@contextmanager
def _progress(arguments: argparse.Namespace) -> Iterator[Report | None]:
    """The progress of the work inside the block, drawn as one line on standard error while
    it runs and erased after, only when standard error is a terminal and without --quiet
    (a command without --quiet draws none).  A thread of its own redraws the line every
    :data:`TICK` seconds, reports or none, and ends with the block."""
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
        target=_keep_moving, args=(redraw, partial(stop.wait, TICK)), daemon=True
    )
    ticker.start()
    try:
        yield report
    finally:
        stop.set()
        ticker.join()
        line.close()


def _keep_moving(redraw: Callable[[], None], stopped: Callable[[], bool]) -> None:
    """Redraw the progress line until ``stopped()``, which waits a tick and says whether the
    work is over: what the ticker's thread runs."""
    while not stopped():
        redraw()


def _grown(arguments: argparse.Namespace, learn: Learn, data: Dataset) -> Tree:
    """The tree ``learn`` grows from ``data``, with its progress drawn and its errors placed."""
    with _progress(arguments) as progress:
        return _placed(arguments, lambda: learn_with(learn, progress)(data))


FIT_EXTENSIONS: Mapping[str, str] = {".json": "json", ".dot": "dot", ".gv": "dot", ".py": "python"}
"""The ``fit --format`` an ``--output`` FILE's extension names, when ``--format`` is not given."""


def _format(arguments: argparse.Namespace, extensions: Mapping[str, str], default: str) -> str:
    """``--format`` if given, else the format the extension of ``--output`` names (in any
    case), else ``default``: a file named ``tree.json`` gets JSON, not text."""
    if arguments.format is not None:
        return str(arguments.format)
    if arguments.output is None:
        return default
    return extensions.get(Path(arguments.output).suffix.lower(), default)


def _fit(arguments: argparse.Namespace) -> str:
    data, learn = _learner(arguments)
    form = _format(arguments, FIT_EXTENSIONS, "text")
    return FORMATS[form](_grown(arguments, learn, data))


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
            f" of {_plural(len(model), 'tree', 'trees')} (dtree predict reads it)",
            file=file,
        )
    return model


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
    if _is_arff(arguments.data):
        _refuse_csv_options(arguments, ["missing_marker"])
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
                f"{len(found)} of {_plural(len(examples), 'row', 'rows')}"
                f" {'holds' if len(found) == 1 else 'hold'} a value no branch of the model"
                f" takes, this row first ({quote(value)}); each is predicted from the"
                " training statistics of the split where it stops",
                file=file,
                row=index + 1,
                column=attribute,
            )
        )


DISCRETIZERS = ("entropy", "width", "frequency")
"""``dtree discretize --method``: the ways of finding cut points, in :mod:`dtree.discretize`."""


DATA_FORMATS: Mapping[str, Callable[[Dataset, str], str]] = {
    "csv": lambda data, _: csv_text(data),
    "arff": arff_text,
}
"""Each ``dtree discretize --format`` and the function that writes data in it (an ARFF
file's relation is named after the data read)."""


def _discretize(arguments: argparse.Namespace) -> str:
    form = _format(arguments, {".arff": "arff"}, "csv")
    data = _data(arguments)
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


def _dnf(arguments: argparse.Namespace) -> str:
    tree = _model(arguments.model, "dnf")
    formula = dnf_of(tree, arguments.label, simplified=True)
    return format_dnf(minimize(formula) if arguments.minimize else formula)


def _rules(arguments: argparse.Namespace) -> str:
    tree = _model(arguments.model, "rules")
    given = arguments.file is not None or arguments.dataset is not None
    if arguments.prune is None:
        if given:
            raise DtreeError("FILE.csv and --dataset are the data --prune measures rules on")
        for option in FILE_ONLY:
            if getattr(arguments, option) is not None:
                raise DtreeError(f"{_flag(option)} says how to read the data of --prune")
        return rules(tree)
    if not given:
        raise DtreeError("--prune measures rules on data: give FILE.csv --target COL")
    data = _data(arguments, classes=getattr(tree.stats, "classes", None))
    pruned = prune_rules(
        rules_of(tree), data, method=arguments.prune, confidence=arguments.confidence
    )
    lines = [describe_rule(rule) for rule in pruned.rules]
    return "\n".join([*lines, f"otherwise {format_prediction(pruned.default)}"])


def _print(output: str) -> None:
    """Print ``output``; a string the terminal cannot encode (a lone surrogate
    a model file may spell in JSON) is an error, not a traceback."""
    try:
        print(output)
    except UnicodeEncodeError as error:
        raise DtreeError(f"cannot write the output: {error.reason}") from error


def _write(file: str, output: str) -> None:
    """Write ``output`` to ``file`` as UTF-8, encoded first so that a failure leaves no file."""
    try:
        data = output.encode("utf-8")
    except UnicodeEncodeError as error:
        raise DtreeError(f"cannot write the output as UTF-8: {error.reason}", file=file) from error
    try:
        Path(file).write_bytes(data)
    except OSError as error:
        raise DtreeError(f"cannot write the file: {error.strerror or error}", file=file) from error


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


MATRIX_CLASSES = 20
"""``dtree evaluate`` prints the confusion matrix of at most this many classes unless
``--matrix`` asks for it (a matrix of 250 classes is 62,500 numbers)."""


def _report(result: CrossValidation, heading: str, shown: bool | None = None) -> str:
    """The scores of a cross-validation, as people read them; the confusion matrix if
    ``shown``, or, if None, if it has at most :data:`MATRIX_CLASSES` classes."""
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
    if shown if shown is not None else len(matrix.classes) <= MATRIX_CLASSES:
        lines += ["", "confusion matrix of all folds (rows actual, columns predicted):"]
        lines += _aligned(
            [["", *matrix.classes]]
            + [
                [label, *map(number, row)]
                for label, row in zip(matrix.classes, matrix.counts, strict=True)
            ]
        )
    elif shown is None:
        lines += [
            "",
            f"the confusion matrix of {len(matrix.classes)} classes is left out (--matrix"
            " prints it)",
        ]
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
    if arguments.matrix is not None and not data.schema.is_classification:
        which = "--matrix" if arguments.matrix else "--no-matrix"
        raise DtreeError(f"{which} is for classes, and the target is numeric: no confusion matrix")
    k = arguments.folds
    _check_folds(k, len(data))
    with _progress(arguments) as progress, _pool(arguments.processes, k) as executor:
        result = _placed(
            arguments,
            lambda: cross_validate(
                learn, data, k, seed=arguments.seed, progress=progress, executor=executor
            ),
        )
    kind = "stratified " if data.schema.is_classification else ""
    heading = (
        f"{k}-fold {kind}cross-validation of {arguments.algorithm}, seed {arguments.seed},"
        f" {len(data)} rows"
    )
    return _report(result, heading, arguments.matrix)


def _cores() -> int:
    """The processors this process may run on (its affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def _workers(processes: int, tasks: int) -> int:
    """How many processes ``--processes P`` starts for ``tasks`` independent tasks: P, but
    no more than the tasks (a worker with no task is waste) nor than the cores (CPU-bound
    work goes no faster on more; the cap is said in a warning).

    >>> _workers(1, 3), _workers(_cores(), 1)
    (1, 1)
    """
    if processes < 1:
        raise DtreeError(f"--processes must be an integer >= 1, got {processes}")
    cores = _cores()
    if processes > cores:
        warn(
            DtreeWarning(
                f"--processes {processes} is more than the {_plural(cores, 'core', 'cores')}"
                f" this machine gives dtree: using {min(cores, tasks)}"
            )
        )
    return max(1, min(processes, tasks, cores))


@contextmanager
def _pool(processes: int | None, tasks: int) -> Iterator[ProcessPoolExecutor | None]:
    """A pool of ``--processes`` processes for ``tasks`` independent tasks (see
    :func:`_workers`), for the block; None without ``--processes``."""
    if processes is None:
        yield None
        return
    with ProcessPoolExecutor(_workers(processes, tasks)) as pool:
        yield pool


def _check_folds(k: int, n: int) -> None:
    """``--folds K`` for data of n rows: each fold tests a row and trains on another."""
    if n < 2:
        raise DtreeError(f"cross-validation needs at least 2 rows, the data has {n}")
    if not 2 <= k <= n:
        raise DtreeError(f"--folds must lie in 2..{n} for {n} rows, got {k}")


def _pruning_options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The pruning options given, checked to belong to the chosen method."""
    return _given(arguments, PRUNING_OPTIONS, arguments.method, "--method ")


def _held_out(data: Dataset, share: float, seed: int) -> tuple[Dataset, Dataset]:
    if not 0 < share < 1:
        raise DtreeError(f"--holdout is a share of the data in (0, 1), got {share}")
    stratify = data.schema.is_classification
    return train_test_split(data, share, seed=seed, stratify=stratify)


def _reduced_error(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    share = arguments.holdout if arguments.holdout is not None else HOLDOUT
    train, validation = _held_out(data, share, arguments.seed)
    tree = _grown(arguments, learn, train)
    pruned = reduced_error(tree, validation)
    before, after = (format_weight(error(t, validation)) for t in (tree, pruned))
    return "\n".join(
        [
            f"reduced-error pruning of {arguments.algorithm} on {len(train)} rows, validated on"
            f" {len(validation)} held out (seed {arguments.seed})",
            f"leaves {n_leaves(tree)} -> {n_leaves(pruned)}; validation error {before} -> {after}",
            "",
            text(pruned),
        ]
    )


PATH_ROWS = 5
"""``dtree prune --method cost-complexity`` prints the first and last rows of the path and
those around the chosen one, this many of each, unless ``--all-rows`` (diabetes' path has
292 rows)."""


def _shown_rows(n: int, chosen: int, every: bool) -> list[int]:
    """The rows of a table of n rows to print: all if ``every``, else the first, the last
    and those around ``chosen``, :data:`PATH_ROWS` of each.

    >>> _shown_rows(30, 14, every=False)  # doctest: +NORMALIZE_WHITESPACE
    [0, 1, 2, 3, 4, 10, 11, 12, 13, 14, 15, 16, 17, 18, 25, 26, 27, 28, 29]
    """
    around = range(chosen - PATH_ROWS + 1, chosen + PATH_ROWS)
    return [k for k in range(n) if every or k < PATH_ROWS or k >= n - PATH_ROWS or k in around]


def _path_table(selection: Selection, estimate: str, every: bool) -> list[str]:
    """The path's table, a row of each alpha; with a line in place of the rows left out."""
    shown = _shown_rows(len(selection.table), selection.index, every)
    cells = [["alpha", "leaves", "training error", estimate, "standard error", ""]]
    for k in shown:
        row = selection.table[k]
        cells.append(
            [
                format_weight(row.alpha),
                str(row.leaves),
                format_weight(row.risk),
                format_weight(row.error),
                format_weight(row.standard_error),
                "<- chosen" if k == selection.index else "",
            ]
        )
    lines = _aligned(cells)
    table = lines[:1]
    for before, k, line in zip([-1, *shown], shown, lines[1:], strict=False):
        if k > before + 1:
            table.append(f"... {_plural(k - before - 1, 'row', 'rows')} (--all-rows prints them)")
        table.append(line)
    return table


def _cost_complexity(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    rule: SelectionRule = arguments.rule or "min"
    risk: Risk = arguments.risk or "error"
    if arguments.holdout is not None:
        train, test = _held_out(data, arguments.holdout, arguments.seed)
        tree = _grown(arguments, learn, train)
        with _progress(arguments) as progress:
            path = cost_complexity_path(tree, risk=risk, progress=progress)
        selection = select_by_holdout(path, test, rule=rule)
        how = f"{len(test)} rows held out (seed {arguments.seed})"
        estimate = "held-out error"
    else:
        folds = arguments.folds if arguments.folds is not None else 10
        _check_folds(folds, len(data))
        with _progress(arguments) as progress:
            selection = _placed(
                arguments,
                lambda: select_by_cv(
                    learn, data, folds, seed=arguments.seed, rule=rule, risk=risk, progress=progress
                ),
            )
        how = f"{folds}-fold cross-validation (seed {arguments.seed})"
        estimate = "cv error"
    heading = (
        f"cost-complexity pruning of {arguments.algorithm} (risk {risk}), chosen by {how},"
        f" rule {rule}"
    )
    chosen = selection.table[selection.index]
    summary = (
        f"chosen: alpha {format_weight(chosen.alpha)}, {_plural(chosen.leaves, 'leaf', 'leaves')},"
        f" {estimate} {format_weight(chosen.error)} (standard error"
        f" {format_weight(chosen.standard_error)}), row {selection.index + 1} of"
        f" {len(selection.table)} by rule {rule}"
    )
    table = _path_table(selection, estimate, bool(arguments.all_rows))
    return "\n".join([heading, "", *table, "", summary, "", text(selection.tree)])


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def _pessimistic(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    confidence = arguments.confidence if arguments.confidence is not None else 0.25
    z: ZRule = arguments.z or "c45"
    raising = not arguments.no_subtree_raising
    tree = _grown(arguments, learn, data)
    pruned = pessimistic(tree, confidence, z=z, subtree_raising=raising, data=data)
    before, after = (estimated_errors(t, confidence, z=z) for t in (tree, pruned))
    return "\n".join(
        [
            f"pessimistic pruning of {arguments.algorithm}, CF {confidence}, z {z},"
            f" subtree raising {'on' if raising else 'off'}",
            f"leaves {n_leaves(tree)} -> {n_leaves(pruned)}; estimated errors"
            f" {format_weight(before)} -> {format_weight(after)}",
            "",
            text(pruned),
        ]
    )


PRUNERS: Mapping[str, Callable[[argparse.Namespace, Dataset, Learn], str]] = {
    "reduced-error": _reduced_error,
    "cost-complexity": _cost_complexity,
    "pessimistic": _pessimistic,
}


def _prune(arguments: argparse.Namespace) -> str:
    _pruning_options(arguments)
    data, learn = _learner(arguments)
    return PRUNERS[arguments.method](arguments, data, learn)


def _settings(arguments: argparse.Namespace) -> dict[str, object]:
    settings: dict[str, object] = {}
    for name, value in arguments.param or ():
        if name in settings:
            raise DtreeError(f"--param {name} is given twice")
        settings[name] = value
    return settings


def _their_file(arguments: argparse.Namespace, data: Dataset) -> Reading:
    """The tree of --tree (and --splits), read onto the data, with its findings."""
    form = arguments.format or arguments.against
    if form == "j48":
        if arguments.splits is not None:
            raise DtreeError("--splits goes with --format rpart")
        return j48_reading(read_text(arguments.tree), data, file=arguments.tree)
    if form == "rpart":
        if arguments.splits is None:
            raise DtreeError("--format rpart needs --splits FILE, rpart's splits as CSV")
        frame, splits = read_text(arguments.tree), read_text(arguments.splits)
        return rpart_reading(frame, splits, data, file=arguments.tree, splits_file=arguments.splits)
    raise DtreeError("--tree needs --format j48 or rpart: a scikit-learn tree lives in Python")


def _check(arguments: argparse.Namespace) -> tuple[str, int]:
    settings = _settings(arguments)
    learner_for(arguments.against, **settings)  # refuse settings before any work
    if arguments.tree is None:
        for option in ("format", "splits"):
            if getattr(arguments, option) is not None:
                raise DtreeError(f"{_flag(option)} goes with --tree FILE")
    data = _data(arguments)
    theirs = None if arguments.tree is None else _their_file(arguments, data)
    result = _placed(arguments, lambda: check(data, arguments.against, theirs=theirs, **settings))
    report = result.json() if arguments.json else result.text().rstrip("\n")
    return report, int(not result.agrees)


FUZZ_EXAMPLES = 100_000
"""The most datasets ``dtree fuzz --examples`` tries in one run: each runs the peer once
(about 0.01 s for sklearn, 0.15 s for J48's Java and 1 s for R's rpart on the reference
machine), so the bound is about 20 minutes against sklearn and a day against rpart; a longer
search is several runs of other seeds."""


def _count(option: str, value: int, most: int, why: str = "") -> int:
    """``value``, the count ``option`` gives, checked to lie in 1..most (``why`` says what
    bounds it, when it is not a fixed bound)."""
    if not 1 <= value <= most:
        raise DtreeError(f"{option} must be an integer in 1..{most:,}{why}, got {value}")
    return value


def _fuzz_counts(arguments: argparse.Namespace) -> tuple[int, int]:
    """``--examples`` and ``--campaigns`` (by default the processes, or 1), each checked."""
    examples = _count("--examples", arguments.examples, FUZZ_EXAMPLES)
    campaigns = arguments.campaigns
    if campaigns is None:
        campaigns = min(arguments.processes or 1, examples)
    return examples, _count("--campaigns", campaigns, examples, " (--examples)")


def _fuzz(arguments: argparse.Namespace) -> tuple[str, int]:
    settings = _settings(arguments)
    examples, campaigns = _fuzz_counts(arguments)
    recipe = learner_for(arguments.against, **settings)
    if recipe.learner.impurity == "squared_error":
        raise DtreeError(
            "dtree fuzz draws classification datasets; to fuzz regression trees, call"
            " differential(..., data=dtree.strategies.regression_datasets(...)) in Python"
        )
    try:
        fuzz = optional_module("dtree.conformance.fuzz")
    except ImportError as error:  # Hypothesis is an extra: say so in one line
        raise DtreeError(str(error)) from None
    data = fuzz.NUMERIC_DATA
    if arguments.against in ("j48", "rpart"):  # both fail on a class attribute of one value
        data = {**data, "min_classes": 2}
    fit = Peer(arguments.against, tuple(settings.items()))
    with _progress(arguments) as progress, _pool(arguments.processes, campaigns) as pool:
        found = fuzz.differential(
            fit,
            recipe,
            data=data,
            examples=examples,
            seed=arguments.seed,
            campaigns=campaigns,
            exact_ties=arguments.exact_ties,
            executor=pool,
            progress=progress,
        )
    if found is None:
        return f"no disagreement in {examples} datasets (seed {arguments.seed})", 0
    return found.text().rstrip("\n"), 1


MEMBERS = 10_000
"""The most trees ``forest --trees``, ``boost --rounds`` and ``boost --stages`` grow: every
tree is kept, so a billion of them would fill the memory (a hundred is the usual forest)."""


def _tree_learner(arguments: argparse.Namespace, data: Dataset) -> Learner:
    """The CART learner of a forest's members, with the options given (squared error
    for a numeric target unless --criterion says otherwise)."""
    default: Criterion = "gini" if data.schema.is_classification else "squared_error"
    options = {
        name: getattr(arguments, name)
        for name in ("max_depth", "min_samples_split", "min_samples_leaf", "missing")
        if getattr(arguments, name) is not None
    }
    return evolve(CART, impurity=arguments.criterion or default, **options)


def _importances(model: Ensemble, data: Dataset, criterion: str | None) -> list[str]:
    """The table of the attributes' impurity importances, largest first (ties in schema
    order), measured by the impurity the trees were grown with (Gini unless ``criterion``
    names another)."""
    impurity = IMPURITIES.get(criterion or "gini", gini)
    found = impurity_importance(model, impurity=impurity, attributes=data.schema.names)
    ranked = sorted(found.items(), key=lambda item: -item[1])
    return _aligned(
        [["attribute", "impurity importance"]]
        + [[format_value(name), format_weight(value)] for name, value in ranked]
    )


def _ensemble_report(
    arguments: argparse.Namespace, model: Ensemble, heading: str, scores: list[str], data: Dataset
) -> str:
    """The report of an ensemble command: the heading, the scores, the importances and,
    with --members, the ensemble's text; the model file written if --model asks."""
    if arguments.model is not None:
        _write(arguments.model, ensemble_to_json(model) + "\n")
    lines = [
        heading,
        "",
        *scores,
        "",
        *_importances(model, data, getattr(arguments, "criterion", None)),
    ]
    if arguments.members:
        lines += ["", text(model)]
    return "\n".join(lines)


def _error_line(name: str, model: Ensemble, data: Dataset, where: str) -> str:
    """``name error E`` (and the accuracy) of the model on the data, or its mean squared error."""
    measured = error(model, data)
    if data.schema.is_classification:
        accuracy = format_weight(1 - measured)
        return f"{name} error {format_weight(measured)} (accuracy {accuracy}){where}"
    return f"{name} mean squared error {format_weight(measured)}{where}"


def _forest(arguments: argparse.Namespace) -> str:
    data = _data(arguments)
    learner = evolve(_tree_learner(arguments, data), max_features=arguments.max_features)
    combination: BaggingCombination = "vote" if arguments.vote else "average"
    trees = _count("--trees", arguments.trees, MEMBERS)
    with _progress(arguments) as progress, _pool(arguments.processes, trees) as executor:
        bagged = _placed(
            arguments,
            lambda: bag(
                data,
                learner,
                n_trees=trees,
                seed=arguments.seed,
                combination=combination,
                executor=executor,
                progress=progress,
            ),
        )
    model = bagged.ensemble
    p = len(data.schema.names)
    k = features_per_node(arguments.max_features, p)
    kind = "bagged trees" if k == p else "random forest"
    drawn = "every attribute" if k == p else f"{k} of {p} attributes"
    heading = (
        f"{kind}: {_plural(len(model), 'CART tree', 'CART trees')} ({drawn} at a node),"
        f" {'voting' if arguments.vote else 'averaged'}, seed {arguments.seed},"
        f" {_plural(len(data), 'row', 'rows')}"
    )
    out = sum(any(c[i] == 0 for c in bagged.counts) for i in range(len(data)))
    scores = [_error_line("training", model, data, "")]
    if out:
        oob = oob_error(bagged, data)
        measure = "error" if data.schema.is_classification else "mean squared error"
        scores.insert(
            0,
            f"out-of-bag {measure} {format_weight(oob)} over the {out} of {len(data)} rows out"
            " of some tree's sample"
            + ("" if set(data.row_weights) <= {1} else ", each counted once whatever its weight"),
        )
    else:
        scores.insert(0, "no row is out of any tree's sample: no out-of-bag error")
    return _ensemble_report(arguments, model, heading, scores, data)


def _boost(arguments: argparse.Namespace) -> str:
    data = _data(arguments)
    default = "adaboost" if data.schema.is_classification else "gradient"
    method = arguments.method or default
    _given(arguments, BOOST_OPTIONS, method, "--method ")
    target = quote(data.schema.target.name)
    if method == "adaboost" and not data.schema.is_classification:
        raise DtreeError(
            f"--method adaboost classifies, and the target {target} is numeric:"
            " use --method gradient"
        )
    if method == "gradient" and data.schema.is_classification and len(data.schema.classes) > 2:
        raise DtreeError(
            "--method gradient boosts a numeric target or two classes, and the target"
            f" {target} has {len(data.schema.classes)}: use --method adaboost"
        )
    train, test = data, None
    if arguments.holdout is not None:
        train, test = _held_out(data, arguments.holdout, arguments.seed)
    rate = arguments.learning_rate
    missing: Missing = arguments.missing or "refuse"
    with _progress(arguments) as progress:
        if method == "adaboost":
            depth = 1 if arguments.max_depth is None else arguments.max_depth
            rounds = _count(
                "--rounds", 50 if arguments.rounds is None else arguments.rounds, MEMBERS
            )
            model = _placed(
                arguments,
                lambda: adaboost(
                    train,
                    n_rounds=rounds,
                    learner=evolve(STUMP, max_depth=depth, missing=missing),
                    learning_rate=1 if rate is None else rate,
                    progress=progress,
                ),
            )
            heading = (
                f"AdaBoost (SAMME): {_plural(len(model), 'tree', 'trees')} of depth at most"
                f" {depth} ({rounds} rounds at most), learning rate"
                f" {format_weight(model.learning_rate)}"
            )
        else:
            depth = 3 if arguments.max_depth is None else arguments.max_depth
            stages = _count(
                "--stages", 100 if arguments.stages is None else arguments.stages, MEMBERS
            )
            subsample = 1.0 if arguments.subsample is None else arguments.subsample
            model = _placed(
                arguments,
                lambda: gradient_boost(
                    train,
                    n_stages=stages,
                    learning_rate=0.1 if rate is None else rate,
                    max_depth=depth,
                    subsample=subsample,
                    seed=arguments.seed,
                    missing=missing,
                    progress=progress,
                ),
            )
            loss = "log-loss" if model.classes else "squared error"
            heading = (
                f"gradient boosting ({loss}): {_plural(len(model), 'tree', 'trees')} of depth"
                f" at most {depth}, learning rate {format_weight(model.learning_rate)},"
                f" subsample {format_weight(subsample)}, seed {arguments.seed}"
            )
    heading += f", {_plural(len(train), 'row', 'rows')}"
    scores = [_error_line("training", model, train, "")]
    if test is not None:
        where = f" on the {len(test)} rows held out (seed {arguments.seed})"
        scores.append(_error_line("held-out", model, test, where))
    return _ensemble_report(arguments, model, heading, scores, data)


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


def _datasets() -> str:
    lines = []
    for name in datasets.names():
        data = datasets.load(name)
        entry = datasets.info(name)
        lines.append(f"{name:16} {len(data):4} rows  target {entry.target}  ({entry.provenance})")
    return "\n".join(lines)


API_WORDS: Mapping[str, str] = {
    "max_features must be None, an integer >= 1, a share in (0, 1], 'sqrt' or 'log2',": (
        "--max-features must be sqrt, log2, all, a count >= 1 or a share in (0, 1],"
    ),
    # An option not given is simply absent: "None or" speaks of the library.
    **{f"{option} must be None or ": f"{_flag(option)} must be " for option in OPTIONS},
    **{f"{option} must ": f"{_flag(option)} must " for option in OPTIONS},
    "test_size=": "--holdout ",
    "max_leaves must ": "--max-leaf-nodes must ",
    "max_features=": "--max-features ",
    **{f"{name} must ": f"{flag} must " for name, flag in ENSEMBLE_WORDS.items()},
    "the confidence level CF ": "--confidence ",
    "bins must ": "--bins must ",
}
"""How an error of the library that opens by naming an argument names the option instead
(the first entry that opens the message applies)."""


API_NAMES: Mapping[str, str] = {"numeric=": "--numeric", "nominal=": "--nominal"}
"""The arguments of :func:`dtree.read_csv` that a message of it may name anywhere, and the
options that give them."""


def _worded(error: DtreeError) -> DtreeError:
    """The error in the command line's words: the option the user typed, not the argument
    of the library that it became (``max_depth must be None or ...`` is about --max-depth).

    >>> str(_worded(DtreeError("max_depth must be None or an integer >= 0, got -1")))
    '--max-depth must be an integer >= 0, got -1'
    >>> str(_worded(DtreeError("test_size=0.99 of 14 rows leaves the training set empty")))
    '--holdout 0.99 of 14 rows leaves the training set empty'
    >>> str(_worded(DtreeError("numeric= and nominal= both name this column", column="x")))
    "column 'x': --numeric and --nominal both name this column"
    """
    message = error.message
    for words, option in API_WORDS.items():
        if message.startswith(words):
            message = option + message.removeprefix(words)
            break
    for words, option in API_NAMES.items():
        message = message.replace(words, option)
    if message == error.message:
        return error
    return DtreeError(message, file=error.file, row=error.row, column=error.column)


def _spoken(warning: DtreeWarning) -> str:
    """The warning in the command line's words: the options that force a column's kind,
    ``numeric=['COL']`` in the library's words, are ``--numeric COL`` here.

    >>> print(_spoken(DtreeWarning("nominal=['a b'] reads it as nominal", column="a b")))
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
def _warnings_drawn() -> Iterator[None]:
    """Inside the block, each :class:`DtreeWarning` is one line on standard error,
    ``dtree: warning: ...``, printed once however often it is issued; other warnings are
    left to Python's own handling."""
    shown: set[str] = set()
    previous = warnings.showwarning

    def show(message: Warning | str, category: type[Warning], *rest: Any, **named: Any) -> None:
        if not isinstance(message, DtreeWarning):
            previous(message, category, *rest, **named)
        elif str(message) not in shown:
            shown.add(str(message))
            if sys.stderr.isatty():  # on a line of its own, not after a progress line drawn
                sys.stderr.write(CLEAR_LINE)
            print(f"{PROGRAM}: warning: {_spoken(message)}", file=sys.stderr)

    with warnings.catch_warnings():
        warnings.simplefilter("always", DtreeWarning)
        warnings.showwarning = show
        yield


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status.

    >>> main(["fit", "--dataset", "xor", "--max-depth", "0"])
    root [0: 2, 1: 2]: 0
    0
    >>> main(["fit", "--dataset", "golf", "--algorithm", "cart", "--max-depth", "1"])
    root [Play: 9, "Don't Play": 5]
    outlook in {overcast} [Play: 4, "Don't Play": 0]: Play
    outlook not in {overcast} [Play: 5, "Don't Play": 5]: Play
    0
    """
    arguments = _parser().parse_args(argv)
    commands: Mapping[str, Callable[[argparse.Namespace], str | tuple[str, int]]] = {
        "datasets": lambda _: _datasets(),
        "example": _example,
        "fit": _fit,
        "evaluate": _evaluate,
        "prune": _prune,
        "predict": _predict,
        "discretize": _discretize,
        "rules": _rules,
        "dnf": _dnf,
        "check": _check,
        "fuzz": _fuzz,
        "forest": _forest,
        "boost": _boost,
    }
    destination: str | None = getattr(arguments, "output", None)
    status = 0
    try:
        with _warnings_drawn():
            output = commands[arguments.command](arguments)
        if isinstance(output, tuple):
            output, status = output
        if destination is None:
            _print(output)
        else:
            _write(destination, output + "\n")
    except DtreeError as error:
        print(f"{PROGRAM}: error: {_worded(error)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``dtree ... | head``): stop quietly, as a Unix filter does,
        # and keep the interpreter from reporting the same broken pipe when it flushes.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
