"""Choosing a model by its error on other data: a parameter by cross-validation, a tree of a
cost-complexity path by a test sample or by cross-validation, a depth by early termination.

The Decision Trees II notes ("Optimizing Model Parameters"): search over the
parameter's values; evaluate the model with P = p on held-out data; choose
the value p' with the best held-out performance; learn the model on the full
training set with P = p'.  Here the held-out data are the folds of a k-fold
cross-validation, and each candidate is a learner: a
:class:`~dtree.grower.learner.Learner` with its parameters set (a maximum depth, a
significance level, a minimum weight per leaf, ...), or any function from
data to a tree or an ensemble.

Estimates
---------
Each candidate's tree of each fold is tested on the fold's held-out rows;
pooled over the folds, every row has one loss L_i (0/1, or the squared
error) and its weight w_i.  The candidate's cross-validated error and its
standard error are those of Breiman et al. (1984, section 3.4):

    R^CV = sum_i w_i L_i / N,     SE = sqrt(s^2 / N),
    s^2 = sum_i w_i (L_i - R^CV)^2 / N,     N = sum_i w_i.

Rules
-----
``min``
    The least error; on a tie the simplest candidate (fewest leaves of its
    tree on all the data), then the first given.
``1se``
    Breiman's one-standard-error rule: the simplest candidate whose error
    is at most the least error plus the standard error of that least error
    (the first given, on a tie).

The trees of a cost-complexity path (:func:`dtree.prune.cost_complexity_path`)
are chosen from by the same estimates and the same rules: by the error on a
test sample (:func:`select_by_holdout`), or by cross-validation, where each
fold's tree is pruned to each candidate's alpha rather than grown again
(:func:`select_by_cv`).  Early termination (CS 536 and Lecture 10 notes)
chooses the depth of a tree by a validation set (:func:`early_stopping`).

Contents
--------
Any learners
    :class:`Estimate`, :class:`Choice`, :func:`grid`, :func:`select`,
    :func:`cross_validated`, :func:`mean_and_standard_error`,
    :func:`choose`, :data:`SelectionRule`.
A tree of a path
    :class:`PathEstimate`, :class:`Selection`, :func:`select_by_holdout`,
    :func:`select_by_cv`.
A depth
    :class:`EarlyStopping`, :func:`early_stopping`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from fractions import Fraction
from functools import partial
from typing import Any, Literal, get_args

from attrs import evolve, fields, frozen

from dtree.arithmetic import Real, exact
from dtree.dataset import Dataset, Weight
from dtree.ensemble import Ensemble, Model
from dtree.errors import DtreeError, check_choice, quote
from dtree.evaluate import Fitting, Learning, error, learn_with, losses
from dtree.grower.learner import Learner
from dtree.impurity import IMPURITIES, Impurity, gini
from dtree.parallel import fan_out
from dtree.progress import Report, part, takes_progress
from dtree.prune import CostComplexityPath, Risk, cost_complexity_path, truncate
from dtree.prune.cost_complexity_pruning import check_risk
from dtree.prune.subtrees import check_target
from dtree.resampling import Fold, folds_of
from dtree.tree import Tree, depth, n_leaves

__all__ = [
    "Choice",
    "EarlyStopping",
    "Estimate",
    "PathEstimate",
    "Selection",
    "SelectionRule",
    "choose",
    "cross_validated",
    "early_stopping",
    "grid",
    "mean_and_standard_error",
    "select",
    "select_by_cv",
    "select_by_holdout",
]

SelectionRule = Literal["min", "1se"]
"""How the chosen candidate is picked from the estimates: see the module's Rules."""

Losses = list[tuple[Real, Weight]]
"""The held-out rows' losses, each with its weight."""


@frozen
class Estimate:
    """One candidate's row of the table: its name, the leaves of its tree on all the data,
    its cross-validated error and that error's standard error."""

    name: str
    leaves: int
    error: Real
    standard_error: float


@frozen
class Choice:
    """The candidate chosen, ``table[index]``, its model learnt on all the data, and the
    table of every candidate's estimates, in the order given."""

    name: str
    model: Model
    index: int
    table: tuple[Estimate, ...]


