"""The learning commands, ``fit`` and ``evaluate``, and the learning options they share with
``prune``.

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
that the chosen algorithm does not have is refused rather than ignored.

Contents: :data:`FIT`, :data:`EVALUATE`; the learners of ``--algorithm``
(:data:`LEARNERS`: :func:`exact`, :func:`j48`), the options and the algorithms that take
them (:data:`OPTIONS`), :func:`add_learning`, :func:`learner_of`, :func:`grown`;
:data:`FORMATS`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any, get_args

from dtree import optimal
from dtree.cli.common import (
    Command,
    add_data,
    add_output,
    add_seed,
    aligned,
    check_folds_option,
    chosen_format,
    given,
    placed,
    process_pool,
    progress_line,
    rational,
    read_data,
    weight,
)
from dtree.conditions import format_value
from dtree.conformance import learner_for
from dtree.conformance.learners import CONFIDENCE, c45_program
from dtree.counts import ClassStats
from dtree.dataset import Dataset, Weight
from dtree.dnf import dnf_of, format_dnf
from dtree.errors import DtreeError, quote
from dtree.evaluate import (
    CrossValidation,
    Learn,
    cross_validate,
    f_beta,
    learn_with,
    precision,
    recall,
)
from dtree.grower.learner import Criterion, Missing
from dtree.grower.presets import cart, id3
from dtree.progress import Report
from dtree.python_source import python
from dtree.render import dot, format_weight, rules, text
from dtree.serialize import to_json
from dtree.tree import Tree

__all__ = [
    "ALL",
    "EVALUATE",
    "FIT",
    "FORMATS",
    "GREEDY",
    "LEARNERS",
    "OPTIONS",
    "PRUNED",
    "PRUNING",
    "add_learning",
    "exact",
    "grown",
    "j48",
    "learner_of",
]


def exact(
    data: Dataset,
    *,
    budget: int = optimal.BUDGET,
    progress: Report | None = None,
    **limits: Any,
) -> Tree:
    """The exact tree ``--algorithm optimal`` asks for with its ``limits`` (``max_depth``,
    ``max_leaf_nodes``, ``max_errors``, ``alpha``): :func:`dtree.optimal.optimum`, a spent
    budget told in the command line's words.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> n_leaves(exact(load("play-tennis"), max_errors=2))
    3
    """
    if "max_leaf_nodes" in limits:
        limits["max_leaves"] = limits.pop("max_leaf_nodes")
    try:
        return optimal.optimum(data, budget=budget, progress=progress, **limits)
    except optimal.BudgetError as error:
        raise DtreeError(
            f"--budget {error.budget:,} spent before the exact search was done (its units of"
            f" work: {optimal.UNITS}; the default, {optimal.BUDGET:,}, is about half a"
            " minute); give a smaller --max-depth, fewer thresholds (dtree discretize bins"
            " numeric attributes), or a larger --budget"
        ) from None


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
    >>> from dtree.tree import n_leaves
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


PRUNING = ("unpruned", "confidence")
"""The options of ``fit`` and ``evaluate`` that say how C4.5 and J48 prune."""


def add_learning(command: argparse.ArgumentParser, *, pruned: bool = True) -> None:
    """The arguments that say what data to learn from and how: fit's and evaluate's (and,
    but for how C4.5 and J48 prune, ``pruned``, prune's).

    >>> parser = argparse.ArgumentParser()
    >>> add_learning(parser)
    >>> arguments = parser.parse_args(["--dataset", "golf", "--max-depth", "2", "--unpruned"])
    >>> arguments.algorithm, arguments.max_depth, arguments.unpruned
    ('id3', 2, True)
    >>> prune = argparse.ArgumentParser()
    >>> add_learning(prune, pruned=False)
    >>> hasattr(prune.parse_args(["--dataset", "golf"]), "unpruned")
    False
    """
    command.add_argument(
        "--quiet", action="store_true", help="draw no progress line on standard error"
    )
    add_data(command)
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
        type=weight,
        metavar="W",
        help="id3, cart: split nodes of weight >= W",
    )
    learning.add_argument(
        "--min-samples-leaf", type=weight, metavar="W", help="cart: every branch weighs >= W"
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
        type=weight,
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
        type=weight,
        metavar="K",
        help="optimal: the smallest tree with at most K (weighted) training errors",
    )
    learning.add_argument(
        "--alpha",
        type=rational,
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


def _options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The learning options given, checked to belong to the chosen algorithm (and
    ``--confidence`` to a tree that is pruned)."""
    if arguments.command == "prune":  # its --confidence is the pruning method's
        learning = {name: owners for name, owners in OPTIONS.items() if name not in PRUNING}
        options = given(arguments, learning, arguments.algorithm, "")
        return options | ({"unpruned": True} if arguments.algorithm in PRUNED else {})
    options = given(arguments, OPTIONS, arguments.algorithm, "")
    if options.get("unpruned") and "confidence" in options:
        raise DtreeError("--confidence says how to prune, and --unpruned asks for no pruning")
    return options


def learner_of(arguments: argparse.Namespace) -> tuple[Dataset, Learn]:
    """The data and the learner the arguments ask for.

    The learning options are checked first, so that an option the
    algorithm does not take is refused before the file is read.

    >>> parser = argparse.ArgumentParser()
    >>> add_learning(parser)
    >>> arguments = parser.parse_args(["--dataset", "play-tennis", "--max-depth", "1"])
    >>> arguments.command = "fit"
    >>> data, learn = learner_of(arguments)
    >>> len(data.rows), learn.keywords
    (14, {'max_depth': 1})
    >>> arguments = parser.parse_args(["--dataset", "play-tennis", "--algorithm", "cart",
    ...                                "--min-gain", "0.1"])
    >>> arguments.command = "fit"
    >>> learner_of(arguments)
    Traceback (most recent call last):
    dtree.errors.DtreeError: --min-gain applies to id3 only
    """
    options = _options(arguments)
    return read_data(arguments), partial(LEARNERS[arguments.algorithm], **options)


def grown(arguments: argparse.Namespace, learn: Learn, data: Dataset) -> Tree:
    """The tree ``learn`` grows from ``data``, with its progress drawn and its errors placed.

    >>> parser = argparse.ArgumentParser()
    >>> add_learning(parser)
    >>> arguments = parser.parse_args(["--dataset", "play-tennis", "--max-depth", "1", "--quiet"])
    >>> arguments.command = "fit"
    >>> data, learn = learner_of(arguments)
    >>> print(text(grown(arguments, learn, data)))
    root [No: 5, Yes: 9]
    Outlook = Overcast [No: 0, Yes: 4]: Yes
    Outlook = Rain [No: 2, Yes: 3]: Yes
    Outlook = Sunny [No: 3, Yes: 2]: No
    """
    with progress_line(arguments) as progress:
        return placed(arguments, lambda: learn_with(learn, progress)(data))


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


FIT_EXTENSIONS: Mapping[str, str] = {".json": "json", ".dot": "dot", ".gv": "dot", ".py": "python"}
"""The ``fit --format`` an ``--output`` FILE's extension names, when ``--format`` is not given."""


def _fit_arguments(fit: argparse.ArgumentParser) -> None:
    add_learning(fit)
    writing = fit.add_argument_group("writing the tree")
    writing.add_argument(
        "--format",
        choices=list(FORMATS),
        help="text: indented lines (the default, but for an --output FILE named .json, .dot,"
        " .gv or .py, which says json, dot or python); dot: a Graphviz graph; python: a"
        " function of nested ifs; json: a model file for dtree predict; rules: one rule per"
        " leaf; dnf: each class's formula",
    )
    add_output(writing)


def _fit(arguments: argparse.Namespace) -> str:
    data, learn = learner_of(arguments)
    form = chosen_format(arguments, FIT_EXTENSIONS, "text")
    return FORMATS[form](grown(arguments, learn, data))


FIT = Command(
    "fit",
    "learn a tree and write it",
    _fit_arguments,
    _fit,
)


MATRIX_CLASSES = 20
"""``dtree evaluate`` prints the confusion matrix of at most this many classes unless
``--matrix`` asks for it (a matrix of 250 classes is 62,500 numbers)."""


def _evaluate_arguments(evaluate: argparse.ArgumentParser) -> None:
    add_learning(evaluate)
    evaluating = evaluate.add_argument_group("cross-validation")
    evaluating.add_argument(
        "--folds",
        type=int,
        default=10,
        metavar="K",
        help="the number of folds, stratified by class for classification (default: 10)",
    )
    add_seed(evaluating)
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


def _report(result: CrossValidation, heading: str, shown: bool | None = None) -> str:
    """The scores of a cross-validation, as people read them; the confusion matrix if
    ``shown``, or, if None, if it has at most :data:`MATRIX_CLASSES` classes."""
    number = format_weight
    name = "error" if result.confusion is not None else "squared error"
    lines = [heading, ""]
    lines += aligned(
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
        lines += aligned(
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
    return "\n".join([*lines, "", *aligned(scores)])


def _evaluate(arguments: argparse.Namespace) -> str:
    data, learn = learner_of(arguments)
    if arguments.matrix is not None and not data.schema.is_classification:
        which = "--matrix" if arguments.matrix else "--no-matrix"
        raise DtreeError(f"{which} is for classes, and the target is numeric: no confusion matrix")
    k = arguments.folds
    check_folds_option(k, len(data))
    with progress_line(arguments) as progress, process_pool(arguments.processes, k) as executor:
        result = placed(
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


EVALUATE = Command(
    "evaluate",
    "cross-validate a learner and print its scores",
    _evaluate_arguments,
    _evaluate,
)
