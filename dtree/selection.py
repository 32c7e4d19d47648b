"""Choosing a parameter by cross-validation, then learning on all the data.

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

:func:`dtree.prune.select_by_cv` is this selection where the candidates are
the trees of a cost-complexity path: each fold's tree is pruned to each
candidate's alpha (rather than grown again), by the same estimates and the
same rules (:func:`cross_validated`, :func:`choose`).

Contents: :class:`Estimate`, :class:`Choice`, :func:`grid`, :func:`select`,
:func:`cross_validated`, :func:`mean_and_standard_error`, :func:`choose`,
:data:`SelectionRule`.
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
from dtree.evaluate import Fitting, Fold, folds_of, learn_with, losses
from dtree.grower.learner import Learner
from dtree.parallel import fan_out
from dtree.progress import Report, part, takes_progress
from dtree.tree import n_leaves

__all__ = [
    "Choice",
    "Estimate",
    "SelectionRule",
    "choose",
    "cross_validated",
    "grid",
    "mean_and_standard_error",
    "select",
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
    return tuple(
        list(zip(losses(model, test), test.row_weights, strict=True))
        for model in fit_all(data.subset(fold.train))
    )


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
    the folds themselves (see :func:`dtree.evaluate.folds_of`); every
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
