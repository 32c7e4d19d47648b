"""``dtree prune``: learn a tree as ``fit`` does, prune it and print it.

``dtree prune (FILE.csv --target COL | --dataset NAME) [options] --method METHOD``
    Learn a tree as fit does, prune it and print it, with what the method
    measured: reduced-error pruning on a held-out share of the data;
    cost-complexity pruning with the table of its path (alpha, leaves,
    training error, cross-validated or held-out error and its standard
    error; the rows near the chosen one, or all with ``--all-rows``), a
    line that sums up the row chosen, and the tree it selects;
    C4.5's pessimistic pruning; or pruning by minimum description length,
    with the tree's length in bits before and after.

Contents: :data:`PRUNE`, :data:`METHODS`, :data:`PRUNING_OPTIONS`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any, get_args

from dtree.cli.common import (
    Command,
    add_seed,
    aligned,
    check_folds_option,
    given,
    held_out,
    placed,
    plural,
    progress_line,
)
from dtree.cli.learning import add_learning, grown, learner_of
from dtree.dataset import Dataset
from dtree.evaluate import (
    Learn,
    error,
)
from dtree.prune import (
    Risk,
    ZRule,
    cost_complexity_path,
    description_length,
    estimated_errors,
    mdl,
    pessimistic,
    reduced_error,
)
from dtree.render import format_weight, text
from dtree.selection import Selection, SelectionRule, select_by_cv, select_by_holdout
from dtree.tree import n_leaves

__all__ = ["METHODS", "PRUNE", "PRUNING_OPTIONS"]


METHODS = ("reduced-error", "cost-complexity", "pessimistic", "mdl")
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


HOLDOUT = 0.25
"""The share of the data reduced-error pruning holds out by default."""


PATH_ROWS = 5
"""``dtree prune --method cost-complexity`` prints the first and last rows of the path and
those around the chosen one, this many of each, unless ``--all-rows`` (diabetes' path has
292 rows)."""


def _prune_arguments(prune: argparse.ArgumentParser) -> None:
    add_learning(prune, pruned=False)
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
    add_seed(pruning)


def _pruning_options(arguments: argparse.Namespace) -> dict[str, Any]:
    """The pruning options given, checked to belong to the chosen method."""
    return given(arguments, PRUNING_OPTIONS, arguments.method, "--method ")


def _reduced_error(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    share = arguments.holdout if arguments.holdout is not None else HOLDOUT
    train, validation = held_out(data, share, arguments.seed)
    tree = grown(arguments, learn, train)
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
    lines = aligned(cells)
    table = lines[:1]
    for before, k, line in zip([-1, *shown], shown, lines[1:], strict=False):
        if k > before + 1:
            table.append(f"... {plural(k - before - 1, 'row', 'rows')} (--all-rows prints them)")
        table.append(line)
    return table


def _cost_complexity(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    rule: SelectionRule = arguments.rule or "min"
    risk: Risk = arguments.risk or "error"
    if arguments.holdout is not None:
        train, test = held_out(data, arguments.holdout, arguments.seed)
        tree = grown(arguments, learn, train)
        with progress_line(arguments) as progress:
            path = cost_complexity_path(tree, risk=risk, progress=progress)
        selection = select_by_holdout(path, test, rule=rule)
        how = f"{len(test)} rows held out (seed {arguments.seed})"
        estimate = "held-out error"
    else:
        folds = arguments.folds if arguments.folds is not None else 10
        check_folds_option(folds, len(data))
        with progress_line(arguments) as progress:
            selection = placed(
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
        f"chosen: alpha {format_weight(chosen.alpha)}, {plural(chosen.leaves, 'leaf', 'leaves')},"
        f" {estimate} {format_weight(chosen.error)} (standard error"
        f" {format_weight(chosen.standard_error)}), row {selection.index + 1} of"
        f" {len(selection.table)} by rule {rule}"
    )
    table = _path_table(selection, estimate, bool(arguments.all_rows))
    return "\n".join([heading, "", *table, "", summary, "", text(selection.tree)])


def _pessimistic(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    confidence = arguments.confidence if arguments.confidence is not None else 0.25
    z: ZRule = arguments.z or "c45"
    raising = not arguments.no_subtree_raising
    tree = grown(arguments, learn, data)
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


def _mdl(arguments: argparse.Namespace, data: Dataset, learn: Learn) -> str:
    tree = grown(arguments, learn, data)
    pruned = mdl(tree, data)
    before, after = (description_length(t, data) for t in (tree, pruned))
    return "\n".join(
        [
            f"minimum description length pruning of {arguments.algorithm} on {len(data)} rows",
            f"leaves {n_leaves(tree)} -> {n_leaves(pruned)}; description length"
            f" {format_weight(before)} -> {format_weight(after)} bits",
            "",
            text(pruned),
        ]
    )


PRUNERS: Mapping[str, Callable[[argparse.Namespace, Dataset, Learn], str]] = {
    "reduced-error": _reduced_error,
    "cost-complexity": _cost_complexity,
    "pessimistic": _pessimistic,
    "mdl": _mdl,
}


def _prune(arguments: argparse.Namespace) -> str:
    _pruning_options(arguments)
    data, learn = learner_of(arguments)
    return PRUNERS[arguments.method](arguments, data, learn)


PRUNE = Command(
    "prune",
    "learn a tree, prune it and print it",
    _prune_arguments,
    _prune,
)