def grid(learner: Learner, **values: Sequence[Any]) -> dict[str, Learner]:
    """The learners of every combination of the values given for the learner's
    parameters, by name, in the order of the values (the last parameter varying fastest).

    >>> from dtree.grower.learner import ID3
    >>> list(grid(ID3, max_depth=[1, 2], min_samples_leaf=[1, 5]))
    ['max_depth=1, min_samples_leaf=1', 'max_depth=1, min_samples_leaf=5', \
'max_depth=2, min_samples_leaf=1', 'max_depth=2, min_samples_leaf=5']
    >>> grid(ID3, depth=[1])
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: a Learner has no parameter 'depth'
    """
    known = {field.name for field in fields(Learner)}
    for name, options in values.items():
        if name not in known:
            raise DtreeError(f"a Learner has no parameter {quote(name)}")
        if not isinstance(options, list | tuple | range) or not options:
            raise DtreeError(f"the values of {name} are a non-empty list, got {quote(options)}")
        if len({str(option) for option in options}) < len(options):
            raise DtreeError(f"the values of {name} repeat: {quote(list(options))}")
    combinations = itertools.product(*values.values())
    return {
        ", ".join(f"{name}={value}" for name, value in zip(values, combo, strict=True)): evolve(
            learner, **dict(zip(values, combo, strict=True))
        )
        for combo in combinations
    }


def mean_and_standard_error(
    losses_and_weights: Sequence[tuple[Real, Weight]],
) -> tuple[Real, float]:
    """The weighted mean loss R^CV and its standard error sqrt(s^2 / N) (Breiman et al. 1984,
    section 3.4), exact but for the square root.

    >>> mean_and_standard_error([(0, 1), (1, 1), (0, 2)])  # R = 1/4, s^2 = 3/16, N = 4
    (Fraction(1, 4), 0.21650635094610965)
    """
    weighted = [(exact(loss, "losses"), exact(w, "weights")) for loss, w in losses_and_weights]
    n = sum((w for _, w in weighted), Fraction(0))
    if n <= 0:
        raise DtreeError("the held-out rows weigh nothing: no error can be estimated")
    mean = sum((w * loss for loss, w in weighted), Fraction(0)) / n
    spread = sum((w * (loss - mean) ** 2 for loss, w in weighted), Fraction(0)) / n
    return mean, math.sqrt(spread / n)


def choose(estimates: Sequence[tuple[Real, float, int]], rule: SelectionRule = "min") -> int:
    """The index of the candidate the rule picks from (error, standard error, leaves).

    >>> table = [(Fraction(1, 10), 0.05, 9), (Fraction(1, 8), 0.05, 4), (Fraction(1, 5), 0.05, 2)]
    >>> choose(table, "min"), choose(table, "1se")
    (0, 1)
    """
    check_choice("rule", rule, get_args(SelectionRule))
    best = min(range(len(estimates)), key=lambda k: (estimates[k][0], estimates[k][2], k))
    if rule == "min":
        return best
    bound = estimates[best][0] + Fraction(estimates[best][1])
    within = [k for k, (error, _, _) in enumerate(estimates) if error <= bound]
    return min(within, key=lambda k: (estimates[k][2], k))


def cross_validated(
    fit_all: Callable[..., Sequence[Model]],
    data: Dataset,
    parts: Sequence[Fold],
    executor: Executor | None = None,
    *,
    progress: Report | None = None,
    start: float = 0,
    total: float | None = None,
) -> tuple[tuple[Real, float], ...]:
    """Each candidate's (R^CV, SE): ``fit_all`` gives the candidates' models of one fold's
    training rows, in order; their losses on the fold's held-out rows are pooled over
    the folds.  The folds fan out to ``executor`` (see :mod:`dtree.parallel`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import id3
    >>> xor = load("xor")
    >>> cross_validated(lambda rows: [id3(rows, max_depth=0)], xor, folds_of(xor, 2))
    ((Fraction(1, 2), 0.25),)
    """
    held_out = fan_out(
        partial(_held_out, fit_all, data),
        parts,
        executor,
        progress=progress,
        names=[f"fold {done}/{len(parts)}" for done in range(1, len(parts) + 1)],
        start=start,
        total=total,
    )
    count = {len(fold) for fold in held_out}
    if len(count) != 1:
        raise DtreeError("the folds gave different numbers of models")
    pooled: list[Losses] = [[row for fold in held_out for row in fold[k]] for k in range(*count)]
    return tuple(map(mean_and_standard_error, pooled))


