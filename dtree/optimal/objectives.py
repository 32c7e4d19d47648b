"""Exact optimal decision trees: the least-error tree of a given depth, the smallest tree, and
cost-complexity's objective solved exactly.

The CS 760 notes ask for "the smallest possible decision tree that accurately classifies the
training set" and answer that finding it is NP-hard (Hyafil & Rivest 1976), so ID3 grows one
greedily.  This module finds it anyway, on data small enough, to show what the heuristic gives
up.  The trees it searches are those of *binary tests*, in dtree's usual order
(:func:`binary_tests`):

- a nominal attribute ``a`` gives one test ``a in {v}`` / ``a not in {v}`` per value ``v`` of
  its domain, in domain order;
- a numeric attribute gives one test ``a <= t`` / ``a > t`` per cut between adjacent distinct
  training values, ascending, ``t`` their :func:`~dtree.grower.midpoints.midpoint`.  Every
  cut, not only Fayyad & Irani's boundary points: those suffice for the best single split,
  not for the best tree (six rows in ``tests/optimal/test_optimal.py`` need a cut between two
  values of one class).

The search is the dynamic program of DL8 (Nijssen & Fromont 2007), DL8.5 (Aglin, Nijssen &
Schaus 2020), MurTree (Demirovic et al. 2022) and STreeD (van der Linden, de Weerdt &
Demirovic 2023).  Write E(S, d, n) for the best tree over the examples S of depth at most d
with at most n leaves.  Then::

    E(S, d, n) = leaf(S)                                              if d = 0 or n = 1
    E(S, d, n) = min( leaf(S),  min over tests t dividing S, n1 + n2 = n, of
                      split(t, E(S_t, d - 1, n1), E(S_not t, d - 1, n2)) )    otherwise

where "best" compares, in order: the cost (the weighted training error, plus ``penalty`` per
leaf for cost-complexity's objective), the number of leaves, and the preorder sequence of the
trees' tests (a leaf before any test, tests by their index).  The order is total, so the optimum
is unique, and it composes: with the test fixed, the best split joins the best subtree on each
side.  Every objective is a selection over E: :func:`least_error`, :func:`smallest`,
:func:`penalized` and :func:`frontier`.


The search itself, over bitsets of the examples with DL8.5's bounds and MurTree's similarity
bound, and the budget of work it counts (:data:`BUDGET`, :class:`BudgetError`), are
:mod:`dtree.optimal.search`'s; every objective here takes its ``budget`` and ``progress``.
:func:`optimum` picks the objective from the limits given, as ``dtree fit --algorithm
optimal`` and :class:`dtree.estimators.OptimalTreeClassifier` do.

Results are ordinary trees with their statistics, so every dtree function applies.
"""

from __future__ import annotations

from dtree.arithmetic import Real, check_at_least_zero, check_count, rational
from dtree.conditions import describe, holds
from dtree.dataset import Attribute, Dataset, Nominal, Schema, Weight
from dtree.errors import DtreeError, quote
from dtree.optimal.search import (
    BUDGET,
    DEPTH_LIMIT,
    LEAF,
    UNITS,
    BudgetError,
    Test,
    binary_tests,
    check_complete,
    search,
)
from dtree.progress import Report
from dtree.tree import Tree

__all__ = [
    "BUDGET",
    "DEPTH_LIMIT",
    "LEAF",
    "UNITS",
    "BudgetError",
    "Test",
    "binarised",
    "binary_tests",
    "frontier",
    "least_error",
    "optimum",
    "penalized",
    "smallest",
]


def binarised(data: Dataset) -> Dataset:
    """The same rows with one nominal attribute per test (:func:`binary_tests`): "1" where its
    ``yes`` condition holds, "0" where not, named by that condition.

    An exact solver that takes a 0/1 matrix sees, in these columns, exactly dtree's tests.

    >>> data = Dataset.from_columns({"x": [1, 2, 4], "y": list("aab")}, target="y")
    >>> binary = binarised(data)
    >>> binary.schema.names, binary.columns
    (('x <= 1.5', 'x <= 3'), (('1', '0', '0'), ('1', '1', '0')))
    """
    found = binary_tests(data)
    check_complete(data)
    attributes = tuple(Attribute(describe(test.yes), Nominal(("0", "1"))) for test in found)
    columns = tuple(
        tuple("1" if holds(test.yes, data.example(row)) else "0" for row in range(len(data.target)))
        for test in found
    )
    schema = Schema(attributes, data.schema.target)
    return Dataset(schema, columns, data.target, data.weights, data.rows)


# --- the objectives --------------------------------------------------------------------------


def least_error(
    data: Dataset,
    max_depth: int,
    *,
    max_leaves: int | None = None,
    budget: int = BUDGET,
    progress: Report | None = None,
) -> Tree:
    """The tree of depth at most ``max_depth`` (and at most ``max_leaves`` leaves) with the
    least weighted training error: E(D, d, n); ties to the fewest leaves, then the first
    preorder of tests.  The search stops with :class:`BudgetError` past ``budget`` units of
    work (:data:`BUDGET`), and tells ``progress`` the share of the budget spent, as every
    function here does.

    Exclusive or is the case greedy growing cannot see: neither test alone gains anything.

    >>> from dtree.render import text
    >>> xor = Dataset.from_columns({"a": list("0011"), "b": list("0101"), "y": list("noon")},
    ...                            target="y")
    >>> print(text(least_error(xor, 2)))
    root [n: 2, o: 2]
    a in {0} [n: 1, o: 1]
    |   b in {0} [n: 1, o: 0]: n
    |   b not in {0} [n: 0, o: 1]: o
    a not in {0} [n: 1, o: 1]
    |   b in {0} [n: 0, o: 1]: o
    |   b not in {0} [n: 1, o: 0]: n
    """
    depth = check_count("max_depth", max_depth, 0)
    if max_leaves is not None:
        check_count("max_leaves", max_leaves, 1)
    solver, root = search(data, 0, budget, progress)
    return solver.done(solver.tree(solver.optimum(root, solver.deepest(depth), max_leaves)))


def smallest(
    data: Dataset,
    *,
    max_errors: Weight = 0,
    max_depth: int | None = None,
    budget: int = BUDGET,
    progress: Report | None = None,
) -> Tree:
    """The tree with the fewest leaves whose weighted training error is at most
    ``max_errors`` (of depth at most ``max_depth``): the least n with E(D, d, n) <= k; ties to
    the least error, then the first preorder of tests.  ``budget`` and ``progress``: as
    :func:`least_error`'s.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> tennis = load("play-tennis")
    >>> n_leaves(smallest(tennis)), n_leaves(smallest(tennis, max_errors=2))
    (5, 3)
    """
    bound = rational(check_at_least_zero("max_errors", max_errors))
    if max_depth is not None:
        check_count("max_depth", max_depth, 0)
    solver, root = search(data, 0, budget, progress)
    floor = (
        solver.floor()
        if max_depth is None
        else solver.optimum(root, solver.deepest(max_depth), None).cost
    )
    if floor > bound:
        deep = "" if max_depth is None else f" of depth <= {max_depth}"
        raise DtreeError(
            f"no tree{deep} has at most {quote(max_errors)} training errors; the least is"
            f" {quote(floor)}"
        )
    leaves = 1
    while True:
        depth = leaves - 1 if max_depth is None else min(max_depth, leaves - 1)
        found = solver.optimum(root, solver.deepest(depth), leaves)
        if found.cost <= bound:
            return solver.done(solver.tree(found))
        leaves += 1


def penalized(
    data: Dataset,
    alpha: Real,
    *,
    max_depth: int | None = None,
    budget: int = BUDGET,
    progress: Report | None = None,
) -> Tree:
    """The tree minimising cost-complexity's R(T) + alpha |T| exactly (R the training error
    rate, as :func:`dtree.prune.cost_complexity` measures it), of depth at most
    ``max_depth``: E(D, d) with a penalty of alpha W per leaf (W the data's weight); ties to
    the fewest leaves, then the first preorder of tests.  ``budget`` and ``progress``: as
    :func:`least_error`'s.

    >>> from fractions import Fraction
    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> tennis = load("play-tennis")
    >>> [n_leaves(penalized(tennis, Fraction(a, 100))) for a in (0, 5, 10, 20)]
    [5, 5, 3, 1]
    """
    check_at_least_zero("alpha", alpha)
    if max_depth is not None:
        check_count("max_depth", max_depth, 0)
    solver, root = search(data, rational(alpha), budget, progress)
    return solver.done(solver.tree(solver.optimum(root, solver.deepest(max_depth), None)))