def _held_out(
    fit_all: Callable[..., Sequence[Model]],
    data: Dataset,
    fold: Fold,
    *,
    progress: Report | None = None,
) -> tuple[Losses, ...]:
    """The losses of the fold's held-out rows, with their weights, under each model of its
    training rows (``fit_all`` told the progress of its work, if it takes a ``progress``)."""
    if progress is not None and takes_progress(fit_all):
        fit_all = partial(fit_all, progress=progress)
    test = data.subset(fold.test)
    return tuple(_row_losses(model, test) for model in fit_all(data.subset(fold.train)))


def _row_losses(model: Model, data: Dataset) -> Losses:
    """The model's loss on each row of ``data``, with the row's weight."""
    return list(zip(losses(model, data), data.row_weights, strict=True))


def _fit_each(
    learners: Sequence[Fitting], rows: Dataset, *, progress: Report | None = None
) -> tuple[Model, ...]:
    """Each learner's model of the rows, each its share of the progress."""
    n = len(learners)
    return tuple(
        learn_with(learner, part(progress, k, k + 1, n, f"candidate {k + 1}/{n}"))(rows)
        for k, learner in enumerate(learners)
    )


def _leaves(model: Model) -> int:
    """A model's size for the rules: its leaves (an ensemble's, all its trees')."""
    if isinstance(model, Ensemble):
        return sum(map(n_leaves, model.trees))
    return n_leaves(model)


def select(
    candidates: Mapping[str, Fitting] | Sequence[Fitting],
    data: Dataset,
    folds: int | Sequence[Fold] = 10,
    *,
    seed: int = 0,
    rule: SelectionRule = "min",
    progress: Report | None = None,
    executor: Executor | None = None,
) -> Choice:
    """Choose among learners by cross-validation, then learn the chosen one on all of ``data``.

    ``candidates`` are learners (:class:`~dtree.grower.learner.Learner` values, or
    functions from data to a tree or an ensemble) by name, as :func:`grid`
    makes them, or a list of them (named by their position).  ``folds`` is
    k, for stratified folds of classification data made with ``seed``, or
    the folds themselves (see :func:`dtree.resampling.folds_of`); every
    candidate is tested on the same folds.  ``rule`` is ``min`` or ``1se``
    (see the module).  ``progress`` is told each fold and the final models;
    ``executor`` runs the folds in parallel, with exactly the serial result.

    The depth of an ID3 tree on the iris data: 10-fold cross-validation
    finds depths 2 and 3 best, at 3/50, and depth 2 the simpler.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> choice = select(grid(ID3, max_depth=[1, 2, 3, 4]), load("iris"), folds=10)
    >>> [(row.name, row.leaves, str(row.error)) for row in choice.table]
    [('max_depth=1', 2, '1/3'), ('max_depth=2', 3, '3/50'), ('max_depth=3', 5, '3/50'), \
('max_depth=4', 8, '1/15')]
    >>> from attrs import evolve
    >>> from dtree.grower.make_subtree import grow
    >>> choice.name, choice.model == grow(evolve(ID3, max_depth=2), load("iris"))
    ('max_depth=2', True)
    """
    named = _named(candidates)
    learners = tuple(named.values())
    for learner in learners:
        learn_with(learner)  # a bad learner is refused before any work
    n = len(learners)
    parts = folds_of(data, folds, seed=seed)
    units = len(parts) + 1
    estimates = cross_validated(
        partial(_fit_each, learners), data, parts, executor, progress=progress, total=units
    )
    finals = tuple(
        learn_with(
            learner, part(progress, len(parts) + k / n, len(parts) + (k + 1) / n, units, name)
        )(data)
        for k, (name, learner) in enumerate(named.items())
    )
    table = tuple(
        Estimate(name, _leaves(model), error, se)
        for name, model, (error, se) in zip(named, finals, estimates, strict=True)
    )
    k = choose([(row.error, row.standard_error, row.leaves) for row in table], rule)
    return Choice(table[k].name, finals[k], k, table)