def frontier(
    data: Dataset,
    max_depth: int,
    *,
    max_leaves: int | None = None,
    budget: int = BUDGET,
    progress: Report | None = None,
) -> tuple[tuple[int, Real], ...]:
    """The least weighted training error of a tree of depth at most ``max_depth`` with at most
    n leaves, (n, E(D, d, n)) for n = 1, 2, ... up to the first n that reaches the least error
    at that depth (or ``max_leaves``).  ``budget`` and ``progress``: as :func:`least_error`'s.

    >>> from dtree.datasets import load
    >>> frontier(load("play-tennis"), 3)
    ((1, 5), (2, 4), (3, 2), (4, 2), (5, 0))
    """
    depth = check_count("max_depth", max_depth, 0)
    if max_leaves is not None:
        check_count("max_leaves", max_leaves, 1)
    solver, root = search(data, 0, budget, progress)
    depth = solver.deepest(depth)
    least = solver.optimum(root, depth, None).cost
    points: list[tuple[int, Real]] = []
    for leaves in range(1, (max_leaves or root.bit_count()) + 1):
        error = solver.optimum(root, depth, leaves).cost
        points.append((leaves, error))
        if error == least:
            break
    return solver.done(tuple(points))


# --- the objective the limits name ---------------------------------------------------------


def optimum(
    data: Dataset,
    *,
    max_depth: int | None = None,
    max_leaves: int | None = None,
    max_errors: Weight | None = None,
    alpha: Real | None = None,
    budget: int = BUDGET,
    progress: Report | None = None,
) -> Tree:
    """The exact tree the limits given ask for, each naming its objective: with
    ``max_errors``, the smallest tree within it (:func:`smallest`); with ``alpha``,
    cost-complexity's optimum (:func:`penalized`); else the least error at ``max_depth``,
    with at most ``max_leaves`` leaves (:func:`least_error`).  ``max_depth`` bounds each;
    ``max_errors`` and ``alpha`` are two objectives, and ``max_leaves`` bounds the least-error
    tree only.  ``budget`` and ``progress``: as :func:`least_error`'s.

    >>> from dtree.datasets import load
    >>> from dtree.tree import n_leaves
    >>> tennis = load("play-tennis")
    >>> n_leaves(optimum(tennis, max_errors=2)), n_leaves(optimum(tennis, max_depth=1))
    (3, 2)
    >>> optimum(tennis)
    Traceback (most recent call last):
    ...
    dtree.errors.DtreeError: the exact search needs max_depth, max_errors or alpha

    See also: :data:`dtree.estimators.OptimalTreeClassifier`, ``dtree fit --algorithm optimal``.
    """
    if max_errors is not None and alpha is not None:
        raise DtreeError(OBJECTIVES)
    if max_leaves is not None and (max_errors is not None or alpha is not None):
        raise DtreeError(LEAVES_BOUND)
    if max_errors is not None:
        return smallest(
            data, max_errors=max_errors, max_depth=max_depth, budget=budget, progress=progress
        )
    if alpha is not None:
        return penalized(data, alpha, max_depth=max_depth, budget=budget, progress=progress)
    if max_depth is None:
        raise DtreeError(NO_OBJECTIVE)
    return least_error(data, max_depth, max_leaves=max_leaves, budget=budget, progress=progress)


OBJECTIVES = "max_errors and alpha are two objectives; give one"
LEAVES_BOUND = "max_leaves bounds the least-error tree of max_depth only"
NO_OBJECTIVE = "the exact search needs max_depth, max_errors or alpha"
""":func:`optimum`'s refusals, whose words the command line turns into its options'."""