def _named(candidates: Mapping[str, Fitting] | Sequence[Fitting]) -> dict[str, Fitting]:
    """The candidates by name: a mapping's own, or a list's positions."""
    if isinstance(candidates, Mapping):
        named = {str(name): learner for name, learner in candidates.items()}
        if len(named) < len(candidates):
            raise DtreeError("two candidates have one name: name each its own way")
    elif isinstance(candidates, list | tuple):
        named = {str(k): learner for k, learner in enumerate(candidates)}
    else:
        raise DtreeError(
            f"candidates are learners by name or a list of them, not {quote(candidates)}"
        )
    if not named:
        raise DtreeError("there is no candidate to choose from")
    return named


# -- a tree of a cost-complexity path -----------------------------------------------------------


@frozen
class PathEstimate:
    """One tree of a cost-complexity path, with its estimated error (a row of rpart's cptable).

    ``risk`` is R(T_k) on the training data; ``error`` the test-sample or
    cross-validated estimate of the Learning with Trees notes, and
    ``standard_error`` its standard error (rpart's ``xerror`` and ``xstd``
    are these divided by the root's risk).
    """

    alpha: Real
    leaves: int
    risk: Real
    error: Real
    standard_error: float


@frozen
class Selection:
    """The tree chosen from a path: ``trees[index]`` of the path, at ``alpha``, and the table."""

    tree: Tree
    alpha: Real
    index: int
    table: tuple[PathEstimate, ...]


def _selection(
    path: CostComplexityPath, estimates: Sequence[tuple[Real, float]], rule: SelectionRule
) -> Selection:
    table = tuple(
        PathEstimate(alpha, leaves, risk, error, se)
        for alpha, leaves, risk, (error, se) in zip(
            path.alphas, path.leaves, path.risks, estimates, strict=True
        )
    )
    k = choose([(row.error, row.standard_error, row.leaves) for row in table], rule)
    return Selection(path.trees[k], path.alphas[k], k, table)


def select_by_holdout(
    path: CostComplexityPath, test: Dataset, *, rule: SelectionRule = "min"
) -> Selection:
    """Choose from a path by the error on an independent test sample.

    ``rule="min"`` takes the least test error (the smaller tree on a tie);
    ``rule="1se"`` the smallest tree within one standard error of it.

    >>> from dtree.datasets import load
    >>> from dtree.grower.presets import cart
    >>> data = load("play-tennis")
    >>> path = cost_complexity_path(cart(data.subset(range(10))))
    >>> chosen = select_by_holdout(path, data.subset(range(10, 14)))
    >>> chosen.index, [str(row.error) for row in chosen.table]
    (3, ['1/4', '1/2', '1/2', '1/4'])
    """
    for tree in path.trees[:1]:
        check_target(tree, test, "test")
    estimates = [mean_and_standard_error(_row_losses(tree, test)) for tree in path.trees]
    return _selection(path, estimates, rule)


def select_by_cv(
    learner: Learning,
    data: Dataset,
    folds: int | Sequence[Fold] = 10,
    *,
    seed: int = 0,
    rule: SelectionRule = "min",
    risk: Risk = "error",
    impurity: Impurity | None = None,
    progress: Report | None = None,
    executor: Executor | None = None,
) -> Selection:
    """Choose from the path of the full tree by V-fold cross-validation (Breiman et al. 1984).

    Grow the full tree on all of ``data`` and take its path, alphas
    a_0 < a_1 < ... < a_M.  Tree k stands for the interval [a_k, a_(k+1)),
    represented by the geometric mean b_k = sqrt(a_k a_(k+1)) (b_M is
    infinite: the root).  For each fold (stratified for classification),
    grow a tree on the other folds, prune it to each b_k, and count its
    losses on the held-out fold; tree k's cross-validated error is the
    mean loss over all rows, with its standard error.  ``folds`` is their
    number or the folds themselves (see :func:`dtree.evaluate.folds_of`);
    ``learner`` a :class:`~dtree.grower.learner.Learner` or any function from data to
    a tree.  ``risk="impurity"`` measures R(t) by ``impurity``, by default
    the learner's own (Gini for a function).  ``progress``, if given, is
    told the work done: the full tree and each fold, grown and then pruned,
    are each one unit of k + 1.  With an ``executor`` (a process pool, a
    Dask cluster's) the folds are grown and pruned in parallel, with exactly
    the serial result (see :mod:`dtree.parallel`).

    This is :func:`dtree.selection.select` with the trees of the path as the
    candidates, each fold's tree pruned to each b_k instead of a tree grown
    for each candidate: the same estimates and rules
    (:func:`dtree.selection.cross_validated`, :func:`dtree.selection.choose`).

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import CART
    >>> chosen = select_by_cv(CART, load("iris"), folds=10, seed=0)
    >>> [(row.leaves, str(row.error)) for row in chosen.table]
    [(9, '3/50'), (7, '4/75'), (4, '3/50'), (3, '3/50'), (2, '1/3'), (1, '2/3')]
    >>> chosen.index, select_by_cv(CART, load("iris"), folds=10, seed=0, rule="1se").index
    (1, 3)
    """
    check_risk(risk)
    if impurity is None:
        impurity = IMPURITIES.get(learner.impurity, gini) if isinstance(learner, Learner) else gini
    learn_with(learner)  # a bad learner is refused before any work
    parts = folds_of(data, folds, seed=seed)
    units = len(parts) + 1
    path = _path_of(learner, data, risk, impurity, part(progress, 0, 1, units, "the full tree"))
    betas = (*(math.sqrt(a * b) for a, b in itertools.pairwise(path.alphas)), math.inf)
    pruned = partial(_pruned_to_each, learner=learner, betas=betas, risk=risk, impurity=impurity)
    estimates = cross_validated(
        pruned, data, parts, executor, progress=progress, start=1, total=units
    )
    return _selection(path, estimates, rule)


def _path_of(
    learner: Learning, rows: Dataset, risk: Risk, impurity: Impurity, progress: Report | None
) -> CostComplexityPath:
    """The path of the tree grown on ``rows``: growing is the first half of the work, pruning
    the second."""
    grown = learn_with(learner, part(progress, 0, 0.5, 1, ""))(rows)
    pruning = part(progress, 0.5, 1, 1, "")
    return cost_complexity_path(grown, risk=risk, impurity=impurity, progress=pruning)


def _pruned_to_each(
    rows: Dataset,
    *,
    learner: Learning,
    betas: Sequence[float],
    risk: Risk,
    impurity: Impurity,
    progress: Report | None = None,
) -> tuple[Tree, ...]:
    """The tree grown on ``rows`` pruned to each beta: one fold's candidates."""
    path = _path_of(learner, rows, risk, impurity, progress)
    return tuple(path.tree_at(beta) for beta in betas)


# -- a depth, by early termination --------------------------------------------------------------


@frozen
class EarlyStopping:
    """The tree chosen by early termination, its depth, and the two error curves by depth."""

    tree: Tree
    depth: int
    training_errors: tuple[Real, ...]
    validation_errors: tuple[Real, ...]


def early_stopping(learner: Learning, train: Dataset, validation: Dataset) -> EarlyStopping:
    """Early termination (CS 536 and Lecture 10 notes): deepen until validation error rises.

    The trees of depth 0, 1, 2, ... are the learner's full tree cut by
    :func:`truncate`.  Training error falls as they deepen; the chosen
    depth is the last before the validation error first rises (the full
    depth if it never does).  Both curves are returned in full, to be
    pictured.

    >>> from dtree.datasets import load
    >>> from dtree.grower.learner import ID3
    >>> data = load("play-tennis")
    >>> stop = early_stopping(ID3, data.subset(range(10)), data.subset(range(10, 14)))
    >>> [str(e) for e in stop.training_errors], [str(e) for e in stop.validation_errors]
    (['2/5', '1/5', '0'], ['1/4', '1/2', '1/4'])
    >>> stop.depth
    0
    """
    grown = learn_with(learner)(train)
    check_target(grown, validation, "validation")
    trees = [truncate(grown, d) for d in range(depth(grown) + 1)]
    training = tuple(error(tree, train) for tree in trees)
    held_out = tuple(error(tree, validation) for tree in trees)
    rise = next((d for d in range(1, len(trees)) if held_out[d] > held_out[d - 1]), len(trees))
    return EarlyStopping(trees[rise - 1], rise - 1, training, held_out)
